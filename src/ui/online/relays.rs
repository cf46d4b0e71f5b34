//! A table's relays in the page ([`Relays`]): one WebSocket per relay of
//! the table link, each with its [`Conversation`], raced. What each relay
//! carries in is handed on as [`Heard`], with the relay's index for the
//! host's answer; a relay whose socket closes or misbehaves is opened
//! again after [`Backoff::RECONNECT`]'s wait.
//!
//! Nothing here opens what the relays carry or decides: the host's door
//! and a friend's knock do ([`super::host`], [`super::guest`]). A carried
//! connection's frames are sealed here, with the room's key its side gives
//! ([`carry_sealed`]).

use crate::online::signal::relay::{Conversation, Heard, ReplyTo, Role, Send};
use crate::online::signal::{Backoff, Envelope, MessageKind, Network, OfferId, Relay, RoomId};
use crate::ui::platform::clock::now_ms;
use crate::ui::platform::console;
use crate::ui::platform::crypto::RoomKey;
use crate::ui::platform::socket::{Socket, SocketEvent};
use gloo_timers::callback::Interval;
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

/// How often the conversations are asked what is due (announces, pings)
/// and closed relays opened again.
const TICK_MS: u32 = 1_000;

/// A relay as the lobby shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reach {
    /// Not yet reached (its socket opening, or waiting to open again).
    Trying,
    /// Ready: it carries messages.
    Up,
    /// Its socket closed or failed at least once, and it is not up.
    Down,
    /// Not listening: the host has every friend it waits for.
    Idle,
}

/// One relay's socket and conversation.
struct Slot {
    relay: Relay,
    conversation: Conversation,
    socket: Option<Socket>,
    /// Failures in a row (the backoff's attempt).
    failures: u32,
    /// When to open the socket again (the page's clock), if it is closed.
    reopen_at: Option<f64>,
    /// The socket's number: events of an older socket are ignored.
    generation: u32,
    /// Left for good ([`Relays::keep_only`]): never opened again.
    left: bool,
}

/// The relays of one table, for the host or a friend.
pub struct Relays {
    role: Role,
    room: RoomId,
    slots: RefCell<Vec<Slot>>,
    on_heard: Rc<dyn Fn(usize, Heard)>,
    on_change: Rc<dyn Fn()>,
    timer: RefCell<Option<Interval>>,
    /// Listening (the host: seats to fill; a friend: not yet seated).
    active: Cell<bool>,
    /// The connections whose carried frames this page listens for: each
    /// new socket's conversation listens again.
    carried: RefCell<Vec<OfferId>>,
}

/// 25 random bytes for a conversation's ids.
fn random_ids() -> [u8; 25] {
    let mut bytes = [0; 25];
    if getrandom::fill(&mut bytes).is_err() {
        for b in &mut bytes {
            *b = (js_sys::Math::random() * 256.0) as u8;
        }
    }
    bytes
}

fn random_u32() -> u32 {
    let mut bytes = [0; 4];
    let _ = getrandom::fill(&mut bytes);
    u32::from_le_bytes(bytes)
}

