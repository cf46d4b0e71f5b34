//! Invite links and reply codes: what a host and a guest paste to each other
//! instead of a signalling server (docs/online.md, "Codes").
//!
//! A code is base64url (no padding) of these bytes:
//!
//! | bytes | what |
//! |---|---|
//! | 1 | format version ([`CODE_VERSION`]) |
//! | 1 | kind: `I` invite, `R` reply |
//! | 2 | the whole length in bytes, big-endian (so a cut code says so) |
//! | … | the payload of that kind and version |
//! | 4 | CRC-32 (IEEE) of everything before it, big-endian |
//!
//! The first four bytes and the CRC trailer keep this layout in every
//! version, so any later code is recognised as such rather than as garbage.
//!
//! A right checksum only says the code was not damaged by accident: the
//! content comes from whoever made the link, so every field is checked on
//! reading (the offer or answer by [`CompactSdp::validate`], before any of
//! it reaches the browser's SDP parser).

use super::protocol::clean_name;
use super::sdp::CompactSdp;
use crate::codec::{self, Base64Error, FrameError, Reader, Writer};
pub use crate::codec::{base64url_encode, crc32};
use crate::rules::{RuleSet, Seat};

/// The code format this code writes and reads.
pub const CODE_VERSION: u8 = 1;
/// The longest code accepted, in characters (a link's code part).
pub const MAX_CODE_CHARS: usize = 2048;
/// What comes before the code in an invite link (`crate::routes`).
pub use crate::routes::JOIN_PREFIX;

/// Why a pasted code was not accepted. Nothing is changed by a bad code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    #[error("the code is empty")]
    Empty,
    #[error("the code is {len} characters long, more than a code can be ({max})")]
    TooLong { len: usize, max: usize },
    #[error("character {position} of the code is not part of a code")]
    NotBase64 { position: usize },
    #[error("the code is cut short: copy all of it")]
    Truncated,
    #[error("the code is damaged (its checksum does not match)")]
    BadChecksum,
    #[error("this is {found}, not {expected}")]
    WrongKind { expected: CodeKind, found: CodeKind },
    #[error("the code was made by another version of the game (format {0})")]
    UnsupportedVersion(u8),
    #[error("the code's checksum is right but its content is not")]
    BadPayload,
}

/// The two kinds of code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeKind {
    Invite,
    Reply,
}

impl CodeKind {
    fn byte(self) -> u8 {
        match self {
            CodeKind::Invite => b'I',
            CodeKind::Reply => b'R',
        }
    }
}

impl std::fmt::Display for CodeKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            CodeKind::Invite => "an invite link",
            CodeKind::Reply => "a reply code",
        })
    }
}

/// What an invite link carries: the host's offer, which seat it is for,
/// who invites and to what game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invite {
    pub seat: Seat,
    pub seat_count: u8,
    /// At most [`super::protocol::MAX_NAME_BYTES`] bytes (cut when encoding).
    pub host_name: String,
    pub rules: RuleSet,
    pub offer: CompactSdp,
}

/// What a reply code carries: the guest's answer for its seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub seat: Seat,
    pub answer: CompactSdp,
}

impl Invite {
    /// The code (the part after `#join=`).
    pub fn encode(&self) -> String {
        let mut body = Writer::new();
        body.u8(self.seat.0);
        body.u8(self.seat_count);
        body.text(&clean_name(&self.host_name));
        body.rules(&self.rules);
        put_sdp(&mut body, &self.offer);
        frame(CodeKind::Invite, &body.into_bytes())
    }

    /// Reads an invite from a code or from a whole link holding `#join=`.
    ///
    /// # Errors
    /// [`CodeError`]: empty, too long, not base64url, cut short, damaged, a
    /// reply code, another format version, or content that does not fit
    /// ([`CodeError::BadPayload`]: a field out of range, a host name
    /// [`clean_name`] would change, an offer failing
    /// [`CompactSdp::validate`]).
    pub fn decode(text: &str) -> Result<Invite, CodeError> {
        let text = text.rsplit_once(JOIN_PREFIX).map_or(text, |(_, code)| code);
        let body = unframe(text, CodeKind::Invite)?;
        let mut r = Reader::new(&body);
        let invite = (|| {
            let seat = Seat(r.u8().ok()?);
            let seat_count = r.u8().ok()?;
            let host_name = r.text().ok()?;
            let rules = r.rules().ok()?;
            let offer = read_sdp(&mut r)?;
            let fits = (2..=8).contains(&seat_count)
                && seat.0 < seat_count
                && rules.validate().is_ok()
                && clean_name(&host_name) == host_name;
            fits.then_some(Invite {
                seat,
                seat_count,
                host_name,
                rules,
                offer,
            })
        })();
        match invite {
            Some(invite) if r.is_empty() => Ok(invite),
            _ => Err(CodeError::BadPayload),
        }
    }
}

