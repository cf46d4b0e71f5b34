//! Why an action was refused. One variant per broken rule, with its data;
//! a refused action never changes the match.

use super::card::Card;
use super::options::{LoseAt, OptionError};
use super::seat::Seat;

/// Serializable so that an online host can tell a guest exactly which rule
/// its action broke (`online::protocol::Refusal::Illegal`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum RuleError {
    #[error("the match is over")]
    MatchOver,
    #[error("it is {to_act}'s turn, not {seat}'s")]
    NotYourTurn { seat: Seat, to_act: Seat },
    #[error("{card} is not in the hand")]
    CardNotInHand { card: Card },
    #[error("{card} would make the total {new_total}: {}", match lose_at {
        LoseAt::Reach99 => "it must stay below 99",
        LoseAt::Exceed99 => "it must not go over 99",
    })]
    TotalTooHigh {
        card: Card,
        /// The total the card would be played on.
        total: i32,
        new_total: i32,
        lose_at: LoseAt,
    },
    #[error("Minus Ten would take the total from {total} below 0")]
    BelowZero { total: i32 },
    #[error("99 cards can't be played")]
    NinetyNineDead,
    #[error("a 99 card can only be played when the total is a multiple of ten (it is {total})")]
    NinetyNineNotOnTen { total: i32 },
    #[error("only one 99 card may be played in a turn")]
    NinetyNineOncePerTurn,
    #[error("a Double Play can't be the first of two plays")]
    CannotOpenWithDoublePlay,
    #[error("the four-ONO discard is not part of these rules")]
    FourOnoDiscardOff,
    #[error("the four-ONO discard needs four 99 cards and nothing else in the hand")]
    NotFourOno,
}

/// Why a match could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a game needs 2 to 8 players, not {0}")]
    SeatCount(usize),
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error("bad card list: {0}")]
    Cards(String),
    #[error("the scenario uses more {card} cards than the deck has")]
    TooManyCards { card: Card },
    #[error("{0}")]
    Scenario(String),
}
