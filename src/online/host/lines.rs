//! What the host keeps of a connection's line beside the table
//! (`carried.rs` says what it does with it): whether the brokers carry it.

#[cfg(doc)]
use crate::online::friend::SEATING_MS;
use crate::online::signal::stream::Stream;
use crate::online::signal::OfferId;

/// How often a carried stream is looked at for frames to send again (and
/// acknowledgements owed) while it has any.
pub const CARRY_TICK_MS: u64 = 250;
/// How often the table looks whether a carried friend went silent, while
/// it carries any.
pub const CARRY_WATCH_MS: u64 = 5_000;
/// How long a carried friend may stay silent (their page pings every
/// 20 s) before their connection counts as closed: no browser says when
/// a relay's far end is gone.
pub const CARRY_SILENT_MS: u64 = 50_000;

/// A connection the brokers may carry.
#[derive(Clone, Debug)]
pub(super) struct Carried {
    /// The offer the friend was seated by: the topic their frames use.
    pub(super) offer_id: OfferId,
    /// Its stream, once a frame came (the connection is carried).
    pub(super) stream: Option<Stream>,
    /// When the friend's last frame came.
    pub(super) heard_ms: u64,
    /// When its stream began (the first frame).
    pub(super) since_ms: u64,
    /// Whether its direct connection had [`SEATING_MS`] to open since the
    /// stream began and did not: the lobby then says it comes through a
    /// relay, as it does once the browser gave the direct connection up (a
    /// friend's page carries from the answer on, while the direct
    /// connection is made: a second's carrying is not worth a word).
    pub(super) overdue: bool,
}
