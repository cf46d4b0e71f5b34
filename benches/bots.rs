//! Bot speed: `cargo bench --bench bots`.
//!
//! `ismcts/modern_4_seats` reports ISMCTS iterations per second (the issue's
//! target: at least 150,000 on one core) over a fixed set of modern 4-seat
//! positions taken from Medium self-play; `medium/choose` is the cost of one
//! Medium decision.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ono99::bots::{make_bot, Budget, HardBot, Level};
use ono99::rules::{Match, PlayerView, Rng, RuleSet};
use std::hint::black_box;

/// Iterations per measured search.
const ITERATIONS: u32 = 1_000;

/// Views of the seat to act, with more than one legal action, from Medium
/// self-play: the positions a Hard bot actually has to think about.
fn positions(
    rules: RuleSet,
    seats: usize,
    count: usize,
) -> Vec<(PlayerView, Vec<ono99::rules::Action>)> {
    let mut out = Vec::new();
    let mut medium = make_bot(Level::Medium);
    let mut seed = 0;
    while out.len() < count {
        seed += 1;
        let Ok(mut m) = Match::new_unlogged(rules, seats, seed) else {
            break;
        };
        let mut rng = Rng::new(seed);
        while let Some(turn) = m.to_act() {
            let legal = m.legal_actions();
            let view = m.view(turn.seat);
            if legal.len() > 1 && m.plays() % 5 == 2 && out.len() < count {
                out.push((view.clone(), legal.clone()));
            }
            let action = medium.choose(&view, &legal, &mut rng);
            if m.apply(action).is_err() {
                break;
            }
        }
    }
    out
}

fn ismcts(c: &mut Criterion) {
    let mut group = c.benchmark_group("ismcts");
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    group.sample_size(30);
    for (name, rules, seats) in [
        ("modern_4_seats", RuleSet::modern(), 4),
        ("modern_2_seats", RuleSet::modern(), 2),
        ("classic_4_seats", RuleSet::classic(), 4),
    ] {
        let views = positions(rules, seats, 64);
        let mut bot = HardBot::new(Budget::iterations(ITERATIONS), None);
        let mut rng = Rng::new(1);
        let mut k = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                k = (k + 1) % views.len();
                let (view, _) = &views[k];
                black_box(bot.search(black_box(view), &mut rng))
            })
        });
    }
    group.finish();
}

fn medium(c: &mut Criterion) {
    let views = positions(RuleSet::modern(), 4, 256);
    let mut bot = make_bot(Level::Medium);
    let mut rng = Rng::new(1);
    let mut k = 0;
    c.bench_function("medium/choose", |b| {
        b.iter(|| {
            k = (k + 1) % views.len();
            let (view, legal) = &views[k];
            black_box(bot.choose(black_box(view), legal, &mut rng))
        })
    });
}

criterion_group!(benches, ismcts, medium);
criterion_main!(benches);
