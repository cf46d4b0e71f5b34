//! Tunes the weights of the scored look-ahead (`bots::medium::Weights`)
//! against the Medium bot, by coordinate search over paired games:
//!
//! ```sh
//! cargo run --release --example tune -- <seats> <games per trial> <seed> <rounds> [modern|classic]
//! ```
//!
//! Every trial plays the same deals (each in all seat rotations), one seat
//! with the candidate weights and the others with Medium's, so two trials
//! differ only by the weights. A change is kept when it wins more games
//! than the best so far by a margin; the result is checked on fresh deals.
//! docs/bots.md has what it found and what that did for the Hard bot.

use ono99::bots::medium::{choose_with, Weights};
use ono99::bots::play::{game_seed, SeriesGame};
use ono99::rules::{Match, Rng, RuleSet};
use std::sync::atomic::{AtomicU64, Ordering};

/// Wins of the candidate over `games` games (each deal in all rotations).
fn wins(rules: RuleSet, w: &Weights, seats: usize, games: u64, seed: u64) -> u64 {
    let next = AtomicU64::new(0);
    let total = AtomicU64::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                let mut won = 0;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    won += u64::from(play(rules, w, seats, seed, i));
                }
                total.fetch_add(won, Ordering::Relaxed);
            });
        }
    });
    total.into_inner()
}

/// Whether the candidate (entry 0) wins game `i`.
fn play(rules: RuleSet, w: &Weights, n: usize, seed: u64, i: u64) -> bool {
    let game = SeriesGame::new(seed, n, i);
    let Ok(mut m) = Match::new_unlogged(rules, n, game.deal) else {
        return false;
    };
    let mut rngs: Vec<Rng> = (0..n)
        .map(|s| Rng::new(game_seed(game.deal, game.entry_at(s) as u64 + 1)))
        .collect();
    let mut legal = Vec::new();
    while let Some(turn) = m.to_act() {
        m.legal_actions_into(&mut legal);
        let seat = turn.seat.index();
        let weights = if game.entry_at(seat) == 0 {
            w
        } else {
            &Weights::MEDIUM
        };
        let view = m.view(turn.seat);
        let action = choose_with(weights, &view, &legal, &mut rngs[seat]);
        if m.apply(action).is_err() {
            return false;
        }
    }
    m.outcome()
        .is_some_and(|o| o.winners.iter().any(|w| game.entry_at(w.index()) == 0))
}

/// The tunable weights, by name, as mutable references.
fn params(w: &mut Weights) -> Vec<(&'static str, &mut f64)> {
    let [d0, d1, d2] = &mut w.drifts;
    vec![
        ("attack", &mut w.attack),
        ("fail_second", &mut w.fail_second),
        ("self_risk", &mut w.self_risk),
        ("drift0", d0),
        ("drift1", d1),
        ("drift2", d2),
        ("keep_play_two", &mut w.keep_play_two),
        ("keep_play_two_classic", &mut w.keep_play_two_classic),
        ("keep_reverse", &mut w.keep_reverse),
        ("keep_minus_ten", &mut w.keep_minus_ten),
        ("keep_minus_ten_low", &mut w.keep_minus_ten_low),
        ("keep_zero", &mut w.keep_zero),
        ("keep_per_point", &mut w.keep_per_point),
    ]
}

fn main() {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let rules = match words.get(4).map(String::as_str) {
        None | Some("modern") => RuleSet::modern(),
        Some("classic") => RuleSet::classic(),
        Some(other) => {
            eprintln!("unknown rules '{other}' (modern, classic)");
            std::process::exit(2);
        }
    };
    let args: Vec<u64> = words
        .iter()
        .take(4)
        .filter_map(|a| a.parse().ok())
        .collect();
    let [seats @ (2..=8), games @ 1..=u64::MAX, seed, rounds] = args[..] else {
        eprintln!("usage: tune <seats 2-8> <games per trial> <seed> <rounds> [modern|classic]");
        std::process::exit(2);
    };
    let seats = seats as usize;
    let rate = |won: u64| 100.0 * won as f64 / games as f64;
    let mut best = Weights::MEDIUM;
    let mut best_wins = wins(rules, &best, seats, games, seed);
    println!("medium: {:.2}%", rate(best_wins));
    // A change must win this many more games (about one standard error of
    // a paired difference) to be kept.
    let margin = (games as f64).sqrt() * 0.35;
    let mut step = 0.5;
    for round in 0..rounds {
        let count = params(&mut best.clone()).len();
        for k in 0..count {
            for dir in [1.0, -1.0] {
                let mut cand = best;
                let name = {
                    let mut ps = params(&mut cand);
                    let (name, v) = &mut ps[k];
                    let old = **v;
                    **v = if old.abs() < 1e-9 {
                        dir * step * 0.2
                    } else {
                        old * (1.0 + dir * step)
                    };
                    *name
                };
                let won = wins(rules, &cand, seats, games, seed);
                let kept = won as f64 > best_wins as f64 + margin;
                println!(
                    "round {round} {name:<18} {} {:.2}% {}",
                    if dir > 0.0 { "+" } else { "-" },
                    rate(won),
                    if kept { "kept" } else { "" }
                );
                if kept {
                    best = cand;
                    best_wins = won;
                    break;
                }
            }
        }
        step *= 0.6;
        println!("after round {round}: {:.2}% {best:?}", rate(best_wins));
    }
    let check = wins(rules, &best, seats, games, seed + 1_000_003);
    let base = wins(rules, &Weights::MEDIUM, seats, games, seed + 1_000_003);
    println!(
        "fresh deals: tuned {:.2}%, medium {:.2}%",
        rate(check),
        rate(base)
    );
    println!("{best:#?}");
}
