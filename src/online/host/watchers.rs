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
};
use crate::online::watch::{Peer, WatcherId, MAX_WATCHERS};
use crate::rules::{Seat, SeatSet};

impl HostSession {
    /// A place for someone who came by the watch link: the watcher to
    /// give their connection, whose first message must be
    /// [`GuestMessage::Watch`]. `None` when [`MAX_WATCHERS`] places are
    /// taken (the page turns them away). A transport that chooses the
    /// watchers itself need not call this: a watch from a free watcher
    /// opens its place.
    pub fn open_watcher(&mut self) -> Option<WatcherId> {
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
        WatcherId::new(k)
    }

    /// Opens `w`'s place if it is free.
    fn open_watcher_at(&mut self, w: WatcherId) {
        let k = w.index();
        if self.watchers.len() <= k {
            self.watchers.resize(k + 1, None);
        }
        if let Some(slot @ None) = self.watchers.get_mut(k) {
            *slot = Some(Link::new());
        }
    }

    /// The watchers who said [`GuestMessage::Watch`] and are still there.
    pub fn watching(&self) -> impl Iterator<Item = WatcherId> + '_ {
        self.watchers
            .iter()
            .enumerate()
            .filter(|(_, w)| {
                w.as_ref()
                    .is_some_and(|l| l.connection == Connection::Connected)
            })
            .filter_map(|(k, _)| WatcherId::new(k))
    }

    /// How many watch the table now (the host's "2 watching").
    pub fn watcher_count(&self) -> usize {
        self.watching().count()
    }

    /// The transport lost a watcher's connection (or never opened it): its
    /// place is free again. Nobody else is told: players do not follow who
    /// watches.
    pub fn watcher_left(&mut self, w: WatcherId) {
        if let Some(slot) = self.watchers.get_mut(w.index()) {
            *slot = None;
        }
    }

    /// The host stopped sharing the watch link: every watcher is told
    /// ([`HostMessage::SharingStopped`]) and its connection closed, and
    /// every place is free. The page stops admitting anyone by the old link.
    pub fn stop_watchers(&mut self) -> Outbox {
        let mut out = Outbox::new();
        for (k, slot) in self.watchers.iter_mut().enumerate() {
            let (Some(link), Some(w)) = (slot.take(), WatcherId::new(k)) else {
                continue;
            };
            let to = Peer::Watcher(w);
            if link.connection == Connection::Connected {
                out.push((to, Outgoing::Message(HostMessage::SharingStopped)));
            }
            out.push((to, Outgoing::Close));
        }
        out
    }

    /// What a watcher may know now: the table as every player sees it,
    /// with no hand (the view's place is the watcher's own, outside the
    /// table), and the match's log redacted for a seat that was dealt
    /// nothing and draws nothing.
    pub(super) fn watcher_resume(&self, w: WatcherId) -> Outgoing {
        let n = self.game.seat_count();
        let mut log = redact(self.game.log(), Seat::OUTSIDE, n, SeatSet::first(n));
        log.drain(..log.len().saturating_sub(MAX_LOG));
        let view = self.game.view(Seat(0));
        Outgoing::Message(HostMessage::Sync(Sync::for_watcher(
            w,
            self.ply(),
            view,
            log,
        )))
    }

    /// One message from the watcher `w`, as untrusted as a guest's:
    /// [`GuestMessage::Watch`] first, then pings and resyncs within the
    /// guests' limits; a join or an action is refused
    /// ([`Refusal::OtherLink`]) and counts as bad, and a burst of bad
    /// messages closes the connection and frees the place.
    pub(super) fn handle_watcher(
        &mut self,
        w: WatcherId,
        message: Result<GuestMessage, ProtocolError>,
        now_ms: Option<u64>,
    ) -> Handled {
        let ply = self.ply();
        let from = Peer::Watcher(w);
        // The page's watch door gives each connection its watcher (it
        // knows which are free); the place opens with the first watch.
        if matches!(message, Ok(GuestMessage::Watch { .. })) {
            self.open_watcher_at(w);
        }
        let Some(Some(link)) = self.watchers.get_mut(w.index()) else {
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
                    return self.watcher_answer(w, Outgoing::Message(pong));
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
                    Outgoing::Message(HostMessage::Welcome(self.welcome(from))),
                ),
                (from, self.watcher_resume(w)),
            ],
            Ok(false) => vec![(from, self.watcher_resume(w))],
            Err(refusal) => vec![(from, self.refused(refusal))],
        };
        if closing {
            out.push((from, self.refused(Refusal::Closing)));
            out.push((from, Outgoing::Close));
            self.watcher_left(w);
        }
        Handled {
            out,
            accepted: None,
            reacted: None,
        }
    }

    /// A good message answered: it counts as good.
    fn watcher_answer(&mut self, w: WatcherId, answer: Outgoing) -> Handled {
        if let Some(Some(link)) = self.watchers.get_mut(w.index()) {
            link.count(false);
        }
        Handled {
            out: vec![(Peer::Watcher(w), answer)],
            accepted: None,
            reacted: None,
        }
    }
}
