//! Signalling over public relays (src/online/signal, issue 30): the table
//! link, the sealed envelope and its messages, the WebTorrent tracker's
//! JSON, the MQTT packets, the retry policy, the table's door and a friend's knocks.
//!
//! Round trips, every malformed input refused with its own error, the
//! tracker messages checked against what `bittorrent-tracker`'s server
//! reads and writes, and seeded fuzz loops (`ono99::rules::Rng`) over
//! random, cut and flipped input: nothing may panic.

use ono99::codec::{base64url_decode, base64url_encode, crc32, Writer};
use ono99::online::codes::Invite;
use ono99::online::sdp::CompactSdp;
use ono99::online::signal::envelope::{
    additional_data, is_fresh, SeenOffers, ANY_SEAT, MAX_CLOCK_GAP_MS, MAX_ENVELOPE,
    MAX_SEEN_OFFERS,
};
use ono99::online::signal::link::{RelayError, LINK_VERSION, MAX_LINK_CHARS, MAX_RELAYS};
use ono99::online::signal::mqtt::{self, Decoder, MqttError, Packet};
use ono99::online::signal::tracker::{self, Event};
use ono99::online::signal::{
    Backoff, Envelope, EnvelopeError, FriendOffer, HostAnswer, LinkError, MessageKind, Network,
    OfferId, Refused, Relay, RoomId, SeatKey, SeatReply, TableLink, TrackerError, TrackerId,
    TrackerMessage, IV_LEN,
};
use ono99::rules::{Rng, RuleSet, Seat};
use serde_json::{json, Value};

// ----- samples ---------------------------------------------------------------

fn offer_sdp() -> CompactSdp {
    CompactSdp::from_sdp(include_str!("../fixtures/chromium-offer.sdp")).expect("a real offer")
}

fn answer_sdp() -> CompactSdp {
    CompactSdp::from_sdp(include_str!("../fixtures/chromium-answer.sdp")).expect("a real answer")
}

/// Relays as a host would list them: names of the reserved example.org, as
/// long as public ones (the link's length in docs/online.md stays true); no
/// test reaches a relay it did not start.
fn relays() -> Vec<Relay> {
    vec![
        Relay::parse("wss://tracker-1.example.org/ws01").unwrap(),
        Relay::parse("wss://tracker-2.example.org/").unwrap(),
        Relay::parse("mqtt+wss://broker-1.example.org/mq1").unwrap(),
        Relay::parse("mqtt+wss://broker-2.example.org/mqtt/v3").unwrap(),
    ]
}

fn link() -> TableLink {
    TableLink {
        secret: *b"0123456789abcdef",
        relays: relays(),
        host_name: "Ana".to_string(),
        rules: RuleSet::modern(),
    }
}

const ROOM: RoomId = RoomId([7; 16]);
const OFFER_ID: OfferId = OfferId([1, 2, 3, 4, 5, 6, 7, 8]);
const NOW: u64 = 1_790_000_000_000;

fn friend_offer() -> FriendOffer {
    FriendOffer {
        offer_id: OFFER_ID,
        sent_at_ms: NOW,
        name: "Bo".to_string(),
        seat: Some(Seat(2)),
        offer: offer_sdp(),
        proof: None,
    }
}

fn host_answer() -> HostAnswer {
    HostAnswer {
        offer_id: OFFER_ID,
        sent_at_ms: NOW + 40,
        reply: SeatReply::Seated {
            seat: Seat(2),
            answer: answer_sdp(),
        },
    }
}

/// An envelope as the browser would make it; the "ciphertext" here is the
/// plaintext with a fake tag (encryption is WebCrypto's), which is all the
/// layout needs.
fn seal(kind: MessageKind, offer_id: OfferId, plaintext: &[u8]) -> Envelope {
    let mut ciphertext = plaintext.to_vec();
    ciphertext.extend_from_slice(&[0xaa; 16]);
    Envelope {
        kind,
        offer_id,
        iv: [9; IV_LEN],
        ciphertext,
    }
}

/// What the browser's decryption gives back from [`seal`].
fn unseal(envelope: &Envelope) -> &[u8] {
    &envelope.ciphertext[..envelope.ciphertext.len() - 16]
}

