//! "Review my plays" (src/bots/review.rs): ratings come from the seat's
//! view only, the best option is labelled Best, and a clear blunder is
//! labelled a mistake.

use ono99::bots::review::{
    decisions, evaluate, evaluate_option, label_of_played, review_seed, Label,
};
use ono99::bots::{make_bot, Level};
use ono99::rules::{Action, Card, Match, Played, Position, Rng, RuleSet, Seat};

/// A whole match of Medium bots, as (seat, action) pairs.
fn medium_match(rules: RuleSet, seats: usize, seed: u64) -> Vec<(Seat, Action)> {
    let mut m = Match::new_unlogged(rules, seats, seed).expect("a valid setup");
    let mut rng = Rng::new(seed ^ 77);
    let mut bot = make_bot(Level::Medium);
    let mut out = Vec::new();
    while let Some(turn) = m.to_act() {
        let legal = m.legal_actions();
        let a = bot.choose(&m.view(turn.seat), &legal, &mut rng);
        m.apply_for(turn.seat, a).expect("legal");
        out.push((turn.seat, a));
    }
    out
}

/// The match of `actions` at a table of four.
fn played(seed: u64, actions: Vec<(Seat, Action)>) -> Played {
    Played {
        rules: RuleSet::modern(),
        names: ["A", "B", "C", "D"].map(String::from).to_vec(),
        seed,
        actions,
    }
}

#[test]
fn decisions_are_the_seats_turns_with_a_choice() {
    let actions = medium_match(RuleSet::modern(), 4, 5);
    let mut played = played(5, actions.clone());
    let list = decisions(&played, Seat(0)).expect("replays");
    assert!(!list.is_empty());
    for d in &list {
        assert_eq!(actions[d.ply], (Seat(0), d.played));
        assert!(d.legal.len() > 1 && d.legal.contains(&d.played));
        assert_eq!(d.view.seat, Seat(0));
        let (m, _) = played.at(d.ply).expect("replays");
        assert_eq!(d.view, m.view(Seat(0)));
    }
    // An action the rules refuse ends the list there.
    let cut = list[list.len() / 2].ply;
    let (seat, action) = played.actions[cut - 1];
    played.actions[cut - 1] = (Seat((seat.0 + 1) % 4), action);
    let before = decisions(&played, Seat(0)).expect("deals");
    assert_eq!(before[..], list[..before.len()]);
    assert!(before.iter().all(|d| d.ply < cut - 1));
}

#[test]
fn ratings_never_depend_on_hidden_cards() {
    // Same seat view, different hidden cards (other hands, draw order):
    // the same ratings for a fixed seed.
    let mut checked = 0;
    for seed in 0..20u64 {
        let actions = medium_match(RuleSet::modern(), 3, seed);
        let mut m = Match::new_unlogged(RuleSet::modern(), 3, seed).expect("setup");
        for &(seat, action) in actions.iter().take(6) {
            m.apply_for(seat, action).expect("legal");
        }
        let Some(turn) = m.to_act() else { continue };
        let legal = m.legal_actions();
        if legal.len() < 2 {
            continue;
        }
        let mut other = m.clone();
        other.redeal_unseen(turn.seat, &mut Rng::new(seed + 1000));
        let (v1, v2) = (m.view(turn.seat), other.view(turn.seat));
        assert_eq!(
            v1, v2,
            "a redeal of the unseen cards changed the seat's view"
        );
        let s = review_seed(6, &v1);
        for &a in &legal {
            assert_eq!(
                evaluate_option(&v1, a, 40, s),
                evaluate_option(&v2, a, 40, s)
            );
        }
        checked += 1;
    }
    assert!(checked >= 5, "too few positions with a choice: {checked}");
}

