//! MQTT packets (src/online/signal/mqtt.rs) and the retry policy
//! (src/online/signal/backoff.rs).

use super::*;

pub(crate) fn packets() -> Vec<Packet> {
    let topic = mqtt::host_topic(&ROOM);
    vec![
        Packet::Connect {
            client_id: mqtt::client_id([0xab; 10]),
            keep_alive_s: mqtt::KEEP_ALIVE_S,
        },
        Packet::ConnAck {
            session_present: false,
            code: 0,
        },
        Packet::ConnAck {
            session_present: true,
            code: 5,
        },
        Packet::Subscribe {
            packet_id: 1,
            topics: vec![topic.clone(), mqtt::answer_topic(&ROOM, &OFFER_ID)],
        },
        Packet::SubAck {
            packet_id: 1,
            codes: vec![0, 0x80],
        },
        Packet::Publish {
            topic: topic.clone(),
            payload: seal(MessageKind::Offer, OFFER_ID, &friend_offer().plaintext()).to_bytes(),
            retain: false,
        },
        Packet::Publish {
            topic,
            payload: vec![0; 300],
            retain: true,
        },
        Packet::PingReq,
        Packet::PingResp,
        Packet::Disconnect,
    ]
}

#[test]
fn mqtt_packets_round_trip_in_any_chunks() {
    let stream: Vec<u8> = packets().iter().flat_map(|p| p.encode().unwrap()).collect();
    let mut decoder = Decoder::new();
    assert_eq!(decoder.feed(&stream), Ok(packets()));
    assert_eq!(decoder.pending(), 0);
    for size in [1, 2, 3, 7, 64, 1000] {
        let mut decoder = Decoder::new();
        let mut got = Vec::new();
        for chunk in stream.chunks(size) {
            got.extend(decoder.feed(chunk).unwrap());
        }
        assert_eq!(got, packets(), "chunks of {size}");
    }
}

#[test]
fn mqtt_bytes_are_the_standard_s() {
    let connect = Packet::Connect {
        client_id: "ono1".into(),
        keep_alive_s: 30,
    };
    assert_eq!(
        connect.encode().unwrap(),
        [0x10, 16, 0, 4, b'M', b'Q', b'T', b'T', 4, 0x02, 0, 30, 0, 4, b'o', b'n', b'o', b'1']
    );
    let subscribe = Packet::Subscribe {
        packet_id: 0x0102,
        topics: vec!["a/b".into()],
    };
    assert_eq!(
        subscribe.encode().unwrap(),
        [0x82, 8, 1, 2, 0, 3, b'a', b'/', b'b', 0]
    );
    let publish = Packet::Publish {
        topic: "t".into(),
        payload: vec![0x55; 200],
        retain: false,
    };
    let bytes = publish.encode().unwrap();
    // 203 bytes remain: two length bytes, low 7 bits first.
    assert_eq!(&bytes[..5], &[0x30, 0xcb, 0x01, 0, 1]);
    assert_eq!(Packet::PingReq.encode().unwrap(), [0xc0, 0]);
    assert_eq!(Packet::Disconnect.encode().unwrap(), [0xe0, 0]);
    assert_eq!(
        mqtt::host_topic(&ROOM),
        format!("ono99/{}/host", "07".repeat(16))
    );
    assert_eq!(
        mqtt::answer_topic(&ROOM, &OFFER_ID),
        format!("ono99/{}/0102030405060708", "07".repeat(16))
    );
    let id = mqtt::client_id([0xff; 10]);
    assert_eq!(id.len(), mqtt::MAX_CLIENT_ID);
    assert!(mqtt::valid_client_id(&id));
    assert_eq!(mqtt::WS_PROTOCOL, "mqtt");
}

