//! A short vibration on your turn and when you go out, where the device
//! has one (`navigator.vibrate`: phones; desktops ignore it). Off with the
//! setting, and whenever motion is reduced (the setting or the system).
//! Browsers only let a page vibrate after the player has touched it; before
//! that, and where the API is missing, nothing happens. Nothing here can
//! panic.

use std::cell::Cell;

thread_local! {
    static ON: Cell<bool> = const { Cell::new(true) };
}

/// Turns vibration on or off (the Settings switch).
pub fn set_enabled(on: bool) {
    ON.with(|o| o.set(on));
}

fn buzz(ms: u32) {
    if !ON.with(Cell::get) || super::motion::reduced() {
        return;
    }
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().vibrate_with_duration(ms);
    }
}

/// Your turn has come: one short tap.
pub fn your_turn() {
    buzz(40);
}

/// You went out of the hand: a longer buzz.
pub fn you_are_out() {
    buzz(180);
}
