//! The host's side of an online table: [`HostLink`], the transport.
//!
//! In the lobby the link holds the [`HostSession`]; at the start it hands
//! the session to the game, whose state holds the match from then on (one
//! engine), and the link only carries messages: what a friend sends goes
//! to the game as a [`LinkEvent`], and what the game's session has to say
//! the link sends.

mod deal;
mod door;
mod react;
mod watch_door;

pub use deal::DealNote;
pub use door::TableLinkState;

use super::{code_error_key, page_base, InviteLink, LinkEvent};
use crate::i18n::Key;
use crate::online::host::HeldMessages;
use crate::online::protocol::{Connection, Presence};
use crate::online::turn_limit::TurnLimit;
use crate::online::{GuestMessage, HostSession, Invite, Outgoing, Reply};
use crate::rules::{RuleSet, Seat};
use crate::ui::platform::clock::now_ms;
use crate::ui::platform::console;
use crate::ui::platform::webrtc::{IceConfig, Peer, PeerEvent, Reaches};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;
use yew::Callback;

/// The host's side of an online table.
pub struct HostLink {
    /// The session, until the match starts and the game takes it.
    session: RefCell<Option<HostSession>>,
    /// The seat count and each friend's seat, which the session knew.
    seat_count: u8,
    guests: Vec<Seat>,
    peers: RefCell<BTreeMap<u8, (u32, Rc<Peer>)>>,
    invites: RefCell<BTreeMap<u8, InviteLink>>,
    /// Seats whose data channel is open (before the start, the lobby shows
    /// them connected; their first messages wait for the start).
    open: RefCell<BTreeMap<u8, bool>>,
    started: Cell<bool>,
    /// What friends send before the start, capped per seat (a Join is all
    /// an honest friend sends; a seat over its cap is disconnected).
    held: RefCell<HeldMessages>,
    next_peer: Cell<u32>,
    /// Each seat's latest invitation: a connection prepared for an older
    /// one is closed when it is ready (it would replace the newer one).
    latest: RefCell<BTreeMap<u8, u32>>,
    generation: Cell<u64>,
    on_change: RefCell<Option<Callback<u64>>>,
    /// Where [`LinkEvent`]s go once the match started (the game), and
    /// those that came before it listened.
    on_event: RefCell<Option<Callback<LinkEvent>>>,
    unheard: RefCell<Vec<LinkEvent>>,
    config: IceConfig,
    host_name: String,
    rules: RuleSet,
    /// The host left the table: nothing connects any more.
    closed: Cell<bool>,
    /// The table link's relays and door, once ready.
    door: RefCell<Option<door::TableDoor>>,
    table_link: RefCell<TableLinkState>,
    /// The deals anyone can check: the one waiting for contributions, the
    /// one on the table and its proof.
    deals: RefCell<deal::Deals>,
    /// Quick reactions at the table, as this page shows them (`react.rs`).
    reactions: RefCell<react::HostReactions>,
    /// The watch link and its door (`watch_door.rs`).
    watch: RefCell<watch_door::WatchShare>,
    /// The turn limit chosen in the lobby, for the game to keep.
    turn_limit: Cell<TurnLimit>,
    /// The lobby is of a saved match (the host's page reloaded), not a new
    /// one: it offers to resume it.
    resumed: Cell<bool>,
}

impl PartialEq for HostLink {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl std::fmt::Debug for HostLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostLink").finish_non_exhaustive()
    }
}

impl HostLink {
    /// The transport of `session`'s table: every friend's seat waits for
    /// an invitation.
    pub fn new(session: HostSession, config: IceConfig) -> Rc<HostLink> {
        let host_name = session
            .setup()
            .seats
            .first()
            .map(|s| s.name.clone())
            .unwrap_or_default();
        console::note("a new online table");
        Rc::new(HostLink {
            seat_count: session.game().seat_count() as u8,
            guests: session.guest_seats().collect(),
            rules: *session.game().rules(),
            session: RefCell::new(Some(session)),
            peers: RefCell::default(),
            invites: RefCell::default(),
            open: RefCell::default(),
            started: Cell::new(false),
            held: RefCell::new(HeldMessages::new()),
            next_peer: Cell::new(1),
            latest: RefCell::default(),
            generation: Cell::new(0),
            on_change: RefCell::default(),
            on_event: RefCell::default(),
            unheard: RefCell::default(),
            config,
            host_name,
            closed: Cell::new(false),
            door: RefCell::default(),
            table_link: RefCell::new(TableLinkState::Off),
            deals: RefCell::new(deal::Deals::restored()),
            reactions: RefCell::default(),
            watch: RefCell::default(),
            turn_limit: Cell::new(TurnLimit::Off),
            resumed: Cell::new(false),
        })
    }

