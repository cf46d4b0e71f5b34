//! What a connection's browser callbacks share ([`Inner`]): the
//! `RTCPeerConnection`, its data channel, the rate cap and every callback
//! registered with the browser, with what each callback does (open, close,
//! ICE state changes, incoming messages, the guest's incoming channel).

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Event, MessageEvent, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelState,
    RtcIceConnectionState, RtcPeerConnection,
};

use super::rate::{RateGate, Verdict};
use super::{PeerEvent, CHANNEL_LABEL, DISCONNECTED_CLOSE_MS, MAX_INCOMING_BYTES};
use crate::ui::platform::clock::now_ms;
use crate::ui::platform::console;

/// A JavaScript callback kept alive on the Rust side.
pub(super) type Handler<T> = Closure<dyn FnMut(T)>;

/// Everything a connection's callbacks share. The callbacks hold it weakly,
/// so dropping the [`Peer`](super::Peer) frees it.
pub(super) struct Inner {
    pub(super) pc: RtcPeerConnection,
    /// Whom this connection reaches ("a friend", "the host"), for notes.
    to: &'static str,
    pub(super) channel: RefCell<Option<RtcDataChannel>>,
    on_event: Rc<dyn Fn(PeerEvent)>,
    gate: RefCell<RateGate>,
    opened: Cell<bool>,
    /// `Closed` was sent or [`Peer::close`](super::Peer::close) was called:
    /// nothing more is sent.
    pub(super) finished: Cell<bool>,
    disconnected_timer: RefCell<Option<Timeout>>,
    pc_handlers: RefCell<Vec<Handler<Event>>>,
    channel_handlers: RefCell<Vec<Handler<Event>>>,
    message_handler: RefCell<Option<Handler<MessageEvent>>>,
    pub(super) datachannel_handler: RefCell<Option<Handler<RtcDataChannelEvent>>>,
}

impl Inner {
    /// The shared state of a new connection `pc`, accepting `per_second`
    /// incoming messages, listening to its ICE connection state.
    pub(super) fn new(
        pc: RtcPeerConnection,
        to: &'static str,
        per_second: u32,
        on_event: Rc<dyn Fn(PeerEvent)>,
    ) -> Rc<Inner> {
        let inner = Rc::new(Inner {
            pc,
            to,
            channel: RefCell::new(None),
            on_event,
            gate: RefCell::new(RateGate::new(per_second)),
            opened: Cell::new(false),
            finished: Cell::new(false),
            disconnected_timer: RefCell::new(None),
            pc_handlers: RefCell::new(Vec::new()),
            channel_handlers: RefCell::new(Vec::new()),
            message_handler: RefCell::new(None),
            datachannel_handler: RefCell::new(None),
        });
        let on_ice = listener(&inner, |inner| inner.ice_state_changed());
        inner
            .pc
            .set_oniceconnectionstatechange(Some(on_ice.as_ref().unchecked_ref()));
        inner.pc_handlers.borrow_mut().push(on_ice);
        inner
    }

    fn emit(&self, event: PeerEvent) {
        if !self.finished.get() {
            (self.on_event)(event);
        }
    }

    fn opened(&self) {
        if !self.opened.replace(true) {
            self.emit(PeerEvent::Open);
        }
    }

    /// Closes everything and sends `Closed`, once; the console says `why`.
    fn closed(&self, why: &str) {
        if self.finished.get() {
            return;
        }
        console::warn(&format!("the connection to {} closed: {why}", self.to));
        self.shut();
        (self.on_event)(PeerEvent::Closed);
    }

    /// Closes the channel and the connection without a word.
    pub(super) fn shut(&self) {
        self.finished.set(true);
        self.disconnected_timer.borrow_mut().take();
        if let Some(channel) = self.channel.borrow().as_ref() {
            channel.close();
        }
        self.pc.close();
    }

    /// Unhooks every callback from the connection and its channel.
    pub(super) fn clear_handlers(&self) {
        self.pc.set_oniceconnectionstatechange(None);
        self.pc.set_onicegatheringstatechange(None);
        self.pc.set_onicecandidate(None);
        self.pc.set_ondatachannel(None);
        if let Some(channel) = self.channel.borrow().as_ref() {
            channel.set_onopen(None);
            channel.set_onclose(None);
            channel.set_onmessage(None);
        }
    }

