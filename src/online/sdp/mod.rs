//! A WebRTC data-channel session description cut down to what connecting
//! needs (ICE credentials, the DTLS fingerprint and role, the media id and
//! the candidates), written as bytes for an invite or reply code, and
//! expanded back into an SDP text a browser accepts.
//!
//! Here: the description ([`CompactSdp`]) and what any of it must be to be
//! written out ([`CompactSdp::validate`]). Beside it, its two forms:
//!
//! - `text.rs`: the SDP text, read from the browser
//!   ([`CompactSdp::from_sdp`]) and written for it ([`CompactSdp::to_sdp`]);
//! - `bytes.rs`: the bytes inside a code (through [`crate::codec`]).

mod bytes;
mod text;

use std::net::{Ipv4Addr, Ipv6Addr};

/// The most bytes of an ICE user fragment or password (RFC 8839 allows
/// 256; a code's length prefix holds 255).
pub const MAX_ICE_TEXT: usize = 255;
/// The fewest characters of an ICE user fragment (RFC 8839 §5.4).
pub const MIN_ICE_UFRAG: usize = 4;
/// The fewest characters of an ICE password (RFC 8839 §5.4).
pub const MIN_ICE_PWD: usize = 22;
/// The most bytes of a media id (a token, RFC 8866; browsers write `0`).
pub const MAX_MID: usize = 32;
/// The most candidates kept (a code is meant to be pasted by hand).
pub const MAX_CANDIDATES: usize = 16;
/// The highest candidate priority (RFC 8445 §5.1.2: 1 to 2^31 − 1).
pub const MAX_PRIORITY: u32 = 0x7fff_ffff;

/// Why an SDP text cannot be compacted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SdpError {
    #[error("the description has no {0}")]
    Missing(&'static str),
    #[error("the description's {0} is not understood")]
    Unsupported(&'static str),
    #[error("candidate line not understood: {0}")]
    BadCandidate(String),
}

/// The DTLS role of `a=setup:`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SetupRole {
    ActPass,
    Active,
    Passive,
}

/// The hash of `a=fingerprint:`, with its digest length.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HashAlgorithm {
    Sha1,
    Sha256,
    Sha384,
    Sha512,
}

impl HashAlgorithm {
    const ALL: [HashAlgorithm; 4] = [
        HashAlgorithm::Sha1,
        HashAlgorithm::Sha256,
        HashAlgorithm::Sha384,
        HashAlgorithm::Sha512,
    ];
    fn name(self) -> &'static str {
        match self {
            HashAlgorithm::Sha1 => "sha-1",
            HashAlgorithm::Sha256 => "sha-256",
            HashAlgorithm::Sha384 => "sha-384",
            HashAlgorithm::Sha512 => "sha-512",
        }
    }
    pub fn digest_len(self) -> usize {
        match self {
            HashAlgorithm::Sha1 => 20,
            HashAlgorithm::Sha256 => 32,
            HashAlgorithm::Sha384 => 48,
            HashAlgorithm::Sha512 => 64,
        }
    }
}

/// A candidate's address: an IP, or an mDNS name hiding a local one.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Address {
    V4(Ipv4Addr),
    V6(Ipv6Addr),
    /// `<uuid>.local`, as Chromium writes host candidates (the 16 bytes).
    Mdns([u8; 16]),
    /// Any other host name: never carried. A browser looks up a name it is
    /// given, so a code naming a server could make a friend's browser reveal
    /// itself to that server's DNS: [`CompactSdp::from_sdp`] drops such
    /// candidates and a code holding one is refused.
    Name(String),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CandidateType {
    Host,
    Srflx,
    Prflx,
    Relay,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TcpType {
    Active,
    Passive,
    So,
}

/// One ICE candidate of component 1 (a data channel needs no other).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Candidate {
    /// Numeric foundation (a non-numeric one is hashed to a number: any
    /// foundation works so long as equal ones stay equal).
    pub foundation: u32,
    pub priority: u32,
    /// `None` for UDP.
    pub tcp: Option<TcpType>,
    pub address: Address,
    pub port: u16,
    pub kind: CandidateType,
    /// Never carried: the related address of a reflexive or relayed
    /// candidate is the host's own address behind it, which an invite link
    /// must not show. [`CompactSdp::from_sdp`] leaves it `None`, a code
    /// never holds it and [`CompactSdp::to_sdp`] never writes it.
    pub related: Option<(Address, u16)>,
}

/// What a data-channel offer or answer needs to connect.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CompactSdp {
    pub ice_ufrag: String,
    pub ice_pwd: String,
    pub hash: HashAlgorithm,
    pub fingerprint: Vec<u8>,
    pub setup: SetupRole,
    pub mid: String,
    pub candidates: Vec<Candidate>,
}

impl CompactSdp {
    /// Checks that every field can be written into an SDP line as it is:
    /// the ICE user fragment (4–255) and password (22–255) of ice-chars
    /// (RFC 8839: letters, digits, `+`, `/`), the media id a token of at
    /// most [`MAX_MID`] bytes (RFC 8866), a fingerprint as long as its
    /// hash's digest, at most [`MAX_CANDIDATES`] candidates, each with a
    /// port from 1, a priority from 1 to [`MAX_PRIORITY`] and an IP or
    /// mDNS address. A related address is not checked: it is never used.
    /// Every description read from a code or compacted passes.
    ///
    /// # Errors
    /// [`SdpError::Unsupported`] naming the first field that fails.
    pub fn validate(&self) -> Result<(), SdpError> {
        let ice = |text: &str, min: usize| {
            (min..=MAX_ICE_TEXT).contains(&text.len()) && text.bytes().all(is_ice_char)
        };
        if !ice(&self.ice_ufrag, MIN_ICE_UFRAG) {
            return Err(SdpError::Unsupported("ICE user fragment"));
        }
        if !ice(&self.ice_pwd, MIN_ICE_PWD) {
            return Err(SdpError::Unsupported("ICE password"));
        }
        if !valid_mid(&self.mid) {
            return Err(SdpError::Unsupported("media id"));
        }
        if self.fingerprint.len() != self.hash.digest_len() {
            return Err(SdpError::Unsupported("fingerprint"));
        }
        if self.candidates.len() > MAX_CANDIDATES {
            return Err(SdpError::Unsupported("number of candidates"));
        }
        if !self.candidates.iter().all(valid_candidate) {
            return Err(SdpError::Unsupported("candidate"));
        }
        Ok(())
    }
}

/// ice-char (RFC 8839): ALPHA / DIGIT / "+" / "/".
fn is_ice_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'+' || b == b'/'
}

/// A media id: a non-empty token (RFC 8866 token-char: visible ASCII but
/// `"` `(` `)` `,` `/` `:` `;` `<` `=` `>` `?` `@` `[` `\` `]`) of at most
/// [`MAX_MID`] bytes.
fn valid_mid(mid: &str) -> bool {
    (1..=MAX_MID).contains(&mid.len())
        && mid.bytes().all(|b| {
            matches!(b, 0x21 | 0x23..=0x27 | 0x2a..=0x2b | 0x2d..=0x2e | 0x30..=0x39 | 0x41..=0x5a | 0x5e..=0x7e)
        })
}

/// A candidate a code may carry: port from 1 (browsers write 9, not 0, for
/// active TCP), priority 1 to 2^31 − 1, an IP or mDNS address.
fn valid_candidate(c: &Candidate) -> bool {
    c.port != 0
        && (1..=MAX_PRIORITY).contains(&c.priority)
        && !matches!(c.address, Address::Name(_))
}

/// FNV-1a, 64 bits.
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
pub(crate) mod tests;