impl Relays {
    /// Opens a socket to every relay of `relays` for `room`, for `owner`
    /// (the host's or a friend's link, while it lives): `heard` gets every
    /// well-formed envelope (with the relay's index), `changed` is called
    /// when a relay goes up or down.
    pub fn start<T: 'static>(
        role: Role,
        room: RoomId,
        relays: &[Relay],
        owner: Weak<T>,
        heard: fn(&Rc<T>, usize, Heard),
        changed: fn(&T),
    ) -> Rc<Relays> {
        let on_heard: Rc<dyn Fn(usize, Heard)> = {
            let owner = owner.clone();
            Rc::new(move |index, h| {
                if let Some(owner) = owner.upgrade() {
                    heard(&owner, index, h);
                }
            })
        };
        let on_change: Rc<dyn Fn()> = Rc::new(move || {
            if let Some(owner) = owner.upgrade() {
                changed(&owner);
            }
        });
        let this = Rc::new(Relays {
            role,
            room,
            slots: RefCell::new(
                relays
                    .iter()
                    .map(|relay| Slot {
                        relay: relay.clone(),
                        conversation: Conversation::new(relay.network, role, room, random_ids()),
                        socket: None,
                        failures: 0,
                        reopen_at: Some(0.0),
                        generation: 0,
                        left: false,
                    })
                    .collect(),
            ),
            on_heard,
            on_change,
            timer: RefCell::default(),
            active: Cell::new(false),
            carried: RefCell::default(),
        });
        this.resume();
        this
    }

    /// The relays, in the link's order, and how each stands.
    pub fn reach(&self) -> Vec<(Relay, Reach)> {
        self.slots
            .borrow()
            .iter()
            .filter(|s| !s.left)
            .map(|s| {
                let reach = if !self.active.get() {
                    Reach::Idle
                } else if s.conversation.is_ready() {
                    Reach::Up
                } else if s.failures > 0 {
                    Reach::Down
                } else {
                    Reach::Trying
                };
                (s.relay.clone(), reach)
            })
            .collect()
    }

    /// Whether every relay failed and none is up (a friend or the host
    /// is told to use codes).
    pub fn all_down(&self) -> bool {
        let reach = self.reach();
        // (Idle relays are not down: the page stopped listening.)
        !reach.is_empty() && reach.iter().all(|(_, r)| *r == Reach::Down)
    }

    /// Listens again: sockets open, the timer runs.
    pub fn resume(self: &Rc<Self>) {
        if self.active.replace(true) {
            return;
        }
        for slot in self.slots.borrow_mut().iter_mut().filter(|s| !s.left) {
            slot.reopen_at = Some(0.0);
            slot.failures = 0;
        }
        let weak = Rc::downgrade(self);
        *self.timer.borrow_mut() = Some(Interval::new(TICK_MS, move || {
            if let Some(this) = weak.upgrade() {
                this.tick();
            }
        }));
        self.tick();
    }

    /// The page came back from the background (a phone froze it, or ran
    /// its timers late): every socket opens again now, without waiting for
    /// a backoff, so the room hears this page at once. (A socket a relay
    /// dropped while the page was away would otherwise be noticed only at
    /// the next failed send; one still open is replaced as cheaply.)
    pub fn wake(self: &Rc<Self>) {
        if !self.active.get() {
            return;
        }
        for slot in self.slots.borrow_mut().iter_mut().filter(|s| !s.left) {
            if let Some(socket) = slot.socket.take() {
                socket.close();
            }
            slot.generation += 1;
            slot.failures = 0;
            slot.reopen_at = Some(0.0);
        }
        console::note("relays: the page is back, every relay reached again");
        self.tick();
    }

    /// Stops listening: each relay is told we leave, every socket closes.
    pub fn stop(&self) {
        if !self.active.replace(false) {
            return;
        }
        self.timer.borrow_mut().take();
        for slot in self.slots.borrow_mut().iter_mut() {
            leave(slot);
        }
        (self.on_change)();
    }

    /// Leaves every relay of another network than `network` for good; the
    /// others go on as they are (a friend's knock, whose brokers carry the
    /// table from the host's answer on: their sockets are open already).
    pub fn keep_only(&self, network: Network) {
        for slot in self.slots.borrow_mut().iter_mut() {
            if slot.relay.network != network {
                leave(slot);
                slot.left = true;
            }
        }
        (self.on_change)();
    }

    /// A friend's sealed offer, on every relay.
    pub fn offer(&self, id: OfferId, envelope: &Envelope) {
        for slot in self.slots.borrow_mut().iter_mut() {
            let out = slot.conversation.offer(id, envelope);
            if let Some(socket) = &slot.socket {
                send_all(socket, out);
            }
        }
    }

    /// The host's sealed answer, back on relay `index` the way the offer
    /// came.
    pub fn answer(&self, index: usize, to: &ReplyTo, envelope: &Envelope) {
        if let Some(slot) = self.slots.borrow_mut().get_mut(index) {
            let out = slot.conversation.answer(to, envelope);
            if let Some(socket) = &slot.socket {
                send_all(socket, out);
            }
        }
    }

    /// A sealed frame of the table's messages, on every broker (a tracker
    /// carries none): sent now where the broker is ready, else when it is.
    pub fn carry(&self, envelope: &Envelope) {
        for slot in self.slots.borrow_mut().iter_mut() {
            let out = slot.conversation.carry(envelope);
            if let Some(socket) = &slot.socket {
                send_all(socket, out);
            }
        }
    }

    /// Listens on every broker for this side's carried frames of the
    /// connection seated by `offer`.
    pub fn listen_carried(&self, offer: OfferId) {
        {
            let mut carried = self.carried.borrow_mut();
            if carried.contains(&offer) {
                return;
            }
            carried.push(offer);
        }
        for slot in self.slots.borrow_mut().iter_mut() {
            let out = slot.conversation.listen_carried(offer);
            if let Some(socket) = &slot.socket {
                send_all(socket, out);
            }
        }
    }

    /// Every second: what the conversations have due, and closed sockets
    /// opened again when their wait is over.
    fn tick(self: &Rc<Self>) {
        if !self.active.get() {
            return;
        }
        let now = now_ms();
        let mut to_open = Vec::new();
        for (i, slot) in self.slots.borrow_mut().iter_mut().enumerate() {
            let out = slot.conversation.tick(now as u64);
            if let Some(socket) = &slot.socket {
                send_all(socket, out);
            }
            if slot.left {
                continue;
            }
            if slot.socket.is_none() && slot.reopen_at.is_some_and(|at| now >= at) {
                slot.reopen_at = None;
                to_open.push(i);
            }
        }
        for i in to_open {
            self.open(i);
        }
    }

    fn open(self: &Rc<Self>, index: usize) {
        let weak: Weak<Relays> = Rc::downgrade(self);
        let (url, protocol, generation) = {
            let mut slots = self.slots.borrow_mut();
            let Some(slot) = slots.get_mut(index) else {
                return;
            };
            slot.generation += 1;
            slot.conversation =
                Conversation::new(slot.relay.network, self.role, self.room, random_ids());
            for &offer in self.carried.borrow().iter() {
                // Sent once the broker accepts the new socket.
                let _ = slot.conversation.listen_carried(offer);
            }
            let protocol = match slot.relay.network {
                Network::Tracker => None,
                Network::Mqtt => Some(crate::online::signal::mqtt::WS_PROTOCOL),
            };
            (slot.relay.url.clone(), protocol, slot.generation)
        };
        let on_event: Rc<dyn Fn(SocketEvent)> = Rc::new(move |event| {
            if let Some(this) = weak.upgrade() {
                this.socket_event(index, generation, event);
            }
        });
        match Socket::open(&url, protocol, on_event) {
            Ok(socket) => {
                if let Some(slot) = self.slots.borrow_mut().get_mut(index) {
                    slot.socket = Some(socket);
                }
            }
            Err(why) => {
                console::warn(&format!("relay {url}: {why}"));
                self.failed(index);
            }
        }
    }

    /// Relay `index`'s socket closed or misbehaved: it opens again later.
    fn failed(&self, index: usize) {
        if let Some(slot) = self.slots.borrow_mut().get_mut(index) {
            if let Some(socket) = slot.socket.take() {
                socket.close();
            }
            slot.generation += 1;
            let wait = Backoff::RECONNECT.delay_ms(slot.failures, random_u32());
            slot.failures = slot.failures.saturating_add(1);
            // Only the page's own sends could leave the conversation ready.
            slot.conversation =
                Conversation::new(slot.relay.network, self.role, self.room, random_ids());
            if self.active.get() && !slot.left {
                slot.reopen_at = Some(now_ms() + wait as f64);
            }
        }
        (self.on_change)();
    }

    fn socket_event(&self, index: usize, generation: u32, event: SocketEvent) {
        let now = now_ms() as u64;
        let mut heard = Vec::new();
        let mut fail = false;
        let mut changed = false;
        {
            let mut slots = self.slots.borrow_mut();
            let Some(slot) = slots.get_mut(index) else {
                return;
            };
            if slot.generation != generation {
                return;
            }
            let was_ready = slot.conversation.is_ready();
            let out = match event {
                SocketEvent::Open => slot.conversation.opened(now),
                SocketEvent::Text(text) => match slot.conversation.text(&text, now) {
                    Ok(h) => {
                        heard = h;
                        Vec::new()
                    }
                    Err(why) => {
                        console::warn(&format!("relay {}: {why}", slot.relay.url));
                        fail = why.is_fatal();
                        Vec::new()
                    }
                },
                SocketEvent::Binary(bytes) => match slot.conversation.bytes(&bytes, now) {
                    Ok((h, out)) => {
                        heard = h;
                        out
                    }
                    Err(why) => {
                        console::warn(&format!("relay {}: {why}", slot.relay.url));
                        fail = why.is_fatal();
                        Vec::new()
                    }
                },
                SocketEvent::Closed => {
                    console::note(&format!("relay {} closed", slot.relay.url));
                    fail = true;
                    Vec::new()
                }
            };
            if let Some(socket) = &slot.socket {
                send_all(socket, out);
            }
            if slot.conversation.is_ready() && !was_ready {
                console::note(&format!("relay {} ready", slot.relay.url));
                slot.failures = 0;
                changed = true;
            }
        }
        if fail {
            self.failed(index);
        } else if changed {
            (self.on_change)();
        }
        for h in heard {
            (self.on_heard)(index, h);
        }
    }
}

