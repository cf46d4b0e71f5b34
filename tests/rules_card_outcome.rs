//! [`card_outcome`]: what a card would make the total, or why it can't be
//! played, as the explanations show it ("97 + 8 = 105"); and that the
//! engine decides every play the same way.

use ono99::rules::Rng;
use ono99::rules::*;
use proptest::prelude::*;

fn with(mut rules: RuleSet, options: &[(&str, &str)]) -> RuleSet {
    for (name, value) in options {
        rules.set(name, value).expect("valid option");
    }
    rules
}

fn card(s: &str) -> Card {
    s.parse().expect("card code")
}

/// `card_outcome` on an ordinary one-play turn.
fn outcome(rules: &RuleSet, total: i32, c: &str) -> Result<i32, RuleError> {
    card_outcome(rules, total, card(c), TurnStep::Single, false)
}

#[test]
fn numbers_add_their_value_up_to_the_limit() {
    let modern = RuleSet::modern();
    assert_eq!(outcome(&modern, 97, "1"), Ok(98));
    assert_eq!(
        outcome(&modern, 97, "8"),
        Err(RuleError::TotalTooHigh {
            card: Card::Number(8),
            total: 97,
            new_total: 105,
            lose_at: LoseAt::Reach99,
        })
    );
    assert_eq!(
        outcome(&modern, 97, "2"),
        Err(RuleError::TotalTooHigh {
            card: Card::Number(2),
            total: 97,
            new_total: 99,
            lose_at: LoseAt::Reach99,
        })
    );
    let exceed = with(modern, &[("lose_at", "exceed_99")]);
    assert_eq!(outcome(&exceed, 97, "2"), Ok(99));
    assert_eq!(
        outcome(&exceed, 97, "3"),
        Err(RuleError::TotalTooHigh {
            card: Card::Number(3),
            total: 97,
            new_total: 100,
            lose_at: LoseAt::Exceed99,
        })
    );
}

#[test]
fn minus_ten_under_each_negatives_option() {
    let forbid = RuleSet::modern();
    assert_eq!(outcome(&forbid, 15, "-10"), Ok(5));
    assert_eq!(
        outcome(&forbid, 5, "-10"),
        Err(RuleError::BelowZero { total: 5 })
    );
    let allow = with(forbid, &[("negatives", "allow")]);
    assert_eq!(outcome(&allow, 5, "-10"), Ok(-5));
    let floor = with(forbid, &[("negatives", "floor")]);
    assert_eq!(outcome(&floor, 5, "-10"), Ok(0));
}

#[test]
fn reverse_hold_and_play_2_leave_the_total() {
    for rules in [RuleSet::modern(), RuleSet::classic()] {
        for c in ["R", "H", "P2"] {
            assert_eq!(outcome(&rules, 98, c), Ok(98), "{rules} {c}");
        }
    }
    // Classic: a Double Play can't be the first of two plays; modern passes it on.
    let first = TurnStep::FirstOfTwo;
    assert_eq!(
        card_outcome(&RuleSet::classic(), 40, Card::PlayTwo, first, false),
        Err(RuleError::CannotOpenWithDoublePlay)
    );
    assert_eq!(
        card_outcome(&RuleSet::modern(), 40, Card::PlayTwo, first, false),
        Ok(40)
    );
}

#[test]
fn the_99_card_under_each_option() {
    let dead = RuleSet::modern();
    assert_eq!(outcome(&dead, 40, "99"), Err(RuleError::NinetyNineDead));

    let tens = with(dead, &[("ninety_nine", "dead_but_tens")]);
    assert_eq!(outcome(&tens, 40, "99"), Ok(40));
    assert_eq!(outcome(&tens, -20, "99"), Ok(-20));
    assert_eq!(
        outcome(&tens, 35, "99"),
        Err(RuleError::NinetyNineNotOnTen { total: 35 })
    );
    assert_eq!(
        card_outcome(&tens, 40, Card::NinetyNine, TurnStep::SecondOfTwo, true),
        Err(RuleError::NinetyNineOncePerTurn)
    );

    let sets = with(
        dead,
        &[("ninety_nine", "sets_99"), ("lose_at", "exceed_99")],
    );
    assert_eq!(outcome(&sets, 12, "99"), Ok(99));
    let sets_reach = with(dead, &[("ninety_nine", "sets_99")]);
    assert_eq!(
        outcome(&sets_reach, 12, "99"),
        Err(RuleError::TotalTooHigh {
            card: Card::NinetyNine,
            total: 12,
            new_total: 99,
            lose_at: LoseAt::Reach99,
        })
    );
}

