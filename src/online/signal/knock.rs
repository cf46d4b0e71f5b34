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

use super::envelope::{HostAnswer, Refused, SeatReply};
use super::{Backoff, OfferId};
use crate::online::sdp::CompactSdp;
use crate::rules::Seat;

/// Attempts with no answer before the friend is told (about a minute).
pub const MAX_ATTEMPTS: u32 = 10;

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
        if attempt >= MAX_ATTEMPTS {
            self.outcome = Some(Outcome::NoAnswer);
            return false;
        }
        self.sent.push(id);
        self.next_at_ms = now_ms.saturating_add(Backoff::OFFER.delay_ms(attempt, random));
        true
    }

    /// An answer opened from a relay: if it answers one of this friend's
    /// offers and nothing was decided, it decides, and the outcome is
    /// returned. Otherwise `None`, and nothing changes.
    pub fn answered(&mut self, answer: &HostAnswer) -> Option<&Outcome> {
        if self.outcome.is_some() || !self.sent.contains(&answer.offer_id) {
            return None;
        }
        self.outcome = Some(match &answer.reply {
            SeatReply::Seated { seat, answer } => Outcome::Seated {
                seat: *seat,
                answer: answer.clone(),
            },
            SeatReply::Refused(why) => Outcome::Refused(*why),
        });
        self.outcome.as_ref()
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
