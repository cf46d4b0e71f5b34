//! Seeded fuzzing: random, cut and flipped input to every reader of
//! src/online/signal. Nothing may panic; what is accepted reads back the same.

use super::mqtt_packets::packets;
use super::*;

/// A copy of `bytes` cut, flipped, with bytes added or dropped.
fn mutate(rng: &mut Rng, bytes: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(5) {
            0 => out.truncate(at),
            1 if at < out.len() => out[at] ^= 1 << rng.below(8),
            2 if at < out.len() => out[at] = rng.next_u64() as u8,
            3 => out.insert(at, rng.next_u64() as u8),
            _ if at < out.len() => {
                out.remove(at);
            }
            _ => {}
        }
    }
    out
}

fn random_bytes(rng: &mut Rng, max: usize) -> Vec<u8> {
    (0..rng.below(max + 1))
        .map(|_| rng.next_u64() as u8)
        .collect()
}

#[test]
fn fuzz_table_links() {
    let mut rng = Rng::new(0x5167_0001);
    let code = link().encode();
    let body = base64url_decode(&code).unwrap();
    let body = &body[4..body.len() - 4];
    let mut accepted = 0;
    for case in 0..4000 {
        let text = match case % 4 {
            // The payload changed, framed again with a right checksum.
            0 | 1 => link_code(LINK_VERSION, b'T', &mutate(&mut rng, body)),
            2 => String::from_utf8_lossy(&mutate(&mut rng, code.as_bytes())).into_owned(),
            _ => base64url_encode(&random_bytes(&mut rng, 120)),
        };
        if let Ok(link) = TableLink::decode(&text) {
            accepted += 1;
            assert_eq!(
                TableLink::decode(&link.encode()),
                Ok(link.clone()),
                "case {case}"
            );
            assert!(!link.relays.is_empty() && link.relays.len() <= MAX_RELAYS);
        }
    }
    assert!(accepted > 0, "some mutations keep a valid link");
}

#[test]
fn fuzz_envelopes_and_messages() {
    let mut rng = Rng::new(0x5167_0002);
    let offer = friend_offer().plaintext();
    let answer = host_answer().plaintext();
    let envelope = seal(MessageKind::Offer, OFFER_ID, &offer).to_bytes();
    for case in 0..6000 {
        let bytes = match case % 3 {
            0 => mutate(&mut rng, &envelope),
            1 => random_bytes(&mut rng, 200),
            _ => {
                let mut b = envelope.clone();
                b.extend(random_bytes(&mut rng, 1200));
                b
            }
        };
        let _ = Envelope::from_bytes(&bytes);
        let text = String::from_utf8_lossy(&mutate(&mut rng, base64url_encode(&bytes).as_bytes()))
            .into_owned();
        let _ = Envelope::from_text(&text);
        let kind = if case % 2 == 0 {
            MessageKind::Offer
        } else {
            MessageKind::Answer
        };
        let plaintext = match case % 4 {
            0 => mutate(&mut rng, &offer),
            1 => mutate(&mut rng, &answer),
            _ => random_bytes(&mut rng, 60),
        };
        let e = seal(kind, OFFER_ID, &plaintext);
        if let Ok(read) = FriendOffer::read(&e, &plaintext) {
            assert!(read.offer.validate().is_ok(), "case {case}");
            let again = seal(kind, OFFER_ID, &read.plaintext());
            assert_eq!(FriendOffer::read(&again, unseal(&again)), Ok(read));
        }
        if let Ok(read) = HostAnswer::read(&e, &plaintext) {
            if let SeatReply::Seated { seat, answer } = &read.reply {
                assert!(seat.0 < 8 && answer.validate().is_ok(), "case {case}");
            }
            let again = seal(kind, OFFER_ID, &read.plaintext());
            assert_eq!(HostAnswer::read(&again, unseal(&again)), Ok(read));
        }
    }
}

