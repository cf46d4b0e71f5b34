//! A table's messages carried by a broker when no direct connection opens
//! (issue 38, its pure part): the frames of a [`Stream`], sealed as
//! envelopes of the carried kinds, published on the topic of their
//! direction and connection, heard only by the side they are for. Over a
//! broker that loses, repeats and reorders frames, and carries forged
//! ones, the messages arrive whole, in order, once.

use super::relay::packets;
use super::{seal, unseal, ROOM};
use ono99::online::signal::mqtt::{self, Packet};
use ono99::online::signal::relay::{Conversation, Heard, Role, Send};
use ono99::online::signal::stream::Stream;
use ono99::online::signal::{Envelope, MessageKind, Network, OfferId};
use ono99::rules::Rng;

const T0: u64 = 1_000;
const SEATED_BY: OfferId = OfferId([4, 4, 4, 4, 4, 4, 4, 4]);

/// A conversation with a broker that accepted it.
fn ready(role: Role) -> Conversation {
    let mut c = Conversation::new(Network::Mqtt, role, ROOM, [3; 25]);
    c.opened(T0);
    let (_, _) = c.bytes(&[0x20, 2, 0, 0], T0).expect("the broker's CONNACK");
    assert!(c.is_ready());
    c
}

/// The topics `out` subscribes to.
fn subscribed(out: &[Send]) -> Vec<String> {
    packets(out)
        .into_iter()
        .flat_map(|p| match p {
            Packet::Subscribe { topics, .. } => topics,
            _ => Vec::new(),
        })
        .collect()
}

/// What `out` publishes, as the broker forwards it to a subscriber.
fn published(out: &[Send]) -> Vec<(String, Vec<u8>)> {
    packets(out)
        .into_iter()
        .filter_map(|p| match p {
            Packet::Publish { topic, payload, .. } => Some((topic, payload)),
            _ => None,
        })
        .collect()
}

fn forward(topic: &str, payload: &[u8]) -> Vec<u8> {
    Packet::Publish {
        topic: topic.to_string(),
        payload: payload.to_vec(),
        retain: false,
    }
    .encode()
    .expect("a packet under the limit")
}

#[test]
fn each_side_listens_to_its_own_direction_of_its_connection() {
    let mut host = ready(Role::Host);
    let mut friend = ready(Role::Friend);
    let to_host = mqtt::carry_topic(&ROOM, &SEATED_BY, MessageKind::ToHost);
    let to_friend = mqtt::carry_topic(&ROOM, &SEATED_BY, MessageKind::ToFriend);
    assert_ne!(to_host, to_friend);
    assert!(mqtt::valid_topic(&to_host) && mqtt::valid_topic(&to_friend));
    assert_eq!(
        subscribed(&host.listen_carried(SEATED_BY)),
        vec![to_host.clone()]
    );
    assert_eq!(
        subscribed(&friend.listen_carried(SEATED_BY)),
        vec![to_friend.clone()]
    );
    // Listening twice subscribes once.
    assert!(host.listen_carried(SEATED_BY).is_empty());

    // The friend's frame goes on the topic to the host, and the host hears it.
    let frame = seal(MessageKind::ToHost, SEATED_BY, b"join");
    let out = published(&friend.carry(&frame));
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].0, to_host);
    let (heard, _) = host
        .bytes(&forward(&out[0].0, &out[0].1), T0)
        .expect("a publish");
    assert_eq!(heard, vec![Heard::Carried { envelope: frame }]);

    // A side never sends its own inbound kind, and a signaling envelope
    // is not carried.
    assert!(friend
        .carry(&seal(MessageKind::ToFriend, SEATED_BY, b"x"))
        .is_empty());
    assert!(friend
        .carry(&seal(MessageKind::Offer, SEATED_BY, b"x"))
        .is_empty());

    // What the host must not take: the other direction on its topic, a
    // frame of another connection, the right frame on another topic.
    let other = OfferId([5; 8]);
    for (topic, envelope) in [
        (
            to_host.clone(),
            seal(MessageKind::ToFriend, SEATED_BY, b"x"),
        ),
        (to_host.clone(), seal(MessageKind::ToHost, other, b"x")),
        (
            mqtt::carry_topic(&ROOM, &other, MessageKind::ToHost),
            seal(MessageKind::ToHost, SEATED_BY, b"x"),
        ),
        (
            to_friend.clone(),
            seal(MessageKind::ToHost, SEATED_BY, b"x"),
        ),
    ] {
        let (heard, _) = host
            .bytes(&forward(&topic, &envelope.to_bytes()), T0)
            .expect("a publish");
        assert!(heard.is_empty(), "taken: {topic} {envelope:?}");
    }
}

#[test]
fn a_tracker_carries_no_table_message() {
    let mut tracker = Conversation::new(Network::Tracker, Role::Friend, ROOM, [3; 25]);
    tracker.opened(T0);
    assert!(tracker.is_ready());
    assert!(tracker.listen_carried(SEATED_BY).is_empty());
    assert!(tracker
        .carry(&seal(MessageKind::ToHost, SEATED_BY, b"x"))
        .is_empty());
}

