//! The WebTorrent tracker's JSON, against what `bittorrent-tracker`'s server
//! reads and writes (src/online/signal/tracker.rs).

use super::*;

/// What `bittorrent-tracker`'s `parse-websocket.js` checks of an id: a
/// string of exactly 20 UTF-16 code units.
fn server_id(message: &Value, field: &str) -> String {
    let text = message[field].as_str().expect(field);
    assert_eq!(text.encode_utf16().count(), 20, "{field}: {text}");
    assert!(text.is_ascii(), "{field} is read as bytes: keep it ASCII");
    text.to_string()
}

#[test]
fn announces_are_what_the_tracker_server_reads() {
    let info_hash = ROOM.info_hash();
    assert_eq!(info_hash.as_str(), &base64url_encode(&[7; 15]));
    let sealed = seal(MessageKind::Offer, OFFER_ID, &friend_offer().plaintext());
    let text = tracker::announce_offer(
        &info_hash,
        &id('p'),
        Event::Started,
        &id('o'),
        &sealed,
        tracker::OFFER_COPIES,
    );
    let message: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(message["action"], "announce");
    assert_eq!(server_id(&message, "info_hash"), info_hash.as_str());
    assert_eq!(server_id(&message, "peer_id"), "p".repeat(20));
    assert_eq!(message["event"], "started");
    let offers = message["offers"].as_array().unwrap();
    assert_eq!(offers.len(), tracker::OFFER_COPIES);
    assert_eq!(message["numwant"], tracker::OFFER_COPIES);
    for offer in offers {
        assert_eq!(offer["offer"]["type"], "offer");
        assert_eq!(offer["offer"]["sdp"], sealed.to_text());
        assert_eq!(offer["offer_id"], "o".repeat(20));
    }
    // The server hands offers[i] to the i-th peer as this:
    let forwarded = json!({
        "action": "announce",
        "offer": offers[3]["offer"],
        "offer_id": offers[3]["offer_id"],
        "peer_id": message["peer_id"],
        "info_hash": message["info_hash"],
    });
    let parsed = tracker::parse(&forwarded.to_string()).unwrap();
    assert_eq!(
        parsed,
        TrackerMessage::Offer {
            info_hash: info_hash.clone(),
            peer_id: id('p'),
            offer_id: id('o'),
            envelope: sealed.clone(),
        }
    );
    assert_eq!(parsed.info_hash(), Some(&info_hash));

    // The host joins without offers, and a seated friend leaves.
    for (event, name) in [
        (Event::Started, Some("started")),
        (Event::Repeat, None),
        (Event::Stopped, Some("stopped")),
    ] {
        let text = tracker::announce(&info_hash, &id('h'), event, &[]);
        let message: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(message.get("event").and_then(Value::as_str), name, "{text}");
        assert!(message.get("offers").is_none());
        assert_eq!(message["numwant"], 0);
    }
    let stopped = tracker::announce(
        &info_hash,
        &id('p'),
        Event::Stopped,
        &[(id('o'), sealed.clone())],
    );
    assert!(!stopped.contains("offers"), "{stopped}");
    let many = vec![(id('o'), sealed.clone()); 30];
    let capped = tracker::announce(&info_hash, &id('p'), Event::Repeat, &many);
    let capped: Value = serde_json::from_str(&capped).unwrap();
    assert_eq!(
        capped["offers"].as_array().unwrap().len(),
        tracker::MAX_OFFERS
    );
}

#[test]
fn answers_are_what_the_tracker_server_reads() {
    let info_hash = ROOM.info_hash();
    let sealed = seal(MessageKind::Answer, OFFER_ID, &host_answer().plaintext());
    let text = tracker::answer(&info_hash, &id('h'), &id('p'), &id('o'), &sealed);
    let message: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(message["action"], "announce");
    server_id(&message, "info_hash");
    server_id(&message, "peer_id");
    assert_eq!(server_id(&message, "to_peer_id"), "p".repeat(20));
    assert_eq!(message["offer_id"], "o".repeat(20));
    assert_eq!(message["answer"]["type"], "answer");
    // The server sends the offerer this:
    let forwarded = json!({
        "action": "announce",
        "answer": message["answer"],
        "offer_id": message["offer_id"],
        "peer_id": message["peer_id"],
        "info_hash": message["info_hash"],
    });
    assert_eq!(
        tracker::parse(&forwarded.to_string()),
        Ok(TrackerMessage::Answer {
            info_hash,
            peer_id: id('h'),
            offer_id: id('o'),
            envelope: sealed,
        })
    );
}

