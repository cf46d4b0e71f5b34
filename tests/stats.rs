//! The statistics natively (`ono99::play::stats`): the record's text
//! format (players' saved records must keep loading), what a finished game
//! adds and that it is added once, Today's deal's counted attempt and
//! practice, and the recent matches kept to their limit.

use ono99::bots::{make_bot, Level};
use ono99::play::save::{Store, StoreError};
use ono99::play::stats::{
    self, day_number, from_text, to_text, CountOnce, Daily, DailyResult, Opponents, RecentMatch,
    Stats, Tally, DAILY_KEEP, DAILY_KEY, RECENT_KEY, RECENT_MAX, STATS_KEY,
};
use ono99::play::{daily_seed, GameMsg, GameSetup, GameState, SeatKind, SeatSetup, Speed, ME};
use ono99::rules::Played;
use ono99::rules::{Edition, RuleSet};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// `localStorage` as a map.
#[derive(Default)]
struct Memory(RefCell<BTreeMap<String, String>>);

impl Store for Memory {
    fn get(&self, key: &str) -> Option<String> {
        self.0.borrow().get(key).cloned()
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.0.borrow_mut().insert(key.into(), value.into());
        Ok(())
    }
    fn remove(&self, key: &str) {
        self.0.borrow_mut().remove(key);
    }
}

fn names(state: &GameState) -> Vec<String> {
    (0..state.setup.seat_count())
        .map(|i| format!("P{i}"))
        .collect()
}

/// One step as the page takes it: the summary closed, a bot's move (an
/// Easy bot for speed, whatever the seat's level), or your first legal play.
fn step(state: &GameState) -> GameState {
    let msg = if state.summary.is_some() {
        GameMsg::Continue
    } else if let Some(msg) = state.bot_move(make_bot(Level::Easy).as_mut()) {
        msg
    } else {
        GameMsg::Act {
            seat: ME,
            action: state.game().legal_actions()[0],
            ply: Some(state.actions.len()),
        }
    };
    state.update(msg).expect("every step changes the game")
}

fn play_out(mut state: GameState) -> GameState {
    for _ in 0..20_000 {
        if state.game().is_over() {
            return state;
        }
        state = step(&state);
    }
    panic!("the match did not end");
}

fn medium_game(seed: u64) -> GameState {
    let setup = GameSetup {
        speed: Speed::Instant,
        ..GameSetup::default()
    };
    GameState::new(Rc::new(setup), seed).expect("deal")
}

fn daily_game(day: &str) -> GameState {
    let setup = GameSetup::daily("Me", Speed::Instant);
    GameState::new(Rc::new(setup), daily_seed(day)).expect("deal")
}

// ---- The record's text format ----

/// A record as the game has written it since version 1: it must load.
const SAVED: &str = "ono99-stats 1
games 7 3
place_sum 15
streak 0 2
edition modern 5 2
edition classic 2 1
opponents easy 1 1
opponents medium 3 1
opponents hard 1 0
opponents mixed 0 0
opponents people 2 1
";

#[test]
fn the_record_round_trips_in_its_saved_format() {
    let mut s = Stats::default();
    let games = [
        (Edition::Modern, Opponents::Medium, true, 1),
        (Edition::Modern, Opponents::Medium, false, 3),
        (Edition::Classic, Opponents::People, true, 1),
        (Edition::Modern, Opponents::Easy, true, 1),
        (Edition::Modern, Opponents::Hard, false, 4),
        (Edition::Classic, Opponents::People, false, 2),
        (Edition::Modern, Opponents::Medium, false, 3),
    ];
    for (edition, opponents, won, place) in games {
        s.add(edition, opponents, won, place);
    }
    assert_eq!(s.overall, Tally { played: 7, won: 3 });
    assert_eq!((s.streak, s.best_streak), (0, 2));
    assert_eq!(s.average_place().as_deref(), Some("2.1"));
    assert_eq!(s.overall.win_percent(), 42);
    // Byte for byte what earlier versions wrote, and read back whole.
    assert_eq!(to_text(&s), SAVED);
    assert_eq!(from_text(SAVED), Some(s.clone()));
    assert_eq!(from_text(&to_text(&s)), Some(s));
    // An empty record too; lines in another order, and CRLF, still read.
    assert_eq!(
        from_text(&to_text(&Stats::default())),
        Some(Stats::default())
    );
    let shuffled: String = SAVED.lines().rev().collect::<Vec<_>>().join("\r\n");
    let reordered = format!(
        "ono99-stats 1\r\n{}",
        shuffled.trim_end_matches("ono99-stats 1")
    );
    assert_eq!(from_text(&reordered), from_text(SAVED));
}

