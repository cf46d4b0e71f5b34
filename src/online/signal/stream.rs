//! A reliable, ordered stream of messages over a relay that may lose,
//! repeat, reorder or forge what it carries (issue 38, its first pure
//! part): the game's messages between a host and a friend with no direct
//! connection, through the table's MQTT brokers.
//!
//! Each side keeps one [`Stream`]. A message is cut into fragments of at
//! most [`MAX_FRAGMENT`] bytes (under the brokers' frame limits once
//! sealed), each numbered; the other side acknowledges what it has (the
//! next number it expects, and which of the [`WINDOW`] after it came), and
//! what is not acknowledged goes again after a wait that doubles (from
//! [`FIRST_RETRY_MS`] to [`LAST_RETRY_MS`]). At most [`WINDOW`] fragments
//! are out at once and at most [`FRAMES_PER_SECOND`] frames go a second,
//! so a resync of the whole match does not flood a public broker.
//!
//! The frames are the plaintext the page seals with the table's key
//! before a relay sees them (as the offers and answers are): a relay
//! cannot forge one that opens. A frame that does not read, of another
//! stream, or numbered outside the window is dropped and changes nothing;
//! a message over [`MAX_MESSAGE`] ends the stream ([`StreamError`]).
//!
//! Pure: times are the caller's milliseconds; the stream id is the
//! caller's random number.

use crate::codec::{Reader, Writer};
use std::collections::{BTreeMap, VecDeque};

/// The most bytes of a message in one frame.
pub const MAX_FRAGMENT: usize = 4 * 1024;
/// The longest message (a host's message is at most 256 KiB, with room).
pub const MAX_MESSAGE: usize = 320 * 1024;
/// Fragments out at once, and how far ahead of the next expected one a
/// fragment is kept.
pub const WINDOW: u32 = 32;
/// The first wait for an acknowledgement, and the longest.
pub const FIRST_RETRY_MS: u64 = 1_000;
pub const LAST_RETRY_MS: u64 = 8_000;
/// Frames sent a second at most (data and acknowledgements).
pub const FRAMES_PER_SECOND: u32 = 25;
/// Fragments waiting to go at most (4 MiB); past it [`Stream::send`]
/// refuses.
pub const MAX_QUEUED: usize = 1024;

const DATA: u8 = 0;
const ACK: u8 = 1;

/// Why the stream cannot go on: the page ends it (and the table's
/// connection with it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StreamError {
    #[error("a message of {0} bytes, over the limit of {MAX_MESSAGE}")]
    TooLarge(usize),
    #[error("more than {MAX_QUEUED} fragments wait to go")]
    Backlog,
}

/// One fragment out, not yet acknowledged.
#[derive(Debug, Clone)]
struct Out {
    seq: u32,
    last: bool,
    bytes: Vec<u8>,
    /// When it went last (`None`: not yet), and how many times.
    sent_ms: Option<u64>,
    tries: u32,
}

/// One side of a stream: what it sends and what it receives.
#[derive(Debug, Clone)]
pub struct Stream {
    /// This side's stream id (in every frame it sends), and the other
    /// side's once heard.
    id: u32,
    peer: Option<u32>,
    next_seq: u32,
    /// Fragments not yet acknowledged, oldest first; those past the
    /// window wait.
    out: VecDeque<Out>,
    /// The next fragment number expected, what came past it, and the
    /// message being put together.
    expected: u32,
    early: BTreeMap<u32, (bool, Vec<u8>)>,
    partial: Vec<u8>,
    /// An acknowledgement is owed.
    owe_ack: bool,
    /// The rate: frames sent in the second that started at `second_ms`.
    second_ms: u64,
    sent_this_second: u32,
}

impl Stream {
    /// A new stream whose frames carry `id` (random: a stream of an
    /// earlier connection is not mistaken for this one).
    pub fn new(id: u32) -> Stream {
        Stream {
            id,
            peer: None,
            next_seq: 0,
            out: VecDeque::new(),
            expected: 0,
            early: BTreeMap::new(),
            partial: Vec::new(),
            owe_ack: false,
            second_ms: 0,
            sent_this_second: 0,
        }
    }

    /// Queues `message` to go, cut into fragments.
    ///
    /// # Errors
    /// [`StreamError::TooLarge`] over [`MAX_MESSAGE`],
    /// [`StreamError::Backlog`] when too much waits; nothing is queued.
    pub fn send(&mut self, message: &[u8]) -> Result<(), StreamError> {
        if message.len() > MAX_MESSAGE {
            return Err(StreamError::TooLarge(message.len()));
        }
        let pieces = message.len().div_ceil(MAX_FRAGMENT).max(1);
        if self.out.len() + pieces > MAX_QUEUED {
            return Err(StreamError::Backlog);
        }
        let mut chunks: Vec<&[u8]> = message.chunks(MAX_FRAGMENT).collect();
        if chunks.is_empty() {
            chunks.push(&[]);
        }
        let n = chunks.len();
        for (i, chunk) in chunks.into_iter().enumerate() {
            self.out.push_back(Out {
                seq: self.next_seq,
                last: i + 1 == n,
                bytes: chunk.to_vec(),
                sent_ms: None,
                tries: 0,
            });
            self.next_seq = self.next_seq.wrapping_add(1);
        }
        Ok(())
    }

    /// Whether everything sent was acknowledged.
    pub fn is_idle(&self) -> bool {
        self.out.is_empty()
    }

    /// Whether [`Stream::due`] may have frames at a later time: fragments
    /// wait for an acknowledgement, or one is owed.
    pub fn wants_tick(&self) -> bool {
        !self.out.is_empty() || self.owe_ack
    }

