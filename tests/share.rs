//! Share links (src/share.rs): any match round-trips, and anything else is
//! refused cleanly.

use ono99::rules::{Action, Format, Match, Played, Rng, RuleSet, Seat};
use ono99::share::ShareError;
use proptest::prelude::*;

/// A whole match of random legal moves.
fn random_match(rules: RuleSet, seats: usize, seed: u64) -> Played {
    let mut m = Match::new_unlogged(rules, seats, seed).expect("a valid setup");
    let mut rng = Rng::new(seed ^ 0xABCD);
    let mut actions: Vec<(Seat, Action)> = Vec::new();
    while let Some(turn) = m.to_act() {
        let legal = m.legal_actions();
        let action = legal[rng.below(legal.len())];
        m.apply_for(turn.seat, action).expect("a legal action");
        actions.push((turn.seat, action));
    }
    Played {
        rules,
        names: (0..seats).map(|i| format!("Seat {i} ✓")).collect(),
        seed,
        actions,
    }
}

fn rule_sets() -> Vec<RuleSet> {
    let mut out = Vec::new();
    for preset in ["modern", "classic"] {
        for format in [Format::Elimination, Format::Tokens, Format::Points] {
            let mut r = RuleSet::preset(preset).expect("a preset");
            r.format = format;
            out.push(r);
        }
    }
    out
}

#[test]
fn whole_matches_round_trip_in_every_format() {
    let mut n = 0;
    for rules in rule_sets() {
        for seats in 2..=8 {
            for seed in 0..6u64 {
                let shared = random_match(rules, seats, seed * 7919 + seats as u64);
                let code = shared.encode().expect("encodes");
                let back = Played::decode(&code).expect("decodes");
                assert_eq!(back, shared);
                // The whole link works too.
                let link = format!("https://example.org/ono99/#replay={code}");
                assert_eq!(Played::decode(&link).expect("decodes a link"), shared);
                n += 1;
            }
        }
    }
    assert_eq!(n, 6 * 7 * 6);
}

#[test]
fn long_names_are_cut_at_a_character() {
    let mut shared = random_match(RuleSet::modern(), 3, 5);
    shared.names[1] = "ÀÉÎÕÜàéîõüçñ-very-long-name".to_string();
    let back = Played::decode(&shared.encode().expect("encodes")).expect("decodes");
    assert!(back.names[1].len() <= 16);
    assert!(shared.names[1].starts_with(&back.names[1]));
}

#[test]
fn an_illegal_action_is_not_encoded() {
    let mut shared = random_match(RuleSet::modern(), 4, 9);
    let (seat, _) = shared.actions[0];
    shared.actions[0] = (Seat((seat.0 + 1) % 4), shared.actions[0].1);
    assert!(matches!(
        shared.encode(),
        Err(ShareError::DoesNotReplay { .. })
    ));
}

#[test]
fn report_share_link_lengths() {
    // The issue asks for the length of a long 8-player tokens match.
    let mut rules = RuleSet::classic();
    rules.format = Format::Tokens;
    let mut longest = (0, 0, 0);
    for seed in 0..40u64 {
        let shared = random_match(rules, 8, seed);
        let code = shared.encode().expect("encodes");
        if shared.actions.len() > longest.0 {
            longest = (shared.actions.len(), code.len(), seed);
        }
    }
    println!(
        "longest of 40 random 8-player classic tokens matches: {} actions, share code {} characters (seed {})",
        longest.0, longest.1, longest.2
    );
    assert!(longest.1 < ono99::share::MAX_SHARE_CHARS);
}

#[test]
fn garbled_codes_are_refused() {
    let code = random_match(RuleSet::modern(), 4, 3)
        .encode()
        .expect("encodes");
    assert_eq!(Played::decode(""), Err(ShareError::Empty));
    assert_eq!(Played::decode("#replay="), Err(ShareError::Empty));
    assert_eq!(Played::decode("not a code!"), Err(ShareError::Damaged));
    assert_eq!(
        Played::decode(&code[..code.len() / 2]),
        Err(ShareError::Damaged)
    );
    let huge = "A".repeat(ono99::share::MAX_SHARE_CHARS + 1);
    assert!(matches!(
        Played::decode(&huge),
        Err(ShareError::TooLong { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_text_never_panics_and_is_refused(text in ".{0,400}") {
        prop_assert!(Played::decode(&text).is_err());
    }

    #[test]
    fn random_base64_is_refused(text in "[A-Za-z0-9_-]{0,600}") {
        prop_assert!(Played::decode(&text).is_err());
    }

    #[test]
    fn any_changed_character_is_refused(seed in 0u64..1000, at in 0usize..10_000, with in 0usize..64) {
        let code = random_match(RuleSet::modern(), 3, seed).encode().expect("encodes");
        let alphabet: Vec<char> = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".chars().collect();
        let mut chars: Vec<char> = code.chars().collect();
        let i = at % chars.len();
        let new = alphabet[with];
        prop_assume!(chars[i] != new);
        chars[i] = new;
        let changed: String = chars.into_iter().collect();
        // The checksum catches any single change (except one in the last
        // character's padding bits, which changes no byte).
        if let Ok(back) = Played::decode(&changed) {
            prop_assert_eq!(back, Played::decode(&code).expect("decodes"));
        }
    }
}

#[test]
fn records_round_trip_through_share_and_replay() {
    for rules in rule_sets() {
        for seats in [2, 5, 8] {
            let shared = random_match(rules, seats, 40 + seats as u64);
            let record = shared.to_record().expect("a finished match makes a record");
            // What `ono99 replay` does with the downloaded file.
            let text = record.to_json();
            let read = ono99::rules::GameRecord::from_json(&text).expect("reads back");
            ono99::rules::replay(&read).expect("replays");
            let back = Played::from_record(&read).expect("a record gives its match");
            assert_eq!(back, shared);
        }
    }
}

#[test]
fn an_unfinished_match_makes_no_record() {
    let mut shared = random_match(RuleSet::modern(), 3, 11);
    shared.actions.truncate(3);
    assert!(shared.to_record().is_err());
    let (m, from) = shared.at(2).expect("replays");
    assert!(from > 0 && from < m.log().len());
}
