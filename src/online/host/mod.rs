//! The host's side of an online table: [`HostSession`] owns the match, plays
//! its bots, and treats every byte from a guest as untrusted.
//!
//! This file holds the session: its setup, the match (restored from a
//! [`Played`] through the match's replayer) and what it answers each
//! guest; `link.rs` what it keeps of each guest's link and the limits
//! that close a misbehaving guest's connection; `held.rs` the lobby's
//! holder of messages sent before the match starts.

mod admission;
mod carried;
mod deals;
mod doors;
mod held;
mod hosted;
mod io;
mod lines;
mod link;
mod table;
mod watchers;

pub use deals::{Begun, DealBook, DealNote, Done};
pub use doors::{LinkDoor, Route};
pub use held::{HeldMessages, Overflow, HELD_BYTES_PER_SEAT, HELD_PER_SEAT};
pub use hosted::HostedTable;
pub use lines::{CARRY_SILENT_MS, CARRY_TICK_MS, CARRY_WATCH_MS};
use link::Link;
pub use link::{
    BAD_IN_A_ROW, BAD_IN_WINDOW, PINGS_IN_WINDOW, PING_WINDOW_MS, RACES_PER_PLY, RESYNCS_IN_WINDOW,
    RESYNC_WINDOW_MS, WINDOW,
};
pub use link::{REACTIONS_IN_WINDOW, REACTION_WINDOW_MS};
pub use table::{
    ConnId, HostEffect, HostEvent, HostTable, InviteLink, LinkEvent, Mode, NO_PATH_MS,
};

use super::guest::MAX_LOG;
pub use super::protocol::SeatKind;
use super::protocol::{
    clean_name, redact, Connection, GuestMessage, HostMessage, Presence, ProtocolError, Refusal,
    Sync, Update, Welcome, PROTOCOL_VERSION,
};
use super::reactions::{RateGate, Reaction};
use super::watch::Peer;
use crate::bots::{make_bot, Level};
use crate::rules::{
    Action, DoesNotReplay, Match, Played, Rng, RuleError, RuleSet, Seat, SeatMap, SeatSet,
    SetupError,
};
use serde::{Deserialize, Serialize};

/// One seat of the table's setup.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeatSetup {
    pub name: String,
    pub kind: SeatKind,
}

/// The rules and who sits where.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TableSetup {
    pub rules: RuleSet,
    pub seats: Vec<SeatSetup>,
}

/// Why a saved table could not be restored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("action {index} of the save is refused: {error}")]
    Action { index: usize, error: RuleError },
}

/// Something for the transport to do for one peer (a seat's friend or a
/// watcher).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outgoing {
    /// Send this message (its bytes are [`HostMessage::encode`]).
    Message(HostMessage),
    /// Close the connection (after sending what came before).
    Close,
}

/// Who must act now, from the host's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mover {
    /// A person at the host's device.
    Local(Seat),
    /// A bot, or the Medium bot standing in for a guest: call
    /// [`HostSession::play_bot`] (after whatever pause the UI likes).
    Bot(Seat, Level),
    /// A connected guest: wait for its message.
    Guest(Seat),
    /// A guest who is not connected: wait, or let a bot play
    /// ([`HostSession::bot_takes`]).
    Absent(Seat),
}

/// The host's table: the match (with its setup, seed and actions, so it
/// can be saved and replayed), a link per guest seat and one per watcher.
///
/// Every method that changes something returns what to send to which
/// [`Peer`] (a guest seat's friend or a watcher); guests who are not
/// connected are sent nothing and get a full [`Sync`] when they come back.
#[derive(Clone, Debug)]
pub struct HostSession {
    setup: TableSetup,
    seed: u64,
    game: Match,
    actions: Vec<(Seat, Action)>,
    /// Each friend's seat's link (seats played here have none).
    links: SeatMap<Link>,
    /// Which match of this table this is: 1 for the first, one more at
    /// each [`HostSession::rematch`].
    number: u32,
    /// Every seat's latest reaction let through (friends', the host's,
    /// bots'): one every [`REACTION_GAP_MS`](super::reactions::REACTION_GAP_MS).
    reactions: RateGate,
    /// The watchers' links, watcher `k` at index `k` (`watchers.rs`);
    /// `None` for a free place.
    watchers: Vec<Option<Link>>,
    /// The reaction of the guest's message being read, once let through
    /// (for [`Handled::reacted`]).
    let_through: Option<Reaction>,
    /// The seats a new person took from their holder with the host's
    /// consent (issue 36), each with the length of the match's log then:
    /// what happened before is sent to that seat as to someone outside
    /// the table ([`HostSession::resume`]), so they never see a card that
    /// was the holder's to see.
    new_players: Vec<(Seat, usize)>,
}

