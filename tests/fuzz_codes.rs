//! Fuzzing the codes a stranger can hand us, past their checksum: invite
//! links and reply codes (src/online/codes.rs, src/online/sdp.rs) and share
//! links (src/share.rs).
//!
//! A random change to a code is caught by its CRC; these tests build codes
//! whose checksum is right (the payload is mutated, then framed again with
//! the real CRC-32 and base64url) so that every case reaches the checks
//! behind it. Nothing may panic; whatever is accepted must be safe to use:
//! an offer or answer expands to SDP whose every line has one of the
//! expected shapes, a shared match replays move by move.
//!
//! Seeded (`ono99::rules::Rng`): a failure names its case and repeats.

use ono99::online::codes::{
    base64url_decode, base64url_encode, crc32, CodeError, Invite, Reply, CODE_VERSION,
};
use ono99::online::sdp::{
    Address, Candidate, CandidateType, CompactSdp, HashAlgorithm, SdpError, SetupRole, TcpType,
};
use ono99::rules::{
    replay, Edition, Format, LoseAt, Match, Negatives, NinetyNine, Played, PointsEnd, Rng, RuleSet,
    Seat,
};
use ono99::share::ShareError;
use std::collections::BTreeMap;
use std::net::{Ipv4Addr, Ipv6Addr};

// ----- real descriptions ------------------------------------------------------

/// Chromium's data-channel offer (as in src/online/sdp.rs's tests).
const CHROMIUM_OFFER: &str = "v=0\r\n\
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

/// Chromium's answer: IPv6, a relay candidate with its related address.
const CHROMIUM_ANSWER: &str = "v=0\r\n\
o=- 7025390215542826413 2 IN IP4 127.0.0.1\r\n\
s=-\r\n\
t=0 0\r\n\
a=group:BUNDLE 0\r\n\
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 0.0.0.0\r\n\
a=candidate:2999745851 1 udp 2122262783 2001:db8::1:5 61021 typ host generation 0 network-id 2\r\n\
a=candidate:1510613869 1 udp 2122194687 10.0.0.12 61022 typ host generation 0 network-id 1\r\n\
a=candidate:2015963220 1 udp 33562367 198.51.100.20 3478 typ relay raddr 10.0.0.12 rport 61022 generation 0\r\n\
a=candidate:2015963221 2 udp 33562366 198.51.100.20 3479 typ relay raddr 10.0.0.12 rport 61023 generation 0\r\n\
a=ice-ufrag:y7Qx\r\n\
a=ice-pwd:kZ3q0v7zJwF1o9M0gRk2hN5b\r\n\
a=fingerprint:sha-256 6B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:F0:A1:58:D0:A1:2C:19:08\r\n\
a=setup:active\r\n\
a=mid:0\r\n";

/// A Firefox-style offer: upper-case transports, hex credentials, the
/// candidates before the credentials, a sha-512 fingerprint.
const FIREFOX_OFFER: &str = "v=0\r\n\
o=mozilla...THIS_IS_SDPARTA-128.0 5518326012944583417 0 IN IP4 0.0.0.0\r\n\
s=-\r\n\
t=0 0\r\n\
a=fingerprint:sha-512 0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9:0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9:0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9:0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9\r\n\
a=group:BUNDLE 0\r\n\
a=ice-options:trickle\r\n\
a=msid-semantic:WMS *\r\n\
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 0.0.0.0\r\n\
a=candidate:0 1 UDP 2122252543 3c9f0b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f.local 49823 typ host\r\n\
a=candidate:2 1 TCP 2105524479 3c9f0b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f.local 9 typ host tcptype active\r\n\
a=candidate:1 1 UDP 1686052863 198.51.100.7 49823 typ srflx raddr 192.168.1.5 rport 5000\r\n\
a=sendrecv\r\n\
a=end-of-candidates\r\n\
a=ice-pwd:7a1c0e9b3f2d4c6a8e0b1d3f5a7c9e1b\r\n\
a=ice-ufrag:4f2a9c1e\r\n\
a=mid:0\r\n\
a=setup:actpass\r\n\
a=sctp-port:5000\r\n\
a=max-message-size:1073741823\r\n";

