//! The player's preferences for this device: language, sound volume,
//! reduced motion and hints, kept in `localStorage` under `ono99.prefs` as
//! `name=value` lines. A missing, unknown or unreadable line gives that
//! preference's default (the language from the browser), so an older or
//! hand-edited entry still reads; an older entry's `sound=0` (the former
//! on/off switch) reads as volume 0. The colour theme is kept on its own
//! ([`Theme`], `ono99.theme`), and so are the network settings of online
//! tables ([`NetworkPrefs`], `ono99.network`) and, in the whole app only,
//! the relays table links go through (`RelayPrefs`, `ono99.relays`), and
//! the turn alert's notification switch (`ono99.alerts`, kept by
//! `platform::attention`).
//! Storage goes through [`crate::ui::platform::storage`], which copes with
//! a browser that forbids it.

use crate::i18n::Lang;
use crate::ui::platform::storage;

const STORAGE_KEY: &str = "ono99.prefs";

/// The loudest setting of the volume slider.
pub const MAX_VOLUME: u8 = 100;
pub use crate::ui::platform::sound::DEFAULT_VOLUME;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Prefs {
    pub lang: Lang,
    /// Sound effects' volume, 0 (muted) to [`MAX_VOLUME`].
    pub volume: u8,
    /// Animations and transitions off (also when the system asks for it).
    pub reduce_motion: bool,
    /// The coach's marks on your cards.
    pub hints: bool,
}

/// What is stored: each preference that was found, by name.
#[derive(Default)]
struct Stored {
    lang: Option<Lang>,
    volume: Option<u8>,
    /// The older on/off switch, read when no volume is stored.
    sound: Option<bool>,
    reduce_motion: Option<bool>,
    hints: Option<bool>,
}

impl Stored {
    fn parse(text: &str) -> Stored {
        let flag = |v: &str| match v.trim() {
            "1" => Some(true),
            "0" => Some(false),
            _ => None,
        };
        let mut out = Stored::default();
        for line in text.lines() {
            let Some((name, value)) = line.split_once('=') else {
                continue;
            };
            match name.trim() {
                "lang" => out.lang = Lang::from_tag(value.trim()),
                "volume" => out.volume = value.trim().parse::<u8>().ok().map(|v| v.min(MAX_VOLUME)),
                "sound" => out.sound = flag(value),
                "reduce_motion" => out.reduce_motion = flag(value),
                "hints" => out.hints = flag(value),
                _ => {}
            }
        }
        out
    }

    /// The volume: as stored, or from the older switch (off is 0).
    fn volume(&self) -> u8 {
        match (self.volume, self.sound) {
            (Some(v), _) => v,
            (None, Some(false)) => 0,
            (None, _) => DEFAULT_VOLUME,
        }
    }
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
        let stored = storage::read(STORAGE_KEY)
            .map(|text| Stored::parse(&text))
            .unwrap_or_default();
        Prefs {
            lang: stored.lang.or_else(browser_lang).unwrap_or_default(),
            volume: stored.volume(),
            reduce_motion: stored.reduce_motion.unwrap_or(false),
            hints: stored.hints.unwrap_or(false),
        }
    }

    /// Keeps the preferences for the next visit (quietly, if storage is
    /// full or forbidden).
    pub fn save(&self) {
        let bit = |on: bool| if on { '1' } else { '0' };
        let text = format!(
            "lang={}\nvolume={}\nreduce_motion={}\nhints={}\n",
            self.lang.code(),
            self.volume,
            bit(self.reduce_motion),
            bit(self.hints)
        );
        let _ = storage::write(STORAGE_KEY, &text);
    }

    /// Puts the preferences that the whole page follows on `<html>`: its
    /// language (for screen readers and hyphenation) and reduced motion.
    pub fn apply_to_page(&self) {
        let Some(root) = page_root() else {
            return;
        };
        let _ = root.set_attribute("lang", self.lang.code());
        let _ = if self.reduce_motion {
            root.set_attribute("data-motion", "reduce")
        } else {
            root.remove_attribute("data-motion")
        };
        crate::ui::platform::sound::set_volume(self.volume);
    }
}