fn id(c: char) -> TrackerId {
    TrackerId::parse(&c.to_string().repeat(20), "id").unwrap()
}

/// A table link's code around `body`, with the real frame and CRC.
fn link_code(version: u8, kind: u8, body: &[u8]) -> String {
    let mut w = Writer::new();
    w.u8(version);
    w.u8(kind);
    w.u16_be((body.len() + 8) as u16);
    w.bytes(body);
    let mut bytes = w.into_bytes();
    let crc = crc32(&bytes);
    bytes.extend_from_slice(&crc.to_be_bytes());
    base64url_encode(&bytes)
}

fn link_body(name: &[u8], relays: &[(u8, &str)]) -> Vec<u8> {
    let mut w = Writer::new();
    w.bytes(b"0123456789abcdef");
    w.u8(name.len() as u8);
    w.bytes(name);
    w.rules(&RuleSet::modern());
    w.u8(relays.len() as u8);
    for (network, url) in relays {
        w.u8(*network);
        w.text(url);
    }
    w.into_bytes()
}

// ----- the table link --------------------------------------------------------

#[test]
fn a_table_link_round_trips() {
    let code = link().encode();
    assert_eq!(TableLink::decode(&code), Ok(link()));
    let url = link().url("https://example.org/ono99/?seed=7#lobby");
    assert_eq!(url, format!("https://example.org/ono99/#table={code}"));
    assert_eq!(TableLink::decode(&url), Ok(link()));
    let wrapped: String = code
        .chars()
        .enumerate()
        .flat_map(|(i, c)| (i % 30 == 29).then_some('\n').into_iter().chain([c]))
        .collect();
    assert_eq!(TableLink::decode(&wrapped), Ok(link()));
    assert!(code.len() < 260, "{} characters", code.len());
    // The name is cleaned on the way in.
    let mut spaced = link();
    spaced.host_name = " \u{7}Ana ".to_string();
    assert_eq!(TableLink::decode(&spaced.encode()), Ok(link()));
}

#[test]
fn bad_table_links_get_their_own_errors() {
    let code = link().encode();
    assert_eq!(TableLink::decode(""), Err(LinkError::Empty));
    assert_eq!(TableLink::decode("#table="), Err(LinkError::Empty));
    let bytes = base64url_decode(&code).unwrap();
    assert_eq!(
        TableLink::decode(&base64url_encode(&bytes[..bytes.len() - 6])),
        Err(LinkError::Truncated)
    );
    assert_eq!(
        TableLink::decode("tablelink!"),
        Err(LinkError::NotBase64 { position: 9 })
    );
    assert!(matches!(
        TableLink::decode(&"A".repeat(MAX_LINK_CHARS + 1)),
        Err(LinkError::TooLong { .. })
    ));
    let mut garbled: Vec<char> = code.chars().collect();
    garbled[40] = if garbled[40] == 'A' { 'B' } else { 'A' };
    let garbled: String = garbled.into_iter().collect();
    assert_eq!(TableLink::decode(&garbled), Err(LinkError::BadChecksum));
    let invite = Invite {
        seat: Seat(1),
        seat_count: 4,
        host_name: "Ana".into(),
        rules: RuleSet::modern(),
        offer: offer_sdp(),
    };
    assert_eq!(
        TableLink::decode(&invite.encode()),
        Err(LinkError::WrongKind)
    );
    let good = link_body(b"Ana", &[(0, "wss://127.0.0.1:9")]);
    assert!(TableLink::decode(&link_code(LINK_VERSION, b'T', &good)).is_ok());
    assert_eq!(
        TableLink::decode(&link_code(2, b'T', &good)),
        Err(LinkError::UnsupportedVersion(2))
    );
    let refused = |body: Vec<u8>| {
        assert_eq!(
            TableLink::decode(&link_code(LINK_VERSION, b'T', &body)),
            Err(LinkError::BadPayload)
        );
    };
    refused(link_body(b"Ana", &[]));
    refused(link_body(
        b"Ana",
        &[(0, "wss://127.0.0.1:9"); MAX_RELAYS + 1],
    ));
    refused(link_body(b"Ana", &[(2, "wss://127.0.0.1:9")]));
    refused(link_body(b"Ana", &[(0, "https://127.0.0.1:9")]));
    refused(link_body(b"Ana", &[(0, "wss://127.0.0.1:9/a b")]));
    refused(link_body(b"Ana", &[(1, "mqtt+wss://127.0.0.1:9")]));
    refused(link_body(b"Ana\r\nBo", &[(0, "wss://127.0.0.1:9")]));
    refused(link_body(b" Ana", &[(0, "wss://127.0.0.1:9")]));
    let mut extra = good.clone();
    extra.push(0);
    refused(extra);
    refused(good[..good.len() - 3].to_vec());
}

