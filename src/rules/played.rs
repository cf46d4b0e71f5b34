//! A match as played: its table (the rules and each seat's name), its seed
//! and every action taken, with the seat that took it. The engine deals and
//! plays the rest, so this is all that a share link, a game record, a
//! replay or the recent matches need, and the host's online session
//! restores from it. Each format converts to and from this one type where
//! it is read or written: game records in `record.rs`
//! ([`Played::from_record`], [`Played::to_record`]), share links in
//! `share.rs`. Every replay starts from this type: [`Played::replay`]
//! (`replayer.rs`) is the only place a match is rebuilt from its deal.

use super::{Action, RuleSet, Seat};

/// Names are kept to this many bytes (cut at a character): a share link
/// carries them.
pub const MAX_NAME_BYTES: usize = 16;

/// A match as played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Played {
    pub rules: RuleSet,
    /// Every seat's display name, seat 0 first.
    pub names: Vec<String>,
    pub seed: u64,
    /// Every action taken, with the seat that took it.
    pub actions: Vec<(Seat, Action)>,
}

/// `name` without control characters, cut to [`MAX_NAME_BYTES`].
pub fn clean_name(name: &str) -> String {
    let name: String = name.chars().filter(|c| !c.is_control()).collect();
    let mut end = name.len().min(MAX_NAME_BYTES);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    name.get(..end).unwrap_or_default().to_string()
}
