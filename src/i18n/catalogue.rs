//! Sections of texts with their four languages as data (issue 37): the
//! watchers' texts (`watch.rs`), a host's resumed match and a friend's
//! stand-in (`friends.rs`), held seats (`seats.rs`), quick reactions
//! (`reactions.rs`), table links, relays and the deal check (`online.rs`),
//! the replay's and the review's lines (`replay.rs`). Only the whole app shows them, so they are not part
//! of [`Key`](super::Key), whose English the first download carries: each
//! section is a key enum ([`Section`], made by `section!`) and one file,
//! `sections/<name>.txt`, compiled into the whole app and read once, on
//! first use.
//!
//! A section's file has the catalogue's one shape (`blocks.rs`, as the
//! fixed texts' `texts/*.txt`): each key a block with its four languages,
//! in any order; `{name}` is a named argument, filled by [`fill`]. Reading
//! checks all of it ([`Catalogue::parse`]), and `tests/i18n.rs` reads
//! every section: a file that breaks a rule fails the tests, never the
//! page (which then shows the keys' names).

use super::Lang;
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

pub use super::blocks::{arguments, CatalogueError};

impl<K: Section> Catalogue<K> {
    /// Reads a section's file into a complete table.
    ///
    /// # Errors
    /// [`CatalogueError`]: a line that is none of the four kinds, an
    /// unknown key or language, a text given twice, a bad escape, a text
    /// missing, or a language whose named arguments are not English's.
    pub fn parse(file: &str) -> Result<Catalogue<K>, CatalogueError> {
        let blocks = super::blocks::read(file, &|name| K::NAMES.contains(&name))?;
        let mut texts: Vec<String> = vec![String::new(); K::KEYS.len() * Lang::ALL.len()];
        for (k, name) in K::NAMES.iter().enumerate() {
            let Some(block) = blocks.iter().find(|b| b.name == *name) else {
                return Err(CatalogueError::Missing {
                    key: name,
                    lang: "en",
                });
            };
            for (l, text) in block.complete(name)?.into_iter().enumerate() {
                if let Some(slot) = texts.get_mut(l * K::KEYS.len() + k) {
                    *slot = text.to_string();
                }
            }
        }
        Ok(Catalogue {
            texts,
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

/// `key` in `lang` (English while `lang`'s fixed texts are not installed,
/// as every other text), as written: for a text without arguments.
pub fn text<K: Section>(lang: Lang, key: K) -> &'static str {
    K::catalogue().get(lang.shown(), key)
}

/// `key` in `lang` with its named arguments filled: `{host}` by the value
/// of `("host", …)`. A name not given stays as written.
pub fn fill<K: Section>(lang: Lang, key: K, args: &[(&str, &str)]) -> String {
    fill_text(text(lang, key), args)
}

/// `template` with its named arguments filled (see [`fill`]); the fixed
/// texts' ([`Key`](super::Key)) too.
pub fn fill_text(template: &str, args: &[(&str, &str)]) -> String {
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
