//! Playing whole matches between bots.

use super::{Bot, Level};
use crate::rules::{Action, Match, Rng, RuleError, Seat};

/// One seat's player: its bot and its own random stream.
pub struct Player {
    pub level: Level,
    pub bot: Box<dyn Bot>,
    pub rng: Rng,
}

impl Player {
    pub fn new(level: Level, seed: u64) -> Player {
        Player {
            level,
            bot: super::make_bot(level),
            rng: Rng::new(seed),
        }
    }

    /// A player with a bot built by the caller (e.g. a Hard bot with its own budget).
    pub fn with_bot(level: Level, bot: Box<dyn Bot>, seed: u64) -> Player {
        Player {
            level,
            bot,
            rng: Rng::new(seed),
        }
    }

    /// This player's choice in `m`, seen only through its seat's view.
    pub fn decide(&mut self, m: &Match, seat: Seat, legal: &[Action]) -> Action {
        if self.level == Level::Random {
            // Uniform choice needs no view: skip building one (simulation speed).
            return legal[self.rng.below(legal.len())];
        }
        let view = m.view(seat);
        self.bot.choose(&view, legal, &mut self.rng)
    }
}

/// Plays `m` to its end with one player per seat.
///
/// # Errors
/// A bot chose an illegal action (a bug in the bot); the match stops there.
pub fn play_out(m: &mut Match, players: &mut [Player]) -> Result<(), RuleError> {
    let mut legal = Vec::with_capacity(8);
    while let Some(turn) = m.to_act() {
        m.legal_actions_into(&mut legal);
        let action = players[turn.seat.index()].decide(m, turn.seat, &legal);
        m.apply(action)?;
    }
    Ok(())
}

/// A seed for game `index` of a series started from `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut r = Rng::new(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    r.next_u64()
}
