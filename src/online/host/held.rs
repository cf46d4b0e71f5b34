//! The lobby's holder of friends' messages: what they send before the
//! match starts waits here, capped per seat.

use crate::rules::seat::MAX_SEATS;
use crate::rules::Seat;

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
    count: [usize; MAX_SEATS],
    bytes: [usize; MAX_SEATS],
    over: [bool; MAX_SEATS],
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
        let i = seat.index();
        if i >= MAX_SEATS || self.over[i] {
            return Err(Overflow { seat });
        }
        let count = self.count[i].saturating_add(1);
        let bytes = self.bytes[i].saturating_add(text.len());
        if count > HELD_PER_SEAT || bytes > HELD_BYTES_PER_SEAT {
            self.forget(seat);
            self.over[i] = true;
            return Err(Overflow { seat });
        }
        self.count[i] = count;
        self.bytes[i] = bytes;
        self.messages.push((seat, text));
        Ok(())
    }

    /// Whether `seat` went over a cap (its connection should be closed).
    pub fn is_over(&self, seat: Seat) -> bool {
        self.over.get(seat.index()).copied().unwrap_or(false)
    }

    /// Drops `seat`'s held messages and its counts: its connection was
    /// replaced or closed.
    pub fn forget(&mut self, seat: Seat) {
        let i = seat.index();
        if i < MAX_SEATS {
            self.messages.retain(|(s, _)| *s != seat);
            self.count[i] = 0;
            self.bytes[i] = 0;
            self.over[i] = false;
        }
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
        self.count.get(seat.index()).is_some_and(|&n| n > 0)
    }
    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }
}