fn samples() -> Vec<CompactSdp> {
    [CHROMIUM_OFFER, CHROMIUM_ANSWER, FIREFOX_OFFER]
        .iter()
        .map(|sdp| CompactSdp::from_sdp(sdp).expect("a real description compacts"))
        .collect()
}

// ----- what an accepted description must expand to ----------------------------

fn is_ice_chars(text: &str, min: usize) -> bool {
    (min..=256).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
}

fn is_token(text: &str, max: usize) -> bool {
    (1..=max).contains(&text.len())
        && text.bytes().all(|b| {
            matches!(b, 0x21 | 0x23..=0x27 | 0x2a..=0x2b | 0x2d..=0x2e | 0x30..=0x39 | 0x41..=0x5a | 0x5e..=0x7e)
        })
}

fn is_number(text: &str, min: u64, max: u64) -> bool {
    !text.is_empty()
        && text.len() <= 20
        && text.bytes().all(|b| b.is_ascii_digit())
        && text.parse::<u64>().is_ok_and(|n| (min..=max).contains(&n))
}

fn is_address(text: &str) -> bool {
    if text.parse::<Ipv4Addr>().is_ok() || text.parse::<Ipv6Addr>().is_ok() {
        return true;
    }
    let Some(uuid) = text.strip_suffix(".local") else {
        return false;
    };
    uuid.len() == 36
        && uuid.char_indices().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => c == '-',
            _ => matches!(c, '0'..='9' | 'a'..='f'),
        })
}

fn is_candidate(value: &str) -> bool {
    let f: Vec<&str> = value.split(' ').collect();
    let [foundation, "1", transport, priority, address, port, "typ", kind, rest @ ..] =
        f.as_slice()
    else {
        return false;
    };
    let tail_ok = match (*transport, rest) {
        ("udp", ["generation", "0"]) => true,
        ("tcp", ["tcptype", t, "generation", "0"]) => matches!(*t, "active" | "passive" | "so"),
        _ => false,
    };
    tail_ok
        && (1..=32).contains(&foundation.len())
        && is_ice_chars(foundation, 1)
        && is_number(priority, 1, (1 << 31) - 1)
        && is_address(address)
        && is_number(port, 1, 65535)
        && matches!(*kind, "host" | "srflx" | "prflx" | "relay")
}

fn is_fingerprint(value: &str) -> bool {
    let Some((hash, hex)) = value.split_once(' ') else {
        return false;
    };
    let len = match hash {
        "sha-1" => 20,
        "sha-256" => 32,
        "sha-384" => 48,
        "sha-512" => 64,
        _ => return false,
    };
    let bytes: Vec<&str> = hex.split(':').collect();
    bytes.len() == len
        && bytes.iter().all(|b| {
            b.len() == 2
                && b.bytes()
                    .all(|c| c.is_ascii_digit() || (b'A'..=b'F').contains(&c))
        })
}

