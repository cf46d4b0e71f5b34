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
    /// A seat number no table has: the seat someone who holds none reads
    /// the match as (a watcher, a new person before their seat was
    /// theirs), dealt no card and drawing face down.
    pub const OUTSIDE: Seat = Seat(u8::MAX);

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

/// A value for some of a table's seats, keyed by [`Seat`]: at most one per
/// seat, at most [`MAX_SEATS`] in all, held in place (no allocation, no
/// hashing). For what only some seats have (a friend's link, an
/// invitation, a seat's latest reaction); [`PerSeat`] is for what every
/// seat of a table has. A seat past [`MAX_SEATS`] (a number no table
/// has, as untrusted input may name) holds nothing: reading it finds
/// nothing and writing it keeps nothing.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SeatMap<T>([Option<T>; MAX_SEATS]);

impl<T> Default for SeatMap<T> {
    fn default() -> Self {
        SeatMap(std::array::from_fn(|_| None))
    }
}

impl<T: fmt::Debug> fmt::Debug for SeatMap<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<T> SeatMap<T> {
    pub fn new() -> Self {
        SeatMap::default()
    }

    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.get(seat.index())?.as_ref()
    }

    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        self.0.get_mut(seat.index())?.as_mut()
    }

    pub fn contains(&self, seat: Seat) -> bool {
        self.get(seat).is_some()
    }

    /// Sets `seat`'s value, giving back the one it had. Past
    /// [`MAX_SEATS`], nothing is kept (and `None` comes back).
    pub fn insert(&mut self, seat: Seat, value: T) -> Option<T> {
        self.0.get_mut(seat.index())?.replace(value)
    }

    /// Takes `seat`'s value away.
    pub fn remove(&mut self, seat: Seat) -> Option<T> {
        self.0.get_mut(seat.index())?.take()
    }

    /// `seat`'s place in the map, to read or set as an `Option`; `None`
    /// past [`MAX_SEATS`].
    pub fn slot(&mut self, seat: Seat) -> Option<&mut Option<T>> {
        self.0.get_mut(seat.index())
    }

    /// `seat`'s value, made by `make` if it had none; `None` past
    /// [`MAX_SEATS`].
    pub fn get_or_insert_with(&mut self, seat: Seat, make: impl FnOnce() -> T) -> Option<&mut T> {
        Some(self.0.get_mut(seat.index())?.get_or_insert_with(make))
    }

    /// The seats that have a value, with it, in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0
            .iter()
            .enumerate()
            .filter_map(|(i, v)| Some((Seat(i as u8), v.as_ref()?)))
    }

    /// As [`SeatMap::iter`], each value to change.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Seat, &mut T)> {
        self.0
            .iter_mut()
            .enumerate()
            .filter_map(|(i, v)| Some((Seat(i as u8), v.as_mut()?)))
    }

    /// The seats that have a value, in order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.iter().map(|(seat, _)| seat)
    }

    /// The values, in seat order.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.0.iter().flatten()
    }

    pub fn len(&self) -> usize {
        self.values().count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<T> FromIterator<(Seat, T)> for SeatMap<T> {
    /// The map of `(seat, value)` pairs, a later value for a seat
    /// replacing an earlier one; seats past [`MAX_SEATS`] are left out.
    fn from_iter<I: IntoIterator<Item = (Seat, T)>>(pairs: I) -> Self {
        let mut map = SeatMap::new();
        for (seat, value) in pairs {
            map.insert(seat, value);
        }
        map
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_map_keeps_one_value_per_seat_of_a_table() {
        let mut map = SeatMap::new();
        assert!(map.is_empty());
        assert_eq!(map.insert(Seat(3), "c"), None);
        assert_eq!(map.insert(Seat(1), "a"), None);
        assert_eq!(map.insert(Seat(3), "C"), Some("c"));
        assert_eq!(map.get(Seat(3)), Some(&"C"));
        assert_eq!(map.get(Seat(0)), None);
        assert!(map.contains(Seat(1)));
        assert_eq!(map.len(), 2);
        assert_eq!(
            map.iter().collect::<Vec<_>>(),
            [(Seat(1), &"a"), (Seat(3), &"C")]
        );
        assert_eq!(map.seats().collect::<Vec<_>>(), [Seat(1), Seat(3)]);
        if let Some(v) = map.get_mut(Seat(1)) {
            *v = "A";
        }
        for (_, v) in map.iter_mut() {
            *v = if *v == "A" { "a" } else { *v };
        }
        assert_eq!(map.values().copied().collect::<Vec<_>>(), ["a", "C"]);
        assert_eq!(map.remove(Seat(1)), Some("a"));
        assert_eq!(map.remove(Seat(1)), None);
        assert_eq!(format!("{map:?}"), r#"{Seat(3): "C"}"#);
        assert_eq!(map.get_or_insert_with(Seat(0), || "z"), Some(&mut "z"));
        assert_eq!(map.get_or_insert_with(Seat(0), || "y"), Some(&mut "z"));
    }

    #[test]
    fn a_seat_past_any_table_holds_nothing() {
        let mut map: SeatMap<u8> = (0..=255).map(|s| (Seat(s), s)).collect();
        assert_eq!(map.len(), MAX_SEATS);
        let past = Seat(MAX_SEATS as u8);
        assert_eq!(map.insert(past, 1), None);
        assert_eq!(map.get(past), None);
        assert_eq!(map.get_mut(Seat(u8::MAX)), None);
        assert_eq!(map.remove(past), None);
        assert_eq!(map.get_or_insert_with(past, || 1), None);
        assert_eq!(map.slot(past), None);
        assert_eq!(map.slot(Seat(2)), Some(&mut Some(2)));
        assert!(!map.contains(past));
        assert_eq!(map.len(), MAX_SEATS);
    }
}