impl Reply {
    pub fn encode(&self) -> String {
        let mut body = Writer::new();
        body.u8(self.seat.0);
        put_sdp(&mut body, &self.answer);
        frame(CodeKind::Reply, &body.into_bytes())
    }

    /// Reads a reply code.
    ///
    /// # Errors
    /// As [`Invite::decode`] (an invite link pasted here is
    /// [`CodeError::WrongKind`]).
    pub fn decode(text: &str) -> Result<Reply, CodeError> {
        let body = unframe(text, CodeKind::Reply)?;
        let mut r = Reader::new(&body);
        let reply = (|| {
            let seat = Seat(r.u8().ok()?);
            let answer = read_sdp(&mut r)?;
            (seat.0 < 8).then_some(Reply { seat, answer })
        })();
        match reply {
            Some(reply) if r.is_empty() => Ok(reply),
            _ => Err(CodeError::BadPayload),
        }
    }
}

fn frame(kind: CodeKind, body: &[u8]) -> String {
    codec::frame(CODE_VERSION, kind.byte(), body)
}

/// Checks a code's frame and returns its payload.
fn unframe(text: &str, expected: CodeKind) -> Result<Vec<u8>, CodeError> {
    let framed = codec::unframe(text, MAX_CODE_CHARS).map_err(|e| match e {
        FrameError::Empty => CodeError::Empty,
        FrameError::TooLong { len, max } => CodeError::TooLong { len, max },
        FrameError::NotBase64 { position } => CodeError::NotBase64 { position },
        FrameError::Truncated => CodeError::Truncated,
        FrameError::BadChecksum => CodeError::BadChecksum,
    })?;
    if framed.version != CODE_VERSION {
        return Err(CodeError::UnsupportedVersion(framed.version));
    }
    let found = match framed.kind {
        b'I' => CodeKind::Invite,
        b'R' => CodeKind::Reply,
        _ => return Err(CodeError::BadPayload),
    };
    if found != expected {
        return Err(CodeError::WrongKind { expected, found });
    }
    Ok(framed.payload)
}

/// Reads base64url without padding; a trailing `=` padding is tolerated.
///
/// # Errors
/// [`CodeError::NotBase64`] with the position of the first character that
/// is not of the alphabet, or of a last character with stray bits;
/// [`CodeError::Truncated`] for a length no encoding produces.
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, CodeError> {
    codec::base64url_decode(text).map_err(|e| match e {
        Base64Error::NotBase64 { position } => CodeError::NotBase64 { position },
        Base64Error::Truncated => CodeError::Truncated,
    })
}

/// Writes a description in the layout of `online/sdp.rs`.
fn put_sdp(w: &mut Writer, sdp: &CompactSdp) {
    sdp.write(w);
}

