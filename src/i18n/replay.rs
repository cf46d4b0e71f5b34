//! The replay's and the review's lines with data: a section of the
//! catalogue (`catalogue.rs`, `sections/replay.txt`), each key with its
//! four languages. Only the whole app shows them.

use super::catalogue::{fill, section};
use super::{number, Lang};

section! {
    /// The keys of `sections/replay.txt`.
    pub enum ReplayLine in include_str!("sections/replay.txt") => {
        MoveOf,
        DecisionLine,
    }
}

/// The replay's "Move 3 of 120".
pub fn move_of(lang: Lang, step: usize, of: usize) -> String {
    let (step, of) = (step.to_string(), of.to_string());
    fill(lang, ReplayLine::MoveOf, &[("step", &step), ("of", &of)])
}

/// The heading of one decision in the review ("Hand 2, total 57").
pub fn decision_line(lang: Lang, hand: u32, total: i32) -> String {
    let (hand, total) = (hand.to_string(), number(total));
    fill(
        lang,
        ReplayLine::DecisionLine,
        &[("hand", &hand), ("total", &total)],
    )
}
