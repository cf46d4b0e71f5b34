//! Players that choose an action from what their seat may see. Pure Rust
//! like `rules`: a bot receives a [`PlayerView`], the legal actions and a
//! seeded [`Rng`], and returns one of those actions.

pub mod play;
pub mod random;

pub use random::RandomBot;

use crate::rules::{Action, PlayerView, Rng};
use std::fmt;
use std::str::FromStr;

/// A player the computer runs.
pub trait Bot {
    /// Picks one of `legal` (never empty) for the seat `view` belongs to.
    fn choose(&mut self, view: &PlayerView, legal: &[Action], rng: &mut Rng) -> Action;
}

/// The bot levels, as named on the command line and in records.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Random,
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Medium, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("unknown player '{s}' (random, easy, medium, hard)"))
    }
}

/// A fresh bot of the given level.
pub fn make_bot(level: Level) -> Box<dyn Bot> {
    match level {
        // The other levels arrive with the bots issue; until then they play
        // uniformly at random so every level name already works end to end.
        Level::Random | Level::Easy | Level::Medium | Level::Hard => Box::new(RandomBot),
    }
}