/// Every line of an expanded description has one of the shapes `to_sdp`
/// writes, with every field in its grammar; no control character anywhere
/// but the CRLF ending each line.
fn assert_sdp_is_well_formed(sdp: &str, what: &str) {
    assert!(sdp.ends_with("\r\n"), "{what}: {sdp:?}");
    let body = &sdp[..sdp.len() - 2];
    for line in body.split("\r\n") {
        assert!(
            !line.chars().any(char::is_control),
            "{what}: control character in {line:?}"
        );
        let ok = match line {
            "v=0"
            | "s=-"
            | "t=0 0"
            | "a=msid-semantic: WMS"
            | "m=application 9 UDP/DTLS/SCTP webrtc-datachannel"
            | "c=IN IP4 0.0.0.0"
            | "a=ice-options:trickle"
            | "a=setup:actpass"
            | "a=setup:active"
            | "a=setup:passive"
            | "a=sctp-port:5000"
            | "a=max-message-size:262144" => true,
            _ => {
                if let Some(v) = line.strip_prefix("o=- ") {
                    v.strip_suffix(" 2 IN IP4 127.0.0.1")
                        .is_some_and(|id| is_number(id, 0, i64::MAX as u64))
                } else if let Some(v) = line.strip_prefix("a=group:BUNDLE ") {
                    is_token(v, 32)
                } else if let Some(v) = line.strip_prefix("a=mid:") {
                    is_token(v, 32)
                } else if let Some(v) = line.strip_prefix("a=ice-ufrag:") {
                    is_ice_chars(v, 4)
                } else if let Some(v) = line.strip_prefix("a=ice-pwd:") {
                    is_ice_chars(v, 22)
                } else if let Some(v) = line.strip_prefix("a=fingerprint:") {
                    is_fingerprint(v)
                } else if let Some(v) = line.strip_prefix("a=candidate:") {
                    is_candidate(v)
                } else {
                    false
                }
            }
        };
        assert!(ok, "{what}: unexpected line {line:?} in\n{sdp}");
    }
}

/// What an accepted description must satisfy: valid, expands to a
/// well-formed SDP text that compacts back to itself, carries no related
/// address.
fn check_accepted(sdp: &CompactSdp, what: &str) {
    assert_eq!(sdp.validate(), Ok(()), "{what}");
    assert!(sdp.candidates.iter().all(|c| c.related.is_none()), "{what}");
    let text = sdp.to_sdp();
    assert_sdp_is_well_formed(&text, what);
    assert_eq!(CompactSdp::from_sdp(&text).as_ref(), Ok(sdp), "{what}");
}

// ----- framing -------------------------------------------------------------------

/// The frame of src/online/codes.rs around a payload: version, kind,
/// length, payload, CRC-32; base64url.
fn frame(kind: u8, payload: &[u8]) -> String {
    let len = 4 + payload.len() + 4;
    let mut bytes = vec![CODE_VERSION, kind];
    bytes.extend_from_slice(&(len.min(usize::from(u16::MAX)) as u16).to_be_bytes());
    bytes.extend_from_slice(payload);
    let crc = crc32(&bytes);
    bytes.extend_from_slice(&crc.to_be_bytes());
    base64url_encode(&bytes)
}

/// The payload of a code the game encoded (checked against its frame).
fn payload(code: &str, kind: u8) -> Vec<u8> {
    let bytes = base64url_decode(code).expect("the game's own code");
    let payload = bytes[4..bytes.len() - 4].to_vec();
    assert_eq!(
        frame(kind, &payload),
        code,
        "the test's frame is the game's"
    );
    payload
}

// ----- mutations -----------------------------------------------------------------

/// Bytes that often mean something here: lengths, flags, address tags,
/// separators an injection would need.
const INTERESTING: [u8; 16] = [
    0, 1, 2, 3, 4, 6, 16, 32, 0x7f, 0x80, 0xff, b'm', b'n', b'\r', b'\n', b' ',
];

fn random_byte(rng: &mut Rng) -> u8 {
    if rng.below(2) == 0 {
        INTERESTING[rng.below(INTERESTING.len())]
    } else {
        rng.next_u64() as u8
    }
}

