//! The one replayer: a [`Played`] match rebuilt from its deal, one action at
//! a time. Every place that rebuilds a match from its moves goes through
//! here: [`Played::at`] and the game records (`record.rs`), the tables
//! folded from a whole match (`table/fold.rs`), a resumed save
//! (`play/state`), the host's restored online table (`online/host`), share
//! links written and read (`share.rs`), the decisions a review rates
//! (`bots/review.rs`).
//!
//! [`Played::deal`] deals the match and [`Played::take`] applies one of its
//! actions; [`Replayer`] does both over a match it owns, as an iterator of
//! the actions it took. A caller whose match lives inside something else
//! (the game at this device keeps it in its engine), or whose actions are
//! known only one at a time (a share link names each by its place among
//! the legal ones), uses the two directly.

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rng, RuleSet};

    /// A whole match played with random legal actions, as played.
    fn played(seed: u64) -> Played {
        let rules = RuleSet::modern();
        let mut game = Match::new(rules, 3, seed).expect("a valid setup");
        let mut rng = Rng::new(seed);
        let mut actions = Vec::new();
        while let Some(turn) = game.to_act() {
            let legal = game.legal_actions();
            let action = legal[rng.below(legal.len())];
            game.apply_for(turn.seat, action).expect("a legal action");
            actions.push((turn.seat, action));
        }
        Played {
            rules,
            names: vec!["a".into(), "b".into(), "c".into()],
            seed,
            actions,
        }
    }

    #[test]
    fn a_replay_takes_every_action_in_order_and_ends_where_the_match_did() {
        for seed in 0..20 {
            let played = played(seed);
            let mut game = played.deal().expect("deals");
            let mut replay = played.replay().expect("deals");
            for (index, &(seat, action)) in played.actions.iter().enumerate() {
                let from = game.log().len();
                game.apply_for(seat, action).expect("replays");
                let took = replay.next().expect("an action is left");
                let want = Replayed {
                    index,
                    seat,
                    action,
                    from,
                };
                assert_eq!(took, Ok(want), "seed {seed}");
                assert_eq!(replay.game(), &game, "seed {seed}, action {index}");
            }
            assert_eq!(replay.next(), None, "seed {seed}: nothing after the last");
            assert!(replay.game().is_over(), "seed {seed}");
            assert_eq!(replay.taken(), played.actions.len());
        }
    }

    #[test]
    fn run_to_stops_at_the_step_and_says_where_its_last_action_starts() {
        let played = played(7);
        let (half, all) = (played.actions.len() / 2, played.actions.len());
        let mut replay = played.replay().expect("deals");
        assert_eq!(replay.run_to(0), Ok(None));
        let last = replay.run_to(half).expect("replays").expect("took some");
        assert_eq!((last.index, replay.taken()), (half - 1, half));
        assert!(last.from < replay.game().log().len());
        // Past the end: all of them, no more.
        let last = replay.run_to(all + 5).expect("replays").expect("took some");
        assert_eq!((last.index, replay.taken()), (all - 1, all));
    }

    #[test]
    fn a_refused_action_ends_the_replay_before_it() {
        let mut played = played(3);
        let cut = played.actions.len() / 3;
        played.actions.truncate(cut);
        // The last action again: its card is no longer in that hand, or it
        // is no longer that seat's turn.
        let again = played.actions[cut - 1];
        played.actions.push(again);
        played.actions.push(again);
        let mut replay = played.replay().expect("deals");
        let before = played.at(cut).expect("the first actions replay").0;
        let refused = replay.run().expect_err("the repeated action is refused");
        assert_eq!(refused.index, cut);
        assert_eq!(replay.taken(), cut);
        assert_eq!(replay.game(), &before, "the match stays before it");
        assert_eq!(replay.next(), None, "nothing is taken after a refusal");
    }
}
