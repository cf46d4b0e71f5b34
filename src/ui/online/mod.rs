//! Online tables in the page (issue 14, docs/online.md): the glue between
//! the pure session types of [`crate::online`] and the WebRTC transport of
//! [`crate::ui::platform::webrtc`].
//!
//! - [`host`]: [`HostLink`], at the host: one peer connection per friend's
//!   seat and the invite links. It holds the [`crate::online::HostSession`]
//!   in the lobby and hands it to the game at the start; from then on it
//!   passes what friends send to the game's reducer and sends what the
//!   game's session says.
//! - [`guest`]: [`GuestLink`], at a friend's device: the connection to the
//!   host, the reply code, and the [`crate::online::GuestMirror`] of their
//!   seat.
//! - By the table link (issue 30): [`relays`], the page's sockets to the
//!   link's relays; the host's door (`host/door.rs`) and a friend's knocks
//!   (`guest/knock.rs`) over them.
//!
//! Both are shared (`Rc`) between screens and the transport's callbacks,
//! and bump a generation counter on every change a screen shows, so a
//! component re-renders with `use_state` on it.

// The connections themselves are the whole app's (the `full` feature):
// the first download has the types the game screen names, and no code
// that opens a connection.
#[cfg(feature = "full")]
mod guest;
#[cfg(feature = "full")]
mod host;
#[cfg(feature = "full")]
mod relays;

#[cfg(feature = "full")]
pub use guest::{GuestLink, GuestPhase, Ticket};
#[cfg(feature = "full")]
pub use host::{HostLink, TableLinkState};
#[cfg(feature = "full")]
pub use relays::Reach;

pub use crate::online::host::{DealNote, InviteLink, LinkEvent};

use crate::i18n::Key;
use crate::online::{CodeError, CodeKind};
#[cfg(feature = "full")]
use crate::ui::platform::prefs::NetworkPrefs;
#[cfg(feature = "full")]
use crate::ui::platform::webrtc::{IceConfig, TurnServer};

/// The ICE servers of the network settings.
#[cfg(feature = "full")]
pub fn ice_config(net: &NetworkPrefs) -> IceConfig {
    let stun = net.stun.trim();
    let turn = net.turn_url.trim();
    IceConfig {
        stun: (!stun.is_empty()).then(|| stun.to_string()),
        turn: (!turn.is_empty()).then(|| TurnServer {
            url: turn.to_string(),
            username: net.turn_user.clone(),
            credential: net.turn_credential.clone(),
        }),
    }
}

/// The relays a new table link goes through: the player's settings
/// (none: codes only).
#[cfg(feature = "full")]
pub fn table_relays() -> Vec<crate::online::signal::Relay> {
    crate::ui::platform::prefs::RelayPrefs::load().relays()
}

/// The page's address without its fragment.
pub fn page_base() -> String {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    match href.split_once('#') {
        Some((base, _)) => base.to_string(),
        None => href,
    }
}

/// The message for a code that could not be read.
pub fn code_error_key(err: &CodeError) -> Key {
    match err {
        CodeError::Empty => Key::CodeEmpty,
        CodeError::TooLong { .. } => Key::CodeTooLong,
        CodeError::NotBase64 { .. } | CodeError::BadChecksum | CodeError::BadPayload => {
            Key::CodeDamaged
        }
        CodeError::Truncated => Key::CodeTruncated,
        CodeError::WrongKind { found, .. } => match found {
            CodeKind::Invite => Key::CodeIsInvite,
            CodeKind::Reply => Key::CodeIsReply,
        },
        CodeError::UnsupportedVersion(_) => Key::CodeOtherVersion,
    }
}
