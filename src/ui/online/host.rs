//! The host's side of an online table: [`HostLink`].

use super::{code_error_key, page_base, InviteLink, SeatStatus};
use crate::online::host::{HeldMessages, Mover, Outbox};
use crate::online::protocol::{Connection, Presence};
use crate::online::{GuestMessage, HostSession, Invite, Outgoing, Reply, SavedTable, TableSetup};
use crate::rules::{Action, RuleSet, Seat};
use crate::ui::i18n::Key;
use crate::ui::platform::clock::now_ms;
use crate::ui::platform::webrtc::{IceConfig, Peer, PeerEvent};
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use yew::Callback;

/// The host's side of an online table.
pub struct HostLink {
    session: RefCell<HostSession>,
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
    generation: Cell<u64>,
    on_change: RefCell<Option<Callback<u64>>>,
    on_remote: RefCell<Option<Callback<(Seat, Action)>>>,
    config: IceConfig,
    host_name: String,
    rules: RuleSet,
    /// The host left the table: nothing connects any more.
    closed: Cell<bool>,
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
    /// A table for `setup` dealt from `seed`, with `actions` already taken
    /// (a resumed match): every friend's seat waits for an invitation.
    pub fn new(
        table: TableSetup,
        seed: u64,
        actions: Vec<Action>,
        config: IceConfig,
    ) -> Option<Rc<HostLink>> {
        let host_name = table
            .seats
            .first()
            .map(|s| s.name.clone())
            .unwrap_or_default();
        let rules = table.rules;
        let session = HostSession::restore(SavedTable {
            setup: table,
            seed,
            actions,
        })
        .ok()?;
        Some(Rc::new(HostLink {
            session: RefCell::new(session),
            peers: RefCell::default(),
            invites: RefCell::default(),
            open: RefCell::default(),
            started: Cell::new(false),
            held: RefCell::new(HeldMessages::new()),
            next_peer: Cell::new(1),
            generation: Cell::new(0),
            on_change: RefCell::default(),
            on_remote: RefCell::default(),
            config,
            host_name,
            rules,
            closed: Cell::new(false),
        }))
    }

    /// The friends' seats, in seat order.
    pub fn guest_seats(&self) -> Vec<Seat> {
        self.session.borrow().guest_seats().collect()
    }

    /// Bumped on every change a screen shows.
    pub fn generation(&self) -> u64 {
        self.generation.get()
    }

    /// Where changes are reported (the screen showing the table or lobby).
    pub fn set_on_change(&self, cb: Callback<u64>) {
        *self.on_change.borrow_mut() = Some(cb);
    }

    /// Where a friend's accepted action goes (the game's reducer).
    pub fn set_on_remote(&self, cb: Callback<(Seat, Action)>) {
        *self.on_remote.borrow_mut() = Some(cb);
    }