impl Drop for Relays {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Tells `slot`'s relay we leave and closes its socket; nothing opens it
/// again until the relays resume.
fn leave(slot: &mut Slot) {
    let out = slot.conversation.leave();
    if let Some(socket) = slot.socket.take() {
        send_all(&socket, out);
        socket.close();
    }
    slot.reopen_at = None;
    slot.generation += 1;
}

fn send_all(socket: &Socket, out: Vec<Send>) {
    for message in out {
        match message {
            Send::Text(text) => socket.send_text(&text),
            Send::Bytes(bytes) => socket.send_bytes(&bytes),
        };
    }
}

/// Seals `frames` of the connection seated by `offer_id` with `key`, as
/// `kind` (to the host, or to a friend), and publishes them on the brokers
/// of `relays`, in order.
pub(super) fn carry_sealed(
    key: RoomKey,
    relays: Rc<Relays>,
    kind: MessageKind,
    offer_id: OfferId,
    frames: Vec<Vec<u8>>,
) {
    wasm_bindgen_futures::spawn_local(async move {
        for frame in frames {
            match key.seal(kind, offer_id, &frame).await {
                Ok(envelope) => relays.carry(&envelope),
                Err(why) => console::warn(&format!("relay: a frame not sealed: {why:?}")),
            }
        }
    });
}
