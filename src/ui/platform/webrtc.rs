//! The browser transport of online tables (docs/online.md): one ordered,
//! reliable `RTCDataChannel` per guest, with no signalling server. The
//! host's offer travels in an invite link and the guest's answer in a reply
//! code, both as a [`CompactSdp`]; so each side waits until ICE gathering is
//! complete (or [`GATHER_TIMEOUT_MS`] has passed) and hands over every
//! candidate at once instead of trickling them.
//!
//! A [`Peer`] owns the connection, its channel and every JavaScript callback,
//! and reports what happens through one `on_event` callback: [`PeerEvent::Open`],
//! [`PeerEvent::Message`] and, at most once, [`PeerEvent::Closed`]. What
//! arrives is treated as untrusted: binary messages and messages over
//! [`MAX_INCOMING_BYTES`] are dropped unread, and a per-channel rate cap
//! drops a flood and closes the channel if it goes on (see [`RateGate`]).
//! Nothing here panics on what the browser or the network does: every
//! failure is a [`PeerError`].
//!
//! CSP does not govern ICE: STUN/TURN servers are reached whatever the
//! page's `connect-src` says.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Event, MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelInit,
    RtcDataChannelState, RtcIceConnectionState, RtcIceGatheringState, RtcIceServer,
    RtcPeerConnection, RtcPeerConnectionIceEvent, RtcSdpType, RtcSessionDescriptionInit,
};

use crate::online::protocol::MAX_HOST_MESSAGE;
use crate::online::sdp::{CompactSdp, SdpError};
use crate::ui::platform::clock::now_ms;

/// The label of the one data channel of a table connection.
pub const CHANNEL_LABEL: &str = "ono99";
/// How long to wait for ICE gathering before writing the code with the
/// candidates gathered so far (an unreachable STUN/TURN server never
/// completes quickly).
pub const GATHER_TIMEOUT_MS: u32 = 4_000;
/// Incoming messages longer than this (bytes of UTF-8) are dropped unread.
/// The host session applies the guests' smaller limit itself, so that it
/// can refuse them.
pub const MAX_INCOMING_BYTES: usize = MAX_HOST_MESSAGE;
/// Messages per second a host accepts from one guest; the excess is dropped.
pub const GUEST_MESSAGES_PER_SECOND: u32 = 50;
/// Messages per second a guest accepts from its host. Higher than the
/// guests' cap: a host legitimately sends one `update` per play, and a
/// skipped hand plays many at once (a dropped update costs a resync).
pub const HOST_MESSAGES_PER_SECOND: u32 = 500;
/// A peer that keeps sending over its cap for longer than this is closed.
pub const FLOOD_CLOSE_MS: f64 = 2_000.0;
/// How long ICE may stay `disconnected` before the peer counts as closed.
pub const DISCONNECTED_CLOSE_MS: u32 = 5_000;

/// The STUN and TURN servers chosen in the settings. Neither set (the
/// default) means no server: play on the same network only.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct IceConfig {
    /// A STUN URL, e.g. `stun:stun.example.org:3478`.
    pub stun: Option<String>,
    /// A TURN server, for networks that block direct connections.
    pub turn: Option<TurnServer>,
}

/// A TURN server with its credentials.
#[derive(Clone, PartialEq, Debug)]
pub struct TurnServer {
    /// A TURN URL, e.g. `turn:turn.example.org:3478?transport=udp`.
    pub url: String,
    /// The user name the server expects.
    pub username: String,
    /// The password (or other credential) the server expects.
    pub credential: String,
}

/// What happens on a [`Peer`]'s connection.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PeerEvent {
    /// The data channel is open: [`Peer::send`] works from now on.
    Open,
    /// A text message from the other side (at most [`MAX_INCOMING_BYTES`],
    /// within the rate cap).
    Message(String),
    /// The connection is gone (channel closed, ICE failed or closed, or
    /// disconnected for [`DISCONNECTED_CLOSE_MS`], or a flood). Sent at most
    /// once, and nothing follows it. Not sent after [`Peer::close`].
    Closed,
}

/// The browser call that failed while setting up a connection.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    /// `new RTCPeerConnection` (no WebRTC, or an ICE server URL refused).
    Connection,
    /// `createOffer`.
    Offer,
    /// `createAnswer`.
    Answer,
    /// `setLocalDescription`.
    LocalDescription,
    /// `setRemoteDescription` (the other side's offer or answer refused).
    RemoteDescription,
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Step::Connection => "creating the connection",
            Step::Offer => "creating the offer",
            Step::Answer => "creating the answer",
            Step::LocalDescription => "setting the local description",
            Step::RemoteDescription => "setting the remote description",
        })
    }
}

