//! Players that choose an action from what their seat may see. Pure Rust
//! like `rules`: a bot receives a [`PlayerView`], the legal actions and a
//! seeded [`Rng`], and returns one of those actions. A view holds no other
//! hand and no draw order, so no bot can peek.
//!
//! # Levels
//!
//! | level | bot | how it plays |
//! |---|---|---|
//! | `random` | [`RandomBot`] | uniform over the legal actions (tests, arena) |
//! | `easy` | [`EasyBot`] | numbers while they fit, defensive cards only when forced |
//! | `medium` | [`MediumBot`] | card counting and a scored one-ply look-ahead |
//! | `hard` | [`HardBot`] | ISMCTS over determinizations of the view |
//!
//! # Using them
//!
//! ```
//! use ono99::bots::{make_bot, Level};
//! use ono99::rules::{Match, RuleSet, Rng};
//!
//! let mut m = Match::new(RuleSet::modern(), 4, 7).unwrap();
//! let mut bot = make_bot(Level::Medium);
//! let mut rng = Rng::new(1);
//! let turn = m.to_act().unwrap();
//! let legal = m.legal_actions();
//! let action = bot.choose(&m.view(turn.seat), &legal, &mut rng);
//! m.apply(action).unwrap();
//! ```
//!
//! [`make_bot`] gives the Hard bot a fixed budget
//! ([`Budget::DEFAULT`], 3,000 iterations or 80,000 simulated plays: under
//! 20 ms a move natively) and no clock, so its
//! choices depend only on the view and the RNG. Where a clock exists, pass it
//! in: `std::time::Instant` panics on `wasm32-unknown-unknown`, so the bots
//! never read a clock themselves. In the browser:
//!
//! ```ignore
//! let perf = web_sys::window().unwrap().performance().unwrap();
//! let bot = make_bot_with_clock(Level::Hard, Box::new(move || perf.now()));
//! ```
//!
//! which searches until [`Budget::BROWSER`]'s iterations or milliseconds run
//! out, whichever comes first. [`HardBot::new`] takes any [`Budget`] and
//! optional [`Clock`].

pub mod coach;
pub mod easy;
pub mod hard;
pub mod jobs;
pub mod medium;
pub mod play;
pub mod random;
pub mod review;
pub mod tally;
pub mod verdict;

pub use easy::EasyBot;
pub use hard::{Budget, Clock, HardBot};
pub use medium::MediumBot;
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

/// A fresh bot of the given level, without a clock: the Hard bot searches
/// [`Budget::DEFAULT`]'s iterations and plays, deterministically.
pub fn make_bot(level: Level) -> Box<dyn Bot> {
    match level {
        Level::Random => Box::new(RandomBot),
        Level::Easy => Box::new(EasyBot),
        Level::Medium => Box::new(MediumBot),
        Level::Hard => Box::new(HardBot::new(Budget::DEFAULT, None)),
    }
}

/// A fresh bot of the given level whose search may read `clock`
/// (milliseconds, any origin, e.g. `performance.now()`): the Hard bot then
/// stops at [`Budget::BROWSER`]'s time limit. Other levels ignore the clock.
pub fn make_bot_with_clock(level: Level, clock: Clock) -> Box<dyn Bot> {
    match level {
        Level::Hard => Box::new(HardBot::new(Budget::BROWSER, Some(clock))),
        other => make_bot(other),
    }
}
