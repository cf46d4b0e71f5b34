//! What the new-game screen chooses: who sits where (you, bots, people at
//! this device, friends online), the rules and the bots' speed. Pure: the
//! names a language gives to seats are added by the UI.

use crate::bots::Level;
use crate::rules::{RuleSet, Seat};
use serde::{Deserialize, Serialize};

/// The seat the person at this device plays.
pub const ME: Seat = Seat(0);

/// The bots' default names, seat 1 onwards (the same in every language).
pub const BOT_NAMES: [&str; 7] = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus"];

/// The levels offered on the setup screen.
pub const BOT_LEVELS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

/// Who plays a seat: one type for the setup, the host's session and what
/// friends are told of the table (its serde form is the wire's).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "level", rename_all = "snake_case")]
pub enum SeatKind {
    /// The person at the host's device (seat 0).
    Host,
    /// Another person at this device (pass-and-play).
    Person,
    Bot(Level),
    /// A friend on their own device.
    Guest,
}

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

/// One seat of the setup after yours.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct BotSetup {
    pub name: String,
    pub level: Level,
    /// A person plays this seat on the same device (pass-and-play).
    #[serde(default)]
    pub person: bool,
    /// A friend plays this seat from their own device (an online table).
    #[serde(default)]
    pub online: bool,
}

/// Everything the new-game screen chooses (serializable, for saving the
/// last setup and games in progress).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameSetup {
    pub player_name: String,
    /// Seats 1.. in clockwise order.
    pub bots: Vec<BotSetup>,
    pub rules: RuleSet,
    pub speed: Speed,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            player_name: String::new(),
            bots: (0..3).map(default_bot).collect(),
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

/// The default name of the `index`-th bot seat (0-based), before a
/// language is known.
pub fn default_bot_name(index: usize) -> String {
    match BOT_NAMES.get(index) {
        Some(name) => (*name).to_string(),
        None => format!("Bot {}", index + 1),
    }
}

/// The default bot for the `index`-th bot seat (0-based).
pub fn default_bot(index: usize) -> BotSetup {
    BotSetup {
        name: default_bot_name(index),
        level: Level::Medium,
        person: false,
        online: false,
    }
}

impl GameSetup {
    /// Today's deal: you and three Hard bots, modern rules, elimination
    /// (the same table for everyone), at your name and speed.
    pub fn daily(player_name: &str, speed: Speed) -> GameSetup {
        GameSetup {
            player_name: player_name.to_string(),
            bots: (0..3)
                .map(|i| BotSetup {
                    level: Level::Hard,
                    ..default_bot(i)
                })
                .collect(),
            rules: RuleSet::modern(),
            speed,
        }
    }

    /// Whether this is the table of Today's deal.
    pub fn is_daily(&self) -> bool {
        self.rules == RuleSet::modern()
            && self.bots.len() == 3
            && self.bots.iter().enumerate().all(|(i, b)| {
                b.level == Level::Hard && !b.person && !b.online && b.name == default_bot(i).name
            })
    }

    pub fn seat_count(&self) -> usize {
        self.bots.len() + 1
    }

    /// Resizes the table to `players` seats (2–8), keeping the bots already set.
    pub fn set_player_count(&mut self, players: usize) {
        let bots = players.clamp(2, 8) - 1;
        while self.bots.len() < bots {
            self.bots.push(default_bot(self.bots.len()));
        }
        self.bots.truncate(bots);
    }

    /// Who plays `seat` (`None`: no such seat).
    pub fn kind(&self, seat: Seat) -> Option<SeatKind> {
        match seat.index().checked_sub(1) {
            None => Some(SeatKind::Host),
            Some(i) => self.bots.get(i).map(|b| {
                if b.online {
                    SeatKind::Guest
                } else if b.person {
                    SeatKind::Person
                } else {
                    SeatKind::Bot(b.level)
                }
            }),
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
        self.bots.iter().any(|b| b.online)
    }

    /// How many seats people play at this device (more than one:
    /// pass-and-play).
    pub fn people(&self) -> usize {
        1 + self.bots.iter().filter(|b| b.person && !b.online).count()
    }
}
