//! `ono99 arena`: bots against each other with rotating seats.
//!
//! Games are played as a rotated series ([`SeriesGame`]): game `i` uses deal
//! `i / n` (seeded from `--seed`) and rotation `i % n`, so every bot plays
//! every deal from every seat. Each game depends only on its index, so the
//! figures are the same for any `--threads`; only the timings vary.

use ono99::bots::play::{game_seed, Player, SeriesGame};
use ono99::bots::{make_bot, Budget, HardBot, Level};
use ono99::rules::{Match, RuleSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// What one entry of `--seats` did over the games it played.
#[derive(Clone, Debug, Default)]
struct Score {
    wins: u64,
    decisions: u64,
    nanos: u128,
    /// The longest single decision.
    max_nanos: u128,
    /// Decisions that took longer than [`SLOW_NANOS`].
    slow: u64,
    /// How many decisions took each whole number of [`BUCKET_NANOS`]
    /// (the last bucket holds everything longer), for percentiles.
    buckets: Vec<u64>,
}

/// The width of a decision-time bucket: a tenth of a millisecond.
const BUCKET_NANOS: u128 = 100_000;
/// Buckets up to 100 ms; longer decisions share the last one.
const BUCKETS: usize = 1_001;

/// The Hard bot's target time per move: 25 ms.
const SLOW_NANOS: u128 = 25_000_000;

impl Score {
    fn add(&mut self, other: &Score) {
        self.wins += other.wins;
        self.decisions += other.decisions;
        self.nanos += other.nanos;
        self.max_nanos = self.max_nanos.max(other.max_nanos);
        self.slow += other.slow;
        if self.buckets.len() < other.buckets.len() {
            self.buckets.resize(other.buckets.len(), 0);
        }
        for (b, o) in self.buckets.iter_mut().zip(&other.buckets) {
            *b += o;
        }
    }

    fn record(&mut self, nanos: u128) {
        self.nanos += nanos;
        self.max_nanos = self.max_nanos.max(nanos);
        self.slow += u64::from(nanos > SLOW_NANOS);
        self.decisions += 1;
        if self.buckets.is_empty() {
            self.buckets = vec![0; BUCKETS];
        }
        let i = usize::try_from(nanos / BUCKET_NANOS).map_or(BUCKETS - 1, |i| i.min(BUCKETS - 1));
        self.buckets[i] += 1;
    }

    /// The time in milliseconds within which a share `q` of the decisions
    /// took: the upper edge of its bucket, or the longest decision if that
    /// is shorter; `None` beyond the last bucket (100 ms).
    fn percentile_ms(&self, q: f64) -> Option<f64> {
        let want = (q * self.decisions as f64).ceil() as u64;
        let mut seen = 0;
        for (i, &count) in self.buckets.iter().enumerate() {
            seen += count;
            if seen >= want.max(1) {
                let edge = (i + 1) as f64 * BUCKET_NANOS as f64 / 1e6;
                return (i + 1 < BUCKETS).then(|| edge.min(self.max_nanos as f64 / 1e6));
            }
        }
        None
    }
}

/// `--hard-iterations N`, the arena's own option, taken out of `args`.
fn hard_iterations(args: &[String]) -> Result<(Vec<String>, Option<u32>), String> {
    let mut rest = Vec::with_capacity(args.len());
    let mut iterations = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--hard-iterations" {
            let v = it.next().ok_or("--hard-iterations needs a value")?;
            iterations = Some(v.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                format!("--hard-iterations must be a positive whole number, not '{v}'")
            })?);
        } else {
            rest.push(a.clone());
        }
    }
    Ok((rest, iterations))
}

