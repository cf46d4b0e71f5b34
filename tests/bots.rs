//! The bots: legal choices only, no peeking, determinism, and a strength
//! check with a wide margin (the exact figures belong to `ono99 arena`).

use ono99::bots::play::game_seed;
use ono99::bots::tally::playable;
use ono99::bots::{make_bot, make_bot_with_clock, Bot, Budget, HardBot, Level};
use ono99::rules::{
    parse_cards, Action, Card, Direction, Match, PlayerView, Position, Rng, RuleSet, Seat, TurnStep,
};
use std::cell::Cell;
use std::rc::Rc;

/// A Hard bot small enough for debug-mode tests.
fn tiny_hard(iterations: u32) -> Box<dyn Bot> {
    Box::new(HardBot::new(Budget::iterations(iterations), None))
}

/// The bot for `level`, with a tiny search budget for Hard.
fn test_bot(level: Level) -> Box<dyn Bot> {
    match level {
        Level::Hard => tiny_hard(6),
        other => make_bot(other),
    }
}

/// Every rule set the tests cover: both presets and the options that change
/// what bots may play.
fn rule_sets() -> Vec<RuleSet> {
    let mut sets = vec![RuleSet::modern(), RuleSet::classic()];
    let variants: [&[(&str, &str)]; 6] = [
        &[("ninety_nine", "dead_but_tens")],
        &[("ninety_nine", "sets_99"), ("lose_at", "exceed_99")],
        &[("negatives", "floor"), ("format", "points")],
        &[
            ("format", "points"),
            ("points_end", "lowest"),
            ("points_limit", "150"),
        ],
        &[("format", "tokens"), ("tokens", "1")],
        &[("negatives", "allow"), ("four_ono_discard", "false")],
    ];
    for (i, options) in variants.iter().enumerate() {
        let mut r = if i % 2 == 0 {
            RuleSet::classic()
        } else {
            RuleSet::modern()
        };
        for (name, value) in options.iter() {
            r.set(name, value).expect("a valid option");
        }
        sets.push(r);
    }
    sets
}

/// Plays one match to its end, checking that every choice is legal, and
/// returns the actions taken.
fn play_checked(rules: RuleSet, levels: &[Level], seed: u64) -> Vec<Action> {
    let mut m = Match::new_unlogged(rules, levels.len(), seed).expect("a valid match");
    let mut bots: Vec<Box<dyn Bot>> = levels.iter().map(|&l| test_bot(l)).collect();
    let mut rngs: Vec<Rng> = (0..levels.len())
        .map(|s| Rng::new(game_seed(seed, s as u64 + 1)))
        .collect();
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    while let Some(turn) = m.to_act() {
        m.legal_actions_into(&mut legal);
        let s = turn.seat.index();
        let view = m.view(turn.seat);
        let action = bots[s].choose(&view, &legal, &mut rngs[s]);
        assert!(
            legal.contains(&action),
            "{} chose {action} outside {legal:?} (rules {rules}, seed {seed})",
            levels[s]
        );
        m.apply(action).expect("a legal action is accepted");
        actions.push(action);
        assert!(actions.len() < 100_000, "the match does not end");
    }
    actions
}

#[test]
fn every_bot_plays_only_legal_actions_across_10000_games() {
    let sets = rule_sets();
    let mut games = 0u64;
    let mut i = 0u64;
    while games < 10_000 {
        let rules = sets[(i % sets.len() as u64) as usize];
        let seats = 2 + (i / sets.len() as u64 % 7) as usize;
        // Mostly the cheap levels; Hard (tiny budget) in one game out of 25.
        let levels: Vec<Level> = (0..seats)
            .map(|s| match (i + s as u64) % 25 {
                0 if s == 0 => Level::Hard,
                k if k % 3 == 0 => Level::Random,
                k if k % 3 == 1 => Level::Easy,
                _ => Level::Medium,
            })
            .collect();
        play_checked(rules, &levels, game_seed(99, i));
        games += 1;
        i += 1;
    }
}

