//! The fixed texts ([`Key`]) of Spanish, French and Portuguese as the
//! browser gets them: one file a language (`lang/es.txt`, `lang/fr.txt`,
//! `lang/pt.txt`), written by the build from the catalogue's blocks
//! (`texts/*.txt`: `build.rs`, and `assets/lang-files.mjs` for the
//! browser), so the first download carries English only (the fallback,
//! compiled in) and fetches the player's language beside it: index.html
//! starts that fetch at once and `crate::ui::platform::texts` installs
//! what it gets here. Natively (tests) the files are compiled in instead.
//!
//! A file has one line per key, `KeyName = text`, in any order; blank
//! lines and lines starting with `#` are notes. A text writes a line break
//! as `\n` and a backslash as `\\`.

use std::sync::OnceLock;

use super::keys::Key;
use super::translation::Translation;
use super::Lang;

/// One language's fixed texts, complete: one for every key.
pub struct Texts {
    /// Indexed by `Key as usize`, the order of [`Key::ALL`].
    texts: Vec<String>,
}

impl Texts {
    /// The text for `key`.
    pub fn get(&self, key: Key) -> &str {
        // Always there: `parse` builds a complete table.
        self.texts.get(key as usize).map_or("", String::as_str)
    }
}

/// Why a language file cannot be read (its lines count from 1).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TextsError {
    #[error("line {line}: expected `KeyName = text`")]
    Malformed { line: usize },
    #[error("line {line}: no key is named `{name}`")]
    UnknownKey { line: usize, name: String },
    #[error("line {line}: {key:?} is given a second time")]
    Duplicate { line: usize, key: Key },
    #[error("line {line}: a backslash must be followed by `n` or another backslash")]
    BadEscape { line: usize },
    #[error("{key:?} has no text ({count} keys missing)")]
    Missing { key: Key, count: usize },
}

/// Reads a language file into a complete table of fixed texts.
pub fn parse(file: &str) -> Result<Texts, TextsError> {
    let mut texts: Vec<Option<String>> = vec![None; Key::ALL.len()];
    for (index, raw) in file.lines().enumerate() {
        let line = index + 1;
        if raw.trim().is_empty() || raw.starts_with('#') {
            continue;
        }
        let (name, text) = raw.split_once('=').ok_or(TextsError::Malformed { line })?;
        let name = name.trim();
        let (slot, key) = Key::NAMES
            .iter()
            .position(|n| *n == name)
            .and_then(|i| Some((texts.get_mut(i)?, *Key::ALL.get(i)?)))
            .ok_or_else(|| TextsError::UnknownKey {
                line,
                name: name.to_string(),
            })?;
        if slot.is_some() {
            return Err(TextsError::Duplicate { line, key });
        }
        let text = text.strip_prefix(' ').unwrap_or(text);
        *slot = Some(super::blocks::unescape(text).ok_or(TextsError::BadEscape { line })?);
    }
    let mut missing = Key::ALL.iter().zip(&texts).filter(|(_, t)| t.is_none());
    if let Some((&key, _)) = missing.next() {
        let count = 1 + missing.count();
        return Err(TextsError::Missing { key, count });
    }
    Ok(Texts {
        texts: texts.into_iter().flatten().collect(),
    })
}

/// Where a language's table is kept once installed (none for English,
/// which is code): loaded once, kept for the page's life.
fn slot(lang: Lang) -> Option<&'static OnceLock<&'static Texts>> {
    static ES: OnceLock<&'static Texts> = OnceLock::new();
    static FR: OnceLock<&'static Texts> = OnceLock::new();
    static PT: OnceLock<&'static Texts> = OnceLock::new();
    match lang {
        Lang::En => None,
        Lang::Es => Some(&ES),
        Lang::Fr => Some(&FR),
        Lang::Pt => Some(&PT),
    }
}

/// Reads `file` as `lang`'s fixed texts and keeps them; a language
/// already installed (and English) keeps what it has.
pub fn install(lang: Lang, file: &str) -> Result<(), TextsError> {
    let Some(slot) = slot(lang) else {
        return Ok(());
    };
    if slot.get().is_none() {
        let texts: &'static Texts = Box::leak(Box::new(parse(file)?));
        let _ = slot.set(texts);
    }
    Ok(())
}

/// The file of `lang` compiled into native builds (empty for English):
/// the one `build.rs` writes from `texts/*.txt`, as the browser's build
/// does (`assets/lang-files.mjs`).
#[cfg(not(target_arch = "wasm32"))]
pub fn compiled_in(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "",
        Lang::Es => include_str!(concat!(env!("OUT_DIR"), "/lang/es.txt")),
        Lang::Fr => include_str!(concat!(env!("OUT_DIR"), "/lang/fr.txt")),
        Lang::Pt => include_str!(concat!(env!("OUT_DIR"), "/lang/pt.txt")),
    }
}

/// `lang`'s installed table. Natively its compiled-in file is installed on
/// first use (a file that does not parse leaves English, and fails the
/// tests).
fn table(lang: Lang) -> Option<&'static Texts> {
    let slot = slot(lang)?;
    #[cfg(not(target_arch = "wasm32"))]
    if slot.get().is_none() {
        let _ = install(lang, compiled_in(lang));
    }
    slot.get().copied()
}

/// Whether `lang` can be shown: English always, another language once its
/// file is installed.
pub fn is_installed(lang: Lang) -> bool {
    lang == Lang::En || table(lang).is_some()
}

/// `lang`'s text for `key`; English's while its file is not installed.
pub fn text(lang: Lang, key: Key) -> &'static str {
    match table(lang) {
        Some(texts) => texts.get(key),
        None => super::en::En.key(key),
    }
}