#[test]
fn a_corrupt_record_is_refused() {
    let corrupt = [
        String::new(),
        "ono99-stats 2\ngames 1 1\n".into(),
        "ono99-stats\ngames 1 1\n".into(),
        "ono99-statistics 1\n".into(),
        "games 1 1\n".into(),
        SAVED.replace("games 7 3", "games 3 7"),
        SAVED.replace("games 7 3", "games 7"),
        SAVED.replace("games 7 3", "games seven 3"),
        SAVED.replace("games 7 3", "games -7 3"),
        SAVED.replace("place_sum 15", "place_sum"),
        SAVED.replace("streak 0 2", "streak 0"),
        SAVED.replace("edition classic", "edition fancy"),
        SAVED.replace("opponents people 2 1", "opponents people 1 2"),
        SAVED.replace("opponents hard", "opponents"),
        format!("{SAVED}cheats 99\n"),
    ];
    for raw in &corrupt {
        assert_eq!(from_text(raw), None, "accepted {raw:?}");
    }
    // A store holding a corrupt record reads as empty, and the next game
    // starts a new one.
    let store = Memory::default();
    store.set(STATS_KEY, &corrupt[5]).unwrap();
    assert_eq!(stats::load(&store), Stats::default());
    let state = play_out(medium_game(3));
    stats::record_game(&store, &state, "2026-01-01", names(&state));
    assert_eq!(stats::load(&store).overall.played, 1);
    stats::reset(&store);
    assert_eq!(store.get(STATS_KEY), None);
}

#[test]
fn opponents_are_grouped_by_level() {
    let with = |levels: &[Option<Level>]| {
        let others = levels
            .iter()
            .map(|l| SeatSetup {
                name: "B".into(),
                kind: l.map_or(SeatKind::Person, SeatKind::Bot),
            })
            .collect();
        Opponents::of(&GameSetup {
            others,
            ..GameSetup::default()
        })
    };
    assert_eq!(with(&[Some(Level::Hard); 3]), Opponents::Hard);
    assert_eq!(with(&[Some(Level::Easy)]), Opponents::Easy);
    assert_eq!(
        with(&[Some(Level::Easy), Some(Level::Hard)]),
        Opponents::Mixed
    );
    assert_eq!(with(&[Some(Level::Easy), None]), Opponents::People);
    assert_eq!(Opponents::of(&GameSetup::default()), Opponents::Medium);
}

// ---- A finished game, counted once ----

#[test]
fn a_finished_game_is_counted_once() {
    let store = Memory::default();
    let mut state = medium_game(11);
    let mut count = CountOnce::new(&state);
    let mut counted = 0;
    // The page checks after every change: only the first state seen over counts.
    loop {
        // Unfinished, nothing is recorded.
        if !state.game().is_over() {
            stats::record_game(&store, &state, "2026-01-01", names(&state));
            assert!(store.0.borrow().is_empty());
        }
        if count.due(&state) {
            counted += 1;
            stats::record_game(&store, &state, "2026-01-01", names(&state));
        }
        if state.game().is_over() {
            break;
        }
        state = step(&state);
    }
    for _ in 0..3 {
        assert!(!count.due(&state));
    }
    assert_eq!(counted, 1);

    let record = stats::load(&store);
    let place = stats::finishing_place(state.game(), ME);
    let won = state.game().outcome().unwrap().winners.contains(&ME);
    assert_eq!(record.overall.played, 1);
    assert_eq!(record.overall.won, u32::from(won));
    assert_eq!(record.place_sum, place as u64);
    assert_eq!(record.by_edition[0].played, 1);
    assert_eq!(record.by_opponents[Opponents::Medium as usize].played, 1);
    assert_eq!(record.streak, u32::from(won));

    // A game the screen opens already over (resumed after its end) is
    // never counted again.
    let mut resumed = CountOnce::new(&state);
    assert!(!resumed.due(&state));
    assert!(!resumed.due(&state));
}

// ---- Today's deal ----

