//! The `ono99` command line: records round-trip through `simulate` and
//! `replay`, and every kind of bad input gets one clear line and exit 1 —
//! with several record files, one line for each bad file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ono99(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ono99"))
        .args(args)
        .output()
        .expect("the ono99 binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ono99-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// One line on stderr, exit status 1, no panic.
fn assert_clear_error(out: &Output, mentions: &str) {
    assert_clear_errors(out, &[mentions]);
}

/// Exit status 1, no panic, and one line on stderr for each expected error,
/// in order, the line mentioning its text.
fn assert_clear_errors(out: &Output, mentions: &[&str]) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {err}");
    assert!(!err.contains("panicked"), "{err}");
    let lines: Vec<&str> = err.trim_end().lines().collect();
    assert_eq!(lines.len(), mentions.len(), "not one line per error: {err}");
    for (line, mentions) in lines.iter().zip(mentions) {
        assert!(
            line.contains(mentions),
            "'{line}' does not mention '{mentions}'"
        );
    }
}

/// The files `replay` reported as good, in order.
fn replayed(out: &Output) -> Vec<String> {
    text(&out.stdout)
        .lines()
        .filter_map(|l| l.split_once(": ok (").map(|(file, _)| file.to_string()))
        .collect()
}

/// One game of two random players, recorded as `dir/game-000000.json`.
fn one_record(dir: &Path, seed: &str) -> PathBuf {
    let out = ono99(&[
        "simulate",
        "--rules",
        "modern",
        "--seats",
        "random,random",
        "--games",
        "1",
        "--seed",
        seed,
        "--records",
        &dir.to_string_lossy(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    dir.join("game-000000.json")
}

#[test]
fn simulate_writes_records_that_replay() {
    let dir = scratch("records");
    let d = dir.to_string_lossy().into_owned();
    for rules in ["modern", "classic"] {
        let out = ono99(&[
            "simulate",
            "--rules",
            rules,
            "--option",
            "format=points",
            "--option",
            "points_limit=120",
            "--seats",
            "random,random,random",
            "--games",
            "4",
            "--seed",
            "5",
            "--records",
            &d,
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(stdout.contains("games per second"), "{stdout}");
        assert!(stdout.contains("seat 2 (random)"), "{stdout}");
        let files: Vec<String> = std::fs::read_dir(&dir)
            .expect("records written")
            .map(|e| e.expect("entry").path().to_string_lossy().into_owned())
            .collect();
        assert_eq!(files.len(), 4);
        let mut args = vec!["replay"];
        args.extend(files.iter().map(String::as_str));
        let out = ono99(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout).matches(": ok (").count(), 4);
    }
}

#[test]
fn replay_names_the_file_and_step_of_a_tampered_record() {
    let dir = scratch("tamper");
    let d = dir.to_string_lossy().into_owned();
    let out = ono99(&[
        "simulate",
        "--rules",
        "modern",
        "--seats",
        "random,random",
        "--games",
        "1",
        "--seed",
        "9",
        "--records",
        &d,
    ]);
    assert!(out.status.success());
    let file = dir.join("game-000000.json");
    let record = std::fs::read_to_string(&file).expect("record");
    // The first play's total, one too high.
    let at = record.find("\"total\": ").expect("a play") + "\"total\": ".len();
    let end = at
        + record[at..]
            .find(|c: char| !c.is_ascii_digit() && c != '-')
            .expect("number end");
    let total: i32 = record[at..end].parse().expect("total");
    let tampered = format!("{}{}{}", &record[..at], total + 1, &record[end..]);
    std::fs::write(&file, tampered).expect("write");
    let out = ono99(&["replay", &file.to_string_lossy()]);
    assert_clear_error(&out, "game-000000.json: hand 1, step ");
    assert_clear_error(&out, "event played (seat ");
    assert_clear_error(
        &out,
        &format!(
            ") differs in total: the record has {}, the rules give {total}",
            total + 1
        ),
    );

    // A good record next to it is still replayed; only the tampered one fails.
    let good = one_record(&scratch("tamper-good"), "10");
    let (f, g) = (file.to_string_lossy(), good.to_string_lossy());
    let out = ono99(&["replay", &f, &g]);
    assert_clear_error(&out, "game-000000.json: hand 1, step ");
    assert_eq!(replayed(&out), vec![g.to_string()]);
}

#[test]
fn replay_reads_records_from_earlier_versions() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let files: Vec<String> = ["old-format-modern.json", "old-format-classic.json"]
        .iter()
        .map(|f| dir.join(f).to_string_lossy().into_owned())
        .collect();
    let mut args = vec!["replay"];
    args.extend(files.iter().map(String::as_str));
    let out = ono99(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(replayed(&out), files);
}

#[test]
fn replay_checks_every_file_and_reports_each_bad_one() {
    let dir = scratch("several");
    let good = one_record(&dir, "4");
    let record = std::fs::read_to_string(&good).expect("record");
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let write = |name: &str, text: &str| {
        std::fs::write(dir.join(name), text).expect("write");
        path(name)
    };
    let garbage = write("garbage.json", "{ not json");
    let huge = write(
        "huge.json",
        &record.replacen("\"version\": 1", "\"version\": 70000000000", 1),
    );
    let half = write(
        "half.json",
        &record.replacen("\"version\": 1", "\"version\": 1.5", 1),
    );
    let old = write(
        "old-spelling.json",
        &record.replacen("\"reach_99\"", "\"reach99\"", 1),
    );
    let typo = write(
        "typo.json",
        &record.replacen("\"reach_99\"", "\"reach_98\"", 1),
    );
    let good = good.to_string_lossy().into_owned();
    let missing = path("missing.json");
    let broken_name = path("line\nbreak.json");
    let out = ono99(&[
        "replay",
        &garbage,
        &good,
        &huge,
        &missing,
        &old,
        &half,
        &typo,
        &broken_name,
    ]);
    assert_clear_errors(
        &out,
        &[
            &format!("{garbage}: not a game record"),
            &format!("{huge}: record version 70000000000 is not supported"),
            &format!("{missing}: cannot read"),
            &format!("{half}: record version 1.5 is not supported"),
            &format!("{typo}: not a game record: option 'lose_at' cannot be 'reach_98'"),
            "line\\nbreak.json: cannot read",
        ],
    );
    assert_eq!(replayed(&out), vec![good, old]);
}

#[test]
fn bad_arguments_and_files_get_one_clear_line() {
    let dir = scratch("bad");
    let garbage = dir.join("garbage.json");
    std::fs::write(&garbage, "{ not json").expect("write");
    let old = dir.join("old.json");
    std::fs::write(&old, r#"{"format":"ono99-record","version":0}"#).expect("write");
    let nine = dir.join("nine.json");
    let out = ono99(&[
        "simulate",
        "--rules",
        "modern",
        "--seats",
        "random,random",
        "--games",
        "1",
        "--seed",
        "1",
        "--records",
        &dir.to_string_lossy(),
    ]);
    assert!(out.status.success());
    let good = std::fs::read_to_string(dir.join("game-000000.json")).expect("record");
    std::fs::write(
        &nine,
        good.replacen(
            "\"seats\": [",
            "\"seats\": [\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\",",
            1,
        ),
    )
    .expect("write");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["frobnicate"], "unknown command"),
        (
            vec![
                "simulate",
                "--rules",
                "modern",
                "--seats",
                "random,random",
                "--games",
                "1",
            ],
            "--seed is required",
        ),
        (
            vec![
                "simulate",
                "--rules",
                "modern3",
                "--seats",
                "random,random",
                "--games",
                "1",
                "--seed",
                "1",
            ],
            "unknown edition",
        ),
        (
            vec![
                "simulate", "--rules", "modern", "--seats", "random", "--games", "1", "--seed", "1",
            ],
            "2 to 8 seats",
        ),
        (
            vec![
                "simulate",
                "--rules",
                "modern",
                "--seats",
                "random,random,random,random,random,random,random,random,random",
                "--games",
                "1",
                "--seed",
                "1",
            ],
            "2 to 8 seats",
        ),
        (
            vec![
                "simulate",
                "--rules",
                "modern",
                "--seats",
                "random,robot",
                "--games",
                "1",
                "--seed",
                "1",
            ],
            "unknown player",
        ),
        (
            vec![
                "simulate",
                "--rules",
                "classic",
                "--option",
                "colour=red",
                "--seats",
                "random,random",
                "--games",
                "1",
                "--seed",
                "1",
            ],
            "unknown rule option",
        ),
        (
            vec![
                "simulate",
                "--rules",
                "classic",
                "--option",
                "tokens=10",
                "--seats",
                "random,random",
                "--games",
                "1",
                "--seed",
                "1",
            ],
            "tokens",
        ),
        (
            vec![
                "simulate",
                "--rules",
                "classic",
                "--option",
                "negatives",
                "--seats",
                "random,random",
                "--games",
                "1",
                "--seed",
                "1",
            ],
            "name=value",
        ),
        (
            vec![
                "simulate",
                "--rules",
                "modern",
                "--seats",
                "random,random",
                "--games",
                "0",
                "--seed",
                "1",
            ],
            "--games",
        ),
        (
            vec![
                "simulate",
                "--rules",
                "modern",
                "--seats",
                "random,random",
                "--games",
                "1",
                "--seed",
                "-1",
            ],
            "--seed",
        ),
        (
            vec![
                "simulate",
                "--rules",
                "modern",
                "--seats",
                "random,random",
                "--games",
                "1",
                "--seed",
                "1",
                "--bogus",
            ],
            "unknown argument",
        ),
        (vec!["simulate", "--rules"], "--rules needs a value"),
        (vec!["replay"], "at least one record"),
        (vec!["replay", "/no/such/file.json"], "cannot read"),
    ];
    for (args, mentions) in cases {
        assert_clear_error(&ono99(&args), mentions);
    }
    let g = garbage.to_string_lossy().into_owned();
    assert_clear_error(&ono99(&["replay", &g]), "not a game record");
    let o = old.to_string_lossy().into_owned();
    assert_clear_error(&ono99(&["replay", &o]), "version 0");
    let n = nine.to_string_lossy().into_owned();
    assert_clear_error(&ono99(&["replay", &n]), "2 to 8 players, not 9");
    // All at once: one line for each, naming the file, in the order given.
    assert_clear_errors(
        &ono99(&["replay", &g, &o, &n, "/no/such/file.json"]),
        &[
            &format!("{g}: not a game record"),
            &format!("{o}: record version 0"),
            &format!("{n}: a game needs 2 to 8 players, not 9"),
            "/no/such/file.json: cannot read",
        ],
    );
}
