//! The player's statistics (`ono99.stats`): games played and won overall,
//! by edition and by the opponents' level, win streaks and the average
//! finishing place. Only finished games count, each once (see
//! [`crate::ui::platform::storage::use_persistence`]); the record is for the device's own
//! seat, [`ME`].

use crate::bots::Level;
use crate::rules::{Edition, Match, Seat};
use crate::ui::platform::storage;
use crate::ui::state::{GameSetup, GameState, ME};
use std::fmt::Write as _;

pub const STATS_KEY: &str = "ono99.stats";
const STATS_VERSION: u32 = 1;
const STATS_MAGIC: &str = "ono99-stats";

/// Games played and won in one group.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    pub played: u32,
    pub won: u32,
}

impl Tally {
    fn add(&mut self, won: bool) {
        self.played = self.played.saturating_add(1);
        self.won = self.won.saturating_add(u32::from(won));
    }

    /// The share of games won, in whole percent.
    pub fn win_percent(self) -> u32 {
        if self.played == 0 {
            0
        } else {
            (u64::from(self.won) * 100 / u64::from(self.played)) as u32
        }
    }
}

/// Who the opponents were, for grouping games.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Opponents {
    Easy,
    Medium,
    Hard,
    /// Bots of different levels.
    Mixed,
    /// At least one other person (pass-and-play).
    People,
}

impl Opponents {
    pub const ALL: [Opponents; 5] = [
        Opponents::Easy,
        Opponents::Medium,
        Opponents::Hard,
        Opponents::Mixed,
        Opponents::People,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Opponents::Easy => "easy",
            Opponents::Medium => "medium",
            Opponents::Hard => "hard",
            Opponents::Mixed => "mixed",
            Opponents::People => "people",
        }
    }

    pub fn of(setup: &GameSetup) -> Opponents {
        let levels: Vec<Option<Level>> = (1..setup.seat_count())
            .map(|i| setup.level(Seat(i as u8)))
            .collect();
        if levels.iter().any(Option::is_none) {
            return Opponents::People;
        }
        let first = levels.first().copied().flatten();
        if levels.iter().any(|l| *l != first) {
            return Opponents::Mixed;
        }
        match first {
            Some(Level::Easy) => Opponents::Easy,
            Some(Level::Hard) => Opponents::Hard,
            Some(Level::Medium) => Opponents::Medium,
            _ => Opponents::Mixed,
        }
    }
}

/// The whole record.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Stats {
    pub overall: Tally,
    /// Sum of the finishing places (1 = first) over every game counted.
    pub place_sum: u64,
    pub streak: u32,
    pub best_streak: u32,
    /// Modern, then classic.
    pub by_edition: [Tally; 2],
    /// In the order of [`Opponents::ALL`].
    pub by_opponents: [Tally; 5],
}

impl Stats {
    /// The average finishing place to one decimal ("1.5"), if any game
    /// was counted. Integer arithmetic: float formatting would add
    /// kilobytes to the download for one number.
    pub fn average_place(&self) -> Option<String> {
        let n = u64::from(self.overall.played);
        (n > 0).then(|| {
            let tenths = (self.place_sum * 10 + n / 2) / n;
            format!("{}.{}", tenths / 10, tenths % 10)
        })
    }

    /// Counts one finished game.
    pub fn add(&mut self, edition: Edition, opponents: Opponents, won: bool, place: usize) {
        self.overall.add(won);
        self.by_edition[edition_index(edition)].add(won);
        self.by_opponents[opponents as usize].add(won);
        self.place_sum = self.place_sum.saturating_add(place as u64);
        self.streak = if won {
            self.streak.saturating_add(1)
        } else {
            0
        };
        self.best_streak = self.best_streak.max(self.streak);
    }
}

/// Where `seat` finished (see [`Match::places`]).
pub fn finishing_place(game: &Match, seat: Seat) -> usize {
    game.places()[seat]
}

/// The editions in the order of [`Stats::by_edition`].
pub const EDITIONS: [Edition; 2] = [Edition::Modern, Edition::Classic];

fn edition_index(edition: Edition) -> usize {
    match edition {
        Edition::Modern => 0,
        Edition::Classic => 1,
    }
}

/// The record as lines: `ono99-stats <version>`, then `name value…`.
pub fn to_text(s: &Stats) -> String {
    let mut out = format!("{STATS_MAGIC} {STATS_VERSION}\n");
    let _ = writeln!(out, "games {} {}", s.overall.played, s.overall.won);
    let _ = writeln!(out, "place_sum {}", s.place_sum);
    let _ = writeln!(out, "streak {} {}", s.streak, s.best_streak);
    for (edition, t) in EDITIONS.iter().zip(&s.by_edition) {
        let _ = writeln!(out, "edition {} {} {}", edition.name(), t.played, t.won);
    }
    for (o, t) in Opponents::ALL.iter().zip(&s.by_opponents) {
        let _ = writeln!(out, "opponents {} {} {}", o.name(), t.played, t.won);
    }
    out
}

/// Reads [`to_text`]'s format; `None` for anything else.
pub fn from_text(raw: &str) -> Option<Stats> {
    let mut lines = raw.lines();
    let version: u32 = lines
        .next()?
        .strip_prefix(STATS_MAGIC)?
        .trim()
        .parse()
        .ok()?;
    if version != STATS_VERSION {
        return None;
    }
    let mut s = Stats::default();
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        let num = |i: usize| words.get(i).and_then(|w| w.parse::<u32>().ok());
        let tally = |i: usize| {
            let (played, won) = (num(i)?, num(i + 1)?);
            (won <= played).then_some(Tally { played, won })
        };
        match words.first().copied() {
            Some("games") => s.overall = tally(1)?,
            Some("place_sum") => s.place_sum = words.get(1)?.parse().ok()?,
            Some("streak") => (s.streak, s.best_streak) = (num(1)?, num(2)?),
            Some("edition") => {
                let e = EDITIONS
                    .iter()
                    .position(|e| Some(&e.name()) == words.get(1))?;
                s.by_edition[e] = tally(2)?;
            }
            Some("opponents") => {
                let o = Opponents::ALL
                    .iter()
                    .position(|o| Some(&o.name()) == words.get(1))?;
                s.by_opponents[o] = tally(2)?;
            }
            _ => return None,
        }
    }
    Some(s)
}

/// The stored record (an unreadable one counts as empty).
pub fn load() -> Stats {
    storage::read(STATS_KEY)
        .and_then(|raw| from_text(&raw))
        .unwrap_or_default()
}

/// Counts the finished game in `state` for the device's seat.
pub fn record_game(state: &GameState) {
    let Some(outcome) = state.game.outcome() else {
        return;
    };
    let won = outcome.winners.contains(&ME);
    let place = finishing_place(&state.game, ME);
    let mut stats = load();
    stats.add(
        state.setup.rules.edition,
        Opponents::of(&state.setup),
        won,
        place,
    );
    storage::write(STATS_KEY, &to_text(&stats));
}

/// Forgets every game counted.
pub fn reset() {
    storage::delete(STATS_KEY);
}
