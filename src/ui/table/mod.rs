//! The table ([`board::Table`], drawn from the pure `crate::table` model)
//! and its pieces: a card, an opponent's seat, the centre (piles, total,
//! direction), your hand, the deck and the game log. They get data and emit
//! callbacks, hold no game logic, and depend only on `i18n`, `platform`
//! and the model's vocabulary, never on a screen.

pub mod board;
pub mod card;
pub mod centre;
pub mod deck;
pub mod hand;
pub mod log;
pub mod seat;
pub mod specials;
