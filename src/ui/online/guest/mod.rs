//! A friend's side of an online table: [`GuestLink`]. By the table link,
//! its knocks through the relays are in [`knock`].

mod knock;
mod react;

pub use knock::Returning;
use knock::{kept_seat, Knocking, SEAT_KEY};

use super::{code_error_key, ice_config};
use crate::i18n::{self, Key, Lang};
use crate::online::protocol::Refusal;
use crate::online::signal::{Refused, TableLink};
use crate::online::{GuestMessage, GuestMirror, Invite, ProtocolError, Received, Reply};
use crate::routes::JOIN_PREFIX;
use crate::rules::{Action, RuleSet, Seat};
use crate::table::{friend, TableModel};
use crate::ui::platform::console;
use crate::ui::platform::prefs::NetworkPrefs;
use crate::ui::platform::storage;
use crate::ui::platform::webrtc::{IceConfig, Peer, PeerEvent, Reaches};
use gloo_timers::callback::Interval;
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use yew::Callback;

/// How often a friend's page checks on the connection: a resync asked for
/// and not answered is asked again, otherwise a ping. Within the host's
/// limits (`RESYNCS_IN_WINDOW` and `PINGS_IN_WINDOW` a minute).
const KEEPALIVE_MS: u32 = 20_000;

/// How often a friend's page says its join again while it waits for the
/// table: a join sent as the channel opened sometimes never reaches the
/// host's page (seen about once in twenty runs of the browser tests on a
/// busy machine: the host's channel opens, its first message does not
/// come). The host keeps one join per seat until the start; one that
/// crosses the table is refused as already joined, which this page takes
/// in silence.
const JOIN_AGAIN_MS: u32 = 2_000;

/// Where a friend's page stands.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GuestPhase {
    /// The invite was read; nothing connects until the friend presses
    /// "Join" (opening a link alone sends nothing anywhere).
    Ready,
    /// The browser prepares the answer.
    Preparing,
    /// The reply code is ready to be sent back.
    Reply(String),
    /// Connected: waiting for the host to start.
    Connected,
    /// At the table.
    Playing,
    /// The connection is gone.
    Lost,
    /// The browser could not prepare a connection.
    Failed,
    /// By the table link: the offer goes out through the relays until the
    /// host answers.
    Knocking,
    /// By the table link: the host turned this friend away.
    Refused(Refused),
    /// By the table link: no answer came through the relays.
    Unanswered,
    /// Another page of this seat's player (a new tab) took the seat up:
    /// this one stops, and knocks again only when asked ("Play here").
    Replaced,
}

/// How a friend's page came to the table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Ticket {
    /// An invite link for one seat: the reply code goes back by hand.
    Code(Invite),
    /// The table link: the relays carry the offer and the answer.
    Table(TableLink),
}

/// How a friend's page calls a seat: "You" for their own (`me`), the name
/// its player chose, or a bot's heading.
fn seat_name(lang: Lang, me: Option<Seat>, seat: Seat, chosen: &str) -> String {
    if Some(seat) == me {
        i18n::tr(lang, Key::You).to_string()
    } else if chosen.trim().is_empty() {
        i18n::bot_heading(lang, seat.index())
    } else {
        chosen.to_string()
    }
}

