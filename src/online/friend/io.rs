//! What the page tells a friend's model, and what the model asks of it.

use super::{Fresh, TimerId};
use crate::online::guest::Received;
use crate::online::protocol::GuestMessage;
use crate::online::reactions::Reaction;
use crate::online::sdp::CompactSdp;
use crate::online::signal::seat_key::KeptSeat;
use crate::online::signal::{FriendOffer, HostAnswer, OfferId};
use crate::rules::{Action, Seat};

/// What happened, as the page tells the model.
#[derive(Clone, Debug)]
pub enum FriendEvent {
    /// The name field changed.
    Name(String),
    /// "Join" (or "Watch", "Join again", "Play here") was pressed.
    Join,
    /// By an invite: the browser prepared the reply code (`None`: it
    /// could not).
    ReplyReady(Option<String>),
    /// By a link: the room's key and the connection's offer are ready
    /// (`None`: the browser could not make them), with this browser's kept
    /// key for the table as storage has it now.
    Offered {
        offer: Option<CompactSdp>,
        kept: Option<KeptSeat>,
        now_ms: u64,
        fresh: Option<Fresh>,
    },
    /// An answer a relay carried, opened with the table's key, at
    /// `now_ms`.
    Answer { answer: HostAnswer, now_ms: u64 },
    /// The browser could not take the host's answer.
    AnswerNotTaken,
    /// The data channel to the host opened.
    ChannelOpen { now_ms: u64 },
    /// A message from the host.
    Received {
        bytes: Vec<u8>,
        now_ms: u64,
        fresh: Option<Fresh>,
    },
    /// The connection to the host is gone, at `now_ms`.
    ChannelClosed { now_ms: u64 },
    /// A frame of the table the brokers carried (no direct connection
    /// opened), opened with the table's key, at `now_ms`.
    Carried {
        frame: Vec<u8>,
        now_ms: u64,
        fresh: Option<Fresh>,
    },
    /// A timer the model started went off.
    Timer {
        id: TimerId,
        now_ms: u64,
        fresh: Option<Fresh>,
    },
    /// The friend asks to take `action` (a card, a draw...).
    Act(Action),
    /// "I'm back": the seat back from the stand-in bot.
    Back,
    /// A quick reaction from this friend's seat.
    React { reaction: Reaction, now_ms: u64 },
    /// Mutes a seat's reactions here, or hears them again.
    Mute(Seat),
    /// The friend left the table.
    Leave,
}

/// What the page must do, as data.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FriendEffect {
    /// Prepare a connection: by an invite, the answer to its offer (then
    /// [`FriendEvent::ReplyReady`]); by a link, the room's key and an offer
    /// (then [`FriendEvent::Offered`]).
    Prepare,
    /// Listen on the link's relays, with the connection just prepared.
    OpenRelays,
    /// Seal this offer with the room's key and send it on every relay.
    Knock(FriendOffer),
    /// Leave the relays.
    StopRelays,
    /// Complete the connection with the host's answer (if the browser
    /// cannot: [`FriendEvent::AnswerNotTaken`]).
    AcceptAnswer(CompactSdp),
    /// Send a message to the host on the data channel.
    Send(GuestMessage),
    /// Send the host "I'm back" (the message exists in the whole app only).
    AskSeatBack,
    /// Carry the table on the link's brokers, listening there for the
    /// host's frames of the connection seated by this offer (report
    /// [`FriendEvent::Carried`]): the knock's relays keep their brokers
    /// and leave their trackers, or, once left, the brokers are reached
    /// again.
    CarryOpen(OfferId),
    /// Seal these frames with the table's key and publish them on the
    /// brokers, to the host, for the connection seated by `offer_id`.
    Carry {
        offer_id: OfferId,
        frames: Vec<Vec<u8>>,
    },
    /// The brokers no longer carry the table: leave them.
    CarryClose,
    /// Close the connection and let it go.
    ClosePeer,
    /// Let the closed connection go.
    DropPeer,
    /// Fire [`FriendEvent::Timer`] with `id` at `at_ms` (never before now).
    StartTimer {
        id: TimerId,
        at_ms: u64,
    },
    CancelTimer(TimerId),
    /// Keep this seat's key in the browser, for every tab.
    StoreKey(KeptSeat),
    /// Keep this seat in the tab, for a reload.
    KeepTabSeat {
        seat: Seat,
        name: String,
    },
    /// Forget the seat kept in the tab.
    ForgetTabSeat,
    /// A line for the console.
    Note(String),
    Warn(String),
    /// The table on show moves on by what the mirror just received
    /// (`crate::table::friend::follow`).
    Follow(Received),
    /// Something on show changed.
    Redraw,
}

impl FriendEvent {
    /// The time the event tells, if any (the page's wall clock).
    pub(super) fn now_ms(&self) -> Option<u64> {
        match self {
            FriendEvent::Offered { now_ms, .. }
            | FriendEvent::Answer { now_ms, .. }
            | FriendEvent::ChannelOpen { now_ms }
            | FriendEvent::ChannelClosed { now_ms }
            | FriendEvent::Received { now_ms, .. }
            | FriendEvent::Carried { now_ms, .. }
            | FriendEvent::Timer { now_ms, .. }
            | FriendEvent::React { now_ms, .. } => Some(*now_ms),
            _ => None,
        }
    }
}