#[test]
fn relay_lines_name_their_network() {
    let tracker = Relay::parse("  wss://tracker.example/announce ").unwrap();
    assert_eq!(tracker.network, Network::Tracker);
    assert_eq!(tracker.url, "wss://tracker.example/announce");
    let broker = Relay::parse("mqtt+wss://broker.example:8084/mqtt").unwrap();
    assert_eq!(broker.network, Network::Mqtt);
    assert_eq!(broker.url, "wss://broker.example:8084/mqtt");
    assert_eq!(Relay::parse(&broker.line()), Ok(broker.clone()));
    assert!(Relay::parse("ws://127.0.0.1:8000").is_ok());
    assert_eq!(
        Relay::parse("https://x.example"),
        Err(RelayError::NotWebSocket)
    );
    assert_eq!(
        Relay::parse("mqtt+mqtt://x.example"),
        Err(RelayError::NotWebSocket)
    );
    assert_eq!(
        Relay::parse("wss://x.exa mple"),
        Err(RelayError::BadCharacter)
    );
    assert_eq!(
        Relay::parse("wss://ü.example"),
        Err(RelayError::BadCharacter)
    );
    assert_eq!(Relay::parse("wss:///path"), Err(RelayError::NoHost));
    assert_eq!(Relay::parse("wss://:80"), Err(RelayError::NoHost));
    assert_eq!(
        Relay::parse("wss://user@x.example"),
        Err(RelayError::NoHost)
    );
    assert!(matches!(
        Relay::parse(&format!("wss://{}", "a".repeat(200))),
        Err(RelayError::TooLong { .. })
    ));
    let list = "wss://a.example\n\n  mqtt+wss://b.example/mqtt\n";
    assert_eq!(
        Relay::parse_list(list).map(|r| r.len()),
        Ok(2),
        "blank lines skipped"
    );
    assert_eq!(Relay::parse_list(""), Ok(vec![]));
    assert_eq!(
        Relay::parse_list("wss://a.example\nftp://b"),
        Err((2, RelayError::NotWebSocket))
    );
    let many = "wss://a.example\n".repeat(MAX_RELAYS + 1);
    assert_eq!(
        Relay::parse_list(&many),
        Err((MAX_RELAYS + 1, RelayError::TooMany { max: MAX_RELAYS }))
    );
}

// ----- the envelope and its messages -----------------------------------------

/// A watcher's answer reads as it did before issue 37 typed it: on the
/// wire a seat's answer naming seat 0 (the host's, never a friend's), so
/// watchers' pages of either build read either host's.
#[test]
fn a_watchers_answer_keeps_the_bytes_of_seat_zero() {
    let watching = HostAnswer {
        reply: SeatReply::Watching {
            answer: answer_sdp(),
        },
        ..host_answer()
    };
    let bytes = watching.plaintext();
    // Sent at (8 bytes), a seat's answer (0), seat 0, the answer.
    assert_eq!(&bytes[8..10], &[0, 0]);
    let mut as_seat = host_answer().plaintext();
    as_seat[9] = 0;
    assert_eq!(bytes, as_seat, "the bytes builds before issue 37 sent");
    let sealed = seal(MessageKind::Answer, OFFER_ID, &bytes);
    assert_eq!(HostAnswer::read(&sealed, unseal(&sealed)), Ok(watching));
    // A seat past a table's is no answer at all.
    let mut far = bytes.clone();
    far[9] = 8;
    let sealed = seal(MessageKind::Answer, OFFER_ID, &far);
    assert!(HostAnswer::read(&sealed, unseal(&sealed)).is_err());
}

