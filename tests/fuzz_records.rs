//! Fuzzing game records (src/rules/record.rs, docs/records.md): a record
//! file comes from anywhere (a download, a friend, a hand edit), so valid
//! records are mutated (fields removed or added, wrong types, huge
//! numbers, huge arrays, deep nesting, long strings, swapped or dropped
//! events, damaged text) and read and replayed. Nothing may panic; a
//! refused record gets an error; an accepted one replays to its winners.
//!
//! Seeded (`ono99::rules::Rng`): a failure names its case and repeats.

use ono99::rules::{
    replay, Edition, Format, GameRecord, LoseAt, Match, Negatives, NinetyNine, PointsEnd,
    RecordError, Rng, RuleSet,
};
use serde_json::{json, Value};
use std::collections::BTreeMap;

const DOC: &str = include_str!("../docs/records.md");
const OLD_MODERN: &str = include_str!("records/old-format-modern.json");
const OLD_CLASSIC: &str = include_str!("records/old-format-classic.json");

fn random_rules(rng: &mut Rng) -> RuleSet {
    let mut rules = if rng.below(2) == 0 {
        RuleSet::modern()
    } else {
        RuleSet::classic()
    };
    // Mostly one hand (small records, fast fuzzing); some longer matches.
    rules.format = [
        Format::Elimination,
        Format::Elimination,
        Format::Elimination,
        Format::Tokens,
        Format::Points,
    ][rng.below(5)];
    rules.negatives = [Negatives::Forbid, Negatives::Allow, Negatives::Floor][rng.below(3)];
    rules.ninety_nine = [
        NinetyNine::Dead,
        NinetyNine::DeadButTens,
        NinetyNine::Sets99,
    ][rng.below(3)];
    rules.lose_at = [LoseAt::Reach99, LoseAt::Exceed99][rng.below(2)];
    rules.four_ono_discard = rules.edition == Edition::Modern && rng.below(2) == 0;
    rules.points_end = [PointsEnd::Knockout, PointsEnd::Lowest][rng.below(2)];
    // Short matches keep the fuzzing fast.
    rules.tokens = 1;
    rules.points_limit = 30 + rng.below(40) as u32;
    rules
}

/// A finished match of random legal moves, as a record.
fn random_record(rng: &mut Rng) -> GameRecord {
    let rules = random_rules(rng);
    let seats = 2 + rng.below(3);
    let mut m = Match::new(rules, seats, rng.next_u64()).expect("a valid setup");
    while m.to_act().is_some() {
        let legal = m.legal_actions();
        m.apply(legal[rng.below(legal.len())]).expect("legal");
    }
    let names = (0..seats)
        .map(|i| ["random", "medium", "Ana", "Zoë ✓"][(i + rng.below(4)) % 4].to_string())
        .collect();
    GameRecord::from_match(&m, names).expect("a record")
}

/// Valid records as JSON values: random matches, the documented example,
/// the files of earlier versions.
fn pool(rng: &mut Rng) -> Vec<Value> {
    let example = DOC
        .split("```json\n")
        .skip(1)
        .map(|rest| rest.split("\n```").next().expect("a closed block"))
        .find(|b| b.contains("\"format\": \"ono99-record\""))
        .expect("docs/records.md has an example record");
    let mut texts: Vec<String> = vec![
        example.to_string(),
        OLD_MODERN.to_string(),
        OLD_CLASSIC.to_string(),
    ];
    texts.extend((0..32).map(|_| random_record(rng).to_json()));
    texts
        .iter()
        .map(|t| {
            let record = GameRecord::from_json(t).expect("a valid record");
            replay(&record).expect("a valid record replays");
            serde_json::from_str(t).expect("JSON")
        })
        .collect()
}

/// Marks a value to be replaced, once written, by text too deep for a
/// `Value` to write (its writer recurses).
const DEEP: &str = "\u{0}deep\u{0}";

/// A value of another type, or at the edge of its type's range, or huge.
fn replacement(rng: &mut Rng) -> Value {
    match rng.below(16) {
        0 => Value::Null,
        1 => json!(true),
        2 => json!(-1),
        3 => json!(u64::MAX),
        4 => serde_json::from_str("18446744073709551616").expect("a number"),
        5 => json!(1e308),
        6 => json!(1.5),
        7 => json!(i64::MIN),
        8 => json!(u32::MAX),
        9 => json!(256),
        10 => json!({}),
        11 => json!([]),
        12 => json!("x".repeat(rng.below(100_000))),
        13 => json!(["99", "P2", "-10", "R", "H", "11", "", "x"][rng.below(8)]),
        14 => Value::String(DEEP.to_string()),
        _ => {
            let item =
                [json!("99"), json!(0), json!({"type": "drew"}), json!([])][rng.below(4)].clone();
            let most = if rng.below(10) == 0 { 50_000 } else { 2_000 };
            Value::Array(vec![item; rng.below(most)])
        }
    }
}