#[test]
fn the_tracker_s_replies_are_read() {
    let hash = ROOM.info_hash();
    let h = hash.as_str();
    let reply = json!({"action": "announce", "complete": 0, "incomplete": 3, "info_hash": h, "interval": 120});
    assert_eq!(
        tracker::parse(&reply.to_string()),
        Ok(TrackerMessage::Announced {
            info_hash: hash.clone(),
            interval_s: Some(120),
            complete: Some(0),
            incomplete: Some(3),
            warning: None,
        })
    );
    let warned = json!({"action": "announce", "info_hash": h, "warning message": "slow\ndown"});
    assert!(matches!(
        tracker::parse(&warned.to_string()),
        Ok(TrackerMessage::Announced { warning: Some(w), interval_s: None, .. }) if w == "slowdown"
    ));
    // A request the server could not parse: no action, no info hash.
    let failure = json!({"failure reason": "invalid peer_id"});
    assert_eq!(
        tracker::parse(&failure.to_string()),
        Ok(TrackerMessage::Failure {
            info_hash: None,
            reason: "invalid peer_id".into()
        })
    );
    let failure = json!({"action": "announce", "failure reason": "invalid event", "info_hash": h});
    assert!(matches!(
        tracker::parse(&failure.to_string()),
        Ok(TrackerMessage::Failure {
            info_hash: Some(_),
            ..
        })
    ));
    let long = json!({"failure reason": "x".repeat(5000)});
    assert!(matches!(
        tracker::parse(&long.to_string()),
        Ok(TrackerMessage::Failure { reason, .. }) if reason.len() == tracker::MAX_REASON_CHARS
    ));
}

#[test]
fn garbage_from_a_tracker_is_refused() {
    let h = ROOM.info_hash().as_str().to_string();
    let sealed = seal(MessageKind::Offer, OFFER_ID, &friend_offer().plaintext()).to_text();
    let offer = |fields: Value| {
        let mut m = json!({"action": "announce", "info_hash": h, "peer_id": "p".repeat(20),
            "offer_id": "o".repeat(20), "offer": {"type": "offer", "sdp": sealed}});
        for (k, v) in fields.as_object().unwrap() {
            if v.is_null() {
                m.as_object_mut().unwrap().remove(k);
            } else {
                m[k] = v.clone();
            }
        }
        tracker::parse(&m.to_string())
    };
    assert!(offer(json!({})).is_ok());
    let cases: Vec<(Value, TrackerError)> = vec![
        (json!({"action": "scrape"}), TrackerError::UnexpectedAction),
        (json!({"action": null}), TrackerError::UnexpectedAction),
        (
            json!({"info_hash": null}),
            TrackerError::MissingField("info_hash"),
        ),
        (
            json!({"info_hash": "short"}),
            TrackerError::BadField("info_hash"),
        ),
        (json!({"peer_id": 7}), TrackerError::BadField("peer_id")),
        (
            json!({"peer_id": "€".repeat(20)}),
            TrackerError::BadField("peer_id"),
        ),
        (
            json!({"offer_id": null}),
            TrackerError::MissingField("offer_id"),
        ),
        (json!({"offer": "sdp"}), TrackerError::BadField("offer")),
        (
            json!({"offer": {"type": "answer", "sdp": sealed}}),
            TrackerError::BadField("offer"),
        ),
        (
            json!({"offer": {"type": "offer"}}),
            TrackerError::BadField("offer"),
        ),
        (
            json!({"offer": {"type": "offer", "sdp": "v=0\r\n"}}),
            TrackerError::BadEnvelope(EnvelopeError::NotBase64 { position: 1 }),
        ),
        (
            json!({"offer": {"type": "offer", "sdp": seal(MessageKind::Answer, OFFER_ID, &[]).to_text()}}),
            TrackerError::BadEnvelope(EnvelopeError::WrongKind {
                expected: MessageKind::Offer,
                found: MessageKind::Answer,
            }),
        ),
    ];
    for (fields, error) in cases {
        assert_eq!(offer(fields.clone()), Err(error), "{fields}");
    }
    assert_eq!(tracker::parse("{"), Err(TrackerError::NotJson));
    assert_eq!(tracker::parse("[1]"), Err(TrackerError::NotObject));
    assert_eq!(tracker::parse("\"announce\""), Err(TrackerError::NotObject));
    assert!(matches!(
        tracker::parse(&" ".repeat(tracker::MAX_MESSAGE_BYTES + 1)),
        Err(TrackerError::TooLong { .. })
    ));
    let reply = |interval: Value| {
        tracker::parse(
            &json!({"action": "announce", "info_hash": h, "interval": interval}).to_string(),
        )
    };
    assert_eq!(reply(json!(-1)), Err(TrackerError::BadField("interval")));
    assert_eq!(reply(json!(1.5)), Err(TrackerError::BadField("interval")));
    assert_eq!(reply(json!("120")), Err(TrackerError::BadField("interval")));
    assert!(matches!(
        reply(json!(1u64 << 40)),
        Ok(TrackerMessage::Announced {
            interval_s: Some(u32::MAX),
            ..
        })
    ));
    // Deep nesting stops at serde_json's recursion limit, without a panic.
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    assert_eq!(tracker::parse(&deep), Err(TrackerError::NotJson));
}