/// A friend's side of an online table.
pub struct GuestLink {
    ticket: Ticket,
    /// The table link's knocking, until the host answers.
    knocking: RefCell<Option<Knocking>>,
    /// The seat the host gave this friend by the table link: asked for
    /// again when the page knocks after a lost connection or a reload.
    seat: Cell<Option<Seat>>,
    /// Something came from the host since the connection opened: its
    /// join arrived.
    heard: Cell<bool>,
    /// The friend left the table: nothing connects again.
    left: Cell<bool>,
    /// The ICE servers the browser will use (the page names the STUN one).
    config: IceConfig,
    peer: RefCell<Option<Rc<Peer>>>,
    phase: RefCell<GuestPhase>,
    mirror: RefCell<GuestMirror>,
    name: RefCell<String>,
    generation: Cell<u64>,
    on_change: RefCell<Option<Callback<u64>>>,
    /// The ply at which the host refused this friend's last move: the
    /// notice shows until the match moves on or they try again.
    refused: Cell<Option<u32>>,
    /// The host sent a table this page could not use (a notice shows until
    /// the next good one).
    bad_view: Cell<bool>,
    /// The host's page speaks another version of the protocol (a notice
    /// shows: a resync would not help).
    other_version: Cell<bool>,
    /// The host started a new match at this table and this friend has not
    /// played in it yet (a notice shows).
    new_match: Cell<bool>,
    /// Asks again for a lost resync, and pings the host, while connected.
    keepalive: RefCell<Option<Interval>>,
    /// Says the join again until the table arrives ([`JOIN_AGAIN_MS`]).
    joining: RefCell<Option<Interval>>,
    /// The last ping's number.
    ticks: Cell<u32>,
    /// The table from this friend's seat, kept from what the mirror receives.
    table: RefCell<Option<Rc<TableModel>>>,
    /// The language the seats are named in.
    lang: Cell<Lang>,
    /// Quick reactions at the table, as this page shows them (`react.rs`).
    reactions: RefCell<crate::online::reactions::Board>,
    /// This page came by the watch link: it watches, takes no seat, and
    /// says [`GuestMessage::Watch`] where a friend says its join.
    watching: Cell<bool>,
    /// The host stopped sharing the watch link: this watcher's connection
    /// is over for good (nothing knocks again).
    sharing_stopped: Cell<bool>,
    /// This browser sat at this table before (its seat's key is kept),
    /// and this page has not knocked yet: Join takes that seat back.
    returning: RefCell<Option<Returning>>,
}

impl PartialEq for GuestLink {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl GuestLink {
    /// Reads an invite link (the whole address or just its code). Nothing
    /// connects yet: [`GuestLink::join`] does, on the friend's click.
    ///
    /// # Errors
    /// The message to show for a code that cannot be read.
    pub fn open(text: &str, net: &NetworkPrefs) -> Result<Rc<GuestLink>, Key> {
        let code = text.rsplit_once(JOIN_PREFIX).map_or(text, |(_, c)| c);
        let invite = Invite::decode(code).map_err(|e| code_error_key(&e))?;
        Ok(GuestLink::with(Ticket::Code(invite), net))
    }

    /// Reads a table link (the whole address or its code). Nothing
    /// connects until the friend presses "Join".
    ///
    /// # Errors
    /// The link cannot be read.
    pub fn open_table(text: &str, net: &NetworkPrefs) -> Result<Rc<GuestLink>, Key> {
        let link = TableLink::decode(text).map_err(|_| Key::CodeDamaged)?;
        let code = link.encode();
        let this = GuestLink::with(Ticket::Table(link), net);
        // A reload of a tab that sat at this table: back to the same seat,
        // with nobody doing anything.
        if let Some((seat, name)) = kept_seat(&code) {
            console::note(&format!("the table link: back to seat {}", seat.0));
            this.seat.set(Some(seat));
            this.set_name(&name);
            this.join();
        } else if let Some(kept) = this.kept_key() {
            // Another tab, or the browser reopened: the seat is offered
            // back, on the friend's click (two tabs knocking by themselves
            // would take the seat from each other).
            console::note(&format!("the table link: seat {} kept here", kept.seat.0));
            this.seat.set(Some(kept.seat));
            this.set_name(&kept.name);
            *this.returning.borrow_mut() = Some(Returning {
                seat: kept.seat,
                name: kept.name,
            });
        }
        Ok(this)
    }

