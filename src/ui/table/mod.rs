//! The pieces of the table: a card, an opponent's seat, the centre (piles,
//! total, direction), your hand and the game log. Leaf components: they get
//! data and emit callbacks, hold no game logic, and depend only on `i18n`,
//! `platform` and the rules' vocabulary, never on a screen.

pub mod card;
pub mod centre;
pub mod hand;
pub mod log;
pub mod seat;
