//! Whole random games per second: `cargo bench --bench games`.
//! Target (README): at least 200,000 modern 4-seat games per second on one core.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ono99::rules::{Match, Rng, RuleSet};
use std::hint::black_box;

/// Plays one whole game with uniform random choices; returns the plays made.
fn random_game(
    rules: RuleSet,
    seats: usize,
    seed: u64,
    legal: &mut Vec<ono99::rules::Action>,
) -> u32 {
    let mut m = match Match::new_unlogged(rules, seats, seed) {
        Ok(m) => m,
        Err(_) => return 0,
    };
    let mut rng = Rng::new(seed.rotate_left(17));
    while m.to_act().is_some() {
        m.legal_actions_into(legal);
        let a = legal[rng.below(legal.len())];
        if m.apply(a).is_err() {
            break;
        }
    }
    m.plays()
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_games");
    group.throughput(Throughput::Elements(1));
    for (name, rules) in [
        ("modern_4_seats", RuleSet::modern()),
        ("classic_4_seats", RuleSet::classic()),
    ] {
        let mut seed = 0u64;
        let mut legal = Vec::with_capacity(8);
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(rules, 4, black_box(seed), &mut legal))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
