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
//! Version 2 (issue 31: a match with friends whose deal anyone can check)
//! is version 1's layout with `2` for its version and the deal's
//! [`Proof`] between the action bits (padded to a whole byte with zeros)
//! and the CRC:
//!
//! | bytes | what |
//! |---|---|
//! | 32 | the host's seal on its secret (SHA-256) |
//! | 32 | the secret it revealed |
//! | 1 | how many contributions (at most one a seat) |
//! | 17 each | a contribution: its seat (below the seat count, each seat once), its 16 bytes |
//!
//! A version-1 code is written for a match without a proof
//! ([`Played::encode`]), byte for byte as before; both versions are read.
//! [`Played::decode`] gives the match of either; [`Played::decode_with_proof`]
//! gives the proof too, so the replay can check the deal again, offline
//! (`online::fair::check_shared`).
//!
//! Written with the game's one binary codec (`crate::codec`). Decoding
//! never panics: any change to a code is refused with a
//! [`ShareError`], and the actions are checked by the one replayer
//! ([`Played::deal`] and [`Played::take`]) as they are read.
//! Pure: no browser API, tested natively (`tests/share.rs`).

use crate::codec::{self, base64url_decode, base64url_encode, bits_for, Reader, Writer};
use crate::online::fair::{Contribution, Digest, Proof, Secret};
use crate::rules::played::clean_name;
use crate::rules::{DoesNotReplay, Played, RuleError, Seat, SetupError};

/// The version of the share format written for a match without a proof
/// (the one every build has read).
pub const SHARE_VERSION: u8 = 1;
/// The version written for a match with its deal's [`Proof`].
pub const SHARE_VERSION_PROOF: u8 = 2;
/// Longer texts are refused unread (a long 8-player tokens match is far
/// below it).
pub const MAX_SHARE_CHARS: usize = 32 * 1024;
/// Seat names are cut to this many bytes (at a character).
pub const MAX_SHARED_NAME: usize = crate::rules::played::MAX_NAME_BYTES;
const KIND: u8 = b'M';
/// More actions than any match takes: a longer count is refused unread.
const MAX_ACTIONS: u64 = 100_000;

impl From<codec::CodecError> for ShareError {
    fn from(_: codec::CodecError) -> ShareError {
        ShareError::Damaged
    }
}

impl From<DoesNotReplay> for ShareError {
    fn from(refused: DoesNotReplay) -> ShareError {
        ShareError::DoesNotReplay {
            index: refused.index,
            error: refused.error,
        }
    }
}

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
    /// A proof with a contribution for a seat outside the match, or two
    /// for one seat: no code is written for it.
    #[error("the deal's proof does not fit the match")]
    ProofDoesNotFit,
}

impl Played {
    /// The share code of this match.
    ///
    /// # Errors
    /// A setup the engine refuses, or an action it refuses (the code of a
    /// match must replay).
    pub fn encode(&self) -> Result<String, ShareError> {
        let mut body = self.write_body(SHARE_VERSION)?.into_bytes();
        codec::seal(&mut body);
        Ok(base64url_encode(&body))
    }

    /// The share code of this match with its deal's proof (format
    /// version 2), so whoever opens it can check the deal again.
    ///
    /// # Errors
    /// As [`Played::encode`]; [`ShareError::ProofDoesNotFit`] for a
    /// contribution of a seat outside the match, or two for one seat.
    pub fn encode_with_proof(&self, proof: &Proof) -> Result<String, ShareError> {
        if !contributions_fit(&proof.contributions, self.names.len()) {
            return Err(ShareError::ProofDoesNotFit);
        }
        let mut body = self.write_body(SHARE_VERSION_PROOF)?;
        body.bytes(&proof.commitment.0);
        body.bytes(&proof.secret.0);
        body.u8(proof.contributions.len() as u8);
        for (seat, c) in &proof.contributions {
            body.u8(seat.0);
            body.bytes(&c.0);
        }
        let mut body = body.into_bytes();
        codec::seal(&mut body);
        Ok(base64url_encode(&body))
    }

    /// Version `version`'s header and the match, up to its last action's
    /// bits.
    fn write_body(&self, version: u8) -> Result<Writer, ShareError> {
        let mut replay = self.replay()?;
        let mut body = Writer::new();
        body.u8(version);
        body.u8(KIND);
        body.rules(&self.rules);
        body.u8(self.names.len() as u8);
        for name in &self.names {
            body.text(&clean_name(name));
        }
        body.u64_be(self.seed);
        body.leb(self.actions.len() as u64);
        loop {
            let legal = replay.game().legal_actions();
            let Some(took) = replay.next() else { break };
            let took = took?;
            // The rules take only an action they list as legal (legality
            // has one source), so its place is found; were it not, the code
            // could not name the action, and the match is refused.
            let place = legal.iter().position(|&a| a == took.action);
            let place = place.ok_or(ShareError::DoesNotReplay {
                index: took.index,
                error: RuleError::MatchOver,
            })?;
            body.bits(place, bits_for(legal.len()));
        }
        Ok(body)
    }

