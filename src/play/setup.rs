//! What the new-game screen chooses: who sits where (you, bots, people at
//! this device, friends online), the rules and the bots' speed. Pure: the
//! names a language gives to seats are added by the UI.

use crate::bots::Level;
pub use crate::online::protocol::SeatKind;
use crate::online::{SeatSetup, TableSetup};
use crate::rules::{RuleSet, Seat};
use serde::{Deserialize, Serialize};

/// The seat the person at this device plays.
pub const ME: Seat = Seat(0);

/// The bots' default names, seat 1 onwards (the same in every language).
pub const BOT_NAMES: [&str; 7] = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus"];

/// The levels offered on the setup screen.
pub const BOT_LEVELS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

/// How long a bot waits before each play.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// The usual pause before a bot's play, in milliseconds.
    pub fn delay_ms(self) -> u32 {
        match self {
            Speed::Slow => 1600,
            Speed::Normal => 850,
            Speed::Fast => 350,
            Speed::Instant => 0,
        }
    }

    /// The least pause after a person's play before a bot answers: long
    /// enough to see the card land on the pile and the drawn card arrive.
    pub fn after_person_ms(self) -> u32 {
        match self {
            Speed::Slow => 2200,
            Speed::Normal => 1400,
            Speed::Fast => 900,
            Speed::Instant => 0,
        }
    }

    /// How long a card a person picks is held up before it is played,
    /// with Undo offered meanwhile (a second tap plays it at once): long
    /// enough to see a mis-tap and take it back; none at Instant, where
    /// nothing waits.
    pub fn undo_ms(self) -> u32 {
        match self {
            Speed::Slow => 2500,
            Speed::Normal => 2000,
            Speed::Fast => 1000,
            Speed::Instant => 0,
        }
    }

    /// How long the table holds on a person's own exit (their cards laid
    /// down, the banner with the arithmetic) before the next bot plays.
    pub fn exit_hold_ms(self) -> u32 {
        match self {
            Speed::Slow => 3600,
            Speed::Normal => 2600,
            Speed::Fast => 1600,
            Speed::Instant => 0,
        }
    }

    /// How long the final table of a hand or match stays in view before
    /// its summary opens.
    pub fn final_table_ms(self) -> u32 {
        match self {
            Speed::Slow => 2200,
            Speed::Normal => 1600,
            Speed::Fast => 1100,
            Speed::Instant => 500,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    pub fn from_name(name: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// Everything the new-game screen chooses (serializable, for saving the
/// last setup and games in progress).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameSetup {
    pub player_name: String,
    /// Seats 1.. in clockwise order: who plays each (a bot of some level,
    /// a person at this device, a friend online) and its name.
    pub others: Vec<SeatSetup>,
    pub rules: RuleSet,
    pub speed: Speed,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            player_name: String::new(),
            others: (0..3).map(default_bot).collect(),
            rules: RuleSet::modern(),
            speed: Speed::Normal,
        }
    }
}

/// The seed of the deal everyone gets on `day` (`YYYY-MM-DD`, UTC): a
/// fixed hash (FNV-1a, 64 bits) of the day, so every device agrees.
pub fn daily_seed(day: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in "ono99-daily-".bytes().chain(day.bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The default bot for the `index`-th seat after yours (0-based).
pub fn default_bot(index: usize) -> SeatSetup {
    bot(index, Level::Medium)
}

/// A bot of `level` with the `index`-th seat's default name.
pub fn bot(index: usize, level: Level) -> SeatSetup {
    SeatSetup {
        name: super::SeatNames::default_bot_name(index),
        kind: SeatKind::Bot(level),
    }
}

impl GameSetup {
    /// Today's deal: you and three Hard bots, modern rules, elimination
    /// (the same table for everyone), at your name and speed.
    pub fn daily(player_name: &str, speed: Speed) -> GameSetup {
        GameSetup {
            player_name: player_name.to_string(),
            others: (0..3).map(|i| bot(i, Level::Hard)).collect(),
            rules: RuleSet::modern(),
            speed,
        }
    }

    /// Whether this is the table of Today's deal.
    pub fn is_daily(&self) -> bool {
        self.rules == RuleSet::modern()
            && self.others.len() == 3
            && self
                .others
                .iter()
                .enumerate()
                .all(|(i, s)| *s == bot(i, Level::Hard))
    }

    pub fn seat_count(&self) -> usize {
        self.others.len() + 1
    }

    /// Resizes the table to `players` seats (2–8), keeping the bots already set.
    pub fn set_player_count(&mut self, players: usize) {
        let others = players.clamp(2, 8) - 1;
        while self.others.len() < others {
            self.others.push(default_bot(self.others.len()));
        }
        self.others.truncate(others);
    }

    /// Who plays `seat` (`None`: no such seat).
    pub fn kind(&self, seat: Seat) -> Option<SeatKind> {
        match seat.index().checked_sub(1) {
            None => Some(SeatKind::Host),
            Some(i) => self.others.get(i).map(|s| s.kind),
        }
    }

    /// The level playing `seat`, or `None` for a person or a friend online.
    pub fn level(&self, seat: Seat) -> Option<Level> {
        match self.kind(seat) {
            Some(SeatKind::Bot(level)) => Some(level),
            _ => None,
        }
    }

    /// Whether a person plays `seat` at this device (seat 0 always does).
    pub fn is_person(&self, seat: Seat) -> bool {
        matches!(self.kind(seat), Some(SeatKind::Host | SeatKind::Person))
    }

    /// Whether a friend plays `seat` from their own device.
    pub fn is_online(&self, seat: Seat) -> bool {
        self.kind(seat) == Some(SeatKind::Guest)
    }

    /// Whether any seat is played from another device.
    pub fn has_online(&self) -> bool {
        self.others.iter().any(|s| s.kind == SeatKind::Guest)
    }

    /// "Play with friends": the table with a friend online in the first
    /// seat after yours, unless a friend already plays one (the rest as
    /// they were). Returns the first friend's seat.
    pub fn with_a_friend(&mut self) -> Seat {
        if !self.has_online() {
            if let Some(first) = self.others.first_mut() {
                first.kind = SeatKind::Guest;
            }
        }
        let first = self.others.iter().position(|s| s.kind == SeatKind::Guest);
        Seat(first.map_or(1, |i| i as u8 + 1))
    }

    /// How many seats people play at this device (more than one:
    /// pass-and-play).
    pub fn people(&self) -> usize {
        1 + self
            .others
            .iter()
            .filter(|s| s.kind == SeatKind::Person)
            .count()
    }

    /// The host session's seats for this setup (an online table): you,
    /// the people at this device, the bots and the friends, named by
    /// `names`.
    pub fn table_setup(&self, names: impl Fn(Seat) -> String) -> TableSetup {
        let seats = (0..self.seat_count())
            .map(|i| {
                let seat = Seat(i as u8);
                SeatSetup {
                    name: names(seat),
                    kind: self.kind(seat).unwrap_or(SeatKind::Bot(Level::Medium)),
                }
            })
            .collect();
        TableSetup {
            rules: self.rules,
            seats,
        }
    }
}