#[test]
fn envelopes_and_messages_round_trip() {
    let offer = friend_offer();
    let sealed = seal(MessageKind::Offer, offer.offer_id, &offer.plaintext());
    let text = sealed.to_text();
    let read = Envelope::from_text(&text).unwrap();
    assert_eq!(read, sealed);
    assert_eq!(Envelope::from_bytes(&sealed.to_bytes()), Ok(sealed.clone()));
    assert_eq!(FriendOffer::read(&read, unseal(&read)), Ok(offer.clone()));
    // Under 600 characters: a tracker message stays small.
    assert!(text.len() < 600, "{} characters", text.len());

    let any = FriendOffer {
        seat: None,
        ..offer.clone()
    };
    let sealed_any = seal(MessageKind::Offer, any.offer_id, &any.plaintext());
    assert_eq!(any.plaintext()[8 + 1 + 2], ANY_SEAT);
    assert_eq!(FriendOffer::read(&sealed_any, unseal(&sealed_any)), Ok(any));

    // A holder's offer carries the proof of its seat's key (issue 36);
    // one cut short, or with a byte too many, does not read.
    let held = FriendOffer {
        proof: Some(SeatKey([5; 16]).proof(&offer.offer_id, &offer.offer)),
        ..offer.clone()
    };
    let sealed_held = seal(MessageKind::Offer, held.offer_id, &held.plaintext());
    assert_eq!(
        FriendOffer::read(&sealed_held, unseal(&sealed_held)),
        Ok(held.clone())
    );
    let mut plain = held.plaintext();
    for change in [-1i32, 1] {
        let mut bad = plain.clone();
        if change < 0 {
            bad.pop();
        } else {
            bad.push(0);
        }
        let sealed_bad = seal(MessageKind::Offer, held.offer_id, &bad);
        assert_eq!(
            FriendOffer::read(&sealed_bad, unseal(&sealed_bad)),
            Err(EnvelopeError::BadPayload)
        );
    }
    plain.truncate(offer.plaintext().len());
    let sealed_plain = seal(MessageKind::Offer, held.offer_id, &plain);
    assert_eq!(
        FriendOffer::read(&sealed_plain, unseal(&sealed_plain)),
        Ok(offer.clone())
    );

    let mut replies = vec![host_answer().reply];
    replies
        .extend([Refused::TableFull, Refused::Locked, Refused::NameTaken].map(SeatReply::Refused));
    replies.push(SeatReply::Refused(Refused::Kept {
        seat: Seat(3),
        name: "Leo Ruiz".into(),
    }));
    replies.push(SeatReply::Asked {
        seat: Seat(1),
        name: "Leo".into(),
    });
    for reply in replies {
        let answer = HostAnswer {
            reply,
            ..host_answer()
        };
        let sealed = seal(MessageKind::Answer, OFFER_ID, &answer.plaintext());
        let read = Envelope::from_text(&sealed.to_text()).unwrap();
        assert_eq!(HostAnswer::read(&read, unseal(&read)), Ok(answer));
    }
}

