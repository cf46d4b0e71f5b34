//! A WebSocket to one public relay (issue 30, docs/online.md "Signaling
//! over relays"): a WebTorrent tracker, which speaks JSON text, or an MQTT
//! broker, which speaks binary packets under the `mqtt` subprotocol.
//!
//! A [`Socket`] owns the browser's `WebSocket` and every callback it
//! registers, and reports what happens through one `on_event` callback:
//! [`SocketEvent::Open`], each message, and at most once
//! [`SocketEvent::Closed`]. That callback is only ever called from the
//! browser's own callbacks, never from inside a [`Socket`] method, so it may
//! call the socket's methods or drop it.
//!
//! A relay is a stranger's server: messages over [`MAX_MESSAGE_BYTES`] are
//! dropped unread rather than copied into the page's memory, and nothing
//! here panics on what the browser or the relay does.

use std::cell::Cell;
use std::rc::{Rc, Weak};

use js_sys::{ArrayBuffer, JsString, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{BinaryType, Event, MessageEvent, WebSocket};

/// The longest message taken from a relay, in bytes (of UTF-8 for text).
/// A longer one is dropped without a word: a tracker's or a broker's
/// messages for a table are a few kilobytes at most.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// What happens on a [`Socket`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SocketEvent {
    /// The connection is open: sending works from now on.
    Open,
    /// A text message from the relay (at most [`MAX_MESSAGE_BYTES`]).
    Text(String),
    /// A binary message from the relay (at most [`MAX_MESSAGE_BYTES`]).
    Binary(Vec<u8>),
    /// The connection is gone, or never came (the relay closed it, the
    /// network failed, the relay could not be reached). Sent at most once,
    /// and nothing follows it. Not sent after [`Socket::close`].
    Closed,
}

/// A JavaScript callback kept alive on the Rust side.
type Handler<T> = Closure<dyn FnMut(T)>;

/// A WebSocket to one relay. Dropping it closes the connection and frees
/// every callback it gave the browser.
pub struct Socket {
    inner: Rc<Inner>,
}

/// What the socket's callbacks share. They hold it weakly (and strongly
/// during a call, so a callback that drops the [`Socket`] does not free
/// what it is using).
struct Inner {
    ws: WebSocket,
    on_event: Rc<dyn Fn(SocketEvent)>,
    /// `Closed` was sent or [`Socket::close`] was called: nothing more is
    /// sent.
    finished: Cell<bool>,
    on_open: Handler<Event>,
    on_close: Handler<Event>,
    on_error: Handler<Event>,
    on_message: Handler<MessageEvent>,
}

