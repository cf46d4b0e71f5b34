//! One relay socket's conversation (src/online/signal/relay.rs), fed what a
//! tracker or a broker sends, as the page feeds it: the host hears offers
//! and answers them back the way they came, a friend's offer waits for the
//! relay and its answer is heard, and hostile traffic (garbage, another
//! swarm, the other kind, cut and flipped frames) is refused or ignored
//! without a panic.

use super::{friend_offer, host_answer, seal, ROOM};
use ono99::online::signal::mqtt::{self, Decoder, Packet};
use ono99::online::signal::relay::{
    tracker_offer_id, Conversation, Heard, RelayError, ReplyTo, Role, Send, MAX_ANNOUNCE_MS,
    MIN_ANNOUNCE_MS, PING_MS,
};
use ono99::online::signal::{tracker, Envelope, MessageKind, Network, OfferId};
use ono99::rules::Rng;
use serde_json::{json, Value};

const T0: u64 = 1_000;

fn conversation(network: Network, role: Role) -> Conversation {
    Conversation::new(network, role, ROOM, [5; 25])
}

fn offer_envelope() -> Envelope {
    let offer = friend_offer();
    seal(MessageKind::Offer, offer.offer_id, &offer.plaintext())
}

fn answer_envelope() -> Envelope {
    let answer = host_answer();
    seal(MessageKind::Answer, answer.offer_id, &answer.plaintext())
}

fn texts(out: &[Send]) -> Vec<Value> {
    out.iter()
        .map(|s| match s {
            Send::Text(t) => serde_json::from_str(t).expect("JSON"),
            Send::Bytes(_) => panic!("a binary frame to a tracker"),
        })
        .collect()
}

pub(super) fn packets(out: &[Send]) -> Vec<Packet> {
    let mut decoder = Decoder::new();
    out.iter()
        .flat_map(|s| match s {
            Send::Bytes(b) => decoder.feed(b).expect("our packets read back"),
            Send::Text(_) => panic!("a text frame to a broker"),
        })
        .collect()
}

/// A tracker's forwarded offer, as bittorrent-tracker writes it.
fn forwarded_offer(info_hash: &str, envelope: &Envelope) -> String {
    json!({
        "action": "announce", "info_hash": info_hash, "peer_id": "f".repeat(20),
        "offer_id": "o".repeat(20), "offer": {"type": "offer", "sdp": envelope.to_text()},
    })
    .to_string()
}

/// What a broker sends: packets as the server writes them (our encoder
/// writes the same layout for PUBLISH and the acks).
fn from_broker(packet: &Packet) -> Vec<u8> {
    match packet {
        Packet::ConnAck {
            session_present,
            code,
        } => vec![0x20, 2, u8::from(*session_present), *code],
        other => other.encode().expect("encodable"),
    }
}

#[test]
fn a_host_on_a_tracker_announces_hears_offers_and_answers_back() {
    let mut host = conversation(Network::Tracker, Role::Host);
    let hello = texts(&host.opened(T0));
    assert_eq!(hello.len(), 1);
    assert_eq!(hello[0]["event"], "started");
    assert_eq!(hello[0]["info_hash"], ROOM.info_hash().as_str());
    assert!(hello[0].get("offers").is_none(), "the host sends no offers");

    let heard = host
        .text(
            &forwarded_offer(ROOM.info_hash().as_str(), &offer_envelope()),
            T0,
        )
        .expect("an offer is read");
    let [Heard::Offer { envelope, reply }] = heard.as_slice() else {
        panic!("one offer heard: {heard:?}");
    };
    assert_eq!(*envelope, offer_envelope());
    let ReplyTo::Tracker { peer_id, offer_id } = reply else {
        panic!("a tracker's offer is answered through the tracker");
    };
    assert_eq!(peer_id.as_str(), "f".repeat(20));

    let back = texts(&host.answer(reply, &answer_envelope()));
    assert_eq!(back[0]["to_peer_id"], "f".repeat(20));
    assert_eq!(back[0]["offer_id"], offer_id.as_str());
    assert_eq!(back[0]["answer"]["sdp"], answer_envelope().to_text());

    // An answer through the other network is not this socket's.
    assert!(host.answer(&ReplyTo::Mqtt, &answer_envelope()).is_empty());
}

