//! Every worked example of docs/rules.md §9 and every decided ruling, each as a
//! named scenario built from readable card strings.

mod common;

use common::*;
use ono99::rules::*;

fn modern() -> RuleSet {
    RuleSet::modern()
}

fn classic() -> RuleSet {
    RuleSet::classic()
}

fn with(mut rules: RuleSet, options: &[(&str, &str)]) -> RuleSet {
    for (name, value) in options {
        rules.set(name, value).expect("valid option");
    }
    rules
}

fn totals(events: &[Event]) -> Vec<i32> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Played { total, .. } | Event::DiscardedFourOno { total, .. } => Some(*total),
            _ => None,
        })
        .collect()
}

// ----- docs/rules.md §9 worked examples ------------------------------------------

#[test]
fn example_1_numbers_add_to_the_total() {
    let mut m = start(position(modern(), &["3 R 99 99", "6 99 99 99"], 7, "1 2"));
    assert_eq!(totals(&play(&mut m, "3")), vec![10]);
    assert_eq!(seat(&m), 1);
    assert_eq!(totals(&play(&mut m, "6")), vec![16]);
    assert_eq!(m.total(), 16);
}

#[test]
fn example_2_every_card_would_reach_99_so_the_player_is_out() {
    let m = start(position(
        modern(),
        &["5 5 10 10", "1 2 3 4", "1 2 3 4"],
        94,
        "",
    ));
    assert!(!m.in_hand().contains(Seat(0)));
    assert_eq!(cards_to_string(m.laid_down(Seat(0))), "5 5 10 10");
    assert!(m.hand(Seat(0)).is_empty());
    assert_eq!(seat(&m), 1);
    assert!(m
        .log()
        .iter()
        .any(|e| matches!(e, Event::PlayerOut { seat: Seat(0), .. })));
}

#[test]
fn example_3_minus_ten_below_zero_modern_out_classic_negative() {
    let m = start(position(modern(), &["-10 -10 99 99", "1 2 3 4"], 8, ""));
    assert!(
        !m.in_hand().contains(Seat(0)),
        "no legal play in modern: out"
    );

    let mut c = start(position(classic(), &["-10 -10 99 99", "2 3 4 5"], 8, ""));
    assert_eq!(c.legal_actions(), vec![Action::Play(Card::MinusTen)]);
    assert_eq!(totals(&play(&mut c, "-10")), vec![-2]);
}

#[test]
fn example_4_reverse_passes_a_play_2_back_with_three_players() {
    let mut m = start(position(
        modern(),
        &["P2 1 2 3", "R 4 5 6", "7 8 9 10"],
        20,
        "",
    ));
    let events = play(&mut m, "P2");
    assert!(events.contains(&Event::ObligationPlaced {
        seat: Seat(1),
        by: Seat(0)
    }));
    assert_eq!((seat(&m), step(&m)), (1, TurnStep::FirstOfTwo));
    let events = play(&mut m, "R");
    assert!(events.contains(&Event::DirectionChanged {
        direction: Direction::Counterclockwise
    }));
    assert!(events.contains(&Event::ObligationMoved {
        from: Seat(1),
        to: Seat(0)
    }));
    assert_eq!((seat(&m), step(&m)), (0, TurnStep::FirstOfTwo));
    assert_eq!(m.owes_two(), Some(Seat(0)));
}

#[test]
fn example_5_reverse_passes_a_play_2_back_with_two_players() {
    let mut m = start(position(modern(), &["P2 1 2 3", "R 4 5 6"], 20, ""));
    play(&mut m, "P2");
    assert_eq!((seat(&m), step(&m)), (1, TurnStep::FirstOfTwo));
    play(&mut m, "R");
    assert_eq!((seat(&m), step(&m)), (0, TurnStep::FirstOfTwo));
}

