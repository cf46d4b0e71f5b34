//! The Yew browser app (wasm32 only). One component a file; the game state
//! is a `Reducible` adapter over the rules engine (`state`), and every text
//! lives in `text`.

mod app;
mod card;
mod centre;
mod end_screen;
mod focus;
mod game;
mod hand;
mod log;
mod offline;
mod opponent;
mod pass_screen;
mod prefs;
mod prefs_bar;
mod rules_screen;
mod save_notice;
mod setup;
mod sound;
pub mod state;
pub mod stats;
mod stats_screen;
pub mod storage;
pub mod text;
mod text_es;
mod text_fr;
mod text_pt;
mod translation;

/// Mounts the app into the page body.
pub fn start() {
    yew::Renderer::<app::App>::new().render();
    offline::register_service_worker();
}
