//! Property tests over seeds, seat counts, presets and options, and a
//! 100,000-game simulation across every preset.

use ono99::rules::Rng;
use ono99::rules::*;
use proptest::prelude::*;

/// Every option combination the setup screen can produce, from a few numbers.
fn rules_from(
    preset: bool,
    negatives: usize,
    nn: usize,
    lose: usize,
    four: bool,
    format: usize,
    end: usize,
) -> RuleSet {
    let mut r = if preset {
        RuleSet::modern()
    } else {
        RuleSet::classic()
    };
    r.negatives = Negatives::ALL[negatives % 3];
    r.ninety_nine = NinetyNine::ALL[nn % 3];
    r.lose_at = LoseAt::ALL[lose % 2];
    r.four_ono_discard = four;
    r.format = Format::ALL[format % 3];
    r.points_end = PointsEnd::ALL[end % 2];
    r.tokens = 1 + (format % 2) as u8;
    r.points_limit = 150;
    r
}

fn arb_rules() -> impl Strategy<Value = RuleSet> {
    (
        any::<bool>(),
        0..3usize,
        0..3usize,
        0..2usize,
        any::<bool>(),
        0..3usize,
        0..2usize,
    )
        .prop_map(|(p, n, nn, l, f, fmt, e)| rules_from(p, n, nn, l, f, fmt, e))
}

/// Every action anyone could name: each card kind and the four-ONO discard.
fn every_action() -> Vec<Action> {
    let mut all: Vec<Action> = Card::ALL.into_iter().map(Action::Play).collect();
    all.push(Action::DiscardFourOno);
    all
}

/// Checks the invariants that must hold between any two actions.
fn check_invariants(m: &Match, max_total_seen: &mut i32) -> Result<(), TestCaseError> {
    let rules = m.rules();
    prop_assert_eq!(
        m.card_census(),
        rules.edition.deck_counts(),
        "a card was created or lost"
    );
    let t = m.total();
    *max_total_seen = (*max_total_seen).max(t);
    match rules.lose_at {
        LoseAt::Reach99 => prop_assert!(t < 99, "total {} reached 99", t),
        LoseAt::Exceed99 => prop_assert!(t <= 99, "total {} went over 99", t),
    }
    if rules.negatives != Negatives::Allow {
        prop_assert!(t >= 0, "total {} below zero", t);
    }
    if let Some(turn) = m.to_act() {
        prop_assert!(m.in_hand().contains(turn.seat), "a player who is out acts");
        prop_assert!(m.in_match().contains(turn.seat));
        prop_assert!(
            !m.legal_actions().is_empty(),
            "the player to act has no legal action"
        );
        for seat in m.seats() {
            if !m.in_hand().contains(seat) {
                prop_assert!(m.hand(seat).is_empty());
            }
        }
    }
    Ok(())
}

/// Plays a whole random match, checking after every action that the legal
/// actions are accepted and every other action refused with no change.
fn play_checked(
    rules: RuleSet,
    seats: usize,
    seed: u64,
    probe_illegal: bool,
) -> Result<Match, TestCaseError> {
    let mut m = Match::new(rules, seats, seed).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut rng = Rng::new(seed ^ 0x5555);
    let mut high = 0;
    let all = every_action();
    let mut steps = 0u32;
    while let Some(turn) = m.to_act() {
        check_invariants(&m, &mut high)?;
        let legal = m.legal_actions();
        if probe_illegal {
            for &a in &all {
                let before = m.clone();
                let checked = m.check(a);
                prop_assert_eq!(
                    checked.is_ok(),
                    legal.contains(&a),
                    "check and legal_actions disagree on {}",
                    a
                );
                if !legal.contains(&a) {
                    prop_assert!(m.apply(a).is_err());
                    prop_assert!(m == before, "a refused action changed the match");
                }
            }
        }
        let action = legal[rng.below(legal.len())];
        let owed_before = turn.step;
        let events = m
            .apply(action)
            .map_err(|e| TestCaseError::fail(format!("legal action refused: {e}")))?;
        prop_assert!(!events.is_empty());
        // Nobody owes more than two plays: a second play never leaves the same
        // seat owing again within the same turn.
        if owed_before == TurnStep::SecondOfTwo {
            if let Some(next) = m.to_act() {
                prop_assert!(!(next.seat == turn.seat && next.step == TurnStep::SecondOfTwo));
            }
        }
        steps += 1;
        prop_assert!(steps < 200_000, "the match does not end");
    }
    check_invariants(&m, &mut high)?;
    let outcome = m
        .outcome()
        .cloned()
        .ok_or_else(|| TestCaseError::fail("no outcome"))?;
    match (rules.format, rules.points_end) {
        (Format::Points, PointsEnd::Lowest) => {
            prop_assert!(!outcome.winners.is_empty());
            let best = m.in_match().iter().map(|s| m.scores()[s]).min();
            for w in &outcome.winners {
                prop_assert_eq!(Some(m.scores()[*w]), best);
            }
        }
        (Format::Points, PointsEnd::Knockout) => prop_assert!(!outcome.winners.is_empty()),
        _ => prop_assert_eq!(outcome.winners.len(), 1, "exactly one winner"),
    }
    Ok(m)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    #[test]
    fn random_matches_keep_every_invariant(rules in arb_rules(), seats in 2usize..=8, seed in any::<u64>()) {
        play_checked(rules, seats, seed, true)?;
    }

    #[test]
    fn replay_reproduces_every_simulated_match(rules in arb_rules(), seats in 2usize..=8, seed in any::<u64>()) {
        let m = play_checked(rules, seats, seed, false)?;
        let names = (0..seats).map(|i| format!("random {i}")).collect();
        let record = GameRecord::from_match(&m, names).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let json = record.to_json();
        let parsed = GameRecord::from_json(&json).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&parsed, &record);
        let again = replay(&parsed).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(again == m, "replay built a different match");
    }

    #[test]
    fn same_seed_same_match(rules in arb_rules(), seats in 2usize..=8, seed in any::<u64>()) {
        let a = play_checked(rules, seats, seed, false)?;
        let b = play_checked(rules, seats, seed, false)?;
        prop_assert!(a == b);
    }
}

