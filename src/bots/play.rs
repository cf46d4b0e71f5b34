//! Playing whole matches between bots, and the rotated series of them that
//! the arena and the weight tuner play.

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

/// Game `index` of a rotated series, as the arena and `examples/tune.rs`
/// play it: each deal is played once in every seat rotation, so that every
/// entry of the line-up plays every deal from every seat. With `n` seats,
/// game `index` plays deal `index / n` (seeded by [`game_seed`] from the
/// series seed) in rotation `index % n`. Each game depends only on its
/// index, so a series gives the same games however it is spread over threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeriesGame {
    /// The seed of the deal: the match's dealer and every shuffle.
    pub deal: u64,
    /// How far the line-up is turned: seat `s` is played by entry
    /// `(s + rotation) % n`.
    pub rotation: usize,
    seats: usize,
}

impl SeriesGame {
    /// Game `index` of the series started from `seed` with `seats` seats
    /// (at least one).
    pub fn new(seed: u64, seats: usize, index: u64) -> SeriesGame {
        let n = seats as u64;
        SeriesGame {
            deal: game_seed(seed, index / n),
            rotation: (index % n) as usize,
            seats,
        }
    }

    /// The entry of the line-up that plays seat index `seat` in this game.
    pub fn entry_at(&self, seat: usize) -> usize {
        (seat + self.rotation) % self.seats
    }
}

#[cfg(test)]
mod tests {
    use super::{game_seed, SeriesGame};

    #[test]
    fn a_series_plays_each_deal_from_every_seat() {
        let n = 3;
        for deal in 0..4u64 {
            let games: Vec<SeriesGame> = (0..n as u64)
                .map(|r| SeriesGame::new(11, n, deal * n as u64 + r))
                .collect();
            for (r, g) in games.iter().enumerate() {
                assert_eq!(g.deal, game_seed(11, deal));
                assert_eq!(g.rotation, r);
            }
            // Every entry takes every seat exactly once over the deal's games.
            for entry in 0..n {
                let mut seats: Vec<usize> = games
                    .iter()
                    .flat_map(|g| (0..n).filter(move |&s| g.entry_at(s) == entry))
                    .collect();
                seats.sort_unstable();
                assert_eq!(seats, [0, 1, 2]);
            }
        }
        let g = SeriesGame::new(11, 4, 6);
        assert_eq!((g.deal, g.rotation), (game_seed(11, 1), 2));
        assert_eq!([0, 1, 2, 3].map(|s| g.entry_at(s)), [2, 3, 0, 1]);
    }
}
