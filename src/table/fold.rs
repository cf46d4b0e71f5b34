//! A match folded into tables from its deal: the match's replayer
//! ([`Played::replay`]) takes the actions and each seat's table takes one
//! [`Step`] per action, as it would have live. One fold for everyone who
//! builds a table from a whole match: a reload or a change of seat at this
//! device, and a replay's jump back.

use super::{Step, TableModel};
use crate::rules::{
    redact, Action, Match, Played, Replayed, RuleSet, Seat, SeatEvent, SeatSet, SetupError,
};

pub use crate::rules::DoesNotReplay;

/// Which ends of hands a table keeps on show, holding the next deal off the
/// table (see [`TableModel::step`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hold {
    /// None: each step puts its deal on the table.
    Nothing,
    /// Each hand's end, until the next step (a replay): each step releases
    /// the deal held before it.
    EachHandEnd,
    /// Only the end of this hand (its summary is pending), never released
    /// here.
    HandEnd(u32),
}

impl Hold {
    /// Moves `table` on by `step`, holding what this says.
    pub fn step(self, table: &mut TableModel, step: Step) {
        match self {
            Hold::Nothing => table.step(step, false),
            Hold::EachHandEnd => {
                table.release();
                table.step(step, true);
            }
            Hold::HandEnd(hand) => {
                let ends = step
                    .events
                    .iter()
                    .any(|e| matches!(e, SeatEvent::HandOver { hand: h, .. } if *h == hand));
                table.step(step, ends);
            }
        }
    }
}

/// Whose tables a fold builds, and how.
#[derive(Clone, Debug)]
pub struct Viewers {
    /// The seats whose tables are built, in this order.
    pub seats: Vec<Seat>,
    /// Who "you" is on every one of them.
    pub me: Option<Seat>,
    /// How each seat is called.
    pub names: Vec<String>,
    /// Which ends of hands they keep on show.
    pub hold: Hold,
}

/// A match after some of its actions, and the tables of its viewers.
#[derive(Clone, Debug)]
pub struct Folded {
    /// The match after the actions that replayed.
    pub game: Match,
    /// How many actions replayed.
    pub taken: usize,
    /// The viewers' tables, in the order of [`Viewers::seats`].
    pub tables: Vec<TableModel>,
    /// The first action the rules refused (the fold stopped before it).
    pub refused: Option<DoesNotReplay>,
}

/// Each viewer's table at the deal of `game` (a new match): the deal,
/// narrated.
pub(super) fn dealt_tables(game: &Match, viewers: &Viewers) -> Vec<TableModel> {
    let n = game.seat_count();
    viewers
        .seats
        .iter()
        .map(|&seat| {
            let dealt = redact(game.log(), seat, n, SeatSet::first(n));
            TableModel::resume(
                game.view(seat),
                &dealt,
                dealt.len(),
                0,
                viewers.me,
                viewers.names.clone(),
            )
        })
        .collect()
}

/// Moves each viewer's table on by the step of the action `took` in `game`
/// (`tables` in the order of [`Viewers::seats`]).
fn step_tables<'a>(
    game: &Match,
    tables: impl IntoIterator<Item = &'a mut TableModel>,
    viewers: &Viewers,
    took: Replayed,
) {
    for (table, &viewer) in tables.into_iter().zip(&viewers.seats) {
        viewers
            .hold
            .step(table, Step::of_match(game, took.from, viewer));
    }
}

/// Takes action `index` of `played` in `game` (the match after the actions
/// before it) and moves each viewer's table on by its step (`tables` in
/// the order of [`Viewers::seats`], reached only once the action is
/// taken). `Ok(false)` past the last action.
///
/// # Errors
/// The rules refuse the action; nothing changes.
pub(super) fn take<'a>(
    played: &Played,
    game: &mut Match,
    tables: impl IntoIterator<Item = &'a mut TableModel>,
    viewers: &Viewers,
    index: usize,
) -> Result<bool, DoesNotReplay> {
    let Some(took) = played.take(game, index) else {
        return Ok(false);
    };
    step_tables(game, tables, viewers, took?);
    Ok(true)
}

/// The match of `rules` for `seats` seats dealt from `seed`, after
/// `actions`, and the tables of `viewers`, stepped once per action. Stops
/// at the first action the rules refuse (see [`Folded::refused`]).
///
/// # Errors
/// The rules and seats do not make a match.
pub fn fold_match(
    rules: RuleSet,
    seats: usize,
    seed: u64,
    viewers: &Viewers,
    actions: &[(Seat, Action)],
) -> Result<Folded, SetupError> {
    // Names play no part in a replay: only their number, the seats.
    let played = Played {
        rules,
        names: vec![String::new(); seats],
        seed,
        actions: actions.to_vec(),
    };
    fold_played(&played, played.actions.len(), viewers)
}

/// `played` after its first `upto` actions (all of them at most), and the
/// tables of `viewers`, stepped once per action. Stops at the first action
/// the rules refuse (see [`Folded::refused`]).
///
/// # Errors
/// The rules and seats do not make a match.
pub fn fold_played(played: &Played, upto: usize, viewers: &Viewers) -> Result<Folded, SetupError> {
    let mut replay = played.replay()?;
    let mut tables = dealt_tables(replay.game(), viewers);
    let mut refused = None;
    while replay.taken() < upto {
        match replay.next() {
            Some(Ok(took)) => step_tables(replay.game(), tables.iter_mut(), viewers, took),
            Some(Err(error)) => {
                refused = Some(error);
                break;
            }
            None => break,
        }
    }
    Ok(Folded {
        taken: replay.taken(),
        game: replay.into_game(),
        tables,
        refused,
    })
}