pub fn run(args: &[String]) -> Result<(), String> {
    let (args, hard) = hard_iterations(args)?;
    let c = super::parse_common(&args, false, true)?;
    let n = c.seats.len();
    let next_game = AtomicU64::new(0);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let start = Instant::now();
    let per_thread: Vec<Vec<Score>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..c.threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut scores = vec![Score::default(); n];
                    loop {
                        let i = next_game.fetch_add(1, Ordering::Relaxed);
                        if i >= c.games {
                            break;
                        }
                        if let Err(e) = play_game(c.rules, &c.seats, hard, c.seed, i, &mut scores) {
                            if let Ok(mut f) = failure.lock() {
                                f.get_or_insert(e);
                            }
                            // Stop every worker: the run is void.
                            next_game.store(c.games, Ordering::Relaxed);
                            break;
                        }
                    }
                    scores
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_default())
            .collect()
    });
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    let mut totals = vec![Score::default(); n];
    for scores in &per_thread {
        for (t, s) in totals.iter_mut().zip(scores) {
            t.add(s);
        }
    }
    report(
        &c.rules, &c.seats, hard, c.games, c.seed, c.threads, &totals,
    );
    println!("wall time: {:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// Plays game `index` and adds each entry's wins and decision times to `scores`.
fn play_game(
    rules: RuleSet,
    entries: &[Level],
    hard: Option<u32>,
    seed: u64,
    index: u64,
    scores: &mut [Score],
) -> Result<(), String> {
    let n = entries.len();
    let game = SeriesGame::new(seed, n, index);
    let mut m = Match::new_unlogged(rules, n, game.deal).map_err(|e| e.to_string())?;
    let mut players: Vec<Player> = (0..n)
        .map(|s| {
            let e = game.entry_at(s);
            let level = entries[e];
            let bot = match (level, hard) {
                (Level::Hard, Some(n)) => Box::new(HardBot::new(Budget::iterations(n), None)),
                _ => make_bot(level),
            };
            Player::with_bot(
                level,
                bot,
                game_seed(game.deal, (e as u64 + 1) * 1_000 + index),
            )
        })
        .collect();
    let mut legal = Vec::with_capacity(8);
    while let Some(turn) = m.to_act() {
        m.legal_actions_into(&mut legal);
        let seat = turn.seat.index();
        let clock = Instant::now();
        let action = players[seat].decide(&m, turn.seat, &legal);
        scores[game.entry_at(seat)].record(clock.elapsed().as_nanos());
        m.apply(action).map_err(|e| {
            format!(
                "game {index}: a {} bot broke a rule: {e}",
                entries[game.entry_at(seat)]
            )
        })?;
    }
    if let Some(outcome) = m.outcome() {
        for w in &outcome.winners {
            scores[game.entry_at(w.index())].wins += 1;
        }
    }
    Ok(())
}

/// The Wilson score interval for `wins` successes in `games` trials, at 95%.
fn wilson(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let n = games as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Prints one line per level: seats that share a level are pooled, so their
/// win rate is the share of games won by any of them (fair share: seats / n).
fn report(
    rules: &RuleSet,
    entries: &[Level],
    hard: Option<u32>,
    games: u64,
    seed: u64,
    threads: usize,
    totals: &[Score],
) {
    let n = entries.len();
    println!("rules: {rules}");
    if let Some(n) = hard {
        println!("hard bot budget: {n} iterations");
    }
    println!(
        "games: {games}  seats: {n}  seed: {seed}  threads: {threads}  (each deal played in all {n} seat rotations)"
    );
    if games % n as u64 != 0 {
        println!("note: {games} is not a multiple of {n}, so the rotations are not quite even");
    }
    println!(
        "{:<8} {:>5} {:>8} {:>8} {:>17} {:>6} {:>12} {:>8} {:>8} {:>8} {:>8} {:>10}",
        "bot",
        "seats",
        "wins",
        "rate",
        "95% CI",
        "fair",
        "ms/decision",
        "p99 ms",
        "p99.9 ms",
        "max ms",
        ">25 ms",
        "decisions"
    );
    let mut levels: Vec<Level> = Vec::new();
    for &l in entries {
        if !levels.contains(&l) {
            levels.push(l);
        }
    }
    for level in levels {
        let mut pooled = Score::default();
        let mut seats = 0;
        for (e, s) in entries.iter().zip(totals) {
            if *e == level {
                pooled.add(s);
                seats += 1;
            }
        }
        let (lo, hi) = wilson(pooled.wins.min(games), games);
        let ms = if pooled.decisions == 0 {
            0.0
        } else {
            pooled.nanos as f64 / pooled.decisions as f64 / 1e6
        };
        let percentile = |q: f64| match pooled.percentile_ms(q) {
            Some(ms) => format!("{ms:.1}"),
            None => "100+".to_string(),
        };
        println!(
            "{:<8} {:>5} {:>8} {:>7.1}% {:>7.1}%–{:>5.1}% {:>5.1}% {:>12.4} {:>8} {:>8} {:>8.1} {:>8} {:>10}",
            level.name(),
            seats,
            pooled.wins,
            100.0 * pooled.wins as f64 / games as f64,
            100.0 * lo,
            100.0 * hi,
            100.0 * seats as f64 / n as f64,
            ms,
            percentile(0.99),
            percentile(0.999),
            pooled.max_nanos as f64 / 1e6,
            pooled.slow,
            pooled.decisions
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{wilson, Score};

    #[test]
    fn percentiles_come_from_the_recorded_times() {
        let mut s = Score::default();
        // 990 decisions of 1.05 ms, 9 of 7.3 ms and one of 250 ms.
        for _ in 0..990 {
            s.record(1_050_000);
        }
        for _ in 0..9 {
            s.record(7_300_000);
        }
        s.record(250_000_000);
        assert_eq!(s.percentile_ms(0.5), Some(1.1));
        assert_eq!(s.percentile_ms(0.99), Some(1.1));
        assert_eq!(s.percentile_ms(0.995), Some(7.4));
        assert_eq!(s.percentile_ms(0.999), Some(7.4));
        assert_eq!(s.percentile_ms(1.0), None);
        let mut pooled = Score::default();
        pooled.add(&s);
        pooled.add(&s);
        assert_eq!(pooled.decisions, 2_000);
        assert_eq!(pooled.percentile_ms(0.999), Some(7.4));
        assert_eq!(pooled.slow, 2);
    }

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (lo, hi) = wilson(50, 100);
        assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
        let (lo, hi) = wilson(0, 10);
        assert!(lo == 0.0 && hi > 0.2 && hi < 0.35);
    }
}
