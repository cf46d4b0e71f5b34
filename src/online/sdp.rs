//! A WebRTC data-channel session description cut down to what connecting
//! needs (ICE credentials, the DTLS fingerprint and role, the media id and
//! the candidates), written as bytes for an invite or reply code, and
//! expanded back into an SDP text a browser accepts.

use std::fmt::Write as _;
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
    /// Keeps what connecting needs from a data-channel offer or answer.
    /// Candidates of other components, candidates a code cannot carry (see
    /// [`CompactSdp::validate`]) and every related address are dropped; at
    /// most [`MAX_CANDIDATES`] are kept.
    ///
    /// # Errors
    /// A missing ICE credential, fingerprint or setup role; an unreadable
    /// fingerprint or candidate; a credential or media id that is not of
    /// the characters and length RFC 8839 and RFC 8866 allow.
    pub fn from_sdp(sdp: &str) -> Result<CompactSdp, SdpError> {
        let mut ufrag = None;
        let mut pwd = None;
        let mut fingerprint = None;
        let mut setup = None;
        let mut mid = None;
        let mut candidates = Vec::new();
        for line in sdp.lines().map(str::trim) {
            let Some(attr) = line.strip_prefix("a=") else {
                continue;
            };
            let (name, value) = attr.split_once(':').unwrap_or((attr, ""));
            match name {
                "ice-ufrag" => ufrag = Some(ice_text(value, MIN_ICE_UFRAG, "ICE user fragment")?),
                "ice-pwd" => pwd = Some(ice_text(value, MIN_ICE_PWD, "ICE password")?),
                "fingerprint" => fingerprint = Some(parse_fingerprint(value)?),
                "setup" => {
                    setup = Some(match value {
                        "actpass" => SetupRole::ActPass,
                        "active" => SetupRole::Active,
                        "passive" => SetupRole::Passive,
                        _ => return Err(SdpError::Unsupported("setup role")),
                    })
                }
                "mid" if mid.is_none() => {
                    let value = value.trim();
                    if !valid_mid(value) {
                        return Err(SdpError::Unsupported("media id"));
                    }
                    mid = Some(value.to_string());
                }
                "candidate" => {
                    if let Some(c) = parse_candidate(value)? {
                        if candidates.len() < MAX_CANDIDATES && valid_candidate(&c) {
                            candidates.push(c);
                        }
                    }
                }
                _ => {}
            }
        }
        let (hash, fingerprint) = fingerprint.ok_or(SdpError::Missing("fingerprint"))?;
        let compact = CompactSdp {
            ice_ufrag: ufrag.ok_or(SdpError::Missing("ICE user fragment"))?,
            ice_pwd: pwd.ok_or(SdpError::Missing("ICE password"))?,
            hash,
            fingerprint,
            setup: setup.ok_or(SdpError::Missing("setup role"))?,
            mid: mid.unwrap_or_else(|| "0".to_string()),
            candidates,
        };
        compact.validate()?;
        Ok(compact)
    }

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

    /// A complete data-channel SDP text (as Chromium writes one) with these
    /// credentials, fingerprint, role and candidates, without related
    /// addresses (optional in RFC 8839's grammar and to browsers).
    ///
    /// Its fields are written as they are: call it on a description that
    /// passes [`CompactSdp::validate`], as every one from
    /// [`CompactSdp::from_sdp`] or a decoded code does.
    pub fn to_sdp(&self) -> String {
        let mut s = String::new();
        // The session id only has to be a number; derive it so equal
        // descriptions expand equally.
        let id = fnv1a(self.ice_ufrag.as_bytes()) & 0x7fff_ffff_ffff_ffff;
        let _ = write!(s, "v=0\r\no=- {id} 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n");
        let _ = write!(s, "a=group:BUNDLE {}\r\na=msid-semantic: WMS\r\n", self.mid);
        s.push_str("m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n");
        for c in &self.candidates {
            let _ = write!(s, "a=candidate:{} 1 ", c.foundation);
            s.push_str(if c.tcp.is_some() { "tcp" } else { "udp" });
            let _ = write!(
                s,
                " {} {} {} typ ",
                c.priority,
                address_text(&c.address),
                c.port
            );
            s.push_str(match c.kind {
                CandidateType::Host => "host",
                CandidateType::Srflx => "srflx",
                CandidateType::Prflx => "prflx",
                CandidateType::Relay => "relay",
            });
            if let Some(t) = c.tcp {
                s.push_str(match t {
                    TcpType::Active => " tcptype active",
                    TcpType::Passive => " tcptype passive",
                    TcpType::So => " tcptype so",
                });
            }
            s.push_str(" generation 0\r\n");
        }
        let _ = write!(
            s,
            "a=ice-ufrag:{}\r\na=ice-pwd:{}\r\na=ice-options:trickle\r\n",
            self.ice_ufrag, self.ice_pwd
        );
        let hex: Vec<String> = self
            .fingerprint
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        let _ = write!(
            s,
            "a=fingerprint:{} {}\r\n",
            self.hash.name(),
            hex.join(":")
        );
        s.push_str(match self.setup {
            SetupRole::ActPass => "a=setup:actpass\r\n",
            SetupRole::Active => "a=setup:active\r\n",
            SetupRole::Passive => "a=setup:passive\r\n",
        });
        let _ = write!(
            s,
            "a=mid:{}\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n",
            self.mid
        );
        s
    }

    /// The bytes of this description inside a code. Related addresses are
    /// left out (the flag that would announce one stays 0).
    pub(super) fn write(&self, out: &mut Vec<u8>) {
        put_text(out, &self.ice_ufrag);
        put_text(out, &self.ice_pwd);
        let hash = HashAlgorithm::ALL
            .iter()
            .position(|&h| h == self.hash)
            .unwrap_or(1) as u8;
        let role = match self.setup {
            SetupRole::ActPass => 0,
            SetupRole::Active => 1,
            SetupRole::Passive => 2,
        };
        out.push((hash << 4) | role);
        let mut digest = self.fingerprint.clone();
        digest.resize(self.hash.digest_len(), 0);
        out.extend_from_slice(&digest);
        put_text(out, &self.mid);
        let count = self.candidates.len().min(MAX_CANDIDATES);
        out.push(count as u8);
        for c in self.candidates.iter().take(count) {
            let kind = match c.kind {
                CandidateType::Host => 0,
                CandidateType::Srflx => 1,
                CandidateType::Prflx => 2,
                CandidateType::Relay => 3,
            };
            let tcp = match c.tcp {
                None => 0,
                Some(TcpType::Active) => 1,
                Some(TcpType::Passive) => 2,
                Some(TcpType::So) => 3,
            };
            out.push(kind | (tcp << 2));
            out.extend_from_slice(&c.foundation.to_be_bytes());
            out.extend_from_slice(&c.priority.to_be_bytes());
            put_address(out, &c.address);
            out.extend_from_slice(&c.port.to_be_bytes());
        }
    }

    /// Reads what [`CompactSdp::write`] wrote; `None` if it does not fit or
    /// fails [`CompactSdp::validate`]. A related address, which earlier
    /// versions wrote, is read and dropped.
    pub(super) fn read(r: &mut Reader<'_>) -> Option<CompactSdp> {
        let ice_ufrag = r.text()?;
        let ice_pwd = r.text()?;
        let flags = r.byte()?;
        let hash = *HashAlgorithm::ALL.get(usize::from(flags >> 4))?;
        let setup = match flags & 0x0f {
            0 => SetupRole::ActPass,
            1 => SetupRole::Active,
            2 => SetupRole::Passive,
            _ => return None,
        };
        let fingerprint = r.bytes(hash.digest_len())?.to_vec();
        let mid = r.text()?;
        let count = usize::from(r.byte()?);
        if count > MAX_CANDIDATES || ice_ufrag.is_empty() || ice_pwd.is_empty() {
            return None;
        }
        let mut candidates = Vec::with_capacity(count);
        for _ in 0..count {
            let flags = r.byte()?;
            if flags >> 5 != 0 {
                return None;
            }
            let kind = match flags & 3 {
                0 => CandidateType::Host,
                1 => CandidateType::Srflx,
                2 => CandidateType::Prflx,
                _ => CandidateType::Relay,
            };
            let tcp = match (flags >> 2) & 3 {
                0 => None,
                1 => Some(TcpType::Active),
                2 => Some(TcpType::Passive),
                _ => Some(TcpType::So),
            };
            let foundation = r.u32()?;
            let priority = r.u32()?;
            let address = read_address(r)?;
            let port = r.u16()?;
            if flags & 0x10 != 0 {
                skip_address(r)?;
                r.u16()?;
            }
            candidates.push(Candidate {
                foundation,
                priority,
                tcp,
                address,
                port,
                kind,
                related: None,
            });
        }
        let compact = CompactSdp {
            ice_ufrag,
            ice_pwd,
            hash,
            fingerprint,
            setup,
            mid,
            candidates,
        };
        compact.validate().ok()?;
        Some(compact)
    }
}

