//! What the host's page tells its table ([`HostEvent`]) and what the
//! table asks of it ([`HostEffect`]), with what the lobby and the game read
//! of it ([`Mode`], [`InviteLink`], [`LinkEvent`]). The table itself is
//! `table.rs`.

use super::doors::{LinkDoor, Route};
use super::{HostSession, Outbox};
use crate::online::fair::Secret;
use crate::online::protocol::{GuestMessage, ProtocolError};
use crate::online::sdp::CompactSdp;
use crate::online::signal::seat_key::KeptTable;
use crate::online::signal::{FriendOffer, OfferId, SeatReply};
use crate::online::watch::{ConnId, Peer};
use crate::rules::Seat;

/// What happened on a friend's (or a watcher's) connection that the
/// game's session must hear, once the game holds it.
#[derive(Clone, Debug)]
pub enum LinkEvent {
    /// A message from `peer`, at `now_ms` by the page's clock, as read
    /// here (the game's session takes it read).
    Message {
        peer: Peer,
        message: Result<GuestMessage, ProtocolError>,
        now_ms: u64,
    },
    /// The connection to `peer` was lost.
    Closed(Peer),
    /// `seat`'s friend gets a new invitation.
    Invited(Seat),
    /// The host let a new person take `seat` from its holder (issue 36).
    NewPlayer(Seat),
    /// The new people of the match as the tab kept them (the match's
    /// seed, the seat, the length of the log then), after a reload.
    NewPlayers(Vec<(u64, Seat, usize)>),
}

/// A seat's invitation, as the lobby shows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum InviteLink {
    Preparing,
    Ready(String),
    Failed,
    /// The seat's friend came by the table link, whose connection replaced
    /// the invitation: "Invite … again" makes a new one if they leave.
    ByTableLink,
}

/// The table's mode.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Friends come and say who they are; the table holds the session.
    Lobby,
    /// Start was pressed: the first deal waits for the contributions of
    /// the friends at `seats` (the table still holds the session).
    Dealing { seats: Vec<Seat> },
    /// The game holds the session; what friends say goes to it.
    Playing,
    /// Play again was pressed: the next deal waits for the contributions
    /// of the friends at `seats`.
    Redealing { seats: Vec<Seat> },
    /// The host left the table: nothing connects any more.
    Closed,
}

/// What the host's page reports to the table.
#[derive(Clone, Debug)]
pub enum HostEvent {
    /// "Invite" (again) for `seat`: a new connection, whose offer the page
    /// prepares ([`HostEffect::Offer`]).
    Invite(Seat),
    /// The offer of `seat`'s invitation on `conn` is ready (its link) or
    /// failed (`None`).
    Offered {
        seat: Seat,
        conn: ConnId,
        link: Option<String>,
    },
    /// The table link's relays are reached: its door opens, with what the
    /// tab kept of its seats (after a reload) and fresh random bytes for
    /// the seat keys it draws.
    TableDoorOpened { kept: KeptTable, keys: [u8; 32] },
    /// An offer came by `link`'s relays, opened with its key and not seen
    /// before, at `wall_ms` by the host's wall clock (the offers' own).
    OfferHeard {
        link: LinkDoor,
        route: Route,
        offer: FriendOffer,
        wall_ms: u64,
    },
    /// The page made `answer` for `peer`'s connection `conn` (asked by
    /// [`HostEffect::Answer`]), at `now_ms`.
    AnswerMade {
        peer: Peer,
        conn: ConnId,
        route: Route,
        offer: FriendOffer,
        answer: CompactSdp,
        now_ms: u64,
    },
    /// No answer could be made for `peer`'s connection `conn`.
    AnswerFailed { peer: Peer, conn: ConnId },
    /// The host locks the table link (`true`) or opens it again.
    Lock(bool),
    /// The host allows request `id` to take a held seat, at `wall_ms`;
    /// `point`: the match's seed and the length of its log, once the game
    /// holds the session.
    Allow {
        id: u32,
        point: Option<(u64, usize)>,
        wall_ms: u64,
    },
    /// The host refuses request `id`.
    Refuse(u32),
    /// A frame of connection `conn` came through a broker (no direct
    /// connection opened), opened with the table's key, at `now_ms`.
    Carried {
        conn: ConnId,
        frame: Vec<u8>,
        now_ms: u64,
    },
    /// The reply code of `seat`'s friend could not connect.
    ReplyFailed(Seat),
    /// `peer`'s connection `conn` opened.
    Opened { peer: Peer, conn: ConnId },
    /// `peer`'s connection `conn` closed.
    Closed { peer: Peer, conn: ConnId },
    /// `peer` sent `bytes` on `conn`, at `now_ms` by the page's clock.
    Received {
        peer: Peer,
        conn: ConnId,
        bytes: Vec<u8>,
        now_ms: u64,
    },
    /// "Start" (or "Resume the match"): the match starts, after a deal
    /// anyone can check when it is a new one. `secret`: fresh random bytes
    /// for the deal's seal (`None`: the browser had none); `fixed`: the
    /// address fixed the seed (a test's deal: not sealed).
    Start {
        now_ms: u64,
        secret: Option<Secret>,
        fixed: bool,
    },
    /// "Play again": the next match's deal. `seed`: the host's own draw,
    /// used when no friend is asked or no random bytes came.
    DealNext {
        now_ms: u64,
        secret: Option<Secret>,
        seed: u64,
    },
    /// A [`HostEffect::WakeAt`] came due.
    Tick { now_ms: u64 },
    /// In the lobby: a Medium bot plays `seat` until it is given back.
    BotTakes(Seat),
    /// In the lobby: the friend plays their seat again.
    GiveBack(Seat),
    /// What the game's session has to send to the friends, at `now_ms`.
    Send { out: Outbox, now_ms: u64 },
    /// The host stopped sharing the watch link: every watcher is told and
    /// let go, and no one comes in by it.
    StopWatchers,
    /// The host shares a new watch link.
    ShareWatch,
    /// The host left the table.
    Close,
}

