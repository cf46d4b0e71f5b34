//! Game records as docs/records.md describes them: the documented example
//! replays, records from earlier versions still load, and what is wrong
//! with a bad record is said with the values involved.

use ono99::rules::*;

const DOC: &str = include_str!("../docs/records.md");

/// The ```json blocks of docs/records.md, in order.
fn doc_json_blocks() -> Vec<&'static str> {
    DOC.split("```json\n")
        .skip(1)
        .map(|rest| rest.split("\n```").next().expect("a closed block"))
        .collect()
}

/// Records written by the code before option values took their docs/rules.md §8
/// names (`reach99`, `exceed99`, `sets99`), kept as that code wrote them.
const OLD_RECORDS: [(&str, &str); 2] = [
    (
        "old-format-modern.json",
        include_str!("records/old-format-modern.json"),
    ),
    (
        "old-format-classic.json",
        include_str!("records/old-format-classic.json"),
    ),
];

#[test]
fn the_documented_rules_block_is_read_as_the_modern_preset() {
    let blocks = doc_json_blocks();
    let rules: RuleSet = serde_json::from_str(blocks[0]).expect("the rules block reads");
    assert_eq!(rules, RuleSet::modern());
}

#[test]
fn the_documented_example_record_is_accepted_and_replays() {
    let example = doc_json_blocks()
        .into_iter()
        .find(|b| b.contains("\"format\": \"ono99-record\""))
        .expect("docs/records.md has an example record");
    let record = GameRecord::from_json(example).expect("the documented record reads");
    assert_eq!(record.rules, RuleSet::modern());
    let m = replay(&record).expect("the documented record replays");
    assert_eq!(m.outcome().expect("over").winners, record.winners);
    // What the code writes for that match reads back as the same record.
    assert_eq!(GameRecord::from_json(&record.to_json()), Ok(record));
}

#[test]
fn records_from_earlier_versions_still_replay() {
    for (name, text) in OLD_RECORDS {
        assert!(
            ["reach99", "exceed99", "sets99"]
                .iter()
                .any(|old| text.contains(&format!("\"{old}\""))),
            "{name} should keep an old spelling"
        );
        let record = GameRecord::from_json(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let m = replay(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(m.outcome().expect("over").winners, record.winners);
        // Written again, it uses the §8 names and reads back unchanged.
        let rewritten = record.to_json();
        for old in ["reach99", "exceed99", "sets99"] {
            assert!(!rewritten.contains(old), "{name} rewritten: {rewritten}");
        }
        assert_eq!(GameRecord::from_json(&rewritten), Ok(record));
    }
    let classic = GameRecord::from_json(OLD_RECORDS[1].1).expect("reads");
    assert_eq!(classic.rules.ninety_nine, NinetyNine::Sets99);
    assert_eq!(classic.rules.lose_at, LoseAt::Exceed99);
}

/// A finished, logged match and its record.
fn finished(rules: RuleSet, seats: usize, seed: u64) -> GameRecord {
    let mut m = Match::new(rules, seats, seed).expect("valid setup");
    let mut rng = Rng::new(seed);
    while m.to_act().is_some() {
        let legal = m.legal_actions();
        m.apply(legal[rng.below(legal.len())]).expect("legal");
    }
    let names = (0..seats).map(|s| format!("seat{s}")).collect();
    GameRecord::from_match(&m, names).expect("a record")
}

#[test]
fn a_version_is_reported_as_written() {
    let text = finished(RuleSet::modern(), 2, 3).to_json();
    for written in [
        "70000000000",
        "1.5",
        "0",
        "-1",
        "18446744073709551616",
        "1e400",
        "\"1\"",
        "null",
    ] {
        let changed = text.replacen("\"version\": 1", &format!("\"version\": {written}"), 1);
        let err = GameRecord::from_json(&changed).expect_err(written);
        assert_eq!(
            err,
            RecordError::Version {
                found: written.to_string()
            }
        );
        let message = err.to_string();
        assert!(
            message.contains(&format!("version {written} is not supported")),
            "{message}"
        );
    }
    let other = text.replacen("\"ono99-record\"", "\"chess-pgn\"", 1);
    assert_eq!(
        GameRecord::from_json(&other),
        Err(RecordError::Format {
            found: "\"chess-pgn\"".to_string()
        })
    );
    assert!(matches!(
        GameRecord::from_json("[1, 2]"),
        Err(RecordError::Malformed(m)) if m.contains("one JSON object")
    ));
}

/// The record's message for the first differing step, after `change`.
fn mismatch(record: &GameRecord, change: impl FnOnce(&mut GameRecord)) -> String {
    let mut bad = record.clone();
    change(&mut bad);
    match replay(&bad) {
        Err(e @ RecordError::Mismatch { .. }) => e.to_string(),
        other => panic!("expected a mismatch, got {other:?}"),
    }
}

#[test]
fn a_mismatch_names_what_differs_with_both_values() {
    let mut tokens = RuleSet::classic();
    tokens.tokens = 1;
    let record = finished(tokens, 3, 21);
    let events = &record.hands[0].events;

    let over = events
        .iter()
        .position(|e| matches!(e, Event::HandOver { .. }))
        .expect("the hand ends");
    let Event::HandOver {
        loser: Some(loser), ..
    } = events[over]
    else {
        panic!("a tokens hand has a loser: {:?}", events[over]);
    };
    let other = Seat((loser.0 + 1) % 3);
    let message = mismatch(&record, |r| {
        if let Event::HandOver { loser, .. } = &mut r.hands[0].events[over] {
            *loser = Some(other);
        }
    });
    assert_eq!(
        message,
        format!(
            "hand 1, step {}: event hand_over (hand 1) differs in loser: \
             the record has seat {}, the rules give seat {}",
            over + 1,
            other.0,
            loser.0
        )
    );

    let play = events
        .iter()
        .position(|e| matches!(e, Event::Played { .. }))
        .expect("a play");
    let Event::Played { seat, card, total } = events[play] else {
        unreachable!()
    };
    let message = mismatch(&record, |r| {
        if let Event::Played { total, .. } = &mut r.hands[0].events[play] {
            *total += 1;
        }
    });
    assert_eq!(
        message,
        format!(
            "hand 1, step {}: event played (seat {}, card {card}) differs in total: \
             the record has {}, the rules give {total}",
            play + 1,
            seat.0,
            total + 1
        )
    );

    // Two different cards swapped deep in the deck: the first one is named.
    let deck = &record.hands[0].deck;
    let far = (20..deck.len())
        .find(|&i| deck[i] != deck[10])
        .expect("a different card");
    let message = mismatch(&record, |r| r.hands[0].deck.swap(10, far));
    assert!(
        message.ends_with(&format!(
            "differs in deck card 11 (from the top): the record has {}, the rules give {}",
            deck[far], deck[10]
        )),
        "{message}"
    );
    assert!(
        message.starts_with("hand 1, step 0: the deal (hand 1, "),
        "{message}"
    );

    let message = mismatch(&record, |r| r.winners = vec![Seat(0), Seat(1), Seat(2)]);
    assert!(
        message.contains(
            "the end of the match differs in winners: the record has [0, 1, 2], the rules give ["
        ),
        "{message}"
    );
}
