//! Final standings ([`Match::places`]) in every format: thousands of whole
//! matches played by bots, each checked against the order in which players
//! left the match as read back from its events.

mod common;

use common::{position, start};
use ono99::bots::{make_bot, Bot, Level};
use ono99::rules::*;

/// The order in which seats left the match, read from the events alone:
/// `Some(k)` for the k-th departure, seats leaving in the same hand of a
/// `points` knockout sharing `k`. In `elimination`, going out is leaving.
fn departures_from_log(m: &Match) -> Vec<Option<u32>> {
    let mut left = vec![None; m.seat_count()];
    let mut count = 0u32;
    // The hand of the last departure, to group a knockout's leavers.
    let mut last_hand = 0u32;
    let mut hand = 0u32;
    for event in m.log() {
        match event {
            Event::HandStarted { hand: h, .. } => hand = *h,
            Event::PlayerOut { seat, .. } if m.rules().format == Format::Elimination => {
                count += 1;
                left[seat.index()] = Some(count);
            }
            Event::LeftMatch { seat } => {
                if count == 0 || hand != last_hand || m.rules().format == Format::Tokens {
                    count += 1;
                }
                last_hand = hand;
                left[seat.index()] = Some(count);
            }
            _ => {}
        }
    }
    left
}

/// Plays `m` to its end, seat by seat with `bots`, checking the standings
/// whenever they may change.
fn play_out(m: &mut Match, bots: &mut [Box<dyn Bot>], rng: &mut Rng) {
    let mut steps = 0u32;
    while let Some(turn) = m.to_act() {
        let view = m.view(turn.seat);
        let legal = m.legal_actions();
        let action = bots[turn.seat.index()].choose(&view, &legal, rng);
        let events = m.apply(action).expect("bots choose legal actions");
        // The standings change only when someone goes out.
        if events.iter().any(|e| matches!(e, Event::PlayerOut { .. })) {
            check_places(m);
        }
        steps += 1;
        assert!(steps < 500_000, "the match does not end");
    }
    check_places(m);
}

/// What must hold of the standings at any moment, and more once it is over.
fn check_places(m: &Match) {
    let rules = m.rules();
    let n = m.seat_count();
    let places = m.places();
    let left = departures_from_log(m);
    let context = || {
        format!(
            "{rules} {n} seats: places {:?}, departures {left:?}, tokens {:?}, scores {:?}",
            places.0,
            m.tokens().0,
            m.scores().0
        )
    };
    assert_eq!(m.departures().0, left, "{}", context());
    for a in m.seats() {
        let p = places[a];
        assert!((1..=n).contains(&p), "place out of range: {}", context());
        // Standard competition ranking: place = 1 + how many rank above.
        let above = m.seats().filter(|&b| places[b] < p).count();
        assert_eq!(p, 1 + above, "places skip or crowd: {}", context());
        for b in m.seats() {
            match (left[a.index()], left[b.index()]) {
                // Still in ranks above anyone who left; later above earlier.
                (None, Some(_)) => assert!(places[a] < places[b], "{}", context()),
                (Some(x), Some(y)) if x > y => {
                    assert!(places[a] < places[b], "{}", context())
                }
                _ => {}
            }
        }
    }
    let Some(outcome) = m.outcome() else { return };
    for seat in m.seats() {
        assert_eq!(
            places[seat] == 1,
            outcome.winners.contains(&seat),
            "place 1 is exactly the winners: {}",
            context()
        );
    }
    match (rules.format, rules.points_end) {
        (Format::Tokens | Format::Elimination, _) => {
            let mut sorted = places.0.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (1..=n).collect::<Vec<_>>(), "{}", context());
        }
        (Format::Points, PointsEnd::Lowest) => {
            for seat in m.seats() {
                let below = m.seats().filter(|&o| m.scores()[o] < m.scores()[seat]);
                assert_eq!(places[seat], 1 + below.count(), "{}", context());
            }
        }
        (Format::Points, PointsEnd::Knockout) => {
            // Left in the same hand (or still in at the end): the lower
            // score ranks higher, equal scores share.
            for a in m.seats() {
                for b in m.seats() {
                    if left[a.index()] == left[b.index()] {
                        let (sa, sb) = (m.scores()[a], m.scores()[b]);
                        assert_eq!(sa.cmp(&sb), places[a].cmp(&places[b]), "{}", context());
                    }
                }
            }
        }
    }
}

/// The option mixes played below: each format and its settings, on top of
/// both editions and a spread of the other options.
fn rule_sets() -> Vec<RuleSet> {
    let mut out = Vec::new();
    for base in [RuleSet::modern(), RuleSet::classic()] {
        let mut formats = vec![(Format::Elimination, 3, 500, PointsEnd::Knockout)];
        for tokens in [1, 2, 3, 5] {
            formats.push((Format::Tokens, tokens, 500, PointsEnd::Knockout));
        }
        for limit in [60, 150, 500] {
            formats.push((Format::Points, 3, limit, PointsEnd::Knockout));
            formats.push((Format::Points, 3, limit, PointsEnd::Lowest));
        }
        for (i, (format, tokens, points_limit, points_end)) in formats.into_iter().enumerate() {
            out.push(RuleSet {
                format,
                tokens,
                points_limit,
                points_end,
                negatives: Negatives::ALL[i % 3],
                lose_at: LoseAt::ALL[(i / 3) % 2],
                ninety_nine: NinetyNine::ALL[(i / 2) % 3],
                ..base
            });
        }
    }
    out
}

