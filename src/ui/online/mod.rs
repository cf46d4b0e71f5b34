//! Online tables in the page (issue 14, docs/online.md): the glue between
//! the pure session types of [`crate::online`] and the WebRTC transport of
//! [`crate::ui::platform::webrtc`].
//!
//! - [`host`]: [`HostLink`], at the host: the [`crate::online::HostSession`]
//!   kept in step with the game on screen, one peer connection per friend's
//!   seat, and the invite links. The game screen tells it, after each
//!   change, every action taken at this device and who a bot plays for;
//!   it tells the game every action a friend's message made.
//! - [`guest`]: [`GuestLink`], at a friend's device: the connection to the
//!   host, the reply code, and the [`crate::online::GuestMirror`] of their
//!   seat.
//!
//! Both are shared (`Rc`) between screens and the transport's callbacks,
//! and bump a generation counter on every change a screen shows, so a
//! component re-renders with `use_state` on it.

mod guest;
mod host;

pub use guest::{GuestLink, GuestPhase};
pub use host::HostLink;

use crate::bots::Level;
use crate::online::{CodeError, CodeKind, SeatKind, SeatSetup, TableSetup};
use crate::rules::Seat;
use crate::ui::i18n::Key;
use crate::ui::platform::prefs::NetworkPrefs;
use crate::ui::platform::webrtc::{IceConfig, TurnServer};
use crate::ui::state::GameSetup;

/// The ICE servers of the network settings.
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

/// The host session's seats for a setup: you, the people at this device,
/// the bots, and the friends online.
pub fn table_setup(setup: &GameSetup, names: impl Fn(Seat) -> String) -> TableSetup {
    let seats = (0..setup.seat_count())
        .map(|i| {
            let seat = Seat(i as u8);
            let kind = setup.kind(seat).unwrap_or(SeatKind::Bot(Level::Medium));
            SeatSetup {
                name: names(seat),
                kind,
            }
        })
        .collect();
    TableSetup {
        rules: setup.rules,
        seats,
    }
}

/// How a friend's seat stands, as the host's screens show it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SeatStatus {
    Waiting,
    Connected,
    Disconnected,
}

/// A seat's invite link, once the browser has prepared its offer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum InviteLink {
    Preparing,
    Ready(String),
    Failed,
}