#[test]
fn the_additional_data_binds_room_kind_and_offer() {
    let ad = additional_data(&ROOM, MessageKind::Offer, &OFFER_ID);
    let mut expected = ROOM.0.to_vec();
    expected.extend_from_slice(&[1, b'O', 1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(ad, expected);
    assert_eq!(friend_offer().additional_data(&ROOM), ad);
    let sealed = seal(MessageKind::Offer, OFFER_ID, &[]);
    assert_eq!(sealed.additional_data(&ROOM), ad);
    assert_eq!(&sealed.to_bytes()[..10], &ad[16..]);
    assert_ne!(host_answer().additional_data(&ROOM), ad);
    assert_ne!(
        additional_data(&RoomId([8; 16]), MessageKind::Offer, &OFFER_ID),
        ad
    );
    assert_ne!(
        additional_data(&ROOM, MessageKind::Offer, &OfferId([0; 8])),
        ad
    );
}

#[test]
fn bad_envelopes_and_messages_are_refused() {
    let sealed = seal(MessageKind::Offer, OFFER_ID, &friend_offer().plaintext());
    let bytes = sealed.to_bytes();
    assert_eq!(
        Envelope::from_bytes(&bytes[..10 + 12 + 15]),
        Err(EnvelopeError::Truncated)
    );
    assert!(Envelope::from_bytes(&bytes[..10 + 12 + 16]).is_ok());
    let mut other = bytes.clone();
    other[0] = 2;
    assert_eq!(
        Envelope::from_bytes(&other),
        Err(EnvelopeError::UnsupportedVersion(2))
    );
    other[0] = 1;
    other[1] = b'X';
    assert_eq!(
        Envelope::from_bytes(&other),
        Err(EnvelopeError::UnknownKind(b'X'))
    );
    assert!(matches!(
        Envelope::from_bytes(&vec![1; MAX_ENVELOPE + 1]),
        Err(EnvelopeError::TooLong { .. })
    ));
    assert_eq!(
        Envelope::from_text("not base64!"),
        Err(EnvelopeError::NotBase64 { position: 3 })
    );
    assert_eq!(
        HostAnswer::read(&sealed, unseal(&sealed)),
        Err(EnvelopeError::WrongKind {
            expected: MessageKind::Answer,
            found: MessageKind::Offer
        })
    );
    // Plaintexts that decrypted but do not fit.
    let offer_refused = |plaintext: &[u8]| {
        let e = seal(MessageKind::Offer, OFFER_ID, plaintext);
        assert_eq!(
            FriendOffer::read(&e, plaintext),
            Err(EnvelopeError::BadPayload)
        );
    };
    let good = friend_offer().plaintext();
    offer_refused(&[]);
    offer_refused(&good[..good.len() - 1]);
    offer_refused(&[good.as_slice(), &[0]].concat());
    let mut seat = good.clone();
    seat[8 + 1 + 2] = 8;
    offer_refused(&seat);
    let mut name = good.clone();
    name[9] = b'\n';
    offer_refused(&name);
    let answer = host_answer().plaintext();
    let answer_refused = |plaintext: &[u8]| {
        let e = seal(MessageKind::Answer, OFFER_ID, plaintext);
        assert_eq!(
            HostAnswer::read(&e, plaintext),
            Err(EnvelopeError::BadPayload)
        );
    };
    answer_refused(&answer[..answer.len() - 2]);
    let mut reason = answer.clone();
    reason[8] = 4;
    answer_refused(&reason[..9]);
    let mut seat = answer.clone();
    seat[9] = 8;
    answer_refused(&seat);
    answer_refused(&[0, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
}

#[test]
fn a_host_takes_each_fresh_offer_once() {
    let mut seen = SeenOffers::new();
    let offer = friend_offer();
    assert!(seen.admit(&offer, NOW + 1_000));
    assert!(!seen.admit(&offer, NOW + 2_000), "a replay");
    assert_eq!(seen.len(), 1);
    let stale = FriendOffer {
        offer_id: OfferId([9; 8]),
        sent_at_ms: NOW - MAX_CLOCK_GAP_MS - 1,
        ..friend_offer()
    };
    assert!(!seen.admit(&stale, NOW));
    assert!(
        !is_fresh(NOW + MAX_CLOCK_GAP_MS + 1, NOW),
        "from the future"
    );
    assert!(is_fresh(NOW + MAX_CLOCK_GAP_MS, NOW));
    // Once the first is too old to come back, it is forgotten.
    let later = FriendOffer {
        offer_id: OfferId([3; 8]),
        sent_at_ms: NOW + MAX_CLOCK_GAP_MS + 10,
        ..friend_offer()
    };
    assert!(seen.admit(&later, later.sent_at_ms));
    assert_eq!(seen.len(), 1);
    // A flood fills the list, then is refused; nothing else changes.
    let mut seen = SeenOffers::new();
    for i in 0..MAX_SEEN_OFFERS as u64 + 10 {
        let o = FriendOffer {
            offer_id: OfferId(i.to_be_bytes()),
            ..friend_offer()
        };
        assert_eq!(seen.admit(&o, NOW), i < MAX_SEEN_OFFERS as u64);
    }
    assert_eq!(seen.len(), MAX_SEEN_OFFERS);
}

/// The worked example in `vector.txt` (made with Python's `cryptography`:
/// HKDF-SHA256 and AES-256-GCM, independent of this code), for the
/// browser's WebCrypto code to reproduce. Natively, everything but the
/// cryptography is checked: the info hash, the additional data, the
/// envelopes' layout, and the plaintexts they carry.
#[test]
fn the_worked_example_matches_this_code() {
    let text = include_str!("vector.txt");
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix('='))
            .unwrap_or_else(|| panic!("{name} in vector.txt"))
    };
    let bytes = |name: &str| {
        let hex = field(name);
        (0..hex.len() / 2)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
            .collect::<Vec<u8>>()
    };
    assert_eq!(bytes("secret"), (0..16).collect::<Vec<u8>>());
    let room = RoomId(bytes("room_id").try_into().unwrap());
    assert_eq!(bytes("key").len(), ono99::online::signal::KEY_LEN);
    assert_eq!(room.info_hash().as_str(), field("info_hash"));
    let offer = Envelope::from_text(field("offer_envelope")).unwrap();
    assert_eq!(offer.kind, MessageKind::Offer);
    assert_eq!(offer.offer_id, OFFER_ID);
    assert_eq!(offer.iv, *b"defghijklmno");
    assert_eq!(offer.additional_data(&room), bytes("offer_additional_data"));
    let plaintext = bytes("offer_plaintext");
    assert_eq!(offer.ciphertext.len(), plaintext.len() + 16);
    assert_eq!(FriendOffer::read(&offer, &plaintext), Ok(friend_offer()));
    assert_eq!(friend_offer().plaintext(), plaintext);
    let answer = Envelope::from_text(field("answer_envelope")).unwrap();
    assert_eq!(answer.kind, MessageKind::Answer);
    assert_eq!(
        answer.additional_data(&room),
        bytes("answer_additional_data")
    );
    let plaintext = bytes("answer_plaintext");
    assert_eq!(answer.ciphertext.len(), plaintext.len() + 16);
    assert_eq!(HostAnswer::read(&answer, &plaintext), Ok(host_answer()));
    assert_eq!(host_answer().plaintext(), plaintext);
}

mod carry;
mod door;
mod fuzz;
mod knock;
mod mqtt_packets;
mod relay;
mod stream;
mod tracker_wire;

#[test]
fn a_damaged_relay_list_keeps_the_lines_that_are_relays() {
    let text =
        "wss://a.example.org\nnot a relay\n\nmqtt+wss://b.example.org/mqtt\nhttp://c.example.org";
    assert!(Relay::parse_list(text).is_err());
    let kept = Relay::parse_lenient(text);
    assert_eq!(
        kept.iter().map(Relay::line).collect::<Vec<_>>(),
        ["wss://a.example.org", "mqtt+wss://b.example.org/mqtt"]
    );
    let many: String = (0..12)
        .map(|i| format!("wss://t{i}.example.org\n"))
        .collect();
    assert_eq!(Relay::parse_lenient(&many).len(), MAX_RELAYS);
    assert!(Relay::parse_lenient("").is_empty());
}

#[test]
fn an_answer_goes_back_on_every_relay_that_carried_its_offer() {
    use ono99::online::signal::replies::{Replies, MAX_KEPT};
    let mut replies: Replies<usize> = Replies::new();
    let answer = seal(MessageKind::Answer, OFFER_ID, &host_answer().plaintext());
    // The offer comes by relay 0, then 2 before the answer is sealed.
    assert_eq!(replies.heard(OFFER_ID, 0), None);
    assert_eq!(replies.heard(OFFER_ID, 2), None);
    assert_eq!(replies.heard(OFFER_ID, 0), None);
    assert_eq!(replies.sealed(OFFER_ID, answer.clone()), vec![0, 2]);
    // By relay 1 after: the same answer at once; by relay 1 or 0 again
    // (a relay's replay): nothing.
    assert_eq!(replies.heard(OFFER_ID, 1), Some(answer.clone()));
    assert_eq!(replies.heard(OFFER_ID, 1), None);
    assert_eq!(replies.heard(OFFER_ID, 0), None);
    // Another offer is its own; an offer forgotten gets nothing.
    assert_eq!(
        replies.sealed(OfferId([9; 8]), answer.clone()),
        Vec::<usize>::new()
    );
    for i in 0..MAX_KEPT as u64 {
        replies.heard(OfferId(i.to_be_bytes()), 0);
    }
    assert_eq!(replies.sealed(OFFER_ID, answer), Vec::<usize>::new());
}
