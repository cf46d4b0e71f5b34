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

use super::fair::Contribution;
use super::guest::{GuestMirror, Received};
use super::protocol::{clean_name, GuestMessage, ProtocolError, Refusal};
use super::reactions::{Board, Reaction, SHOWN_MS};
use super::sdp::CompactSdp;
use super::signal::knock::{Knock, Outcome};
use super::signal::seat_key::KeptSeat;
use super::signal::{FriendOffer, HostAnswer, OfferId, Refused};
use crate::rules::{Action, Seat};

/// How often a connected page checks on the connection: a resync asked for
/// and not answered is asked again, otherwise a ping. Within the host's
/// limits (`RESYNCS_IN_WINDOW` and `PINGS_IN_WINDOW` a minute).
pub const KEEPALIVE_MS: u64 = 20_000;

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

/// What happened, as the page tells the model.
#[derive(Clone, Debug)]
pub enum FriendEvent {
    /// The name field changed.
    Name(String),
    /// "Join" (or "Watch", "Join again", "Play here") was pressed.
    Join,
    /// By an invite: the browser prepared the reply code (`None`: it
    /// could not).
    ReplyReady(Option<String>),
    /// By a link: the room's key and the connection's offer are ready
    /// (`None`: the browser could not make them), with this browser's kept
    /// key for the table as storage has it now.
    Offered {
        offer: Option<CompactSdp>,
        kept: Option<KeptSeat>,
        now_ms: u64,
        fresh: Option<Fresh>,
    },
    /// An answer a relay carried, opened with the table's key.
    Answer(HostAnswer),
    /// The browser could not take the host's answer.
    AnswerNotTaken,
    /// The data channel to the host opened.
    ChannelOpen { now_ms: u64 },
    /// A message from the host.
    Received {
        bytes: Vec<u8>,
        now_ms: u64,
        fresh: Option<Fresh>,
    },
    /// The connection to the host is gone.
    ChannelClosed,
    /// A timer the model started went off.
    Timer {
        id: TimerId,
        now_ms: u64,
        fresh: Option<Fresh>,
    },
    /// The friend asks to take `action` (a card, a draw...).
    Act(Action),
    /// "I'm back": the seat back from the stand-in bot.
    Back,
    /// A quick reaction from this friend's seat.
    React { reaction: Reaction, now_ms: u64 },
    /// Mutes a seat's reactions here, or hears them again.
    Mute(Seat),
    /// The friend left the table.
    Leave,
}

/// What the page must do, as data.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FriendEffect {
    /// Prepare a connection: by an invite, the answer to its offer (then
    /// [`FriendEvent::ReplyReady`]); by a link, the room's key and an offer
    /// (then [`FriendEvent::Offered`]).
    Prepare,
    /// Listen on the link's relays, with the connection just prepared.
    OpenRelays,
    /// Seal this offer with the room's key and send it on every relay.
    Knock(FriendOffer),
    /// Leave the relays.
    StopRelays,
    /// Complete the connection with the host's answer (if the browser
    /// cannot: [`FriendEvent::AnswerNotTaken`]).
    AcceptAnswer(CompactSdp),
    /// Send a message to the host on the data channel.
    Send(GuestMessage),
    /// Send the host "I'm back" (the message exists in the whole app only).
    AskSeatBack,
    /// Close the connection and let it go.
    ClosePeer,
    /// Let the closed connection go.
    DropPeer,
    /// Fire [`FriendEvent::Timer`] with `id` at `at_ms` (never before now).
    StartTimer {
        id: TimerId,
        at_ms: u64,
    },
    CancelTimer(TimerId),
    /// Keep this seat's key in the browser, for every tab.
    StoreKey(KeptSeat),
    /// Keep this seat in the tab, for a reload.
    KeepTabSeat {
        seat: Seat,
        name: String,
    },
    /// Forget the seat kept in the tab.
    ForgetTabSeat,
    /// A line for the console.
    Note(String),
    Warn(String),
    /// The table on show moves on by what the mirror just received
    /// (`crate::table::friend::follow`).
    Follow(Received),
    /// Something on show changed.
    Redraw,
}