#[test]
fn example_6_out_on_the_second_play_ends_the_obligation() {
    let mut p = position(modern(), &["1 2 3 4", "8 5 7 9", "0 1 2 3"], 90, "10");
    p.to_act = Seat(1);
    p.step = TurnStep::FirstOfTwo;
    let mut m = start(p);
    let events = play(&mut m, "8");
    assert_eq!(totals(&events), vec![98]);
    assert!(events.contains(&Event::Drew {
        seat: Seat(1),
        card: Card::Number(10)
    }));
    assert!(events.contains(&Event::PlayerOut {
        seat: Seat(1),
        laid_down: parse_cards("5 7 9 10").unwrap()
    }));
    assert_eq!((seat(&m), step(&m)), (2, TurnStep::Single));
    assert_eq!(m.owes_two(), None);
}

#[test]
fn example_7_four_ono_99_cards_are_discarded_together() {
    let mut m = start(position(
        modern(),
        &["99 99 99 99", "1 2 3 4"],
        50,
        "5 6 7 8",
    ));
    assert_eq!(m.legal_actions(), vec![Action::DiscardFourOno]);
    let events = m.apply(Action::DiscardFourOno).unwrap().to_vec();
    assert_eq!(totals(&events), vec![50]);
    assert_eq!(m.total(), 50);
    assert_eq!(hand(&m, 0), "5 6 7 8");
    assert_eq!(
        m.discard_pile()
            .iter()
            .filter(|&&c| c == Card::NinetyNine)
            .count(),
        4
    );
    assert_eq!(seat(&m), 1);
}

#[test]
fn example_8_an_empty_draw_pile_is_rebuilt_from_the_discard_pile() {
    let rules = modern();
    let hands = ["1 2 3 4", "5 6 7 8"];
    let mut used = CardCounts::default();
    for h in hands {
        for c in parse_cards(h).unwrap() {
            used.add(c);
        }
    }
    let mut p = Position::new(rules, &hands, 20).unwrap();
    p.discard_pile = rules.edition.deck_counts().minus(&used).unwrap().to_vec();
    p.draw_pile = Some(Vec::new());
    let mut m = start(p);
    assert_eq!(m.draw_pile_len(), 0);
    let events = play(&mut m, "1");
    let order = events.iter().find_map(|e| match e {
        Event::Reshuffled { order } => Some(order.clone()),
        _ => None,
    });
    let order = order.expect("a reshuffle");
    assert_eq!(
        order.len(),
        112 - 8 + 1,
        "the whole discard pile, the new card too"
    );
    assert!(events.contains(&Event::Drew {
        seat: Seat(0),
        card: order[0]
    }));
    assert_eq!(m.total(), 21);
    assert!(m.discard_pile().is_empty());
    assert_eq!(m.draw_pile_len(), order.len() - 1);
}

// ----- Play 2 / Double Play rulings (§4, §5) ----------------------------------

#[test]
fn modern_play_2_passes_on_with_a_play_2_and_never_stacks() {
    let mut m = start(position(
        modern(),
        &["P2 1 2 3", "P2 4 5 6", "1 2 3 4"],
        20,
        "",
    ));
    play(&mut m, "P2");
    let events = play(&mut m, "P2");
    assert!(events.contains(&Event::ObligationMoved {
        from: Seat(1),
        to: Seat(2)
    }));
    assert_eq!((seat(&m), step(&m)), (2, TurnStep::FirstOfTwo));
    play(&mut m, "1");
    assert_eq!((seat(&m), step(&m)), (2, TurnStep::SecondOfTwo));
    play(&mut m, "2");
    assert_eq!(
        (seat(&m), step(&m)),
        (0, TurnStep::Single),
        "two plays, never more"
    );
}

#[test]
fn modern_play_2_as_the_second_play_obliges_the_next_player() {
    let mut p = position(modern(), &["1 2 3 4", "1 P2 3 4", "1 2 3 4"], 20, "");
    p.to_act = Seat(1);
    p.step = TurnStep::FirstOfTwo;
    let mut m = start(p);
    play(&mut m, "1");
    assert_eq!(step(&m), TurnStep::SecondOfTwo);
    let events = play(&mut m, "P2");
    assert!(events.contains(&Event::ObligationPlaced {
        seat: Seat(2),
        by: Seat(1)
    }));
    assert_eq!((seat(&m), step(&m)), (2, TurnStep::FirstOfTwo));
}

