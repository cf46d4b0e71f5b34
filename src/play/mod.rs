//! A match played at this device, without the browser: the setup the
//! new-game screen chooses, the game state the page's reducer updates, its
//! save file, and what a finished game adds to the statistics (`stats`:
//! the record, Today's deal's results, the recent matches). Pure Rust like
//! `rules/` and `bots/` (no yew, web-sys or gloo), so every decision the
//! game screen makes about whose move comes next, what a save holds and
//! how it resumes is tested natively.

pub mod learn;
pub mod names;
pub mod save;
pub mod setup;
pub mod state;
pub mod stats;

pub use crate::online::SeatSetup;
pub use names::{SeatName, SeatNames};
pub use setup::{
    bot, daily_seed, default_bot, GameSetup, SeatKind, Speed, BOT_LEVELS, BOT_NAMES, ME,
};
pub use state::{BotTurn, GameMsg, GameState, HandSummary};
