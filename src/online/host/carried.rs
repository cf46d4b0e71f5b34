//! A seat's connection carried by the table's brokers until, or instead
//! of, a direct connection (issue 38), in the host's model.
//!
//! Every friend answered by the table link comes this way first: their
//! connection is listened for on the brokers under the offer id they were
//! seated by ([`HostEffect::ListenCarried`]), and their page sends its
//! frames there from the answer on, while the browsers make the direct
//! connection; the page opens each with the table's key and hands it over
//! ([`HostEvent::Carried`](super::HostEvent::Carried)). The first frame of
//! a connection still being made opens it, carried: from then on what the
//! table sends on it goes into its [`Stream`] (numbered, acknowledged, cut
//! under the brokers' limits, rate-limited) and out as
//! [`HostEffect::Carry`], and the stream's retries run on the table's
//! wake-ups. The match plays the same. The direct connection takes over
//! when it opens; if it does not within [`SEATING_MS`] of the first frame
//! (or the browser gives it up), the lobby says the seat comes *through a
//! relay* ([`HostTable::through_relay`]).

use super::lines::{Carried, CARRY_SILENT_MS, CARRY_TICK_MS, CARRY_WATCH_MS};
use super::table::{ConnId, HostEffect, HostTable};
use crate::online::friend::SEATING_MS;
use crate::online::signal::stream::Stream;
use crate::online::signal::OfferId;
use crate::online::watch::Peer;

impl HostTable {
    /// Whether the page says `peer`'s connection comes through a relay:
    /// the brokers carry it, and its direct connection was given up by the
    /// browser or did not open in time ([`Carried::overdue`]).
    pub fn through_relay(&self, peer: Peer) -> bool {
        self.conn(peer).is_some_and(|conn| {
            self.is_current(peer, conn)
                && self
                    .carried
                    .get(&conn)
                    .is_some_and(|c| c.stream.is_some() && (c.overdue || self.direct_lost(peer)))
        })
    }

    /// Whether any connection is carried by the brokers now (the page
    /// then stays on them, whoever else is seated).
    pub fn carries_any(&self) -> bool {
        self.carried.iter().any(|(&conn, c)| {
            c.stream.is_some()
                && self
                    .peer_of(conn)
                    .is_some_and(|peer| self.is_current(peer, conn))
        })
    }

    /// `seat`'s connection `conn` was answered for the offer `offer_id`:
    /// its frames are listened for on the brokers, which carry it until
    /// (or instead of) the direct connection.
    pub(super) fn may_carry(&mut self, conn: ConnId, offer_id: OfferId, fx: &mut Vec<HostEffect>) {
        self.carried.insert(
            conn,
            Carried {
                offer_id,
                stream: None,
                heard_ms: self.now_ms,
                since_ms: self.now_ms,
                overdue: false,
            },
        );
        fx.push(HostEffect::ListenCarried { conn, offer_id });
    }

    /// A frame for `conn` came through a broker, opened with the table's
    /// key, at `now_ms`.
    pub(super) fn carried_frame(
        &mut self,
        conn: ConnId,
        frame: &[u8],
        now_ms: u64,
        fx: &mut Vec<HostEffect>,
    ) {
        let Some(peer) = self.peer_of(conn).filter(|&p| self.is_current(p, conn)) else {
            return;
        };
        let mint = self.next_stream_id();
        let direct = self.line_open(peer);
        let Some(carried) = self.carried.get_mut(&conn) else {
            return;
        };
        let first = carried.stream.is_none();
        if first && direct {
            // The direct connection opened before the brokers brought the
            // friend's first frame: it carries the seat, and what the
            // friend sent the brokers' way comes again on it.
            fx.push(HostEffect::Note(format!(
                "{peer:?}: a carried frame after the direct connection opened, ignored"
            )));
            return;
        }
        if first {
            carried.since_ms = now_ms;
        }
        carried.heard_ms = now_ms;
        let stream = carried.stream.get_or_insert_with(|| Stream::new(mint));
        let messages = match stream.receive(frame) {
            Ok(messages) => messages,
            Err(why) => {
                fx.push(HostEffect::Note(format!(
                    "{peer:?}: the carried connection ends: {why}"
                )));
                self.carried.remove(&conn);
                fx.push(HostEffect::Close { conn });
                return;
            }
        };
        if first {
            fx.push(HostEffect::Note(format!(
                "{peer:?}: connection {} carried by the brokers",
                conn.0
            )));
            self.opened(peer, conn, fx);
        }
        for message in messages {
            self.received(peer, conn, &message, now_ms, fx);
        }
    }

    /// What goes on carried connections goes into their streams, and the
    /// frames due now go out; a wake-up is asked while a stream has any
    /// to send again.
    pub(super) fn carry_out(&mut self, fx: &mut Vec<HostEffect>) {
        if self.carried.values().all(|c| c.stream.is_none()) {
            return;
        }
        let mut out = Vec::with_capacity(fx.len());
        for effect in fx.drain(..) {
            match effect {
                HostEffect::Send { conn, bytes } => match self.carried.get_mut(&conn) {
                    Some(Carried {
                        stream: Some(stream),
                        ..
                    }) => {
                        if stream.send(&bytes).is_err() {
                            // Far too much waits: the connection ends.
                            self.carried.remove(&conn);
                            out.push(HostEffect::Close { conn });
                        }
                    }
                    _ => out.push(HostEffect::Send { conn, bytes }),
                },
                other => out.push(other),
            }
        }
        *fx = out;
        self.silent_closed(fx);
        self.carry_due(fx);
    }

