//! The lobby's holder of friends' messages: what they send before the
//! match starts waits here, capped per seat.

use crate::rules::{Seat, SeatMap};

/// Messages held per seat before the match starts ([`HeldMessages`]): an
/// honest friend sends one, its join.
pub const HELD_PER_SEAT: usize = 16;
/// Bytes held per seat before the match starts.
pub const HELD_BYTES_PER_SEAT: usize = 64 * 1024;

/// Why [`HeldMessages::push`] refused a message: the seat sent more than
/// the lobby holds. The seat's held messages are dropped; close its
/// connection.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{seat} sent more than {HELD_PER_SEAT} messages or {HELD_BYTES_PER_SEAT} bytes before the start")]
pub struct Overflow {
    pub seat: Seat,
}

/// The messages friends send in the lobby, held until the match starts
/// (then read in arrival order), with at most [`HELD_PER_SEAT`] messages
/// and [`HELD_BYTES_PER_SEAT`] bytes per seat: a friend can't fill the
/// host's memory before the start.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct HeldMessages {
    messages: Vec<(Seat, String)>,
    /// What each seat that sent something has held.
    seats: SeatMap<Held>,
}

/// What one seat has held.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Held {
    count: usize,
    bytes: usize,
    /// It went over a cap: nothing more is held until it is forgotten.
    over: bool,
}

impl HeldMessages {
    pub fn new() -> HeldMessages {
        HeldMessages::default()
    }

    /// Holds `text` from `seat`.
    ///
    /// # Errors
    /// [`Overflow`] when the seat goes over a cap (or already went over, or
    /// is no seat): the message and every held one of the seat are dropped,
    /// and the seat stays over until [`HeldMessages::forget`].
    pub fn push(&mut self, seat: Seat, text: String) -> Result<(), Overflow> {
        let held = match self.seats.get_or_insert_with(seat, Held::default) {
            Some(held) if !held.over => held,
            _ => return Err(Overflow { seat }),
        };
        let count = held.count.saturating_add(1);
        let bytes = held.bytes.saturating_add(text.len());
        if count > HELD_PER_SEAT || bytes > HELD_BYTES_PER_SEAT {
            self.forget(seat);
            self.seats.insert(
                seat,
                Held {
                    over: true,
                    ..Held::default()
                },
            );
            return Err(Overflow { seat });
        }
        *held = Held {
            count,
            bytes,
            over: false,
        };
        self.messages.push((seat, text));
        Ok(())
    }

    /// Whether `seat` went over a cap (its connection should be closed).
    pub fn is_over(&self, seat: Seat) -> bool {
        self.seats.get(seat).is_some_and(|h| h.over)
    }

    /// Drops `seat`'s held messages and its counts: its connection was
    /// replaced or closed.
    pub fn forget(&mut self, seat: Seat) {
        self.messages.retain(|(s, _)| *s != seat);
        self.seats.remove(seat);
    }

    /// Every held message in arrival order, emptying the holder (counts
    /// and over flags too).
    pub fn take_all(&mut self) -> Vec<(Seat, String)> {
        std::mem::take(self).messages
    }

    /// How many messages are held.
    pub fn len(&self) -> usize {
        self.messages.len()
    }

    /// Whether a message from `seat` is held (in the lobby, only a join
    /// is: the friend has said who they are).
    pub fn holds(&self, seat: Seat) -> bool {
        self.seats.get(seat).is_some_and(|h| h.count > 0)
    }
    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }
}