/// One to four byte-level changes: flip, set, insert, delete, truncate,
/// extend, duplicate a slice.
fn mutate_bytes(rng: &mut Rng, bytes: &mut Vec<u8>) {
    for _ in 0..1 + rng.below(4) {
        let n = bytes.len();
        match rng.below(8) {
            0 | 1 if n > 0 => {
                let i = rng.below(n);
                bytes[i] ^= 1 << rng.below(8);
            }
            2 if n > 0 => {
                let i = rng.below(n);
                bytes[i] = random_byte(rng);
            }
            3 => {
                let i = rng.below(n + 1);
                for _ in 0..1 + rng.below(8) {
                    let b = random_byte(rng);
                    bytes.insert(i, b);
                }
            }
            4 if n > 0 => {
                let i = rng.below(n);
                let end = (i + 1 + rng.below(8)).min(n);
                bytes.drain(i..end);
            }
            5 => bytes.truncate(rng.below(n + 1)),
            6 => {
                for _ in 0..1 + rng.below(40) {
                    let b = random_byte(rng);
                    bytes.push(b);
                }
            }
            _ if n > 0 => {
                let i = rng.below(n);
                let end = (i + 1 + rng.below(16)).min(n);
                let slice = bytes[i..end].to_vec();
                let at = rng.below(n + 1);
                bytes.splice(at..at, slice);
            }
            _ => bytes.push(random_byte(rng)),
        }
    }
}

/// Text a field could hold: mostly near its grammar, often not.
fn random_text(rng: &mut Rng, near: &str) -> String {
    const PIECES: [&str; 14] = [
        "\r\n",
        "\n",
        "\r",
        " ",
        "\t",
        "\0",
        ":",
        "=",
        "a=candidate:1 1 udp 1 1.2.3.4 5 typ host",
        "é",
        "\u{202e}",
        "+",
        "/",
        "-",
    ];
    const ICE: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    match rng.below(5) {
        0 => {
            let mut s = near.to_string();
            let at = (0..=s.len())
                .filter(|&i| s.is_char_boundary(i))
                .nth(rng.below(s.chars().count() + 1))
                .unwrap_or(0);
            s.insert_str(at, PIECES[rng.below(PIECES.len())]);
            s
        }
        1 => near.chars().take(rng.below(near.len() + 1)).collect(),
        2 => (0..rng.below(300))
            .map(|_| char::from(ICE[rng.below(ICE.len())]))
            .collect(),
        3 => (0..rng.below(40))
            .map(|_| char::from(rng.next_u64() as u8 & 0x7f))
            .collect(),
        _ => (0..rng.below(6))
            .map(|_| PIECES[rng.below(PIECES.len())])
            .collect(),
    }
}

fn random_address(rng: &mut Rng) -> Address {
    let mut b = [0u8; 16];
    for x in &mut b {
        *x = rng.next_u64() as u8;
    }
    match rng.below(5) {
        0 => Address::V4(Ipv4Addr::new(b[0], b[1], b[2], b[3])),
        1 => Address::V6(Ipv6Addr::from(b)),
        2 => Address::Mdns(b),
        3 => Address::Name(random_text(rng, "stun.example.org")),
        _ => Address::Name("attacker.example".to_string()),
    }
}

fn random_u32(rng: &mut Rng) -> u32 {
    match rng.below(4) {
        0 => [0, 1, 0x7fff_ffff, 0x8000_0000, u32::MAX][rng.below(5)],
        _ => rng.next_u64() as u32,
    }
}

fn random_candidate(rng: &mut Rng) -> Candidate {
    Candidate {
        foundation: random_u32(rng),
        priority: random_u32(rng),
        tcp: [
            None,
            Some(TcpType::Active),
            Some(TcpType::Passive),
            Some(TcpType::So),
        ][rng.below(4)],
        address: random_address(rng),
        port: [0, 9, 65535, rng.next_u64() as u16][rng.below(4)],
        kind: [
            CandidateType::Host,
            CandidateType::Srflx,
            CandidateType::Prflx,
            CandidateType::Relay,
        ][rng.below(4)],
        related: (rng.below(2) == 0).then(|| (random_address(rng), rng.next_u64() as u16)),
    }
}

