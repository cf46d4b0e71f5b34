//! The names of a table's seats (issue 37): what the setup holds (the
//! player's name as typed, each other seat's), with the defaults of a
//! seat nobody named, for every page that names seats. A language words
//! what is not a name (`i18n::seat_name`: "You", "Player 1", "Bot 8");
//! this module decides which one a seat gets. Pure and tested natively.

use super::setup::{GameSetup, BOT_NAMES};
use crate::rules::Seat;

/// How a seat is called, before a language words it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SeatName<'a> {
    /// A name: typed by its player (without the spaces around it), or set
    /// up for a bot.
    Named(&'a str),
    /// The person at this device ("You").
    You,
    /// A nameless person, numbered from 1 ("Player 1"): where "You" would
    /// name more than one person, or in what others read.
    Player(usize),
    /// A bot seat without a name, by its seat's number ("Bot 8").
    Bot(usize),
}

/// The names of a table's seats, from its setup.
#[derive(Clone, Copy, Debug)]
pub struct SeatNames<'a> {
    setup: &'a GameSetup,
}

/// A name as typed, without the spaces around it; `None` for a name of
/// spaces only.
pub fn typed(name: &str) -> Option<&str> {
    Some(name.trim()).filter(|n| !n.is_empty())
}

impl<'a> SeatNames<'a> {
    /// The names of `setup`'s seats.
    pub fn of(setup: &'a GameSetup) -> SeatNames<'a> {
        SeatNames { setup }
    }

    /// The default name of the `index`-th seat after yours (0-based): one
    /// of [`BOT_NAMES`], the same in every language; past them (a table
    /// has at most seven other seats, so never yet), the seat's number.
    pub fn default_bot(index: usize) -> SeatName<'static> {
        match BOT_NAMES.get(index) {
            Some(name) => SeatName::Named(name),
            None => SeatName::Bot(index + 1),
        }
    }

    /// The name a new bot seat is set up with (before a language is
    /// known): its default name, or none (a nameless bot is
    /// [`SeatName::Bot`] wherever it is shown).
    pub fn default_bot_name(index: usize) -> String {
        match SeatNames::default_bot(index) {
            SeatName::Named(name) => name.to_string(),
            _ => String::new(),
        }
    }

    /// How this device names `seat`: the player's own name, else "You"
    /// (or "Player 1" in pass-and-play, where "You" would name every
    /// person); another seat's name as set up, else its default.
    pub fn name(&self, seat: Seat) -> SeatName<'a> {
        match seat.index().checked_sub(1) {
            None => match typed(&self.setup.player_name) {
                Some(name) => SeatName::Named(name),
                None if self.setup.people() > 1 => SeatName::Player(1),
                None => SeatName::You,
            },
            Some(i) => match self.setup.others.get(i).and_then(|s| typed(&s.name)) {
                Some(name) => SeatName::Named(name),
                None => SeatNames::default_bot(i),
            },
        }
    }

    /// How a record or share link names `seat`: as on this device, except
    /// that a nameless player is "Player 1", never "You" (others read it).
    pub fn shared(&self, seat: Seat) -> SeatName<'a> {
        match self.name(seat) {
            SeatName::You => SeatName::Player(1),
            name => name,
        }
    }
}

impl GameSetup {
    /// The names of this table's seats.
    pub fn seat_names(&self) -> SeatNames<'_> {
        SeatNames::of(self)
    }
}