    /// Whether the lobby is of a saved match, resumed after a reload.
    pub fn resumed(&self) -> bool {
        self.resumed.get()
    }

    /// The lobby is of a saved match (`true`), or of a new one.
    pub fn set_resumed(&self, resumed: bool) {
        self.resumed.set(resumed);
    }

    /// The turn limit chosen in the lobby (the game keeps it once started).
    pub fn turn_limit(&self) -> TurnLimit {
        self.turn_limit.get()
    }

    /// The lobby's choice of a turn limit.
    pub fn set_turn_limit(&self, limit: TurnLimit) {
        self.turn_limit.set(limit);
        self.changed();
    }

    /// The friends' seats, in seat order.
    pub fn guest_seats(&self) -> Vec<Seat> {
        self.guests.clone()
    }

    /// Bumped on every change a screen shows.
    pub fn generation(&self) -> u64 {
        self.generation.get()
    }

    /// Where changes are reported (the screen showing the table or lobby).
    pub fn set_on_change(&self, cb: Callback<u64>) {
        *self.on_change.borrow_mut() = Some(cb);
    }

    /// Where the friends' messages and connection changes go once the
    /// match started (the game's reducer); those that came before it
    /// listened go there now.
    pub fn set_on_event(&self, cb: Callback<LinkEvent>) {
        let unheard = std::mem::take(&mut *self.unheard.borrow_mut());
        for event in unheard {
            cb.emit(event);
        }
        *self.on_event.borrow_mut() = Some(cb);
    }

    /// Forgets the screens' callbacks (the screen is gone; they would keep
    /// it, and this link, alive).
    pub fn clear_callbacks(&self) {
        self.on_change.borrow_mut().take();
        self.on_event.borrow_mut().take();
    }

    /// Forgets the callbacks of the game screen that listened with
    /// `on_event`, unless another has listened since (the next match's
    /// screen, after "Play again": it keeps the link).
    pub fn clear_callbacks_of(&self, on_event: &Callback<LinkEvent>) {
        if self.on_event.borrow().as_ref() == Some(on_event) {
            self.clear_callbacks();
        }
    }

    /// In the lobby, `change` to the session and what it says is sent; once
    /// the game holds the session, `event` goes to the game instead.
    fn to_session(
        &self,
        change: impl FnOnce(&mut HostSession) -> Vec<(Seat, Outgoing)>,
        event: LinkEvent,
    ) {
        let out = self.session.borrow_mut().as_mut().map(change);
        match out {
            Some(out) => self.send(&out),
            None => {
                let cb = self.on_event.borrow().clone();
                match cb {
                    Some(cb) => cb.emit(event),
                    None => self.unheard.borrow_mut().push(event),
                }
            }
        }
    }

    fn changed(&self) {
        self.generation.set(self.generation.get() + 1);
        let cb = self.on_change.borrow().clone();
        if let Some(cb) = cb {
            cb.emit(self.generation.get());
        }
    }

    /// The STUN server the browser will ask, if any (the lobby names it).
    pub fn stun(&self) -> Option<String> {
        self.config.stun.clone()
    }

    pub fn invite_link(&self, seat: Seat) -> InviteLink {
        self.invites
            .borrow()
            .get(&seat.0)
            .cloned()
            .unwrap_or(InviteLink::Preparing)
    }

    /// How `seat`'s friend stands in the lobby.
    pub fn status(&self, seat: Seat) -> Connection {
        self.status_with(seat, self.presence(seat))
    }

    /// How `seat`'s friend stands, with `presence` as the session says,
    /// and this page's connection to them ([`Connection::in_lobby`]).
    pub fn status_with(&self, seat: Seat, presence: Option<Presence>) -> Connection {
        Connection::in_lobby(
            presence.and_then(|p| p.connection),
            self.open.borrow().get(&seat.0).copied(),
            self.held.borrow().holds(seat),
            self.started.get(),
        )
    }

    /// `seat`'s friend as the session in the lobby says.
    pub fn presence(&self, seat: Seat) -> Option<Presence> {
        self.session.borrow().as_ref()?.presence(seat)
    }

    /// The name `seat` goes by in the lobby: the one its friend gave, once
    /// they said it, else the setup's (the session's word).
    pub fn seat_name(&self, seat: Seat) -> Option<String> {
        self.presence(seat)
            .map(|p| p.name)
            .filter(|n| !n.trim().is_empty())
    }

    /// Whether a bot plays `seat` for the friend meanwhile (in the lobby).
    pub fn bot_playing(&self, seat: Seat) -> bool {
        self.presence(seat).is_some_and(|p| p.bot_playing)
    }