/// The lines of `name<TAB>json` in one of the capture files.
fn captured(text: &'static str) -> Vec<(&'static str, &'static str)> {
    text.lines().filter_map(|l| l.split_once('\t')).collect()
}

/// What a real `bittorrent-tracker` 11.2.3 server sent back to our
/// messages on loopback (`capture-tracker.mjs`).
#[test]
fn a_real_tracker_server_s_replies_are_read() {
    let info_hash = ROOM.info_hash();
    let offer = seal(MessageKind::Offer, OFFER_ID, &friend_offer().plaintext());
    let answer = seal(MessageKind::Answer, OFFER_ID, &host_answer().plaintext());
    // The capture is of what this code sends today.
    let ours = [
        tracker::announce(&info_hash, &id('h'), Event::Started, &[]),
        tracker::announce(&info_hash, &id('q'), Event::Started, &[]),
        tracker::announce_offer(&info_hash, &id('p'), Event::Started, &id('o'), &offer, 8),
        tracker::answer(&info_hash, &id('h'), &id('p'), &id('o'), &answer),
        tracker::announce(&info_hash, &id('p'), Event::Stopped, &[]),
    ];
    let sent: Vec<&str> = captured(include_str!("tracker-sent.txt"))
        .into_iter()
        .map(|(_, json)| json)
        .collect();
    assert_eq!(sent, ours.iter().map(String::as_str).collect::<Vec<_>>());

    let replies = captured(include_str!("tracker-replies.txt"));
    let reply = |name: &str| {
        let (_, json) = replies.iter().find(|(n, _)| *n == name).expect(name);
        tracker::parse(json)
    };
    let announced = |incomplete| {
        Ok(TrackerMessage::Announced {
            info_hash: info_hash.clone(),
            interval_s: Some(120),
            complete: Some(0),
            incomplete: Some(incomplete),
            warning: None,
        })
    };
    assert_eq!(reply("host_reply"), announced(1));
    assert_eq!(reply("friend_reply"), announced(3));
    let forwarded = Ok(TrackerMessage::Offer {
        info_hash: info_hash.clone(),
        peer_id: id('p'),
        offer_id: id('o'),
        envelope: offer,
    });
    assert_eq!(reply("offer_at_host"), forwarded);
    // A friend still waiting gets a copy too (and ignores it).
    assert_eq!(reply("offer_at_other"), forwarded);
    assert_eq!(
        reply("answer_at_friend"),
        Ok(TrackerMessage::Answer {
            info_hash: info_hash.clone(),
            peer_id: id('h'),
            offer_id: id('o'),
            envelope: answer,
        })
    );
    assert_eq!(
        reply("bad_info_hash_reply"),
        Ok(TrackerMessage::Failure {
            info_hash: None,
            reason: "invalid info_hash".into()
        })
    );
    assert_eq!(
        reply("bad_event_reply"),
        Ok(TrackerMessage::Failure {
            info_hash: Some(info_hash),
            reason: "invalid event".into()
        })
    );
    assert!(matches!(
        reply("not_json_reply"),
        Ok(TrackerMessage::Failure {
            info_hash: None,
            ..
        })
    ));
    // The friend who announced `stopped` left; the host and the other stay.
    assert_eq!(
        reply("peers_after_stop"),
        Err(TrackerError::UnexpectedAction)
    );
    assert!(replies.contains(&("peers_after_stop", r#"{"peers":2}"#)));
}
