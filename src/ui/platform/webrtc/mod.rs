//! The browser transport of online tables (docs/online.md): one ordered,
//! reliable `RTCDataChannel` per guest, with no signalling server. The
//! host's offer travels in an invite link and the guest's answer in a reply
//! code, both as a
//! [`CompactSdp`](crate::online::sdp::CompactSdp); so each side waits until ICE gathering is
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
//!
//! - `ice.rs`: the STUN/TURN servers ([`IceConfig`]) and waiting for ICE
//!   gathering.
//! - `peer.rs`: the [`Peer`] and its offer/answer exchange.
//! - `connection.rs`: what a connection's browser callbacks share, and the
//!   callbacks themselves.
//! - `rate.rs`: the incoming message-rate cap ([`RateGate`]).
//! - `error.rs`: what can fail while setting up ([`PeerError`]).

mod connection;
mod error;
mod ice;
mod peer;
mod rate;

pub use error::{PeerError, Step};
pub use ice::{IceConfig, TurnServer};
pub use peer::{Peer, Reaches};
pub use rate::{RateGate, Verdict};

use crate::online::protocol::MAX_HOST_MESSAGE;

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