/// Messages for peers (friends' seats and watchers), in the order to send
/// them.
pub type Outbox = Vec<(Peer, Outgoing)>;

/// What one message from a guest did: the messages to send, and the action
/// it made the match take (its seat is the guest's), if it was one.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Handled {
    pub out: Outbox,
    pub accepted: Option<Action>,
    /// The reaction of the guest's seat the message carried, if the
    /// session let it through (the host's page shows it too).
    pub reacted: Option<Reaction>,
}

impl HostSession {
    /// Deals a new match for `setup` from `seed`.
    ///
    /// # Errors
    /// A seat count outside 2–8 or an option out of range.
    pub fn new(setup: TableSetup, seed: u64) -> Result<HostSession, SetupError> {
        let game = Match::new(setup.rules, setup.seats.len(), seed)?;
        Ok(HostSession::holding(setup, seed, game, Vec::new()))
    }

    /// The session of `setup` holding `game` (dealt from `seed`) after
    /// `actions`.
    fn holding(
        setup: TableSetup,
        seed: u64,
        game: Match,
        actions: Vec<(Seat, Action)>,
    ) -> HostSession {
        let links = (0..setup.seats.len())
            .map(|i| Seat(i as u8))
            .zip(&setup.seats)
            .filter(|(_, s)| s.kind == SeatKind::Guest)
            .map(|(seat, _)| (seat, Link::new()))
            .collect();
        HostSession {
            setup,
            seed,
            game,
            actions,
            links,
            number: 1,
            reactions: RateGate::new(),
            watchers: Vec::new(),
            let_through: None,
            new_players: Vec::new(),
        }
    }

    /// "Play again" at the end of the match: a new match dealt from `seed`
    /// at the same table, every seat with the same player, every friend
    /// still connected told ([`HostMessage::NewMatch`], then the new deal's
    /// [`Sync`]). Who is connected, who left and who a bot plays for stay
    /// as they were: a friend who left comes back with a new invitation
    /// and gets the new match, or a bot plays for them, as in any match.
    /// `None`, and nothing changed, while the match is still on (or if
    /// the setup deals no match: not reached, it dealt this one).
    pub fn rematch(&mut self, seed: u64) -> Option<Outbox> {
        if !self.game.is_over() {
            return None;
        }
        self.game = Match::new(self.setup.rules, self.setup.seats.len(), seed).ok()?;
        self.seed = seed;
        self.actions.clear();
        // The new match is all its players' own.
        self.new_players.clear();
        self.number = self.number.saturating_add(1);
        for (_, link) in self.links.iter_mut() {
            // Plies start again from 0: races are counted afresh.
            link.race_ply = 0;
            link.races = 0;
        }
        let number = self.number;
        let out = self
            .connected()
            .flat_map(|g| {
                [
                    (g, Outgoing::Message(HostMessage::NewMatch { number })),
                    (g, self.resume(g)),
                ]
            })
            .collect();
        Some(out)
    }

    /// Deals the match again from `seed`, before anything was played: the
    /// deal of a table whose seed waited for the friends' contributions
    /// (`online::fair`). `None`, and nothing changed, once an action was
    /// taken (or if the setup deals no match: not reached, it dealt this
    /// one).
    pub fn redeal(&mut self, seed: u64) -> Option<()> {
        if !self.actions.is_empty() {
            return None;
        }
        self.game = Match::new(self.setup.rules, self.setup.seats.len(), seed).ok()?;
        self.seed = seed;
        Some(())
    }

