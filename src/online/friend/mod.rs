//! A friend's side of an online table as one pure state machine (issue
//! 37): [`FriendTable`]. The page turns what happens (a click, the data
//! channel opening, bytes from the host, a timer, the relays' answer) into
//! a [`FriendEvent`], calls [`FriendTable::update`], and carries out the
//! [`FriendEffect`]s it gets back (send, timers, relays, storage, redraw).
//! Every protocol decision of a friend's page is here: when to say the
//! join again, when to ping or ask for the table again, when to knock and
//! when to stop, which seat to ask for and with which proof, which key to
//! keep, what a notice says and when it goes.
//!
//! Pure: no clock (`now_ms` comes in the events, by the page's wall
//! clock), no randomness (the page draws [`Fresh`] bytes for the events
//! that need some), no browser API. The states are in [`Mode`]; who came
//! (an invite, the table link, the watch link) is the [`Entry`].

mod carried;
mod channel;
mod io;
mod knock;

pub use carried::{CARRY_SILENT_MS, CARRY_TICK_MS, CARRY_WAIT_MS};
pub use io::{FriendEffect, FriendEvent};

use super::fair::Contribution;
use super::guest::GuestMirror;
use super::protocol::GuestMessage;
use super::reactions::Board;
use super::sdp::CompactSdp;
use super::signal::knock::Knock;
use super::signal::seat_key::KeptSeat;
use super::signal::{OfferId, Refused};
use crate::rules::Seat;

/// How often a connected page checks on the connection: a resync asked for
/// and not answered is asked again (at the table, otherwise, a ping every
/// [`PING_MS`]). Within the host's limits (`RESYNCS_IN_WINDOW` and
/// `PINGS_IN_WINDOW` a minute).
pub const KEEPALIVE_MS: u64 = 20_000;
/// How often a page at the table pings the host (its answer says the
/// host's page runs), within the host's limit (`PINGS_IN_WINDOW` a
/// minute); a resync asked again keeps [`KEEPALIVE_MS`].
pub const PING_MS: u64 = 10_000;
/// How long the host has to answer at the table before the page says its
/// page may be in the background (a phone's, frozen): its connection may
/// stay open while none of its code runs.
pub const PONG_WAIT_MS: u64 = 5_000;

/// How often a page says its join again while it waits for the table: a
/// join sent as the channel opened sometimes never reaches the host's page
/// (seen about once in twenty runs of the browser tests on a busy machine:
/// the host's channel opens, its first message does not come). The host
/// keeps one join per seat until the start; one that crosses the table is
/// refused as already joined, which this page takes in silence.
pub const JOIN_AGAIN_MS: u64 = 2_000;

/// How often a knocking page looks whether a knock is due
/// ([`Knock::due`] keeps the back-off).
pub const KNOCK_TICK_MS: u64 = 250;
/// How long a connection the host answered may take to open before the
/// page counts it as not made: by the table link, the page then says the
/// brokers, which carry the table from the answer on, carry it for good
/// (issue 38: a network with no direct path); by the watch link, it is
/// no path. A direct connection, even through a TURN server on a phone's
/// network, opens in a few seconds; ICE itself gives up only after about
/// 30.
pub const SEATING_MS: u64 = 12_000;
/// Seatings in a row whose connection never opened before a watcher's
/// page says no direct connection can be made (a friend's by the table
/// link is carried by the brokers instead). One: knocking again would
/// meet the same network; the watcher who tries again (another network, a
/// TURN server) presses Watch.
pub const MAX_UNOPENED: u32 = 1;

/// How this page came to the table: who it is at the table follows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Entry {
    /// An invite link for one seat: the reply code goes back by hand.
    Invite,
    /// The table link: the relays carry the offer and the answer. `table`
    /// is the link's secret in hex, what the seat's key is kept under.
    Link { table: String },
    /// The watch link: a watcher, who takes no seat, keeps no key and
    /// sends no seat's message.
    Watch,
}

/// The seat this browser held at a table before, which Join takes back.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Returning {
    pub seat: Seat,
    pub name: String,
}

/// A timer the model asked for: fired back as [`FriendEvent::Timer`] with
/// its id. Every id is new: a timer cancelled or replaced never acts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct TimerId {
    pub kind: TimerKind,
    pub serial: u32,
}