    /// Forgets the screens' callbacks (the screen is gone; they would keep
    /// it, and this link, alive).
    pub fn clear_callbacks(&self) {
        self.on_change.borrow_mut().take();
        self.on_remote.borrow_mut().take();
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

    pub fn status(&self, seat: Seat) -> SeatStatus {
        let presence = self.session.borrow().presence(seat);
        match presence.and_then(|p| p.connection) {
            Some(Connection::Connected) => SeatStatus::Connected,
            Some(Connection::Disconnected | Connection::Closed) => SeatStatus::Disconnected,
            // In the lobby an open channel shows as connected (its join
            // waits for the start); at the table only a joined friend is:
            // one whose channel is open but who never joined can't play.
            _ => match self.open.borrow().get(&seat.0) {
                Some(true) if !self.started.get() => SeatStatus::Connected,
                Some(false) => SeatStatus::Disconnected,
                _ => SeatStatus::Waiting,
            },
        }
    }

    pub fn presence(&self, seat: Seat) -> Option<Presence> {
        self.session.borrow().presence(seat)
    }

    /// Whether a bot plays `seat` for the friend meanwhile.
    pub fn bot_playing(&self, seat: Seat) -> bool {
        self.presence(seat).is_some_and(|p| p.bot_playing)
    }

    /// The friend whose turn it is but who is not connected, if any.
    pub fn absent(&self) -> Option<Seat> {
        match self.session.borrow().mover() {
            Some(Mover::Absent(seat)) => Some(seat),
            _ => None,
        }
    }

    /// Whether the match can start: every friend connected or replaced.
    pub fn ready(&self) -> bool {
        self.guest_seats()
            .into_iter()
            .all(|s| self.bot_playing(s) || self.status(s) == SeatStatus::Connected)
    }

    pub fn started(&self) -> bool {
        self.started.get()
    }

    /// Starts (or resumes) the match: the friends' first messages, held
    /// until now, are read, so each gets its seat and hand.
    pub fn start(self: &Rc<Self>) {
        if self.started.replace(true) {
            return;
        }
        let held = self.held.borrow_mut().take_all();
        for (seat, text) in held {
            let id = self.peers.borrow().get(&seat.0).map(|(id, _)| *id);
            if let Some(id) = id {
                self.receive(seat, id, &text);
            }
        }
        self.changed();
    }

    /// Prepares a new invite link for `seat` (a first one, or after a
    /// disconnection: the seat's old connection is dropped).
    pub fn invite(self: &Rc<Self>, seat: Seat) {
        let id = self.next_peer.get();
        self.next_peer.set(id + 1);
        if let Some((_, old)) = self.peers.borrow_mut().remove(&seat.0) {
            old.close();
        }
        self.open.borrow_mut().remove(&seat.0);
        self.held.borrow_mut().forget(seat);
        let out = self.session.borrow_mut().invite_again(seat);
        self.send(out);
        self.invites
            .borrow_mut()
            .insert(seat.0, InviteLink::Preparing);
        self.changed();
        let weak = Rc::downgrade(self);
        let on_event: Rc<dyn Fn(PeerEvent)> = {
            let weak = weak.clone();
            Rc::new(move |event| {
                if let Some(link) = weak.upgrade() {
                    link.peer_event(seat, id, event);
                }
            })
        };
        let config = self.config.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let result = Peer::host(&config, on_event).await;
            let Some(link) = weak.upgrade() else { return };
            if link.closed.get() {
                if let Ok((peer, _)) = result {
                    peer.close();
                }
                return;
            }
            let state = match result {
                Ok((peer, offer)) => {
                    let seat_count = link.session.borrow().game().seat_count() as u8;
                    let code = Invite {
                        seat,
                        seat_count,
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
        let current = self
            .peers
            .borrow()
            .get(&seat.0)
            .is_some_and(|(pid, _)| *pid == id);
        if !current {
            return;
        }
        match event {
            PeerEvent::Open => {
                self.open.borrow_mut().insert(seat.0, true);
                self.changed();
            }
            PeerEvent::Message(text) => {
                if self.started.get() {
                    self.receive(seat, id, &text);
                } else if !matches!(
                    GuestMessage::decode(text.as_bytes()),
                    Ok(GuestMessage::Join { .. })
                ) {
                    // Before the start only a join means anything: a move
                    // read at the start would reach the session before the
                    // game screen listens. Anything else is dropped.
                } else if self.held.borrow_mut().push(seat, text).is_err() {
                    // A flood before the start: that friend is dropped.
                    self.held.borrow_mut().forget(seat);
                    if let Some((_, peer)) = self.peers.borrow_mut().remove(&seat.0) {
                        peer.close();
                    }
                    self.open.borrow_mut().insert(seat.0, false);
                    self.changed();
                }
            }
            PeerEvent::Closed => {
                self.open.borrow_mut().insert(seat.0, false);
                self.peers.borrow_mut().remove(&seat.0);
                let out = self.session.borrow_mut().disconnect(seat);
                self.send(out);
                self.changed();
            }
        }
    }

    /// One message from `seat`'s friend: the session checks it; an
    /// accepted action goes to the game on screen too.
    fn receive(self: &Rc<Self>, seat: Seat, id: u32, text: &str) {
        let still = self
            .peers
            .borrow()
            .get(&seat.0)
            .is_some_and(|(pid, _)| *pid == id);
        if !still {
            return;
        }
        let handled = self
            .session
            .borrow_mut()
            .receive(seat, text.as_bytes(), now_ms() as u64);
        self.send(handled.out);
        if let Some(action) = handled.accepted {
            let cb = self.on_remote.borrow().clone();
            if let Some(cb) = cb {
                cb.emit((seat, action));
            }
        }
        self.changed();
    }

    /// Keeps the session in step with the game on screen (after each of
    /// its changes): who a bot plays for, then every action taken at this
    /// device since the session last heard (you, a person here, a bot, or
    /// the bot standing in for a friend), so the friends are told. A
    /// friend's own action is already in the session.
    pub fn follow(&self, actions: &[(Seat, Action)], stand_ins: &BTreeSet<Seat>) {
        for seat in self.guest_seats() {
            let want = stand_ins.contains(&seat);
            if self.bot_playing(seat) != want {
                if want {
                    self.bot_takes(seat);
                } else {
                    self.give_back(seat);
                }
            }
        }
        let done = self.session.borrow().actions().len();
        let new = actions.get(done..).unwrap_or_default();
        for &(seat, action) in new {
            self.local(seat, action);
        }
        if !new.is_empty() {
            // Who is to move may be a friend now (the bar asks "Wait").
            self.changed();
        }
    }

    /// An action taken at this device: the friends are told.
    fn local(&self, seat: Seat, action: Action) {
        let out = self.session.borrow_mut().act_local(seat, action);
        if let Ok(out) = out {
            self.send(out);
        }
    }

    /// A Medium bot plays `seat` until it is given back.
    pub fn bot_takes(&self, seat: Seat) {
        let out = self.session.borrow_mut().bot_takes(seat);
        self.send(out);
        self.changed();
    }

    /// The friend plays their seat again.
    pub fn give_back(&self, seat: Seat) {
        let out = self.session.borrow_mut().give_back(seat);
        self.send(out);
        self.changed();
    }

    fn send(&self, out: Outbox) {
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
                }
            }
        }
    }

    /// Closes every connection (the host leaves the table).
    pub fn close_all(&self) {
        self.closed.set(true);
        for (_, (_, peer)) in std::mem::take(&mut *self.peers.borrow_mut()) {
            peer.close();
        }
        self.clear_callbacks();
    }
}
