//! A bot's turn in the page: the bot for a level, with a search that reads
//! the page's clock, and its decision timed with User Timing entries so the
//! browser tests can report how long bots think; or the same decision asked
//! of the search worker, which may think for most of the bot's pause.

use crate::bots::jobs::{Answer, Job};
use crate::bots::{make_bot_with_clock, Bot, Budget, HardBot, Level};
use crate::ui::platform::clock::now_ms;
use crate::ui::state::{GameMsg, GameState};
use gloo_timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use yew::UseReducerHandle;

const BOT_MARK: &str = "ono99-bot-start";
const BOT_MEASURE: &str = "ono99-bot-think";

/// A bot for `level` whose search may read the page's clock (never
/// `std::time`, which panics in the browser).
fn browser_bot(level: Level) -> Box<dyn Bot> {
    let clock = Box::new(now_ms);
    match level {
        // Under the bots' own browser budget (25 ms): the whole move (view,
        // Medium's guard, search, applying it) must fit in 25 ms, and with
        // the search cut at 20 ms the browser tests measured moves of up to
        // 26 ms. 16 ms leaves room for the rest on a busy machine.
        Level::Hard => Box::new(HardBot::new(
            Budget {
                millis: Some(16.0),
                ..Budget::BROWSER
            },
            Some(clock),
        )),
        other => make_bot_with_clock(other, clock),
    }
}

/// The move of the `level` bot to act in `state`, timed.
pub fn decide(state: &GameState, level: Level) -> Option<GameMsg> {
    let perf = web_sys::window().and_then(|w| w.performance());
    if let Some(p) = &perf {
        let _ = p.mark(BOT_MARK);
    }
    let mut bot = browser_bot(level);
    let msg = state.bot_move(bot.as_mut());
    if let Some(p) = &perf {
        let _ = p.measure_with_start_mark(BOT_MEASURE, BOT_MARK);
        p.clear_marks_with_mark_name(BOT_MARK);
    }
    msg
}

/// Forgets the last game's bot timings (a new game starts afresh).
pub fn clear_timings() {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        p.clear_measures_with_measure_name(BOT_MEASURE);
    }
}

/// Share of the bot's pause the worker may search for (the rest covers
/// the messages and the move itself).
const WORKER_SHARE: f64 = 0.8;
/// The most iterations a search in the worker runs.
const WORKER_ITERATIONS: u32 = 200_000;

/// Asks the worker for the decision of the bot to act, and plays it once
/// `delay_ms` have passed since now. `false`: no worker, decide on the
/// page. If the worker refuses, the page decides after all. Nothing is
/// played once `live` is false (the game moved on).
pub fn ask_worker(
    state: &UseReducerHandle<GameState>,
    delay_ms: u32,
    live: Rc<Cell<bool>>,
    later: Rc<RefCell<Option<Timeout>>>,
) -> bool {
    let Some(turn) = state.bot_turn() else {
        return false;
    };
    let start = now_ms();
    let job = Job::Decide {
        view: turn.view.clone(),
        legal: turn.legal.clone(),
        level: turn.level,
        millis: f64::from(delay_ms) * WORKER_SHARE,
        iterations: WORKER_ITERATIONS,
        seed: turn.seed,
    };
    let handle = state.clone();
    let level = turn.level;
    // Answered once: by the worker, or by the page if the worker has not
    // answered a while after the pause.
    let answered = Rc::new(Cell::new(false));
    let asked = {
        let handle = handle.clone();
        let later = later.clone();
        let answered = answered.clone();
        let live = live.clone();
        crate::ui::platform::worker::ask(job, move |answer| {
            if !live.get() || answered.replace(true) {
                return;
            }
            let msg = match answer {
                Answer::Action(action) => Some(turn.act(action)),
                _ => decide(&handle, level),
            };
            let Some(msg) = msg else { return };
            let waited = (now_ms() - start).max(0.0) as u32;
            let h = handle.clone();
            *later.borrow_mut() = Some(Timeout::new(delay_ms.saturating_sub(waited), move || {
                h.dispatch(msg)
            }));
        })
    };
    if asked {
        let watchdog = Timeout::new(delay_ms + WORKER_GRACE_MS, move || {
            if !live.get() || answered.replace(true) {
                return;
            }
            if let Some(msg) = decide(&handle, level) {
                handle.dispatch(msg);
            }
        });
        *later.borrow_mut() = Some(watchdog);
    }
    asked
}

/// How long after the pause the page waits for the worker's answer before
/// deciding itself.
const WORKER_GRACE_MS: u32 = 1_500;