#[test]
fn out_on_the_first_play_of_an_obligation_ends_it() {
    let mut m = start(position(
        modern(),
        &["P2 1 2 3", "5 6 7 8", "0 1 2 3"],
        95,
        "",
    ));
    play(&mut m, "P2");
    assert!(!m.in_hand().contains(Seat(1)));
    assert_eq!((seat(&m), step(&m)), (2, TurnStep::Single));
}

#[test]
fn classic_hold_passes_a_double_play_on_in_the_same_direction() {
    let mut m = start(position(
        classic(),
        &["P2 2 3 4", "H 5 6 7", "2 3 4 5"],
        20,
        "",
    ));
    play(&mut m, "P2");
    assert_eq!((seat(&m), step(&m)), (1, TurnStep::FirstOfTwo));
    let events = play(&mut m, "H");
    assert!(events.contains(&Event::ObligationMoved {
        from: Seat(1),
        to: Seat(2)
    }));
    assert_eq!((seat(&m), step(&m)), (2, TurnStep::FirstOfTwo));
    assert_eq!(m.direction(), Direction::Clockwise);
}

#[test]
fn classic_reverse_passes_a_double_play_back() {
    let mut m = start(position(
        classic(),
        &["P2 2 3 4", "R 5 6 7", "2 3 4 5"],
        20,
        "",
    ));
    play(&mut m, "P2");
    play(&mut m, "R");
    assert_eq!((seat(&m), step(&m)), (0, TurnStep::FirstOfTwo));
    assert_eq!(m.direction(), Direction::Counterclockwise);
}

#[test]
fn classic_double_play_cannot_open_two_plays_but_can_close_them() {
    let mut p = position(classic(), &["2 3 4 5", "P2 2 3 4", "2 3 4 5"], 20, "");
    p.to_act = Seat(1);
    p.step = TurnStep::FirstOfTwo;
    let mut m = start(p);
    assert!(!m.legal_actions().contains(&Action::Play(Card::PlayTwo)));
    refused(
        &mut m,
        Action::Play(Card::PlayTwo),
        RuleError::CannotOpenWithDoublePlay,
    );
    play(&mut m, "2");
    assert!(m.legal_actions().contains(&Action::Play(Card::PlayTwo)));
    play(&mut m, "P2");
    assert_eq!((seat(&m), step(&m)), (2, TurnStep::FirstOfTwo));
}

#[test]
fn modern_hold_like_play_does_not_deflect_but_reverse_does_in_both() {
    // A 99 played as a Hold (dead_but_tens) deflects only where Hold does: classic.
    let rules = with(modern(), &[("ninety_nine", "dead_but_tens")]);
    let mut p = position(rules, &["1 2 3 4", "99 1 2 3", "1 2 3 4"], 30, "");
    p.to_act = Seat(1);
    p.step = TurnStep::FirstOfTwo;
    let mut m = start(p);
    play(&mut m, "99");
    assert_eq!((seat(&m), step(&m)), (1, TurnStep::SecondOfTwo));

    let rules = with(classic(), &[("ninety_nine", "dead_but_tens")]);
    let mut p = position(rules, &["2 3 4 5", "99 2 3 4", "2 3 4 5"], 30, "");
    p.to_act = Seat(1);
    p.step = TurnStep::FirstOfTwo;
    let mut m = start(p);
    play(&mut m, "99");
    assert_eq!((seat(&m), step(&m)), (2, TurnStep::FirstOfTwo));
}

// ----- turn order ------------------------------------------------------------

#[test]
fn reverse_with_two_players_works_like_a_zero() {
    let mut m = start(position(modern(), &["R 1 2 3", "4 5 6 7"], 20, ""));
    play(&mut m, "R");
    assert_eq!(seat(&m), 1);
    assert_eq!(m.total(), 20);
    play(&mut m, "4");
    assert_eq!(seat(&m), 0);
}

#[test]
fn reverse_flips_the_order_with_three_players() {
    let mut m = start(position(
        modern(),
        &["R 1 2 3", "4 5 6 7", "1 2 3 4"],
        20,
        "",
    ));
    play(&mut m, "R");
    assert_eq!(seat(&m), 2);
    play(&mut m, "1");
    assert_eq!(seat(&m), 1);
}