/// What a timer is for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum TimerKind {
    /// Whether a knock is due ([`KNOCK_TICK_MS`]).
    Knock,
    /// The join said again ([`JOIN_AGAIN_MS`]).
    JoinAgain,
    /// A ping or a resync asked again ([`KEEPALIVE_MS`]).
    Keepalive,
    /// A reaction's bubble goes ([`SHOWN_MS`]).
    Reaction,
    /// The connection the host answered has not opened ([`SEATING_MS`]).
    Seating,
    /// The carried stream's frames ([`carried::CARRY_TICK_MS`]).
    CarryTick,
    /// The host not heard yet through the brokers
    /// ([`carried::CARRY_WAIT_MS`]).
    CarryWait,
}

/// Random bytes the page drew for one event: a knock's offer id and its
/// back-off's jitter, a deal's contribution. `None` in an event when the
/// browser gave none (the knock waits for the next tick, nothing is
/// contributed).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Fresh(pub [u8; 32]);

impl Fresh {
    fn offer_id(&self) -> OfferId {
        let mut id = [0u8; 8];
        id.copy_from_slice(&self.0[..8]);
        OfferId(id)
    }
    fn jitter(&self) -> u32 {
        let mut b = [0u8; 4];
        b.copy_from_slice(&self.0[8..12]);
        u32::from_le_bytes(b)
    }
    fn contribution(&self) -> Contribution {
        let mut b = [0u8; 16];
        b.copy_from_slice(&self.0[16..32]);
        Contribution(b)
    }
}

/// A knock by the table link, until the host answers.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Knocking {
    /// The connection's offer, the same in every attempt.
    offer: CompactSdp,
    knock: Knock,
    timer: TimerId,
    /// The host has not answered for a while ([`Knock::quiet`]): its
    /// page may be in the background.
    quiet: bool,
}

/// An open data channel.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Channel {
    /// Something came from the host on it: its join arrived.
    heard: bool,
    /// The join said again, until the table comes.
    join_again: Option<TimerId>,
    keepalive: TimerId,
    /// The last ping's number.
    ticks: u32,
    /// When the host was last heard on it; and when the last ping (or
    /// resync) went, and its cycle, while its answer is looked for
    /// ([`PONG_WAIT_MS`]).
    heard_ms: u64,
    asked: Option<(u64, u64)>,
    /// A ping went unanswered: the host's page may be in the background.
    quiet: bool,
}

impl Channel {
    fn timers(&self) -> impl Iterator<Item = TimerId> {
        self.join_again.into_iter().chain([self.keepalive])
    }
}

/// Where a friend's page stands: one state at a time.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Mode {
    /// The link was read; nothing connects until "Join". `returning`: this
    /// browser held a seat at this table, which Join takes back.
    Ready { returning: Option<Returning> },
    /// The browser prepares the connection.
    Preparing,
    /// By an invite: the reply code is ready to go back by hand.
    Reply(String),
    /// By a link: the offer goes out through the relays.
    Knocking(Box<Knocking>),
    /// By a link: the host gave a seat; the connection completes (the
    /// timer: [`SEATING_MS`] to open).
    Seating(TimerId),
    /// Connected, waiting for the host's table (the start).
    Connected(Channel),
    /// At the table, synced.
    Playing(Channel),
    /// The connection is gone, for good (by an invite, or no seat to ask).
    Lost,
    /// The browser could not prepare the connection.
    Failed,
    /// By a link: the host turned this page away.
    Refused(Refused),
    /// By a link: no answer came through the relays.
    Unanswered,
    /// By a link: the host answered, but no direct connection opened,
    /// [`MAX_UNOPENED`] times in a row (a network that blocks it).
    NoPath,
    /// Another page of this player took the seat up: nothing knocks until
    /// "Play here".
    Replaced,
    /// A watcher the host let go (it stopped sharing the watch link).
    LetGo,
    /// The friend left.
    Left,
}

/// What the page shows of the [`Mode`], by kind.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Phase {
    Ready,
    Preparing,
    Reply(String),
    Connected,
    Playing,
    Lost,
    Failed,
    Knocking,
    Refused(Refused),
    Unanswered,
    NoPath,
    Replaced,
}

