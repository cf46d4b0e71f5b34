//! A deal anyone can check (issue 31, docs/online.md "A deal anyone can
//! check"): the pure part.
//!
//! Before the deal the host draws a secret and sends only its
//! [`Secret::commitment`] (a SHA-256 seal). Each friend then sends a random
//! [`Contribution`]. The match's seed is [`derive_seed`] over the secret
//! and every contribution, so the host cannot pick the deal (it sealed its
//! secret before seeing the contributions) and no friend can (it does not
//! know the secret). At the end the host reveals the secret in a
//! [`Proof`]; every page then [`check`]s that the seal opens, that its own
//! contribution is in, and that every card it was shown is the one that
//! seed deals and draws. A share link carries the proof, so the match can
//! be checked again later, offline ([`check_shared`]).
//!
//! A friend whose contribution is late or never comes cannot stall the
//! deal: the host's [`Gathering`] waits [`CONTRIBUTION_WAIT_MS`] at most,
//! then deals with what came and names who was left out.
//!
//! Pure: no browser API, no clock and no global randomness. The secret and
//! the contributions are drawn by the caller; times are the caller's
//! milliseconds.

use crate::rules::{redact, Card, Event, Played, Seat, SeatEvent, SeatSet};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest as _, Sha256};
use std::fmt;
use std::str::FromStr;

/// How long the host waits for the friends' contributions at a deal, in
/// milliseconds, counted from the moment it asked for them (when the
/// [`Gathering`] was made). Long enough for a slow phone on a relay, short
/// enough that nobody wonders why the cards do not come.
pub const CONTRIBUTION_WAIT_MS: u64 = 5_000;

/// What the commitment hashes first, so a seal of this game can never be
/// mistaken for another SHA-256 of the same 32 bytes.
const COMMITMENT_TAG: &[u8] = b"ONO 99 deal commitment v1\0";
/// What the seed's hash starts with (see [`derive_seed`]).
const SEED_TAG: &[u8] = b"ONO 99 deal seed v1\0";

/// Why a contribution, a proof or a hex text was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FairError {
    /// A contribution for a seat the host did not ask.
    #[error("{0} was not asked for a contribution")]
    UnknownSeat(Seat),
    /// A second contribution for the same seat.
    #[error("{0} already sent its contribution")]
    AlreadyContributed(Seat),
    /// The revealed secret does not open the seal.
    #[error("the secret does not match its commitment")]
    SecretDoesNotMatch,
    /// A proof names one seat's contribution twice.
    #[error("the proof names {0} twice")]
    SeatTwice(Seat),
    /// Not the expected number of lowercase hex digits.
    #[error("not {0} hex digits")]
    BadHex(usize),
}

/// The host's secret: 32 random bytes drawn by the caller. Its `Debug`
/// never shows the bytes (a log line must not give the deal away before
/// the reveal).
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(pub [u8; 32]);

/// A SHA-256 digest: the host's seal on its secret.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Digest(pub [u8; 32]);

/// A friend's random bytes for one deal.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contribution(pub [u8; 16]);

impl Secret {
    /// The seal the host sends before the deal: SHA-256 of a tag of this
    /// game and the secret.
    pub fn commitment(&self) -> Digest {
        let mut hash = Sha256::new();
        hash.update(COMMITMENT_TAG);
        hash.update(self.0);
        Digest(hash.finalize().into())
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(..)")
    }
}

/// `bytes` as lowercase hex.
fn write_hex(f: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    f.write_str(&crate::codec::hex(bytes))
}

/// `N` bytes from exactly `2 * N` lowercase hex digits.
fn read_hex<const N: usize>(text: &str) -> Result<[u8; N], FairError> {
    crate::codec::hex_bytes(text).ok_or(FairError::BadHex(2 * N))
}

/// Display, FromStr, Debug (hex, for the two public values) and serde as a
/// hex string.
macro_rules! hex_text {
    ($ty:ident, $n:expr, $debug:expr) => {
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_hex(f, &self.0)
            }
        }

        impl FromStr for $ty {
            type Err = FairError;
            fn from_str(s: &str) -> Result<Self, FairError> {
                read_hex::<$n>(s).map($ty)
            }
        }

        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(&HexOf(&self.0))
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }

        impl fmt::Debug for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({})", $debug, HexOf(&self.0))
            }
        }
    };
}