/// The engine's refusal carries the same numbers.
#[test]
fn a_refused_play_reports_the_total_before_and_after() {
    let p = Position::new(RuleSet::modern(), &["8 3 99 99", "1 2 3 4"], 97).expect("valid");
    let m = Match::from_position(p).expect("valid position");
    // Nothing in the hand is playable: the player went out at once.
    assert!(!m.in_hand().contains(Seat(0)));

    let p = Position::new(RuleSet::modern(), &["8 1 99 99", "1 2 3 4"], 97).expect("valid");
    let m = Match::from_position(p).expect("valid position");
    assert_eq!(
        m.check(Action::Play(Card::Number(8))),
        Err(RuleError::TotalTooHigh {
            card: Card::Number(8),
            total: 97,
            new_total: 105,
            lose_at: LoseAt::Reach99,
        })
    );
    assert_eq!(
        m.preview(Action::Play(Card::Number(1))).map(|p| p.total),
        Ok(98)
    );
}

/// Every option combination, from a few numbers.
fn rules_from(modern: bool, negatives: usize, nn: usize, lose: usize, format: usize) -> RuleSet {
    let base = if modern {
        RuleSet::modern()
    } else {
        RuleSet::classic()
    };
    RuleSet {
        negatives: Negatives::ALL[negatives],
        ninety_nine: NinetyNine::ALL[nn],
        lose_at: LoseAt::ALL[lose],
        format: Format::ALL[format],
        tokens: 2,
        points_limit: 120,
        ..base
    }
}

/// At every position of a random match, for every card of the player to
/// act, `card_outcome` and the engine agree: the card is among the legal
/// actions exactly when `card_outcome` allows it, with the same refusal, or
/// the same new total in the preview and in the play itself.
fn agrees_along_a_match(rules: RuleSet, seats: usize, seed: u64) -> Result<(), TestCaseError> {
    let mut m = Match::new(rules, seats, seed).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut rng = Rng::new(seed.rotate_left(9));
    let mut steps = 0;
    while let Some(turn) = m.to_act() {
        let (total, used) = (m.total(), m.ninety_nine_this_turn());
        let playable = m.playable_kinds();
        for c in Card::ALL {
            let expected = card_outcome(&rules, total, c, turn.step, used);
            prop_assert_eq!(playable[c.index()], expected.is_ok(), "{} at {}", c, total);
        }
        let hand = m.hand(turn.seat).to_vec();
        for c in hand {
            let expected = card_outcome(&rules, total, c, turn.step, used);
            let action = Action::Play(c);
            prop_assert_eq!(
                m.check(action),
                expected.clone().map(|_| ()),
                "{} at {} ({:?})",
                c,
                total,
                turn.step
            );
            prop_assert_eq!(m.legal_actions().contains(&action), expected.is_ok());
            if let Ok(new_total) = expected {
                prop_assert_eq!(m.preview(action).map(|p| p.total), Ok(new_total));
                let mut copy = m.clone();
                let events = copy
                    .apply(action)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert_eq!(
                    &events[0],
                    &Event::Played {
                        seat: turn.seat,
                        card: c,
                        total: new_total
                    }
                );
            }
        }
        let legal = m.legal_actions();
        m.apply(legal[rng.below(legal.len())])
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        steps += 1;
        prop_assert!(steps < 100_000, "the match does not end");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    #[test]
    fn the_engine_decides_every_play_with_card_outcome(
        modern in any::<bool>(),
        negatives in 0..3usize,
        nn in 0..3usize,
        lose in 0..2usize,
        format in 0..3usize,
        seats in 2usize..=8,
        seed in any::<u64>(),
    ) {
        agrees_along_a_match(rules_from(modern, negatives, nn, lose, format), seats, seed)?;
    }
}