/// A cursor over a code's bytes; every read is checked.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes }
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }
    /// How many bytes are left to read.
    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len()
    }
    pub(crate) fn bytes(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.bytes.len() {
            return None;
        }
        let (head, tail) = self.bytes.split_at(n);
        self.bytes = tail;
        Some(head)
    }
    pub(crate) fn byte(&mut self) -> Option<u8> {
        self.bytes(1)?.first().copied()
    }
    fn u16(&mut self) -> Option<u16> {
        let b = self.bytes(2)?;
        Some(u16::from_be_bytes([*b.first()?, *b.get(1)?]))
    }
    pub(crate) fn u32(&mut self) -> Option<u32> {
        let b: [u8; 4] = self.bytes(4)?.try_into().ok()?;
        Some(u32::from_be_bytes(b))
    }
    /// A length-prefixed UTF-8 text.
    pub(crate) fn text(&mut self) -> Option<String> {
        let n = usize::from(self.byte()?);
        String::from_utf8(self.bytes(n)?.to_vec()).ok()
    }
}

/// Writes a length-prefixed text, cut to 255 bytes at a character.
pub(crate) fn put_text(out: &mut Vec<u8>, text: &str) {
    let mut end = text.len().min(255);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    out.push(end as u8);
    out.extend_from_slice(&text.as_bytes()[..end]);
}