/// Bytes shown as hex (the secret's serde needs it without `Display`).
struct HexOf<'a>(&'a [u8]);

impl fmt::Display for HexOf<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hex(f, self.0)
    }
}

hex_text!(Digest, 32, "Digest");
hex_text!(Contribution, 16, "Contribution");

// The secret travels in the reveal as hex too, but has no `Display`: a
// format string cannot show it by mistake.
impl Serialize for Secret {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&HexOf(&self.0))
    }
}

impl<'de> Deserialize<'de> for Secret {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        read_hex::<32>(&text)
            .map(Secret)
            .map_err(serde::de::Error::custom)
    }
}

impl FromStr for Secret {
    type Err = FairError;
    fn from_str(s: &str) -> Result<Self, FairError> {
        read_hex::<32>(s).map(Secret)
    }
}

/// The match's seed from the host's secret and the friends'
/// contributions: SHA-256 over a tag of this game, the secret, then each
/// contribution's seat (one byte) and bytes, in seat order (the order of
/// `contributions` does not matter); the first 8 bytes of the hash,
/// big-endian.
pub fn derive_seed(secret: &Secret, contributions: &[(Seat, Contribution)]) -> u64 {
    let mut sorted = contributions.to_vec();
    sorted.sort_by_key(|&(seat, c)| (seat, c.0));
    let mut hash = Sha256::new();
    hash.update(SEED_TAG);
    hash.update(secret.0);
    for (seat, c) in &sorted {
        hash.update([seat.0]);
        hash.update(c.0);
    }
    let digest: [u8; 32] = hash.finalize().into();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

/// What anyone needs to check a deal: the seal the host sent before it,
/// the secret it revealed after, and every contribution that went in.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Proof {
    pub commitment: Digest,
    pub secret: Secret,
    /// In seat order when made by [`Gathering::close`].
    pub contributions: Vec<(Seat, Contribution)>,
}

impl Proof {
    /// The seed this proof gives.
    ///
    /// # Errors
    /// [`FairError::SecretDoesNotMatch`] if the secret does not open the
    /// seal; [`FairError::SeatTwice`] if a seat's contribution is named
    /// twice (which one would count?).
    pub fn seed(&self) -> Result<u64, FairError> {
        if self.secret.commitment() != self.commitment {
            return Err(FairError::SecretDoesNotMatch);
        }
        let mut seats: Vec<Seat> = self.contributions.iter().map(|&(s, _)| s).collect();
        seats.sort();
        if let Some(pair) = seats.windows(2).find(|w| w[0] == w[1]) {
            return Err(FairError::SeatTwice(pair[0]));
        }
        Ok(derive_seed(&self.secret, &self.contributions))
    }
}

/// The host's collection of contributions before one deal. Made when the
/// host asks for them (it sends [`Gathering::commitment`] then); the wait
/// of [`CONTRIBUTION_WAIT_MS`] counts from that moment.
#[derive(Clone, Debug)]
pub struct Gathering {
    secret: Secret,
    commitment: Digest,
    /// The seats asked, in seat order.
    expected: Vec<Seat>,
    /// What came, in the order it came.
    received: Vec<(Seat, Contribution)>,
    opened_ms: u64,
}

impl Gathering {
    /// Opens a gathering at `now_ms` for the seats `expected` (the
    /// friends at the table; the host's own part is its secret, and bots
    /// send nothing).
    pub fn new(secret: Secret, expected: impl IntoIterator<Item = Seat>, now_ms: u64) -> Gathering {
        let mut expected: Vec<Seat> = expected.into_iter().collect();
        expected.sort();
        expected.dedup();
        Gathering {
            commitment: secret.commitment(),
            secret,
            expected,
            received: Vec::new(),
            opened_ms: now_ms,
        }
    }

    /// The seal to send to everyone before their contributions.
    pub fn commitment(&self) -> Digest {
        self.commitment
    }

    /// Asks one more seat (a friend who joined after the gathering
    /// opened). The wait is not restarted: a late friend gets what is left
    /// of it, so joiners in a row cannot hold the deal back.
    pub fn expect(&mut self, seat: Seat) {
        if let Err(at) = self.expected.binary_search(&seat) {
            self.expected.insert(at, seat);
        }
    }

