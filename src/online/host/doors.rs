//! The host's doors, part of the pure `HostTable` (issue 37): who comes
//! in by the table link (a friend, to a seat: the [`Door`]) and by the
//! watch link (a watcher, to a free place), and what each is answered.
//!
//! The page carries the relays (it opens each offer with the link's key,
//! drops the ones seen before, and seals each reply back on every relay
//! the offer came by); everything else is decided here:
//!
//! - an offer heard ([`HostEvent::OfferHeard`]) is admitted, refused or
//!   asked about; a seat or a place given is a new connection, and the
//!   page makes its answer ([`HostEffect::Answer`], then
//!   [`HostEvent::AnswerMade`]), which goes back as the reply;
//! - the same connection asking again gets the answer it was given;
//! - a seat follows its connection (seated, left), the door draws the
//!   seat keys ([`KeyMint`]) and sends each holder theirs on their own
//!   connection; what the tab keeps for a reload ([`KeptTable`]) is an
//!   effect;
//! - the host's lock, allow and refuse are events;
//! - the table link's relays are left once every friend is seated
//!   ([`HostEffect::Listen`]).
//!
//! Watchers and friends meet the same steps (offer, answer, reply): only
//! the admission differs.

//!
//! This file holds what the doors keep; `admission.rs` what they decide.

use crate::online::sdp::CompactSdp;
use crate::online::signal::relay::ReplyTo;
use crate::online::signal::seat_key::KeptTable;
use crate::online::signal::{Door, KeyMint, OfferId};
use crate::online::watch::ConnId;
use crate::rules::Seat;
use std::collections::BTreeMap;

/// Which of the host's links an offer came by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LinkDoor {
    /// The table link: friends, to seats.
    Table,
    /// The watch link: watchers.
    Watch,
}

/// Where a reply goes: back on relay `relay` of the link, the way the
/// offer came.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Route {
    pub relay: usize,
    pub to: ReplyTo,
}

/// The table link's door, once its relays are reached.
#[derive(Clone, Debug)]
pub(super) struct TableDoor {
    pub(super) door: Door,
    /// The answer each seat's connection was given, to give again to the
    /// same connection asking again (while it is the seat's latest).
    pub(super) answers: BTreeMap<Seat, (ConnId, CompactSdp)>,
    /// Where to reply to each asker the host has not answered yet (their
    /// latest knock).
    pub(super) asking: BTreeMap<OfferId, Route>,
    /// What the tab keeps for a reload.
    pub(super) kept: KeptTable,
    pub(super) mint: KeyMint,
}

/// The host's doors.
#[derive(Clone, Debug, Default)]
pub(super) struct Doors {
    pub(super) table: Option<TableDoor>,
    /// The host stopped sharing the watch link: no watcher comes in until
    /// it is shared again.
    pub(super) watch_stopped: bool,
}
