//! The host session's watchers (`crate::online::watch`): who may come by
//! the watch link, what they are sent, and what they may send.
//!
//! A watcher is kept as a guest's [`Link`] is (its connection, name and
//! counters), in its own list: it never holds a seat, never acts, and what
//! it is sent is what a seat outside the table may know, so no card of any
//! hand and no draw order. It is told of every action and every new match
//! through [`HostSession::connected`], with the players.

use super::link::Link;
use super::{
    Handled, HostSession, Outbox, Outgoing, PINGS_IN_WINDOW, PING_WINDOW_MS, RESYNCS_IN_WINDOW,
    RESYNC_WINDOW_MS,
};
use crate::online::guest::MAX_LOG;
use crate::online::protocol::{
    clean_name, redact, Connection, GuestMessage, HostMessage, ProtocolError, Refusal, Sync,
    Welcome, PROTOCOL_VERSION,
};
use crate::online::watch::{watcher_index, watcher_seat, MAX_WATCHERS};
use crate::rules::{Seat, SeatSet};

impl HostSession {
    /// A place for someone who came by the watch link: the address to give
    /// their connection, whose first message must be
    /// [`GuestMessage::Watch`]. `None` when [`MAX_WATCHERS`] places are
    /// taken (the page turns them away). A transport that chooses the
    /// addresses itself need not call this: a watch from a free watcher's
    /// address opens its place.
    pub fn open_watcher(&mut self) -> Option<Seat> {
        let k = match self.watchers.iter().position(Option::is_none) {
            Some(k) => k,
            None if self.watchers.len() < MAX_WATCHERS => {
                self.watchers.push(None);
                self.watchers.len() - 1
            }
            None => return None,
        };
        let slot = self.watchers.get_mut(k)?;
        *slot = Some(Link::new());
        watcher_seat(k)
    }

    /// Opens watcher `k`'s place if it is free (`k` below [`MAX_WATCHERS`]).
    fn open_watcher_at(&mut self, k: usize) {
        if k >= MAX_WATCHERS {
            return;
        }
        if self.watchers.len() <= k {
            self.watchers.resize(k + 1, None);
        }
        if let Some(slot @ None) = self.watchers.get_mut(k) {
            *slot = Some(Link::new());
        }
    }