#[test]
fn every_option_is_rated_best_first_and_the_same_every_time() {
    // Total 90, two players: 8 (to 98) leaves the opponent only 0, −10,
    // Reverse and Play 2; −10 (to 80) leaves them almost anything.
    let rules = RuleSet::modern();
    let p = Position::new(rules, &["8 -10 2 3", "9 9 9 9"], 90).expect("a position");
    let m = Match::from_position(p).expect("a match");
    let legal = m.legal_actions();
    let decision = ono99::bots::review::Decision {
        ply: 0,
        view: m.view(Seat(0)),
        legal: legal.clone(),
        played: Action::Play(Card::MinusTen),
    };
    let values = evaluate(&decision, 300, 1);
    assert_eq!(values.len(), legal.len());
    assert!(values.windows(2).all(|w| w[0].chance >= w[1].chance));
    assert!(values
        .iter()
        .all(|v| (0.0..=1.0).contains(&v.chance) && v.playouts == 300));
    assert_eq!(
        label_of_played(values[0].action, &values),
        Some(Label::Best)
    );
    assert_eq!(
        evaluate(&decision, 300, 1),
        values,
        "a review must be repeatable"
    );
    // Pressing the opponent at 98 beats giving them room at 80.
    let chance = |a: Action| values.iter().find(|v| v.action == a).map(|v| v.chance);
    assert!(
        chance(Action::Play(Card::Number(8))) > chance(Action::Play(Card::MinusTen)),
        "{values:?}"
    );
}

#[test]
fn labels_follow_the_gap_to_the_best() {
    assert_eq!(Label::of(0.6, 0.6), Label::Best);
    assert_eq!(Label::of(0.6, 0.597), Label::Best);
    assert_eq!(Label::of(0.6, 0.57), Label::Good);
    assert_eq!(Label::of(0.6, 0.52), Label::Inaccuracy);
    assert_eq!(Label::of(0.6, 0.3), Label::Mistake);
}

#[test]
fn a_review_in_pieces_equals_one_in_one_go() {
    let list =
        decisions(&played(9, medium_match(RuleSet::modern(), 4, 9)), Seat(0)).expect("replays");
    let d = &list[0];
    let seed = review_seed(d.ply, &d.view);
    for &a in &d.legal {
        let whole = evaluate_option(&d.view, a, 90, seed);
        let mut won = 0.0;
        let mut n = 0;
        for k in 0..3 {
            let (w, c) = ono99::bots::review::evaluate_range(&d.view, a, k * 30, k * 30 + 30, seed);
            won += w;
            n += c;
        }
        assert_eq!(n, whole.playouts);
        assert!((won / f64::from(n) - whole.chance).abs() < 1e-12);
    }
}

mod verdicts {
    //! Why a decision got its label (src/bots/verdict.rs): the reason names
    //! the better card with what it would have done, from the coach's
    //! numbers, and a best play says what it did.

    use ono99::bots::review::{evaluate, Decision, Label, OptionValue};
    use ono99::bots::verdict::{label_counts, verdict, Edge, Reason};
    use ono99::rules::{Action, Card, Match, Position, RuleSet, Seat};

    /// Total 90, two players, holding 8, −10, 2 and 3; you played `played`.
    fn at_ninety(played: Action) -> Decision {
        let p =
            Position::new(RuleSet::modern(), &["8 -10 2 3", "9 9 9 9"], 90).expect("a position");
        let m = Match::from_position(p).expect("a match");
        Decision {
            ply: 0,
            view: m.view(Seat(0)),
            legal: m.legal_actions(),
            played,
        }
    }

    const EIGHT: Action = Action::Play(Card::Number(8));
    const MINUS_TEN: Action = Action::Play(Card::MinusTen);
    const TWO: Action = Action::Play(Card::Number(2));
    const THREE: Action = Action::Play(Card::Number(3));

    /// Made-up chances to win for the four options.
    fn values(chances: [(Action, f64); 4]) -> Vec<OptionValue> {
        chances
            .iter()
            .map(|&(action, chance)| OptionValue {
                action,
                chance,
                playouts: 300,
            })
            .collect()
    }

    #[test]
    fn a_blunder_names_the_better_card_its_total_and_the_pressure_it_made() {
        let d = at_ninety(MINUS_TEN);
        let v = verdict(
            &d,
            &values([(MINUS_TEN, 0.40), (EIGHT, 0.70), (TWO, 0.55), (THREE, 0.60)]),
        )
        .expect("a verdict");
        assert_eq!(v.label, Label::Mistake);
        let Reason::Better {
            played,
            better,
            better_total,
            your_total,
            gain,
            edge,
            ..
        } = v.reason
        else {
            panic!("not a 'better' reason: {:?}", v.reason)
        };
        assert_eq!((played, better), (MINUS_TEN, EIGHT));
        assert_eq!((better_total, your_total), (98, 80));
        assert_eq!(gain, 30);
        // At 98 the next player needs a 0, −10, Reverse or Play 2; at 80
        // almost anything plays.
        match edge {
            Edge::Pressure { better, yours } => {
                assert!(better >= yours + 10, "{better} vs {yours}")
            }
            other => panic!("the edge is {other:?}, not the pressure of 98"),
        }
        // Options best first, each with the coach's total and label.
        let order: Vec<Action> = v.options.iter().map(|o| o.action).collect();
        assert_eq!(order, vec![EIGHT, THREE, TWO, MINUS_TEN]);
        assert_eq!(v.options[0].total, Some(98));
        assert_eq!(v.options[3].total, Some(80));
        assert_eq!(v.options[0].label, Label::Best);
        assert_eq!(v.options[1].label, Label::Inaccuracy);
        assert_eq!(v.options[3].label, Label::Mistake);
    }