    /// Takes `seat`'s contribution.
    ///
    /// # Errors
    /// A seat that was not asked ([`FairError::UnknownSeat`]) or that
    /// already sent one ([`FairError::AlreadyContributed`]); the
    /// gathering is left as it was.
    pub fn contribute(&mut self, seat: Seat, c: Contribution) -> Result<(), FairError> {
        if self.expected.binary_search(&seat).is_err() {
            return Err(FairError::UnknownSeat(seat));
        }
        if self.received.iter().any(|&(s, _)| s == seat) {
            return Err(FairError::AlreadyContributed(seat));
        }
        self.received.push((seat, c));
        Ok(())
    }

    /// The seats asked that have not sent theirs, in seat order.
    pub fn missing(&self) -> Vec<Seat> {
        self.expected
            .iter()
            .copied()
            .filter(|&s| !self.received.iter().any(|&(r, _)| r == s))
            .collect()
    }

    /// Whether the host may deal at `now_ms`: every seat asked has sent
    /// its contribution, or [`CONTRIBUTION_WAIT_MS`] have passed since the
    /// gathering opened (a clock that went back counts as no time).
    pub fn ready(&self, now_ms: u64) -> bool {
        self.missing().is_empty() || now_ms.saturating_sub(self.opened_ms) >= CONTRIBUTION_WAIT_MS
    }

    /// When the wait is over, in the caller's milliseconds: the moment to
    /// set a timer for, after which [`Gathering::ready`] holds whoever is
    /// missing.
    pub fn deadline_ms(&self) -> u64 {
        self.opened_ms.saturating_add(CONTRIBUTION_WAIT_MS)
    }

    /// Deals now with what came: the seed, its proof (to reveal at the end
    /// of the match) and the seats left out (to say on the table).
    pub fn close(self) -> Dealt {
        let missing = self.missing();
        let mut contributions = self.received;
        contributions.sort_by_key(|&(s, _)| s);
        let seed = derive_seed(&self.secret, &contributions);
        Dealt {
            seed,
            proof: Proof {
                commitment: self.commitment,
                secret: self.secret,
                contributions,
            },
            missing,
        }
    }
}

/// A closed [`Gathering`]: the seed to deal from, and its proof.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Dealt {
    pub seed: u64,
    pub proof: Proof,
    /// The seats asked whose contribution did not come in time.
    pub missing: Vec<Seat>,
}

/// What a page concludes about a deal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// Every card shown is the one the sealed secret and the
    /// contributions deal and draw.
    Verified,
    /// The revealed secret does not open the seal sent before the deal
    /// (or the seal in the proof is not the one this page saw).
    SecretDoesNotMatch,
    /// This seat's contribution is not in the proof (or not as sent).
    LeftOut(Seat),
    /// The match was not played from the seed the proof gives (or the
    /// proof names a seat twice).
    SeedDoesNotMatch,
    /// The first card shown that the seed does not give: in hand `hand`,
    /// `seat`'s card (`None`: a card whose holder this page does not
    /// know), `expected` by the seed, `shown` on the table.
    CardDiffers {
        hand: u32,
        seat: Option<Seat>,
        expected: Card,
        shown: Card,
    },
    /// The match's moves do not replay from that seed.
    DoesNotReplay,
    /// Event `index` of `seen` is not what the replay gives, and the
    /// difference is not a card.
    LogDiffers { index: usize },
}

impl Verdict {
    /// Whether the deal checked out.
    pub fn is_verified(&self) -> bool {
        *self == Verdict::Verified
    }
}

/// Checks a finished match's deal on one page.
///
/// - `played`: the match as the host sent it at the end (its seed must be
///   the proof's);
/// - `proof`: the host's reveal;
/// - `commitment_seen`: the seal this page received before the deal;
/// - `mine`: this page's own contribution, when the host counted it in
///   (a page told its contribution came too late passes `None`);
/// - `viewer`: this page's seat, `None` for a spectator;
/// - `seen`: the match's events as this page received them (redacted for
///   `viewer`), from the deal or only the latest ones: they are compared
///   with the end of the replay's.
///
/// Never panics, whatever the inputs.
pub fn check(
    played: &Played,
    proof: &Proof,
    commitment_seen: &Digest,
    mine: Option<(Seat, Contribution)>,
    viewer: Option<Seat>,
    seen: &[SeatEvent],
) -> Verdict {
    if proof.commitment != *commitment_seen {
        return Verdict::SecretDoesNotMatch;
    }
    let seed = match proof.seed() {
        Ok(seed) => seed,
        Err(FairError::SecretDoesNotMatch) => return Verdict::SecretDoesNotMatch,
        Err(_) => return Verdict::SeedDoesNotMatch,
    };
    if let Some((seat, c)) = mine {
        if !proof.contributions.contains(&(seat, c)) {
            return Verdict::LeftOut(seat);
        }
    }
    if played.seed != seed {
        return Verdict::SeedDoesNotMatch;
    }
    let Ok(mut replay) = played.replay() else {
        return Verdict::DoesNotReplay;
    };
    if replay.run().is_err() {
        return Verdict::DoesNotReplay;
    }
    let game = replay.into_game();
    let n = game.seat_count();
    let log = game.log();
    // From the deal every seat was in; `redact` follows who leaves.
    let expected = redact(log, viewer.unwrap_or(Seat::OUTSIDE), n, SeatSet::first(n));
    compare(log, &expected, viewer, seen)
}