    /// The frames to send at `now_ms`: an acknowledgement owed, then
    /// fragments never sent or whose wait is over, within the window and
    /// the rate.
    pub fn due(&mut self, now_ms: u64) -> Vec<Vec<u8>> {
        if now_ms.saturating_sub(self.second_ms) >= 1_000 {
            self.second_ms = now_ms;
            self.sent_this_second = 0;
        }
        let mut frames = Vec::new();
        if self.owe_ack && self.sent_this_second < FRAMES_PER_SECOND {
            frames.push(self.ack_frame());
            self.owe_ack = false;
            self.sent_this_second += 1;
        }
        let oldest = self.out.front().map(|o| o.seq);
        for o in self.out.iter_mut() {
            if self.sent_this_second >= FRAMES_PER_SECOND {
                break;
            }
            let ahead = oldest.map_or(0, |first| o.seq.wrapping_sub(first));
            if ahead >= WINDOW {
                break;
            }
            let wait = FIRST_RETRY_MS
                .saturating_mul(1u64 << o.tries.min(6).saturating_sub(1))
                .min(LAST_RETRY_MS);
            let ready = match o.sent_ms {
                None => true,
                Some(at) => now_ms.saturating_sub(at) >= wait,
            };
            if !ready {
                continue;
            }
            let mut w = Writer::new();
            w.u8(DATA);
            w.u32_be(self.id);
            w.u32_be(o.seq);
            w.u8(u8::from(o.last));
            w.bytes(&o.bytes);
            frames.push(w.into_bytes());
            o.sent_ms = Some(now_ms);
            o.tries = o.tries.saturating_add(1);
            self.sent_this_second += 1;
        }
        frames
    }

    fn ack_frame(&self) -> Vec<u8> {
        let mut bits = 0u32;
        for &seq in self.early.keys() {
            let k = seq.wrapping_sub(self.expected);
            if (1..=WINDOW).contains(&k) {
                bits |= 1 << (k - 1);
            }
        }
        let mut w = Writer::new();
        w.u8(ACK);
        w.u32_be(self.id);
        w.u32_be(self.peer.unwrap_or(0));
        w.u32_be(self.expected);
        w.u32_be(bits);
        w.into_bytes()
    }

    /// A frame from the other side (opened with the table's key): the
    /// whole messages it completes, in order. Anything that does not fit
    /// is dropped and changes nothing.
    ///
    /// # Errors
    /// A message put together past [`MAX_MESSAGE`]: the stream is over.
    pub fn receive(&mut self, frame: &[u8]) -> Result<Vec<Vec<u8>>, StreamError> {
        let mut r = Reader::new(frame);
        let Ok(kind) = r.u8() else {
            return Ok(Vec::new());
        };
        match kind {
            DATA => self.data(&mut r),
            ACK => {
                self.ack(&mut r);
                Ok(Vec::new())
            }
            _ => Ok(Vec::new()),
        }
    }

    fn data(&mut self, r: &mut Reader<'_>) -> Result<Vec<Vec<u8>>, StreamError> {
        let (Ok(stream), Ok(seq), Ok(last)) = (r.u32_be(), r.u32_be(), r.u8()) else {
            return Ok(Vec::new());
        };
        let Ok(bytes) = r.take(r.remaining()) else {
            return Ok(Vec::new());
        };
        if last > 1 || bytes.len() > MAX_FRAGMENT {
            return Ok(Vec::new());
        }
        match self.peer {
            None => self.peer = Some(stream),
            Some(p) if p != stream => return Ok(Vec::new()),
            Some(_) => {}
        }
        // Acknowledged however it came: a repeat says our ack was lost.
        self.owe_ack = true;
        let ahead = seq.wrapping_sub(self.expected);
        if ahead >= WINDOW {
            // Behind (a repeat) or too far ahead: dropped.
            return Ok(Vec::new());
        }
        self.early.insert(seq, (last == 1, bytes.to_vec()));
        let mut messages = Vec::new();
        while let Some((last, bytes)) = self.early.remove(&self.expected) {
            self.expected = self.expected.wrapping_add(1);
            if self.partial.len() + bytes.len() > MAX_MESSAGE {
                return Err(StreamError::TooLarge(self.partial.len() + bytes.len()));
            }
            self.partial.extend_from_slice(&bytes);
            if last {
                messages.push(std::mem::take(&mut self.partial));
            }
        }
        Ok(messages)
    }

    fn ack(&mut self, r: &mut Reader<'_>) {
        let (Ok(stream), Ok(to), Ok(expected), Ok(bits)) =
            (r.u32_be(), r.u32_be(), r.u32_be(), r.u32_be())
        else {
            return;
        };
        if to != self.id || self.peer.is_some_and(|p| p != stream) || !r.is_empty() {
            return;
        }
        let Some(first) = self.out.front().map(|o| o.seq) else {
            return;
        };
        // Only what was sent can be acknowledged (an older ack, or one
        // past what went, changes nothing).
        let span = expected.wrapping_sub(first);
        if span > self.next_seq.wrapping_sub(first) {
            return;
        }
        self.peer.get_or_insert(stream);
        while self
            .out
            .front()
            .is_some_and(|o| o.seq.wrapping_sub(first) < span)
        {
            self.out.pop_front();
        }
        self.out.retain(|o| {
            let k = o.seq.wrapping_sub(expected);
            !((1..=WINDOW).contains(&k) && bits & (1 << (k - 1)) != 0)
        });
    }
}