/// One to three field-level changes to a real description.
fn mutate_sdp(rng: &mut Rng, sdp: &mut CompactSdp) {
    for _ in 0..1 + rng.below(3) {
        match rng.below(10) {
            0 => sdp.ice_ufrag = random_text(rng, &sdp.ice_ufrag.clone()),
            1 => sdp.ice_pwd = random_text(rng, &sdp.ice_pwd.clone()),
            2 => sdp.mid = random_text(rng, &sdp.mid.clone()),
            3 => {
                sdp.hash = [
                    HashAlgorithm::Sha1,
                    HashAlgorithm::Sha256,
                    HashAlgorithm::Sha384,
                    HashAlgorithm::Sha512,
                ][rng.below(4)];
                let len = rng.below(70);
                sdp.fingerprint = (0..len).map(|_| rng.next_u64() as u8).collect();
            }
            4 => {
                sdp.setup =
                    [SetupRole::ActPass, SetupRole::Active, SetupRole::Passive][rng.below(3)]
            }
            5 | 6 if !sdp.candidates.is_empty() => {
                let i = rng.below(sdp.candidates.len());
                let other = random_candidate(rng);
                let c = &mut sdp.candidates[i];
                match rng.below(7) {
                    0 => c.foundation = other.foundation,
                    1 => c.priority = other.priority,
                    2 => c.tcp = other.tcp,
                    3 => c.address = other.address,
                    4 => c.port = other.port,
                    5 => c.kind = other.kind,
                    _ => c.related = other.related,
                }
            }
            7 => {
                let n = rng.below(20);
                sdp.candidates = (0..n).map(|_| random_candidate(rng)).collect();
            }
            8 => sdp.candidates.truncate(rng.below(sdp.candidates.len() + 1)),
            _ => {
                let c = random_candidate(rng);
                sdp.candidates.push(c);
            }
        }
    }
}

fn random_rules(rng: &mut Rng) -> RuleSet {
    let mut rules = if rng.below(2) == 0 {
        RuleSet::modern()
    } else {
        RuleSet::classic()
    };
    rules.format = [Format::Elimination, Format::Tokens, Format::Points][rng.below(3)];
    rules.negatives = [Negatives::Forbid, Negatives::Allow, Negatives::Floor][rng.below(3)];
    rules.ninety_nine = [
        NinetyNine::Dead,
        NinetyNine::DeadButTens,
        NinetyNine::Sets99,
    ][rng.below(3)];
    rules.lose_at = [LoseAt::Reach99, LoseAt::Exceed99][rng.below(2)];
    rules.four_ono_discard = rules.edition == Edition::Modern && rng.below(2) == 0;
    rules.points_end = [PointsEnd::Knockout, PointsEnd::Lowest][rng.below(2)];
    match rng.below(8) {
        0 => {
            rules.tokens = rng.next_u64() as u8;
            rules.points_limit = rng.next_u64() as u32;
        }
        _ => {
            rules.tokens = 1 + rng.below(9) as u8;
            rules.points_limit = 1 + rng.below(100_000) as u32;
        }
    }
    rules
}

/// Counts of one input kind, printed for the report.
#[derive(Default)]
struct Tally {
    cases: usize,
    accepted: usize,
    refused: BTreeMap<String, usize>,
}

impl Tally {
    fn refuse(&mut self, why: String) {
        *self.refused.entry(why).or_default() += 1;
    }
    fn report(&self, what: &str) {
        let refused: usize = self.refused.values().sum();
        assert_eq!(self.accepted + refused, self.cases);
        eprintln!(
            "{what}: {} cases, {} accepted, {refused} refused {:?}",
            self.cases, self.accepted, self.refused
        );
    }
}

fn code_error_name(e: &CodeError) -> String {
    let debug = format!("{e:?}");
    debug
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_string()
}

const CODE_CASES: usize = 30_000;

