//! Everything that happens in a match, in order: the UI animates and
//! announces these, and game records store them.

use super::card::Card;
use super::seat::{Direction, Seat};
use serde::{Deserialize, Serialize};

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A new hand was dealt from `deck` (top card first); `first` plays first.
    HandStarted {
        hand: u32,
        dealer: Seat,
        first: Seat,
        deck: Vec<Card>,
    },
    /// A card was played; `total` is the pile total after it.
    Played { seat: Seat, card: Card, total: i32 },
    /// Four ONO 99 cards were discarded at once; the total is unchanged.
    DiscardedFourOno { seat: Seat, total: i32 },
    /// A card was drawn from the draw pile.
    Drew { seat: Seat, card: Card },
    /// The discard pile became the new draw pile, in this order (top first).
    Reshuffled { order: Vec<Card> },
    /// A Reverse flipped the direction of play.
    DirectionChanged { direction: Direction },
    /// A Play 2 obliges `seat` to make two plays.
    ObligationPlaced { seat: Seat, by: Seat },
    /// An obliged player passed the obligation on to `to`.
    ObligationMoved { from: Seat, to: Seat },
    /// A player had no legal play and laid down their hand.
    PlayerOut { seat: Seat, laid_down: Vec<Card> },
    /// The hand is over. `winner` is the last player left (when the hand is
    /// played to the end), `loser` the player who went out (`tokens` format);
    /// `tokens` and `scores` are the standings after the hand, in the formats
    /// that keep them.
    HandOver {
        hand: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        winner: Option<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        loser: Option<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tokens: Option<Vec<u8>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<Vec<u32>>,
    },
    /// A player left the match (no token left, or the points limit reached).
    LeftMatch { seat: Seat },
    /// The match is over.
    MatchOver { winners: Vec<Seat> },
}