impl Socket {
    /// Opens a WebSocket to `url` (`ws://` or `wss://`), asking for the
    /// subprotocol `protocol` if one is given (MQTT brokers want `"mqtt"`).
    /// Binary messages arrive as bytes. `on_event` hears of the socket from
    /// now on, never before this returns.
    ///
    /// # Errors
    /// The reason, for logs, if the address is not a `ws://` or `wss://`
    /// one or the browser refuses it (a malformed address, a subprotocol
    /// name it does not accept, an insecure `ws://` from a secure page in
    /// some browsers).
    pub fn open(
        url: &str,
        protocol: Option<&str>,
        on_event: Rc<dyn Fn(SocketEvent)>,
    ) -> Result<Socket, String> {
        // Browsers now turn http(s) addresses into ws(s) ones; a relay's
        // address in a link must say what it is.
        let scheme = url.split_once("://").map(|(scheme, _)| scheme);
        if !scheme.is_some_and(|s| s.eq_ignore_ascii_case("ws") || s.eq_ignore_ascii_case("wss")) {
            return Err(format!("not a WebSocket address: {}", cut(url)));
        }
        let ws = match protocol {
            Some(protocol) => WebSocket::new_with_str(url, protocol),
            None => WebSocket::new(url),
        }
        .map_err(|e| format!("the browser refused {}: {}", cut(url), detail(&e)))?;
        ws.set_binary_type(BinaryType::Arraybuffer);
        let inner = Rc::new_cyclic(|weak: &Weak<Inner>| Inner {
            ws,
            on_event,
            finished: Cell::new(false),
            on_open: listener(weak, Inner::opened),
            on_close: listener(weak, Inner::closed),
            on_error: listener(weak, Inner::closed),
            on_message: on_message(weak),
        });
        let ws = &inner.ws;
        ws.set_onopen(Some(inner.on_open.as_ref().unchecked_ref()));
        ws.set_onclose(Some(inner.on_close.as_ref().unchecked_ref()));
        ws.set_onerror(Some(inner.on_error.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(inner.on_message.as_ref().unchecked_ref()));
        Ok(Socket { inner })
    }

    /// Sends a text message; `false` if the socket is not open or the
    /// browser refused.
    pub fn send_text(&self, text: &str) -> bool {
        self.is_open() && self.inner.ws.send_with_str(text).is_ok()
    }

    /// Sends a binary message; `false` if the socket is not open or the
    /// browser refused.
    pub fn send_bytes(&self, bytes: &[u8]) -> bool {
        self.is_open()
            && self
                .inner
                .ws
                .send_with_js_u8_array(&Uint8Array::from(bytes))
                .is_ok()
    }

    /// Whether the socket is open (and was not closed by [`Socket::close`]).
    pub fn is_open(&self) -> bool {
        !self.inner.finished.get() && self.inner.ws.ready_state() == WebSocket::OPEN
    }

    /// Closes the socket. No event follows, not even
    /// [`SocketEvent::Closed`].
    pub fn close(&self) {
        self.inner.shut();
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        let ws = &self.inner.ws;
        ws.set_onopen(None);
        ws.set_onclose(None);
        ws.set_onerror(None);
        ws.set_onmessage(None);
        self.inner.shut();
    }
}

impl Inner {
    fn emit(&self, event: SocketEvent) {
        if !self.finished.get() {
            (self.on_event)(event);
        }
    }

    fn opened(&self) {
        self.emit(SocketEvent::Open);
    }

    /// The `close` or `error` event: browsers follow an error with a close,
    /// and `Closed` is sent for the first of the two only.
    fn closed(&self) {
        if self.finished.get() {
            return;
        }
        self.shut();
        (self.on_event)(SocketEvent::Closed);
    }

    /// Stops every event and closes the connection, without a word.
    fn shut(&self) {
        self.finished.set(true);
        // `close()` without a code throws nothing; already closed, it does
        // nothing.
        let _ = self.ws.close();
    }

    fn message(&self, event: &MessageEvent) {
        if self.finished.get() {
            return;
        }
        let data = event.data();
        if let Some(text) = data.dyn_ref::<JsString>() {
            // UTF-8 is never shorter than UTF-16 in code units: measure
            // before copying the text into WebAssembly memory.
            if text.length() as usize > MAX_MESSAGE_BYTES {
                return;
            }
            if let Some(text) = text.as_string().filter(|t| t.len() <= MAX_MESSAGE_BYTES) {
                self.emit(SocketEvent::Text(text));
            }
        } else if let Some(buffer) = data.dyn_ref::<ArrayBuffer>() {
            if buffer.byte_length() as usize <= MAX_MESSAGE_BYTES {
                self.emit(SocketEvent::Binary(Uint8Array::new(buffer).to_vec()));
            }
        }
    }
}

/// A callback calling `f` with the socket's shared state while the
/// [`Socket`] lives.
fn listener(weak: &Weak<Inner>, f: fn(&Inner)) -> Handler<Event> {
    let weak = weak.clone();
    Closure::new(move |_: Event| {
        if let Some(inner) = weak.upgrade() {
            f(&inner);
        }
    })
}

/// The `message` callback (as [`listener`]).
fn on_message(weak: &Weak<Inner>) -> Handler<MessageEvent> {
    let weak = weak.clone();
    Closure::new(move |e: MessageEvent| {
        if let Some(inner) = weak.upgrade() {
            inner.message(&e);
        }
    })
}

/// A browser error's message, at most 120 characters.
fn detail(error: &JsValue) -> String {
    crate::ui::platform::console::error_text(error)
}

/// An address cut to 120 characters, for an error's text.
fn cut(url: &str) -> String {
    url.chars().take(120).collect()
}