    /// Reads a share code (or a whole link ending in `#replay=<code>`), of
    /// either version; a version-2 code's proof is read and left out.
    ///
    /// # Errors
    /// See [`ShareError`]; nothing is ever half-read.
    pub fn decode(text: &str) -> Result<Played, ShareError> {
        Played::decode_with_proof(text).map(|(played, _)| played)
    }

    /// Reads a share code (or a whole link) with its deal's proof, if it
    /// carries one (version 2). The proof is read as written, not checked:
    /// whether it holds is `online::fair::check_shared`'s verdict.
    ///
    /// # Errors
    /// See [`ShareError`]; nothing is ever half-read.
    pub fn decode_with_proof(text: &str) -> Result<(Played, Option<Proof>), ShareError> {
        let code = text
            .rsplit_once(crate::routes::REPLAY_PREFIX)
            .map_or(text, |(_, c)| c);
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
        let mut r = Reader::new(codec::unseal(&bytes)?);
        let version = r.u8()?;
        if version != SHARE_VERSION && version != SHARE_VERSION_PROOF {
            return Err(ShareError::UnsupportedVersion(version));
        }
        if r.u8()? != KIND {
            return Err(ShareError::Damaged);
        }
        let rules = r.rules()?;
        let seats = usize::from(r.u8()?);
        // Only names the encoder could have written: short, no control
        // characters.
        let names = (0..seats)
            .map(|_| r.text())
            .collect::<Result<Vec<String>, _>>()?;
        if !names
            .iter()
            .all(|n| n.len() <= MAX_SHARED_NAME && !n.chars().any(char::is_control))
        {
            return Err(ShareError::Damaged);
        }
        let seed = r.u64_be()?;
        // Every action takes at least no bits; a count beyond what any
        // match could hold is refused before replaying.
        let count = r.leb(MAX_ACTIONS)? as usize;
        let mut played = Played {
            rules,
            names,
            seed,
            actions: Vec::with_capacity(count),
        };
        // Each action is read as its place among the actions legal at that
        // moment, so the match is replayed as it is read: dealt and taken
        // by the one replayer, one action at a time.
        let mut game = played.deal()?;
        game.set_logging(false);
        for index in 0..count {
            let turn = game.to_act().ok_or(ShareError::DoesNotReplay {
                index,
                error: RuleError::MatchOver,
            })?;
            let legal = game.legal_actions();
            let place = r.bits(bits_for(legal.len()))?;
            let action = *legal.get(place).ok_or(ShareError::Damaged)?;
            played.actions.push((turn.seat, action));
            if let Some(Err(refused)) = played.take(&mut game, index) {
                return Err(refused.into());
            }
        }
        // Only zero padding may follow the last action.
        r.end_bits()?;
        let proof = if version == SHARE_VERSION_PROOF {
            Some(read_proof(&mut r, played.names.len())?)
        } else {
            None
        };
        r.finish()?;
        Ok((played, proof))
    }
}

/// Whether every contribution is of a seat of a match of `seats`, each
/// seat once.
fn contributions_fit(contributions: &[(Seat, Contribution)], seats: usize) -> bool {
    contributions.iter().enumerate().all(|(i, &(seat, _))| {
        seat.index() < seats && !contributions[..i].iter().any(|&(s, _)| s == seat)
    })
}

/// A version-2 code's proof, for a match of `seats`.
fn read_proof(r: &mut Reader<'_>, seats: usize) -> Result<Proof, ShareError> {
    let mut bytes = || -> Result<[u8; 32], ShareError> {
        r.take(32)?.try_into().map_err(|_| ShareError::Damaged)
    };
    let commitment = bytes()?;
    let secret = bytes()?;
    let count = usize::from(r.u8()?);
    if count > seats {
        return Err(ShareError::Damaged);
    }
    let mut contributions = Vec::with_capacity(count);
    for _ in 0..count {
        let seat = Seat(r.u8()?);
        let bytes = r.take(16)?.try_into().map_err(|_| ShareError::Damaged)?;
        contributions.push((seat, Contribution(bytes)));
    }
    // Only what the encoder could have written.
    if !contributions_fit(&contributions, seats) {
        return Err(ShareError::Damaged);
    }
    Ok(Proof {
        commitment: Digest(commitment),
        secret: Secret(secret),
        contributions,
    })
}
