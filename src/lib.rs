//! ONO 99: a rules engine for every edition of the card game, bots that play
//! from what their seat may see, and (on wasm32) the Yew browser app.
//!
//! `rules`, `bots`, `codec` (the binary codec under codes, share links and
//! worker messages), `online` (the protocol, host session and guest
//! mirror of online tables), `play` (a match at this device: its setup,
//! state, save), `routes` (what a page address says), `share` (share
//! links of a match), `table` (what the table shows from one seat, for
//! the page to draw) and `i18n` (every text the player sees, in every
//! language) are pure Rust: no browser APIs, no global randomness.

pub mod bots;
pub mod codec;
pub mod i18n;
pub mod online;
pub mod play;
pub mod routes;
pub mod rules;
pub mod share;
pub mod table;

#[cfg(target_arch = "wasm32")]
pub mod ui;
