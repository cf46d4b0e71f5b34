//! Sections of texts with their four languages as data (issue 37): the
//! watchers' texts (`watch.rs`), a host's resumed match and a friend's
//! stand-in (`friends.rs`), held seats (`seats.rs`) and quick reactions
//! (`reactions.rs`). Only the whole app shows them, so they are not part
//! of [`Key`](super::Key), whose English the first download carries: each
//! section is a key enum ([`Section`], made by `section!`) and one file,
//! `sections/<name>.txt`, compiled into the whole app and read once, on
//! first use.
//!
//! A file gives each key its four languages, in any order:
//!
//! ```text
//! # a note
//! [StoppedSharing]
//! en = {host} stopped sharing the table.
//! es = {host} dejó de compartir la mesa.
//! fr = {host} a arrêté de partager la table.
//! pt = {host} parou de compartilhar a mesa.
//! ```
//!
//! A text writes a line break as `\n` and a backslash as `\\` (as the
//! fixed texts' files, `fixed.rs`); `{name}` is a named argument, filled
//! by [`fill`]: each language names the same ones as English. Reading
//! checks all of it ([`Catalogue::parse`]), and `tests/i18n.rs` reads
//! every section: a file that breaks a rule fails the tests, never the
//! page (which then shows the keys' names).

use super::Lang;
use std::collections::BTreeSet;
use std::marker::PhantomData;

/// A key enum of a section: its keys, their names in the file, the file.
pub trait Section: Copy + Eq + std::fmt::Debug + 'static {
    /// Every key, in the enum's order.
    const KEYS: &'static [Self];
    /// Each key's name in the file, in the order of [`Section::KEYS`].
    const NAMES: &'static [&'static str];
    /// The section's file (`sections/<name>.txt`).
    const FILE: &'static str;
    /// The key's place in [`Section::KEYS`].
    fn index(self) -> usize;
    /// The section's texts, read from [`Section::FILE`] on first use.
    fn catalogue() -> &'static Catalogue<Self>;
}

