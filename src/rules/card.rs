//! Cards, their text codes (docs/rules.md §1) and the two decks.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// One ONO 99 card. Numbers carry their face value (0 to 10).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Card {
    Number(u8),
    MinusTen,
    Reverse,
    PlayTwo,
    Hold,
    NinetyNine,
}

/// How many distinct kinds of card there are ([`Card::index`] is below this).
pub const CARD_KINDS: usize = 16;

impl Card {
    /// Every kind of card, in index order.
    pub const ALL: [Card; CARD_KINDS] = [
        Card::Number(0),
        Card::Number(1),
        Card::Number(2),
        Card::Number(3),
        Card::Number(4),
        Card::Number(5),
        Card::Number(6),
        Card::Number(7),
        Card::Number(8),
        Card::Number(9),
        Card::Number(10),
        Card::MinusTen,
        Card::Reverse,
        Card::PlayTwo,
        Card::Hold,
        Card::NinetyNine,
    ];

    /// A dense index (0..16) for counting arrays.
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Card::Number(n) => n as usize,
            Card::MinusTen => 11,
            Card::Reverse => 12,
            Card::PlayTwo => 13,
            Card::Hold => 14,
            Card::NinetyNine => 15,
        }
    }

    /// The card's text code: `0`..`10`, `-10`, `R`, `P2`, `H`, `99`.
    pub fn code(self) -> &'static str {
        const NUMBERS: [&str; 11] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
        match self {
            Card::Number(n) => NUMBERS[(n as usize).min(10)],
            Card::MinusTen => "-10",
            Card::Reverse => "R",
            Card::PlayTwo => "P2",
            Card::Hold => "H",
            Card::NinetyNine => "99",
        }
    }

    /// Points this card is worth when left in hand (`points` format, docs/rules.md §6).
    pub fn points(self) -> u32 {
        match self {
            Card::Number(n) => n as u32,
            Card::NinetyNine => 20,
            Card::MinusTen | Card::Reverse | Card::PlayTwo | Card::Hold => 15,
        }
    }

    /// True for the cards that change nothing but the flow of play.
    pub fn is_action(self) -> bool {
        matches!(self, Card::Reverse | Card::PlayTwo | Card::Hold)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A card code that is not one of docs/rules.md §1's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a card (expected 0-10, -10, R, P2, H or 99)")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        Ok(match t.to_ascii_uppercase().as_str() {
            "-10" => Card::MinusTen,
            "R" => Card::Reverse,
            "P2" => Card::PlayTwo,
            "H" => Card::Hold,
            "99" => Card::NinetyNine,
            other => match other.parse::<u8>() {
                Ok(n) if n <= 10 && (other.len() == 1 || other == "10") => Card::Number(n),
                _ => return Err(ParseCardError(t.to_string())),
            },
        })
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Parses a space-separated list of card codes: `"7 R P2 99"`.
///
/// # Errors
/// The first code that is not a card.
pub fn parse_cards(s: &str) -> Result<Vec<Card>, ParseCardError> {
    s.split_whitespace().map(str::parse).collect()
}

/// Writes cards as space-separated codes.
pub fn cards_to_string(cards: &[Card]) -> String {
    cards.iter().map(|c| c.code()).collect::<Vec<_>>().join(" ")
}

/// A multiset of cards, counted by kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct CardCounts(pub [u8; CARD_KINDS]);

impl CardCounts {
    pub fn of(cards: &[Card]) -> Self {
        let mut c = CardCounts::default();
        for &card in cards {
            c.add(card);
        }
        c
    }
    #[inline]
    pub fn add(&mut self, card: Card) {
        self.0[card.index()] += 1;
    }
    /// Removes one card; returns false (changing nothing) if there is none.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        let n = &mut self.0[card.index()];
        if *n == 0 {
            return false;
        }
        *n -= 1;
        true
    }
    #[inline]
    pub fn get(&self, card: Card) -> u8 {
        self.0[card.index()]
    }
    pub fn total(&self) -> usize {
        self.0.iter().map(|&n| n as usize).sum()
    }
    /// Every card of the multiset, in index order.
    pub fn to_vec(&self) -> Vec<Card> {
        let mut v = Vec::with_capacity(self.total());
        for (i, &n) in self.0.iter().enumerate() {
            v.extend(std::iter::repeat_n(Card::ALL[i], n as usize));
        }
        v
    }
    /// `self - other`, or `None` if `other` is not contained in `self`.
    pub fn minus(&self, other: &CardCounts) -> Option<CardCounts> {
        let mut out = *self;
        for i in 0..CARD_KINDS {
            out.0[i] = out.0[i].checked_sub(other.0[i])?;
        }
        Some(out)
    }
}

/// The two editions of the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Edition {
    /// 2022 Mattel edition: 112 cards, Play 2, ONO 99 cards.
    Modern,
    /// 1980 edition: 54 cards, Hold and Double Play, negatives allowed.
    Classic,
}

impl Edition {
    /// How many of each kind the edition's deck holds.
    pub fn deck_counts(self) -> CardCounts {
        let mut c = [0u8; CARD_KINDS];
        match self {
            Edition::Modern => {
                c[0] = 8;
                for n in c.iter_mut().take(10).skip(1) {
                    *n = 6;
                }
                c[10] = 10;
                c[Card::MinusTen.index()] = 10;
                c[Card::Reverse.index()] = 10;
                c[Card::PlayTwo.index()] = 10;
                c[Card::NinetyNine.index()] = 10;
            }
            Edition::Classic => {
                for n in c.iter_mut().take(10).skip(2) {
                    *n = 3;
                }
                c[10] = 10;
                c[Card::MinusTen.index()] = 4;
                c[Card::Reverse.index()] = 6;
                c[Card::PlayTwo.index()] = 2;
                c[Card::Hold.index()] = 4;
                c[Card::NinetyNine.index()] = 4;
            }
        }
        CardCounts(c)
    }

    /// The edition's full deck in a fixed (unshuffled) order.
    pub fn deck(self) -> Vec<Card> {
        self.deck_slice().to_vec()
    }

    /// As [`Edition::deck`], built once and shared (every hand starts from it).
    pub fn deck_slice(self) -> &'static [Card] {
        static MODERN: std::sync::OnceLock<Vec<Card>> = std::sync::OnceLock::new();
        static CLASSIC: std::sync::OnceLock<Vec<Card>> = std::sync::OnceLock::new();
        match self {
            Edition::Modern => MODERN.get_or_init(|| Edition::Modern.deck_counts().to_vec()),
            Edition::Classic => CLASSIC.get_or_init(|| Edition::Classic.deck_counts().to_vec()),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Edition::Modern => "modern",
            Edition::Classic => "classic",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_sizes_match_the_rulebooks() {
        assert_eq!(Edition::Modern.deck().len(), 112);
        assert_eq!(Edition::Classic.deck().len(), 54);
    }

    #[test]
    fn codes_round_trip() {
        for card in Card::ALL {
            assert_eq!(card.code().parse::<Card>(), Ok(card));
            assert_eq!(Card::ALL[card.index()], card);
        }
        assert!("11".parse::<Card>().is_err());
        assert!("07".parse::<Card>().is_err());
        assert!("x".parse::<Card>().is_err());
        assert_eq!("p2".parse::<Card>(), Ok(Card::PlayTwo));
    }
}