/// The page's `<html>` element.
fn page_root() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.document_element()
}

const THEME_KEY: &str = "ono99.theme";

/// The page's colours, kept in `localStorage` under `ono99.theme`.
/// `Auto` follows the device (`prefers-color-scheme`, in the CSS alone);
/// the other two put `data-theme` on `<html>`, which index.html's first
/// script also does from the saved word before the first paint, so the
/// first screen never flashes the other theme. Not a field of [`Prefs`]:
/// at four bytes `Prefs` travels as one number in the game's code, and the
/// page needs the theme only where the settings change it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Theme {
    #[default]
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    /// Its name in storage, in the settings' select and in `data-theme`.
    pub fn name(self) -> &'static str {
        ["auto", "light", "dark"][self as usize]
    }

    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The theme in force: `<html>`'s `data-theme` (index.html's first
    /// script sets it from the saved word, [`Theme::choose`] when it
    /// changes), so a browser that forbids storage still shows the choice
    /// made on this page; none is Automatic.
    pub fn load() -> Theme {
        page_root()
            .and_then(|root| root.get_attribute("data-theme"))
            .and_then(|t| Theme::from_name(&t))
            .unwrap_or_default()
    }

    /// Keeps the theme for the next visit (quietly, if storage is full or
    /// forbidden) and puts it on the page at once.
    pub fn choose(self) {
        let _ = storage::write(THEME_KEY, self.name());
        if let Some(root) = page_root() {
            let _ = match self {
                Theme::Auto => root.remove_attribute("data-theme"),
                t => root.set_attribute("data-theme", t.name()),
            };
        }
    }
}

const NETWORK_KEY: &str = "ono99.network";

/// The public STUN servers asked by default, of two providers, so that
/// one down leaves the other (the lobby names them; the settings can change
/// or clear them).
pub const DEFAULT_STUN: &str = "stun:stun.l.google.com:19302 stun:stun.cloudflare.com:3478";

/// The default of builds before issue 38 (one provider's server alone): a
/// setting that still says it takes today's default.
const OLD_DEFAULT_STUN: &str = "stun:stun.l.google.com:19302";

/// The network settings of online tables: the only servers the page may
/// reach, and only once the player opens or joins an online table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NetworkPrefs {
    /// `stun:` URLs, separated by spaces or commas; empty: same-network
    /// play only.
    pub stun: String,
    /// An optional `turn:` or `turns:` URL, with its user name and password.
    pub turn_url: String,
    pub turn_user: String,
    pub turn_credential: String,
}

impl Default for NetworkPrefs {
    fn default() -> Self {
        NetworkPrefs {
            stun: DEFAULT_STUN.to_string(),
            turn_url: String::new(),
            turn_user: String::new(),
            turn_credential: String::new(),
        }
    }
}

impl NetworkPrefs {
    /// The saved settings, or the defaults. One `key=value` per line.
    pub fn load() -> NetworkPrefs {
        let mut prefs = NetworkPrefs::default();
        if let Some(text) = storage::read(NETWORK_KEY) {
            for line in text.lines() {
                let Some((key, value)) = line.split_once('=') else {
                    continue;
                };
                let value = clean(value);
                match key {
                    "stun" if value == OLD_DEFAULT_STUN => prefs.stun = DEFAULT_STUN.to_string(),
                    "stun" => prefs.stun = value,
                    "turn" => prefs.turn_url = value,
                    "turn_user" => prefs.turn_user = value,
                    "turn_credential" => prefs.turn_credential = value,
                    _ => {}
                }
            }
        }
        prefs
    }