#[test]
fn the_card_estimates_agree_with_the_engine() {
    for rules in rule_sets() {
        let deck = rules.edition.deck_counts();
        for card in Card::ALL {
            // A Reverse beside the card keeps seat 0 in the hand whatever the total.
            if deck.get(card) == 0 || (card == Card::Reverse && deck.get(card) < 2) {
                continue;
            }
            for step in [
                TurnStep::Single,
                TurnStep::FirstOfTwo,
                TurnStep::SecondOfTwo,
            ] {
                for total in -30..=105 {
                    let position = Position {
                        rules,
                        hands: vec![Some(vec![card, Card::Reverse]), Some(vec![])],
                        total,
                        to_act: Seat(0),
                        step,
                        direction: Direction::Clockwise,
                        discard_pile: Vec::new(),
                        laid_down: Vec::new(),
                        draw_pile: None,
                        seed: 1,
                    };
                    let m = Match::from_position(position).expect("a valid position");
                    assert_eq!(
                        m.check(Action::Play(card)).is_ok(),
                        playable(&rules, card, total, step),
                        "{card} at {total} ({step:?}) under {rules}"
                    );
                }
            }
        }
    }
}

/// Two matches with the same public state and different hidden cards.
fn twin_matches() -> (Match, Match) {
    let rules = RuleSet::modern();
    let discard = parse_cards("7 9 10 P2 R 5 8 10 10 -10 6").expect("cards");
    let build = |other: [&str; 2], seed: u64| {
        let hands = [
            "10 5 R P2".to_string(),
            other[0].to_string(),
            other[1].to_string(),
        ];
        let position = Position {
            rules,
            hands: hands
                .iter()
                .map(|h| Some(parse_cards(h).expect("cards")))
                .collect(),
            total: 87,
            to_act: Seat(0),
            step: TurnStep::Single,
            direction: Direction::Counterclockwise,
            discard_pile: discard.clone(),
            laid_down: Vec::new(),
            draw_pile: None,
            seed,
        };
        Match::from_position(position).expect("a valid position")
    };
    (
        build(["9 9 10 10", "99 99 8 7"], 1),
        build(["0 R -10 P2", "1 2 3 4"], 2),
    )
}

#[test]
fn changing_the_hidden_cards_changes_no_choice() {
    let (a, b) = twin_matches();
    assert_ne!(a.hand(Seat(1)), b.hand(Seat(1)));
    assert_ne!(a.draw_pile_top_first(), b.draw_pile_top_first());
    let (va, vb) = (a.view(Seat(0)), b.view(Seat(0)));
    assert_eq!(va, vb, "the views must not show hidden cards");
    let legal = a.legal_actions();
    assert_eq!(legal, b.legal_actions());
    for level in Level::ALL {
        for seed in 0..20 {
            let mut bot_a = if level == Level::Hard {
                tiny_hard(300)
            } else {
                make_bot(level)
            };
            let mut bot_b = if level == Level::Hard {
                tiny_hard(300)
            } else {
                make_bot(level)
            };
            let x = bot_a.choose(&va, &legal, &mut Rng::new(seed));
            let y = bot_b.choose(&vb, &legal, &mut Rng::new(seed));
            assert_eq!(x, y, "{level} changed its mind with the hidden cards");
        }
    }
}

/// Positions from real games, each with a second match that deals the hidden
/// cards differently: the seat's view is unchanged, and so is every choice.
#[test]
fn redealt_hidden_cards_change_no_view_and_no_choice() {
    let mut checked = 0;
    for (g, rules) in rule_sets().into_iter().enumerate() {
        for seats in [2, 4, 6] {
            let seed = game_seed(5, (g * 10 + seats) as u64);
            let mut m = Match::new_unlogged(rules, seats, seed).expect("a valid match");
            let mut rng = Rng::new(seed);
            let mut legal = Vec::new();
            let mut medium = make_bot(Level::Medium);
            while let Some(turn) = m.to_act() {
                m.legal_actions_into(&mut legal);
                let view = m.view(turn.seat);
                if m.plays() % 7 == 3 && legal.len() > 1 {
                    let twin = view.determinize(&mut rng).expect("a determinization");
                    let twin_view: PlayerView = twin.view(turn.seat);
                    assert_eq!(view, twin_view);
                    assert_eq!(twin.legal_actions(), legal);
                    for level in Level::ALL {
                        let mut a = test_bot(level);
                        let mut b = test_bot(level);
                        let s = m.plays() as u64;
                        assert_eq!(
                            a.choose(&view, &legal, &mut Rng::new(s)),
                            b.choose(&twin_view, &legal, &mut Rng::new(s)),
                        );
                    }
                    checked += 1;
                }
                let action = medium.choose(&view, &legal, &mut rng);
                m.apply(action).expect("legal");
            }
        }
    }
    assert!(checked > 100, "only {checked} positions checked");
}