impl HostEvent {
    /// The time the event tells, if any (the page's clock).
    pub(super) fn now_ms(&self) -> Option<u64> {
        match self {
            HostEvent::Received { now_ms, .. }
            | HostEvent::Start { now_ms, .. }
            | HostEvent::DealNext { now_ms, .. }
            | HostEvent::Tick { now_ms }
            | HostEvent::AnswerMade { now_ms, .. }
            | HostEvent::Carried { now_ms, .. }
            | HostEvent::Send { now_ms, .. } => Some(*now_ms),
            _ => None,
        }
    }
}

/// What the host's page must do.
#[derive(Clone, Debug)]
pub enum HostEffect {
    /// Prepare an offer for `seat`'s invitation on `conn` (report
    /// [`HostEvent::Offered`]).
    Offer { seat: Seat, conn: ConnId },
    /// Send `bytes` on `conn`.
    Send { conn: ConnId, bytes: Vec<u8> },
    /// Close `conn` now.
    Close { conn: ConnId },
    /// Close `conn` in a moment (a notice just sent on it would be lost by
    /// a close at once).
    CloseSoon { conn: ConnId },
    /// Tell the game (which holds the session).
    Game(LinkEvent),
    /// Make the answer of `peer`'s new connection `conn` to `offer`, which
    /// came by `link` (report [`HostEvent::AnswerMade`] or
    /// [`HostEvent::AnswerFailed`]).
    Answer {
        link: LinkDoor,
        peer: Peer,
        conn: ConnId,
        route: Route,
        offer: FriendOffer,
    },
    /// Seal `reply` to `offer` and send it back by `route`, and on every
    /// other relay of `link` the offer came by.
    Reply {
        link: LinkDoor,
        route: Route,
        offer: FriendOffer,
        reply: SeatReply,
    },
    /// Listen on the table link's relays (`true`: a friend's seat is free)
    /// or leave them.
    Listen(bool),
    /// Listen on the brokers for the frames of `conn`, carried under the
    /// offer `offer_id` it answered (report [`HostEvent::Carried`]).
    ListenCarried { conn: ConnId, offer_id: OfferId },
    /// Seal these frames of `conn` with the table's key and publish them
    /// on the brokers, to the friend of the offer `offer_id`.
    Carry {
        conn: ConnId,
        offer_id: OfferId,
        frames: Vec<Vec<u8>>,
    },
    /// Keep this in the tab for a reload of the host's page: the seats'
    /// holders and the match's new people.
    KeepSeats(KeptTable),
    /// Report [`HostEvent::Tick`] at `at_ms` (or later).
    WakeAt { at_ms: u64 },
    /// Keep this text in the tab for a reload of the host's page (the
    /// proof of the deal on the table); `None`: forget it.
    KeepDeal(Option<String>),
    /// The match starts: the game takes the session.
    Begin(Box<HostSession>),
    /// The next match's seed (after "Play again").
    NextSeed(u64),
    /// Something the page shows changed.
    Changed,
    /// A line for the page's console.
    Note(String),
}