#[test]
fn a_host_announces_again_at_the_trackers_interval_within_bounds() {
    let mut host = conversation(Network::Tracker, Role::Host);
    host.opened(T0);
    assert!(host.tick(T0 + 1_000).is_empty());
    // The tracker asks for every 1 s: held to the shortest interval.
    let reply = json!({"action": "announce", "info_hash": ROOM.info_hash().as_str(), "interval": 1, "complete": 0, "incomplete": 1});
    assert!(host.text(&reply.to_string(), T0).expect("read").is_empty());
    assert!(host.tick(T0 + MIN_ANNOUNCE_MS - 1).is_empty());
    let again = texts(&host.tick(T0 + MIN_ANNOUNCE_MS));
    // A repeat announce has no event: public trackers close the socket
    // on "update".
    assert!(again[0].get("event").is_none(), "{}", again[0]);
    // Every day: held to the longest.
    let reply =
        json!({"action": "announce", "info_hash": ROOM.info_hash().as_str(), "interval": 86_400});
    host.text(&reply.to_string(), T0).expect("read");
    assert!(host.tick(T0 + MAX_ANNOUNCE_MS - 1).is_empty());
    assert_eq!(texts(&host.tick(T0 + MAX_ANNOUNCE_MS)).len(), 1);
    // Leaving says so.
    let bye = texts(&host.leave());
    assert_eq!(bye[0]["event"], "stopped");
    assert!(
        host.tick(T0 + 10 * MAX_ANNOUNCE_MS).is_empty(),
        "nothing after leaving"
    );
}

#[test]
fn a_friend_on_a_tracker_offers_once_open_and_hears_only_answers() {
    let mut friend = conversation(Network::Tracker, Role::Friend);
    let id = friend_offer().offer_id;
    assert!(
        friend.offer(id, &offer_envelope()).is_empty(),
        "held until open"
    );
    let out = texts(&friend.opened(T0));
    assert_eq!(out.len(), 1, "the held offer goes once open");
    assert_eq!(
        out[0]["offers"].as_array().map(Vec::len),
        Some(tracker::OFFER_COPIES)
    );
    assert_eq!(
        out[0]["offers"][0]["offer_id"],
        tracker_offer_id(&id).as_str()
    );
    assert_eq!(out[0]["event"], "started");
    // A later knock joins the swarm no more: no event, as public trackers
    // take it (they close the socket on "update").
    let later = texts(&friend.offer(OfferId([9; 8]), &offer_envelope()));
    assert!(later[0].get("event").is_none(), "{}", later[0]);
    // Another friend's offer, forwarded: ignored.
    let other = friend
        .text(
            &forwarded_offer(ROOM.info_hash().as_str(), &offer_envelope()),
            T0,
        )
        .expect("read");
    assert!(other.is_empty());
    // The host's answer: heard.
    let answer = json!({
        "action": "announce", "info_hash": ROOM.info_hash().as_str(), "peer_id": "h".repeat(20),
        "offer_id": tracker_offer_id(&id).as_str(), "answer": {"type": "answer", "sdp": answer_envelope().to_text()},
    });
    let heard = friend.text(&answer.to_string(), T0).expect("read");
    assert_eq!(
        heard,
        vec![Heard::Answer {
            envelope: answer_envelope()
        }]
    );
    // The same from another swarm: not ours.
    let elsewhere = answer
        .to_string()
        .replace(ROOM.info_hash().as_str(), "z".repeat(20).as_str());
    assert!(friend.text(&elsewhere, T0).expect("read").is_empty());
    // A friend never announces again on its own.
    assert!(friend.tick(T0 + 10 * MAX_ANNOUNCE_MS).is_empty());
}

