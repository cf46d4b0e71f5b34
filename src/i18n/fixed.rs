//! The fixed texts ([`Key`]) of Spanish, French and Portuguese as the
//! browser gets them: one file a language (`lang/es.txt`, `lang/fr.txt`,
//! `lang/pt.txt`), written by the build from the catalogue's blocks
//! (`texts/*.txt`: `build.rs`, and `assets/lang-files.mjs` for the
//! browser), so the first download carries English only (the fallback,
//! compiled in) and fetches the player's language beside it: index.html
//! starts that fetch at once and `crate::ui::platform::texts` installs
//! what it gets here. Natively (tests) the files are compiled in instead.
//!
//! A file's first line names the order of its texts (`# ONO 99 fixed
//! texts, one a line in the order 1a2b3c4d`: the fingerprint of the keys'
//! names in the order of the catalogue's blocks); then comes one text a
//! line, each key's in that order (empty lines too are texts). A text
//! writes a line break as `\n` and a backslash as `\\`. The lines carry no
//! key names: the build compiles in which key each line holds, so the
//! names (12 KB) stay out of the first download, and a file written for
//! another order of keys is refused whole.

use std::sync::OnceLock;

use super::keys::Key;
use super::translation::Translation;
use super::Lang;

// FILE_ORDER and ORDER, written by build.rs.
include!(concat!(env!("OUT_DIR"), "/file_order.rs"));

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
    #[error("not this build's fixed texts: the first line is not `{expected}`")]
    OtherOrder { expected: String },
    #[error("line {line}: a backslash must be followed by `n` or another backslash")]
    BadEscape { line: usize },
    #[error("{found} texts for {expected} keys")]
    Count { found: usize, expected: usize },
}

/// The first line of a file written for this build's order of keys.
fn header() -> String {
    format!("# ONO 99 fixed texts, one a line in the order {ORDER:08x}")
}

/// Reads a language file into a complete table of fixed texts.
pub fn parse(file: &str) -> Result<Texts, TextsError> {
    let mut lines = file.lines();
    let expected = header();
    if lines.next() != Some(expected.as_str()) {
        return Err(TextsError::OtherOrder { expected });
    }
    let mut texts = vec![String::new(); Key::ALL.len()];
    let mut found = 0;
    for (index, raw) in lines.enumerate() {
        found = index + 1;
        let Some(&key) = FILE_ORDER.get(index) else {
            continue;
        };
        let text = super::blocks::unescape(raw).ok_or(TextsError::BadEscape { line: index + 2 })?;
        if let Some(slot) = texts.get_mut(key as usize) {
            *slot = text;
        }
    }
    // The build gives every key exactly one line (english.rs's match is
    // exhaustive, and build.rs refuses a key given twice).
    if found != FILE_ORDER.len() {
        return Err(TextsError::Count {
            found,
            expected: FILE_ORDER.len(),
        });
    }
    Ok(Texts { texts })
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