#[test]
fn todays_deal_counts_the_first_attempt_and_later_ones_are_practice() {
    let store = Memory::default();
    let day = "2026-11-23";
    assert!(stats::daily_begin(&store, day), "the first attempt counts");
    let first = daily_game(day);
    assert_eq!(stats::daily_counting(&store, &first).as_deref(), Some(day));
    assert_eq!(stats::daily_day(&store, &first, day).as_deref(), Some(day));
    // After midnight the counted attempt keeps its day.
    assert_eq!(
        stats::daily_day(&store, &first, "2026-11-24").as_deref(),
        Some(day)
    );
    // Another table is no Today's deal.
    assert_eq!(stats::daily_counting(&store, &medium_game(1)), None);
    assert_eq!(stats::daily_day(&store, &medium_game(1), day), None);

    let first = play_out(first);
    let place = stats::finishing_place(first.game(), ME);
    stats::record_game(&store, &first, day, names(&first));
    let daily = Daily::load(&store);
    assert_eq!(daily.attempt, None);
    assert_eq!(
        daily.results,
        vec![DailyResult {
            day: day.into(),
            place,
            seats: 4,
            plays: stats::my_plays(&first),
        }]
    );
    assert!(stats::my_plays(&first) > 0);
    assert_eq!(daily.streak(day), 1);

    // Again the same day: practice, and its result changes nothing.
    let saved = store.get(DAILY_KEY);
    assert!(!stats::daily_begin(&store, day));
    assert_eq!(store.get(DAILY_KEY), saved);
    let practice = daily_game(day);
    assert_eq!(stats::daily_counting(&store, &practice), None);
    assert_eq!(
        stats::daily_day(&store, &practice, day).as_deref(),
        Some(day)
    );
    // A practice deal from yesterday's page is no deal of today.
    assert_eq!(stats::daily_day(&store, &practice, "2026-11-24"), None);
    let practice = play_out(practice);
    stats::record_game(&store, &practice, day, names(&practice));
    assert_eq!(store.get(DAILY_KEY), saved);
    // It still counts as a game played.
    assert_eq!(stats::load(&store).overall.played, 2);
    // Recording the counted game twice adds no second result either.
    let mut again = Daily::load(&store);
    assert!(!again.finish(&first, 1));
    assert_eq!(again, daily);
    // A store holding both the day's attempt and its result (two tabs):
    // the attempt ends and the result stands.
    let mut both = Daily::from_text(&format!(
        "ono99-daily 1\nattempt {day}\nresult {day} 2 4 30"
    ));
    assert!(both.finish(&first, 1));
    assert_eq!(both.attempt, None);
    assert_eq!(both.results.len(), 1);
    assert_eq!(both.results[0].place, 2);
}

#[test]
fn an_abandoned_attempt_counts_as_last_place() {
    let store = Memory::default();
    assert!(stats::daily_begin(&store, "2026-03-01"));
    // Started again before it ended: last place, and this one is practice.
    assert!(!stats::daily_begin(&store, "2026-03-01"));
    let d = Daily::load(&store);
    assert_eq!(d.attempt, None);
    assert_eq!(
        d.result("2026-03-01"),
        Some(&DailyResult {
            day: "2026-03-01".into(),
            place: 4,
            seats: 4,
            plays: 0,
        })
    );
    assert!(!stats::daily_begin(&store, "2026-03-01"));
    assert_eq!(Daily::load(&store).results.len(), 1);

    // Left unfinished, then the next day's deal begins: the earlier day
    // gets its last place and the new attempt counts.
    assert!(stats::daily_begin(&store, "2026-03-02"));
    assert!(stats::daily_begin(&store, "2026-03-03"));
    let d = Daily::load(&store);
    assert_eq!(d.attempt.as_deref(), Some("2026-03-03"));
    let days: Vec<&str> = d.results.iter().map(|r| r.day.as_str()).collect();
    assert_eq!(days, ["2026-03-01", "2026-03-02"]);
    assert_eq!(d.result("2026-03-02").map(|r| r.place), Some(4));
    assert_eq!(d.streak("2026-03-03"), 2);
}

/// The page reloaded: the match is read back from its save.
fn reloaded(state: &GameState) -> GameState {
    ono99::play::save::parse_save(&ono99::play::save::save_text(state))
        .expect("the save reads back")
}