    #[test]
    fn a_lower_total_that_wins_more_is_named_as_room() {
        // −10 best, the 8 played: the 8 presses harder, so the reason is
        // the room −10 keeps, not pressure.
        let d = at_ninety(EIGHT);
        let v = verdict(
            &d,
            &values([(MINUS_TEN, 0.62), (EIGHT, 0.60), (TWO, 0.30), (THREE, 0.30)]),
        )
        .expect("a verdict");
        assert_eq!(v.label, Label::Good);
        assert!(
            matches!(
                v.reason,
                Reason::Better {
                    better: MINUS_TEN,
                    better_total: 80,
                    your_total: 98,
                    gain: 2,
                    edge: Edge::Room,
                    ..
                }
            ),
            "{:?}",
            v.reason
        );
    }

    #[test]
    fn a_best_play_says_what_it_made_and_how_far_ahead_it_was() {
        let d = at_ninety(EIGHT);
        let v = verdict(
            &d,
            &values([(MINUS_TEN, 0.41), (EIGHT, 0.70), (TWO, 0.52), (THREE, 0.58)]),
        )
        .expect("a verdict");
        assert_eq!(v.label, Label::Best);
        match v.reason {
            Reason::Best {
                played,
                total,
                stuck,
                next_is_me,
                ahead,
                ..
            } => {
                assert_eq!((played, total, next_is_me, ahead), (EIGHT, 98, false, 12));
                assert!(stuck.is_some_and(|s| s >= 10), "{stuck:?}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn options_that_win_alike_say_so_and_a_cut_review_has_no_verdict() {
        let d = at_ninety(TWO);
        let v = verdict(
            &d,
            &values([(MINUS_TEN, 0.501), (EIGHT, 0.5), (TWO, 0.499), (THREE, 0.5)]),
        )
        .expect("a verdict");
        assert_eq!(v.label, Label::Best);
        assert_eq!(v.reason, Reason::AllAlike { win: 50 });
        // The play made was never weighed: no verdict, never a guess.
        let part = values([(MINUS_TEN, 0.5), (EIGHT, 0.5), (THREE, 0.5), (THREE, 0.5)]);
        assert_eq!(verdict(&d, &part), None);
        assert_eq!(verdict(&d, &[]), None);
    }

    #[test]
    fn a_real_review_gives_every_option_facts_and_a_consistent_reason() {
        for played in [EIGHT, MINUS_TEN, TWO, THREE] {
            let d = at_ninety(played);
            let v = verdict(&d, &evaluate(&d, 200, 3)).expect("a verdict");
            assert_eq!(v.options.len(), 4);
            assert!(v.options.windows(2).all(|w| w[0].win >= w[1].win));
            assert!(v
                .options
                .iter()
                .all(|o| o.total.is_some() && o.stuck.is_some()));
            match v.reason {
                Reason::Better { better, gain, .. } => {
                    assert_ne!(v.label, Label::Best);
                    assert_ne!(better, played);
                    assert!(gain >= 1);
                }
                Reason::Best { played: p, .. } => {
                    assert_eq!(v.label, Label::Best);
                    assert_eq!(p, played);
                }
                Reason::AllAlike { .. } => assert_eq!(v.label, Label::Best),
            }
        }
    }

    #[test]
    fn counts_follow_the_labels() {
        use Label::*;
        assert_eq!(
            label_counts(&[Best, Mistake, Best, Good, Inaccuracy, Best]),
            [3, 1, 1, 1]
        );
        assert_eq!(label_counts(&[]), [0; 4]);
    }
}