    /// The watchers who said [`GuestMessage::Watch`] and are still there.
    pub fn watching(&self) -> impl Iterator<Item = Seat> + '_ {
        self.watchers
            .iter()
            .enumerate()
            .filter(|(_, w)| {
                w.as_ref()
                    .is_some_and(|l| l.connection == Connection::Connected)
            })
            .filter_map(|(k, _)| watcher_seat(k))
    }

    /// How many watch the table now (the host's "2 watching").
    pub fn watcher_count(&self) -> usize {
        self.watching().count()
    }

    /// The transport lost a watcher's connection (or never opened it): its
    /// place is free again. Nobody else is told: players do not follow who
    /// watches.
    pub fn watcher_left(&mut self, seat: Seat) {
        if let Some(slot) = watcher_index(seat).and_then(|k| self.watchers.get_mut(k)) {
            *slot = None;
        }
    }

    /// The host stopped sharing the watch link: every watcher is told
    /// ([`HostMessage::SharingStopped`]) and its connection closed, and
    /// every place is free. The page stops admitting anyone by the old link.
    pub fn stop_watchers(&mut self) -> Outbox {
        let mut out = Outbox::new();
        for (k, slot) in self.watchers.iter_mut().enumerate() {
            let (Some(link), Some(seat)) = (slot.take(), watcher_seat(k)) else {
                continue;
            };
            if link.connection == Connection::Connected {
                out.push((seat, Outgoing::Message(HostMessage::SharingStopped)));
            }
            out.push((seat, Outgoing::Close));
        }
        out
    }

    /// What a watcher may know now: the table as every player sees it,
    /// with no hand (the view's seat is the watcher's own, outside the
    /// table), and the match's log redacted for a seat that was dealt
    /// nothing and draws nothing.
    pub(super) fn watcher_resume(&self, seat: Seat) -> Outgoing {
        let n = self.game.seat_count();
        let mut view = self.game.view(Seat(0));
        view.seat = seat;
        view.hand.clear();
        let mut log = redact(self.game.log(), seat, n, SeatSet::first(n));
        log.drain(..log.len().saturating_sub(MAX_LOG));
        Outgoing::Message(HostMessage::Sync(Sync {
            ply: self.ply(),
            view,
            log,
        }))
    }

    /// One message from the watcher at `from`, as untrusted as a guest's:
    /// [`GuestMessage::Watch`] first, then pings and resyncs within the
    /// guests' limits; a join or an action is refused
    /// ([`Refusal::OtherLink`]) and counts as bad, and a burst of bad
    /// messages closes the connection and frees the place.
    pub(super) fn handle_watcher(
        &mut self,
        from: Seat,
        message: Result<GuestMessage, ProtocolError>,
        now_ms: Option<u64>,
    ) -> Handled {
        let ply = self.ply();
        let Some(k) = watcher_index(from) else {
            return Handled::default();
        };
        // The page's watch door gives each connection its address (it
        // knows which are free); the place opens with the first watch.
        if matches!(message, Ok(GuestMessage::Watch { .. })) {
            self.open_watcher_at(k);
        }
        let Some(Some(link)) = self.watchers.get_mut(k) else {
            return Handled::default();
        };
        let joined = link.connection == Connection::Connected;
        let result = match message.map_err(Refusal::from) {
            Err(refusal) => Err(refusal),
            Ok(GuestMessage::Watch { .. }) if joined => Err(Refusal::AlreadyJoined),
            Ok(GuestMessage::Watch { name }) => {
                link.connection = Connection::Connected;
                let name = clean_name(&name);
                link.name = (!name.is_empty()).then_some(name);
                Ok(true)
            }
            // A watcher plays no part: no seat, no move, no share of the
            // deal, no reaction.
            Ok(
                GuestMessage::Join { .. }
                | GuestMessage::Act { .. }
                | GuestMessage::Contribute { .. }
                | GuestMessage::React { .. },
            ) => Err(Refusal::OtherLink),
            Ok(GuestMessage::Back) => Err(Refusal::OtherLink),
            Ok(_) if !joined => Err(Refusal::NotJoined),
            Ok(GuestMessage::Ping { nonce }) => match now_ms {
                Some(now) if !link.pings.allow(now, PINGS_IN_WINDOW, PING_WINDOW_MS) => {
                    Err(Refusal::TooFrequent {
                        limit: PINGS_IN_WINDOW,
                        window_ms: PING_WINDOW_MS,
                    })
                }
                _ => {
                    let pong = HostMessage::Pong { nonce, ply };
                    return self.watcher_answer(from, Outgoing::Message(pong));
                }
            },
            Ok(GuestMessage::Resync) => match now_ms {
                Some(now) if !link.resyncs.allow(now, RESYNCS_IN_WINDOW, RESYNC_WINDOW_MS) => {
                    Err(Refusal::TooFrequent {
                        limit: RESYNCS_IN_WINDOW,
                        window_ms: RESYNC_WINDOW_MS,
                    })
                }
                _ => Ok(false),
            },
        };
        let closing = match &result {
            Err(refusal) if !refusal.counts_as_bad() => {
                if link.race(ply) {
                    link.count(true)
                } else {
                    link.over_limit()
                }
            }
            _ => link.count(result.is_err()),
        };
        let mut out = match result {
            Ok(true) => vec![
                (
                    from,
                    Outgoing::Message(HostMessage::Welcome(self.watcher_welcome(from))),
                ),
                (from, self.watcher_resume(from)),
            ],
            Ok(false) => vec![(from, self.watcher_resume(from))],
            Err(refusal) => vec![(from, self.refused(refusal))],
        };
        if closing {
            out.push((from, self.refused(Refusal::Closing)));
            out.push((from, Outgoing::Close));
            self.watcher_left(from);
        }
        Handled {
            out,
            accepted: None,
            reacted: None,
        }
    }

    /// A good message answered: it counts as good.
    fn watcher_answer(&mut self, from: Seat, answer: Outgoing) -> Handled {
        if let Some(Some(link)) = watcher_index(from).and_then(|k| self.watchers.get_mut(k)) {
            link.count(false);
        }
        Handled {
            out: vec![(from, answer)],
            accepted: None,
            reacted: None,
        }
    }

    /// The table a watcher joined: its own address as its seat (outside
    /// the table: it holds none), the rules and who sits where.
    fn watcher_welcome(&self, seat: Seat) -> Welcome {
        Welcome {
            version: PROTOCOL_VERSION,
            seat,
            rules: *self.game.rules(),
            seats: self.game.seats().filter_map(|s| self.presence(s)).collect(),
        }
    }
}