#[test]
fn players_who_are_out_are_skipped() {
    let mut m = start(position(
        modern(),
        &["1 2 3 4", "out", "5 6 7 8", "1 2 3 4"],
        20,
        "",
    ));
    play(&mut m, "1");
    assert_eq!(seat(&m), 2);
    play(&mut m, "5");
    assert_eq!(seat(&m), 3);
    play(&mut m, "1");
    assert_eq!(seat(&m), 0);
}

#[test]
fn the_first_player_sits_left_of_the_dealer() {
    for seed in 0..20 {
        let m = Match::new(modern(), 5, seed).unwrap();
        let Some(Event::HandStarted {
            dealer,
            first,
            deck,
            ..
        }) = m.log().first()
        else {
            panic!("no deal");
        };
        assert_eq!(first.0, (dealer.0 + 1) % 5);
        assert_eq!(deck.len(), 112);
        // The deal goes one card at a time from the first player.
        assert_eq!(m.hand(*first)[0], deck[0]);
        assert_eq!(m.hand(Seat((first.0 + 1) % 5))[0], deck[1]);
        assert_eq!(m.draw_pile_len(), 112 - 20);
    }
}

#[test]
fn the_last_player_to_play_wins_when_nobody_else_can() {
    let mut m = start(position(modern(), &["3 1 2 4", "5 6 7 8"], 95, ""));
    play(&mut m, "3");
    assert!(m.is_over());
    assert_eq!(m.outcome().unwrap().winners, vec![Seat(0)]);
    assert_eq!(
        m.log().last(),
        Some(&Event::MatchOver {
            winners: vec![Seat(0)]
        })
    );
    refused(&mut m, Action::Play(Card::Number(1)), RuleError::MatchOver);
}

// ----- legality and options (§3, §5, §8) --------------------------------------

#[test]
fn reaching_99_is_never_legal_by_default() {
    let mut m = start(position(modern(), &["9 1 2 3", "1 2 3 4"], 90, ""));
    refused(
        &mut m,
        Action::Play(Card::Number(9)),
        RuleError::TotalTooHigh {
            card: Card::Number(9),
            total: 90,
            new_total: 99,
            lose_at: LoseAt::Reach99,
        },
    );
    assert!(!m.legal_actions().contains(&Action::Play(Card::Number(9))));
}

#[test]
fn exceed_99_allows_exactly_99() {
    let rules = with(modern(), &[("lose_at", "exceed_99")]);
    let mut m = start(position(rules, &["9 10 2 3", "1 2 3 4"], 90, ""));
    refused(
        &mut m,
        Action::Play(Card::Number(10)),
        RuleError::TotalTooHigh {
            card: Card::Number(10),
            total: 90,
            new_total: 100,
            lose_at: LoseAt::Exceed99,
        },
    );
    assert_eq!(totals(&play(&mut m, "9")), vec![99]);
}

#[test]
fn negatives_forbid_allow_and_floor() {
    let mut m = start(position(
        modern(),
        &["-10 99 99 99", "1 2 3 4", "1 2 3 4"],
        15,
        "",
    ));
    assert_eq!(totals(&play(&mut m, "-10")), vec![5]);
    let mut m = start(position(modern(), &["-10 1 99 99", "1 2 3 4"], 5, ""));
    refused(
        &mut m,
        Action::Play(Card::MinusTen),
        RuleError::BelowZero { total: 5 },
    );

    let allow = with(modern(), &[("negatives", "allow")]);
    let mut m = start(position(allow, &["-10 1 99 99", "1 2 3 4"], 5, ""));
    assert_eq!(totals(&play(&mut m, "-10")), vec![-5]);

    let floor = with(modern(), &[("negatives", "floor")]);
    let mut m = start(position(floor, &["-10 1 99 99", "1 2 3 4"], 5, ""));
    assert_eq!(totals(&play(&mut m, "-10")), vec![0]);
}

