//! The host's online table as one pure state machine: [`HostTable`].
//!
//! The host's page is an executor of this model: it turns what the
//! browser reports (a connection opened, a message, a timer) into a
//! [`HostEvent`], hands it to [`HostTable::update`], and carries out the
//! [`HostEffect`]s that come back (send these bytes on that connection,
//! close one, wake me at, keep this in the tab, start the game). Every
//! decision about who may say what, and when, is taken here, where it is
//! tested natively (`tests/host_model.rs`). The events and effects are
//! `io.rs`'s.
//!
//! The table's mode is one [`Mode`]: the lobby (the table holds the
//! session), the first deal gathering the friends' contributions, the
//! match (the game's state holds the session; the table carries what the
//! friends say to it as [`LinkEvent`]s), the next deal, closed.
//!
//! Connections are numbered ([`ConnId`]) and each belongs to one [`Peer`]:
//! a seat's friend or a watcher. A connection replaced by a newer one of
//! the same peer is stale: whatever it reports is ignored, and nothing is
//! sent on it.

use super::doors::Doors;
pub use super::io::{HostEffect, HostEvent, InviteLink, LinkEvent, Mode};
use super::lines::Carried;
use super::{Begun, DealBook, DealNote, HeldMessages, HostSession, Outbox, Outgoing};
use crate::online::fair::{Contribution, Secret};
use crate::online::protocol::{Connection, GuestMessage, HostMessage, Presence, ProtocolError};
use crate::online::signal::KeyMint;
use crate::online::turn_limit::TurnLimit;
pub use crate::online::watch::ConnId;
use crate::online::watch::{Peer, WatcherId};
use crate::rules::{Match, Played, Seat, SeatMap};
use std::collections::BTreeMap;

/// How long a connection answered by the table link may stay unopened
/// before the lobby says no direct connection could be made (issue 38:
/// a network that blocks it, with no TURN server set).
pub const NO_PATH_MS: u64 = 20_000;

/// One connection of the host's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Conn {
    id: ConnId,
    line: Line,
    /// When the table link's answer went, if it came that way.
    answered_at_ms: Option<u64>,
    /// Answered [`NO_PATH_MS`] ago and still not open.
    no_path: bool,
    /// Its direct connection closed before it opened: only the brokers
    /// may open it now.
    direct_lost: bool,
}

impl Conn {
    fn new(id: ConnId) -> Conn {
        Conn {
            id,
            line: Line::Waiting,
            answered_at_ms: None,
            no_path: false,
            direct_lost: false,
        }
    }
}

/// Where a connection stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Line {
    /// Being made (an offer or an answer), not open yet.
    Waiting,
    Open,
    Closed,
}

/// The host's online table.
#[derive(Clone, Debug)]
pub struct HostTable {
    mode: Mode,
    /// The session, until the match starts and the game takes it.
    pub(super) session: Option<HostSession>,
    pub(super) guests: Vec<Seat>,
    conns: BTreeMap<Peer, Conn>,
    pub(super) invites: SeatMap<InviteLink>,
    /// Who comes in by the table link and the watch link (`doors.rs`).
    pub(super) doors: Doors,
    /// The connections the brokers may carry (`carried.rs`).
    pub(super) carried: BTreeMap<ConnId, Carried>,
    /// When the carried streams' wake-up is due, if one was asked.
    pub(super) carry_wake: Option<u64>,
    /// The latest time an event told (the page's clock).
    pub(super) now_ms: u64,
    pub(super) stream_ids: u32,
    /// What friends send before the start, capped per seat (a Join is all
    /// an honest friend sends; a seat over its cap is disconnected).
    held: HeldMessages,
    next_conn: u32,
    deals: DealBook,
    turn_limit: TurnLimit,
    /// The lobby is of a saved match (the host's page reloaded).
    resumed: bool,
}