    /// Which match of this table this is: 1 for the first, 2 after the
    /// first "Play again"...
    pub fn match_number(&self) -> u32 {
        self.number
    }

    /// Rebuilds a table from its match as played (rules, names, seed,
    /// actions) and who plays each seat (`kinds`, seat 0 first), by
    /// replaying the actions. It holds no card. Every guest seat starts as
    /// [`Connection::Waiting`]: guests are invited again.
    ///
    /// # Errors
    /// The setup's error (a kind for each name), or the first action the
    /// match refuses.
    pub fn restore(played: &Played, kinds: &[SeatKind]) -> Result<HostSession, RestoreError> {
        if kinds.len() != played.names.len() {
            return Err(SetupError::SeatCount(kinds.len()).into());
        }
        let seats = played
            .names
            .iter()
            .zip(kinds)
            .map(|(name, &kind)| SeatSetup {
                name: name.clone(),
                kind,
            })
            .collect();
        let setup = TableSetup {
            rules: played.rules,
            seats,
        };
        let mut replay = played.replay()?;
        replay
            .run()
            .map_err(|DoesNotReplay { index, error }| RestoreError::Action { index, error })?;
        let game = replay.into_game();
        Ok(HostSession::holding(
            setup,
            played.seed,
            game,
            played.actions.clone(),
        ))
    }

    /// The table's match as played: its rules, names, seed and actions.
    pub fn save(&self) -> Played {
        Played {
            rules: self.setup.rules,
            names: self.setup.seats.iter().map(|s| s.name.clone()).collect(),
            seed: self.seed,
            actions: self.actions.clone(),
        }
    }

    pub fn game(&self) -> &Match {
        &self.game
    }
    pub fn setup(&self) -> &TableSetup {
        &self.setup
    }
    pub fn actions(&self) -> &[(Seat, Action)] {
        &self.actions
    }
    /// Actions taken so far: the number every update and request carries.
    pub fn ply(&self) -> u32 {
        self.actions.len() as u32
    }

    /// A seat's player as every guest sees it.
    pub fn presence(&self, seat: Seat) -> Option<Presence> {
        let setup = self.setup.seats.get(seat.index())?;
        let link = self.links.get(seat);
        Some(Presence {
            name: link
                .and_then(|l| l.name.clone())
                .unwrap_or_else(|| setup.name.clone()),
            kind: setup.kind,
            connection: link.map(|l| l.connection),
            bot_playing: link.is_some_and(|l| l.bot_playing),
        })
    }

    /// The friend at guest seat `seat` said their name (`name`, untrusted:
    /// it is cleaned): the seat goes by it from now on, on every page, in
    /// the save and in the match's record. Their join says it; so does
    /// a join the lobby holds until the start, read for its name alone (it
    /// seats nobody: the start reads it again). An empty name changes
    /// nothing, and neither does a seat that is not a guest's.
    pub fn named(&mut self, seat: Seat, name: &str) {
        let name = clean_name(name);
        if let (Some(link), false) = (self.links.get_mut(seat), name.is_empty()) {
            link.name = Some(name);
        }
    }

