//! A guest seat's link as the host keeps it: its connection, the name it
//! gave, and the counters that close the connection of a guest who sends
//! too many bad messages, pings or resyncs (the limits are here too).

#[cfg(doc)]
use super::HostSession;
use crate::online::protocol::Connection;
#[cfg(doc)]
use crate::online::protocol::Refusal;

/// Bad messages in a row after which the host closes a guest's connection.
pub const BAD_IN_A_ROW: u32 = 20;
/// Bad messages among the last [`WINDOW`] after which it closes it too.
pub const BAD_IN_WINDOW: u32 = 50;
/// How many of a guest's latest messages the burst counter looks at.
pub const WINDOW: u32 = 100;
/// Refusals an honest guest meets in a race ([`Refusal::counts_as_bad`]
/// is false: stale, not its turn, a bot on its seat, a repeated join) that
/// are forgiven at one ply; past this many, each counts as bad.
pub const RACES_PER_PLY: u32 = 10;
/// Resyncs answered within [`RESYNC_WINDOW_MS`] (each answer is the whole
/// view and hand log); more are refused with [`Refusal::TooFrequent`] and
/// counted as bad. A guest retrying a lost resync should wait 20 s or more.
pub const RESYNCS_IN_WINDOW: u32 = 3;
/// The window of [`RESYNCS_IN_WINDOW`], by the caller's clock
/// ([`HostSession::handle_at`]).
pub const RESYNC_WINDOW_MS: u64 = 60_000;
/// Pings answered within [`PING_WINDOW_MS`]; more are refused with
/// [`Refusal::TooFrequent`] and counted as bad (a ping every 5 s is 12).
pub const PINGS_IN_WINDOW: u32 = 20;
/// The window of [`PINGS_IN_WINDOW`].
pub const PING_WINDOW_MS: u64 = 60_000;
/// Reactions read within [`REACTION_WINDOW_MS`]. A page sends one every
/// [`REACTION_GAP_MS`] at most (30 a minute); one that arrives sooner
/// than that after the last (the network bunched two) is dropped
/// unanswered and not held against the guest. Past this many, a guest is
/// flooding: each is refused with [`Refusal::TooFrequent`] and counted as
/// bad, so a flood ends with the connection closed like any other.
///
/// [`REACTION_GAP_MS`]: crate::online::reactions::REACTION_GAP_MS
pub const REACTIONS_IN_WINDOW: u32 = 45;
/// The window of [`REACTIONS_IN_WINDOW`].
pub const REACTION_WINDOW_MS: u64 = 60_000;

/// A guest seat's link as the host keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Link {
    pub(super) connection: Connection,
    /// The name the guest gave when joining (else the setup's).
    pub(super) name: Option<String>,
    pub(super) bot_playing: bool,
    pub(super) bad_in_a_row: u32,
    /// The latest [`WINDOW`] messages, newest in bit 0: 1 for a bad one.
    pub(super) history: u128,
    /// The ply of the latest race refusal, and how many at that ply.
    pub(super) race_ply: u32,
    pub(super) races: u32,
    pub(super) pings: Rate,
    pub(super) resyncs: Rate,
    pub(super) reactions: Rate,
}

/// Messages of one kind counted in a fixed window of the caller's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(super) struct Rate {
    start_ms: u64,
    count: u32,
}

impl Rate {
    /// Counts one message at `now_ms`; false past `limit` in one window. A
    /// clock that goes back stays in the current window.
    pub(super) fn allow(&mut self, now_ms: u64, limit: u32, window_ms: u64) -> bool {
        if self.count == 0 || now_ms.saturating_sub(self.start_ms) >= window_ms {
            *self = Rate {
                start_ms: now_ms,
                count: 0,
            };
        }
        self.count = self.count.saturating_add(1);
        self.count <= limit
    }
}

impl Link {
    pub(super) fn new() -> Link {
        Link {
            connection: Connection::Waiting,
            name: None,
            bot_playing: false,
            bad_in_a_row: 0,
            history: 0,
            race_ply: 0,
            races: 0,
            pings: Rate::default(),
            resyncs: Rate::default(),
            reactions: Rate::default(),
        }
    }

    /// Counts one message; true when the burst limit is reached.
    pub(super) fn count(&mut self, bad: bool) -> bool {
        let mask = (1u128 << WINDOW) - 1;
        self.history = ((self.history << 1) | u128::from(bad)) & mask;
        self.bad_in_a_row = if bad {
            self.bad_in_a_row.saturating_add(1)
        } else {
            0
        };
        self.over_limit()
    }

    /// Counts one race refusal at `ply`; true past [`RACES_PER_PLY`].
    pub(super) fn race(&mut self, ply: u32) -> bool {
        if self.race_ply != ply {
            self.race_ply = ply;
            self.races = 0;
        }
        self.races = self.races.saturating_add(1);
        self.races > RACES_PER_PLY
    }

    pub(super) fn over_limit(&self) -> bool {
        self.bad_in_a_row >= BAD_IN_A_ROW || self.history.count_ones() >= BAD_IN_WINDOW
    }
}