#[test]
fn fuzzed_invite_codes_with_right_checksums_are_refused_or_safe() {
    let samples = samples();
    let mut rng = Rng::new(2025_0002);
    let mut tally = Tally::default();
    for case in 0..CODE_CASES {
        let seat_count = 2 + rng.below(7) as u8;
        let mut invite = Invite {
            seat: Seat(rng.below(usize::from(seat_count)) as u8),
            seat_count,
            host_name: ["Ana", "Zoë", "", "a\u{7}b"][rng.below(4)].to_string(),
            rules: random_rules(&mut rng),
            offer: samples[rng.below(samples.len())].clone(),
        };
        let code = match rng.below(10) {
            // Field-level changes, encoded by the game itself.
            0..=3 => {
                mutate_sdp(&mut rng, &mut invite.offer);
                if rng.below(4) == 0 {
                    invite.seat = Seat(rng.next_u64() as u8 % 10);
                    invite.seat_count = rng.next_u64() as u8 % 10;
                    invite.host_name = random_text(&mut rng, "Ana");
                }
                invite.encode()
            }
            // Byte-level changes to a valid payload, framed again.
            4..=7 => {
                if rng.below(2) == 0 {
                    mutate_sdp(&mut rng, &mut invite.offer);
                }
                let mut bytes = payload(&invite.encode(), b'I');
                mutate_bytes(&mut rng, &mut bytes);
                frame(b'I', &bytes)
            }
            // Any bytes at all.
            8 => {
                let bytes: Vec<u8> = (0..rng.below(400)).map(|_| random_byte(&mut rng)).collect();
                frame(b'I', &bytes)
            }
            // Untouched.
            _ => invite.encode(),
        };
        tally.cases += 1;
        match Invite::decode(&code) {
            Ok(got) => {
                tally.accepted += 1;
                let what = format!("invite case {case}");
                check_accepted(&got.offer, &what);
                assert!((2..=8).contains(&got.seat_count) && got.seat.0 < got.seat_count);
                assert!(got.rules.validate().is_ok(), "{what}");
                assert!(!got.host_name.chars().any(char::is_control), "{what}");
                assert_eq!(Invite::decode(&got.encode()).as_ref(), Ok(&got), "{what}");
            }
            Err(e) => tally.refuse(code_error_name(&e)),
        }
    }
    tally.report("invite codes");
    assert!(
        tally.accepted > CODE_CASES / 20,
        "too few accepted to mean much"
    );
}

#[test]
fn fuzzed_reply_codes_with_right_checksums_are_refused_or_safe() {
    let samples = samples();
    let mut rng = Rng::new(2025_0003);
    let mut tally = Tally::default();
    for case in 0..CODE_CASES {
        let mut reply = Reply {
            seat: Seat(rng.below(8) as u8),
            answer: samples[rng.below(samples.len())].clone(),
        };
        let code = match rng.below(10) {
            0..=3 => {
                mutate_sdp(&mut rng, &mut reply.answer);
                if rng.below(8) == 0 {
                    reply.seat = Seat(rng.next_u64() as u8);
                }
                reply.encode()
            }
            4..=7 => {
                if rng.below(2) == 0 {
                    mutate_sdp(&mut rng, &mut reply.answer);
                }
                let mut bytes = payload(&reply.encode(), b'R');
                mutate_bytes(&mut rng, &mut bytes);
                frame(b'R', &bytes)
            }
            8 => {
                let bytes: Vec<u8> = (0..rng.below(400)).map(|_| random_byte(&mut rng)).collect();
                frame(b'R', &bytes)
            }
            _ => reply.encode(),
        };
        tally.cases += 1;
        match Reply::decode(&code) {
            Ok(got) => {
                tally.accepted += 1;
                let what = format!("reply case {case}");
                check_accepted(&got.answer, &what);
                assert!(got.seat.0 < 8, "{what}");
                assert_eq!(Reply::decode(&got.encode()).as_ref(), Ok(&got), "{what}");
            }
            Err(e) => tally.refuse(code_error_name(&e)),
        }
    }
    tally.report("reply codes");
    assert!(
        tally.accepted > CODE_CASES / 20,
        "too few accepted to mean much"
    );
}