    /// The guest seats.
    pub fn guest_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.links.seats()
    }

    /// Who must act now; `None` once the match is over.
    pub fn mover(&self) -> Option<Mover> {
        let seat = self.game.to_act()?.seat;
        let kind = self.setup.seats.get(seat.index())?.kind;
        let link = self.links.get(seat);
        Some(match (kind, link) {
            (SeatKind::Bot(level), _) => Mover::Bot(seat, level),
            (_, Some(l)) if l.bot_playing => Mover::Bot(seat, Level::Medium),
            (_, Some(l)) if l.connection == Connection::Connected => Mover::Guest(seat),
            (_, Some(_)) => Mover::Absent(seat),
            (_, None) => Mover::Local(seat),
        })
    }

    /// Reads one message from `from` (a guest seat's friend, or a watcher:
    /// `watchers.rs`), which is untrusted: it is measured, parsed, its
    /// version, seat, ply, turn and legality checked.
    /// A refused message changes nothing but the guest's bad-message count
    /// ([`Refusal::counts_as_bad`]: refusals an honest guest meets in a race
    /// are not counted, up to [`RACES_PER_PLY`] at one ply); after a burst
    /// ([`BAD_IN_A_ROW`] in a row, or [`BAD_IN_WINDOW`] of the last
    /// [`WINDOW`]) the connection is closed. Bytes from a seat that is not a
    /// guest, or whose connection was closed, are ignored.
    ///
    /// Without a clock, pings and resyncs are answered however often they
    /// come: the transport should call [`HostSession::handle_at`].
    pub fn handle(&mut self, from: impl Into<Peer>, bytes: &[u8]) -> Outbox {
        self.handle_inner(from.into(), bytes, None).out
    }

    /// As [`HostSession::handle`], at `now_ms` by the caller's monotonic
    /// clock: past [`PINGS_IN_WINDOW`] pings in [`PING_WINDOW_MS`] or
    /// [`RESYNCS_IN_WINDOW`] resyncs in [`RESYNC_WINDOW_MS`], each is
    /// refused with [`Refusal::TooFrequent`] and counted as bad, so a flood
    /// ends with the connection closed.
    pub fn handle_at(&mut self, from: impl Into<Peer>, bytes: &[u8], now_ms: u64) -> Outbox {
        self.handle_inner(from.into(), bytes, Some(now_ms)).out
    }

    /// As [`HostSession::handle_at`], saying which action the message made
    /// the match take, if any: the page applies exactly that one, so it
    /// never re-derives what the session accepted.
    pub fn receive(&mut self, from: impl Into<Peer>, bytes: &[u8], now_ms: u64) -> Handled {
        self.handle_inner(from.into(), bytes, Some(now_ms))
    }

    /// As [`HostSession::receive`], for a message the transport already
    /// read ([`GuestMessage::decode`] of the bytes it got): the page's
    /// game takes messages read, so the code that reads them stays with
    /// the transport.
    pub fn receive_read(
        &mut self,
        from: impl Into<Peer>,
        message: Result<GuestMessage, ProtocolError>,
        now_ms: u64,
    ) -> Handled {
        self.handle_read(from.into(), message, Some(now_ms))
    }

    fn handle_inner(&mut self, from: Peer, bytes: &[u8], now_ms: Option<u64>) -> Handled {
        self.handle_read(from, GuestMessage::decode(bytes), now_ms)
    }

    fn handle_read(
        &mut self,
        from: Peer,
        message: Result<GuestMessage, ProtocolError>,
        now_ms: Option<u64>,
    ) -> Handled {
        let from = match from {
            Peer::Watcher(w) => return self.handle_watcher(w, message, now_ms),
            Peer::Seat(seat) => seat,
        };
        let Some(link) = self.links.get(from) else {
            return Handled::default();
        };
        if link.connection == Connection::Closed {
            return Handled::default();
        }
        let before = self.actions.len();
        let result = message
            .map_err(Refusal::from)
            .and_then(|msg| self.accept(from, msg, now_ms));
        let reacted = self.let_through.take();
        let ply = self.ply();
        let closing = match (self.links.get_mut(from), &result) {
            (Some(link), Err(refusal)) if !refusal.counts_as_bad() => {
                if link.race(ply) {
                    link.count(true)
                } else {
                    link.over_limit()
                }
            }
            (Some(link), _) => link.count(result.is_err()),
            _ => false,
        };
        let to = Peer::Seat(from);
        let mut out = match result {
            Ok(out) => out,
            Err(refusal) => vec![(to, self.refused(refusal))],
        };
        if closing {
            out.push((to, self.refused(Refusal::Closing)));
            out.push((to, Outgoing::Close));
            if let Some(link) = self.links.get_mut(from) {
                link.connection = Connection::Closed;
            }
            out.extend(self.status_notice(from));
        }
        Handled {
            out,
            accepted: self.actions.get(before).map(|&(_, a)| a),
            reacted,
        }
    }

    fn refused(&self, refusal: Refusal) -> Outgoing {
        Outgoing::Message(HostMessage::Refused {
            refusal,
            ply: self.ply(),
        })
    }

    fn accept(
        &mut self,
        from: Seat,
        msg: GuestMessage,
        now_ms: Option<u64>,
    ) -> Result<Outbox, Refusal> {
        let Some(link) = self.links.get_mut(from) else {
            return Ok(Vec::new());
        };
        let joined = link.connection == Connection::Connected;
        match msg {
            GuestMessage::Join { .. } if joined => Err(Refusal::AlreadyJoined),
            GuestMessage::Join { name } => Ok(self.join(from, &name)),
            GuestMessage::Watch { .. } => Err(Refusal::OtherLink),
            _ if !joined => Err(Refusal::NotJoined),
            GuestMessage::Ping { nonce } => {
                if let Some(now) = now_ms {
                    if !link.pings.allow(now, PINGS_IN_WINDOW, PING_WINDOW_MS) {
                        return Err(Refusal::TooFrequent {
                            limit: PINGS_IN_WINDOW,
                            window_ms: PING_WINDOW_MS,
                        });
                    }
                }
                Ok(vec![(
                    from.into(),
                    Outgoing::Message(HostMessage::Pong {
                        nonce,
                        ply: self.ply(),
                    }),
                )])
            }
            // The page's gatherer of the deal's contributions takes these
            // (`ui/online/host`); one that reaches the session came too
            // late for its deal and means nothing.
            GuestMessage::Contribute { .. } => Ok(Vec::new()),
            GuestMessage::Resync => {
                if let Some(now) = now_ms {
                    if !link.resyncs.allow(now, RESYNCS_IN_WINDOW, RESYNC_WINDOW_MS) {
                        return Err(Refusal::TooFrequent {
                            limit: RESYNCS_IN_WINDOW,
                            window_ms: RESYNC_WINDOW_MS,
                        });
                    }
                }
                Ok(vec![(from.into(), self.resume(from))])
            }
            // Past the flood limit, refused (and counted as bad); sooner
            // than the gap after the seat's last, dropped unanswered (the
            // network may bunch an honest page's two). Without a clock
            // every one goes through.
            GuestMessage::React { reaction } => {
                if let Some(now) = now_ms {
                    if !link
                        .reactions
                        .allow(now, REACTIONS_IN_WINDOW, REACTION_WINDOW_MS)
                    {
                        return Err(Refusal::TooFrequent {
                            limit: REACTIONS_IN_WINDOW,
                            window_ms: REACTION_WINDOW_MS,
                        });
                    }
                    if !self.reactions.allow(from, now) {
                        return Ok(Vec::new());
                    }
                }
                self.let_through = Some(reaction);
                Ok(self.reacted(from, reaction))
            }
            // The friend takes their seat back from a stand-in; one that
            // crosses the host's own give-back changes nothing.
            GuestMessage::Back => Ok(if link.bot_playing {
                self.give_back(from)
            } else {
                Vec::new()
            }),
            GuestMessage::Act { seat, ply, action } => {
                if seat != from {
                    return Err(Refusal::NotYourSeat { seat, yours: from });
                }
                if self.links.get(from).is_some_and(|l| l.bot_playing) {
                    return Err(Refusal::BotPlaying);
                }
                match self.game.to_act() {
                    None => {
                        return Err(Refusal::Illegal {
                            error: RuleError::MatchOver,
                        })
                    }
                    Some(t) if t.seat != from => {
                        return Err(Refusal::NotYourTurn {
                            to_act: Some(t.seat),
                        })
                    }
                    Some(_) => {}
                }
                if ply != self.ply() {
                    return Err(Refusal::Stale {
                        ply,
                        current: self.ply(),
                    });
                }
                self.take(from, action)
                    .map_err(|error| Refusal::Illegal { error })
            }
        }
    }

    fn join(&mut self, seat: Seat, name: &str) -> Outbox {
        self.named(seat, name);
        if let Some(link) = self.links.get_mut(seat) {
            link.connection = Connection::Connected;
            link.bad_in_a_row = 0;
        }
        let welcome = self.welcome(Peer::Seat(seat));
        let mut out = vec![
            (
                seat.into(),
                Outgoing::Message(HostMessage::Welcome(welcome)),
            ),
            (seat.into(), self.resume(seat)),
        ];
        out.extend(self.status_notice(seat));
        out
    }

    /// The table `place` joined: its place (a seat, or a watcher's
    /// outside the table), the rules and who sits where.
    fn welcome(&self, place: Peer) -> Welcome {
        Welcome {
            version: PROTOCOL_VERSION,
            place,
            rules: *self.game.rules(),
            seats: self.game.seats().filter_map(|s| self.presence(s)).collect(),
        }
    }

    /// Everything `peer` may know now, for a guest that (re)joined or asked
    /// for it: its view and the match's log as it may know it, every hand
    /// from the deal (its latest [`MAX_LOG`] events, as much as a guest
    /// keeps), so a friend who joins late reads the earlier hands too.
    /// Nothing in it comes from the seed: no other hand and no draw order,
    /// only sizes. A watcher's is the table as every player sees it.
    pub fn resume(&self, peer: impl Into<Peer>) -> Outgoing {
        let seat = match peer.into() {
            Peer::Watcher(w) => return self.watcher_resume(w),
            Peer::Seat(seat) => seat,
        };
        let n = self.game.seat_count();
        // From the deal every seat was in; `redact` follows who leaves.
        #[allow(unused_mut)]
        let mut log = redact(self.game.log(), seat, n, SeatSet::first(n));
        if let Some(from) = self.new_player_from(seat) {
            // Before a new person took the seat, as someone outside the
            // table knows it (a seat number no table has: no dealt card,
            // no drawn one). `redact` maps one event to one.
            let before = self.game.log().get(..from).unwrap_or(self.game.log());
            let outside = redact(before, Seat::OUTSIDE, n, SeatSet::first(n));
            for (slot, event) in log.iter_mut().zip(outside) {
                *slot = event;
            }
        }
        log.drain(..log.len().saturating_sub(MAX_LOG));
        Outgoing::Message(HostMessage::Sync(Sync {
            ply: self.ply(),
            view: self.game.view(seat),
            log,
        }))
    }

    /// A new person takes `seat` from the one who held it, with the
    /// host's consent (issue 36): from now on, what happened before at
    /// this seat is sent to it as to someone outside the table (a second
    /// new person later: from their own point). Nothing for a seat that
    /// is not a friend's.
    pub fn new_player(&mut self, seat: Seat) {
        if !self.is_friends(seat) {
            return;
        }
        let now = self.game.log().len();
        self.new_players.retain(|&(s, _)| s != seat);
        self.new_players.push((seat, now));
    }

    /// Whether `seat` is a friend's (an online seat of the setup).
    fn is_friends(&self, seat: Seat) -> bool {
        self.setup
            .seats
            .get(seat.index())
            .is_some_and(|s| s.kind == SeatKind::Guest)
    }

    /// Where the log became `seat`'s new person's own, if a new person
    /// took it.
    fn new_player_from(&self, seat: Seat) -> Option<usize> {
        self.new_players
            .iter()
            .find(|&&(s, _)| s == seat)
            .map(|&(_, from)| from)
    }

    /// The seats new people took this match, each with the length of the
    /// log then: for the save.
    pub fn new_players(&self) -> &[(Seat, usize)] {
        &self.new_players
    }

    /// The new people of a saved match, as kept with the match's seed
    /// (a kept list may be of an earlier match of the table): entries of
    /// another seed, for a seat not a friend's, or past the log, are
    /// passed over.
    pub fn restore_new_players(&mut self, saved: &[(u64, Seat, usize)]) {
        let len = self.game.log().len();
        for &(seed, seat, from) in saved {
            if seed == self.seed && self.is_friends(seat) && from <= len {
                self.new_players.retain(|&(s, _)| s != seat);
                self.new_players.push((seat, from));
            }
        }
    }

    /// Whether a Medium bot plays `seat` for its guest now.
    pub fn bot_playing(&self, seat: Seat) -> bool {
        self.links.get(seat).is_some_and(|l| l.bot_playing)
    }

    /// Everything again: each connected guest's [`Sync`], and a close for
    /// each connection the session closed. For a transport that lost
    /// messages before sending them (the page's queue overflowed): what
    /// follows is as if every guest had asked for a resync.
    pub fn resync_all(&self) -> Outbox {
        let mut out: Outbox = self.connected().map(|g| (g, self.resume(g))).collect();
        out.extend(
            self.links
                .iter()
                .filter(|(_, l)| l.connection == Connection::Closed)
                .map(|(s, _)| (s.into(), Outgoing::Close)),
        );
        out
    }

    /// Plays `action` for a person at the host's device (the host or a
    /// pass-and-play seat); the UI decides which seats those are.
    ///
    /// # Errors
    /// [`RuleError::NotYourTurn`] or the broken rule; nothing changes.
    pub fn act_local(&mut self, seat: Seat, action: Action) -> Result<Outbox, RuleError> {
        self.take(seat, action)
    }

    /// If a bot (or the Medium bot standing in for a guest) is to act,
    /// plays its choice from that seat's view and returns the updates.
    pub fn play_bot(&mut self, rng: &mut Rng) -> Option<Outbox> {
        let Some(Mover::Bot(seat, level)) = self.mover() else {
            return None;
        };
        let legal = self.game.legal_actions();
        if legal.is_empty() {
            return None;
        }
        let action = make_bot(level).choose(&self.game.view(seat), &legal, rng);
        self.take(seat, action).ok()
    }

    /// Applies an action for `seat` and tells every connected guest what its
    /// seat may know of what happened.
    fn take(&mut self, seat: Seat, action: Action) -> Result<Outbox, RuleError> {
        let in_match = self.game.in_match();
        let events = self.game.apply_for(seat, action)?.to_vec();
        self.actions.push((seat, action));
        let ply = self.ply();
        let to_act = self.game.to_act();
        let ninety_nine_this_turn = self.game.ninety_nine_this_turn();
        let seat_count = self.game.seat_count();
        Ok(self
            .connected()
            .map(|guest| {
                let update = Update {
                    ply,
                    events: redact(&events, reader(guest), seat_count, in_match),
                    to_act,
                    ninety_nine_this_turn,
                };
                (guest, Outgoing::Message(HostMessage::Update(update)))
            })
            .collect())
    }

    /// A reaction of a seat played here (the host's, a pass-and-play
    /// person's or a bot's) at `now_ms`: what to send every connected
    /// friend, or `None` when it comes sooner than
    /// [`REACTION_GAP_MS`](super::reactions::REACTION_GAP_MS) after the
    /// seat's last (dropped) or `seat` is a friend's (they send their own).
    pub fn react_local(&mut self, seat: Seat, reaction: Reaction, now_ms: u64) -> Option<Outbox> {
        let here = self
            .setup
            .seats
            .get(seat.index())
            .is_some_and(|s| s.kind != SeatKind::Guest);
        if !here || !self.reactions.allow(seat, now_ms) {
            return None;
        }
        Some(self.reacted(seat, reaction))
    }

    /// `seat`'s reaction, for every connected guest but the seat's own.
    fn reacted(&self, seat: Seat, reaction: Reaction) -> Outbox {
        self.to_every_guest(
            || HostMessage::Reacted { seat, reaction },
            Some(seat.into()),
        )
    }

    /// The message `msg` makes, for every connected guest (but `except`):
    /// the one place that says who hears what the whole table hears (a
    /// reaction). Made afresh for each.
    fn to_every_guest(&self, msg: impl Fn() -> HostMessage, except: Option<Peer>) -> Outbox {
        let mut out = Vec::new();
        for g in self.connected() {
            if Some(g) != except {
                out.push((g, Outgoing::Message(msg())));
            }
        }
        out
    }

    /// The connected guests, then the connected watchers: everyone told
    /// of what happens at the table (each as their seat may know it).
    fn connected(&self) -> impl Iterator<Item = Peer> + '_ {
        let guests = self
            .links
            .iter()
            .filter(|(_, l)| l.connection == Connection::Connected)
            .map(|(s, _)| Peer::Seat(s));
        guests.chain(self.watching().map(Peer::Watcher))
    }

    /// `seat`'s presence, for every other connected guest.
    fn status_notice(&self, seat: Seat) -> Outbox {
        let Some(presence) = self.presence(seat) else {
            return Vec::new();
        };
        self.connected()
            .filter(|&g| g != seat)
            .map(|g| {
                (
                    g,
                    Outgoing::Message(HostMessage::SeatStatus {
                        seat,
                        presence: presence.clone(),
                    }),
                )
            })
            .collect()
    }

    fn with_link(&mut self, seat: Seat, change: impl FnOnce(&mut Link)) -> Outbox {
        match self.links.get_mut(seat) {
            Some(link) => change(link),
            _ => return Vec::new(),
        }
        self.status_notice(seat)
    }

    /// The transport lost `peer`'s connection. Its messages stop; the
    /// others are told.
    pub fn disconnect(&mut self, peer: impl Into<Peer>) -> Outbox {
        let seat = match peer.into() {
            // A watcher's place is freed; players are not told of watchers.
            Peer::Watcher(w) => {
                self.watcher_left(w);
                return Vec::new();
            }
            Peer::Seat(seat) => seat,
        };
        self.with_link(seat, |l| {
            if l.connection == Connection::Connected {
                l.connection = Connection::Disconnected;
            }
        })
    }

    /// A new invitation for `seat` (after a disconnection or a close): its
    /// next `join` is accepted and its bad-message count starts again.
    pub fn invite_again(&mut self, seat: Seat) -> Outbox {
        self.with_link(seat, |l| {
            *l = Link {
                name: l.name.take(),
                bot_playing: l.bot_playing,
                ..Link::new()
            };
        })
    }

    /// A Medium bot plays the guest's seat until [`HostSession::give_back`].
    pub fn bot_takes(&mut self, seat: Seat) -> Outbox {
        self.set_bot_playing(seat, true)
    }

    /// The guest plays its seat again.
    pub fn give_back(&mut self, seat: Seat) -> Outbox {
        self.set_bot_playing(seat, false)
    }

    /// The friend's seat the match waits on now (connected or not, no bot
    /// playing it): the turn a turn limit times
    /// ([`super::turn_limit::TurnClock`]).
    pub fn waiting_on_friend(&self) -> Option<Seat> {
        match self.mover()? {
            Mover::Guest(seat) | Mover::Absent(seat) => Some(seat),
            Mover::Local(_) | Mover::Bot(..) => None,
        }
    }

    /// `seat`'s friend was silent on their turn at `ply` for the table's
    /// turn limit: a Medium bot plays the seat until the friend takes it
    /// back ([`GuestMessage::Back`]) or the host gives it back. `None`,
    /// and nothing changed, when the match moved on meanwhile (another
    /// ply, another seat to act, a bot already playing it).
    pub fn turn_over(&mut self, seat: Seat, ply: u32) -> Option<Outbox> {
        (self.waiting_on_friend() == Some(seat) && self.ply() == ply).then(|| self.bot_takes(seat))
    }

    /// Who plays `seat` changed: every connected guest is told, the seat's
    /// own guest too (connected while a bot played for it, it may move
    /// again only once it knows).
    fn set_bot_playing(&mut self, seat: Seat, playing: bool) -> Outbox {
        let mut out = self.with_link(seat, |l| l.bot_playing = playing);
        let own = self
            .links
            .get(seat)
            .is_some_and(|l| l.connection == Connection::Connected);
        if let (true, Some(presence)) = (own, self.presence(seat)) {
            out.push((
                seat.into(),
                Outgoing::Message(HostMessage::SeatStatus { seat, presence }),
            ));
        }
        out
    }
}

/// The seat `peer`'s share of the engine's events is redacted for: its
/// own, or one outside the table for a watcher.
fn reader(peer: Peer) -> Seat {
    peer.seat().unwrap_or(Seat::OUTSIDE)
}