#[test]
fn the_counted_attempt_stays_counted_after_a_reload_during_and_after_it() {
    let store = Memory::default();
    let day = "2026-11-23";
    assert!(stats::daily_begin(&store, day));
    let mut counted = daily_game(day);
    for _ in 0..12 {
        counted = step(&counted);
    }
    // Mid-attempt: the resumed match is still the counted one, and reading
    // it changes nothing stored.
    let before = store.get(DAILY_KEY);
    let resumed = reloaded(&counted);
    assert_eq!(
        stats::daily_counting(&store, &resumed).as_deref(),
        Some(day)
    );
    assert_eq!(
        stats::daily_day(&store, &resumed, day).as_deref(),
        Some(day)
    );
    assert_eq!(store.get(DAILY_KEY), before);

    // Finished and counted, then reloaded on its result: still the counted
    // match (the save holds the same match), even after midnight.
    let finished = play_out(resumed);
    stats::record_game(&store, &finished, day, names(&finished));
    assert_eq!(Daily::load(&store).attempt, None);
    let resumed = reloaded(&finished);
    assert_eq!(
        stats::daily_counting(&store, &resumed).as_deref(),
        Some(day)
    );
    assert_eq!(
        stats::daily_day(&store, &resumed, "2026-11-24").as_deref(),
        Some(day)
    );
    // The resumed result is not counted a second time.
    let mut again = Daily::load(&store);
    assert!(!again.finish(&resumed, 1));
    assert_eq!(Daily::load(&store).results.len(), 1);

    // A practice of the same deal, under way or finished, is practice.
    assert!(!stats::daily_begin(&store, day));
    let practice = daily_game(day);
    assert_eq!(stats::daily_counting(&store, &practice), None);
    // Played otherwise (another card at your first choice), to its end.
    let other_start = {
        let mut s = daily_game(day);
        let mut alt = None;
        for _ in 0..200 {
            if s.game().is_over() {
                break;
            }
            if s.summary.is_none() && s.my_turn() && s.game().legal_actions().len() > 1 {
                let msg = GameMsg::Act {
                    seat: ME,
                    action: s.game().legal_actions()[1],
                    ply: Some(s.actions.len()),
                };
                alt = Some(s.update(msg).expect("a legal play"));
                break;
            }
            s = step(&s);
        }
        alt.expect("a turn with a choice")
    };
    let other = play_out(other_start);
    assert_ne!(other.actions, finished.actions);
    assert_eq!(stats::daily_counting(&store, &other), None);
    stats::record_game(&store, &other, day, names(&other));
    // Its end changes nothing of Today's deal.
    assert_eq!(
        stats::daily_counting(&store, &resumed).as_deref(),
        Some(day)
    );
    assert_eq!(Daily::load(&store).results.len(), 1);
}

#[test]
fn the_daily_streak_counts_days_in_a_row_across_months() {
    let result = |day: &str| DailyResult {
        day: day.into(),
        place: 1,
        seats: 4,
        plays: 9,
    };
    let d = Daily {
        results: ["2023-12-30", "2024-02-28", "2024-02-29", "2024-03-01"]
            .map(result)
            .into(),
        ..Daily::default()
    };
    assert_eq!(d.streak("2024-03-01"), 3);
    // Today still to play: the streak so far holds.
    assert_eq!(d.streak("2024-03-02"), 3);
    assert_eq!(d.streak("2024-03-03"), 0);
    assert_eq!(d.streak("2024-02-29"), 2);
    assert_eq!(d.streak("2023-12-31"), 1);
    assert_eq!(d.streak("2024-01-01"), 0);
    assert_eq!(d.streak("not a day"), 0);
    // Across a year's end.
    let d = Daily {
        results: ["2025-12-31", "2026-01-01"].map(result).into(),
        ..Daily::default()
    };
    assert_eq!(d.streak("2026-01-01"), 2);

    for (day, n) in [
        ("1970-01-01", 0),
        ("1969-12-31", -1),
        ("2000-03-01", 11_017),
        ("2024-02-29", 19_782),
        ("2026-11-23", 20_780),
        // Past the month's end runs on, as the browser's `Date.parse` does.
        ("2023-02-30", 19_418),
    ] {
        assert_eq!(day_number(day), Some(n), "{day}");
    }
    for bad in [
        "2024-13-01",
        "2024-00-10",
        "2024-01-32",
        "2024-01-00",
        "2024/01/01",
        "24-01-01",
        "2024-01-1x",
        "+024-01-01",
        "",
    ] {
        assert_eq!(day_number(bad), None, "{bad}");
    }
}