/// Why a connection could not be set up. The text is for logs only.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PeerError {
    /// The browser refused a call; `detail` is its message, cut short.
    #[error("WebRTC failed {step}: {detail}")]
    Browser {
        /// The call that failed.
        step: Step,
        /// The browser's message (at most 120 characters).
        detail: String,
    },
    /// The browser gave no local description after `setLocalDescription`.
    #[error("WebRTC gave no local description")]
    NoLocalDescription,
    /// The local description could not be compacted.
    #[error("the local description could not be compacted: {0}")]
    Sdp(#[from] SdpError),
    /// The peer was closed before it was set up.
    #[error("the connection was closed")]
    Closed,
}

/// A browser error's message, at most 120 characters.
fn detail(error: &JsValue) -> String {
    let text = error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "unknown error".to_string());
    text.chars().take(120).collect()
}

fn browser(step: Step) -> impl Fn(JsValue) -> PeerError {
    move |e| PeerError::Browser {
        step,
        detail: detail(&e),
    }
}

/// What [`RateGate::admit`] says about one incoming message.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// Within the cap: pass it on.
    Pass,
    /// Over the cap: drop it.
    Drop,
    /// Over the cap for longer than [`FLOOD_CLOSE_MS`]: close the channel.
    Close,
}

/// A message-rate cap over one-second windows: at most `per_second`
/// messages pass in a window; a peer whose windows overflow without a
/// quiet one for longer than [`FLOOD_CLOSE_MS`] is to be closed.
#[derive(Clone, Debug)]
pub struct RateGate {
    per_second: u32,
    window_start: f64,
    count: u32,
    flooding_since: Option<f64>,
}

impl RateGate {
    /// A gate letting `per_second` messages through per second.
    pub fn new(per_second: u32) -> RateGate {
        RateGate {
            per_second,
            window_start: f64::NEG_INFINITY,
            count: 0,
            flooding_since: None,
        }
    }

    /// Counts one message arriving at `now` (milliseconds).
    pub fn admit(&mut self, now: f64) -> Verdict {
        // A clock going backwards also starts a new window.
        let elapsed = now - self.window_start;
        if !(0.0..1_000.0).contains(&elapsed) {
            if self.count <= self.per_second {
                self.flooding_since = None;
            }
            self.window_start = now;
            self.count = 0;
        }
        self.count = self.count.saturating_add(1);
        if self.count <= self.per_second {
            return Verdict::Pass;
        }
        let since = *self.flooding_since.get_or_insert(now);
        if now - since > FLOOD_CLOSE_MS {
            Verdict::Close
        } else {
            Verdict::Drop
        }
    }
}

type Handler<T> = Closure<dyn FnMut(T)>;

/// Everything a connection's callbacks share. The callbacks hold it weakly,
/// so dropping the [`Peer`] frees it.
struct Inner {
    pc: RtcPeerConnection,
    channel: RefCell<Option<RtcDataChannel>>,
    on_event: Rc<dyn Fn(PeerEvent)>,
    gate: RefCell<RateGate>,
    opened: Cell<bool>,
    /// `Closed` was sent or [`Peer::close`] was called: nothing more is sent.
    finished: Cell<bool>,
    disconnected_timer: RefCell<Option<Timeout>>,
    pc_handlers: RefCell<Vec<Handler<Event>>>,
    channel_handlers: RefCell<Vec<Handler<Event>>>,
    message_handler: RefCell<Option<Handler<MessageEvent>>>,
    datachannel_handler: RefCell<Option<Handler<RtcDataChannelEvent>>>,
}

impl Inner {
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

    /// Closes everything and sends `Closed`, once.
    fn closed(&self) {
        if self.finished.get() {
            return;
        }
        self.shut();
        (self.on_event)(PeerEvent::Closed);
    }

    /// Closes the channel and the connection without a word.
    fn shut(&self) {
        self.finished.set(true);
        self.disconnected_timer.borrow_mut().take();
        if let Some(channel) = self.channel.borrow().as_ref() {
            channel.close();
        }
        self.pc.close();
    }