/// Checks the deal of a match opened from a share link: the seal opens,
/// and the match replays from the seed the proof gives. A link carries no
/// events shown at the table, so no card can differ: what the engine
/// deals from that seed is what the replay shows.
pub fn check_shared(played: &Played, proof: &Proof) -> Verdict {
    check(played, proof, &proof.commitment, None, None, &[])
}

/// `seen` against `expected` (the replay's events redacted for the same
/// viewer; `log`, the engine's, says which hand each is in). A `seen` that
/// starts with the first hand's deal is the whole match and is compared
/// from the start; any other is the latest events (a friend's mirror keeps
/// only so many) and is compared with the end.
fn compare(
    log: &[Event],
    expected: &[SeatEvent],
    viewer: Option<Seat>,
    seen: &[SeatEvent],
) -> Verdict {
    let whole = matches!(seen.first(), Some(SeatEvent::HandStarted { hand: 1, .. }));
    let offset = if whole {
        0
    } else {
        match expected.len().checked_sub(seen.len()) {
            Some(offset) => offset,
            // More events shown than the match has.
            None => return Verdict::LogDiffers { index: 0 },
        }
    };
    // The hand each event of the log is in (`redact` keeps one event for
    // one, so the indices match).
    let mut hand = 0;
    let hands: Vec<u32> = log
        .iter()
        .map(|e| {
            if let Event::HandStarted { hand: h, .. } = e {
                hand = *h;
            }
            hand
        })
        .collect();
    let tail = expected.get(offset..).unwrap_or_default();
    for (index, (want, got)) in tail.iter().zip(seen).enumerate() {
        if want == got {
            continue;
        }
        let hand = hands.get(offset + index).copied().unwrap_or(0);
        return card_difference(want, got, hand, viewer).unwrap_or(Verdict::LogDiffers { index });
    }
    if tail.len() != seen.len() {
        // One ends before the other: the first event only one of them has.
        return Verdict::LogDiffers {
            index: tail.len().min(seen.len()),
        };
    }
    Verdict::Verified
}

/// The first card that differs between two events of the same kind, if
/// that is where they differ.
fn card_difference(
    want: &SeatEvent,
    got: &SeatEvent,
    hand: u32,
    viewer: Option<Seat>,
) -> Option<Verdict> {
    let first_of = |a: &[Card], b: &[Card], seat: Option<Seat>| {
        a.iter()
            .zip(b)
            .find(|(x, y)| x != y)
            .map(|(&expected, &shown)| Verdict::CardDiffers {
                hand,
                seat,
                expected,
                shown,
            })
    };
    match (want, got) {
        (SeatEvent::HandStarted { dealt: a, .. }, SeatEvent::HandStarted { dealt: b, .. }) => {
            first_of(a, b, viewer)
        }
        (SeatEvent::YouDrew { card: a }, SeatEvent::YouDrew { card: b }) => {
            first_of(&[*a], &[*b], viewer)
        }
        (
            SeatEvent::Played {
                seat: s, card: a, ..
            },
            SeatEvent::Played {
                seat: t, card: b, ..
            },
        ) if s == t => first_of(&[*a], &[*b], Some(*s)),
        (
            SeatEvent::PlayerOut {
                seat: s,
                laid_down: a,
            },
            SeatEvent::PlayerOut {
                seat: t,
                laid_down: b,
            },
        ) if s == t => first_of(a, b, Some(*s)),
        _ => None,
    }
}
