//! Watchers (spectators) of an online table: who they are on the host's
//! side, and the limits that keep them from weighing on the match.
//!
//! A watcher comes by the watch link (a link of its own kind,
//! [`crate::online::signal::TableLink::watch_url`]), says
//! [`crate::online::GuestMessage::Watch`] and then gets what every player
//! may know of the table and nothing more: no hand, no dealt or drawn card,
//! no draw order. The host's session addresses a watcher as a seat number
//! past any table ([`WATCHER_BASE`] and up), so the messages for watchers
//! travel in the same outbox as the players': engine events redacted for
//! such a seat (`rules::seat_event::redact`) carry no card of any hand.

use crate::rules::Seat;

/// The first seat number that is a watcher's, not a seat at the table
/// (tables have at most 8 seats). Watcher `k` is `Seat(WATCHER_BASE + k)`.
pub const WATCHER_BASE: u8 = 64;
/// The most watchers a table takes at once: each costs the host one
/// connection and a copy of every update.
pub const MAX_WATCHERS: usize = 16;

/// Whether `seat` is a watcher's address rather than a seat at the table.
pub fn is_watcher(seat: Seat) -> bool {
    seat.0 >= WATCHER_BASE && usize::from(seat.0 - WATCHER_BASE) < MAX_WATCHERS
}

/// Watcher `k`'s address (`None` past [`MAX_WATCHERS`]).
pub fn watcher_seat(k: usize) -> Option<Seat> {
    (k < MAX_WATCHERS).then(|| Seat(WATCHER_BASE + k as u8))
}

/// The number of the watcher at `seat` (`None` for a seat at the table).
pub fn watcher_index(seat: Seat) -> Option<usize> {
    is_watcher(seat).then(|| usize::from(seat.0 - WATCHER_BASE))
}

/// A watcher's number at the host: 0 up to [`MAX_WATCHERS`] (exclusive).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct WatcherId(u8);

impl WatcherId {
    /// Watcher `k` (`None` past [`MAX_WATCHERS`]).
    pub fn new(k: usize) -> Option<WatcherId> {
        (k < MAX_WATCHERS).then_some(WatcherId(k as u8))
    }

    /// Every watcher's number, in order.
    pub fn all() -> impl Iterator<Item = WatcherId> {
        (0..MAX_WATCHERS as u8).map(WatcherId)
    }

    /// The number, from 0.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Who is at the other end of one of the host's connections: the friend
/// at a seat of the table, or a watcher. The two are different types, so
/// no code can send a seat's hand to a watcher by mixing up numbers; the
/// host's session addresses both with one number ([`Peer::address`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Peer {
    Seat(Seat),
    Watcher(WatcherId),
}

impl Peer {
    /// The number the host's session knows this peer by: the seat, or a
    /// watcher's address past any table ([`WATCHER_BASE`] and up).
    pub fn address(self) -> Seat {
        match self {
            Peer::Seat(seat) => seat,
            Peer::Watcher(w) => Seat(WATCHER_BASE + w.0),
        }
    }

    /// The peer the session's number `address` stands for.
    pub fn from_address(address: Seat) -> Peer {
        match watcher_index(address).and_then(WatcherId::new) {
            Some(w) => Peer::Watcher(w),
            None => Peer::Seat(address),
        }
    }

    /// The seat, for a friend at the table.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Peer::Seat(seat) => Some(seat),
            Peer::Watcher(_) => None,
        }
    }
}

/// The number of one of the host's connections (to a seat's friend or a
/// watcher), unique for the page's life.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ConnId(pub u32);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::seat::MAX_SEATS;

    #[test]
    fn watchers_are_never_seats_at_a_table() {
        for s in 0..MAX_SEATS {
            assert!(!is_watcher(Seat(s as u8)));
        }
        for k in 0..MAX_WATCHERS {
            let seat = watcher_seat(k).expect("within the cap");
            assert!(is_watcher(seat));
            assert_eq!(watcher_index(seat), Some(k));
        }
        assert_eq!(watcher_seat(MAX_WATCHERS), None);
        assert!(!is_watcher(Seat(WATCHER_BASE + MAX_WATCHERS as u8)));
    }

    #[test]
    fn a_peer_and_its_address_agree() {
        for s in 0..MAX_SEATS {
            let peer = Peer::Seat(Seat(s as u8));
            assert_eq!(Peer::from_address(peer.address()), peer);
            assert_eq!(peer.seat(), Some(Seat(s as u8)));
        }
        for w in WatcherId::all() {
            let peer = Peer::Watcher(w);
            assert!(is_watcher(peer.address()));
            assert_eq!(Peer::from_address(peer.address()), peer);
            assert_eq!(peer.seat(), None);
        }
        assert_eq!(WatcherId::all().count(), MAX_WATCHERS);
        assert_eq!(WatcherId::new(MAX_WATCHERS), None);
    }
}
