//! A match as played: its table (the rules and each seat's name), its seed
//! and every action taken, with the seat that took it. The engine deals and
//! plays the rest, so this is all that a share link, a game record, a
//! replay or the recent matches need, and the host's online session
//! restores from it. Each format converts to and from this one type where
//! it is read or written: game records here ([`Played::from_record`],
//! [`Played::to_record`]), share links in `share.rs`. Every replay starts
//! from this type: [`Played::replay`] (`replayer.rs`) is the only place a
//! match is rebuilt from its deal.

use super::record::{checked, GameRecord, RecordError};
use super::{Action, Match, RuleSet, Seat};

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

impl Played {
    /// The match after its first `step` actions (all of them at most),
    /// with its log, and where in the log the last action's events start.
    ///
    /// # Errors
    /// The setup is refused ([`RecordError::Setup`]), or an action
    /// ([`RecordError::Refused`]): a hand-made match.
    pub fn at(&self, step: usize) -> Result<(Match, usize), RecordError> {
        let mut replay = self.replay()?;
        let last = replay.run_to(step)?;
        Ok((replay.into_game(), last.map_or(0, |took| took.from)))
    }

    /// The match of a game record (docs/records.md), checked by replaying
    /// it: its actions are the record's plays, each checked against the
    /// rules; names are cleaned as a share link keeps them.
    ///
    /// # Errors
    /// The record does not replay (see [`replay`](super::replay)).
    pub fn from_record(record: &GameRecord) -> Result<Played, RecordError> {
        let (played, _) = checked(record)?;
        Ok(Played {
            names: played.names.iter().map(|n| clean_name(n)).collect(),
            ..played
        })
    }

    /// The game record (docs/records.md) of this match, once it is over.
    ///
    /// # Errors
    /// The match does not replay, or is not finished.
    pub fn to_record(&self) -> Result<GameRecord, RecordError> {
        let (m, _) = self.at(self.actions.len())?;
        GameRecord::from_match(&m, self.names.clone())
    }
}
