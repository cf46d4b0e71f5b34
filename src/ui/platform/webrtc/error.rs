//! What can fail while setting up a connection ([`PeerError`]), and which
//! browser call it was ([`Step`]).

use wasm_bindgen::prelude::*;

use crate::online::sdp::SdpError;

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
    crate::ui::platform::console::error_text(error)
}

/// Turns a refusal of the browser at `step` into a [`PeerError`].
pub(super) fn browser(step: Step) -> impl Fn(JsValue) -> PeerError {
    move |e| PeerError::Browser {
        step,
        detail: detail(&e),
    }
}