#[test]
fn places_follow_the_order_of_leaving_in_thousands_of_matches() {
    let mut rng = Rng::new(99);
    let mut matches = 0;
    for rules in rule_sets() {
        for i in 0..280u64 {
            let seats = 2 + (i as usize % 7);
            // Mostly random players, with an Easy bot now and then, which
            // keeps away from the limit and so makes longer hands.
            let mut bots: Vec<Box<dyn Bot>> = (0..seats)
                .map(|s| {
                    make_bot(if (i as usize + s) % 5 == 0 {
                        Level::Easy
                    } else {
                        Level::Random
                    })
                })
                .collect();
            let mut m = Match::new(rules, seats, rng.next_u64()).expect("valid setup");
            play_out(&mut m, &mut bots, &mut rng);
            matches += 1;
            // Saves replay the actions: the standings come back the same.
            if i % 20 == 0 {
                let names = (0..seats).map(|s| format!("bot {s}")).collect();
                let record = GameRecord::from_match(&m, names).expect("finished and logged");
                let again = replay(&record).expect("replays");
                assert_eq!(again.places(), m.places());
                assert_eq!(again.departures(), m.departures());
            }
        }
    }
    assert!(matches >= 5_000, "{matches} matches");
}

/// A match played with random choices from `seed`, to the end.
fn random_match(rules: RuleSet, seats: usize, seed: u64) -> Match {
    let mut m = Match::new(rules, seats, seed).expect("valid setup");
    let mut rng = Rng::new(seed);
    while m.to_act().is_some() {
        let legal = m.legal_actions();
        m.apply(legal[rng.below(legal.len())]).expect("legal");
    }
    m
}

/// The reported case: a 5-player `tokens` match once ended 1, 2, 2, 2, 5,
/// the last player to leave ranked below those who had left before.
#[test]
fn a_five_player_tokens_match_ranks_by_the_order_of_leaving() {
    for tokens in [1, 3] {
        for seed in 0..50 {
            let rules = RuleSet {
                tokens,
                ..RuleSet::classic()
            };
            let m = random_match(rules, 5, seed);
            let leavers: Vec<Seat> = m
                .log()
                .iter()
                .filter_map(|e| match e {
                    Event::LeftMatch { seat } => Some(*seat),
                    _ => None,
                })
                .collect();
            assert_eq!(leavers.len(), 4);
            let winner = m.outcome().expect("over").winners[0];
            let places = m.places();
            assert_eq!(places[winner], 1);
            // The last to leave is second, the first to leave fifth.
            for (i, seat) in leavers.iter().enumerate() {
                assert_eq!(places[*seat], 5 - i, "seed {seed}: left {leavers:?}");
            }
        }
    }
    // The match of the report: seat 3 won in hand 19; seats 0, 1, 2 and 4
    // left in that order. Ranking by the last hand alone put the three who
    // left first in a tie and the last to leave last: [2, 2, 2, 1, 5].
    let m = random_match(RuleSet::classic(), 5, 7);
    assert_eq!(m.outcome().expect("over").winners, vec![Seat(3)]);
    assert_eq!(
        m.departures().0,
        vec![Some(1), Some(2), Some(3), None, Some(4)]
    );
    assert_eq!(m.places().0, vec![5, 4, 3, 1, 2]);
}

/// In a knockout, several players can leave in the same hand: the lower
/// score ranks higher, and they all rank below whoever stayed longer.
#[test]
fn a_knockout_ranks_players_who_leave_together_by_score() {
    let rules = RuleSet {
        format: Format::Points,
        points_limit: 60,
        ..RuleSet::modern()
    };
    let mut together = 0;
    for seed in 0..400 {
        let m = random_match(rules, 6, seed);
        check_places(&m);
        let left = m.departures();
        let mut seen = std::collections::HashSet::new();
        together += left
            .0
            .iter()
            .flatten()
            .filter(|d| !seen.insert(**d))
            .count();
    }
    assert!(together > 0, "no knockout removed two players at once");
}

/// A set-up `elimination` position: seats already out of the one hand
/// rank below everyone still playing it.
#[test]
fn seats_out_before_a_set_up_position_rank_last() {
    let rules = RuleSet::modern();
    let p = position(rules, &["1 2 3 4", "out", "5 6 7 8", "out"], 0, "");
    let m = start(p);
    assert_eq!(
        m.departures().0,
        vec![None, Some(1), None, Some(1)],
        "out before the position counts as leaving first, together"
    );
    assert_eq!(m.places().0, vec![1, 3, 1, 3]);
}