/// A notice over the table, with its lifetime.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Notice {
    /// The host refused this friend's move at this ply: shows while the
    /// table is at that ply, until they try again or a new match.
    RefusedAt(u32),
    /// A table this page could not use came (it asked again): until a
    /// good one, or a new match.
    BadView,
    /// The host's page speaks another version: for good.
    OtherVersion,
    /// The host started a new match and this friend has not played in it.
    NewMatch,
}

/// A friend's side of an online table. See the module's comment.
#[derive(Clone, Debug)]
pub struct FriendTable {
    entry: Entry,
    name: String,
    mode: Mode,
    mirror: GuestMirror,
    /// The seat the table link gave (or a reload or a kept key offers):
    /// asked for at each knock.
    seat: Option<Seat>,
    /// The key this browser keeps for this table's seat.
    kept: Option<KeptSeat>,
    notices: Vec<Notice>,
    reactions: Board,
    /// The reactions' timers still to come.
    reaction_timers: Vec<TimerId>,
    serial: u32,
    /// Seatings in a row whose connection never opened.
    unopened: u32,
    /// The offer the host's latest seat answered: the brokers carry the
    /// table under it if no direct connection opens.
    seated_by: Option<OfferId>,
    /// The table carried by the brokers (`carried.rs`).
    carried: Option<carried::CarriedLine>,
    /// The latest time an event told.
    now_ms: u64,
}

impl FriendTable {
    /// A page that read its link. `tab_seat`: the seat and name this tab
    /// held at this table (a reload: it knocks for it at once, nobody
    /// doing anything); `kept`: this browser's key for this table (another
    /// tab, or the browser reopened: Join offers that seat back). Both are
    /// a table link's only.
    pub fn new(
        entry: Entry,
        tab_seat: Option<(Seat, String)>,
        kept: Option<KeptSeat>,
    ) -> (FriendTable, Vec<FriendEffect>) {
        let mirror = match entry {
            Entry::Watch => GuestMirror::watching(),
            _ => GuestMirror::new(),
        };
        let link = matches!(entry, Entry::Link { .. });
        let kept = kept.filter(|k| matches!(&entry, Entry::Link { table } if *table == k.table));
        let mut this = FriendTable {
            entry,
            name: String::new(),
            mode: Mode::Ready { returning: None },
            mirror,
            seat: None,
            kept,
            notices: Vec::new(),
            reactions: Board::new(),
            reaction_timers: Vec::new(),
            serial: 0,
            unopened: 0,
            seated_by: None,
            carried: None,
            now_ms: 0,
        };
        let mut fx = Vec::new();
        match (link, tab_seat, this.kept.clone()) {
            (true, Some((seat, name)), _) => {
                fx.push(FriendEffect::Note(format!(
                    "the table link: back to seat {}",
                    seat.0
                )));
                this.seat = Some(seat);
                this.name = name;
                this.join(&mut fx);
            }
            (true, None, Some(kept)) => {
                fx.push(FriendEffect::Note(format!(
                    "the table link: seat {} kept here",
                    kept.seat.0
                )));
                this.seat = Some(kept.seat);
                this.name = kept.name.clone();
                this.mode = Mode::Ready {
                    returning: Some(Returning {
                        seat: kept.seat,
                        name: kept.name,
                    }),
                };
            }
            _ => {}
        }
        (this, fx)
    }

    // ----- what the page reads ----------------------------------------------

    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    pub fn entry(&self) -> &Entry {
        &self.entry
    }

    /// Whether this page came by the watch link.
    pub fn is_watching(&self) -> bool {
        self.entry == Entry::Watch
    }

    /// Whether the host let this watcher go.
    pub fn sharing_stopped(&self) -> bool {
        self.mode == Mode::LetGo
    }

