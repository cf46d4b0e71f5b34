//! The one shape of a text file (issue 37): each key a block with its
//! four languages, in any order.
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
//! A text writes a line break as `\n` and a backslash as `\\`; `{name}` is
//! a named argument, and each language names the same ones as English.
//! This module uses `std` only: the crate reads its files with it
//! (`catalogue.rs`), and so does `build.rs`, which compiles the fixed
//! texts' English in and writes the other languages' files the browser
//! fetches. A file that breaks a rule fails the build or the tests.

use std::collections::BTreeSet;
use std::fmt;

/// The languages' codes in a file, in the order of `Lang::ALL`.
pub const CODES: [&str; 4] = ["en", "es", "fr", "pt"];

/// One key's block: its name, the line of its first `[Key]`, and its
/// texts in the order of [`CODES`] as given (unescaped).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Block {
    pub name: String,
    pub line: usize,
    pub texts: [Option<String>; 4],
}

/// Why a file cannot be read (its lines count from 1).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CatalogueError {
    Malformed {
        line: usize,
    },
    UnknownKey {
        line: usize,
        name: String,
    },
    NoKey {
        line: usize,
    },
    UnknownLang {
        line: usize,
        code: String,
    },
    Duplicate {
        line: usize,
    },
    BadEscape {
        line: usize,
    },
    Missing {
        key: &'static str,
        lang: &'static str,
    },
    Arguments {
        key: &'static str,
        lang: &'static str,
        found: Vec<String>,
        english: Vec<String>,
    },
}

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogueError::Malformed { line } => write!(
                f,
                "line {line}: expected `[KeyName]`, `lang = text`, a note or nothing"
            ),
            CatalogueError::UnknownKey { line, name } => {
                write!(f, "line {line}: no key is named `{name}`")
            }
            CatalogueError::NoKey { line } => {
                write!(f, "line {line}: a text before any `[KeyName]`")
            }
            CatalogueError::UnknownLang { line, code } => {
                write!(f, "line {line}: no language is called `{code}`")
            }
            CatalogueError::Duplicate { line } => write!(
                f,
                "line {line}: this key's text in this language is given a second time"
            ),
            CatalogueError::BadEscape { line } => write!(
                f,
                "line {line}: a backslash must be followed by `n` or another backslash"
            ),
            CatalogueError::Missing { key, lang } => write!(f, "{key} has no {lang} text"),
            CatalogueError::Arguments {
                key,
                lang,
                found,
                english,
            } => write!(
                f,
                "{key}'s {lang} text names {{…}} other than English's: {found:?}, not {english:?}"
            ),
        }
    }
}

impl std::error::Error for CatalogueError {}

/// Reads a file's blocks, in the order their keys first appear (a key's
/// `[Key]` given again goes on with the same block); `known` says which
/// names are keys.
///
/// # Errors
/// [`CatalogueError`]: a line that is none of the four kinds, an unknown
/// key or language, a text given twice, a bad escape.
pub fn read(file: &str, known: &dyn Fn(&str) -> bool) -> Result<Vec<Block>, CatalogueError> {
    let mut blocks: Vec<Block> = Vec::new();
    let mut key: Option<usize> = None;
    for (index, raw) in file.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some(name) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            let name = name.trim();
            if !known(name) {
                return Err(CatalogueError::UnknownKey {
                    line,
                    name: name.to_string(),
                });
            }
            key = Some(match blocks.iter().position(|b| b.name == name) {
                Some(found) => found,
                None => {
                    blocks.push(Block {
                        name: name.to_string(),
                        line,
                        texts: [None, None, None, None],
                    });
                    blocks.len() - 1
                }
            });
            continue;
        }
        let (code, text) = raw
            .split_once('=')
            .ok_or(CatalogueError::Malformed { line })?;
        let block = key
            .and_then(|k| blocks.get_mut(k))
            .ok_or(CatalogueError::NoKey { line })?;
        let code = code.trim();
        let slot = CODES
            .iter()
            .position(|c| *c == code)
            .and_then(|l| block.texts.get_mut(l))
            .ok_or_else(|| CatalogueError::UnknownLang {
                line,
                code: code.to_string(),
            })?;
        if slot.is_some() {
            return Err(CatalogueError::Duplicate { line });
        }
        let text = text.strip_prefix(' ').unwrap_or(text);
        *slot = Some(unescape(text).ok_or(CatalogueError::BadEscape { line })?);
    }
    Ok(blocks)
}

impl Block {
    /// Its four texts, in the order of [`CODES`], `key` naming it in errors.
    ///
    /// # Errors
    /// [`CatalogueError::Missing`], a language without its text;
    /// [`CatalogueError::Arguments`], one naming other `{…}` than English.
    pub fn complete(&self, key: &'static str) -> Result<[&str; 4], CatalogueError> {
        let mut out = [""; 4];
        for ((slot, text), lang) in out.iter_mut().zip(&self.texts).zip(CODES) {
            *slot = text
                .as_deref()
                .ok_or(CatalogueError::Missing { key, lang })?;
        }
        let english = arguments(out[0]);
        for (text, lang) in out.iter().zip(CODES) {
            let found = arguments(text);
            if found != english {
                return Err(CatalogueError::Arguments {
                    key,
                    lang,
                    found: found.into_iter().collect(),
                    english: english.into_iter().collect(),
                });
            }
        }
        Ok(out)
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

/// `text` with `\n` and `\\` read as a line break and a backslash; `None`
/// for any other backslash.
pub fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        out.push(match c {
            '\\' => match chars.next()? {
                'n' => '\n',
                '\\' => '\\',
                _ => return None,
            },
            c => c,
        });
    }
    Some(out)
}

/// `text` as a file writes it: the opposite of [`unescape`] (`build.rs`
/// writes the languages' files with it).
#[allow(dead_code)]
pub fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\n', "\\n")
}