#[test]
fn a_friend_on_a_broker_subscribes_before_publishing_and_hears_its_answer() {
    let mut friend = conversation(Network::Mqtt, Role::Friend);
    let id = friend_offer().offer_id;
    let connect = packets(&friend.opened(T0));
    assert!(
        matches!(connect.as_slice(), [Packet::Connect { keep_alive_s, .. }] if *keep_alive_s == mqtt::KEEP_ALIVE_S)
    );
    // Offered before the broker accepted: held.
    assert!(friend.offer(id, &offer_envelope()).is_empty());
    assert!(!friend.is_ready());
    let (heard, out) = friend
        .bytes(
            &from_broker(&Packet::ConnAck {
                session_present: false,
                code: 0,
            }),
            T0,
        )
        .expect("CONNACK");
    assert!(heard.is_empty());
    let out = packets(&out);
    assert!(
        matches!(&out[0], Packet::Subscribe { topics, .. } if topics == &vec![mqtt::answer_topic(&ROOM, &id)])
    );
    assert!(
        matches!(&out[1], Packet::Publish { topic, payload, retain: false } if *topic == mqtt::host_topic(&ROOM) && *payload == offer_envelope().to_bytes())
    );

    let answer = Packet::Publish {
        topic: mqtt::answer_topic(&ROOM, &id),
        payload: answer_envelope().to_bytes(),
        retain: false,
    };
    let (heard, _) = friend.bytes(&from_broker(&answer), T0).expect("PUBLISH");
    assert_eq!(
        heard,
        vec![Heard::Answer {
            envelope: answer_envelope()
        }]
    );
    // An answer on another offer's topic, or the host's topic: not heard.
    for topic in [
        mqtt::answer_topic(&ROOM, &OfferId([9; 8])),
        mqtt::host_topic(&ROOM),
    ] {
        let other = Packet::Publish {
            topic,
            payload: answer_envelope().to_bytes(),
            retain: false,
        };
        assert!(friend
            .bytes(&from_broker(&other), T0)
            .expect("read")
            .0
            .is_empty());
    }
    // Pinged within the keep-alive.
    assert!(friend.tick(T0 + PING_MS - 1).is_empty());
    assert_eq!(packets(&friend.tick(T0 + PING_MS)), vec![Packet::PingReq]);
    assert_eq!(packets(&friend.leave()), vec![Packet::Disconnect]);
}

#[test]
fn a_host_on_a_broker_listens_on_its_topic_and_answers_on_the_offers() {
    let mut host = conversation(Network::Mqtt, Role::Host);
    host.opened(T0);
    let (_, out) = host
        .bytes(
            &from_broker(&Packet::ConnAck {
                session_present: false,
                code: 0,
            }),
            T0,
        )
        .expect("CONNACK");
    assert!(
        matches!(packets(&out).as_slice(), [Packet::Subscribe { topics, .. }] if topics == &vec![mqtt::host_topic(&ROOM)])
    );
    // A PUBLISH cut across two frames.
    let offer = from_broker(&Packet::Publish {
        topic: mqtt::host_topic(&ROOM),
        payload: offer_envelope().to_bytes(),
        retain: false,
    });
    let (first, second) = offer.split_at(7);
    assert!(host.bytes(first, T0).expect("half").0.is_empty());
    let (heard, _) = host.bytes(second, T0).expect("the rest");
    assert_eq!(
        heard,
        vec![Heard::Offer {
            envelope: offer_envelope(),
            reply: ReplyTo::Mqtt
        }]
    );
    let back = packets(&host.answer(&ReplyTo::Mqtt, &answer_envelope()));
    assert!(
        matches!(&back[0], Packet::Publish { topic, .. } if *topic == mqtt::answer_topic(&ROOM, &answer_envelope().offer_id))
    );
    // A payload that is no envelope: nothing heard.
    let junk = Packet::Publish {
        topic: mqtt::host_topic(&ROOM),
        payload: b"hello".to_vec(),
        retain: false,
    };
    assert!(host
        .bytes(&from_broker(&junk), T0)
        .expect("read")
        .0
        .is_empty());
}

