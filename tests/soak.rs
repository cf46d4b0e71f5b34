//! The soak, natively: many whole games of the game at this device
//! (`ono99::play`: the engine, the bots and the page's pure state) one
//! after the other, driven the way the page drives them, with no error and
//! no memory kept from one game to the next.
//!
//! The browser suite used to play 200 instant games in one page load for
//! this (283 s); it now plays 40 there, for what only a page can show
//! (console errors, the JS heap, the DOM), and the count moved here: 2,000
//! games of the browser soak's own table, and 150 of every format, seat
//! count and level, in seconds.

use ono99::bots::{make_bot, Level};
use ono99::play::save::{parse_save, save_text};
use ono99::play::{GameMsg, GameSetup, GameState, Speed};
use ono99::rules::{Rng, RuleSet};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::rc::Rc;

mod common;

/// The system allocator, counting the bytes this thread holds: each test
/// runs on its own thread, so other tests of this binary don't count.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    // `try_with`: a thread being torn down has no counter any more.
    let _ = LIVE.try_with(|l| l.set(l.get() + delta));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

fn live() -> isize {
    LIVE.with(Cell::get)
}

/// You and `levels.len()` bots at instant speed, as the setup screen makes it.
fn setup(rules: RuleSet, levels: &[Level]) -> Rc<GameSetup> {
    Rc::new(GameSetup {
        player_name: String::new(),
        others: levels
            .iter()
            .enumerate()
            .map(|(i, &level)| ono99::play::bot(i, level))
            .collect(),
        rules,
        speed: Speed::Instant,
    })
}

fn apply(state: &GameState, msg: GameMsg, what: &str) -> GameState {
    let next = state
        .update(msg.clone())
        .unwrap_or_else(|| panic!("{what}: {msg:?} changed nothing"));
    assert!(
        next.last_error.is_none(),
        "{what}: {msg:?} was refused: {:?}",
        next.last_error
    );
    next
}

/// One game to its end as the browser soak's page loop plays it: the bots
/// move when the page would ask them, you play your first legal action
/// (the first playable card, or the four-ONO discard), the final table
/// gives way to the summary and "Next hand" deals on, and "Skip to the
/// result" is pressed once you are out. Returns the number of actions.
fn play_one(setup: &Rc<GameSetup>, seed: u64, what: &str) -> usize {
    let mut state = GameState::new(setup.clone(), seed).expect("a valid setup");
    for step in 0..20_000 {
        if state.game().is_over() {
            // The page saves after every play: the finished match's save
            // reads back as the same match.
            let text = save_text(&state);
            let resumed = parse_save(&text)
                .unwrap_or_else(|e| panic!("{what}: the save does not read back: {e:?}\n{text}"));
            assert_eq!(
                resumed.actions, state.actions,
                "{what}: the save resumes another match"
            );
            assert!(
                resumed.game().is_over(),
                "{what}: the resumed match is not over"
            );
            return state.actions.len();
        }
        let what = &format!("{what}, step {step}");
        if let Some(summary) = &state.summary {
            let msg = if summary.open {
                GameMsg::Continue
            } else {
                GameMsg::OpenSummary
            };
            state = apply(&state, msg, what);
            continue;
        }
        if state.can_skip() {
            state = apply(&state, GameMsg::SkipAhead, what);
            continue;
        }
        if let Some((_, level)) = state.bot_to_act() {
            let msg = state
                .bot_move(make_bot(level).as_mut())
                .unwrap_or_else(|| panic!("{what}: the bot to act has no move"));
            state = apply(&state, msg, what);
            continue;
        }
        assert!(
            state.my_turn(),
            "{what}: nobody to act in a match that goes on"
        );
        let action = state.game().legal_actions()[0];
        let msg = GameMsg::Act {
            seat: state.viewer,
            action,
            ply: Some(state.actions.len()),
        };
        state = apply(&state, msg, what);
    }
    panic!("{what}: the match did not end");
}

/// Plays `games` games, each with a fresh state from `table(i)`; returns
/// the bytes this thread holds more (or less) at the end than at the start.
fn soak(games: u64, table: impl Fn(u64) -> (Rc<GameSetup>, String)) -> isize {
    let before = live();
    for i in 0..games {
        let (setup, what) = table(i);
        let actions = play_one(&setup, 1_000 + i, &format!("game {i} ({what})"));
        assert!(actions > 0, "game {i}: no action");
    }
    live() - before
}

#[test]
fn two_thousand_games_of_the_browser_soak_table_end_without_error_and_keep_no_memory() {
    // The browser soak's table: you and two Medium bots, modern rules.
    let table = setup(RuleSet::modern(), &[Level::Medium, Level::Medium]);
    let one = |_| (table.clone(), "3 players, modern, Medium".to_string());
    // Warm up first (lazily built tables, the allocator's own caches).
    soak(10, one);
    let growth = soak(2_000, one);
    // Everything a game allocates is freed with it: not one byte per game
    // may stay behind (the slack is 2 bytes a game; a game that kept 64
    // bytes failed it, 12,800 bytes over 200 games).
    assert!(
        growth.abs() < 4096,
        "2,000 games left {growth} bytes behind"
    );
}

#[test]
fn games_of_every_format_seat_count_and_level_end_without_error_and_keep_no_memory() {
    let table = |i: u64| {
        let mut rng = Rng::new(0x50A4 ^ i);
        let rules = common::random_rules(&mut rng);
        let seats = 2 + rng.below(7);
        // Hard bots in one game of 50: they search (a few ms a decision),
        // and a long points match of them would take seconds.
        let levels: Vec<Level> = (1..seats)
            .map(|_| {
                [
                    Level::Random,
                    Level::Easy,
                    Level::Medium,
                    Level::Medium,
                    Level::Hard,
                ][rng.below(5)]
            })
            .map(|l| {
                if l == Level::Hard && i % 50 != 0 {
                    Level::Medium
                } else {
                    l
                }
            })
            .collect();
        let what = format!("{seats} players, {rules:?}, {levels:?}");
        (setup(rules, &levels), what)
    };
    soak(10, table);
    let growth = soak(150, |i| table(10 + i));
    assert!(growth.abs() < 4096, "150 games left {growth} bytes behind");
}
