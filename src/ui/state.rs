//! The game state in the page: the pure [`crate::play`] state as Yew's
//! `Reducible`, and the names a language gives to seats.

use crate::i18n::{self, Lang};
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

impl GameSetup {
    /// How a record or share link names `seat`: as on screen, except that
    /// a nameless player is "Player 1", never "You" (others read it too).
    pub fn shared_name(&self, seat: Seat, lang: Lang) -> String {
        i18n::seat_name(lang, self.seat_names().shared(seat))
    }

    /// The display name of `seat`: the player's own name, or the bot's
    /// (`crate::play::SeatNames`).
    pub fn name(&self, seat: Seat, lang: Lang) -> String {
        i18n::seat_name(lang, self.seat_names().name(seat))
    }
}