/// A knock by the table link, until the host answers.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Knocking {
    /// The connection's offer, the same in every attempt.
    offer: CompactSdp,
    knock: Knock,
    timer: TimerId,
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
    /// By a link: the host gave a seat; the connection completes.
    Seating,
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
            Mode::Knocking(_) | Mode::Seating => Phase::Knocking,
            Mode::Connected(_) => Phase::Connected,
            Mode::Playing(_) => Phase::Playing,
            Mode::Lost | Mode::LetGo | Mode::Left => Phase::Lost,
            Mode::Failed => Phase::Failed,
            Mode::Refused(why) => Phase::Refused(why.clone()),
            Mode::Unanswered => Phase::Unanswered,
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
        match event {
            FriendEvent::Name(name) => self.name = name,
            FriendEvent::Join => {
                let again = matches!(
                    self.mode,
                    Mode::Ready { .. } | Mode::Refused(_) | Mode::Unanswered | Mode::Replaced
                );
                if again {
                    self.join(&mut fx);
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
            } => self.offered(offer, kept, now_ms, fresh, &mut fx),
            FriendEvent::Answer(answer) => self.answered(&answer, &mut fx),
            FriendEvent::AnswerNotTaken => {
                if self.mode == Mode::Seating {
                    self.mode = Mode::Failed;
                    fx.push(FriendEffect::Redraw);
                }
            }
            FriendEvent::ChannelOpen { now_ms } => self.opened(now_ms, &mut fx),
            FriendEvent::Received {
                bytes,
                now_ms,
                fresh,
            } => self.received(&bytes, now_ms, fresh, &mut fx),
            FriendEvent::ChannelClosed => self.closed(&mut fx),
            FriendEvent::Timer { id, now_ms, fresh } => self.timer(id, now_ms, fresh, &mut fx),
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
            FriendEvent::React { reaction, now_ms } => self.react(reaction, now_ms, &mut fx),
            FriendEvent::Mute(seat) => {
                self.reactions.toggle_mute(seat);
                fx.push(FriendEffect::Redraw);
            }
            FriendEvent::Leave => {
                if self.mode != Mode::Left {
                    if let Mode::Knocking(_) = self.mode {
                        fx.push(FriendEffect::StopRelays);
                    }
                    self.cancel_mode_timers(&mut fx);
                    self.mode = Mode::Left;
                    fx.push(FriendEffect::ForgetTabSeat);
                    fx.push(FriendEffect::ClosePeer);
                }
            }
        }
        fx
    }

    fn timer_id(&mut self, kind: TimerKind) -> TimerId {
        self.serial = self.serial.wrapping_add(1);
        TimerId {
            kind,
            serial: self.serial,
        }
    }

    fn start_timer(&mut self, kind: TimerKind, at_ms: u64, fx: &mut Vec<FriendEffect>) -> TimerId {
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
    fn cancel_mode_timers(&self, fx: &mut Vec<FriendEffect>) {
        match &self.mode {
            Mode::Knocking(k) => fx.push(FriendEffect::CancelTimer(k.timer)),
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
        self.mode = Mode::Preparing;
        fx.push(FriendEffect::Prepare);
        fx.push(FriendEffect::Redraw);
    }

    fn offered(
        &mut self,
        offer: Option<CompactSdp>,
        kept: Option<KeptSeat>,
        now_ms: u64,
        fresh: Option<Fresh>,
        fx: &mut Vec<FriendEffect>,
    ) {
        if self.mode != Mode::Preparing || !self.by_relays() {
            return;
        }
        let Some(offer) = offer else {
            fx.push(FriendEffect::Warn("no offer for the table link".into()));
            self.mode = Mode::Failed;
            fx.push(FriendEffect::Redraw);
            return;
        };
        if let Entry::Link { table } = &self.entry {
            self.kept = kept.filter(|k| k.table == *table);
        }
        let timer = self.timer_id(TimerKind::Knock);
        self.mode = Mode::Knocking(Box::new(Knocking {
            offer,
            knock: Knock::new(),
            timer,
        }));
        fx.push(FriendEffect::OpenRelays);
        fx.push(FriendEffect::Redraw);
        self.knock_tick(timer, now_ms, fresh, fx);
    }

    fn by_relays(&self) -> bool {
        matches!(self.entry, Entry::Link { .. } | Entry::Watch)
    }

    /// A knock if one is due, the next tick; the end after the last.
    fn knock_tick(
        &mut self,
        id: TimerId,
        now_ms: u64,
        fresh: Option<Fresh>,
        fx: &mut Vec<FriendEffect>,
    ) {
        let seat = self.seat;
        let name = self.name.trim().to_string();
        let kept = self.kept.clone();
        let Mode::Knocking(k) = &mut self.mode else {
            return;
        };
        if k.timer != id {
            return;
        }
        if let Some(fresh) = fresh {
            let offer_id = fresh.offer_id();
            if k.knock.due(now_ms, offer_id, fresh.jitter()) {
                // The proof of this seat's key, if this browser holds it.
                let proof = kept
                    .filter(|kept| Some(kept.seat) == seat)
                    .map(|kept| kept.key.proof(&offer_id, &k.offer));
                fx.push(FriendEffect::Note(format!(
                    "the table link: knock {}",
                    offer_id.hex()
                )));
                fx.push(FriendEffect::Knock(FriendOffer {
                    offer_id,
                    sent_at_ms: now_ms,
                    name,
                    seat,
                    offer: k.offer.clone(),
                    proof,
                }));
            }
        }
        if k.knock.outcome() == Some(&Outcome::NoAnswer) {
            fx.push(FriendEffect::StopRelays);
            fx.push(FriendEffect::ClosePeer);
            self.mode = Mode::Unanswered;
            fx.push(FriendEffect::Redraw);
            return;
        }
        let next = self.timer_id(TimerKind::Knock);
        if let Mode::Knocking(k) = &mut self.mode {
            k.timer = next;
        }
        fx.push(FriendEffect::StartTimer {
            id: next,
            at_ms: now_ms.saturating_add(KNOCK_TICK_MS),
        });
    }

    fn answered(&mut self, answer: &HostAnswer, fx: &mut Vec<FriendEffect>) {
        let Mode::Knocking(k) = &mut self.mode else {
            return;
        };
        let timer = k.timer;
        match k.knock.answered(answer).cloned() {
            Some(Outcome::Seated { seat, answer }) => {
                fx.push(FriendEffect::Note(format!(
                    "the table link: seat {} given",
                    seat.0
                )));
                fx.push(FriendEffect::CancelTimer(timer));
                fx.push(FriendEffect::StopRelays);
                // A watcher holds no seat: the host's reply names seat 0
                // for its form's sake, and nothing is kept.
                if let Entry::Link { .. } = self.entry {
                    self.seat = Some(seat);
                    fx.push(FriendEffect::KeepTabSeat {
                        seat,
                        name: self.name.clone(),
                    });
                }
                self.mode = Mode::Seating;
                fx.push(FriendEffect::AcceptAnswer(answer));
                fx.push(FriendEffect::Redraw);
            }
            Some(Outcome::Refused(why)) => {
                fx.push(FriendEffect::CancelTimer(timer));
                fx.push(FriendEffect::StopRelays);
                fx.push(FriendEffect::ClosePeer);
                self.mode = Mode::Refused(why);
                fx.push(FriendEffect::Redraw);
            }
            // The host is asked (the page says so), or nothing new.
            Some(Outcome::NoAnswer) | None => fx.push(FriendEffect::Redraw),
        }
    }

    fn opened(&mut self, now_ms: u64, fx: &mut Vec<FriendEffect>) {
        if !matches!(
            self.mode,
            Mode::Preparing | Mode::Reply(_) | Mode::Knocking(_) | Mode::Seating
        ) {
            return;
        }
        if let Mode::Knocking(k) = &self.mode {
            fx.push(FriendEffect::CancelTimer(k.timer));
            fx.push(FriendEffect::StopRelays);
        }
        // Back after a lost connection: the table shown until now stays,
        // nothing played from it, until the host's sync.
        self.mirror.reconnected();
        let keepalive = self.start_timer(
            TimerKind::Keepalive,
            now_ms.saturating_add(KEEPALIVE_MS),
            fx,
        );
        let join_again = self.start_timer(
            TimerKind::JoinAgain,
            now_ms.saturating_add(JOIN_AGAIN_MS),
            fx,
        );
        self.mode = Mode::Connected(Channel {
            heard: false,
            join_again: Some(join_again),
            keepalive,
            ticks: 0,
        });
        fx.push(FriendEffect::Send(self.hello()));
        fx.push(FriendEffect::Note("the join sent".into()));
        fx.push(FriendEffect::Redraw);
    }

    fn closed(&mut self, fx: &mut Vec<FriendEffect>) {
        match self.mode {
            // Replaced, let go or gone: stays so.
            Mode::Replaced | Mode::LetGo | Mode::Left => {
                fx.push(FriendEffect::DropPeer);
                return;
            }
            // Nothing open to close.
            Mode::Ready { .. }
            | Mode::Lost
            | Mode::Failed
            | Mode::Refused(_)
            | Mode::Unanswered => return,
            _ => {}
        }
        if let Mode::Knocking(_) = self.mode {
            fx.push(FriendEffect::StopRelays);
        }
        self.cancel_mode_timers(fx);
        self.mode = Mode::Lost;
        fx.push(FriendEffect::DropPeer);
        // By the table link, the page knocks again for its seat (the host
        // reloaded, or the network changed); a watcher the same way.
        let knocks = match self.entry {
            Entry::Link { .. } => self.seat.is_some(),
            Entry::Watch => true,
            Entry::Invite => false,
        };
        if knocks {
            fx.push(FriendEffect::Note(
                "the table link: the connection was lost, knocking again".into(),
            ));
            self.join(fx);
        } else {
            fx.push(FriendEffect::Redraw);
        }
    }

    fn timer(
        &mut self,
        id: TimerId,
        now_ms: u64,
        fresh: Option<Fresh>,
        fx: &mut Vec<FriendEffect>,
    ) {
        match id.kind {
            TimerKind::Knock => self.knock_tick(id, now_ms, fresh, fx),
            TimerKind::JoinAgain => {
                let hello = self.hello();
                let Some(c) = self.channel_mut() else { return };
                if c.join_again != Some(id) {
                    return;
                }
                if c.heard {
                    c.join_again = None;
                    return;
                }
                let next = self.timer_id(TimerKind::JoinAgain);
                if let Some(c) = self.channel_mut() {
                    c.join_again = Some(next);
                }
                fx.push(FriendEffect::Send(hello));
                fx.push(FriendEffect::Note("the join sent again".into()));
                fx.push(FriendEffect::StartTimer {
                    id: next,
                    at_ms: now_ms.saturating_add(JOIN_AGAIN_MS),
                });
            }
            TimerKind::Keepalive => {
                let retry = self.mirror.retry_request();
                let at_table = self.mirror.view().is_some();
                let next = self.timer_id(TimerKind::Keepalive);
                let Some(c) = self.channel_mut() else { return };
                if c.keepalive != id {
                    return;
                }
                c.keepalive = next;
                match retry {
                    Some(msg) => fx.push(FriendEffect::Send(msg)),
                    // In the lobby the host holds what friends send until
                    // the start: nothing to ask there.
                    None if !at_table => {}
                    None => {
                        c.ticks = c.ticks.wrapping_add(1);
                        fx.push(FriendEffect::Send(GuestMessage::Ping { nonce: c.ticks }));
                    }
                }
                fx.push(FriendEffect::StartTimer {
                    id: next,
                    at_ms: now_ms.saturating_add(KEEPALIVE_MS),
                });
            }
            TimerKind::Reaction => {
                let Some(at) = self.reaction_timers.iter().position(|t| *t == id) else {
                    return;
                };
                self.reaction_timers.remove(at);
                if self.reactions.expire(now_ms) {
                    fx.push(FriendEffect::Redraw);
                }
            }
        }
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

    fn received(
        &mut self,
        bytes: &[u8],
        now_ms: u64,
        fresh: Option<Fresh>,
        fx: &mut Vec<FriendEffect>,
    ) {
        let Some(c) = self.channel_mut() else { return };
        c.heard = true;
        let received = self.mirror.receive(bytes);
        if let Ok(r) = &received {
            fx.push(FriendEffect::Follow(r.clone()));
        }
        match received {
            Ok(Received::Invalid(_)) => {
                self.notice(Notice::BadView);
                fx.push(FriendEffect::Send(GuestMirror::resync_request()));
            }
            Ok(r) if r.wants_resync() => {
                fx.push(FriendEffect::Send(GuestMirror::resync_request()));
            }
            // A join said again that crossed the table.
            Ok(Received::Refused(Refusal::AlreadyJoined)) => {}
            Ok(Received::Refused(_)) => {
                self.notices.retain(|n| !matches!(n, Notice::RefusedAt(_)));
                self.notice(Notice::RefusedAt(self.mirror.ply()));
            }
            Ok(Received::Synced) => self.notices.retain(|n| *n != Notice::BadView),
            Ok(Received::Sealed { number }) => self.contribute(number, fresh, fx),
            Ok(Received::Revealed) => {
                if let Some(checked) = self.mirror.checked() {
                    fx.push(FriendEffect::Note(format!(
                        "deal {}: checked, {:?}",
                        checked.number, checked.verdict
                    )));
                }
            }
            Ok(Received::Reacted { seat, reaction }) => self.show(seat, reaction, now_ms, fx),
            // The host turned the watch link off: this watcher is let go
            // (the host closes the connection next; nothing knocks again).
            Ok(Received::SharingStopped) => {
                self.cancel_mode_timers(fx);
                self.mode = Mode::LetGo;
                fx.push(FriendEffect::Redraw);
                return;
            }
            Ok(Received::SeatKey(key)) => self.keep_key(key, fx),
            // Another page of this player took the seat up: this one stops
            // here (the host closes it next).
            Ok(Received::Replaced) => {
                self.cancel_mode_timers(fx);
                self.mode = Mode::Replaced;
                fx.push(FriendEffect::ForgetTabSeat);
                fx.push(FriendEffect::Redraw);
                return;
            }
            Ok(Received::NewMatch { .. }) => {
                self.notices.retain(|n| matches!(n, Notice::OtherVersion));
                self.notice(Notice::NewMatch);
            }
            Err(ProtocolError::WrongVersion { .. }) => self.notice(Notice::OtherVersion),
            // Unreadable: nothing changes, but what was lost may have been
            // an update or a new match; ask for the table.
            Err(_) => {
                self.notice(Notice::BadView);
                if let Some(msg) = self.mirror.unreadable() {
                    fx.push(FriendEffect::Send(msg));
                }
            }
            _ => {}
        }
        fx.push(FriendEffect::Redraw);
        let synced = self.mirror.view().is_some() && !self.mirror.held_over();
        if synced {
            if let Mode::Connected(c) = &mut self.mode {
                let mut c = c.clone();
                if let Some(t) = c.join_again.take() {
                    fx.push(FriendEffect::CancelTimer(t));
                }
                self.mode = Mode::Playing(c);
            }
        }
    }

    /// Gives the host's sealed deal `number` this page's share: random
    /// bytes drawn by the page, so the host alone does not choose the deal.
    fn contribute(&mut self, number: u32, fresh: Option<Fresh>, fx: &mut Vec<FriendEffect>) {
        // A watcher plays no part in the deal.
        if self.is_watching() {
            return;
        }
        let Some(fresh) = fresh else {
            fx.push(FriendEffect::Warn(
                "no random bytes for the deal: nothing contributed".into(),
            ));
            return;
        };
        if let Some(msg) = self.mirror.contribute(number, fresh.contribution()) {
            fx.push(FriendEffect::Send(msg));
        }
    }

    /// Keeps `key`, the host's key of this page's seat: every later knock
    /// proves it. A watcher (or an invite) keeps none.
    fn keep_key(&mut self, key: super::signal::SeatKey, fx: &mut Vec<FriendEffect>) {
        let (Entry::Link { table }, Some(seat)) = (&self.entry, self.seat) else {
            return;
        };
        let kept = KeptSeat {
            table: table.clone(),
            seat,
            key,
            name: clean_name(&self.name),
        };
        self.kept = Some(kept.clone());
        fx.push(FriendEffect::StoreKey(kept));
    }

    /// Sends `reaction` from this friend's seat, unless their last went
    /// less than two seconds ago. It shows on their own seat here too.
    fn react(&mut self, reaction: Reaction, now_ms: u64, fx: &mut Vec<FriendEffect>) {
        if self.is_watching() || self.channel().is_none() {
            return;
        }
        let Some(me) = self.mirror.view().map(|v| v.seat) else {
            return;
        };
        if !self.reactions.ready(me, now_ms) {
            return;
        }
        if let Some(msg) = self.mirror.react_request(reaction) {
            fx.push(FriendEffect::Send(msg));
            self.show(me, reaction, now_ms, fx);
        }
    }

    /// `seat`'s reaction shows here (unless muted or too soon after its
    /// last), and goes [`SHOWN_MS`] later.
    fn show(&mut self, seat: Seat, reaction: Reaction, now_ms: u64, fx: &mut Vec<FriendEffect>) {
        if self.reactions.arrive(seat, reaction, now_ms).is_none() {
            return;
        }
        let id = self.start_timer(TimerKind::Reaction, now_ms.saturating_add(SHOWN_MS), fx);
        self.reaction_timers.push(id);
        fx.push(FriendEffect::Redraw);
    }
}
