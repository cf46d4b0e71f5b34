//! A match played at this device, without the browser: the setup the
//! new-game screen chooses, the game state the page's reducer updates, its
//! save file. Pure Rust like
//! `rules/` and `bots/` (no yew, web-sys or gloo), so every decision the
//! game screen makes about whose move comes next, what a save holds and
//! how it resumes is tested natively.

pub mod save;
pub mod setup;
pub mod state;

pub use setup::{
    daily_seed, default_bot, BotSetup, GameSetup, SeatKind, Speed, BOT_LEVELS, BOT_NAMES, ME,
};
pub use state::{BotTurn, GameMsg, GameState, HandSummary};
