//! The player's statistics in the browser: the record (`ono99.stats`),
//! Today's deal's results (`ono99.daily`) and the recent matches
//! (`ono99.recent`) kept in `localStorage`, and today's date from the
//! browser's clock. What a finished game adds and every format are pure, in
//! [`crate::play::stats`]; this only hands them the storage and the day.
//! Only finished games count, each once (see
//! [`crate::ui::persistence::use_persistence`]).

use crate::i18n::Lang;
use crate::play::save::{Store, StoreError};
use crate::play::stats as pure;
pub use crate::play::stats::{my_plays, CountOnce, Daily, Opponents, RecentMatch, Stats, Tally};
use crate::rules::Seat;
use crate::ui::platform::storage;
use crate::ui::state::GameState;

/// The page's `localStorage` (through [`storage`], which never panics).
struct Browser;

impl Store for Browser {
    fn get(&self, key: &str) -> Option<String> {
        storage::read(key)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        storage::write(key, value)
    }

    fn remove(&self, key: &str) {
        storage::delete(key);
    }
}

/// Today's date, `YYYY-MM-DD` in UTC.
pub fn today() -> String {
    let iso = String::from(js_sys::Date::new_0().to_iso_string());
    iso.get(..10).unwrap_or("1970-01-01").to_string()
}

/// The stored record (an unreadable one counts as empty).
pub fn load() -> Stats {
    pure::load(&Browser)
}

/// Forgets every game counted.
pub fn reset() {
    pure::reset(&Browser);
}

/// Counts the finished game in `state` for the device's seat.
pub fn record_game(state: &GameState) {
    let setup = state.named_setup();
    let names = (0..setup.seat_count())
        .map(|i| setup.shared_name(Seat(i as u8), Lang::default()))
        .collect();
    pure::record_game(&Browser, state, &today(), names);
}

/// Today's deal's results so far.
pub fn daily() -> Daily {
    Daily::load(&Browser)
}

/// Starting Today's deal on `day`: whether this attempt is the one that
/// counts (see [`Daily::begin`]).
pub fn daily_begin(day: &str) -> bool {
    pure::daily_begin(&Browser, day)
}

/// Whether `state` is the counted attempt of Today's deal under way: its
/// day when it is.
pub fn daily_counting(state: &GameState) -> Option<String> {
    pure::daily_counting(&Browser, state)
}

/// The day of the deal `state` plays, if it is a Today's deal (counted or
/// practice).
pub fn daily_day(state: &GameState) -> Option<String> {
    pure::daily_day(&Browser, state, &today())
}

/// The kept matches, newest first.
pub fn recent() -> Vec<RecentMatch> {
    pure::recent(&Browser)
}