/// Reads the description that ends a code: nothing may follow it.
fn read_sdp(r: &mut Reader<'_>) -> Option<CompactSdp> {
    let sdp = CompactSdp::read(r)?;
    r.is_empty().then_some(sdp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_errors_are_code_errors() {
        assert_eq!(base64url_decode("Zm9vYg"), Ok(b"foob".to_vec()));
        assert_eq!(
            base64url_decode("Zh"),
            Err(CodeError::NotBase64 { position: 1 })
        );
        assert_eq!(base64url_decode("Zm9vY"), Err(CodeError::Truncated));
    }
}

#[cfg(test)]
mod code_tests {
    use super::*;
    use crate::online::sdp::tests::{CHROMIUM_ANSWER, CHROMIUM_OFFER};

    fn invite() -> Invite {
        Invite {
            seat: Seat(2),
            seat_count: 4,
            host_name: "Ana".to_string(),
            rules: RuleSet::modern(),
            offer: CompactSdp::from_sdp(CHROMIUM_OFFER).unwrap(),
        }
    }

    #[test]
    fn invite_and_reply_round_trip() {
        let code = invite().encode();
        assert_eq!(Invite::decode(&code), Ok(invite()));
        let link = format!("https://example.org/ono99/{JOIN_PREFIX}{code}");
        assert_eq!(Invite::decode(&link), Ok(invite()));
        let reply = Reply {
            seat: Seat(2),
            answer: CompactSdp::from_sdp(CHROMIUM_ANSWER).unwrap(),
        };
        let wrapped: String = reply
            .encode()
            .chars()
            .enumerate()
            .flat_map(|(i, c)| (i % 40 == 39).then_some('\n').into_iter().chain([c]))
            .collect();
        assert_eq!(Reply::decode(&wrapped), Ok(reply));
    }

    #[test]
    fn bad_codes_get_their_own_errors() {
        let code = invite().encode();
        assert_eq!(Invite::decode(""), Err(CodeError::Empty));
        assert_eq!(Invite::decode(" \n"), Err(CodeError::Empty));
        assert_eq!(
            Invite::decode(&code[..code.len() - 10]),
            Err(CodeError::Truncated)
        );
        assert_eq!(
            Reply::decode(&code),
            Err(CodeError::WrongKind {
                expected: CodeKind::Reply,
                found: CodeKind::Invite
            })
        );
        assert!(matches!(
            Invite::decode("hello, world"),
            Err(CodeError::NotBase64 { position: 5 })
        ));
        let mut garbled: Vec<char> = code.chars().collect();
        garbled[30] = if garbled[30] == 'A' { 'B' } else { 'A' };
        let garbled: String = garbled.into_iter().collect();
        assert_eq!(Invite::decode(&garbled), Err(CodeError::BadChecksum));
        assert!(matches!(
            Invite::decode(&"A".repeat(MAX_CODE_CHARS + 1)),
            Err(CodeError::TooLong { .. })
        ));
        // A later format version: same frame, other version byte.
        let mut bytes = base64url_decode(&code).unwrap();
        bytes[0] = 2;
        let n = bytes.len() - 4;
        let crc = crc32(&bytes[..n]);
        bytes[n..].copy_from_slice(&crc.to_be_bytes());
        assert_eq!(
            Invite::decode(&base64url_encode(&bytes)),
            Err(CodeError::UnsupportedVersion(2))
        );
    }

    /// The code of [`invite`] with its offer changed by hand, as whoever
    /// makes a link can: encoded with the real framing, so the checksum
    /// is right and only the reader's checks stand in the way.
    fn invite_code_with(edit: impl FnOnce(&mut CompactSdp)) -> String {
        let mut i = invite();
        edit(&mut i.offer);
        i.encode()
    }

    fn reply_code_with(edit: impl FnOnce(&mut CompactSdp)) -> String {
        let mut answer = CompactSdp::from_sdp(CHROMIUM_ANSWER).unwrap();
        edit(&mut answer);
        Reply {
            seat: Seat(1),
            answer,
        }
        .encode()
    }

    fn both_refused(edit: impl Fn(&mut CompactSdp)) {
        assert_eq!(
            Invite::decode(&invite_code_with(&edit)),
            Err(CodeError::BadPayload)
        );
        assert_eq!(
            Reply::decode(&reply_code_with(&edit)),
            Err(CodeError::BadPayload)
        );
    }

    const INJECTED: &str = "\r\na=candidate:1 1 udp 2122260223 203.0.113.66 4444 typ host";

    #[test]
    fn f6_ice_ufrag_with_newline_is_refused() {
        both_refused(|o| o.ice_ufrag = format!("EsAw{INJECTED}"));
        both_refused(|o| o.ice_ufrag.push('\n'));
        both_refused(|o| o.ice_ufrag = "EsAw x".into());
        // ice-char only (RFC 8839): letters, digits, + and /.
        both_refused(|o| o.ice_ufrag = "Es-Aw".into());
        // 4 characters at least.
        both_refused(|o| o.ice_ufrag = "EsA".into());
    }

    #[test]
    fn f6_ice_pwd_with_newline_is_refused() {
        both_refused(|o| o.ice_pwd = format!("P2uYro0UCOQ4zxjKXaWCBui1{INJECTED}"));
        both_refused(|o| o.ice_pwd = "P2uYro0UCOQ4zxjKXaWCBu i1".into());
        // 22 characters at least.
        both_refused(|o| o.ice_pwd = "P2uYro0UCOQ4zxjKXaWCB".into());
    }

    #[test]
    fn f6_mid_with_newline_is_refused() {
        both_refused(|o| o.mid = format!("0{INJECTED}"));
        both_refused(|o| o.mid = "0 1".into());
        both_refused(|o| o.mid = String::new());
        both_refused(|o| o.mid = "a".repeat(33));
        // Any RFC 8866 token of up to 32 bytes is a media id.
        let code = invite_code_with(|o| o.mid = "sdparta_0".into());
        let sdp = Invite::decode(&code).unwrap().offer.to_sdp();
        assert!(sdp.contains("\r\na=mid:sdparta_0\r\n"), "{sdp}");
    }

    #[test]
    fn f6_candidate_fields_out_of_range_are_refused() {
        use crate::online::sdp::Address;
        // A host name would make the friend's browser look it up.
        both_refused(|o| o.candidates[0].address = Address::Name("attacker.example".into()));
        both_refused(|o| o.candidates[0].port = 0);
        both_refused(|o| o.candidates[0].priority = 0);
        both_refused(|o| o.candidates[0].priority = 1 << 31);
    }

    #[test]
    fn f6_host_name_with_control_characters_is_refused() {
        // `encode` cleans the name, so write the payload by hand.
        let payload = |name: &[u8]| {
            let mut body = Writer::new();
            body.bytes(&[2, 4, name.len() as u8]);
            body.bytes(name);
            body.rules(&RuleSet::modern());
            put_sdp(&mut body, &invite().offer);
            frame(CodeKind::Invite, &body.into_bytes())
        };
        assert_eq!(Invite::decode(&payload(b"Ana")), Ok(invite()));
        assert_eq!(
            Invite::decode(&payload(b"Ana\r\nBob")),
            Err(CodeError::BadPayload)
        );
        let long = [b'a'; crate::online::protocol::MAX_NAME_BYTES + 1];
        assert_eq!(Invite::decode(&payload(&long)), Err(CodeError::BadPayload));
        // Only names the encoder writes: none with spaces around it.
        assert_eq!(
            Invite::decode(&payload(b" Ana")),
            Err(CodeError::BadPayload)
        );
        let mut spaced = invite();
        spaced.host_name = " \u{7} Ana ".to_string();
        assert_eq!(Invite::decode(&spaced.encode()), Ok(invite()));
    }

    #[test]
    fn f8_related_address_is_not_in_the_invite() {
        let sdp = CHROMIUM_OFFER.replace(
            "typ srflx raddr 0.0.0.0 rport 0",
            "typ srflx raddr 192.168.1.5 rport 5000",
        );
        assert!(sdp.contains("raddr 192.168.1.5 rport 5000"));
        let mut i = invite();
        i.offer = CompactSdp::from_sdp(&sdp).unwrap();
        let code = i.encode();
        let bytes = base64url_decode(&code).unwrap();
        assert!(!bytes.windows(4).any(|w| w == [192, 168, 1, 5]));
        let decoded = Invite::decode(&code).unwrap().offer.to_sdp();
        assert!(!decoded.contains("raddr"), "{decoded}");
        assert!(!decoded.contains("rport"), "{decoded}");
        assert!(!decoded.contains("192.168.1.5"), "{decoded}");
        // The candidate itself is kept.
        assert!(decoded.contains(" 203.0.113.77 54120 typ srflx generation 0\r\n"));
    }

    #[test]
    fn a_related_address_from_an_earlier_version_is_read_and_dropped() {
        // Version 1 codes made before related addresses were left out.
        let i = invite();
        let mut body = Writer::new();
        body.bytes(&[i.seat.0, i.seat_count]);
        body.text(&i.host_name);
        body.rules(&i.rules);
        let mut body = body.into_bytes();
        let mut offer = Writer::new();
        put_sdp(&mut offer, &i.offer);
        let mut offer = offer.into_bytes();
        // The srflx candidate is the second: flags 1, then foundation,
        // priority, address (5 bytes) and port; append its old related part.
        let start = offer.len() - (1 + 4 + 4 + 5 + 2) - (1 + 4 + 4 + 5 + 2);
        let end = start + 1 + 4 + 4 + 5 + 2;
        assert_eq!(offer[start], 1);
        offer[start] |= 0x10;
        let mut old = offer[..end].to_vec();
        old.extend_from_slice(&[4, 192, 168, 1, 5, 0x13, 0x88]);
        old.extend_from_slice(&offer[end..]);
        body.extend_from_slice(&old);
        let decoded = Invite::decode(&frame(CodeKind::Invite, &body)).unwrap();
        assert_eq!(decoded, i);
        assert!(!decoded.offer.to_sdp().contains("raddr"));
    }

    #[test]
    fn a_typical_invite_is_a_few_hundred_characters() {
        let code = invite().encode();
        assert!(code.len() < 260, "{} characters", code.len());
    }
}