#[test]
fn malformed_mqtt_is_refused_and_stops_the_decoder() {
    let refused = |bytes: &[u8], error: MqttError| {
        let mut decoder = Decoder::new();
        assert_eq!(decoder.feed(bytes), Err(error), "{bytes:02x?}");
        assert_eq!(decoder.feed(&[0xd0, 0]), Err(MqttError::Broken));
    };
    refused(&[0x30, 0xff, 0xff, 0xff, 0xff], MqttError::LengthTooLong);
    // Too large, found from the header before the body comes.
    refused(
        &[0x30, 0xff, 0xff, 0x03],
        MqttError::TooLarge {
            len: 4 + 65_535,
            max: mqtt::MAX_PACKET,
        },
    );
    refused(
        &[0x32, 3, 0, 1, b't'],
        MqttError::Unsupported("QoS above 0"),
    );
    refused(&[0x36, 3, 0, 1, b't'], MqttError::Malformed("QoS 3"));
    refused(
        &[0x38, 3, 0, 1, b't'],
        MqttError::Malformed("DUP set at QoS 0"),
    );
    refused(&[0x30, 3, 0, 1, b'#'], MqttError::Malformed("topic"));
    refused(&[0x30, 3, 0, 1, 0], MqttError::Malformed("NUL in a string"));
    refused(&[0x30, 4, 0, 2, 0xc3, 0x28], MqttError::Malformed("UTF-8"));
    refused(&[0x30, 1, 0], MqttError::Malformed("cut short"));
    refused(&[0x30, 0], MqttError::Malformed("cut short"));
    refused(&[0xd1, 0], MqttError::Malformed("flags"));
    refused(&[0xd0, 1, 0], MqttError::Malformed("bytes left over"));
    refused(&[0x20, 2, 0, 6], MqttError::Malformed("CONNACK"));
    refused(&[0x20, 2, 2, 0], MqttError::Malformed("CONNACK"));
    refused(&[0x90, 3, 0, 1, 3], MqttError::Malformed("SUBACK codes"));
    refused(&[0x90, 2, 0, 1], MqttError::Malformed("SUBACK codes"));
    refused(&[0x90, 3, 0, 0, 0], MqttError::Malformed("packet id 0"));
    refused(
        &[0x80, 6, 0, 1, 0, 1, b't', 0],
        MqttError::Malformed("flags"),
    );
    refused(
        &[0x82, 6, 0, 1, 0, 1, b't', 1],
        MqttError::Unsupported("QoS above 0"),
    );
    refused(
        &[0x82, 2, 0, 1],
        MqttError::Malformed("SUBSCRIBE without topics"),
    );
    refused(&[0x40, 2, 0, 1], MqttError::UnexpectedPacket(4));
    refused(&[0xb0, 2, 0, 1], MqttError::UnexpectedPacket(11));
    refused(&[0x00, 0], MqttError::UnexpectedPacket(0));
    refused(&[0xf0, 0], MqttError::UnexpectedPacket(15));
    refused(
        &vec![0; mqtt::MAX_CHUNK + 1],
        MqttError::ChunkTooLarge {
            len: mqtt::MAX_CHUNK + 1,
            max: mqtt::MAX_CHUNK,
        },
    );
    // A packet split across chunks is held, not refused.
    let mut decoder = Decoder::new();
    assert_eq!(decoder.feed(&[0x30, 0xff]), Ok(vec![]));
    assert_eq!(decoder.pending(), 2);
    // Writing refuses what could not be read back.
    let bad = |p: Packet| assert!(matches!(p.encode(), Err(MqttError::Malformed(_))), "{p:?}");
    bad(Packet::Connect {
        client_id: String::new(),
        keep_alive_s: 30,
    });
    bad(Packet::Connect {
        client_id: "a-b".into(),
        keep_alive_s: 30,
    });
    bad(Packet::Connect {
        client_id: "a".repeat(24),
        keep_alive_s: 30,
    });
    bad(Packet::Subscribe {
        packet_id: 0,
        topics: vec!["t".into()],
    });
    bad(Packet::Subscribe {
        packet_id: 1,
        topics: vec![],
    });
    bad(Packet::Subscribe {
        packet_id: 1,
        topics: vec!["ono99/#".into()],
    });
    bad(Packet::Publish {
        topic: "a/+".into(),
        payload: vec![],
        retain: false,
    });
    let big = Packet::Publish {
        topic: "t".into(),
        payload: vec![0; mqtt::MAX_PACKET],
        retain: false,
    };
    assert!(matches!(big.encode(), Err(MqttError::TooLarge { .. })));
}

// ----- retries ---------------------------------------------------------------

