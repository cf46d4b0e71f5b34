//! The ICE side of a connection: the STUN and TURN servers chosen in the
//! settings ([`IceConfig`]), the browser configuration made of them, and
//! waiting until ICE gathering is complete (the codes carry every
//! candidate at once).

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Event, RtcConfiguration, RtcIceGatheringState, RtcIceServer, RtcPeerConnection,
    RtcPeerConnectionIceEvent,
};

use super::connection::Handler;
use super::GATHER_TIMEOUT_MS;

/// The STUN and TURN servers chosen in the settings. Neither set (the
/// default) means no server: play on the same network only.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct IceConfig {
    /// STUN URLs, e.g. `stun:stun.example.org:3478`, separated by spaces
    /// or commas ([`crate::online::server_list`]).
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

/// The browser's configuration for `config`'s servers.
pub(super) fn rtc_configuration(config: &IceConfig) -> RtcConfiguration {
    let servers = js_sys::Array::new();
    // One server for each STUN address of the settings (the default names
    // two providers': one down, the other still answers).
    for url in crate::online::server_list(config.stun.as_deref().unwrap_or_default()) {
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

/// Resolves when `pc`'s ICE gathering is complete (`icegatheringstatechange`
/// or the last `icecandidate`), or after [`GATHER_TIMEOUT_MS`].
pub(super) async fn gathered(pc: &RtcPeerConnection) {
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