impl HostTable {
    /// The table of `session`, with the deals its tab kept.
    pub fn new(session: HostSession, deals: DealBook) -> HostTable {
        HostTable {
            mode: Mode::Lobby,
            guests: session.guest_seats().collect(),
            session: Some(session),
            conns: BTreeMap::new(),
            invites: SeatMap::new(),
            doors: Doors::default(),
            carried: BTreeMap::new(),
            carry_wake: None,
            now_ms: 0,
            stream_ids: 0,
            held: HeldMessages::new(),
            next_conn: 1,
            deals,
            turn_limit: TurnLimit::Off,
            resumed: false,
        }
    }

    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The session, in the lobby (the game holds it once started).
    pub fn session(&self) -> Option<&HostSession> {
        self.session.as_ref()
    }

    /// Whether the match started (the game holds the session).
    pub fn started(&self) -> bool {
        matches!(self.mode, Mode::Playing | Mode::Redealing { .. })
    }

    pub fn closed(&self) -> bool {
        self.mode == Mode::Closed
    }

    /// The friends' seats, in seat order.
    pub fn guest_seats(&self) -> &[Seat] {
        &self.guests
    }

    pub fn turn_limit(&self) -> TurnLimit {
        self.turn_limit
    }

    pub fn set_turn_limit(&mut self, limit: TurnLimit) {
        self.turn_limit = limit;
    }

    pub fn resumed(&self) -> bool {
        self.resumed
    }

    pub fn set_resumed(&mut self, resumed: bool) {
        self.resumed = resumed;
    }

    /// `seat`'s invitation.
    pub fn invite_link(&self, seat: Seat) -> InviteLink {
        self.invites
            .get(seat)
            .cloned()
            .unwrap_or(InviteLink::Preparing)
    }

    /// The deals of the table.
    pub fn deals(&self) -> &DealBook {
        &self.deals
    }

    /// What the host's page shows of the deal now, if anything.
    pub fn deal_note(&self) -> Option<DealNote> {
        self.deals.note()
    }

    /// Whether `conn` is `peer`'s latest connection, not closed: what it
    /// reports counts, and what is sent to `peer` goes on it.
    pub fn is_current(&self, peer: Peer, conn: ConnId) -> bool {
        self.conns
            .get(&peer)
            .is_some_and(|c| c.id == conn && c.line != Line::Closed)
    }

    /// Whether `peer`'s latest direct connection closed before it opened.
    pub(super) fn direct_lost(&self, peer: Peer) -> bool {
        self.conns.get(&peer).is_some_and(|c| c.direct_lost)
    }

    /// Whether `peer`'s latest connection is open.
    pub(super) fn line_open(&self, peer: Peer) -> bool {
        self.conns.get(&peer).is_some_and(|c| c.line == Line::Open)
    }

    /// `peer`'s latest connection (open, being made or closed).
    pub fn conn(&self, peer: Peer) -> Option<ConnId> {
        Some(self.conns.get(&peer)?.id)
    }

    /// Whether `conn` is `peer`'s latest connection (open, being made or
    /// closed): a connection prepared for an older one is closed when it
    /// is ready.
    pub fn is_latest(&self, peer: Peer, conn: ConnId) -> bool {
        self.conns.get(&peer).is_some_and(|c| c.id == conn)
    }

    /// Whether `seat`'s connection is open (`Some(false)`: it was and
    /// closed; `None`: none opened since the latest invitation).
    pub fn open(&self, seat: Seat) -> Option<bool> {
        match self.conns.get(&Peer::Seat(seat))?.line {
            Line::Waiting => None,
            Line::Open => Some(true),
            Line::Closed => Some(false),
        }
    }

    /// How `seat`'s friend stands, with `presence` as the session says,
    /// and this table's connection to them ([`Connection::in_lobby`]).
    pub fn status_with(&self, seat: Seat, presence: Option<Presence>) -> Connection {
        Connection::in_lobby(
            presence.and_then(|p| p.connection),
            self.open(seat),
            self.held.holds(seat),
            self.started(),
        )
    }