#[test]
fn frames_wait_for_the_broker_and_a_long_frame_fits_its_limits() {
    let mut friend = Conversation::new(Network::Mqtt, Role::Friend, ROOM, [3; 25]);
    friend.opened(T0);
    let frame = seal(MessageKind::ToHost, SEATED_BY, &[7; 4_100]);
    assert!(friend.listen_carried(SEATED_BY).is_empty());
    assert!(friend.carry(&frame).is_empty());
    // Once the broker accepts: the subscription, then the frame.
    let (_, out) = friend.bytes(&[0x20, 2, 0, 0], T0).expect("CONNACK");
    assert_eq!(subscribed(&out).len(), 1);
    let sent = published(&out);
    assert_eq!(sent.len(), 1);
    assert!(forward(&sent[0].0, &sent[0].1).len() <= mqtt::MAX_PACKET);
    assert_eq!(Envelope::from_bytes(&sent[0].1), Ok(frame));
    // A frame too long for its kind is refused as it is read.
    let long = seal(MessageKind::ToHost, SEATED_BY, &[7; 5_000]);
    assert!(Envelope::from_bytes(&long.to_bytes()).is_err());
    let long_offer = seal(MessageKind::Offer, SEATED_BY, &[7; 2_000]);
    assert!(Envelope::from_bytes(&long_offer.to_bytes()).is_err());
}

/// Messages both ways through a broker that drops, repeats, reorders and
/// forges: each side's stream gets every message once, in order.
#[test]
fn a_match_worth_of_messages_crosses_a_bad_broker_whole() {
    for seed in 0..40u64 {
        let mut rng = Rng::new(seed);
        let mut host = ready(Role::Host);
        let mut friend = ready(Role::Friend);
        host.listen_carried(SEATED_BY);
        friend.listen_carried(SEATED_BY);
        let mut streams = [Stream::new(11), Stream::new(22)]; // host, friend
        let sent: [Vec<Vec<u8>>; 2] = [
            (0..30)
                .map(|i| vec![i as u8; 1 + rng.below(9_000)])
                .collect(),
            (0..30)
                .map(|i| vec![100 + i as u8; 1 + rng.below(300)])
                .collect(),
        ];
        for (side, messages) in sent.iter().enumerate() {
            for m in messages {
                streams[side].send(m).expect("under the limits");
            }
        }
        let mut got: [Vec<Vec<u8>>; 2] = [Vec::new(), Vec::new()];
        // In flight at the broker: (to the host?, topic, payload).
        let mut flight: Vec<(bool, String, Vec<u8>)> = Vec::new();
        let mut now = T0;
        for _ in 0..6_000 {
            now += 20 + rng.below(60) as u64;
            for (side, stream) in streams.iter_mut().enumerate() {
                let kind = if side == 0 {
                    MessageKind::ToFriend
                } else {
                    MessageKind::ToHost
                };
                for frame in stream.due(now) {
                    let envelope = seal(kind, SEATED_BY, &frame);
                    let conv = if side == 0 { &mut host } else { &mut friend };
                    for (topic, payload) in published(&conv.carry(&envelope)) {
                        flight.push((side == 1, topic, payload));
                    }
                }
            }
            // The broker: a forged frame now and then; then it delivers
            // one frame, or drops it, or repeats it, in any order.
            if rng.below(10) == 0 {
                let to_host = rng.below(2) == 0;
                let kind = if to_host {
                    MessageKind::ToHost
                } else {
                    MessageKind::ToFriend
                };
                let junk: Vec<u8> = (0..rng.below(60)).map(|_| rng.below(256) as u8).collect();
                flight.push((
                    to_host,
                    mqtt::carry_topic(&ROOM, &SEATED_BY, kind),
                    seal(kind, SEATED_BY, &junk).to_bytes(),
                ));
            }
            if flight.is_empty() {
                if streams.iter().all(Stream::is_idle)
                    && got[0].len() == sent[1].len()
                    && got[1].len() == sent[0].len()
                {
                    break;
                }
                continue;
            }
            let pick = rng.below(flight.len());
            let (to_host, topic, payload) = flight.swap_remove(pick);
            match rng.below(10) {
                0 => continue,                                               // lost
                1 => flight.push((to_host, topic.clone(), payload.clone())), // again later
                _ => {}
            }
            let (conv, side) = if to_host {
                (&mut host, 0)
            } else {
                (&mut friend, 1)
            };
            let (heard, _) = conv
                .bytes(&forward(&topic, &payload), now)
                .expect("a publish");
            for h in heard {
                let Heard::Carried { envelope } = h else {
                    panic!("only carried frames here")
                };
                // What the page's decryption gives back.
                let plain = unseal(&envelope);
                if let Ok(messages) = streams[side].receive(plain) {
                    got[side].extend(messages);
                }
            }
        }
        assert_eq!(got[0], sent[1], "seed {seed}: the host's messages");
        assert_eq!(got[1], sent[0], "seed {seed}: the friend's messages");
    }
}