    /// Reads a watch link (the whole address or its code). Nothing
    /// connects until the watcher presses "Watch".
    ///
    /// # Errors
    /// The link cannot be read (a table link is not a watch link).
    pub fn open_watch(text: &str, net: &NetworkPrefs) -> Result<Rc<GuestLink>, Key> {
        let link = TableLink::decode_watch(text).map_err(|_| Key::CodeDamaged)?;
        let this = GuestLink::with(Ticket::Table(link), net);
        this.watching.set(true);
        *this.mirror.borrow_mut() = GuestMirror::watching();
        Ok(this)
    }

    /// Whether this page came by the watch link.
    pub fn is_watching(&self) -> bool {
        self.watching.get()
    }

    /// Whether the host stopped sharing the watch link (this watcher was
    /// let go).
    pub fn sharing_stopped(&self) -> bool {
        self.sharing_stopped.get()
    }

    /// The first message on a connection: a friend's join, or a watcher's
    /// watch.
    fn hello(&self) -> GuestMessage {
        let name = self.name.borrow();
        if self.watching.get() {
            GuestMirror::watch_request(&name)
        } else {
            GuestMirror::join_request(&name)
        }
    }

    fn with(ticket: Ticket, net: &NetworkPrefs) -> Rc<GuestLink> {
        Rc::new(GuestLink {
            ticket,
            knocking: RefCell::default(),
            seat: Cell::new(None),
            heard: Cell::new(false),
            left: Cell::new(false),
            config: ice_config(net),
            peer: RefCell::default(),
            phase: RefCell::new(GuestPhase::Ready),
            mirror: RefCell::default(),
            name: RefCell::default(),
            generation: Cell::new(0),
            on_change: RefCell::default(),
            refused: Cell::new(None),
            bad_view: Cell::new(false),
            other_version: Cell::new(false),
            new_match: Cell::new(false),
            keepalive: RefCell::default(),
            joining: RefCell::default(),
            ticks: Cell::new(0),
            table: RefCell::default(),
            lang: Cell::new(Lang::default()),
            reactions: RefCell::default(),
            watching: Cell::new(false),
            sharing_stopped: Cell::new(false),
            returning: RefCell::default(),
        })
    }

    /// The host's name, as the link gave it.
    pub fn host_name(&self) -> String {
        match &self.ticket {
            Ticket::Code(invite) => invite.host_name.clone(),
            Ticket::Table(link) => link.host_name.clone(),
        }
    }

    /// The table's rules, as the link gave them.
    pub fn rules(&self) -> RuleSet {
        match &self.ticket {
            Ticket::Code(invite) => invite.rules,
            Ticket::Table(link) => link.rules,
        }
    }

    /// The number of seats, if the link says (an invite does).
    pub fn seat_count(&self) -> Option<u8> {
        match &self.ticket {
            Ticket::Code(invite) => Some(invite.seat_count),
            Ticket::Table(_) => None,
        }
    }

    /// The relays a table link goes through (none for an invite).
    pub fn relays(&self) -> Vec<String> {
        match &self.ticket {
            Ticket::Code(_) => Vec::new(),
            Ticket::Table(link) => link.relays.iter().map(|r| r.line()).collect(),
        }
    }

    /// The STUN server the browser will ask for its public address, if any
    /// (the page names it before the friend joins).
    pub fn stun(&self) -> Option<String> {
        self.config.stun.clone()
    }

