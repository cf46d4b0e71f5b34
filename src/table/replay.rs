//! A finished match step by step with every hand face up: each seat's
//! table, built the same way a live table is (one [`Step`](super::Step) per action),
//! with nobody as "you" (or the seat a match was played from, on its own
//! device). A step that ends a hand shows that hand's final
//! table, not the next deal: the deal is held (`step(.., true)`) and put on
//! the table when the next step comes.
//!
//! Going on by one step costs one step; going back (or far ahead) folds
//! the match again from its deal ([`fold_played`]), which is what
//! [`Replay::seek`] does. Both take the actions through the match's
//! replayer ([`Played::take`]).

use super::fold::{dealt_tables, fold_played, take, Hold, Viewers};
use super::TableModel;
use crate::rules::{Action, Card, Match, Played, RuleSet, Seat, SetupError};
use std::rc::Rc;

pub use super::fold::DoesNotReplay;

/// A match and every seat's table after its first `step()` actions.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The match replayed.
    played: Rc<Played>,
    /// Every seat, nobody as "you", each hand's end on show.
    viewers: Viewers,
    /// The match after the actions taken so far.
    game: Match,
    /// How many actions have been taken.
    taken: usize,
    /// Each seat's table, seat 0 first.
    tables: Vec<Rc<TableModel>>,
}

impl Replay {
    /// The match at its deal, to be stepped through `actions`.
    ///
    /// # Errors
    /// The rules and seats do not make a match.
    pub fn new(
        rules: RuleSet,
        names: Vec<String>,
        seed: u64,
        actions: Rc<[(Seat, Action)]>,
    ) -> Result<Replay, SetupError> {
        Replay::seen_by(None, rules, names, seed, actions)
    }

    /// As [`Replay::new`], with `me` told of as "you" (a match replayed on
    /// the device it was played on: "You play 7").
    ///
    /// # Errors
    /// The rules and seats do not make a match.
    pub fn seen_by(
        me: Option<Seat>,
        rules: RuleSet,
        names: Vec<String>,
        seed: u64,
        actions: Rc<[(Seat, Action)]>,
    ) -> Result<Replay, SetupError> {
        let n = names.len();
        let played = Played {
            rules,
            names: names.clone(),
            seed,
            actions: actions.to_vec(),
        };
        let game = played.deal()?;
        let viewers = Viewers {
            seats: (0..n).map(|s| Seat(s as u8)).collect(),
            me,
            names,
            hold: Hold::EachHandEnd,
        };
        let tables = dealt_tables(&game, &viewers)
            .into_iter()
            .map(Rc::new)
            .collect();
        Ok(Replay {
            played: Rc::new(played),
            viewers,
            game,
            taken: 0,
            tables,
        })
    }

    /// How many actions the match has.
    pub fn len(&self) -> usize {
        self.played.actions.len()
    }

    /// Whether the match has no action at all.
    pub fn is_empty(&self) -> bool {
        self.played.actions.is_empty()
    }

    /// How many actions the tables show taken.
    pub fn step(&self) -> usize {
        self.taken
    }

    /// Takes the next action (nothing at the end): every seat's table
    /// moves on by its step, a hand it deals held behind the final table
    /// of the hand it ended.
    ///
    /// # Errors
    /// The rules refuse the action; nothing changes.
    pub fn forward(&mut self) -> Result<(), DoesNotReplay> {
        if self.taken >= self.len() {
            return Ok(());
        }
        let tables = self.tables.iter_mut().map(Rc::make_mut);
        if take(
            &self.played,
            &mut self.game,
            tables,
            &self.viewers,
            self.taken,
        )? {
            self.taken += 1;
        }
        Ok(())
    }

    /// Moves to `step` actions taken (at most the match's): on from here
    /// when it is ahead, folded again from the deal when it is behind.
    ///
    /// # Errors
    /// An action on the way does not replay; the tables stay where it
    /// stopped.
    pub fn seek(&mut self, step: usize) -> Result<(), DoesNotReplay> {
        let step = step.min(self.len());
        if step < self.taken {
            let folded = fold_played(&self.played, step, &self.viewers)
                .expect("the match was set up before");
            self.game = folded.game;
            self.taken = folded.taken;
            self.tables = folded.tables.into_iter().map(Rc::new).collect();
            if let Some(refused) = folded.refused {
                return Err(refused);
            }
        }
        while self.taken < step {
            self.forward()?;
        }
        Ok(())
    }

    /// The match after the actions taken (the next hand already dealt
    /// when the last one ended it).
    pub fn game(&self) -> &Match {
        &self.game
    }

    /// `seat`'s table.
    pub fn table(&self, seat: Seat) -> &Rc<TableModel> {
        &self.tables[seat.index()]
    }

    /// The cards each seat holds on the table shown, seat 0 first.
    pub fn hands(&self) -> Vec<Vec<Card>> {
        self.tables.iter().map(|t| t.view().hand.clone()).collect()
    }
}