const FIELDS: [&str; 12] = [
    "format", "version", "rules", "seats", "seed", "hands", "winners", "hand", "deck", "events",
    "type", "total",
];

/// A change that keeps the value's type, so the record often still reads
/// and the replay has to find what is wrong: another card, seat or total,
/// events swapped, dropped or repeated.
fn nudge(v: &mut Value, rng: &mut Rng) {
    match v {
        Value::Number(n) => {
            let n = n.as_i64().unwrap_or(0);
            *v = json!(
                [
                    n.saturating_add(1),
                    n.saturating_sub(1),
                    n.saturating_add(10),
                    0,
                    1,
                    rng.below(8) as i64
                ][rng.below(6)]
            );
        }
        Value::String(_) => {
            let card = ["0", "1", "5", "9", "10", "-10", "R", "P2", "H", "99"][rng.below(10)];
            *v = json!(card);
        }
        Value::Bool(b) => *b = !*b,
        Value::Array(items) if !items.is_empty() => {
            let i = rng.below(items.len());
            let j = rng.below(items.len());
            match rng.below(3) {
                0 => items.swap(i, j),
                1 => {
                    items.remove(i);
                }
                _ => {
                    let copy = items[i].clone();
                    items.insert(j, copy);
                }
            }
        }
        _ => {}
    }
}

/// Changes the `target`th node (depth first) of `v`, gently or not;
/// returns whether it was reached.
fn mutate_node(v: &mut Value, target: usize, seen: &mut usize, rng: &mut Rng) -> bool {
    if *seen == target {
        let choice = rng.below(10);
        match v {
            _ if choice >= 6 => nudge(v, rng),
            Value::Object(map) if choice <= 2 && !map.is_empty() => {
                let keys: Vec<String> = map.keys().cloned().collect();
                let key = &keys[rng.below(keys.len())];
                match rng.below(3) {
                    0 => {
                        map.remove(key);
                    }
                    1 => {
                        let other = FIELDS[rng.below(FIELDS.len())];
                        if let Some(moved) = map.remove(key) {
                            map.insert(other.to_string(), moved);
                        }
                    }
                    _ => {
                        map.insert(key.clone(), replacement(rng));
                    }
                }
            }
            Value::Array(items) if choice <= 2 && !items.is_empty() => {
                let i = rng.below(items.len());
                let j = rng.below(items.len());
                match rng.below(4) {
                    0 => {
                        items.remove(i);
                    }
                    1 => items.swap(i, j),
                    2 => {
                        let copy = items[i].clone();
                        items.insert(j, copy);
                    }
                    _ => items.truncate(i),
                }
            }
            Value::Number(n) if choice == 3 => {
                let n = n.as_i64().unwrap_or(0);
                *v = json!(
                    [
                        n.saturating_add(1),
                        n.saturating_sub(1),
                        n.saturating_neg(),
                        n.saturating_mul(2).saturating_add(1),
                        n.saturating_add(256)
                    ][rng.below(5)]
                );
            }
            Value::Object(map) if choice == 3 => {
                let key = ["extra", "type", "seat", "card", "total", "winner"][rng.below(6)];
                map.insert(key.to_string(), replacement(rng));
            }
            _ => *v = replacement(rng),
        }
        return true;
    }
    *seen += 1;
    match v {
        Value::Object(map) => map
            .values_mut()
            .any(|child| mutate_node(child, target, seen, rng)),
        Value::Array(items) => items
            .iter_mut()
            .any(|child| mutate_node(child, target, seen, rng)),
        _ => false,
    }
}

fn count_nodes(v: &Value) -> usize {
    1 + match v {
        Value::Object(map) => map.values().map(count_nodes).sum(),
        Value::Array(items) => items.iter().map(count_nodes).sum(),
        _ => 0,
    }
}

/// Nodes near the top are picked as often as the many cards and events.
fn mutate_value(v: &mut Value, rng: &mut Rng) {
    let total = count_nodes(v);
    let target = if rng.below(3) == 0 {
        rng.below(total.min(40))
    } else {
        rng.below(total)
    };
    let mut seen = 0;
    mutate_node(v, target, &mut seen, rng);
}

/// Byte-level damage to the text.
fn mutate_text(text: &mut Vec<u8>, rng: &mut Rng) {
    const BYTES: &[u8] = b"{}[]\",:0123456789-.eE \n\\tnull";
    for _ in 0..1 + rng.below(4) {
        let n = text.len();
        if n == 0 {
            text.push(b'{');
            continue;
        }
        let i = rng.below(n);
        match rng.below(4) {
            0 => text[i] ^= 1 << rng.below(8),
            1 => text[i] = BYTES[rng.below(BYTES.len())],
            2 => text.insert(i, BYTES[rng.below(BYTES.len())]),
            _ => {
                let end = (i + 1 + rng.below(40)).min(n);
                text.drain(i..end);
            }
        }
    }
}

