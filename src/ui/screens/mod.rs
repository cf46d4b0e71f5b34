//! Whole screens and dialogs: the game (which lays out the `table` pieces
//! and runs the bots), the setup form, the rules, the statistics, the
//! dialogs between hands and at the end, the pass screen of pass-and-play,
//! the saved-game notice, the settings, and online tables (the host's
//! lobby, a friend's join page and table), the replay viewer, the review
//! of your plays and the coach marks of the guided first game. Screens may use `table`, `i18n`,
//! `platform` and the app's `state`; nothing below them uses a screen.

pub mod coach;
pub mod dialog;
pub mod game;
#[cfg(feature = "full")]
pub mod guest;
#[cfg(not(feature = "full"))]
pub mod handover;
pub mod header;
#[cfg(feature = "full")]
pub mod lobby;
pub mod pass;
#[cfg(feature = "full")]
pub mod reactions;
#[cfg(feature = "full")]
pub mod replay;
#[cfg(feature = "full")]
pub mod review;
pub mod rules;
pub mod save_notice;
#[cfg(feature = "full")]
pub mod seat_requests;
pub mod settings;
pub mod setup;
#[cfg(feature = "full")]
pub mod stats;