fn put_address(out: &mut Vec<u8>, address: &Address) {
    match address {
        Address::V4(ip) => {
            out.push(4);
            out.extend_from_slice(&ip.octets());
        }
        Address::V6(ip) => {
            out.push(6);
            out.extend_from_slice(&ip.octets());
        }
        Address::Mdns(id) => {
            out.push(b'm');
            out.extend_from_slice(id);
        }
        Address::Name(name) => {
            out.push(b'n');
            put_text(out, name);
        }
    }
}

fn read_address(r: &mut Reader<'_>) -> Option<Address> {
    Some(match r.byte()? {
        4 => {
            let b: [u8; 4] = r.bytes(4)?.try_into().ok()?;
            Address::V4(Ipv4Addr::from(b))
        }
        6 => {
            let b: [u8; 16] = r.bytes(16)?.try_into().ok()?;
            Address::V6(Ipv6Addr::from(b))
        }
        b'm' => Address::Mdns(r.bytes(16)?.try_into().ok()?),
        // A host name (`n`, written by earlier versions) is refused: see
        // [`Address::Name`].
        _ => return None,
    })
}

/// Reads past an address of an earlier version's related address.
fn skip_address(r: &mut Reader<'_>) -> Option<()> {
    match r.byte()? {
        4 => r.bytes(4)?,
        6 | b'm' => r.bytes(16)?,
        b'n' => {
            let n = usize::from(r.byte()?);
            r.bytes(n)?
        }
        _ => return None,
    };
    Some(())
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-' || b == b'_')
}

fn address_text(address: &Address) -> String {
    match address {
        Address::V4(ip) => ip.to_string(),
        Address::V6(ip) => ip.to_string(),
        Address::Mdns(id) => {
            let hex: String = id.iter().map(|b| format!("{b:02x}")).collect();
            format!(
                "{}-{}-{}-{}-{}.local",
                &hex[0..8],
                &hex[8..12],
                &hex[12..16],
                &hex[16..20],
                &hex[20..32]
            )
        }
        Address::Name(name) => name.clone(),
    }
}

fn parse_address(text: &str) -> Option<Address> {
    if let Ok(ip) = text.parse::<Ipv4Addr>() {
        return Some(Address::V4(ip));
    }
    if let Ok(ip) = text
        .trim_matches(|c| c == '[' || c == ']')
        .parse::<Ipv6Addr>()
    {
        return Some(Address::V6(ip));
    }
    if let Some(uuid) = text.strip_suffix(".local") {
        let hex: String = uuid.chars().filter(|&c| c != '-').collect();
        let dashes_ok = uuid.len() == 36
            && uuid
                .char_indices()
                .all(|(i, c)| (c == '-') == matches!(i, 8 | 13 | 18 | 23));
        if dashes_ok
            && hex.len() == 32
            && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        {
            let mut id = [0u8; 16];
            for (i, byte) in id.iter_mut().enumerate() {
                *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
            }
            return Some(Address::Mdns(id));
        }
    }
    (text.len() <= 255 && valid_name(text)).then(|| Address::Name(text.to_string()))
}