    /// A carried friend silent for [`CARRY_SILENT_MS`] is gone, as a closed
    /// channel says.
    fn silent_closed(&mut self, fx: &mut Vec<HostEffect>) {
        let now = self.now_ms;
        let silent: Vec<ConnId> = self
            .carried
            .iter()
            .filter(|(_, c)| {
                c.stream.is_some() && now.saturating_sub(c.heard_ms) >= CARRY_SILENT_MS
            })
            .map(|(&conn, _)| conn)
            .collect();
        for conn in silent {
            self.carried.remove(&conn);
            let Some(peer) = self.peer_of(conn).filter(|&p| self.is_current(p, conn)) else {
                continue;
            };
            fx.push(HostEffect::Note(format!(
                "{peer}: nothing through the brokers for {CARRY_SILENT_MS} ms, gone"
            )));
            self.closed_conn(peer, conn, fx);
        }
    }

    /// The frames every carried stream has to send at the table's time,
    /// and the next wake-up while one has more.
    pub(super) fn carry_due(&mut self, fx: &mut Vec<HostEffect>) {
        let now = self.now_ms;
        let mut busy = false;
        let mut carrying = false;
        let mut overdue_at = None;
        for (&conn, carried) in &mut self.carried {
            let Some(stream) = carried.stream.as_mut() else {
                continue;
            };
            if !carried.overdue {
                let at = carried.since_ms.saturating_add(SEATING_MS);
                if now >= at {
                    // No direct connection opened in time: the lobby
                    // says this seat comes through a relay.
                    carried.overdue = true;
                    fx.push(HostEffect::Changed);
                } else {
                    overdue_at = Some(overdue_at.map_or(at, |s: u64| s.min(at)));
                }
            }
            let frames = stream.due(now);
            if !frames.is_empty() {
                fx.push(HostEffect::Carry {
                    conn,
                    offer_id: carried.offer_id,
                    frames,
                });
            }
            busy |= stream.wants_tick();
            carrying = true;
        }
        // Soon while frames wait to go again; now and then while any is
        // carried, to notice a friend gone silent.
        let due = now.saturating_add(if busy { CARRY_TICK_MS } else { CARRY_WATCH_MS });
        let due = overdue_at.map_or(due, |at| at.min(due));
        if carrying && self.carry_wake.is_none_or(|at| at > due || at < now) {
            self.carry_wake = Some(due);
            fx.push(HostEffect::WakeAt { at_ms: due });
        }
    }

    /// Whether the brokers carry `conn` now (a frame came on it).
    pub(super) fn carried_now(&self, conn: ConnId) -> bool {
        self.carried.get(&conn).is_some_and(|c| c.stream.is_some())
    }

    /// `conn`'s direct connection opened late, while the brokers carry it:
    /// it takes over, and the stream is dropped. The friend's page says
    /// its join again on it, and the table's answer to that (the table as
    /// it is) covers what was still on its way through the brokers.
    pub(super) fn direct_after_carried(
        &mut self,
        peer: Peer,
        conn: ConnId,
        fx: &mut Vec<HostEffect>,
    ) {
        if !self.is_current(peer, conn) {
            return;
        }
        self.carried.remove(&conn);
        fx.push(HostEffect::Note(format!(
            "{peer:?}: connection {} direct now, no longer carried",
            conn.0
        )));
        fx.push(HostEffect::Changed);
        // The relays were kept for the brokers' sake: left now, if every
        // friend is seated.
        self.listen(fx);
    }

    /// `conn` ends: what is said to it in `fx` goes into its stream, if
    /// the brokers carry it, and out once; then the stream is forgotten.
    pub(super) fn carry_last(&mut self, conn: ConnId, fx: &mut Vec<HostEffect>) {
        let Some(carried) = self.carried.remove(&conn) else {
            return;
        };
        let Some(mut stream) = carried.stream else {
            return;
        };
        fx.retain(|effect| match effect {
            HostEffect::Send { conn: c, bytes } if *c == conn => {
                // Far too much waiting: it ends without its last words.
                let _ = stream.send(bytes);
                false
            }
            _ => true,
        });
        let frames = stream.due(self.now_ms);
        if !frames.is_empty() {
            fx.push(HostEffect::Carry {
                conn,
                offer_id: carried.offer_id,
                frames,
            });
        }
    }

    /// A connection that ended forgets its stream.
    pub(super) fn forget_carried(&mut self, conn: ConnId) {
        self.carried.remove(&conn);
    }

    /// A new stream's id: another for each of the page's streams.
    fn next_stream_id(&mut self) -> u32 {
        self.stream_ids = self.stream_ids.wrapping_add(0x9E37_79B9);
        self.stream_ids
    }
}