    fn clear_handlers(&self) {
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
            RtcIceConnectionState::Failed | RtcIceConnectionState::Closed => self.closed(),
            RtcIceConnectionState::Disconnected => {
                let weak = Rc::downgrade(self);
                let timer = Timeout::new(DISCONNECTED_CLOSE_MS, move || {
                    if let Some(inner) = weak.upgrade() {
                        if inner.pc.ice_connection_state() == RtcIceConnectionState::Disconnected {
                            inner.closed();
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
            Verdict::Close => return self.closed(),
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
    fn adopt(self: &Rc<Inner>, channel: RtcDataChannel) {
        let on_open = listener(self, |inner| inner.opened());
        let on_close = listener(self, |inner| inner.closed());
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

/// A callback calling `f` with the connection while the [`Peer`] lives.
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
fn on_datachannel(inner: &Rc<Inner>) -> Handler<RtcDataChannelEvent> {
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

/// One table connection: a host's to one guest, or a guest's to its host.
/// Dropping it closes the connection and frees every callback.
pub struct Peer {
    inner: Rc<Inner>,
}

impl Peer {
    fn new(
        config: &IceConfig,
        per_second: u32,
        on_event: Rc<dyn Fn(PeerEvent)>,
    ) -> Result<Peer, PeerError> {
        let pc = RtcPeerConnection::new_with_configuration(&rtc_configuration(config))
            .map_err(browser(Step::Connection))?;
        let inner = Rc::new(Inner {
            pc,
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
        Ok(Peer { inner })
    }

    /// The host's side of a new guest's connection: creates the connection
    /// and its data channel ([`CHANNEL_LABEL`], ordered, reliable), the
    /// offer, waits for ICE gathering (at most [`GATHER_TIMEOUT_MS`]) and
    /// returns the peer with the offer to put in the invite. The guest's
    /// answer goes to [`Peer::accept`]. `on_event` is called from browser
    /// callbacks, never from within a method of the peer.
    ///
    /// The offer may have no candidate (no network, no server reachable);
    /// it can still connect if the guest's answer has one.
    ///
    /// # Errors
    /// The browser refusing a step (no WebRTC, a bad ICE server URL), or an
    /// offer that cannot be compacted.
    pub async fn host(
        config: &IceConfig,
        on_event: Rc<dyn Fn(PeerEvent)>,
    ) -> Result<(Peer, CompactSdp), PeerError> {
        let peer = Peer::new(config, GUEST_MESSAGES_PER_SECOND, on_event)?;
        let init = RtcDataChannelInit::new();
        init.set_ordered(true);
        let channel = peer
            .inner
            .pc
            .create_data_channel_with_data_channel_dict(CHANNEL_LABEL, &init);
        peer.inner.adopt(channel);
        let offer = JsFuture::from(peer.inner.pc.create_offer())
            .await
            .map_err(browser(Step::Offer))?;
        let offer = peer.describe(RtcSdpType::Offer, &offer)?;
        let local = peer.local(&offer).await?;
        Ok((peer, local))
    }

    /// The host's side, second half: applies the guest's answer. The
    /// channel opens ([`PeerEvent::Open`]) once the connection is made.
    ///
    /// # Errors
    /// The browser refusing the answer (not an answer to this offer, or
    /// already applied).
    pub async fn accept(&self, answer: &CompactSdp) -> Result<(), PeerError> {
        if self.inner.finished.get() {
            return Err(PeerError::Closed);
        }
        let init = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        init.set_sdp(&answer.to_sdp());
        JsFuture::from(self.inner.pc.set_remote_description(&init))
            .await
            .map_err(browser(Step::RemoteDescription))?;
        Ok(())
    }

    /// The guest's side: takes the host's offer, creates the answer, waits
    /// for ICE gathering (at most [`GATHER_TIMEOUT_MS`]) and returns the
    /// peer with the answer to put in the reply code. The host's channel
    /// arrives by itself; [`PeerEvent::Open`] says it is usable.
    ///
    /// # Errors
    /// The browser refusing the offer or a step of the answer, or an answer
    /// that cannot be compacted.
    pub async fn guest(
        config: &IceConfig,
        offer: &CompactSdp,
        on_event: Rc<dyn Fn(PeerEvent)>,
    ) -> Result<(Peer, CompactSdp), PeerError> {
        let peer = Peer::new(config, HOST_MESSAGES_PER_SECOND, on_event)?;
        let on_channel = on_datachannel(&peer.inner);
        peer.inner
            .pc
            .set_ondatachannel(Some(on_channel.as_ref().unchecked_ref()));
        peer.inner
            .datachannel_handler
            .borrow_mut()
            .replace(on_channel);
        let init = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        init.set_sdp(&offer.to_sdp());
        JsFuture::from(peer.inner.pc.set_remote_description(&init))
            .await
            .map_err(browser(Step::RemoteDescription))?;
        let answer = JsFuture::from(peer.inner.pc.create_answer())
            .await
            .map_err(browser(Step::Answer))?;
        let answer = peer.describe(RtcSdpType::Answer, &answer)?;
        let local = peer.local(&answer).await?;
        Ok((peer, local))
    }

    /// Sends a text message; `false` if the channel is not open or the
    /// browser refused it (too large, buffer full).
    pub fn send(&self, text: &str) -> bool {
        if self.inner.finished.get() {
            return false;
        }
        match self.inner.channel.borrow().as_ref() {
            Some(channel) if channel.ready_state() == RtcDataChannelState::Open => {
                channel.send_with_str(text).is_ok()
            }
            _ => false,
        }
    }

    /// Whether the channel is open now.
    pub fn is_open(&self) -> bool {
        !self.inner.finished.get()
            && self
                .inner
                .channel
                .borrow()
                .as_ref()
                .is_some_and(|c| c.ready_state() == RtcDataChannelState::Open)
    }

    /// Closes the channel and the connection. No [`PeerEvent`] follows:
    /// the caller knows.
    pub fn close(&self) {
        self.inner.shut();
    }

    /// The browser's offer or answer (`created`) as a description to set.
    fn describe(
        &self,
        kind: RtcSdpType,
        created: &JsValue,
    ) -> Result<RtcSessionDescriptionInit, PeerError> {
        let sdp = js_sys::Reflect::get(created, &JsValue::from_str("sdp"))
            .ok()
            .and_then(|s| s.as_string())
            .ok_or(PeerError::NoLocalDescription)?;
        let init = RtcSessionDescriptionInit::new(kind);
        init.set_sdp(&sdp);
        Ok(init)
    }

    /// Sets the local description, waits for gathering, compacts the result.
    async fn local(
        &self,
        description: &RtcSessionDescriptionInit,
    ) -> Result<CompactSdp, PeerError> {
        let pc = &self.inner.pc;
        JsFuture::from(pc.set_local_description(description))
            .await
            .map_err(browser(Step::LocalDescription))?;
        gathered(pc).await;
        if self.inner.finished.get() {
            return Err(PeerError::Closed);
        }
        let sdp = pc
            .local_description()
            .ok_or(PeerError::NoLocalDescription)?
            .sdp();
        Ok(CompactSdp::from_sdp(&sdp)?)
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        self.inner.clear_handlers();
        self.inner.shut();
    }
}

/// Resolves when `pc`'s ICE gathering is complete (`icegatheringstatechange`
/// or the last `icecandidate`), or after [`GATHER_TIMEOUT_MS`].
async fn gathered(pc: &RtcPeerConnection) {
    if pc.ice_gathering_state() == RtcIceGatheringState::Complete {
        return;
    }
    let resolve: Rc<RefCell<Option<js_sys::Function>>> = Rc::new(RefCell::new(None));
    let promise = js_sys::Promise::new(&mut |res, _rej| {
        resolve.borrow_mut().replace(res);
    });
    let done = {
        let resolve = Rc::clone(&resolve);
        move || {
            if let Some(res) = resolve.borrow_mut().take() {
                let _ = res.call0(&JsValue::UNDEFINED);
            }
        }
    };
    let on_state: Handler<Event> = Closure::new({
        let done = done.clone();
        let pc = pc.clone();
        move |_: Event| {
            if pc.ice_gathering_state() == RtcIceGatheringState::Complete {
                done();
            }
        }
    });
    let on_candidate: Handler<RtcPeerConnectionIceEvent> = Closure::new({
        let done = done.clone();
        move |e: RtcPeerConnectionIceEvent| {
            if e.candidate().is_none() {
                done();
            }
        }
    });
    pc.set_onicegatheringstatechange(Some(on_state.as_ref().unchecked_ref()));
    pc.set_onicecandidate(Some(on_candidate.as_ref().unchecked_ref()));
    let timer = Timeout::new(GATHER_TIMEOUT_MS, done.clone());
    if pc.ice_gathering_state() == RtcIceGatheringState::Complete {
        done();
    }
    // The promise only ever resolves.
    let _ = JsFuture::from(promise).await;
    pc.set_onicegatheringstatechange(None);
    pc.set_onicecandidate(None);
    drop(timer);
}

/// The browser's configuration for `config`'s servers.
fn rtc_configuration(config: &IceConfig) -> RtcConfiguration {
    let servers = js_sys::Array::new();
    if let Some(url) = config
        .stun
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty())
    {
        let server = RtcIceServer::new();
        server.set_urls(&JsValue::from_str(url));
        servers.push(&server);
    }
    if let Some(turn) = config.turn.as_ref().filter(|t| !t.url.trim().is_empty()) {
        let server = RtcIceServer::new();
        server.set_urls(&JsValue::from_str(turn.url.trim()));
        server.set_username(&turn.username);
        server.set_credential(&turn.credential);
        servers.push(&server);
    }
    let rtc = RtcConfiguration::new();
    rtc.set_ice_servers(&servers);
    rtc
}