#[test]
fn tokens_are_lost_one_at_a_time_then_the_player_leaves() {
    let mut rules = RuleSet::classic();
    rules.tokens = 1;
    for seed in 0..200 {
        let m = play_checked(rules, 4, seed, false).unwrap();
        let mut tokens = vec![1u8; 4];
        let mut left = [false; 4];
        let log = m.log();
        for (i, e) in log.iter().enumerate() {
            if let Event::HandOver {
                loser: Some(l),
                tokens: Some(after),
                ..
            } = e
            {
                let l = l.index();
                if tokens[l] > 0 {
                    assert_eq!(after[l], tokens[l] - 1);
                } else {
                    assert_eq!(
                        log.get(i + 1),
                        Some(&Event::LeftMatch {
                            seat: Seat(l as u8)
                        })
                    );
                    left[l] = true;
                }
                tokens = after.clone();
            }
        }
        assert_eq!(
            left.iter().filter(|&&x| x).count(),
            3,
            "all but the winner left"
        );
    }
}

/// Tampered records are refused at the first step that differs.
#[test]
fn replay_names_the_first_wrong_step() {
    let mut m = Match::new(RuleSet::modern(), 3, 11).unwrap();
    let mut rng = Rng::new(1);
    while m.to_act().is_some() {
        let legal = m.legal_actions();
        m.apply(legal[rng.below(legal.len())]).unwrap();
    }
    let record = GameRecord::from_match(&m, vec!["a".into(), "b".into(), "c".into()]).unwrap();

    let mut bad = record.clone();
    let first_play = bad.hands[0]
        .events
        .iter()
        .position(|e| matches!(e, Event::Played { .. }))
        .unwrap();
    if let Event::Played { total, .. } = &mut bad.hands[0].events[first_play] {
        *total += 1;
    }
    match replay(&bad) {
        Err(RecordError::Mismatch { hand: 1, step, .. }) => assert_eq!(step, first_play + 1),
        other => panic!("expected a mismatch, got {other:?}"),
    }

    let mut bad = record.clone();
    bad.hands[0].deck.swap(0, 50);
    assert!(matches!(
        replay(&bad),
        Err(RecordError::Mismatch {
            hand: 1,
            step: 0,
            ..
        })
    ));

    let mut bad = record.clone();
    bad.winners = vec![Seat(0), Seat(1)];
    assert!(matches!(replay(&bad), Err(RecordError::Mismatch { .. })));

    let mut bad = record.clone();
    bad.hands[0].events.truncate(5);
    assert!(matches!(replay(&bad), Err(RecordError::Mismatch { .. })));

    assert!(matches!(
        GameRecord::from_json("{"),
        Err(RecordError::Version { .. } | RecordError::Malformed(_))
    ));
    let wrong_version = record.to_json().replace("\"version\": 1", "\"version\": 7");
    assert!(matches!(
        GameRecord::from_json(&wrong_version),
        Err(RecordError::Version { .. })
    ));
    let extra = record
        .to_json()
        .replacen("\"seed\"", "\"colour\": 1, \"seed\"", 1);
    assert!(matches!(
        GameRecord::from_json(&extra),
        Err(RecordError::Malformed(_))
    ));
}

/// 100,000 whole games across both presets, every format, 2–8 seats.
#[test]
fn one_hundred_thousand_games_conserve_cards_and_end() {
    let mut games = 0u32;
    let mut legal = Vec::new();
    let mut rng = Rng::new(2026);
    let mix: [(RuleSet, u32); 6] = [
        (RuleSet::modern(), 50_000),
        (RuleSet::classic(), 10_000),
        (rules_from(true, 0, 0, 0, true, 2, 0), 10_000),
        (rules_from(false, 1, 1, 0, false, 0, 0), 10_000),
        (rules_from(false, 2, 2, 1, false, 2, 1), 10_000),
        (rules_from(true, 1, 1, 1, true, 1, 0), 10_000),
    ];
    for (rules, count) in mix {
        for i in 0..count {
            let seats = 2 + (i as usize % 7);
            let mut m = Match::new_unlogged(rules, seats, rng.next_u64()).unwrap();
            let mut steps = 0u32;
            while m.to_act().is_some() {
                m.legal_actions_into(&mut legal);
                assert!(!legal.is_empty());
                m.apply(legal[rng.below(legal.len())]).unwrap();
                steps += 1;
                assert!(steps < 200_000);
            }
            assert_eq!(m.card_census(), rules.edition.deck_counts());
            let winners = &m.outcome().unwrap().winners;
            assert!(!winners.is_empty());
            games += 1;
        }
    }
    assert_eq!(games, 100_000);
}