    pub fn save(&self) {
        let text = format!(
            "stun={}\nturn={}\nturn_user={}\nturn_credential={}\n",
            clean(&self.stun),
            clean(&self.turn_url),
            clean(&self.turn_user),
            clean(&self.turn_credential)
        );
        let _ = storage::write(NETWORK_KEY, &text);
    }
}

/// One line, no control characters, at most 256 characters.
fn clean(value: &str) -> String {
    value
        .chars()
        .filter(|c| !c.is_control())
        .take(256)
        .collect::<String>()
        .trim()
        .to_string()
}

#[cfg(feature = "full")]
pub use relays::{RelayPrefs, DEFAULT_RELAYS};

/// The relays that table links go through (issue 30), whole app only: the
/// first download carries none of this.
#[cfg(feature = "full")]
mod relays {
    use crate::online::signal::Relay;
    use crate::ui::platform::storage;

    const RELAYS_KEY: &str = "ono99.relays";

    /// The public relays a table link names until the player changes them,
    /// as lines [`Relay::parse`] reads: three WebTorrent trackers and three
    /// MQTT brokers, so that one network down or blocked leaves the other,
    /// and at least one of each on port 443 (the two first trackers, the
    /// Eclipse Foundation's broker), which networks that allow only the web's
    /// own port still reach.
    pub const DEFAULT_RELAYS: &[&str] = &[
        "wss://tracker.openwebtorrent.com",
        "wss://tracker.webtorrent.dev",
        "wss://tracker.files.fm:7073/announce",
        "mqtt+wss://mqtt.eclipseprojects.io/mqtt",
        "mqtt+wss://broker.emqx.io:8084/mqtt",
        "mqtt+wss://broker.hivemq.com:8884/mqtt",
    ];

    /// Settings → Online tables → Relays, kept in `localStorage` under
    /// `ono99.relays` as the field's text.
    #[derive(Clone, PartialEq, Eq, Debug)]
    pub struct RelayPrefs {
        /// The field as the player typed it: one relay a line (empty lines
        /// allowed); empty means no relay, codes only.
        pub text: String,
    }

    impl Default for RelayPrefs {
        /// The default relays, one a line.
        fn default() -> Self {
            RelayPrefs {
                text: DEFAULT_RELAYS.join("\n"),
            }
        }
    }

    impl RelayPrefs {
        /// The saved relays: never saved, the defaults; saved empty, none
        /// (codes only); see [`RelayPrefs::from_stored`].
        pub fn load() -> RelayPrefs {
            RelayPrefs::from_stored(storage::read(RELAYS_KEY).as_deref())
        }

        /// What `load` makes of the stored text (`None`: never saved, or
        /// storage forbidden): the defaults when nothing was saved, or
        /// when the text is not empty yet not one of its lines is a relay
        /// (nothing of the player's choice survives in it); otherwise the
        /// text as it was saved.
        pub fn from_stored(stored: Option<&str>) -> RelayPrefs {
            match stored {
                Some(text) if text.trim().is_empty() || !Relay::parse_lenient(text).is_empty() => {
                    RelayPrefs {
                        text: text.to_string(),
                    }
                }
                _ => RelayPrefs::default(),
            }
        }

        /// Keeps the text for the next visit, if [`Relay::parse_list`]
        /// accepts it (quietly, if storage is full or forbidden).
        ///
        /// # Errors
        /// The first refused line (from 1), as `parse_list` says; nothing
        /// is saved then.
        pub fn save(&self) -> Result<(), usize> {
            Relay::parse_list(&self.text).map_err(|(line, _)| line)?;
            let _ = storage::write(RELAYS_KEY, &self.text);
            Ok(())
        }

        /// The relays to use. `save` refuses text that `parse_list`
        /// refuses, so a refused line here means the store was damaged
        /// (or written by another version): then the lines that are
        /// relays are used ([`Relay::parse_lenient`]).
        pub fn relays(&self) -> Vec<Relay> {
            Relay::parse_list(&self.text).unwrap_or_else(|_| Relay::parse_lenient(&self.text))
        }
    }
}