#[test]
fn fuzzed_sdp_texts_compact_to_valid_descriptions_or_are_refused() {
    // The browser's own text is not a stranger's, but the compactor must
    // not be the weak link: mutated real SDP texts.
    let texts = [CHROMIUM_OFFER, CHROMIUM_ANSWER, FIREFOX_OFFER];
    let mut rng = Rng::new(2025_0005);
    let mut tally = Tally::default();
    for case in 0..CODE_CASES {
        let mut bytes = texts[rng.below(texts.len())].as_bytes().to_vec();
        mutate_bytes(&mut rng, &mut bytes);
        let text = String::from_utf8_lossy(&bytes);
        tally.cases += 1;
        match CompactSdp::from_sdp(&text) {
            Ok(sdp) => {
                tally.accepted += 1;
                check_accepted(&sdp, &format!("SDP case {case}"));
            }
            Err(e) => tally.refuse(match e {
                SdpError::Missing(what) => format!("Missing {what}"),
                SdpError::Unsupported(what) => format!("Unsupported {what}"),
                SdpError::BadCandidate(_) => "BadCandidate".to_string(),
            }),
        }
    }
    tally.report("SDP texts");
}

// ----- share links ----------------------------------------------------------------

/// A whole match of random legal moves, and its share code.
fn random_shared(rng: &mut Rng) -> (Played, String) {
    let mut rules = random_rules(rng);
    // Short matches keep the fuzzing fast; long ones are the round-trip
    // tests' (tests/share.rs).
    rules.format = [Format::Elimination, Format::Elimination, Format::Tokens][rng.below(3)];
    rules.tokens = 1;
    rules.points_limit = 50 + rng.below(200) as u32;
    let seats = 2 + rng.below(7);
    let seed = rng.next_u64();
    let mut m = Match::new_unlogged(rules, seats, seed).expect("a valid setup");
    let mut actions = Vec::new();
    while let Some(turn) = m.to_act() {
        let legal = m.legal_actions();
        let action = legal[rng.below(legal.len())];
        m.apply_for(turn.seat, action).expect("a legal action");
        actions.push((turn.seat, action));
    }
    let names = (0..seats)
        .map(|i| ["Ana", "Bo", "Zoë ✓", "", "0123456789abcdef"][(i + rng.below(5)) % 5].to_string())
        .collect();
    let shared = Played {
        rules,
        names,
        seed,
        actions,
    };
    let code = shared.encode().expect("a played match encodes");
    (shared, code)
}

fn put_leb(out: &mut Vec<u8>, n: u64) {
    let mut w = ono99::codec::Writer::new();
    w.leb(n);
    out.extend_from_slice(&w.into_bytes());
}

/// A share code's bytes before its CRC, cut where its actions begin.
struct ShareParts {
    /// Version, kind, rules, names, seed.
    head: Vec<u8>,
    count: u64,
    bits: Vec<u8>,
}

fn share_parts(shared: &Played, code: &str) -> ShareParts {
    let bytes = base64url_decode(code).expect("the game's own code");
    let content = &bytes[..bytes.len() - 4];
    // The same match without actions ends with a count of 0 (one byte):
    // everything before it is the head.
    let empty = Played {
        actions: Vec::new(),
        ..shared.clone()
    };
    let empty = base64url_decode(&empty.encode().expect("encodes")).expect("base64url");
    let head_len = empty.len() - 4 - 1;
    let head = content[..head_len].to_vec();
    let mut count_bytes = Vec::new();
    put_leb(&mut count_bytes, shared.actions.len() as u64);
    assert_eq!(
        &content[head_len..head_len + count_bytes.len()],
        &count_bytes[..]
    );
    ShareParts {
        head,
        count: shared.actions.len() as u64,
        bits: content[head_len + count_bytes.len()..].to_vec(),
    }
}

fn share_frame(content: &[u8]) -> String {
    let mut bytes = content.to_vec();
    let crc = crc32(content);
    bytes.extend_from_slice(&crc.to_be_bytes());
    base64url_encode(&bytes)
}

