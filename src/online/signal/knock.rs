//! A friend's knocks at the door ([`Knock`]): one WebRTC offer, sent
//! through every relay under a new offer id until the host answers. Pure:
//! the friend's page asks [`Knock::due`] on a timer and hands it every
//! answer it could open ([`Knock::answered`]).
//!
//! - Each attempt has its own random [`OfferId`] (a relay replaying an old
//!   one gets nothing from the host), but carries the same connection's
//!   offer: an answer to any of the attempts fits it, and the host's door
//!   gives the same connection the same seat ([`super::door::Admit::Again`]).
//! - No answer: another attempt after [`Backoff::OFFER`]'s wait (about
//!   0.5, 1, 2, 4 s, then 5 to 10 s) for the first [`QUICK_ATTEMPTS`],
//!   then [`Backoff::PATIENT`]'s (up to 15 to 30 s). A phone puts the
//!   host's page in the background for minutes at a time (issue 38): the
//!   friend knocks for [`KNOCK_FOR_MS`] (five minutes) before being told
//!   the host did not answer, and after [`QUIET_MS`] without an answer the
//!   page may say why it waits ([`Knock::quiet`]).
//! - The first answer to one of this friend's offers decides: a seat, or
//!   a refusal. Anything else (an answer to another offer, a second
//!   answer) changes nothing.
//! - But for "the host is asked" ([`SeatReply::Asked`], issue 36): the
//!   seat the friend asked for is held by someone away, and the host
//!   chooses. The knock goes on ([`Knock::waiting`] says for which seat),
//!   its attempts counted afresh up to [`MAX_WAITING_ATTEMPTS`] (a few
//!   minutes), and the host answers one of them once it chose.

use super::envelope::{HostAnswer, Refused, SeatReply};
use super::{Backoff, OfferId};
use crate::online::sdp::CompactSdp;
use crate::rules::Seat;

/// Attempts at [`Backoff::OFFER`]'s quick pace, before the knock slows
/// down to [`Backoff::PATIENT`]'s (about a minute).
pub const QUICK_ATTEMPTS: u32 = 10;
/// How long a friend knocks with no answer before being told.
pub const KNOCK_FOR_MS: u64 = 5 * 60_000;
/// No answer this long after the first knock: the host's page may be in
/// the background (a phone's), and the friend's page may say so.
pub const QUIET_MS: u64 = 12_000;
/// Attempts a friend makes while the host is asked (at 5 to 10 s each,
/// about three minutes).
pub const MAX_WAITING_ATTEMPTS: u32 = 25;

/// How a knock ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The host gave this seat; its answer completes the connection.
    Seated {
        seat: Seat,
        answer: CompactSdp,
    },
    /// The watch link's door let this watcher in; the answer completes
    /// the connection.
    Watching {
        answer: CompactSdp,
    },
    Refused(Refused),
    /// [`KNOCK_FOR_MS`] of knocking went unanswered.
    NoAnswer,
}

/// One friend's attempts to be seated.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Knock {
    /// The offer ids sent, oldest first.
    sent: Vec<OfferId>,
    /// When the next attempt is due (by the friend's clock).
    next_at_ms: u64,
    /// When the first attempt went.
    started_at_ms: Option<u64>,
    outcome: Option<Outcome>,
    /// The host is asked whether this friend may take this seat of this
    /// player's, and the attempt the wait began at.
    waiting: Option<(Seat, String, u32)>,
}

impl Knock {
    pub fn new() -> Knock {
        Knock::default()
    }

    /// Whether an attempt is due at `now_ms`: the first, or the next after
    /// an unanswered one. If so, `id` (new, random) is the attempt's offer
    /// id, to seal the offer with and send on every relay, and the next
    /// attempt waits [`Backoff::OFFER`], then [`Backoff::PATIENT`] (with
    /// `random` for its jitter). Never once the knock ended; an attempt due
    /// [`KNOCK_FOR_MS`] after the first (or past the waiting attempts,
    /// while the host is asked) ends it with [`Outcome::NoAnswer`].
    pub fn due(&mut self, now_ms: u64, id: OfferId, random: u32) -> bool {
        if self.outcome.is_some() || now_ms < self.next_at_ms || self.sent.contains(&id) {
            return false;
        }
        let attempt = self.sent.len() as u32;
        let started = *self.started_at_ms.get_or_insert(now_ms);
        let (over, wait) = match &self.waiting {
            // While the host chooses, at the quick pace's longest wait.
            Some((_, _, from)) => (
                attempt >= from.saturating_add(MAX_WAITING_ATTEMPTS),
                Backoff::OFFER.delay_ms(u32::MAX, random),
            ),
            None => (
                now_ms.saturating_sub(started) >= KNOCK_FOR_MS,
                match attempt.checked_sub(QUICK_ATTEMPTS) {
                    None => Backoff::OFFER.delay_ms(attempt, random),
                    Some(slow) => Backoff::PATIENT.delay_ms(slow, random),
                },
            ),
        };
        if over {
            self.outcome = Some(Outcome::NoAnswer);
            return false;
        }
        self.sent.push(id);
        self.next_at_ms = now_ms.saturating_add(wait);
        true
    }

    /// Whether the host has not answered for [`QUIET_MS`] since the first
    /// knock, and the knock goes on: its page may be in the background.
    pub fn quiet(&self, now_ms: u64) -> bool {
        self.outcome.is_none()
            && self.waiting.is_none()
            && self
                .started_at_ms
                .is_some_and(|s| now_ms.saturating_sub(s) >= QUIET_MS)
    }

    /// An answer opened from a relay: if it answers one of this friend's
    /// offers and nothing was decided, it decides, and the outcome is
    /// returned. Otherwise `None`, and nothing changes.
    pub fn answered(&mut self, answer: &HostAnswer) -> Option<&Outcome> {
        if self.outcome.is_some() || !self.sent.contains(&answer.offer_id) {
            return None;
        }
        if let SeatReply::Asked { seat, name } = &answer.reply {
            if self.waiting.is_none() {
                self.waiting = Some((*seat, name.clone(), self.sent.len() as u32));
            }
            return None;
        }
        self.outcome = Some(match &answer.reply {
            SeatReply::Seated { seat, answer } => Outcome::Seated {
                seat: *seat,
                answer: answer.clone(),
            },
            SeatReply::Watching { answer } => Outcome::Watching {
                answer: answer.clone(),
            },
            SeatReply::Refused(why) => Outcome::Refused(why.clone()),
            SeatReply::Asked { .. } => return None,
        });
        self.outcome.as_ref()
    }

    /// The seat and its player's name, while the host is asked whether
    /// this friend may take it.
    pub fn waiting(&self) -> Option<(Seat, &str)> {
        self.waiting
            .as_ref()
            .map(|(seat, name, _)| (*seat, name.as_str()))
    }

    /// How the knock ended, if it did.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The offer ids sent so far (an MQTT friend listens on each one's
    /// answer topic).
    pub fn sent(&self) -> &[OfferId] {
        &self.sent
    }
}
