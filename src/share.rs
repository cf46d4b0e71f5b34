//! Share links of a match (issue 15): the whole match ([`Played`]) in a URL
//! fragment (`…/ono99/#replay=<code>`), so it opens in the replay viewer on
//! any device with nothing sent anywhere.
//!
//! A match is its rule set, seat names, seed and actions; the engine deals
//! and plays the rest. Each action is written as its index among the legal
//! actions of that moment, in as few bits as that list needs (none when
//! only one move was possible), so a long match stays short.
//!
//! The code is base64url (no padding) of:
//!
//! | bytes | what |
//! |---|---|
//! | 1 | format version ([`SHARE_VERSION`]) |
//! | 1 | `M` (a match) |
//! | … | rule set (as in invite codes), seat count, each seat's name (length-prefixed, ≤ 16 bytes), seed (8 bytes, big-endian), action count (LEB128), the action bits (most significant first) |
//! | 4 | CRC-32 of all the bytes before it |
//!
//! Decoding never panics: any change to a code is refused with a
//! [`ShareError`], and the actions are checked by replaying them.
//! Pure: no browser API, tested natively (`tests/share.rs`).

use crate::online::codes::{base64url_decode, base64url_encode, crc32, put_rules, read_rules};
use crate::online::sdp::{put_text, Reader};
use crate::rules::played::clean_name;
use crate::rules::{Match, Played, RuleError, SetupError};

/// The version of the share format this code writes and reads.
pub const SHARE_VERSION: u8 = 1;
/// Longer texts are refused unread (a long 8-player tokens match is far
/// below it).
pub const MAX_SHARE_CHARS: usize = 32 * 1024;
/// Seat names are cut to this many bytes (at a character).
pub const MAX_SHARED_NAME: usize = crate::rules::played::MAX_NAME_BYTES;
const KIND: u8 = b'M';

/// Why a share code could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ShareError {
    #[error("there is no code")]
    Empty,
    #[error("the code is too long ({len} characters, at most {max})")]
    TooLong { len: usize, max: usize },
    #[error("the code is damaged")]
    Damaged,
    #[error("the code is from another version of the game (format {0})")]
    UnsupportedVersion(u8),
    #[error("the code's table cannot be set up: {0}")]
    Setup(#[from] SetupError),
    /// Action `index` (0-based) is refused by the rules: the moves do not
    /// replay.
    #[error("the code's action {index} does not replay: {error}")]
    DoesNotReplay { index: usize, error: RuleError },
}

struct BitWriter {
    bytes: Vec<u8>,
    used: u8,
}