    /// Starts preparing the reply code (the friend pressed "Join").
    pub fn join(self: &Rc<Self>) {
        let again = matches!(
            *self.phase.borrow(),
            GuestPhase::Refused(_) | GuestPhase::Unanswered | GuestPhase::Replaced
        );
        if *self.phase.borrow() != GuestPhase::Ready && !again {
            return;
        }
        *self.phase.borrow_mut() = GuestPhase::Preparing;
        self.changed();
        let invite = match &self.ticket {
            Ticket::Code(invite) => invite.clone(),
            Ticket::Table(link) => {
                self.join_by_link(link.clone());
                return;
            }
        };
        let weak = Rc::downgrade(self);
        let config = self.config.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let on_event: Rc<dyn Fn(PeerEvent)> = {
                let weak: Weak<GuestLink> = weak.clone();
                Rc::new(move |event| {
                    if let Some(link) = weak.upgrade() {
                        link.peer_event(event);
                    }
                })
            };
            let result = Peer::answer(&config, Reaches::Host, &invite.offer, on_event).await;
            let Some(link) = weak.upgrade() else { return };
            let phase = match result {
                Ok((peer, answer)) => {
                    *link.peer.borrow_mut() = Some(Rc::new(peer));
                    let code = Reply {
                        seat: invite.seat,
                        answer,
                    }
                    .encode();
                    GuestPhase::Reply(code)
                }
                Err(_) => GuestPhase::Failed,
            };
            // The channel may already be open (a very quick host).
            if matches!(*link.phase.borrow(), GuestPhase::Preparing) {
                *link.phase.borrow_mut() = phase;
            }
            link.changed();
        });
    }

    /// Whether the host's last table could not be used (a notice shows;
    /// the page has asked for it again).
    pub fn bad_view(&self) -> bool {
        self.bad_view.get()
    }

    /// Whether the host's page speaks another version of the protocol.
    pub fn other_version(&self) -> bool {
        self.other_version.get()
    }

    /// Whether the host started a new match at this table ("Play again")
    /// and this friend has not played in it yet.
    pub fn new_match(&self) -> bool {
        self.new_match.get()
    }

    /// Every [`KEEPALIVE_MS`] while connected: a resync asked for and not
    /// answered is asked for again, and every so often a ping lets the
    /// host's answer (which carries its ply) reveal a lost update.
    fn start_keepalive(self: &Rc<Self>) {
        let weak = Rc::downgrade(self);
        let interval = Interval::new(KEEPALIVE_MS, move || {
            if let Some(link) = weak.upgrade() {
                link.keepalive_tick();
            }
        });
        *self.keepalive.borrow_mut() = Some(interval);
    }

    /// Every [`JOIN_AGAIN_MS`] until the table arrives: the join again.
    fn start_joining(self: &Rc<Self>) {
        let weak = Rc::downgrade(self);
        let interval = Interval::new(JOIN_AGAIN_MS, move || {
            let Some(link) = weak.upgrade() else { return };
            if link.heard.get() {
                link.joining.borrow_mut().take();
                return;
            }
            let join = link.hello();
            if link.send(&join) {
                console::note("the join sent again");
            }
        });
        *self.joining.borrow_mut() = Some(interval);
    }

    fn keepalive_tick(&self) {
        let (retry, at_table) = {
            let mirror = self.mirror.borrow();
            (mirror.retry_request(), mirror.view().is_some())
        };
        match retry {
            Some(msg) => {
                self.send(&msg);
            }
            // In the lobby the host holds what friends send until the
            // start: nothing to ask there.
            None if !at_table => {}
            None => {
                let nonce = self.ticks.get().wrapping_add(1);
                self.ticks.set(nonce);
                self.send(&GuestMessage::Ping { nonce });
            }
        }
    }

    pub fn generation(&self) -> u64 {
        self.generation.get()
    }

    pub fn set_on_change(&self, cb: Callback<u64>) {
        *self.on_change.borrow_mut() = Some(cb);
    }

    fn changed(&self) {
        self.generation.set(self.generation.get() + 1);
        let cb = self.on_change.borrow().clone();
        if let Some(cb) = cb {
            cb.emit(self.generation.get());
        }
    }

    pub fn phase(&self) -> GuestPhase {
        self.phase.borrow().clone()
    }

    /// The name sent to the host when the connection opens.
    pub fn set_name(&self, name: &str) {
        *self.name.borrow_mut() = name.to_string();
    }

    pub fn name(&self) -> String {
        self.name.borrow().clone()
    }

    /// The seat's mirror, to read the table from.
    pub fn mirror(&self) -> std::cell::Ref<'_, GuestMirror> {
        self.mirror.borrow()
    }

    /// Whether the host refused the last move, and nothing moved since
    /// (reading it changes nothing, so every render agrees).
    pub fn refused(&self) -> bool {
        self.refused.get() == Some(self.mirror.borrow().ply())
    }

    /// Gives the host's sealed deal `number` this page's share: random
    /// bytes drawn here, so the host alone does not choose the deal.
    fn contribute(&self, number: u32) {
        if self.watching.get() {
            // A watcher plays no part in the deal.
            return;
        }
        let mut bytes = [0u8; 16];
        if getrandom::fill(&mut bytes).is_err() {
            console::warn("no random bytes for the deal: nothing contributed");
            return;
        }
        let message = self
            .mirror
            .borrow_mut()
            .contribute(number, crate::online::fair::Contribution(bytes));
        if let Some(message) = message {
            self.send(&message);
        }
    }

    fn peer_event(self: &Rc<Self>, event: PeerEvent) {
        match event {
            PeerEvent::Open => {
                self.heard.set(false);
                // Back after a lost connection: the table shown until now
                // stays, nothing played from it, until the host's sync
                // (if the host's page reloaded into its lobby, until the
                // host resumes the match); the page says it waits.
                self.mirror.borrow_mut().reconnected();
                *self.phase.borrow_mut() = GuestPhase::Connected;
                let join = self.hello();
                let sent = self.send(&join);
                console::note(if sent {
                    "the join sent"
                } else {
                    "the join could not be sent"
                });
                self.start_keepalive();
                self.start_joining();
            }
            PeerEvent::Message(text) => {
                self.heard.set(true);
                let received = self.mirror.borrow_mut().receive(text.as_bytes());
                if let Ok(r) = &received {
                    self.follow(r);
                }
                match received {
                    Ok(Received::Invalid(_)) => {
                        self.bad_view.set(true);
                        self.send(&GuestMirror::resync_request());
                    }
                    Ok(r) if r.wants_resync() => {
                        self.send(&GuestMirror::resync_request());
                    }
                    // A join said again that crossed the table.
                    Ok(Received::Refused(Refusal::AlreadyJoined)) => {}
                    Ok(Received::Refused(_)) => self.refused.set(Some(self.mirror.borrow().ply())),
                    Ok(Received::Synced) => self.bad_view.set(false),
                    Ok(Received::Sealed { number }) => self.contribute(number),
                    Ok(Received::Revealed) => {
                        if let Some(checked) = self.mirror.borrow().checked() {
                            console::note(&format!(
                                "deal {}: checked, {:?}",
                                checked.number, checked.verdict
                            ));
                        }
                    }
                    Ok(Received::Reacted { seat, reaction }) => self.show(seat, reaction),
                    // The host turned the watch link off: this watcher is
                    // let go (the host closes the connection next).
                    Ok(Received::SharingStopped) => {
                        self.sharing_stopped.set(true);
                        self.left.set(true);
                    }
                    Ok(Received::SeatKey(key)) => self.keep_key(key),
                    // Another page of this player took the seat up: this
                    // one stops here (the host closes it next).
                    Ok(Received::Replaced) => {
                        *self.phase.borrow_mut() = GuestPhase::Replaced;
                        self.keepalive.borrow_mut().take();
                        self.joining.borrow_mut().take();
                        storage::tab::delete(SEAT_KEY);
                        self.changed();
                        return;
                    }
                    Ok(Received::NewMatch { .. }) => {
                        self.bad_view.set(false);
                        self.refused.set(None);
                        self.new_match.set(true);
                    }
                    Err(ProtocolError::WrongVersion { .. }) => self.other_version.set(true),
                    // Unreadable: nothing changes, but what was lost may
                    // have been an update or a new match; ask for the table.
                    Err(_) => {
                        self.bad_view.set(true);
                        let resync = self.mirror.borrow_mut().unreadable();
                        if let Some(msg) = resync {
                            self.send(&msg);
                        }
                    }
                    _ => {}
                }
                let synced = {
                    let mirror = self.mirror.borrow();
                    mirror.view().is_some() && !mirror.held_over()
                };
                if synced {
                    *self.phase.borrow_mut() = GuestPhase::Playing;
                    self.joining.borrow_mut().take();
                }
            }
            // Replaced by another page of this player: stays so.
            PeerEvent::Closed if *self.phase.borrow() == GuestPhase::Replaced => {
                self.peer.borrow_mut().take();
            }
            PeerEvent::Closed => {
                *self.phase.borrow_mut() = GuestPhase::Lost;
                self.peer.borrow_mut().take();
                self.keepalive.borrow_mut().take();
                self.joining.borrow_mut().take();
                // By the table link, the page knocks again for its seat:
                // the host reloaded, or the network changed.
                // A watcher knocks again the same way (no seat to ask for).
                let knocks = self.seat.get().is_some() || self.watching.get();
                if knocks && !self.left.get() {
                    if let Ticket::Table(link) = &self.ticket {
                        console::note("the table link: the connection was lost, knocking again");
                        *self.phase.borrow_mut() = GuestPhase::Preparing;
                        self.join_by_link(link.clone());
                    }
                }
            }
        }
        self.changed();
    }

    /// Moves the table on by what the mirror just received.
    fn follow(&self, received: &Received) {
        let mut slot = self.table.borrow_mut();
        let mut table = slot.take().map(Rc::unwrap_or_clone);
        let lang = self.lang.get();
        let mirror = self.mirror.borrow();
        let me = mirror.view().map(|v| v.seat);
        friend::follow(&mut table, &mirror, received, &|seat, chosen| {
            seat_name(lang, me, seat, chosen)
        });
        *slot = table.map(Rc::new);
    }

    /// The table from this friend's seat, its seats named in `lang`.
    pub fn table(&self, lang: Lang) -> Option<Rc<TableModel>> {
        if self.lang.replace(lang) != lang {
            let mirror = self.mirror.borrow();
            let me = mirror.view().map(|v| v.seat);
            if let Some(model) = self.table.borrow_mut().as_mut() {
                Rc::make_mut(model).set_names(friend::names(&mirror, &|seat, chosen| {
                    seat_name(lang, me, seat, chosen)
                }));
            }
        }
        self.table.borrow().clone()
    }

    /// Sends `msg` to the host; `false` if it could not go (no connection,
    /// the channel not open, the browser refused it).
    fn send(&self, msg: &GuestMessage) -> bool {
        let bytes = msg.encode();
        self.peer
            .borrow()
            .as_ref()
            .is_some_and(|peer| peer.send(&String::from_utf8_lossy(&bytes)))
    }

    /// Asks the host to take `action` for this seat: once a ply (a second
    /// ask before the host answers goes nowhere).
    pub fn act(&self, action: Action) {
        self.refused.set(None);
        self.new_match.set(false);
        let request = self.mirror.borrow_mut().act(action);
        if let Some(msg) = request {
            self.send(&msg);
        }
    }

    /// "I'm back": asks the host for this seat back from the stand-in bot
    /// that plays it (nothing while none does).
    pub fn take_seat_back(&self) {
        let request = self.mirror.borrow().back_request();
        if let Some(msg) = request {
            self.send(&msg);
        }
    }

    /// Closes the connection (the friend leaves the table).
    pub fn leave(&self) {
        self.left.set(true);
        storage::tab::delete(SEAT_KEY);
        self.stop_knocking();
        self.keepalive.borrow_mut().take();
        self.joining.borrow_mut().take();
        if let Some(peer) = self.peer.borrow_mut().take() {
            peer.close();
        }
    }
}
