//! The game state in the page: the pure [`crate::play`] state as Yew's
//! `Reducible`, and the names a language gives to seats.

use crate::i18n::{self, Key, Lang};
pub use crate::play::{
    bot, daily_seed, default_bot, BotTurn, GameMsg, GameSetup, GameState, HandSummary, SeatKind,
    SeatSetup, Speed, BOT_LEVELS, ME,
};
use crate::rules::Seat;
use std::rc::Rc;
use yew::Reducible;

impl Reducible for GameState {
    type Action = GameMsg;

    fn reduce(self: Rc<Self>, msg: GameMsg) -> Rc<Self> {
        match self.update(msg) {
            Some(next) => Rc::new(next),
            None => self,
        }
    }
}

/// The default name of the `index`-th bot seat (0-based) in `lang`.
fn default_bot_name(index: usize, lang: Lang) -> String {
    match i18n::BOT_NAMES.get(index) {
        Some(name) => (*name).to_string(),
        None => i18n::bot_heading(lang, index + 1),
    }
}

impl GameSetup {
    /// How a record or share link names `seat`: as on screen, except that
    /// a nameless player is "Player 1", never "You" (others read it too).
    pub fn shared_name(&self, seat: Seat, lang: Lang) -> String {
        if seat.index() == 0 && self.player_name.trim().is_empty() {
            i18n::numbered_player(lang, 1)
        } else {
            self.name(seat, lang)
        }
    }

    /// The display name of `seat`: the player's own name, or the bot's.
    pub fn name(&self, seat: Seat, lang: Lang) -> String {
        match seat.index().checked_sub(1) {
            None => {
                let n = self.player_name.trim();
                if n.is_empty() && self.people() > 1 {
                    // Pass-and-play: "You" would name every person.
                    i18n::numbered_player(lang, 1)
                } else if n.is_empty() {
                    i18n::tr(lang, Key::You).to_string()
                } else {
                    n.to_string()
                }
            }
            Some(i) => match self.others.get(i) {
                Some(s) if !s.name.trim().is_empty() => s.name.trim().to_string(),
                _ => default_bot_name(i, lang),
            },
        }
    }
}