fn deep(rng: &mut Rng) -> String {
    let depth = [100, 127, 128, 129, 1_000, 100_000][rng.below(6)];
    let (open, close) = [("[", "]"), ("{\"a\":", "}")][rng.below(2)];
    format!("{}0{}", open.repeat(depth), close.repeat(depth))
}

fn error_name(e: &RecordError) -> &'static str {
    match e {
        RecordError::Malformed(_) => "Malformed",
        RecordError::Format { .. } => "Format",
        RecordError::Version { .. } => "Version",
        RecordError::Setup(_) => "Setup",
        RecordError::Unfinished => "Unfinished",
        RecordError::NotLogged => "NotLogged",
        RecordError::Mismatch { .. } => "Mismatch",
        RecordError::Refused { .. } => "Refused",
    }
}

const CASES: usize = 20_000;

#[test]
fn fuzzed_records_are_refused_with_an_error_or_replay() {
    let mut rng = Rng::new(2025_0001);
    let pool = pool(&mut rng);
    let mut cases = 0;
    let mut read = 0;
    let mut replayed = 0;
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    for case in 0..CASES {
        let mut value = pool[rng.below(pool.len())].clone();
        // 1 in 20 untouched, 3 in 20 damaged as text, the rest as values.
        let kind = rng.below(20);
        if (1..17).contains(&kind) {
            for _ in 0..1 + rng.below(2) {
                mutate_value(&mut value, &mut rng);
            }
        }
        let mut text = if rng.below(2) == 0 {
            serde_json::to_string(&value)
        } else {
            serde_json::to_string_pretty(&value)
        }
        .expect("a value is written");
        let marker = serde_json::to_string(DEEP).expect("a string");
        while text.contains(&marker) {
            text = text.replacen(&marker, &deep(&mut rng), 1);
        }
        if kind >= 17 {
            let mut bytes = text.into_bytes();
            mutate_text(&mut bytes, &mut rng);
            text = String::from_utf8_lossy(&bytes).into_owned();
        }
        cases += 1;
        let outcome = GameRecord::from_json(&text).and_then(|record| {
            read += 1;
            let m = replay(&record)?;
            Ok((record, m))
        });
        match outcome {
            Ok((record, m)) => {
                replayed += 1;
                let what = format!("record case {case}");
                assert_eq!(
                    m.outcome().map(|o| o.winners.clone()),
                    Some(record.winners.clone()),
                    "{what}"
                );
                assert_eq!(
                    GameRecord::from_json(&record.to_json()).as_ref(),
                    Ok(&record),
                    "{what}"
                );
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                *refused.entry(error_name(&e).to_string()).or_default() += 1;
            }
        }
    }
    let refused_total: usize = refused.values().sum();
    assert_eq!(replayed + refused_total, cases);
    eprintln!(
        "records: {cases} cases, {read} read, {replayed} accepted (read and replayed), \
         {refused_total} refused {refused:?}"
    );
    assert!(replayed > CASES / 50, "too few accepted to mean much");
}

#[test]
fn records_at_the_limits_are_refused_without_harm() {
    let mut rng = Rng::new(7);
    let valid = random_record(&mut rng).to_json();
    let mut texts = vec![
        String::new(),
        "{}".to_string(),
        "[".repeat(200_000),
        "{\"a\":".repeat(200_000),
        format!("[{}]", "0,".repeat(200_000) + "0"),
        format!("\"{}\"", "x".repeat(1_000_000)),
    ];
    // A record with 200,000 seats, cards or events, a very long name.
    let mut value: Value = serde_json::from_str(&valid).expect("JSON");
    value["seats"] = json!(vec!["x"; 200_000]);
    texts.push(value.to_string());
    let mut value: Value = serde_json::from_str(&valid).expect("JSON");
    value["hands"][0]["deck"] = json!(vec!["99"; 200_000]);
    texts.push(value.to_string());
    let mut value: Value = serde_json::from_str(&valid).expect("JSON");
    value["hands"][0]["events"] = json!(vec![
        json!({"type": "direction_changed", "direction": "clockwise"});
        200_000
    ]);
    texts.push(value.to_string());
    let mut value: Value = serde_json::from_str(&valid).expect("JSON");
    value["seats"][0] = json!("é".repeat(500_000));
    let long_name = value.to_string();
    for text in &texts {
        let err = GameRecord::from_json(text)
            .and_then(|r| replay(&r).map(|_| ()))
            .expect_err("refused");
        assert!(!err.to_string().is_empty());
    }
    // A long name is only a name.
    let record = GameRecord::from_json(&long_name).expect("reads");
    replay(&record).expect("replays");
}
