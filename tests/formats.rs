//! Every shipped format still reads what earlier builds wrote: saves, the
//! remembered setup, share links, invite and reply codes. The files under
//! `tests/fixtures/` were written by `write_fixtures` below with the build
//! named in `tests/fixtures/README.md`; each test rebuilds the values those
//! files were made from, checks that the file decodes to them, and that
//! encoding them again gives the file's bytes. The search worker's messages
//! of that build are kept too, to check that this build refuses them whole
//! (they are no shipped format: see the test).

use ono99::bots::jobs::wire::{WireError, VERSION};
use ono99::bots::jobs::{Answer, Job, Request, Response};
use ono99::bots::Level;
use ono99::codec::Writer;
use ono99::online::{CompactSdp, Invite, Reply};
use ono99::play::save::{parse_save, parse_setup, read_save, save_text, setup_text, Saved};
use ono99::play::{GameMsg, GameSetup, GameState, SeatKind, SeatSetup, Speed};
use ono99::rules::{
    Action, Format, LoseAt, Match, Negatives, NinetyNine, Played, PointsEnd, Rng, RuleSet, Seat,
};
use std::path::PathBuf;
use std::rc::Rc;

fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(fixture_path(name)).expect("the fixture is there")
}

/// The rule sets the fixtures use: both presets and option mixes that set
/// every option away from its preset at least once.
fn rule_sets() -> Vec<RuleSet> {
    let modern = RuleSet::modern();
    let classic = RuleSet::classic();
    vec![
        modern,
        classic,
        RuleSet {
            negatives: Negatives::Floor,
            ninety_nine: NinetyNine::DeadButTens,
            format: Format::Points,
            points_limit: 100_000,
            points_end: PointsEnd::Lowest,
            ..modern
        },
        RuleSet {
            ninety_nine: NinetyNine::Sets99,
            lose_at: LoseAt::Exceed99,
            four_ono_discard: true,
            tokens: 9,
            ..classic
        },
        RuleSet {
            negatives: Negatives::Allow,
            lose_at: LoseAt::Exceed99,
            four_ono_discard: false,
            format: Format::Tokens,
            tokens: 1,
            ..modern
        },
        RuleSet {
            format: Format::Points,
            points_limit: 130,
            points_end: PointsEnd::Knockout,
            negatives: Negatives::Floor,
            ..classic
        },
    ]
}

/// `rules` written as the save and the CLI write them, read back.
fn rules_from_text(text: &str) -> RuleSet {
    let mut words = text.split_whitespace();
    let mut rules = RuleSet::preset(words.next().expect("an edition")).expect("a preset");
    for w in words {
        rules.set_assignment(w).expect("an option");
    }
    rules
}

/// A match of random legal moves, stopped after `most` actions.
fn random_played(rules: RuleSet, seats: usize, seed: u64, most: usize) -> Played {
    let mut m = Match::new_unlogged(rules, seats, seed).expect("a valid setup");
    let mut rng = Rng::new(seed ^ 0x5EED);
    let mut actions = Vec::new();
    while let Some(turn) = m.to_act() {
        if actions.len() == most {
            break;
        }
        let legal = m.legal_actions();
        let action = legal[rng.below(legal.len())];
        m.apply_for(turn.seat, action).expect("a legal action");
        actions.push((turn.seat, action));
    }
    let names = ["Ana", "Bo", "Zoë", "Łukasz", "美咲", "Sam", "Kai", "Ïrène"];
    Played {
        rules,
        names: (0..seats).map(|i| names[i].to_string()).collect(),
        seed,
        actions,
    }
}

/// The share links' cases: (rules, seats, seed, actions at most).
fn share_cases() -> Vec<(RuleSet, usize, u64, usize)> {
    rule_sets()
        .into_iter()
        .enumerate()
        .flat_map(|(i, rules)| {
            let seats = 2 + (i % 7);
            [
                (rules, seats, 100 + i as u64, usize::MAX),
                (rules, 8 - (i % 3), 200 + i as u64, 40),
            ]
        })
        .collect()
}

fn sdp(name: &str) -> CompactSdp {
    CompactSdp::from_sdp(&fixture(name)).expect("a description the game accepts")
}

fn invites() -> Vec<Invite> {
    rule_sets()
        .into_iter()
        .enumerate()
        .map(|(i, rules)| {
            let seat_count = 2 + i as u8;
            Invite {
                seat: Seat(1 + (i as u8 % (seat_count - 1))),
                seat_count,
                host_name: ["Ana", "Zoë ✓", "美咲"][i % 3].to_string(),
                rules,
                offer: sdp(if i % 2 == 0 {
                    "chromium-offer.sdp"
                } else {
                    "firefox-offer.sdp"
                }),
            }
        })
        .collect()
}

