//! What the app keeps in `localStorage`: the match in progress
//! (`ono99.save`), the settings (`ono99.settings`) and, through
//! [`crate::ui::stats`], the statistics (`ono99.stats`).
//!
//! The save's format and the rules of keeping it (never delete what could
//! not be copied, leave a newer version's save alone) are pure, in
//! [`crate::play::save`]; this is the browser's side. Storage being
//! unavailable (private mode) only means nothing is kept, and a full quota
//! is reported to the player: no call here can panic.

use crate::play::save::{self, Store, StoreError};
pub use crate::play::save::{BadSave, Resume, SaveError, SAVE_KEY};
use crate::play::{GameSetup, GameState, Speed};

/// The page's `localStorage`, if the browser lets us have it (gloo's
/// `LocalStorage::raw` would panic instead when storage is disabled).
fn raw_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The page's `localStorage` as a [`Store`].
struct Local;

impl Store for Local {
    fn get(&self, key: &str) -> Option<String> {
        raw_storage()?.get_item(key).ok().flatten()
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        let storage = raw_storage().ok_or(StoreError::Unavailable)?;
        storage.set_item(key, value).map_err(|e| {
            // `QuotaExceededError` is a DOMException named so.
            let name = js_sys::Reflect::get(&e, &"name".into())
                .ok()
                .and_then(|n| n.as_string())
                .unwrap_or_default();
            if name.contains("Quota") {
                StoreError::Full
            } else {
                StoreError::Unavailable
            }
        })
    }

    fn remove(&self, key: &str) {
        if let Some(s) = raw_storage() {
            let _ = s.remove_item(key);
        }
    }
}

/// Forgets `key` (nothing to do if storage is unavailable).
pub fn delete(key: &str) {
    Local.remove(key);
}

/// Reads `key`; for [`crate::ui::stats`].
pub fn read(key: &str) -> Option<String> {
    Local.get(key)
}

/// Writes `key`; for [`crate::ui::stats`].
///
/// # Errors
/// The store is full or unavailable; what was there is unchanged.
pub fn write(key: &str, value: &str) -> Result<(), StoreError> {
    Local.set(key, value)
}

/// Looks for a saved match (see [`save::load_save`]).
pub fn load_save() -> Resume {
    save::load_save(&Local)
}

/// Writes the match in progress (after every action).
///
/// # Errors
/// Why it was not saved, to tell the player.
pub fn save_game(state: &GameState) -> Result<(), SaveError> {
    save::save_game(&Local, state)
}

/// Forgets the match in progress (the player left it).
pub fn clear_save() {
    delete(SAVE_KEY);
}

/// A new game was started: the bad save kept aside can go.
pub fn forget_bad_save() {
    delete(save::BAD_SAVE_KEY);
}

/// The last game setup (which holds the bots' speed), if one was stored and
/// is usable. Language, sound and motion live in `ono99.prefs`.
pub fn load_setup() -> Option<GameSetup> {
    save::parse_setup(&read(save::SETTINGS_KEY)?)
}

/// Remembers the setup (and so the bots' speed) for the next visit.
pub fn save_setup(setup: &GameSetup) {
    let _ = write(save::SETTINGS_KEY, &save::setup_text(setup));
}

/// Remembers a speed chosen during a game as the default for the next.
pub fn save_speed(speed: Speed) {
    if let Some(mut setup) = load_setup() {
        if setup.speed != speed {
            setup.speed = speed;
            save_setup(&setup);
        }
    }
}

/// This tab's `sessionStorage`: kept over a reload of the tab, never shared
/// with another tab, gone with the tab. What an online table needs to come
/// back by itself after a reload (the table link's secret at the host, the
/// seat at a friend's page); the whole app only. Storage being unavailable
/// only means a reload needs a new link.
#[cfg(feature = "full")]
pub mod tab {
    fn raw() -> Option<web_sys::Storage> {
        web_sys::window()?.session_storage().ok().flatten()
    }

    pub fn read(key: &str) -> Option<String> {
        raw()?.get_item(key).ok().flatten()
    }

    /// Writes `key` (quietly: nothing is kept if the browser refuses).
    pub fn write(key: &str, value: &str) {
        if let Some(s) = raw() {
            let _ = s.set_item(key, value);
        }
    }

    pub fn delete(key: &str) {
        if let Some(s) = raw() {
            let _ = s.remove_item(key);
        }
    }
}
