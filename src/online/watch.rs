//! Watchers (spectators) of an online table: who they are on the host's
//! side, and the limits that keep them from weighing on the match.
//!
//! A watcher comes by the watch link (a link of its own kind,
//! [`crate::online::signal::TableLink::watch_url`]), says
//! [`crate::online::GuestMessage::Watch`] and then gets what every player
//! may know of the table and nothing more: no hand, no dealt or drawn card,
//! no draw order. The host's session addresses each of its connections
//! as a [`Peer`], a seat's friend or a watcher, so the messages for
//! watchers travel in the same outbox as the players' and no code can
//! take one for the other. Only the wire numbers a watcher's place as a
//! seat past any table (`online::protocol`, as every build has since
//! watchers came): engine events redacted for such a seat
//! (`rules::seat_event::redact`) carry no card of any hand.

use crate::rules::Seat;
use std::fmt;

/// The most watchers a table takes at once: each costs the host one
/// connection and a copy of every update.
pub const MAX_WATCHERS: usize = 16;

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
/// no code can send a seat's hand to a watcher by mixing up numbers. On a
/// friend's page it is the page's own place at the table (its welcome
/// says which).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Peer {
    Seat(Seat),
    Watcher(WatcherId),
}

impl Peer {
    /// The seat, for a friend at the table.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Peer::Seat(seat) => Some(seat),
            Peer::Watcher(_) => None,
        }
    }

    /// The watcher, for one who came by the watch link.
    pub fn watcher(self) -> Option<WatcherId> {
        match self {
            Peer::Seat(_) => None,
            Peer::Watcher(w) => Some(w),
        }
    }

    /// Whether this is a watcher's place.
    pub fn is_watcher(self) -> bool {
        matches!(self, Peer::Watcher(_))
    }
}

impl From<Seat> for Peer {
    fn from(seat: Seat) -> Peer {
        Peer::Seat(seat)
    }
}

impl From<WatcherId> for Peer {
    fn from(w: WatcherId) -> Peer {
        Peer::Watcher(w)
    }
}

/// A seat's friend is that peer, and only that one (so an outbox reads
/// `to == Seat(1)`).
impl PartialEq<Seat> for Peer {
    fn eq(&self, seat: &Seat) -> bool {
        *self == Peer::Seat(*seat)
    }
}

/// A watcher is that peer, and only that one.
impl PartialEq<WatcherId> for Peer {
    fn eq(&self, w: &WatcherId) -> bool {
        *self == Peer::Watcher(*w)
    }
}

impl fmt::Display for Peer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Peer::Seat(seat) => seat.fmt(f),
            Peer::Watcher(w) => write!(f, "watcher {}", w.0),
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
    fn a_peer_is_a_seat_or_a_watcher() {
        for s in 0..MAX_SEATS {
            let peer = Peer::from(Seat(s as u8));
            assert_eq!(peer.seat(), Some(Seat(s as u8)));
            assert_eq!(peer.watcher(), None);
            assert!(peer == Seat(s as u8));
        }
        for w in WatcherId::all() {
            let peer = Peer::from(w);
            assert_eq!(peer.seat(), None);
            assert_eq!(peer.watcher(), Some(w));
            assert!(peer.is_watcher());
            assert!(peer != Seat(w.0));
        }
        assert_eq!(WatcherId::all().count(), MAX_WATCHERS);
        assert_eq!(WatcherId::new(MAX_WATCHERS), None);
    }
}