fn replies() -> Vec<Reply> {
    (1..8)
        .map(|seat| Reply {
            seat: Seat(seat),
            answer: sdp("chromium-answer.sdp"),
        })
        .collect()
}

/// The jobs: a decision and an evaluation about a moment of a match.
fn jobs() -> Vec<Request> {
    let mut out = Vec::new();
    for (i, (rules, seats, seed, _)) in share_cases().into_iter().enumerate() {
        let played = random_played(rules, seats, seed, 10 + 7 * i);
        let m = played.at(played.actions.len()).expect("replays").0;
        let Some(turn) = m.to_act() else { continue };
        let view = m.view(turn.seat);
        out.push(Request {
            id: i as u32,
            job: Job::Decide {
                view: view.clone(),
                legal: m.legal_actions(),
                level: Level::ALL[i % Level::ALL.len()],
                millis: 250.5 + i as f64,
                iterations: 1234 * i as u32,
                seed: seed * 31,
            },
        });
        out.push(Request {
            id: 1000 + i as u32,
            job: Job::Evaluate {
                view,
                action: m.legal_actions()[0],
                from: i as u32,
                to: 3 + i as u32,
                seed: u64::MAX - seed,
            },
        });
    }
    out
}

fn answers() -> Vec<Response> {
    [
        Answer::Action(Action::Play(ono99::rules::Card::ALL[3])),
        Answer::Action(Action::DiscardFourOno),
        Answer::Evaluated {
            won: 0.625,
            counted: 17,
        },
        Answer::Refused("no legal action — ✓".to_string()),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, answer)| Response {
        id: 77 + i as u32,
        answer,
    })
    .collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex"))
        .collect()
}

/// A table of you, a friend online (seat 1) and bots, with `rules`.
fn setup(rules: RuleSet, bots: usize, friend: bool) -> Rc<GameSetup> {
    let mut others = Vec::new();
    if friend {
        others.push(SeatSetup {
            name: "Ana ✓".into(),
            kind: SeatKind::Guest,
        });
    }
    for i in 0..bots {
        others.push(SeatSetup {
            name: format!("Bot {i}"),
            kind: SeatKind::Bot(Level::ALL[i % Level::ALL.len()]),
        });
    }
    others.push(SeatSetup {
        name: "Zoë".into(),
        kind: SeatKind::Person,
    });
    Rc::new(GameSetup {
        player_name: "Host".into(),
        others,
        rules,
        speed: Speed::Fast,
    })
}

/// The saves' matches: every seat plays its first legal action for
/// `steps` actions (closing summaries as they come).
fn saved_game(rules: RuleSet, bots: usize, friend: bool, seed: u64, steps: usize) -> GameState {
    let mut state = GameState::new(setup(rules, bots, friend), seed).expect("deals");
    state = state
        .update(GameMsg::SetSpeed(Speed::Slow))
        .unwrap_or(state);
    if friend {
        // A bot stands in for the friend, so the save has a `stand_ins` line.
        let msg = GameMsg::StandIn {
            seat: Seat(1),
            playing: true,
        };
        state = state.update(msg).expect("a bot stands in");
    }
    while state.actions.len() < steps && !state.game().is_over() {
        if state.summary.is_some() {
            state = state.update(GameMsg::Continue).unwrap_or(state);
            continue;
        }
        let Some(turn) = state.game().to_act() else {
            break;
        };
        let msg = GameMsg::Act {
            seat: turn.seat,
            action: state.game().legal_actions()[0],
            ply: Some(state.actions.len()),
        };
        state = state.update(msg).expect("a legal action changes the game");
    }
    state
}

fn saves() -> Vec<(&'static str, GameState)> {
    let rules = rule_sets();
    vec![
        ("save-modern.txt", saved_game(rules[0], 2, false, 7, 25)),
        (
            "save-classic-online.txt",
            saved_game(rules[1], 3, true, 11, 60),
        ),
        ("save-points.txt", saved_game(rules[2], 6, false, 13, 300)),
    ]
}

/// Writes the fixtures with this build. Run by hand only, once, when a
/// format is first pinned: `cargo test --test formats -- --ignored write_fixtures`.
#[test]
#[ignore = "writes the fixtures; run by hand"]
fn write_fixtures() {
    let write = |name: &str, text: String| {
        std::fs::write(fixture_path(name), text).expect("writes");
    };
    let mut lines = String::new();
    for (rules, seats, seed, most) in share_cases() {
        let played = random_played(rules, seats, seed, most);
        let code = played.encode().expect("encodes");
        lines += &format!("{seats}\t{seed}\t{most}\t{rules}\t{code}\n");
    }
    write("share-links.txt", lines);
    write(
        "invite-codes.txt",
        invites().iter().map(|i| i.encode() + "\n").collect(),
    );
    write(
        "reply-codes.txt",
        replies().iter().map(|r| r.encode() + "\n").collect(),
    );
    for (name, state) in saves() {
        write(name, save_text(&state));
    }
    write("settings.txt", setup_text(&setup(rule_sets()[3], 4, true)));
}