#[test]
fn backoff_doubles_to_its_cap_with_jitter() {
    let b = Backoff {
        base_ms: 500,
        cap_ms: 10_000,
    };
    let ceilings: Vec<u64> = (0..8).map(|n| b.ceiling_ms(n)).collect();
    assert_eq!(
        ceilings,
        [500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]
    );
    assert_eq!(b.ceiling_ms(200), 10_000, "no overflow");
    assert_eq!(
        Backoff {
            base_ms: u64::MAX,
            cap_ms: u64::MAX
        }
        .ceiling_ms(3),
        u64::MAX
    );
    for attempt in [0, 1, 4, 9, 64, u32::MAX] {
        let ceiling = b.ceiling_ms(attempt);
        assert_eq!(b.delay_ms(attempt, 0), ceiling / 2);
        assert!(b.delay_ms(attempt, u32::MAX) < ceiling);
        assert!(b.delay_ms(attempt, u32::MAX) >= ceiling - ceiling / 2000 - 1);
        assert!((b.delay_ms(attempt, 1 << 31) as i64 - (ceiling * 3 / 4) as i64).abs() <= 1);
    }
    let mut rng = Rng::new(30);
    let r = Backoff::RECONNECT;
    let mut delays: Vec<u64> = (0..1000)
        .map(|_| r.delay_ms(10, rng.next_u64() as u32))
        .collect();
    delays.sort_unstable();
    delays.dedup();
    assert!(delays.len() > 950, "jitter spreads the retries");
    // Four quick offers fit in the 10 s a reload has.
    let worst: u64 = (0..4).map(|n| Backoff::OFFER.delay_ms(n, u32::MAX)).sum();
    assert!(worst < 8_000, "{worst} ms");
    assert!(Backoff::RECONNECT.delay_ms(100, 0) >= 60_000);
}

fn unhex(hex: &str) -> Vec<u8> {
    (0..hex.len() / 2)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

/// What a real broker (Aedes 1.2.0, the browser tests' loopback broker,
/// over a WebSocket) sent a host and a friend for our packets
/// (`capture-mqtt.mjs`). It writes each packet in pieces, one WebSocket
/// message each, so the decoder reads them across messages.
#[test]
fn a_real_broker_s_replies_are_read() {
    let offer = seal(MessageKind::Offer, OFFER_ID, &friend_offer().plaintext()).to_bytes();
    let answer = seal(MessageKind::Answer, OFFER_ID, &host_answer().plaintext()).to_bytes();
    let host_topic = mqtt::host_topic(&ROOM);
    let answer_topic = mqtt::answer_topic(&ROOM, &OFFER_ID);
    let connect = |n| Packet::Connect {
        client_id: mqtt::client_id([n; 10]),
        keep_alive_s: 30,
    };
    let subscribe = |topic: &String| Packet::Subscribe {
        packet_id: 1,
        topics: vec![topic.clone()],
    };
    let publish = |topic: &String, payload: &Vec<u8>| Packet::Publish {
        topic: topic.clone(),
        payload: payload.clone(),
        retain: false,
    };
    // The capture is of what this code sends today.
    let ours = [
        connect(1),
        subscribe(&host_topic),
        connect(2),
        subscribe(&answer_topic),
        publish(&host_topic, &offer),
        publish(&answer_topic, &answer),
        Packet::PingReq,
        Packet::Disconnect,
    ];
    let sent: Vec<Vec<u8>> = include_str!("mqtt-sent.txt")
        .lines()
        .filter_map(|l| Some(unhex(l.split_once('\t')?.1)))
        .collect();
    let ours: Vec<Vec<u8>> = ours.iter().map(|p| p.encode().unwrap()).collect();
    assert_eq!(sent, ours);

    let mut host = (Decoder::new(), Vec::new());
    let mut friend = (Decoder::new(), Vec::new());
    for line in include_str!("mqtt-replies.txt").lines() {
        let (side, hex) = line.split_once('\t').expect("side and packet");
        let (decoder, got) = if side == "host" {
            &mut host
        } else {
            &mut friend
        };
        got.extend(decoder.feed(&unhex(hex)).unwrap());
    }
    let connack = Packet::ConnAck {
        session_present: false,
        code: 0,
    };
    let suback = Packet::SubAck {
        packet_id: 1,
        codes: vec![0],
    };
    assert_eq!(
        host.1,
        [
            connack.clone(),
            suback.clone(),
            publish(&host_topic, &offer)
        ]
    );
    assert_eq!(
        friend.1,
        [
            connack,
            suback,
            publish(&answer_topic, &answer),
            Packet::PingResp
        ]
    );
}
