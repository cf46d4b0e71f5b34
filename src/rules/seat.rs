//! Seats around the table, sets of seats and per-seat containers.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// The most players a table holds.
pub const MAX_SEATS: usize = 8;
/// The fewest players a game needs.
pub const MIN_SEATS: usize = 2;

/// A seat at the table, numbered clockwise from 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// The direction of play. Clockwise means increasing seat numbers.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Clockwise,
    Counterclockwise,
}

impl Direction {
    pub fn flipped(self) -> Direction {
        match self {
            Direction::Clockwise => Direction::Counterclockwise,
            Direction::Counterclockwise => Direction::Clockwise,
        }
    }
}

/// A set of seats, as a bit mask.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    pub fn empty() -> Self {
        SeatSet(0)
    }
    /// Seats `0..n`.
    pub fn first(n: usize) -> Self {
        SeatSet(((1u16 << n) - 1) as u8)
    }
    #[inline]
    pub fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }
    #[inline]
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..MAX_SEATS as u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Seat)
    }
    /// The only seat, if there is exactly one.
    pub fn single(self) -> Option<Seat> {
        (self.len() == 1).then(|| Seat(self.0.trailing_zeros() as u8))
    }
}

/// One value per seat, indexed by [`Seat`].
#[derive(Clone, PartialEq, Eq, Debug, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PerSeat<T>(pub Vec<T>);

impl<T: Clone> PerSeat<T> {
    pub fn new(seats: usize, value: T) -> Self {
        PerSeat(vec![value; seats])
    }
}

impl<T> PerSeat<T> {
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.0.len()).map(|i| Seat(i as u8))
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;
    #[inline]
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}