#[test]
fn share_links_of_earlier_builds_open_unchanged() {
    let text = fixture("share-links.txt");
    let cases = share_cases();
    assert_eq!(text.lines().count(), cases.len());
    for (line, (rules, seats, seed, most)) in text.lines().zip(cases) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            fields[..3],
            [seats.to_string(), seed.to_string(), most.to_string()]
        );
        assert_eq!(rules_from_text(fields[3]), rules);
        let expected = random_played(rules, seats, seed, most);
        let code = fields[4];
        assert_eq!(Played::decode(code).as_ref(), Ok(&expected), "{line}");
        assert_eq!(expected.encode().as_deref(), Ok(code));
    }
}

#[test]
fn invite_and_reply_codes_of_earlier_builds_read_unchanged() {
    let text = fixture("invite-codes.txt");
    let expected = invites();
    assert_eq!(text.lines().count(), expected.len());
    for (code, invite) in text.lines().zip(expected) {
        assert_eq!(Invite::decode(code).as_ref(), Ok(&invite));
        assert_eq!(invite.encode(), code);
    }
    let text = fixture("reply-codes.txt");
    let expected = replies();
    assert_eq!(text.lines().count(), expected.len());
    for (code, reply) in text.lines().zip(expected) {
        assert_eq!(Reply::decode(code).as_ref(), Ok(&reply));
        assert_eq!(reply.encode(), code);
    }
}

/// The worker's messages are no shipped format: a page only ever talks to
/// its own build's worker (the worker's files are named by their content).
/// The `job-*.hex` files hold layout version 1, which wrote the rule set a
/// byte a field; this build refuses them whole, and its own messages differ
/// from them only in the version byte and the rule set, packed now.
#[test]
fn worker_messages_of_version_1_are_refused_whole() {
    let text = fixture("job-requests.hex");
    let expected = jobs();
    assert!(expected.len() >= 10);
    assert_eq!(text.lines().count(), expected.len());
    for (line, request) in text.lines().zip(expected) {
        let old = unhex(line);
        assert_eq!(Request::decode(&old), Err(WireError::Version(1)));
        let new = request.encode();
        assert_eq!(Request::decode(&new).as_ref(), Ok(&request));
        let (Job::Decide { view, .. } | Job::Evaluate { view, .. }) = &request.job;
        let mut rules = Writer::new();
        rules.rules(&view.rules);
        let rules = rules.into_bytes();
        // The version, the id, the job's tag and the view's seat, then the
        // rule set: 12 bytes in version 1.
        let head = 1 + 4 + 1 + 1;
        assert_eq!((old[0], new[0]), (1, VERSION));
        assert_eq!(old[1..head], new[1..head]);
        assert_eq!(new[head..head + rules.len()], rules[..]);
        assert_eq!(old[head + 12..], new[head + rules.len()..]);
    }
    let text = fixture("job-responses.hex");
    let expected = answers();
    assert_eq!(text.lines().count(), expected.len());
    for (line, response) in text.lines().zip(expected) {
        let old = unhex(line);
        assert_eq!(Response::decode(&old), Err(WireError::Version(1)));
        let new = response.encode();
        assert_eq!(Response::decode(&new).as_ref(), Ok(&response));
        assert_eq!((old[0], new[0]), (1, VERSION));
        assert_eq!(old[1..], new[1..]);
    }
}

#[test]
fn saves_of_earlier_builds_resume_unchanged() {
    for (name, state) in saves() {
        let text = fixture(name);
        let resumed = parse_save(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(resumed.seed, state.seed, "{name}");
        assert_eq!(resumed.actions, state.actions, "{name}");
        assert_eq!(*resumed.setup, *state.setup, "{name}");
        assert_eq!(resumed.speed, Speed::Slow, "{name}");
        assert_eq!(resumed.summary.is_some(), state.summary.is_some(), "{name}");
        assert_eq!(resumed.game().view(Seat(0)), state.game().view(Seat(0)));
        // The match is kept as `Played`: the rules, names, seed and actions.
        let saved = read_save(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(saved, Saved::of(&state), "{name}");
        assert_eq!(
            saved
                .played
                .at(saved.played.actions.len())
                .map(|(m, _)| m.view(Seat(0))),
            Ok(state.game().view(Seat(0)))
        );
        assert_eq!(saved.text(), text, "{name}");
        assert_eq!(save_text(&resumed), text, "{name}");
        assert_eq!(save_text(&state), text, "{name}");
    }
    let text = fixture("settings.txt");
    let expected = setup(rule_sets()[3], 4, true);
    assert_eq!(parse_setup(&text).as_ref(), Some(&*expected));
    assert_eq!(setup_text(&expected), text);
}