#[test]
fn ninety_nine_dead_is_never_playable() {
    let mut m = start(position(modern(), &["99 1 2 3", "1 2 3 4"], 30, ""));
    refused(
        &mut m,
        Action::Play(Card::NinetyNine),
        RuleError::NinetyNineDead,
    );
}

#[test]
fn ninety_nine_dead_but_tens_plays_as_a_hold_on_multiples_of_ten_once_a_turn() {
    let rules = with(classic(), &[("ninety_nine", "dead_but_tens")]);
    let mut m = start(position(rules, &["99 2 3 4", "2 3 4 5"], 35, ""));
    refused(
        &mut m,
        Action::Play(Card::NinetyNine),
        RuleError::NinetyNineNotOnTen { total: 35 },
    );
    let mut m = start(position(rules, &["99 2 3 4", "2 3 4 5"], -20, ""));
    assert_eq!(totals(&play(&mut m, "99")), vec![-20]);

    // Owing two plays: the first 99 is fine, a second in the same turn is not.
    let modern_tens = with(modern(), &[("ninety_nine", "dead_but_tens")]);
    let mut p = position(modern_tens, &["99 99 1 2", "1 2 3 4"], 40, "99");
    p.step = TurnStep::FirstOfTwo;
    let mut m = start(p);
    play(&mut m, "99");
    assert_eq!(step(&m), TurnStep::SecondOfTwo);
    refused(
        &mut m,
        Action::Play(Card::NinetyNine),
        RuleError::NinetyNineOncePerTurn,
    );
}

#[test]
fn ninety_nine_sets_99_needs_exceed_99() {
    let rules = with(
        classic(),
        &[("ninety_nine", "sets_99"), ("lose_at", "exceed_99")],
    );
    let mut m = start(position(rules, &["99 2 3 4", "2 H 4 5"], 12, ""));
    assert_eq!(totals(&play(&mut m, "99")), vec![99]);
    // The next player may only play what keeps the total at 99 or lower.
    assert_eq!(m.legal_actions(), vec![Action::Play(Card::Hold)]);

    let reach = with(classic(), &[("ninety_nine", "sets_99")]);
    let mut m = start(position(reach, &["99 2 3 4", "2 3 4 5"], 12, ""));
    refused(
        &mut m,
        Action::Play(Card::NinetyNine),
        RuleError::TotalTooHigh {
            card: Card::NinetyNine,
            total: 12,
            new_total: 99,
            lose_at: LoseAt::Reach99,
        },
    );
}

#[test]
fn four_ono_discard_only_where_the_option_allows() {
    let m = start(position(classic(), &["99 99 99 99", "2 3 4 5"], 50, ""));
    assert!(
        m.log()
            .iter()
            .any(|e| matches!(e, Event::PlayerOut { seat: Seat(0), .. })),
        "classic: four 99s and no discard is out"
    );

    let mut m = start(position(modern(), &["99 99 99 1", "1 2 3 4"], 50, ""));
    refused(&mut m, Action::DiscardFourOno, RuleError::NotFourOno);
    let off = with(modern(), &[("four_ono_discard", "false")]);
    let mut m = start(position(off, &["99 99 99 1", "1 2 3 4"], 50, ""));
    refused(&mut m, Action::DiscardFourOno, RuleError::FourOnoDiscardOff);
}

#[test]
fn a_card_not_in_hand_or_out_of_turn_is_refused() {
    let mut m = start(position(modern(), &["1 2 3 4", "5 6 7 8"], 20, ""));
    refused(
        &mut m,
        Action::Play(Card::Reverse),
        RuleError::CardNotInHand {
            card: Card::Reverse,
        },
    );
    let before = m.clone();
    assert_eq!(
        m.apply_for(Seat(1), Action::Play(Card::Number(5)))
            .map(|e| e.len()),
        Err(RuleError::NotYourTurn {
            seat: Seat(1),
            to_act: Seat(0)
        })
    );
    assert_eq!(m, before);
}

// ----- match formats (§6) ----------------------------------------------------

