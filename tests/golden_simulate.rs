//! Fixed-seed simulations must give the same games after a refactor.
//!
//! `tests/golden/simulate.txt` holds what `ono99 simulate` printed (wins per
//! seat and mean plays, without the speed line) for random, easy and medium
//! seats in both editions and every match format, plus a digest of every
//! record those runs wrote, taken before the code was restructured. Any change
//! to a game, a bot's choice or an event in the log shows up here.
//!
//! After a change that is *meant* to alter games, regenerate the file with
//! `ONO99_BLESS=1 cargo test --test golden_simulate` and say why in the commit.

use std::path::PathBuf;
use std::process::Command;

/// The runs: rules, options, seats, games, seed.
const RUNS: &[(&str, &[&str], &str, u32, u64)] = &[
    ("modern", &[], "random,random,random,random", 2000, 1),
    ("modern", &[], "random,random", 2000, 2),
    (
        "modern",
        &[],
        "random,random,random,random,random,random,random,random",
        500,
        3,
    ),
    ("modern", &[], "easy,random,medium,random", 300, 4),
    ("modern", &[], "medium,easy", 300, 5),
    (
        "modern",
        &["format=tokens"],
        "random,easy,medium,random,random",
        100,
        6,
    ),
    ("modern", &["format=points"], "medium,random,easy", 60, 7),
    (
        "modern",
        &["format=points", "points_end=lowest", "points_limit=200"],
        "random,medium,easy,random",
        60,
        8,
    ),
    (
        "modern",
        &[
            "negatives=floor",
            "ninety_nine=sets_99",
            "lose_at=exceed_99",
        ],
        "easy,medium,random",
        300,
        9,
    ),
    (
        "modern",
        &["ninety_nine=dead_but_tens", "four_ono_discard=false"],
        "random,easy,medium,random,easy,medium",
        200,
        10,
    ),
    ("classic", &[], "random,random,random,random", 300, 11),
    ("classic", &[], "medium,easy,random", 100, 12),
    (
        "classic",
        &["format=elimination"],
        "easy,medium,random,random,easy,medium,random,medium",
        200,
        13,
    ),
    (
        "classic",
        &["format=points", "tokens=2"],
        "random,medium",
        60,
        14,
    ),
    (
        "classic",
        &["negatives=forbid", "ninety_nine=sets_99", "tokens=1"],
        "medium,random,easy,random",
        150,
        15,
    ),
];

/// Runs whose records are digested too (every event of every game).
const RECORDED: &[usize] = &[0, 3, 5, 7, 11, 13];

fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/simulate.txt")
}

/// FNV-1a, 64 bits: a stable digest with no dependency.
fn fnv(bytes: &[u8], mut h: u64) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn run(index: usize) -> String {
    let (rules, options, seats, games, seed) = RUNS[index];
    let mut args: Vec<String> = vec!["simulate".into(), "--rules".into(), rules.into()];
    for o in options {
        args.push("--option".into());
        args.push((*o).into());
    }
    args.extend(["--seats".into(), seats.into()]);
    args.extend(["--games".into(), games.to_string()]);
    args.extend(["--seed".into(), seed.to_string()]);
    let dir = std::env::temp_dir().join(format!("ono99-golden-{}-{index}", std::process::id()));
    let recorded = RECORDED.contains(&index);
    if recorded {
        let _ = std::fs::remove_dir_all(&dir);
        args.extend(["--records".into(), dir.to_string_lossy().into_owned()]);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_ono99"))
        .args(&args)
        .output()
        .expect("the ono99 binary runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut text = format!(
        "$ ono99 {}\n",
        args[..args.len() - if recorded { 2 } else { 0 }].join(" ")
    );
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        if !line.starts_with("games per second") {
            text.push_str(line);
            text.push('\n');
        }
    }
    if recorded {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("records written")
            .map(|e| e.expect("directory entry").path())
            .collect();
        files.sort();
        let mut h = 0xcbf2_9ce4_8422_2325;
        for f in &files {
            h = fnv(&std::fs::read(f).expect("record readable"), h);
        }
        text.push_str(&format!(
            "records: {} files, digest {h:016x}\n",
            files.len()
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
    text
}

#[test]
fn fixed_seed_simulations_match_the_golden_file() {
    let actual: String = (0..RUNS.len()).map(run).collect::<Vec<_>>().join("\n");
    let path = golden_path();
    if std::env::var_os("ONO99_BLESS").is_some() {
        std::fs::write(&path, &actual).expect("golden file written");
        return;
    }
    let expected = std::fs::read_to_string(&path).expect("tests/golden/simulate.txt exists");
    if actual != expected {
        let first = actual
            .lines()
            .zip(expected.lines())
            .find(|(a, e)| a != e)
            .map(|(a, e)| format!("first difference:\n  now:    {a}\n  before: {e}"))
            .unwrap_or_else(|| "one output is longer than the other".to_string());
        panic!("fixed-seed simulations changed\n{first}");
    }
}
