//! `ono99`: simulate, replay and arena on the command line.

use ono99::bots::play::{game_seed, play_out, Player};
use ono99::bots::Level;
use ono99::rules::{replay, GameRecord, Match, RuleSet, Seat};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

mod arena;

const USAGE: &str = "usage:
  ono99 simulate --rules modern|classic [--option name=value]... --seats random,random,... --games N --seed S [--records DIR]
  ono99 replay FILE...
  ono99 arena --rules modern|classic [--option name=value]... --seats hard,medium,... --games N --seed S [--threads T] [--hard-iterations N]";

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    // File names need not be UTF-8; every other argument must be.
    if args.first().is_some_and(|a| a == "replay") {
        return replay_files(&args[1..]);
    }
    let args = match args
        .into_iter()
        .map(OsString::into_string)
        .collect::<Result<Vec<String>, OsString>>()
    {
        Ok(args) => args,
        Err(bad) => {
            eprintln!(
                "ono99: argument '{}' is not valid UTF-8",
                bad.to_string_lossy()
            );
            return ExitCode::FAILURE;
        }
    };
    let result = match args.first().map(String::as_str) {
        Some("simulate") => simulate(&args[1..]),
        Some("arena") => arena::run(&args[1..]),
        Some("--help" | "-h" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!(
            "unknown command '{other}' (commands: simulate, replay, arena; see ono99 --help)"
        )),
        None => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("ono99: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The options shared by `simulate` and `arena`.
pub struct Common {
    pub rules: RuleSet,
    pub seats: Vec<Level>,
    pub games: u64,
    pub seed: u64,
    pub records: Option<PathBuf>,
    pub threads: usize,
}

/// Parses `--rules`, `--option`, `--seats`, `--games`, `--seed`, and, where
/// allowed, `--records` and `--threads`.
pub fn parse_common(
    args: &[String],
    allow_records: bool,
    allow_threads: bool,
) -> Result<Common, String> {
    let mut preset: Option<String> = None;
    let mut options: Vec<String> = Vec::new();
    let mut seats: Option<String> = None;
    let mut games: Option<u64> = None;
    let mut seed: Option<u64> = None;
    let mut records = None;
    let mut threads = 1usize;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "--rules" => preset = Some(value()?),
            "--option" => options.push(value()?),
            "--seats" => seats = Some(value()?),
            "--games" => {
                let v = value()?;
                games = Some(v.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                    format!("--games must be a positive whole number, not '{v}'")
                })?);
            }
            "--seed" => {
                let v = value()?;
                seed = Some(v.parse().map_err(|_| {
                    format!("--seed must be a whole number from 0 to 2^64-1, not '{v}'")
                })?);
            }
            "--records" if allow_records => records = Some(PathBuf::from(value()?)),
            "--threads" if allow_threads => {
                let v = value()?;
                threads = v
                    .parse()
                    .ok()
                    .filter(|n| (1..=64).contains(n))
                    .ok_or_else(|| format!("--threads must be from 1 to 64, not '{v}'"))?;
            }
            other => return Err(format!("unknown argument '{other}' (see ono99 --help)")),
        }
    }
    let preset = preset.ok_or("--rules is required (modern or classic)")?;
    let mut rules = RuleSet::preset(&preset).map_err(|e| e.to_string())?;
    for o in &options {
        rules.set_assignment(o).map_err(|e| e.to_string())?;
    }
    let seats = seats.ok_or("--seats is required (for example random,random,random,random)")?;
    let seats = seats
        .split(',')
        .map(|s| s.trim().parse::<Level>())
        .collect::<Result<Vec<_>, _>>()?;
    if !(2..=8).contains(&seats.len()) {
        return Err(format!("a game needs 2 to 8 seats, not {}", seats.len()));
    }
    Ok(Common {
        rules,
        seats,
        games: games.ok_or("--games is required")?,
        seed: seed.ok_or("--seed is required")?,
        records,
        threads,
    })
}

fn simulate(args: &[String]) -> Result<(), String> {
    let c = parse_common(args, true, false)?;
    if let Some(dir) = &c.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let n = c.seats.len();
    let mut wins = vec![0u64; n];
    let mut plays = 0u64;
    let start = Instant::now();
    for i in 0..c.games {
        let seed = game_seed(c.seed, i);
        let mut m = if c.records.is_some() {
            Match::new(c.rules, n, seed)
        } else {
            Match::new_unlogged(c.rules, n, seed)
        }
        .map_err(|e| e.to_string())?;
        let mut players: Vec<Player> = c
            .seats
            .iter()
            .enumerate()
            .map(|(s, &level)| Player::new(level, game_seed(seed, s as u64 + 1)))
            .collect();
        play_out(&mut m, &mut players).map_err(|e| format!("game {i}: a bot broke a rule: {e}"))?;
        plays += m.plays() as u64;
        if let Some(o) = m.outcome() {
            for &Seat(s) in &o.winners {
                wins[s as usize] += 1;
            }
        }
        if let Some(dir) = &c.records {
            let names = c.seats.iter().map(|l| l.name().to_string()).collect();
            let record = GameRecord::from_match(&m, names).map_err(|e| e.to_string())?;
            let path = dir.join(format!("game-{i:06}.json"));
            std::fs::write(&path, record.to_json())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!("rules: {}", c.rules);
    println!("games: {}  seed: {}", c.games, c.seed);
    for (s, level) in c.seats.iter().enumerate() {
        println!(
            "seat {s} ({level}): {} wins ({:.1}%)",
            wins[s],
            100.0 * wins[s] as f64 / c.games as f64
        );
    }
    println!("mean plays per game: {:.1}", plays as f64 / c.games as f64);
    println!("games per second: {:.0}", c.games as f64 / secs.max(1e-9));
    Ok(())
}

/// Checks every file, good or bad: one `ok` line on stdout per good record,
/// one line on stderr per bad one, and failure if any was bad.
fn replay_files(files: &[OsString]) -> ExitCode {
    if files.is_empty() {
        eprintln!("ono99: replay needs at least one record file");
        return ExitCode::FAILURE;
    }
    let mut failed = false;
    for f in files.iter().map(Path::new) {
        let name = one_line(&f.to_string_lossy());
        match replay_file(f) {
            Ok(summary) => println!("{name}: ok ({summary})"),
            Err(problem) => {
                eprintln!("ono99: {name}: {}", one_line(&problem));
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Text with its control characters escaped, so that a line break in a file
/// name, or in text a message quotes from a file, cannot split a report line.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Reads and replays one record; what went well, or what is wrong with it.
fn replay_file(f: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(f).map_err(|e| format!("cannot read: {e}"))?;
    let record = GameRecord::from_json(&text).map_err(|e| e.to_string())?;
    let m = replay(&record).map_err(|e| e.to_string())?;
    let winners: Vec<String> = m
        .outcome()
        .map(|o| o.winners.iter().map(|s| s.0.to_string()).collect())
        .unwrap_or_default();
    Ok(format!(
        "{} hands, {} plays, winner seat {}",
        record.hands.len(),
        m.plays(),
        winners.join(",")
    ))
}