#[test]
fn the_same_seed_gives_the_same_game() {
    for (i, rules) in rule_sets().into_iter().enumerate() {
        let levels = [Level::Hard, Level::Medium, Level::Easy, Level::Random];
        let seed = 1_000 + i as u64;
        assert_eq!(
            play_checked(rules, &levels, seed),
            play_checked(rules, &levels, seed)
        );
    }
    // A real-size Hard search is deterministic too.
    let (m, _) = twin_matches();
    let view = m.view(Seat(0));
    let mut a = HardBot::new(Budget::iterations(2_000), None);
    let mut b = HardBot::new(Budget::iterations(2_000), None);
    assert_eq!(
        a.search(&view, &mut Rng::new(3)),
        b.search(&view, &mut Rng::new(3))
    );
}

#[test]
fn a_clock_cuts_the_search_short() {
    let now = Rc::new(Cell::new(0.0));
    let ticking = Rc::clone(&now);
    // Every reading of this clock is one millisecond later.
    let clock = Box::new(move || {
        ticking.set(ticking.get() + 1.0);
        ticking.get()
    });
    let budget = Budget {
        iterations: 100_000,
        plays: None,
        millis: Some(5.0),
    };
    let mut bot = HardBot::new(budget, Some(clock));
    let (m, _) = twin_matches();
    let visits: u32 = bot
        .search(&m.view(Seat(0)), &mut Rng::new(1))
        .iter()
        .map(|&(_, v)| v)
        .sum();
    assert!(visits > 0 && visits < 1_000, "{visits} iterations");
    assert!(now.get() > 3.0);
    // The browser constructor takes a clock and still plays legally.
    let mut browser = make_bot_with_clock(Level::Hard, Box::new(|| 0.0));
    let legal = m.legal_actions();
    assert!(legal.contains(&browser.choose(&m.view(Seat(0)), &legal, &mut Rng::new(1))));
}

#[test]
fn a_plays_budget_cuts_the_search_the_same_way_every_time() {
    let (m, _) = twin_matches();
    let view = m.view(Seat(0));
    let visits = |plays: u64| -> (u32, Vec<(Action, u32)>) {
        let budget = Budget {
            iterations: 100_000,
            plays: Some(plays),
            millis: None,
        };
        let found = HardBot::new(budget, None).search(&view, &mut Rng::new(9));
        (found.iter().map(|&(_, v)| v).sum(), found)
    };
    let (small, first) = visits(5_000);
    let (again, second) = visits(5_000);
    let (large, _) = visits(10_000);
    // Every iteration simulates at least one play, so the limit bounds them.
    assert!(small > 0 && small <= 5_000, "{small} iterations");
    assert!(
        small < large && large <= 10_000,
        "{small} then {large} iterations"
    );
    assert_eq!((small, first), (again, second));
    // The default budget has a plays limit, so no move takes many times the usual.
    assert!(Budget::DEFAULT.plays.is_some());
}

/// Win rate of `level` in seat rotation against three Random players.
fn win_rate_against_random(level: Level, games: u64) -> f64 {
    let mut wins = 0;
    for i in 0..games {
        let me = (i % 4) as usize;
        let levels: Vec<Level> = (0..4)
            .map(|s| if s == me { level } else { Level::Random })
            .collect();
        let seed = game_seed(42, i);
        let mut m = Match::new_unlogged(RuleSet::modern(), 4, seed).expect("a valid match");
        let mut bots: Vec<Box<dyn Bot>> = levels.iter().map(|&l| make_bot(l)).collect();
        let mut rng = Rng::new(seed);
        let mut legal = Vec::new();
        while let Some(turn) = m.to_act() {
            m.legal_actions_into(&mut legal);
            let action = bots[turn.seat.index()].choose(&m.view(turn.seat), &legal, &mut rng);
            m.apply(action).expect("legal");
        }
        if m.outcome()
            .is_some_and(|o| o.winners.contains(&Seat(me as u8)))
        {
            wins += 1;
        }
    }
    wins as f64 / games as f64
}

#[test]
fn medium_and_easy_clearly_beat_random() {
    // A fair share is 25%; the arena measures about 53% (Medium) and 48% (Easy).
    let medium = win_rate_against_random(Level::Medium, 400);
    assert!(medium > 0.38, "Medium won only {:.1}%", 100.0 * medium);
    let easy = win_rate_against_random(Level::Easy, 400);
    assert!(easy > 0.33, "Easy won only {:.1}%", 100.0 * easy);
}
