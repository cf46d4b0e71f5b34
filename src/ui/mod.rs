//! The Yew browser app (wasm32 only), in four folders:
//!
//! - `table/`: the pieces of the table (seats, the centre with the total and
//!   piles, your hand, a card, the game log); leaf components that get data
//!   and emit callbacks, no game logic;
//! - `screens/`: whole screens and dialogs (the game, setup, rules,
//!   statistics, end of a hand or match, the pass screen, notices, settings);
//! - `i18n/`: every text in every language, and the typed call-outs derived
//!   from engine events;
//! - `platform/`: the browser edge (storage, preferences, sound, the service
//!   worker, focus, the clock).
//!
//! Beside them: the app's root component (`app`), the game state as Yew's
//! `Reducible` over the pure [`crate::play`] state (`state`), the
//! statistics record (`stats`), the game screen's saves and statistics
//! (`persistence`), the bots' turns in the page (`bot_turn`)
//! and online tables' glue between the pure session and the WebRTC
//! transport (`online`).

mod app;
mod bot_turn;
pub mod i18n;
pub mod online;
mod persistence;
pub mod platform;
mod screens;
pub mod state;
pub mod stats;
mod table;

/// Mounts the app into the page body, once the first screen index.html
/// paints is on screen (the app then takes it over).
pub fn start() {
    platform::boot::after_paint(|| {
        yew::Renderer::<app::App>::new().render();
        platform::offline::register_service_worker();
    });
}