#[test]
fn tokens_the_first_player_out_loses_a_token_and_leads_the_next_hand() {
    let m = start(position(
        classic(),
        &["10 10 10 10", "2 3 4 5", "2 3 4 5"],
        90,
        "",
    ));
    assert_eq!(m.tokens().0, vec![2, 3, 3]);
    assert_eq!(m.hand_number(), 2);
    assert_eq!(
        m.to_act().unwrap(),
        ToAct {
            seat: Seat(0),
            step: TurnStep::Single
        }
    );
    assert_eq!(m.total(), 0);
    assert!(m.log().iter().any(|e| matches!(
        e,
        Event::HandOver {
            loser: Some(Seat(0)),
            tokens: Some(_),
            ..
        }
    )));
    assert!(matches!(
        m.log().last(),
        Some(Event::HandStarted {
            dealer: Seat(2),
            first: Seat(0),
            ..
        })
    ));
    assert_eq!(m.card_census(), Edition::Classic.deck_counts());
}

fn points_match(options: &[(&str, &str)]) -> Match {
    let rules = with(modern(), &[&[("format", "points")][..], options].concat());
    start(position(rules, &["5 5 10 10", "R 1 2 3"], 94, ""))
}

#[test]
fn points_score_cards_in_hand_and_25_for_going_out() {
    let m = points_match(&[]);
    // Seat 0 went out: 30 laid down + 25. Seat 1 holds R 1 2 3: 15 + 6.
    assert_eq!(m.scores().0, vec![55, 21]);
    assert_eq!(m.hand_number(), 2);
    assert!(!m.is_over());
    assert!(matches!(
        m.log().last(),
        Some(Event::HandStarted {
            dealer: Seat(1),
            first: Seat(0),
            ..
        })
    ));
}

#[test]
fn points_knockout_removes_players_at_the_limit() {
    let m = points_match(&[("points_limit", "50")]);
    assert_eq!(m.outcome().unwrap().winners, vec![Seat(1)]);
    assert!(m.log().contains(&Event::LeftMatch { seat: Seat(0) }));
    // Everyone over the limit at once: the lowest score wins.
    let m = points_match(&[("points_limit", "20")]);
    assert_eq!(m.outcome().unwrap().winners, vec![Seat(1)]);
}

#[test]
fn points_lowest_ends_the_match_when_anyone_reaches_the_limit() {
    let m = points_match(&[("points_limit", "50"), ("points_end", "lowest")]);
    assert_eq!(m.outcome().unwrap().winners, vec![Seat(1)]);
    assert!(!m.log().iter().any(|e| matches!(e, Event::LeftMatch { .. })));
}

#[test]
fn bad_setups_are_refused_with_a_reason() {
    assert_eq!(
        Match::new(modern(), 1, 0).map(|_| ()),
        Err(SetupError::SeatCount(1))
    );
    assert_eq!(
        Match::new(modern(), 9, 0).map(|_| ()),
        Err(SetupError::SeatCount(9))
    );
    let mut bad = modern();
    bad.tokens = 0;
    assert!(matches!(Match::new(bad, 4, 0), Err(SetupError::Option(_))));
    let too_many = Position::new(classic(), &["0 1 2 3", "2 3 4 5"], 0).unwrap();
    assert_eq!(
        Match::from_position(too_many).map(|_| ()),
        Err(SetupError::TooManyCards {
            card: Card::Number(0)
        })
    );
}

#[test]
fn places_rank_the_winner_first_and_the_first_out_last() {
    for seed in 0..40 {
        let mut m = Match::new(modern(), 4, seed).unwrap();
        let mut rng = Rng::new(seed);
        while m.to_act().is_some() {
            let legal = m.legal_actions();
            m.apply(legal[rng.below(legal.len())]).unwrap();
        }
        let places = m.places();
        let outs: Vec<Seat> = m
            .log()
            .iter()
            .filter_map(|e| match e {
                Event::PlayerOut { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        assert_eq!(places[m.outcome().unwrap().winners[0]], 1);
        for (i, seat) in outs.iter().enumerate() {
            assert_eq!(places[*seat], 4 - i, "seed {seed}: out order {outs:?}");
        }
    }
    // Tied lowest scores share first place.
    let m = points_match(&[("points_limit", "50"), ("points_end", "lowest")]);
    assert_eq!(m.places().0, vec![2, 1]);
}