/// An accepted match replays move by move under the engine's own checks,
/// and, when it is over, makes a record that replays to the same winners.
fn check_shared(shared: &Played, what: &str) {
    let mut m = Match::new(shared.rules, shared.names.len(), shared.seed).expect(what);
    for (i, &(seat, action)) in shared.actions.iter().enumerate() {
        let turn = m.to_act().unwrap_or_else(|| panic!("{what}: over at {i}"));
        assert_eq!(turn.seat, seat, "{what}: action {i}");
        assert!(m.legal_actions().contains(&action), "{what}: action {i}");
        m.apply_for(seat, action).expect(what);
    }
    assert!(shared
        .names
        .iter()
        .all(|n| n.len() <= 16 && !n.chars().any(char::is_control)));
    let again = shared.encode().expect(what);
    assert_eq!(Played::decode(&again).as_ref(), Ok(shared), "{what}");
    if m.is_over() {
        let record = shared.to_record().expect(what);
        let replayed = replay(&record).expect(what);
        assert_eq!(
            replayed.outcome().map(|o| o.winners.clone()),
            m.outcome().map(|o| o.winners.clone()),
            "{what}"
        );
    }
}

const SHARE_CASES: usize = 20_000;

#[test]
fn fuzzed_share_links_with_right_checksums_are_refused_or_replay() {
    let mut rng = Rng::new(2025_0004);
    let pool: Vec<(Played, ShareParts)> = (0..48)
        .map(|_| {
            let (shared, code) = random_shared(&mut rng);
            let parts = share_parts(&shared, &code);
            (shared, parts)
        })
        .collect();
    let mut tally = Tally::default();
    let mut whole = 0;
    for case in 0..SHARE_CASES {
        let (shared, parts) = &pool[rng.below(pool.len())];
        let mut head = parts.head.clone();
        let mut count = parts.count;
        let mut bits = parts.bits.clone();
        match rng.below(10) {
            // The moves: flip bits, so other (often legal) moves are chosen.
            0..=3 if !bits.is_empty() => {
                for _ in 0..1 + rng.below(3) {
                    let i = rng.below(bits.len());
                    bits[i] ^= 1 << rng.below(8);
                }
            }
            4 => mutate_bytes(&mut rng, &mut bits),
            // Fewer moves (a match in progress), more, absurdly many.
            5 => {
                count = match rng.below(4) {
                    0 => rng.below(count as usize + 1) as u64,
                    1 => count + 1 + rng.below(20) as u64,
                    2 => rng.next_u64() >> rng.below(64),
                    _ => u64::MAX,
                };
                if rng.below(2) == 0 {
                    mutate_bytes(&mut rng, &mut bits);
                }
            }
            // The head: rules, seat count, names, seed.
            6 | 7 => {
                // Keep the version and kind mostly.
                let mut tail = head.split_off(2);
                mutate_bytes(&mut rng, &mut tail);
                head.extend_from_slice(&tail);
            }
            8 => mutate_bytes(&mut rng, &mut head),
            _ => {}
        }
        let mut content = head;
        put_leb(&mut content, count);
        content.extend_from_slice(&bits);
        let code = share_frame(&content);
        tally.cases += 1;
        match Played::decode(&code) {
            Ok(got) => {
                tally.accepted += 1;
                if got == *shared {
                    whole += 1;
                }
                check_shared(&got, &format!("share case {case}"));
            }
            Err(e) => tally.refuse(
                match e {
                    ShareError::Empty => "Empty",
                    ShareError::TooLong { .. } => "TooLong",
                    ShareError::Damaged => "Damaged",
                    ShareError::UnsupportedVersion(_) => "UnsupportedVersion",
                    ShareError::DoesNotReplay { .. } => "DoesNotReplay",
                    ShareError::Setup(_) => "Setup",
                    ShareError::ProofDoesNotFit => "ProofDoesNotFit",
                }
                .to_string(),
            ),
        }
    }
    tally.report("share links");
    eprintln!("share links: {whole} of the accepted were the original match");
    assert!(
        tally.accepted > SHARE_CASES / 10,
        "too few accepted to mean much"
    );
}