#[test]
fn refusals_are_told_and_fatal_ones_close_the_socket() {
    let mut host = conversation(Network::Mqtt, Role::Host);
    host.opened(T0);
    let refused = host.bytes(
        &from_broker(&Packet::ConnAck {
            session_present: false,
            code: 5,
        }),
        T0,
    );
    assert!(matches!(refused, Err(RelayError::BrokerRefused(5))));
    assert!(refused.unwrap_err().is_fatal());
    assert!(!host.is_ready());

    let mut tracker_host = conversation(Network::Tracker, Role::Host);
    tracker_host.opened(T0);
    let failure = tracker_host.text(r#"{"failure reason":"invalid info_hash"}"#, T0);
    assert!(matches!(&failure, Err(RelayError::TrackerFailure(r)) if r == "invalid info_hash"));
    assert!(
        !failure.unwrap_err().is_fatal(),
        "a tracker's refusal keeps the socket"
    );
    assert!(matches!(
        tracker_host.bytes(b"\x20\x02\x00\x00", T0),
        Err(RelayError::WrongFrame)
    ));
    assert!(matches!(host.text("{}", T0), Err(RelayError::WrongFrame)));
}

/// Random, cut and flipped frames, through both networks and both roles:
/// no panic; a refused tracker message changes nothing; nothing but a
/// well-formed envelope is ever heard.
#[test]
fn fuzzed_relay_traffic_never_panics_and_a_refusal_changes_nothing() {
    let mut rng = Rng::new(30);
    let good_tracker = [
        forwarded_offer(ROOM.info_hash().as_str(), &offer_envelope()),
        json!({"action": "announce", "info_hash": ROOM.info_hash().as_str(), "interval": 120})
            .to_string(),
    ];
    let good_broker = [
        from_broker(&Packet::ConnAck {
            session_present: false,
            code: 0,
        }),
        from_broker(&Packet::Publish {
            topic: mqtt::host_topic(&ROOM),
            payload: offer_envelope().to_bytes(),
            retain: false,
        }),
    ];
    let mut heard_count = 0;
    for round in 0..6_000 {
        let role = if round % 2 == 0 {
            Role::Host
        } else {
            Role::Friend
        };
        let mut c = Conversation::new(Network::Tracker, role, ROOM, [round as u8; 25]);
        c.opened(T0);
        let mut text = good_tracker[round % 2].clone().into_bytes();
        mutate(&mut rng, &mut text);
        let text = String::from_utf8_lossy(&text).into_owned();
        let before = format!("{c:?}");
        match c.text(&text, T0) {
            Err(_) => assert_eq!(
                format!("{c:?}"),
                before,
                "a refused message changed the conversation"
            ),
            Ok(heard) => heard_count += heard.len(),
        }

        let mut m = Conversation::new(Network::Mqtt, role, ROOM, [2; 25]);
        m.opened(T0);
        let mut bytes: Vec<u8> = good_broker.concat();
        mutate(&mut rng, &mut bytes);
        let cut = rng.below(bytes.len() + 1);
        for chunk in [&bytes[..cut], &bytes[cut..]] {
            if let Ok((heard, _)) = m.bytes(chunk, T0) {
                for h in heard {
                    assert!(matches!(
                        h,
                        Heard::Offer {
                            reply: ReplyTo::Mqtt,
                            ..
                        } | Heard::Answer { .. }
                    ));
                }
            }
        }
    }
    assert!(
        heard_count > 0,
        "some mutated offers still read: the loop reaches the parser's end"
    );
}

fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    match rng.below(4) {
        0 => {
            let n = rng.below(bytes.len() + 1);
            bytes.truncate(n);
        }
        1 => {
            for _ in 0..=rng.below(4) {
                if !bytes.is_empty() {
                    let i = rng.below(bytes.len());
                    bytes[i] ^= 1 << rng.below(8);
                }
            }
        }
        2 => {
            let n = rng.below(64);
            *bytes = (0..n).map(|_| rng.below(256) as u8).collect();
        }
        _ => {}
    }
}
