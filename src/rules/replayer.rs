//! The one replayer: a [`Played`] match rebuilt from its deal, one action at
//! a time. Every place that rebuilds a match from its moves goes through
//! here: [`Played::at`] and the game records (`record.rs`), the tables
//! folded from a whole match (`table/fold.rs`), a resumed save
//! (`play/state`), the host's restored online table (`online/host`).
//!
//! [`Played::deal`] deals the match and [`Played::take`] applies one of its
//! actions; [`Replayer`] does both over a match it owns, as an iterator of
//! the actions it took. A caller whose match lives inside something else
//! (the game at this device keeps it in its engine) uses the two directly.

use super::error::{RuleError, SetupError};
use super::game::{Action, Match};
use super::played::Played;
use super::seat::Seat;

/// An action of the match that the rules refuse: the moves do not replay.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("action {index} does not replay: {error}")]
pub struct DoesNotReplay {
    /// The action's place in the match (0-based).
    pub index: usize,
    pub error: RuleError,
}

/// One action a replay took.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Replayed {
    /// Its place in the match (0-based).
    pub index: usize,
    pub seat: Seat,
    pub action: Action,
    /// Where in the match's log its events start.
    pub from: usize,
}

impl Played {
    /// The match as dealt, before any action.
    ///
    /// # Errors
    /// The rules and the number of names do not make a match.
    pub fn deal(&self) -> Result<Match, SetupError> {
        Match::new(self.rules, self.names.len(), self.seed)
    }

    /// Takes action `index` of this match on `game`, which is this match
    /// after its first `index` actions. `None` past the last action.
    ///
    /// # Errors
    /// The rules refuse the action; `game` is unchanged.
    pub fn take(&self, game: &mut Match, index: usize) -> Option<Result<Replayed, DoesNotReplay>> {
        let &(seat, action) = self.actions.get(index)?;
        let from = game.log().len();
        Some(match game.apply_for(seat, action) {
            Ok(_) => Ok(Replayed {
                index,
                seat,
                action,
                from,
            }),
            Err(error) => Err(DoesNotReplay { index, error }),
        })
    }

    /// This match at its deal, to be replayed action by action.
    ///
    /// # Errors
    /// The rules and the number of names do not make a match.
    pub fn replay(&self) -> Result<Replayer<'_>, SetupError> {
        Ok(Replayer {
            played: self,
            game: self.deal()?,
            taken: 0,
            stopped: false,
        })
    }
}

/// A [`Played`] match being replayed: the match after the actions taken so
/// far. As an iterator it takes the next action and yields it; a refused
/// action is yielded as its refusal and ends the replay, the match left
/// before it.
#[derive(Clone, Debug)]
pub struct Replayer<'a> {
    played: &'a Played,
    game: Match,
    taken: usize,
    /// An action was refused: nothing more is taken.
    stopped: bool,
}

impl Replayer<'_> {
    /// The match after the actions taken.
    pub fn game(&self) -> &Match {
        &self.game
    }

    /// How many actions were taken.
    pub fn taken(&self) -> usize {
        self.taken
    }

    /// The match after the actions taken.
    pub fn into_game(self) -> Match {
        self.game
    }

    /// Takes actions until `step` are taken (all of them at most), and
    /// says where the last one's events start in the log (`None` if it
    /// took none).
    ///
    /// # Errors
    /// The first action the rules refuse; the match stays before it.
    pub fn run_to(&mut self, step: usize) -> Result<Option<Replayed>, DoesNotReplay> {
        let mut last = None;
        while self.taken < step {
            match self.next() {
                Some(took) => last = Some(took?),
                None => break,
            }
        }
        Ok(last)
    }

    /// Takes every action left.
    ///
    /// # Errors
    /// The first action the rules refuse; the match stays before it.
    pub fn run(&mut self) -> Result<(), DoesNotReplay> {
        self.run_to(usize::MAX).map(|_| ())
    }
}

impl Iterator for Replayer<'_> {
    type Item = Result<Replayed, DoesNotReplay>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.stopped {
            return None;
        }
        let took = self.played.take(&mut self.game, self.taken)?;
        match took {
            Ok(_) => self.taken += 1,
            Err(_) => self.stopped = true,
        }
        Some(took)
    }
}