    /// Every peer whose connection is open now.
    pub fn open_peers(&self) -> impl Iterator<Item = Peer> + '_ {
        self.conns
            .iter()
            .filter(|(_, c)| c.line == Line::Open)
            .map(|(&p, _)| p)
    }

    /// The friends' seats whose connection is open now (watchers not).
    pub fn open_seats(&self) -> Vec<Seat> {
        self.open_peers().filter_map(Peer::seat).collect()
    }

    /// How many watch now (their connections open).
    pub fn watcher_count(&self) -> usize {
        self.open_peers()
            .filter(|p| matches!(p, Peer::Watcher(_)))
            .count()
    }

    /// Whether the match can start: every friend connected, or a bot
    /// plays their seat.
    pub fn ready(&self) -> bool {
        self.guests.iter().all(|&s| {
            let presence = self.session.as_ref().and_then(|x| x.presence(s));
            presence.as_ref().is_some_and(|p| p.bot_playing)
                || self.status_with(s, presence) == Connection::Connected
        })
    }

    /// Whether `seat`'s friend was answered by the table link and their
    /// connection never opened: [`NO_PATH_MS`] went by, or it closed
    /// unopened (ICE failed). No direct path between the two browsers:
    /// the lobby says why, and what helps.
    pub fn no_direct_path(&self, seat: Seat) -> bool {
        self.conns
            .get(&Peer::Seat(seat))
            .is_some_and(|c| c.no_path && c.line != Line::Open)
    }

    /// Whether every friend's seat is connected (the table link's door
    /// then stops listening).
    pub fn all_seated(&self) -> bool {
        self.guests.iter().all(|&s| self.open(s) == Some(true))
    }

    /// The one change to the table: `event`, and what the page must do.
    pub fn update(&mut self, event: HostEvent) -> Vec<HostEffect> {
        let mut fx = Vec::new();
        if self.closed() {
            return fx;
        }
        if let Some(now_ms) = event.now_ms() {
            self.now_ms = self.now_ms.max(now_ms);
        }
        self.apply(event, &mut fx);
        self.carry_out(&mut fx);
        fx
    }

    fn apply(&mut self, event: HostEvent, fx: &mut Vec<HostEffect>) {
        match event {
            HostEvent::Invite(seat) => self.invite(seat, fx),
            HostEvent::Offered { seat, conn, link } => {
                if !self.is_latest(Peer::Seat(seat), conn) {
                    fx.push(HostEffect::Close { conn });
                    return;
                }
                let state = match link {
                    Some(link) => InviteLink::Ready(link),
                    None => InviteLink::Failed,
                };
                self.invites.insert(seat, state);
                fx.push(HostEffect::Changed);
            }
            HostEvent::TableDoorOpened { kept, keys } => {
                self.open_table_door(kept, KeyMint::new(keys), fx)
            }
            HostEvent::OfferHeard {
                link,
                route,
                offer,
                wall_ms,
            } => self.offer_heard(link, route, offer, wall_ms, fx),
            HostEvent::AnswerMade {
                peer,
                conn,
                route,
                offer,
                answer,
                now_ms,
            } => self.answer_made(peer, conn, (route, offer), answer, now_ms, fx),
            HostEvent::AnswerFailed { peer, conn } => self.answer_failed(peer, conn),
            HostEvent::Lock(locked) => self.lock(locked, fx),
            HostEvent::Allow { id, point, wall_ms } => self.allow(id, point, wall_ms, fx),
            HostEvent::Refuse(id) => self.refuse(id, fx),
            HostEvent::ReplyFailed(seat) => {
                self.invites.insert(seat, InviteLink::Failed);
                fx.push(HostEffect::Changed);
            }
            HostEvent::Opened { peer, conn } => {
                // A direct connection that closed does not open again.
                let lost = self
                    .conns
                    .get(&peer)
                    .is_some_and(|c| c.id == conn && c.direct_lost);
                if !lost && self.carried_now(conn) {
                    // Opened late, while the brokers carry it.
                    self.direct_after_carried(peer, conn, fx);
                } else if !lost {
                    self.opened(peer, conn, fx);
                }
            }
            HostEvent::Closed { peer, conn } => self.closed_conn(peer, conn, fx),
            HostEvent::Received {
                peer,
                conn,
                bytes,
                now_ms,
            } => {
                if self.carried_now(conn) {
                    // A carried connection hears its friend through the
                    // brokers only, until its direct one opens.
                    fx.push(HostEffect::Note(format!(
                        "{peer:?}: a direct message on a carried connection ignored"
                    )));
                } else {
                    self.received(peer, conn, &bytes, now_ms, fx);
                }
            }
            HostEvent::Start {
                now_ms,
                secret,
                fixed,
            } => self.start(now_ms, secret, fixed, fx),
            HostEvent::DealNext {
                now_ms,
                secret,
                seed,
            } => self.deal_next(now_ms, secret, seed, fx),
            HostEvent::Tick { now_ms } => {
                self.no_path_yet(now_ms, fx);
                self.deal_if_ready(now_ms, fx);
                if self.carry_wake.is_some_and(|at| at <= now_ms) {
                    self.carry_wake = None;
                }
            }
            HostEvent::BotTakes(seat) => {
                let out = self.session.as_mut().map(|s| s.bot_takes(seat));
                self.send(out.unwrap_or_default(), fx);
                fx.push(HostEffect::Changed);
            }
            HostEvent::GiveBack(seat) => {
                let out = self.session.as_mut().map(|s| s.give_back(seat));
                self.send(out.unwrap_or_default(), fx);
                fx.push(HostEffect::Changed);
            }
            HostEvent::Send { out, .. } => self.send(out, fx),
            HostEvent::Carried {
                conn,
                frame,
                now_ms,
            } => self.carried_frame(conn, &frame, now_ms, fx),
            HostEvent::StopWatchers => {
                self.share_watch(false);
                self.stop_watchers(fx);
            }
            HostEvent::ShareWatch => {
                self.share_watch(true);
                fx.push(HostEffect::Changed);
            }
            HostEvent::Close => {
                self.mode = Mode::Closed;
                self.deals = DealBook::default();
                fx.push(HostEffect::KeepDeal(None));
                self.carried.clear();
                for conn in std::mem::take(&mut self.conns).into_values() {
                    if conn.line != Line::Closed {
                        fx.push(HostEffect::Close { conn: conn.id });
                    }
                }
            }
        }
    }

    /// Whether `peer`'s connection `conn` was answered by the table link,
    /// never opened, and may still come through the brokers.
    fn unopened_may_carry(&self, peer: Peer, conn: ConnId) -> bool {
        self.carried.contains_key(&conn)
            && self
                .conns
                .get(&peer)
                .is_some_and(|c| c.line == Line::Waiting && c.answered_at_ms.is_some())
    }

    /// `conn`'s peer, if it is a peer's latest connection.
    pub(super) fn peer_of(&self, conn: ConnId) -> Option<Peer> {
        self.conns
            .iter()
            .find(|(_, c)| c.id == conn)
            .map(|(&peer, _)| peer)
    }

    /// A new connection for `peer` (an invitation, a friend or a watcher
    /// who came by a link): the peer's old connection is closed, and what
    /// it held forgotten. `None` once the table is closed.
    pub fn connect(&mut self, peer: Peer, fx: &mut Vec<HostEffect>) -> Option<ConnId> {
        if self.closed() {
            return None;
        }
        let id = ConnId(self.next_conn);
        self.next_conn = self.next_conn.saturating_add(1);
        let old = self.conns.insert(peer, Conn::new(id));
        if let Some(old) = old {
            // What was said to it (that it is replaced) goes the way it
            // went: through the brokers, if they carry it.
            self.carry_last(old.id, fx);
            if old.line != Line::Closed {
                fx.push(HostEffect::Close { conn: old.id });
            }
        }
        if let Peer::Seat(seat) = peer {
            self.held.forget(seat);
            self.for_session(|s| s.invite_again(seat), LinkEvent::Invited(seat), fx);
        }
        Some(id)
    }

    /// A watcher came by the watch link: a new connection at a free
    /// watcher's place, or `None` when every place is taken.
    pub fn seat_watcher(&mut self) -> Option<(WatcherId, ConnId)> {
        let free = WatcherId::all().find(|&w| !self.conns.contains_key(&Peer::Watcher(w)))?;
        let mut fx = Vec::new();
        let conn = self.connect(Peer::Watcher(free), &mut fx)?;
        Some((free, conn))
    }

    /// A connection being made came to nothing (no answer could be made):
    /// a watcher's place is free again.
    pub fn not_made(&mut self, peer: Peer, conn: ConnId) {
        if matches!(peer, Peer::Watcher(_)) && self.is_latest(peer, conn) {
            self.conns.remove(&peer);
        }
    }

    /// `seat`'s friend, who came by the table link, was answered on
    /// `conn` at `now_ms`: if it does not open in [`NO_PATH_MS`], the
    /// lobby says no direct connection could be made.
    pub(super) fn answered(
        &mut self,
        seat: Seat,
        conn: ConnId,
        now_ms: u64,
        fx: &mut Vec<HostEffect>,
    ) {
        if !self.is_latest(Peer::Seat(seat), conn) {
            return;
        }
        self.invites.insert(seat, InviteLink::ByTableLink);
        if let Some(c) = self.conns.get_mut(&Peer::Seat(seat)) {
            c.answered_at_ms = Some(now_ms);
        }
        fx.push(HostEffect::WakeAt {
            at_ms: now_ms.saturating_add(NO_PATH_MS),
        });
        fx.push(HostEffect::Changed);
    }

    fn invite(&mut self, seat: Seat, fx: &mut Vec<HostEffect>) {
        if !self.guests.contains(&seat) {
            return;
        }
        let Some(conn) = self.connect(Peer::Seat(seat), fx) else {
            return;
        };
        fx.push(HostEffect::Note(format!(
            "seat {}: invitation {}",
            seat.0, conn.0
        )));
        self.invites.insert(seat, InviteLink::Preparing);
        fx.push(HostEffect::Offer { seat, conn });
        fx.push(HostEffect::Changed);
    }

    pub(super) fn opened(&mut self, peer: Peer, conn: ConnId, fx: &mut Vec<HostEffect>) {
        if !self.is_current(peer, conn) {
            return;
        }
        if let Some(c) = self.conns.get_mut(&peer) {
            c.line = Line::Open;
            c.no_path = false;
        }
        fx.push(HostEffect::Note(format!(
            "{peer:?}: connection {} open",
            conn.0
        )));
        if let Peer::Seat(seat) = peer {
            self.door_follows(seat, true, fx);
        }
        fx.push(HostEffect::Changed);
    }

    pub(super) fn closed_conn(&mut self, peer: Peer, conn: ConnId, fx: &mut Vec<HostEffect>) {
        if !self.is_current(peer, conn) {
            return;
        }
        fx.push(HostEffect::Note(format!(
            "{peer:?}: connection {} closed",
            conn.0
        )));
        match peer {
            Peer::Seat(_) if self.carried_now(conn) => {
                // The direct connection, never opened, given up by the
                // browser while the brokers carry the seat: it stays
                // carried.
                if let Some(c) = self.conns.get_mut(&peer) {
                    c.direct_lost = true;
                }
            }
            Peer::Seat(_) if self.unopened_may_carry(peer, conn) => {
                // Answered by the table link and closed before it ever
                // opened: the browsers found no path to each other. The
                // friend may come through the brokers on it yet.
                if let Some(c) = self.conns.get_mut(&peer) {
                    c.no_path = true;
                    c.direct_lost = true;
                }
            }
            Peer::Seat(seat) => {
                if let Some(c) = self.conns.get_mut(&peer) {
                    c.line = Line::Closed;
                }
                self.forget_carried(conn);
                self.door_follows(seat, false, fx);
                self.for_session(|s| s.disconnect(seat), LinkEvent::Closed(peer), fx);
            }
            Peer::Watcher(_) => self.forget_watcher(peer, fx),
        }
        fx.push(HostEffect::Changed);
    }

    /// A watcher's connection is gone: their place is free, and the
    /// session (the table's or the game's) forgets them.
    fn forget_watcher(&mut self, peer: Peer, fx: &mut Vec<HostEffect>) {
        self.conns.remove(&peer);
        self.for_session(|s| s.disconnect(peer), LinkEvent::Closed(peer), fx);
    }

    pub(super) fn received(
        &mut self,
        peer: Peer,
        conn: ConnId,
        bytes: &[u8],
        now_ms: u64,
        fx: &mut Vec<HostEffect>,
    ) {
        if !self.is_current(peer, conn) {
            fx.push(HostEffect::Note(format!(
                "{peer:?}: a message from a replaced connection ignored"
            )));
            return;
        }
        let read = GuestMessage::decode(bytes);
        let seat = match peer {
            Peer::Watcher(_) => {
                // A watcher holds no seat: nothing of theirs waits for the
                // start. Their messages go to the session at once.
                let watch = matches!(read, Ok(GuestMessage::Watch { .. }));
                self.session_reads(peer, read, now_ms, fx);
                if watch {
                    // One who comes after the end checks the deal too.
                    self.reveal_again(peer, fx);
                }
                return;
            }
            Peer::Seat(seat) => seat,
        };
        let join = matches!(read, Ok(GuestMessage::Join { .. }));
        if join {
            // A join shows the channel carries messages both ways (one
            // sent as it opened is sometimes lost): the seat's key now.
            self.send_seat_key(seat, fx);
        }
        if let Ok(GuestMessage::Contribute {
            number,
            contribution,
        }) = read
        {
            // A share of the deal is the table's, before the start and
            // after it: the session never sees it.
            self.contributed(seat, number, contribution, now_ms, fx);
        } else if self.started() {
            self.session_reads(peer, read, now_ms, fx);
            if join {
                self.reveal_again(peer, fx);
            }
        } else if !join {
            // Before the start only a join means anything: a move read at
            // the start would reach the session before the game listens.
        } else if self.held.holds(seat) {
            // The join said again (a friend's page repeats it until the
            // table comes): the first one held is the one.
        } else if self
            .held
            .push(seat, String::from_utf8_lossy(bytes).into_owned())
            .is_err()
        {
            // A flood before the start: that friend is dropped.
            self.held.forget(seat);
            if let Some(c) = self.conns.get_mut(&peer) {
                c.line = Line::Closed;
                fx.push(HostEffect::Close { conn: c.id });
            }
            fx.push(HostEffect::Changed);
        } else {
            // The friend said who they are: the lobby shows them
            // connected, by the name they gave.
            if let (Ok(GuestMessage::Join { name }), Some(session)) = (&read, self.session.as_mut())
            {
                session.named(seat, name);
            }
            fx.push(HostEffect::Changed);
        }
    }

    /// A message for the session: the table's, in the lobby; the game's,
    /// once it holds it.
    fn session_reads(
        &mut self,
        peer: Peer,
        read: Result<GuestMessage, ProtocolError>,
        now_ms: u64,
        fx: &mut Vec<HostEffect>,
    ) {
        let message = read.clone();
        self.for_session(
            move |s| s.receive_read(peer, read, now_ms).out,
            LinkEvent::Message {
                peer,
                message,
                now_ms,
            },
            fx,
        );
        fx.push(HostEffect::Changed);
    }

    /// In the lobby, `change` to the table's session and what it says is
    /// sent; once the game holds the session, `event` goes to the game.
    pub(super) fn for_session(
        &mut self,
        change: impl FnOnce(&mut HostSession) -> Outbox,
        event: LinkEvent,
        fx: &mut Vec<HostEffect>,
    ) {
        match self.session.as_mut().map(change) {
            Some(out) => self.send(out, fx),
            None => fx.push(HostEffect::Game(event)),
        }
    }

    /// What a session says, to its peers' current connections, in order.
    pub(super) fn send(&mut self, out: Outbox, fx: &mut Vec<HostEffect>) {
        for (peer, outgoing) in out {
            let Some(conn) = self.conns.get(&peer).copied() else {
                continue;
            };
            // Closed, or never opened and not to open directly (it may come
            // through the brokers yet): nothing can go on it now.
            if conn.line == Line::Closed || (conn.line == Line::Waiting && conn.no_path) {
                continue;
            }
            match outgoing {
                Outgoing::Message(msg) => fx.push(HostEffect::Send {
                    conn: conn.id,
                    bytes: msg.encode(),
                }),
                Outgoing::Close => {
                    fx.push(HostEffect::Close { conn: conn.id });
                    match peer {
                        // A watcher's place is free again (the session
                        // freed it as it closed them).
                        Peer::Watcher(_) => {
                            self.conns.remove(&peer);
                        }
                        Peer::Seat(_) => {
                            if let Some(c) = self.conns.get_mut(&peer) {
                                c.line = Line::Closed;
                            }
                        }
                    }
                }
            }
        }
    }

    /// `message` for each of `to` (seats or peers).
    fn tell<P: Into<Peer> + Copy>(
        &mut self,
        to: &[P],
        message: &HostMessage,
        fx: &mut Vec<HostEffect>,
    ) {
        let out = to
            .iter()
            .map(|&p| (p.into(), Outgoing::Message(message.clone())))
            .collect();
        self.send(out, fx);
    }

    /// `seat`'s holder came back by another page while this one's
    /// connection is open: the old page is told, so it does not knock
    /// again by itself, and closed a moment later (a close at once could
    /// drop the notice).
    pub(super) fn replace(&mut self, seat: Seat, fx: &mut Vec<HostEffect>) {
        let peer = Peer::Seat(seat);
        let Some(c) = self.conns.get_mut(&peer).filter(|c| c.line == Line::Open) else {
            return;
        };
        c.line = Line::Closed;
        let conn = c.id;
        fx.push(HostEffect::Note(format!(
            "seat {}: taken up by another page of its holder",
            seat.0
        )));
        fx.push(HostEffect::Send {
            conn,
            bytes: HostMessage::Replaced.encode(),
        });
        fx.push(HostEffect::CloseSoon { conn });
    }

    fn stop_watchers(&mut self, fx: &mut Vec<HostEffect>) {
        let watchers: Vec<Peer> = self
            .conns
            .keys()
            .copied()
            .filter(|p| matches!(p, Peer::Watcher(_)))
            .collect();
        for peer in watchers {
            if let Some(conn) = self.conns.get(&peer).filter(|c| c.line != Line::Closed) {
                fx.push(HostEffect::Send {
                    conn: conn.id,
                    bytes: HostMessage::SharingStopped.encode(),
                });
                fx.push(HostEffect::CloseSoon { conn: conn.id });
            }
            self.forget_watcher(peer, fx);
        }
        fx.push(HostEffect::Changed);
    }

    fn start(
        &mut self,
        now_ms: u64,
        secret: Option<Secret>,
        fixed: bool,
        fx: &mut Vec<HostEffect>,
    ) {
        if self.mode != Mode::Lobby {
            return;
        }
        let fresh = self
            .session
            .as_ref()
            .is_some_and(|s| s.ply() == 0 && !self.deals.deals_for(s.save().seed));
        let seats: Vec<Seat> = self
            .guests
            .iter()
            .copied()
            .filter(|&s| self.held.holds(s))
            .collect();
        // An address that asks for a seed (a fixed deal) is obeyed: that
        // deal is the host's choice, and is not sealed. A match resumed
        // after a reload is dealt already.
        let secret = match secret {
            Some(secret) if fresh && !seats.is_empty() && !fixed => secret,
            _ => return self.begin(now_ms, fx),
        };
        match self.deals.begin(secret, &seats, now_ms) {
            Some(begun) => self.sealed(&begun, seats, |seats| Mode::Dealing { seats }, fx),
            None => self.begin(now_ms, fx),
        }
    }

    /// A deal `begun` for the friends at `seats`: each gets its seal, the
    /// table wakes at its deadline, and waits in the mode `waiting` makes.
    fn sealed(
        &mut self,
        begun: &Begun,
        seats: Vec<Seat>,
        waiting: fn(Vec<Seat>) -> Mode,
        fx: &mut Vec<HostEffect>,
    ) {
        fx.push(HostEffect::Note(format!(
            "a deal sealed, waiting for {} contributions",
            seats.len()
        )));
        self.tell(&seats, &begun.seal, fx);
        fx.push(HostEffect::WakeAt {
            at_ms: begun.deadline_ms,
        });
        self.mode = waiting(seats);
        fx.push(HostEffect::Changed);
    }

    /// The match starts: the friends' first messages, held until now, are
    /// read, so each gets its seat and hand; then the game takes the
    /// session.
    fn begin(&mut self, now_ms: u64, fx: &mut Vec<HostEffect>) {
        self.mode = Mode::Playing;
        let Some(mut session) = self.session.take() else {
            return;
        };
        for (seat, text) in self.held.take_all() {
            let connected = self
                .conns
                .get(&Peer::Seat(seat))
                .is_some_and(|c| c.line != Line::Closed);
            if connected {
                let read = GuestMessage::decode(text.as_bytes());
                let out = session.receive_read(seat, read, now_ms).out;
                self.send(out, fx);
            }
        }
        fx.push(HostEffect::Begin(Box::new(session)));
        fx.push(HostEffect::Changed);
    }

    fn deal_next(
        &mut self,
        now_ms: u64,
        secret: Option<Secret>,
        seed: u64,
        fx: &mut Vec<HostEffect>,
    ) {
        if self.mode != Mode::Playing {
            return;
        }
        let seats = self.open_seats();
        let begun = match secret {
            Some(secret) if !seats.is_empty() => self.deals.begin(secret, &seats, now_ms),
            _ => None,
        };
        match begun {
            Some(begun) => self.sealed(&begun, seats, |seats| Mode::Redealing { seats }, fx),
            None => {
                self.deals.unsealed();
                fx.push(HostEffect::KeepDeal(None));
                fx.push(HostEffect::NextSeed(seed));
            }
        }
    }

    fn contributed(
        &mut self,
        seat: Seat,
        number: u32,
        c: Contribution,
        now_ms: u64,
        fx: &mut Vec<HostEffect>,
    ) {
        if !self.deals.contribute(seat, number, c) {
            fx.push(HostEffect::Note(format!(
                "seat {}: a contribution to no deal waiting for it, ignored",
                seat.0
            )));
            return;
        }
        self.deal_if_ready(now_ms, fx);
    }

    /// The connections answered long enough ago and still not open: no
    /// direct path.
    fn no_path_yet(&mut self, now_ms: u64, fx: &mut Vec<HostEffect>) {
        for (peer, c) in &mut self.conns {
            let due = c
                .answered_at_ms
                .is_some_and(|at| now_ms >= at.saturating_add(NO_PATH_MS));
            if due && c.line == Line::Waiting && !c.no_path {
                c.no_path = true;
                fx.push(HostEffect::Note(format!(
                    "{peer:?}: answered {NO_PATH_MS} ms ago, no connection opened"
                )));
                fx.push(HostEffect::Changed);
            }
        }
    }

    /// Deals if the waiting deal has what it waits for, or waited enough.
    fn deal_if_ready(&mut self, now_ms: u64, fx: &mut Vec<HostEffect>) {
        let seats = match &self.mode {
            Mode::Dealing { seats } | Mode::Redealing { seats } => seats.clone(),
            _ => return,
        };
        let Some(done) = self.deals.deal_if_ready(now_ms) else {
            if let Some(at_ms) = self.deals.deadline_ms() {
                fx.push(HostEffect::WakeAt { at_ms });
            }
            return;
        };
        fx.push(HostEffect::Note(format!(
            "deal {}: dealt, {} left out",
            done.number,
            done.missing.len()
        )));
        fx.push(HostEffect::KeepDeal(self.deals.kept()));
        if matches!(self.mode, Mode::Dealing { .. }) {
            if let Some(session) = self.session.as_mut() {
                session.redeal(done.seed);
            }
            self.begin(now_ms, fx);
        } else {
            self.mode = Mode::Playing;
            fx.push(HostEffect::NextSeed(done.seed));
        }
        if let Some(message) = self.deals.left_out() {
            self.tell(&seats, &message, fx);
        }
        fx.push(HostEffect::Changed);
    }

    /// The match `played` (on the table as `game`) is over: its share code
    /// with the proof goes to the friends and watchers connected, and this
    /// page checks it as theirs do. Once per match.
    pub fn reveal(&mut self, played: &Played, game: &Match) -> Vec<HostEffect> {
        let mut fx = Vec::new();
        let Some(message) = self.deals.reveal(played, game) else {
            return fx;
        };
        fx.push(HostEffect::Note("the deal revealed".to_string()));
        let peers: Vec<Peer> = self.open_peers().collect();
        self.tell(&peers, &message, &mut fx);
        fx.push(HostEffect::Changed);
        fx
    }

    /// What `peer` needs of the deal after (re)joining: the revealed
    /// match, if the match is over.
    fn reveal_again(&mut self, peer: Peer, fx: &mut Vec<HostEffect>) {
        if let Some(message) = self.deals.reveal_again() {
            self.tell(&[peer], &message, fx);
        }
    }
}