    pub fn phase(&self) -> Phase {
        match &self.mode {
            Mode::Ready { .. } => Phase::Ready,
            Mode::Preparing => Phase::Preparing,
            Mode::Reply(code) => Phase::Reply(code.clone()),
            Mode::Knocking(_) | Mode::Seating(_) => Phase::Knocking,
            Mode::Connected(_) => Phase::Connected,
            Mode::Playing(_) => Phase::Playing,
            Mode::Lost | Mode::LetGo | Mode::Left => Phase::Lost,
            Mode::Failed => Phase::Failed,
            Mode::Refused(why) => Phase::Refused(why.clone()),
            Mode::Unanswered => Phase::Unanswered,
            Mode::NoPath => Phase::NoPath,
            Mode::Replaced => Phase::Replaced,
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn mirror(&self) -> &GuestMirror {
        &self.mirror
    }

    pub fn reactions(&self) -> &Board {
        &self.reactions
    }

    /// The seat this page asks for by the table link, if any.
    pub fn seat(&self) -> Option<Seat> {
        self.seat
    }

    /// The seat this browser held here before, while Join is not pressed.
    pub fn returning(&self) -> Option<&Returning> {
        match &self.mode {
            Mode::Ready { returning } => returning.as_ref(),
            _ => None,
        }
    }

    /// The seat asked for and its player's name, while the host chooses.
    /// Whether the host has not answered the knocks for a while (its page
    /// may be in the background, a phone's): the page says so, and that
    /// it keeps trying.
    pub fn host_quiet(&self) -> bool {
        match &self.mode {
            Mode::Knocking(k) => k.quiet,
            Mode::Connected(c) | Mode::Playing(c) => c.quiet,
            _ => false,
        }
    }

    pub fn asking(&self) -> Option<(Seat, &str)> {
        match &self.mode {
            Mode::Knocking(k) => k.knock.waiting(),
            _ => None,
        }
    }

    /// Whether the page is knocking (the relays are in use).
    pub fn knocking(&self) -> bool {
        matches!(self.mode, Mode::Knocking(_))
    }

    /// The notices on show.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// Whether the host refused the last move and nothing moved since.
    pub fn refused(&self) -> bool {
        self.notices.contains(&Notice::RefusedAt(self.mirror.ply()))
    }
    pub fn bad_view(&self) -> bool {
        self.notices.contains(&Notice::BadView)
    }
    pub fn other_version(&self) -> bool {
        self.notices.contains(&Notice::OtherVersion)
    }
    pub fn new_match(&self) -> bool {
        self.notices.contains(&Notice::NewMatch)
    }

    // ----- the update -------------------------------------------------------

    /// Takes one event; what the page must do now.
    pub fn update(&mut self, event: FriendEvent) -> Vec<FriendEffect> {
        let mut fx = Vec::new();
        if let Some(now_ms) = event.now_ms() {
            self.now_ms = self.now_ms.max(now_ms);
        }
        // The stream's frames go with what is sent, and with what comes
        // (an acknowledgement owed); its own times are its tick's.
        let stream_time = matches!(event, FriendEvent::Carried { .. });
        self.apply(event, &mut fx);
        // The brokers carry only an open table: whatever left it (replaced,
        // let go, left, lost) leaves them too.
        if self.carried.is_some() && self.channel().is_none() {
            self.stop_carrying(&mut fx);
        }
        self.carry_out(stream_time, &mut fx);
        fx
    }

    fn apply(&mut self, event: FriendEvent, fx: &mut Vec<FriendEffect>) {
        match event {
            FriendEvent::Name(name) => self.name = name,
            FriendEvent::Join => {
                let again = matches!(
                    self.mode,
                    Mode::Ready { .. }
                        | Mode::Refused(_)
                        | Mode::Unanswered
                        | Mode::NoPath
                        | Mode::Replaced
                );
                if again {
                    // Asked by the friend: the count of connections that
                    // never opened starts again.
                    self.unopened = 0;
                    self.join(fx);
                }
            }
            FriendEvent::ReplyReady(code) => {
                // The channel may already be open (a very quick host).
                if self.mode == Mode::Preparing && self.entry == Entry::Invite {
                    self.mode = code.map_or(Mode::Failed, Mode::Reply);
                    fx.push(FriendEffect::Redraw);
                }
            }
            FriendEvent::Offered {
                offer,
                kept,
                now_ms,
                fresh,
            } => self.offered(offer, kept, now_ms, fresh, fx),
            FriendEvent::Answer { answer, now_ms } => self.answered(&answer, now_ms, fx),
            FriendEvent::AnswerNotTaken => {
                if let Mode::Seating(timer) = self.mode {
                    fx.push(FriendEffect::CancelTimer(timer));
                    self.mode = Mode::Failed;
                    fx.push(FriendEffect::Redraw);
                } else if self.carried.is_some() {
                    // No direct connection will open: the brokers go on.
                    self.no_direct(fx);
                }
            }
            FriendEvent::ChannelOpen { now_ms } => self.opened(now_ms, fx),
            FriendEvent::Received {
                bytes,
                now_ms,
                fresh,
            } => self.received(&bytes, now_ms, fresh, fx),
            FriendEvent::ChannelClosed { .. } => self.closed(fx),
            FriendEvent::Carried {
                frame,
                now_ms,
                fresh,
            } => self.carried_frame(&frame, now_ms, fresh, fx),
            FriendEvent::Timer { id, now_ms, fresh } => self.timer(id, now_ms, fresh, fx),
            FriendEvent::Act(action) => {
                self.notices
                    .retain(|n| !matches!(n, Notice::RefusedAt(_) | Notice::NewMatch));
                if matches!(self.mode, Mode::Playing(_)) {
                    if let Some(msg) = self.mirror.act(action) {
                        fx.push(FriendEffect::Send(msg));
                    }
                }
                fx.push(FriendEffect::Redraw);
            }
            FriendEvent::Back => {
                if self.channel().is_some() && self.mirror.stood_in() {
                    fx.push(FriendEffect::AskSeatBack);
                }
            }
            FriendEvent::React { reaction, now_ms } => self.react(reaction, now_ms, fx),
            FriendEvent::Mute(seat) => {
                self.reactions.toggle_mute(seat);
                fx.push(FriendEffect::Redraw);
            }
            FriendEvent::Leave => {
                if self.mode != Mode::Left {
                    if let Mode::Knocking(_) = self.mode {
                        fx.push(FriendEffect::StopRelays);
                    }
                    self.cancel_mode_timers(fx);
                    self.mode = Mode::Left;
                    fx.push(FriendEffect::ForgetTabSeat);
                    fx.push(FriendEffect::ClosePeer);
                    self.stop_carrying(fx);
                }
            }
        }
    }

    fn timer_id(&mut self, kind: TimerKind) -> TimerId {
        self.serial = self.serial.wrapping_add(1);
        TimerId {
            kind,
            serial: self.serial,
        }
    }

    pub(super) fn start_timer(
        &mut self,
        kind: TimerKind,
        at_ms: u64,
        fx: &mut Vec<FriendEffect>,
    ) -> TimerId {
        let id = self.timer_id(kind);
        fx.push(FriendEffect::StartTimer { id, at_ms });
        id
    }

    fn channel(&self) -> Option<&Channel> {
        match &self.mode {
            Mode::Connected(c) | Mode::Playing(c) => Some(c),
            _ => None,
        }
    }

    /// Cancels the timers the mode holds (not the reactions').
    pub(super) fn cancel_mode_timers(&self, fx: &mut Vec<FriendEffect>) {
        match &self.mode {
            Mode::Knocking(k) => fx.push(FriendEffect::CancelTimer(k.timer)),
            Mode::Seating(timer) => fx.push(FriendEffect::CancelTimer(*timer)),
            Mode::Connected(c) | Mode::Playing(c) => {
                fx.extend(c.timers().map(FriendEffect::CancelTimer));
            }
            _ => {}
        }
    }

    /// The first message on a connection: a friend's join, a watcher's
    /// watch.
    fn hello(&self) -> GuestMessage {
        match self.entry {
            Entry::Watch => GuestMirror::watch_request(&self.name),
            _ => GuestMirror::join_request(&self.name),
        }
    }

    fn join(&mut self, fx: &mut Vec<FriendEffect>) {
        self.seated_by = None;
        self.mode = Mode::Preparing;
        fx.push(FriendEffect::Prepare);
        fx.push(FriendEffect::Redraw);
    }

    fn channel_mut(&mut self) -> Option<&mut Channel> {
        match &mut self.mode {
            Mode::Connected(c) | Mode::Playing(c) => Some(c),
            _ => None,
        }
    }

    fn notice(&mut self, notice: Notice) {
        if !self.notices.contains(&notice) {
            self.notices.push(notice);
        }
    }
}