    /// Whether the match can start: every friend connected or replaced.
    pub fn ready(&self) -> bool {
        self.guest_seats()
            .into_iter()
            .all(|s| self.bot_playing(s) || self.status(s) == Connection::Connected)
    }

    pub fn started(&self) -> bool {
        self.started.get()
    }

    /// Starts (or resumes) the match: the friends' first messages, held
    /// until now, are read, so each gets its seat and hand; then the
    /// session goes to the game, which holds the match from now on. `None`
    /// if it was started already.
    pub fn start(self: &Rc<Self>) -> Option<HostSession> {
        if self.started.replace(true) {
            return None;
        }
        let held = self.held.borrow_mut().take_all();
        for (seat, text) in held {
            let id = self.peers.borrow().get(&seat.0).map(|(id, _)| *id);
            if let Some(id) = id {
                self.receive(seat, id, &text);
            }
        }
        let session = self.session.borrow_mut().take();
        self.changed();
        session
    }

    /// Starts the match as [`HostLink::start`] does, after a deal anyone
    /// can check: the friends whose join came are sent the seal of a
    /// secret, and the match is dealt from it and their contributions
    /// (`deal.rs`); `then` gets the session once dealt. A match resumed
    /// after a reload, already dealt, starts at once; so does a table
    /// where no friend joined, or one whose address fixed the seed.
    pub fn start_fairly(self: &Rc<Self>, then: impl FnOnce(HostSession) + 'static) {
        if self.started.get() || self.shuffling() {
            return;
        }
        let (fresh, seats) = {
            let session = self.session.borrow();
            let fresh = session
                .as_ref()
                .is_some_and(|s| s.ply() == 0 && !self.deals.borrow().deals_for(s.save().seed));
            let held = self.held.borrow();
            let seats: Vec<Seat> = self
                .guests
                .iter()
                .copied()
                .filter(|&s| held.holds(s))
                .collect();
            (fresh, seats)
        };
        // An address that asks for a seed (`?seed=`, for a fixed deal)
        // is obeyed: that deal is the host's choice, and is not sealed.
        let fixed = crate::ui::platform::clock::seed_from_address().is_some();
        if !fresh || seats.is_empty() || fixed {
            if let Some(session) = self.start() {
                then(session);
            }
            return;
        }
        let weak = Rc::downgrade(self);
        self.deal_fairly(seats.clone(), move |seed| {
            let Some(link) = weak.upgrade() else { return };
            if let Some(session) = link.session.borrow_mut().as_mut() {
                session.redeal(seed);
            }
            if let Some(session) = link.start() {
                link.say_who_was_left_out(&seats);
                then(session);
            }
        });
    }

    /// Deals the next match at this table ("Play again") the same way:
    /// `then` gets its seed once the connected friends' contributions
    /// came, or the wait ended.
    pub fn deal_next(self: &Rc<Self>, then: impl FnOnce(u64) + 'static) {
        let seats = self.open_seats();
        let weak = Rc::downgrade(self);
        self.deal_fairly(seats.clone(), move |seed| {
            then(seed);
            if let Some(link) = weak.upgrade() {
                link.say_who_was_left_out(&seats);
            }
        });
    }

    /// The friends' seats whose connection is open now (watchers not).
    pub fn open_seats(&self) -> Vec<Seat> {
        self.open_pages()
            .into_iter()
            .filter(|&s| !crate::online::watch::is_watcher(s))
            .collect()
    }

    /// Every page connected now: the friends' seats and the watchers'
    /// addresses.
    pub fn open_pages(&self) -> Vec<Seat> {
        self.open
            .borrow()
            .iter()
            .filter(|(_, &open)| open)
            .map(|(&s, _)| Seat(s))
            .collect()
    }

    /// A new connection for `seat` (an invitation, or a friend who came by
    /// the table link): the seat's old connection is dropped, and what it
    /// held forgotten. Returns the new connection's number.
    fn new_connection(self: &Rc<Self>, seat: Seat) -> u32 {
        let id = self.next_peer.get();
        self.next_peer.set(id + 1);
        self.latest.borrow_mut().insert(seat.0, id);
        if let Some((_, old)) = self.peers.borrow_mut().remove(&seat.0) {
            old.close();
        }
        self.open.borrow_mut().remove(&seat.0);
        self.held.borrow_mut().forget(seat);
        self.to_session(|s| s.invite_again(seat), LinkEvent::Invited(seat));
        id
    }

