//! A bot's turn in the page: the bot for a level, with a search that reads
//! the page's clock, and its decision timed with User Timing entries so the
//! browser tests can report how long bots think.

use crate::bots::{make_bot_with_clock, Bot, Budget, HardBot, Level};
use crate::ui::platform::clock::now_ms;
use crate::ui::state::{GameMsg, GameState};

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
