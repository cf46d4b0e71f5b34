//! A hand of cards stored inline, so that copying a match allocates nothing
//! for it.

use crate::rules::card::Card;

/// The most cards a hand can hold: four in play, more only in set-up positions.
pub const MAX_HAND: usize = 8;

/// A hand of cards, stored inline so that creating and copying a match
/// (every search iteration does) allocates nothing for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Hand {
    pub(super) cards: [Card; MAX_HAND],
    /// `cards[i].index()`, kept so legality checks need no conversion.
    pub(super) kinds: [u8; MAX_HAND],
    pub(super) len: u8,
}

impl Hand {
    pub const fn new() -> Hand {
        Hand {
            cards: [Card::NinetyNine; MAX_HAND],
            kinds: [0; MAX_HAND],
            len: 0,
        }
    }

    /// Adds a card; a full hand (which play never makes) keeps what it has.
    #[inline]
    pub fn push(&mut self, card: Card) {
        if (self.len as usize) < MAX_HAND {
            self.cards[self.len as usize] = card;
            self.kinds[self.len as usize] = card.index() as u8;
            self.len += 1;
        }
    }

    /// Removes the first `card`, keeping the order of the rest.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        let len = self.len as usize;
        match self.cards[..len].iter().position(|&c| c == card) {
            Some(pos) => {
                self.cards.copy_within(pos + 1..len, pos);
                self.kinds.copy_within(pos + 1..len, pos);
                self.len -= 1;
                true
            }
            None => false,
        }
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for Hand {
    fn default() -> Hand {
        Hand::new()
    }
}

impl std::ops::Deref for Hand {
    type Target = [Card];
    #[inline]
    fn deref(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}