    /// What connection `id` of `seat` reports goes to [`Self::peer_event`].
    fn on_peer_event(self: &Rc<Self>, seat: Seat, id: u32) -> Rc<dyn Fn(PeerEvent)> {
        let weak = Rc::downgrade(self);
        Rc::new(move |event| {
            if let Some(link) = weak.upgrade() {
                link.peer_event(seat, id, event);
            }
        })
    }

    /// Prepares a new invite link for `seat` (a first one, or after a
    /// disconnection: the seat's old connection is dropped).
    pub fn invite(self: &Rc<Self>, seat: Seat) {
        console::note(&format!(
            "seat {}: invitation {} ({} before it)",
            seat.0,
            self.next_peer.get(),
            match self.invite_link(seat) {
                InviteLink::Preparing => "none ready",
                InviteLink::Ready(_) => "one ready",
                InviteLink::Failed => "one failed",
                InviteLink::ByTableLink => "the table link's",
            }
        ));
        let id = self.new_connection(seat);
        self.invites
            .borrow_mut()
            .insert(seat.0, InviteLink::Preparing);
        self.changed();
        let weak = Rc::downgrade(self);
        let on_event = self.on_peer_event(seat, id);
        let config = self.config.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let result = Peer::offer(&config, Reaches::Friend, on_event).await;
            let Some(link) = weak.upgrade() else { return };
            let replaced = link.latest.borrow().get(&seat.0) != Some(&id);
            if link.closed.get() || replaced {
                if let Ok((peer, _)) = result {
                    peer.close();
                }
                return;
            }
            console::note(&format!(
                "seat {}: invitation {id} {}",
                seat.0,
                if result.is_ok() { "ready" } else { "failed" }
            ));
            let state = match result {
                Ok((peer, offer)) => {
                    let code = Invite {
                        seat,
                        seat_count: link.seat_count,
                        host_name: link.host_name.clone(),
                        rules: link.rules,
                        offer,
                    }
                    .encode();
                    link.peers.borrow_mut().insert(seat.0, (id, Rc::new(peer)));
                    InviteLink::Ready(crate::online::invite_url(&page_base(), &code))
                }
                Err(_) => InviteLink::Failed,
            };
            link.invites.borrow_mut().insert(seat.0, state);
            link.changed();
        });
    }

    /// Connects `seat` with the reply code its friend sent back.
    ///
    /// # Errors
    /// The message to show: the code is unreadable, or for another seat.
    pub fn connect(self: &Rc<Self>, seat: Seat, text: &str) -> Result<(), Key> {
        let reply = Reply::decode(text).map_err(|e| code_error_key(&e))?;
        if reply.seat != seat {
            return Err(Key::CodeOtherSeat);
        }
        console::note(&format!("seat {}: a reply code to connect", seat.0));
        let answer = reply.answer;
        let this = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let peer = this.peers.borrow().get(&seat.0).map(|(_, p)| p.clone());
            let ok = match peer {
                Some(peer) => peer.accept(&answer).await.is_ok(),
                None => false,
            };
            if !ok {
                this.invites.borrow_mut().insert(seat.0, InviteLink::Failed);
                this.changed();
            }
        });
        Ok(())
    }

    fn peer_event(self: &Rc<Self>, seat: Seat, id: u32, event: PeerEvent) {
        if crate::online::watch::is_watcher(seat) {
            return self.watcher_event(seat, id, event);
        }
        let current = self
            .peers
            .borrow()
            .get(&seat.0)
            .is_some_and(|(pid, _)| *pid == id);
        if !current {
            let what = match event {
                PeerEvent::Open => "an opening",
                PeerEvent::Message(_) => "a message",
                PeerEvent::Closed => "a closing",
            };
            console::warn(&format!(
                "seat {}: {what} from a replaced connection ignored",
                seat.0
            ));
            return;
        }
        match &event {
            PeerEvent::Open => console::note(&format!("seat {}: connection {id} open", seat.0)),
            PeerEvent::Message(_) if !self.started.get() => {
                console::note(&format!("seat {}: a message before the start", seat.0))
            }
            PeerEvent::Closed => console::note(&format!("seat {}: connection {id} closed", seat.0)),
            PeerEvent::Message(_) => {}
        }
        if matches!(event, PeerEvent::Open) {
            self.open.borrow_mut().insert(seat.0, true);
        }
        if matches!(event, PeerEvent::Open | PeerEvent::Closed) {
            if matches!(event, PeerEvent::Closed) {
                self.open.borrow_mut().insert(seat.0, false);
            }
            self.door_follows(seat, &event);
        }
        match event {
            PeerEvent::Open => {
                self.changed();
            }
            PeerEvent::Message(text) => {
                let read = GuestMessage::decode(text.as_bytes());
                if matches!(read, Ok(GuestMessage::Join { .. })) {
                    // A join shows the channel carries messages both ways
                    // (one sent as it opened is sometimes lost): the
                    // friend's seat key goes now, at every join.
                    self.send_seat_key(seat);
                }
                if let Ok(GuestMessage::Contribute {
                    number,
                    contribution,
                }) = read
                {
                    // A share of the deal is the page's, before the start
                    // and after it (`deal.rs`): the session never sees it.
                    self.contributed(seat, number, contribution);
                } else if self.started.get() {
                    self.receive(seat, id, &text);
                    if matches!(read, Ok(GuestMessage::Join { .. })) {
                        self.reveal_again(seat);
                    }
                } else if !matches!(read, Ok(GuestMessage::Join { .. })) {
                    // Before the start only a join means anything: a move
                    // read at the start would reach the session before the
                    // game screen listens. Anything else is dropped.
                } else if self.held.borrow().holds(seat) {
                    // The join said again (a friend's page repeats it until
                    // the table comes): the first one held is the one.
                } else if self.held.borrow_mut().push(seat, text).is_err() {
                    // A flood before the start: that friend is dropped.
                    self.held.borrow_mut().forget(seat);
                    if let Some((_, peer)) = self.peers.borrow_mut().remove(&seat.0) {
                        peer.close();
                    }
                    self.open.borrow_mut().insert(seat.0, false);
                    self.changed();
                } else {
                    // The friend said who they are: the lobby shows them
                    // connected, by the name they gave.
                    if let (Ok(GuestMessage::Join { name }), Some(session)) =
                        (&read, self.session.borrow_mut().as_mut())
                    {
                        session.named(seat, name);
                    }
                    self.changed();
                }
            }
            PeerEvent::Closed => {
                self.open.borrow_mut().insert(seat.0, false);
                self.peers.borrow_mut().remove(&seat.0);
                self.to_session(|s| s.disconnect(seat), LinkEvent::Closed(seat));
                self.changed();
            }
        }
    }

    /// One message from `seat`'s friend, for the session to check (in the
    /// lobby, or the game's).
    fn receive(self: &Rc<Self>, seat: Seat, id: u32, text: &str) {
        let still = self
            .peers
            .borrow()
            .get(&seat.0)
            .is_some_and(|(pid, _)| *pid == id);
        if !still {
            return;
        }
        let now_ms = now_ms() as u64;
        let message = GuestMessage::decode(text.as_bytes());
        let read = message.clone();
        self.to_session(
            move |s| s.receive_read(seat, read, now_ms).out,
            LinkEvent::Message {
                seat,
                message,
                now_ms,
            },
        );
        self.changed();
    }

    /// In the lobby: a Medium bot plays `seat` until it is given back.
    pub fn bot_takes(&self, seat: Seat) {
        let out = self
            .session
            .borrow_mut()
            .as_mut()
            .map(|s| s.bot_takes(seat));
        self.send(out.iter().flatten());
        self.changed();
    }

    /// In the lobby: the friend plays their seat again.
    pub fn give_back(&self, seat: Seat) {
        let out = self
            .session
            .borrow_mut()
            .as_mut()
            .map(|s| s.give_back(seat));
        self.send(out.iter().flatten());
        self.changed();
    }

    /// Sends what a session says to the friends (in order).
    pub fn send<'a>(&self, out: impl IntoIterator<Item = &'a (Seat, Outgoing)>) {
        for (seat, outgoing) in out {
            match outgoing {
                Outgoing::Message(msg) => {
                    let bytes = msg.encode();
                    let text = String::from_utf8_lossy(&bytes);
                    if let Some((_, peer)) = self.peers.borrow().get(&seat.0) {
                        peer.send(&text);
                    }
                }
                Outgoing::Close => {
                    if let Some((_, peer)) = self.peers.borrow_mut().remove(&seat.0) {
                        peer.close();
                    }
                    self.open.borrow_mut().insert(seat.0, false);
                    // A watcher's address is free again (the session
                    // freed its place as it closed it).
                    if crate::online::watch::is_watcher(*seat) {
                        self.latest.borrow_mut().remove(&seat.0);
                    }
                }
            }
        }
    }

    /// Closes every connection (the host leaves the table).
    pub fn close_all(&self) {
        console::note("the table's connections are all closed");
        self.closed.set(true);
        self.close_door();
        self.forget_deals();
        self.close_watch_door();
        for (_, (_, peer)) in std::mem::take(&mut *self.peers.borrow_mut()) {
            peer.close();
        }
        self.clear_callbacks();
    }
}