/// ice-char (RFC 8839): ALPHA / DIGIT / "+" / "/".
fn is_ice_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'+' || b == b'/'
}

fn ice_text(value: &str, min: usize, what: &'static str) -> Result<String, SdpError> {
    let v = value.trim();
    let ok = (min..=MAX_ICE_TEXT).contains(&v.len()) && v.bytes().all(is_ice_char);
    ok.then(|| v.to_string()).ok_or(SdpError::Unsupported(what))
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

fn parse_fingerprint(value: &str) -> Result<(HashAlgorithm, Vec<u8>), SdpError> {
    let bad = SdpError::Unsupported("fingerprint");
    let (name, hex) = value.trim().split_once(' ').ok_or(bad.clone())?;
    let hash = HashAlgorithm::ALL
        .into_iter()
        .find(|h| h.name().eq_ignore_ascii_case(name))
        .ok_or(bad.clone())?;
    let digest = hex
        .trim()
        .split(':')
        .map(|b| {
            if b.len() == 2 {
                u8::from_str_radix(b, 16).ok()
            } else {
                None
            }
        })
        .collect::<Option<Vec<u8>>>()
        .ok_or(bad.clone())?;
    if digest.len() != hash.digest_len() {
        return Err(bad);
    }
    Ok((hash, digest))
}

/// A candidate of component 1, `None` for other components.
fn parse_candidate(value: &str) -> Result<Option<Candidate>, SdpError> {
    let bad = || SdpError::BadCandidate(value.chars().take(80).collect());
    let fields: Vec<&str> = value.split_whitespace().collect();
    let [foundation, component, transport, priority, address, port, typ, kind, rest @ ..] =
        fields.as_slice()
    else {
        return Err(bad());
    };
    if *component != "1" {
        return Ok(None);
    }
    if *typ != "typ" {
        return Err(bad());
    }
    let foundation = foundation
        .parse::<u32>()
        .unwrap_or_else(|_| fnv1a(foundation.as_bytes()) as u32);
    let tcp_transport = match transport.to_ascii_lowercase().as_str() {
        "udp" => false,
        "tcp" => true,
        _ => return Err(bad()),
    };
    let kind = match *kind {
        "host" => CandidateType::Host,
        "srflx" => CandidateType::Srflx,
        "prflx" => CandidateType::Prflx,
        "relay" => CandidateType::Relay,
        _ => return Err(bad()),
    };
    let mut tcptype = None;
    for pair in rest.chunks(2) {
        match pair {
            ["tcptype", "active"] => tcptype = Some(TcpType::Active),
            ["tcptype", "passive"] => tcptype = Some(TcpType::Passive),
            ["tcptype", "so"] => tcptype = Some(TcpType::So),
            // raddr and rport (never kept: see `Candidate::related`),
            // generation, network-id, network-cost, ufrag...: optional.
            _ => {}
        }
    }
    let tcp = match (tcp_transport, tcptype) {
        (false, _) => None,
        (true, Some(t)) => Some(t),
        (true, None) => Some(TcpType::Passive),
    };
    Ok(Some(Candidate {
        foundation,
        priority: priority.parse().map_err(|_| bad())?,
        tcp,
        address: parse_address(address).ok_or_else(bad)?,
        port: port.parse().map_err(|_| bad())?,
        kind,
        related: None,
    }))
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
pub(crate) mod tests {
    use super::*;

    /// A data-channel offer as Chromium 120 writes it, all candidates gathered.
    pub(crate) const CHROMIUM_OFFER: &str = "v=0\r\n\
o=- 4611731400430051336 2 IN IP4 127.0.0.1\r\n\
s=-\r\n\
t=0 0\r\n\
a=group:BUNDLE 0\r\n\
a=extmap-allow-mixed\r\n\
a=msid-semantic: WMS\r\n\
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 0.0.0.0\r\n\
a=candidate:3637400925 1 udp 2113937151 5f0d3b52-6f1c-4e7a-9d7e-0c1a2b3c4d5e.local 54120 typ host generation 0 network-cost 999\r\n\
a=candidate:842163049 1 udp 1677729535 203.0.113.77 54120 typ srflx raddr 0.0.0.0 rport 0 generation 0 network-cost 999\r\n\
a=candidate:1467250027 1 tcp 1518280447 192.168.1.34 9 typ host tcptype active generation 0 network-id 1\r\n\
a=ice-ufrag:EsAw\r\n\
a=ice-pwd:P2uYro0UCOQ4zxjKXaWCBui1\r\n\
a=ice-options:trickle\r\n\
a=fingerprint:sha-256 D2:FA:0E:C3:22:59:5E:14:95:69:92:3D:13:B4:84:24:2C:C2:A2:C0:3E:FD:34:8E:5E:EA:6F:AF:52:CE:E6:0F\r\n\
a=setup:actpass\r\n\
a=mid:0\r\n\
a=sctp-port:5000\r\n\
a=max-message-size:262144\r\n";

    /// Chromium's answer to it (IPv6 host candidate, a relay candidate).
    pub(crate) const CHROMIUM_ANSWER: &str = "v=0\r\n\
o=- 7025390215542826413 2 IN IP4 127.0.0.1\r\n\
s=-\r\n\
t=0 0\r\n\
a=group:BUNDLE 0\r\n\
a=extmap-allow-mixed\r\n\
a=msid-semantic: WMS\r\n\
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 0.0.0.0\r\n\
a=candidate:2999745851 1 udp 2122262783 2001:db8::1:5 61021 typ host generation 0 network-id 2\r\n\
a=candidate:1510613869 1 udp 2122194687 10.0.0.12 61022 typ host generation 0 network-id 1\r\n\
a=candidate:2015963220 1 udp 33562367 198.51.100.20 3478 typ relay raddr 10.0.0.12 rport 61022 generation 0\r\n\
a=candidate:2015963221 2 udp 33562366 198.51.100.20 3479 typ relay raddr 10.0.0.12 rport 61023 generation 0\r\n\
a=ice-ufrag:y7Qx\r\n\
a=ice-pwd:kZ3q0v7zJwF1o9M0gRk2hN5b\r\n\
a=ice-options:trickle\r\n\
a=fingerprint:sha-256 6B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:F0:A1:58:D0:A1:2C:19:08\r\n\
a=setup:active\r\n\
a=mid:0\r\n\
a=sctp-port:5000\r\n\
a=max-message-size:262144\r\n";

    #[test]
    fn a_chromium_offer_compacts_and_expands_to_the_same_essentials() {
        let c = CompactSdp::from_sdp(CHROMIUM_OFFER).unwrap();
        assert_eq!(c.ice_ufrag, "EsAw");
        assert_eq!(c.setup, SetupRole::ActPass);
        assert_eq!(c.candidates.len(), 3);
        assert!(matches!(c.candidates[0].address, Address::Mdns(_)));
        assert_eq!(c.candidates[2].tcp, Some(TcpType::Active));
        let sdp = c.to_sdp();
        for line in [
            "a=candidate:3637400925 1 udp 2113937151 5f0d3b52-6f1c-4e7a-9d7e-0c1a2b3c4d5e.local 54120 typ host",
            "a=candidate:842163049 1 udp 1677729535 203.0.113.77 54120 typ srflx generation 0\r\n",
            "a=candidate:1467250027 1 tcp 1518280447 192.168.1.34 9 typ host tcptype active",
            "a=ice-ufrag:EsAw\r\n",
            "a=ice-pwd:P2uYro0UCOQ4zxjKXaWCBui1\r\n",
            "a=fingerprint:sha-256 D2:FA:0E:C3:22:59:5E:14:95:69:92:3D:13:B4:84:24:2C:C2:A2:C0:3E:FD:34:8E:5E:EA:6F:AF:52:CE:E6:0F\r\n",
            "a=setup:actpass\r\n",
            "a=mid:0\r\n",
            "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n",
        ] {
            assert!(sdp.contains(line), "missing {line:?} in\n{sdp}");
        }
        assert_eq!(CompactSdp::from_sdp(&sdp), Ok(c.clone()));
        let mut bytes = Vec::new();
        c.write(&mut bytes);
        assert_eq!(CompactSdp::read(&mut Reader::new(&bytes)), Some(c));
    }

    #[test]
    fn an_answer_keeps_component_one_only() {
        let c = CompactSdp::from_sdp(CHROMIUM_ANSWER).unwrap();
        assert_eq!(c.setup, SetupRole::Active);
        assert_eq!(c.candidates.len(), 3);
        assert!(matches!(c.candidates[0].address, Address::V6(_)));
        assert_eq!(CompactSdp::from_sdp(&c.to_sdp()), Ok(c));
    }

    #[test]
    fn f8_compacting_drops_related_addresses() {
        let c = CompactSdp::from_sdp(CHROMIUM_ANSWER).unwrap();
        assert!(c.candidates.iter().all(|c| c.related.is_none()));
        let sdp = c.to_sdp();
        assert!(
            !sdp.contains("raddr") && !sdp.contains("10.0.0.12 rport"),
            "{sdp}"
        );
        // A description built by hand with one does not write it either.
        let mut by_hand = c.clone();
        by_hand.candidates[2].related = Some((Address::V4(Ipv4Addr::new(192, 168, 1, 5)), 5000));
        assert!(!by_hand.to_sdp().contains("raddr"));
        let mut bytes = Vec::new();
        by_hand.write(&mut bytes);
        assert_eq!(CompactSdp::read(&mut Reader::new(&bytes)), Some(c));
    }

    #[test]
    fn f6_credentials_and_media_id_outside_their_grammar_are_refused() {
        for (from, to, what) in [
            (
                "a=ice-ufrag:EsAw",
                "a=ice-ufrag:Es\u{1}Aw",
                "ICE user fragment",
            ),
            ("a=ice-ufrag:EsAw", "a=ice-ufrag:Es-Aw", "ICE user fragment"),
            ("a=ice-ufrag:EsAw", "a=ice-ufrag:EsA", "ICE user fragment"),
            (
                "a=ice-pwd:P2uYro0UCOQ4zxjKXaWCBui1",
                "a=ice-pwd:P2uYro0UCOQ4zxjKXaWC",
                "ICE password",
            ),
            (
                "a=ice-pwd:P2uYro0UCOQ4zxjKXaWCBui1",
                "a=ice-pwd:P2uYro0UCOQ4zxjKXaWCBu\"1",
                "ICE password",
            ),
            ("a=mid:0", "a=mid:0;a", "media id"),
            ("a=mid:0", "a=mid:0 1", "media id"),
        ] {
            assert_eq!(
                CompactSdp::from_sdp(&CHROMIUM_OFFER.replace(from, to)),
                Err(SdpError::Unsupported(what)),
                "{to}"
            );
        }
    }

    #[test]
    fn f6_candidates_a_code_cannot_carry_are_dropped() {
        let sdp = CHROMIUM_OFFER.replace(
            "5f0d3b52-6f1c-4e7a-9d7e-0c1a2b3c4d5e.local 54120",
            "stun.attacker.example 54120",
        );
        let c = CompactSdp::from_sdp(&sdp).unwrap();
        assert_eq!(c.candidates.len(), 2);
        assert!(!c.to_sdp().contains("attacker"));
        let port_zero = CHROMIUM_OFFER.replace("192.168.1.34 9 typ", "192.168.1.34 0 typ");
        assert_eq!(
            CompactSdp::from_sdp(&port_zero).unwrap().candidates.len(),
            2
        );
        let mut c = CompactSdp::from_sdp(CHROMIUM_OFFER).unwrap();
        assert_eq!(c.validate(), Ok(()));
        c.candidates[0].priority = u32::MAX;
        assert_eq!(c.validate(), Err(SdpError::Unsupported("candidate")));
    }

    #[test]
    fn missing_parts_are_named() {
        let no_pwd = CHROMIUM_OFFER.replace("a=ice-pwd:P2uYro0UCOQ4zxjKXaWCBui1\r\n", "");
        assert_eq!(
            CompactSdp::from_sdp(&no_pwd),
            Err(SdpError::Missing("ICE password"))
        );
        let short_fp = CHROMIUM_OFFER.replace("E6:0F", "E6");
        assert_eq!(
            CompactSdp::from_sdp(&short_fp),
            Err(SdpError::Unsupported("fingerprint"))
        );
        assert!(matches!(
            CompactSdp::from_sdp("a=candidate:1 1 udp x\r\n"),
            Err(SdpError::BadCandidate(_))
        ));
    }
}