#[test]
fn daily_results_keep_their_text_format() {
    let text =
        "ono99-daily 1\nattempt 2026-11-24\nresult 2026-11-22 2 4 31\nresult 2026-11-23 1 4 17";
    let d = Daily::from_text(text);
    assert_eq!(d.attempt.as_deref(), Some("2026-11-24"));
    assert_eq!(d.results.len(), 2);
    assert_eq!(d.to_text(), text);
    // The counted match that ended, by its fingerprint.
    let ended = format!(
        "ono99-daily 1\nended 2026-11-23 {}\nresult 2026-11-23 1 4 17",
        u64::MAX - 5
    );
    let e = Daily::from_text(&ended);
    assert_eq!(e.ended, Some(("2026-11-23".to_string(), u64::MAX - 5)));
    assert_eq!(e.to_text(), ended);
    assert_eq!(
        Daily::from_text("ono99-daily 1\nended 2026-11-23 xyz").ended,
        None
    );
    // Unreadable lines are skipped, another format reads as nothing.
    let messy = format!("{text}\nresult 2026-11-25 x 4 1\nresult 26-11-25 1 4 1\nattempt soon\n");
    assert_eq!(Daily::from_text(&messy), d);
    assert_eq!(
        Daily::from_text("ono99-daily 2\nattempt 2026-11-24"),
        Daily::default()
    );
    // Only the last DAILY_KEEP days are written.
    let many = Daily {
        results: (0..DAILY_KEEP + 5)
            .map(|i| DailyResult {
                day: format!("{:04}-01-01", 1000 + i),
                place: 1,
                seats: 4,
                plays: i,
            })
            .collect(),
        ..Daily::default()
    };
    let kept = Daily::from_text(&many.to_text());
    assert_eq!(kept.results.len(), DAILY_KEEP);
    assert_eq!(kept.results[0], many.results[5]);
}

// ---- Recent matches ----

#[test]
fn recent_matches_are_kept_to_their_limit_newest_first() {
    let store = Memory::default();
    let state = play_out(medium_game(5));
    let place = stats::finishing_place(state.game(), ME);
    for i in 1..=RECENT_MAX + 5 {
        stats::record_game(&store, &state, &format!("2026-01-{i:02}"), names(&state));
    }
    let list = stats::recent(&store);
    assert_eq!(list.len(), RECENT_MAX);
    assert_eq!(list[0].day, format!("2026-01-{:02}", RECENT_MAX + 5));
    assert_eq!(list[RECENT_MAX - 1].day, "2026-01-06");
    assert!(list.iter().all(|m| m.place == place && m.seats == 4));
    // The code is the whole match.
    let shared = Played::decode(&list[0].code).expect("a share code");
    assert_eq!(shared.names, names(&state));
    assert_eq!(shared.seed, state.seed);
    assert_eq!(shared.actions, state.actions);
    assert_eq!(shared.rules, RuleSet::modern());
    // Stored as before: a magic line, then `day place seats code`.
    let raw = store.get(RECENT_KEY).unwrap();
    let mut lines = raw.lines();
    assert_eq!(lines.next(), Some("ono99-recent 1"));
    assert_eq!(
        lines.next(),
        Some(format!("2026-01-25 {place} 4 {}", list[0].code).as_str())
    );
    assert_eq!(lines.count(), RECENT_MAX - 1);
    assert_eq!(stats::load(&store).overall.played, (RECENT_MAX + 5) as u32);
}

#[test]
fn recent_matches_read_leniently() {
    let m = |day: &str, code: &str| RecentMatch {
        day: day.into(),
        place: 2,
        seats: 3,
        code: code.into(),
    };
    let list: Vec<RecentMatch> = (0..RECENT_MAX + 3)
        .map(|i| m(&format!("2026-02-{:02}", i + 1), &format!("c{i}")))
        .collect();
    let text = stats::recent_to_text(&list);
    assert!(text.starts_with("ono99-recent 1\n2026-02-01 2 3 c0\n"));
    // More than the limit in store: the first ones are read.
    assert_eq!(stats::recent_from_text(&text), list[..RECENT_MAX]);
    // Bad lines are skipped; another format is empty.
    let messy = "ono99-recent 1\n2026-02-01 2 3\nsoon 2 3 c\n2026-02-02 x 3 c\n2026-02-03 1 2 ok";
    assert_eq!(
        stats::recent_from_text(messy),
        vec![RecentMatch {
            day: "2026-02-03".into(),
            place: 1,
            seats: 2,
            code: "ok".into(),
        }]
    );
    assert!(stats::recent_from_text("ono99-recent 2\n2026-02-03 1 2 ok").is_empty());
    let mut kept = list[..RECENT_MAX].to_vec();
    stats::push_recent(&mut kept, m("2026-03-01", "new"));
    assert_eq!(kept.len(), RECENT_MAX);
    assert_eq!(kept[0].code, "new");
    assert_eq!(kept[RECENT_MAX - 1], list[RECENT_MAX - 2]);
}
