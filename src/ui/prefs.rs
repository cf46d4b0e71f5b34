//! The player's preferences for this device: language, sound, reduced
//! motion and hints, kept in `localStorage` under `ono99.prefs`. A missing
//! or unreadable entry gives the defaults (language from the browser).

use super::text::Lang;
use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};

const STORAGE_KEY: &str = "ono99.prefs";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Prefs {
    pub lang: Lang,
    pub sound: bool,
    /// Animations and transitions off (also when the system asks for it).
    pub reduce_motion: bool,
    /// The coach's marks on your cards.
    pub hints: bool,
}

/// What is stored: the language by its code, every field optional so that
/// an older or partial entry still reads.
#[derive(Serialize, Deserialize, Default)]
#[serde(default)]
struct Stored {
    lang: Option<String>,
    sound: Option<bool>,
    reduce_motion: Option<bool>,
    hints: Option<bool>,
}

/// The browser's preferred language, if it is one of ours.
fn browser_lang() -> Option<Lang> {
    let nav = web_sys::window()?.navigator();
    let mut tags: Vec<String> = nav
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    if let Some(first) = nav.language() {
        tags.insert(0, first);
    }
    tags.iter().find_map(|t| Lang::from_tag(t))
}

impl Prefs {
    /// The saved preferences, or the defaults.
    pub fn load() -> Prefs {
        let stored: Stored = LocalStorage::get(STORAGE_KEY).unwrap_or_default();
        Prefs {
            lang: stored
                .lang
                .as_deref()
                .and_then(Lang::from_tag)
                .or_else(browser_lang)
                .unwrap_or_default(),
            sound: stored.sound.unwrap_or(true),
            reduce_motion: stored.reduce_motion.unwrap_or(false),
            hints: stored.hints.unwrap_or(false),
        }
    }

    /// Keeps the preferences for the next visit (quietly, if storage is
    /// full or forbidden).
    pub fn save(&self) {
        let stored = Stored {
            lang: Some(self.lang.code().to_string()),
            sound: Some(self.sound),
            reduce_motion: Some(self.reduce_motion),
            hints: Some(self.hints),
        };
        let _ = LocalStorage::set(STORAGE_KEY, stored);
    }

    /// Puts the preferences that the whole page follows on `<html>`: its
    /// language (for screen readers and hyphenation) and reduced motion.
    pub fn apply_to_page(&self) {
        let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        else {
            return;
        };
        let _ = root.set_attribute("lang", self.lang.code());
        let _ = if self.reduce_motion {
            root.set_attribute("data-motion", "reduce")
        } else {
            root.remove_attribute("data-motion")
        };
        super::sound::set_enabled(self.sound);
    }
}