/// A random JSON value over the tracker's own field names.
fn random_json(rng: &mut Rng, depth: usize, sdp: &str) -> Value {
    const KEYS: [&str; 12] = [
        "action",
        "info_hash",
        "peer_id",
        "offer_id",
        "offer",
        "answer",
        "type",
        "sdp",
        "interval",
        "failure reason",
        "warning message",
        "complete",
    ];
    match rng.below(if depth == 0 { 6 } else { 8 }) {
        0 => Value::Null,
        1 => json!(rng.below(3) == 0),
        2 => json!(rng.next_u64() as i64 >> rng.below(64)),
        3 => json!(["announce", "offer", "answer", "x", sdp][rng.below(5)]),
        4 => json!("abcdefghij€klmnopqrstuvwxyz"[..20 + rng.below(3)].to_string()),
        5 => json!(rng.unit() * 1e6),
        6 => Value::Array(
            (0..rng.below(4))
                .map(|_| random_json(rng, depth - 1, sdp))
                .collect(),
        ),
        _ => Value::Object(
            (0..rng.below(7))
                .map(|_| {
                    (
                        KEYS[rng.below(KEYS.len())].to_string(),
                        random_json(rng, depth - 1, sdp),
                    )
                })
                .collect(),
        ),
    }
}

#[test]
fn fuzz_tracker_messages() {
    let mut rng = Rng::new(0x5167_0003);
    let sdp = seal(MessageKind::Offer, OFFER_ID, &friend_offer().plaintext()).to_text();
    let real = json!({"action": "announce", "offer": {"type": "offer", "sdp": sdp},
        "offer_id": "o".repeat(20), "peer_id": "p".repeat(20), "info_hash": "i".repeat(20)})
    .to_string();
    assert!(tracker::parse(&real).is_ok());
    let mut kinds = [0usize; 5];
    for case in 0..6000 {
        let text = match case % 3 {
            0 => random_json(&mut rng, 4, &sdp).to_string(),
            1 => String::from_utf8_lossy(&mutate(&mut rng, real.as_bytes())).into_owned(),
            _ => String::from_utf8_lossy(&random_bytes(&mut rng, 80)).into_owned(),
        };
        let slot = match tracker::parse(&text) {
            Ok(TrackerMessage::Offer { envelope, .. }) => {
                assert_eq!(envelope.kind, MessageKind::Offer);
                0
            }
            Ok(TrackerMessage::Answer { .. }) => 1,
            Ok(TrackerMessage::Announced { .. }) => 2,
            Ok(TrackerMessage::Failure { reason, .. }) => {
                assert!(reason.chars().count() <= tracker::MAX_REASON_CHARS);
                3
            }
            Err(_) => 4,
        };
        kinds[slot] += 1;
    }
    assert!(kinds[0] > 0 && kinds[4] > 0, "{kinds:?}");
}

#[test]
fn fuzz_mqtt_streams() {
    let mut rng = Rng::new(0x5167_0004);
    let stream: Vec<u8> = packets().iter().flat_map(|p| p.encode().unwrap()).collect();
    let mut decoded = 0;
    for case in 0..4000 {
        let bytes = match case % 3 {
            0 => mutate(&mut rng, &stream),
            1 => random_bytes(&mut rng, 300),
            _ => {
                // A real packet with random flags and body.
                let mut b = stream.clone();
                b[0] = (rng.next_u64() as u8 & 0xf0) | (rng.next_u64() as u8 & 0x0f);
                b
            }
        };
        let mut decoder = Decoder::with_max_packet(1024);
        let mut rest = bytes.as_slice();
        while !rest.is_empty() {
            let n = 1 + rng.below(rest.len().min(40));
            let (chunk, tail) = rest.split_at(n);
            rest = tail;
            match decoder.feed(chunk) {
                Ok(packets) => {
                    for p in packets {
                        decoded += 1;
                        // What is read is written back the same.
                        let mut again = Decoder::new();
                        assert_eq!(again.feed(&p.encode().unwrap()), Ok(vec![p]), "case {case}");
                    }
                    assert!(decoder.pending() <= 1024, "case {case}");
                }
                Err(_) => {
                    assert_eq!(decoder.feed(&[0xd0, 0]), Err(MqttError::Broken));
                    break;
                }
            }
        }
    }
    assert!(decoded > 1000, "{decoded}");
}