/// Builds a section's key enum, its `ALL` list and its [`Section`]
/// implementation, read from `file` (an `include_str!` at the call site).
macro_rules! section {
    (
        $(#[$meta:meta])*
        pub enum $name:ident in $file:expr => {
            $($(#[$key_meta:meta])* $key:ident,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
        pub enum $name { $($(#[$key_meta])* $key),+ }

        impl $name {
            /// Every key, for completeness tests.
            pub const ALL: &'static [$name] = &[$($name::$key),+];
        }

        impl $crate::i18n::catalogue::Section for $name {
            const KEYS: &'static [$name] = $name::ALL;
            const NAMES: &'static [&'static str] = &[$(stringify!($key)),+];
            const FILE: &'static str = $file;
            fn index(self) -> usize {
                self as usize
            }
            fn catalogue() -> &'static $crate::i18n::catalogue::Catalogue<$name> {
                static TEXTS: std::sync::OnceLock<$crate::i18n::catalogue::Catalogue<$name>> =
                    std::sync::OnceLock::new();
                TEXTS.get_or_init($crate::i18n::catalogue::Catalogue::load)
            }
        }
    };
}
pub(crate) use section;

/// One section's texts in every language, complete.
pub struct Catalogue<K> {
    /// `Lang as usize * keys + key.index()`.
    texts: Vec<String>,
    keys: PhantomData<K>,
}

/// Why a section's file cannot be read (its lines count from 1).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CatalogueError {
    #[error("line {line}: expected `[KeyName]`, `lang = text`, a note or nothing")]
    Malformed { line: usize },
    #[error("line {line}: no key is named `{name}`")]
    UnknownKey { line: usize, name: String },
    #[error("line {line}: a text before any `[KeyName]`")]
    NoKey { line: usize },
    #[error("line {line}: no language is called `{code}`")]
    UnknownLang { line: usize, code: String },
    #[error("line {line}: this key's text in this language is given a second time")]
    Duplicate { line: usize },
    #[error("line {line}: a backslash must be followed by `n` or another backslash")]
    BadEscape { line: usize },
    #[error("{key} has no {lang} text")]
    Missing {
        key: &'static str,
        lang: &'static str,
    },
    #[error("{key}'s {lang} text names {{…}} other than English's: {found:?}, not {english:?}")]
    Arguments {
        key: &'static str,
        lang: &'static str,
        found: Vec<String>,
        english: Vec<String>,
    },
}

impl<K: Section> Catalogue<K> {
    /// Reads a section's file into a complete table.
    ///
    /// # Errors
    /// [`CatalogueError`]: a line that is none of the four kinds, an
    /// unknown key or language, a text given twice, a bad escape, a text
    /// missing, or a language whose named arguments are not English's.
    pub fn parse(file: &str) -> Result<Catalogue<K>, CatalogueError> {
        let keys = K::KEYS.len();
        let mut texts: Vec<Option<String>> = vec![None; keys * Lang::ALL.len()];
        let mut key: Option<usize> = None;
        for (index, raw) in file.lines().enumerate() {
            let line = index + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if let Some(name) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
                let found = K::NAMES.iter().position(|n| *n == name.trim());
                key = Some(found.ok_or_else(|| CatalogueError::UnknownKey {
                    line,
                    name: name.to_string(),
                })?);
                continue;
            }
            let (code, text) = raw
                .split_once('=')
                .ok_or(CatalogueError::Malformed { line })?;
            let k = key.ok_or(CatalogueError::NoKey { line })?;
            let code = code.trim();
            let lang = Lang::ALL
                .iter()
                .position(|l| l.code() == code)
                .ok_or_else(|| CatalogueError::UnknownLang {
                    line,
                    code: code.to_string(),
                })?;
            let slot = texts
                .get_mut(lang * keys + k)
                .ok_or(CatalogueError::Malformed { line })?;
            if slot.is_some() {
                return Err(CatalogueError::Duplicate { line });
            }
            let text = text.strip_prefix(' ').unwrap_or(text);
            *slot = Some(super::fixed::unescape(text).ok_or(CatalogueError::BadEscape { line })?);
        }
        for (i, name) in K::NAMES.iter().enumerate() {
            let english = arguments(texts.get(i).and_then(Option::as_deref).unwrap_or(""));
            for (l, lang) in Lang::ALL.iter().enumerate() {
                let Some(text) = texts.get(l * keys + i).and_then(Option::as_ref) else {
                    return Err(CatalogueError::Missing {
                        key: name,
                        lang: lang.code(),
                    });
                };
                let found = arguments(text);
                if found != english {
                    return Err(CatalogueError::Arguments {
                        key: name,
                        lang: lang.code(),
                        found: found.into_iter().collect(),
                        english: english.into_iter().collect(),
                    });
                }
            }
        }
        Ok(Catalogue {
            texts: texts.into_iter().flatten().collect(),
            keys: PhantomData,
        })
    }

    /// The section's file read, or (a file the tests would have refused)
    /// an empty table, which shows each key's name.
    pub fn load() -> Catalogue<K> {
        Catalogue::parse(K::FILE).unwrap_or(Catalogue {
            texts: Vec::new(),
            keys: PhantomData,
        })
    }

    /// `key` in `lang`, as written (named arguments unfilled).
    pub fn get(&self, lang: Lang, key: K) -> &str {
        let name = K::NAMES.get(key.index()).copied().unwrap_or("");
        self.texts
            .get(lang as usize * K::KEYS.len() + key.index())
            .map_or(name, String::as_str)
    }
}

/// The named arguments a text uses: `{host}` gives `host`.
pub fn arguments(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut rest = text;
    while let Some((_, after)) = rest.split_once('{') {
        let Some((name, tail)) = after.split_once('}') else {
            break;
        };
        names.insert(name.to_string());
        rest = tail;
    }
    names
}

/// `key` in `lang` (English while `lang`'s fixed texts are not installed,
/// as every other text), as written: for a text without arguments.
pub fn text<K: Section>(lang: Lang, key: K) -> &'static str {
    K::catalogue().get(lang.shown(), key)
}

/// `key` in `lang` with its named arguments filled: `{host}` by the value
/// of `("host", …)`. A name not given stays as written.
pub fn fill<K: Section>(lang: Lang, key: K, args: &[(&str, &str)]) -> String {
    let template = text(lang, key);
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some((before, after)) = rest.split_once('{') {
        out.push_str(before);
        let value = after
            .split_once('}')
            .and_then(|(name, tail)| Some((args.iter().find(|(n, _)| *n == name)?.1, tail)));
        match value {
            Some((value, tail)) => {
                out.push_str(value);
                rest = tail;
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}
