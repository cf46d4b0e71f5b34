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
//!   0.5, 1, 2, 4 s, then 5 to 10 s); after [`MAX_ATTEMPTS`] with no
//!   answer the friend is told the relays did not reach the host (the
//!   codes are the way left).
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

/// Attempts with no answer before the friend is told (about a minute).
pub const MAX_ATTEMPTS: u32 = 10;
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
    Refused(Refused),
    /// [`MAX_ATTEMPTS`] went unanswered.
    NoAnswer,
}

/// One friend's attempts to be seated.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Knock {
    /// The offer ids sent, oldest first.
    sent: Vec<OfferId>,
    /// When the next attempt is due (by the friend's clock).
    next_at_ms: u64,
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
    /// attempt waits [`Backoff::OFFER`] (with `random` for its jitter).
    /// Never once the knock ended; the last unanswered attempt ends it
    /// with [`Outcome::NoAnswer`].
    pub fn due(&mut self, now_ms: u64, id: OfferId, random: u32) -> bool {
        if self.outcome.is_some() || now_ms < self.next_at_ms || self.sent.contains(&id) {
            return false;
        }
        let attempt = self.sent.len() as u32;
        let (limit, delay_attempt) = match &self.waiting {
            // While the host chooses, at the longest wait between knocks.
            Some((_, _, from)) => (from.saturating_add(MAX_WAITING_ATTEMPTS), u32::MAX),
            None => (MAX_ATTEMPTS, attempt),
        };
        if attempt >= limit {
            self.outcome = Some(Outcome::NoAnswer);
            return false;
        }
        self.sent.push(id);
        self.next_at_ms = now_ms.saturating_add(Backoff::OFFER.delay_ms(delay_attempt, random));
        true
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