    fn ice_state_changed(self: &Rc<Inner>) {
        match self.pc.ice_connection_state() {
            RtcIceConnectionState::Failed => self.closed("ICE failed"),
            RtcIceConnectionState::Closed => self.closed("ICE closed"),
            RtcIceConnectionState::Disconnected => {
                console::warn(&format!(
                    "the connection to {} is disconnected: closed in {DISCONNECTED_CLOSE_MS} ms unless it comes back",
                    self.to
                ));
                let weak = Rc::downgrade(self);
                let timer = Timeout::new(DISCONNECTED_CLOSE_MS, move || {
                    if let Some(inner) = weak.upgrade() {
                        if inner.pc.ice_connection_state() == RtcIceConnectionState::Disconnected {
                            inner.closed("ICE stayed disconnected");
                        }
                    }
                });
                self.disconnected_timer.borrow_mut().replace(timer);
            }
            _ => {
                self.disconnected_timer.borrow_mut().take();
            }
        }
    }

    fn message(&self, event: &MessageEvent) {
        if self.finished.get() {
            return;
        }
        let verdict = self.gate.borrow_mut().admit(now_ms());
        match verdict {
            Verdict::Pass => {}
            Verdict::Drop => return,
            Verdict::Close => return self.closed("too many messages"),
        }
        let data = event.data();
        // Text only; a binary message is dropped.
        let Some(text) = data.dyn_ref::<js_sys::JsString>() else {
            return;
        };
        // UTF-8 is never shorter than UTF-16 in code units: measure before
        // copying the text into WebAssembly memory.
        if text.length() as usize > MAX_INCOMING_BYTES {
            return;
        }
        let Some(text) = text.as_string() else {
            return;
        };
        if text.len() <= MAX_INCOMING_BYTES {
            self.emit(PeerEvent::Message(text));
        }
    }

    /// Takes `channel` as the connection's channel and listens to it.
    pub(super) fn adopt(self: &Rc<Inner>, channel: RtcDataChannel) {
        let on_open = listener(self, |inner| inner.opened());
        let on_close = listener(self, |inner| inner.closed("its data channel closed"));
        let on_message = on_message(self);
        channel.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        channel.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let open = channel.ready_state() == RtcDataChannelState::Open;
        self.channel.borrow_mut().replace(channel);
        self.channel_handlers
            .borrow_mut()
            .extend([on_open, on_close]);
        self.message_handler.borrow_mut().replace(on_message);
        // A channel announced by the other side may already be open.
        if open {
            self.opened();
        }
    }
}

/// A callback calling `f` with the connection while the [`Peer`](super::Peer)
/// lives.
/// It holds the connection weakly, and strongly during the call, so a
/// callback that drops the `Peer` does not free what it is using.
fn listener(inner: &Rc<Inner>, f: fn(&Rc<Inner>)) -> Handler<Event> {
    let weak: Weak<Inner> = Rc::downgrade(inner);
    Closure::new(move |_: Event| {
        if let Some(inner) = weak.upgrade() {
            f(&inner);
        }
    })
}

/// The channel's `message` callback (as [`listener`]).
fn on_message(inner: &Rc<Inner>) -> Handler<MessageEvent> {
    let weak: Weak<Inner> = Rc::downgrade(inner);
    Closure::new(move |e: MessageEvent| {
        if let Some(inner) = weak.upgrade() {
            inner.message(&e);
        }
    })
}

/// The guest's `datachannel` callback (as [`listener`]): the first channel
/// labelled [`CHANNEL_LABEL`] is the connection's; any other is closed.
pub(super) fn on_datachannel(inner: &Rc<Inner>) -> Handler<RtcDataChannelEvent> {
    let weak: Weak<Inner> = Rc::downgrade(inner);
    Closure::new(move |e: RtcDataChannelEvent| {
        let channel = e.channel();
        let Some(inner) = weak.upgrade() else {
            return channel.close();
        };
        let first = inner.channel.borrow().is_none();
        if first && channel.label() == CHANNEL_LABEL {
            inner.adopt(channel);
        } else {
            channel.close();
        }
    })
}