impl BitWriter {
    fn put(&mut self, value: usize, bits: u32) {
        for i in (0..bits).rev() {
            if self.used == 0 {
                self.bytes.push(0);
            }
            if (value >> i) & 1 == 1 {
                if let Some(last) = self.bytes.last_mut() {
                    *last |= 0x80 >> self.used;
                }
            }
            self.used = (self.used + 1) % 8;
        }
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl BitReader<'_> {
    fn take(&mut self, bits: u32) -> Option<usize> {
        let mut v = 0usize;
        for _ in 0..bits {
            let byte = *self.bytes.get(self.pos / 8)?;
            let bit = (byte >> (7 - (self.pos % 8))) & 1;
            v = (v << 1) | usize::from(bit);
            self.pos += 1;
        }
        Some(v)
    }
}

/// Bits needed to write an index below `n`.
fn bits_for(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}

fn put_leb(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let low = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

fn read_leb(r: &mut Reader<'_>) -> Option<u64> {
    let mut n: u64 = 0;
    for shift in (0..64).step_by(7) {
        let byte = r.byte()?;
        n |= u64::from(byte & 0x7f).checked_shl(shift)?;
        if byte & 0x80 == 0 {
            return Some(n);
        }
    }
    None
}

impl Played {
    /// The share code of this match.
    ///
    /// # Errors
    /// A setup the engine refuses, or an action it refuses (the code of a
    /// match must replay).
    pub fn encode(&self) -> Result<String, ShareError> {
        let mut m = Match::new_unlogged(self.rules, self.names.len(), self.seed)?;
        let mut bits = BitWriter {
            bytes: Vec::new(),
            used: 0,
        };
        for (i, &(seat, action)) in self.actions.iter().enumerate() {
            let legal = m.legal_actions();
            let index = legal
                .iter()
                .position(|&a| a == action)
                .filter(|_| m.to_act().is_some_and(|t| t.seat == seat))
                .ok_or_else(|| ShareError::DoesNotReplay {
                    index: i,
                    // The engine's own reason (a legal action by the seat to
                    // act would have been found above).
                    error: m
                        .clone()
                        .apply_for(seat, action)
                        .err()
                        .unwrap_or(RuleError::MatchOver),
                })?;
            bits.put(index, bits_for(legal.len()));
            m.apply_for(seat, action)
                .map_err(|error| ShareError::DoesNotReplay { index: i, error })?;
        }
        let mut body = vec![SHARE_VERSION, KIND];
        put_rules(&mut body, &self.rules);
        body.push(self.names.len() as u8);
        for name in &self.names {
            put_text(&mut body, &clean_name(name));
        }
        body.extend_from_slice(&self.seed.to_be_bytes());
        put_leb(&mut body, self.actions.len() as u64);
        body.extend_from_slice(&bits.bytes);
        let crc = crc32(&body);
        body.extend_from_slice(&crc.to_be_bytes());
        Ok(base64url_encode(&body))
    }

    /// Reads a share code (or a whole link ending in `#replay=<code>`).
    ///
    /// # Errors
    /// See [`ShareError`]; nothing is ever half-read.
    pub fn decode(text: &str) -> Result<Played, ShareError> {
        let code = text.rsplit_once("#replay=").map_or(text, |(_, c)| c);
        let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.is_empty() {
            return Err(ShareError::Empty);
        }
        if compact.len() > MAX_SHARE_CHARS {
            return Err(ShareError::TooLong {
                len: compact.len(),
                max: MAX_SHARE_CHARS,
            });
        }
        let bytes = base64url_decode(&compact).map_err(|_| ShareError::Damaged)?;
        if bytes.len() < 6 {
            return Err(ShareError::Damaged);
        }
        let (content, trailer) = bytes.split_at(bytes.len() - 4);
        let stored = u32::from_be_bytes([trailer[0], trailer[1], trailer[2], trailer[3]]);
        if crc32(content) != stored {
            return Err(ShareError::Damaged);
        }
        let mut r = Reader::new(content);
        let version = r.byte().ok_or(ShareError::Damaged)?;
        if version != SHARE_VERSION {
            return Err(ShareError::UnsupportedVersion(version));
        }
        if r.byte() != Some(KIND) {
            return Err(ShareError::Damaged);
        }
        let rules = read_rules(&mut r).ok_or(ShareError::Damaged)?;
        let seats = usize::from(r.byte().ok_or(ShareError::Damaged)?);
        // Only names the encoder could have written: short, no control
        // characters.
        let names = (0..seats)
            .map(|_| r.text())
            .collect::<Option<Vec<String>>>()
            .filter(|names| {
                names
                    .iter()
                    .all(|n| n.len() <= MAX_SHARED_NAME && !n.chars().any(char::is_control))
            })
            .ok_or(ShareError::Damaged)?;
        let seed_bytes: [u8; 8] = r
            .bytes(8)
            .and_then(|b| b.try_into().ok())
            .ok_or(ShareError::Damaged)?;
        let seed = u64::from_be_bytes(seed_bytes);
        let count = read_leb(&mut r).ok_or(ShareError::Damaged)?;
        let rest = r.bytes(r.remaining()).ok_or(ShareError::Damaged)?;
        // Every action takes at least no bits; a count beyond what any
        // match could hold is refused before replaying.
        if count > 100_000 {
            return Err(ShareError::Damaged);
        }
        let mut m = Match::new_unlogged(rules, seats, seed)?;
        let mut bits = BitReader {
            bytes: rest,
            pos: 0,
        };
        let mut actions = Vec::with_capacity(count as usize);
        for i in 0..count {
            let turn = m.to_act().ok_or(ShareError::DoesNotReplay {
                index: i as usize,
                error: RuleError::MatchOver,
            })?;
            let legal = m.legal_actions();
            let index = bits
                .take(bits_for(legal.len()))
                .ok_or(ShareError::Damaged)?;
            let action = *legal.get(index).ok_or(ShareError::Damaged)?;
            m.apply_for(turn.seat, action)
                .map_err(|error| ShareError::DoesNotReplay {
                    index: i as usize,
                    error,
                })?;
            actions.push((turn.seat, action));
        }
        // Only zero padding may follow the last action.
        if rest.len() != bits.pos.div_ceil(8) || bits.take((8 - bits.pos % 8) as u32 % 8) != Some(0)
        {
            return Err(ShareError::Damaged);
        }
        Ok(Played {
            rules,
            names,
            seed,
            actions,
        })
    }
}
