//! A friend's knocks by the table link, in the model: the offer made,
//! a knock when one is due (with the proof of the seat's key when this
//! browser keeps the key of the seat asked for), the host's answer.

use super::{Entry, Fresh, FriendEffect, FriendTable, Knocking, Mode, TimerId, TimerKind};
use super::{KNOCK_TICK_MS, MAX_UNOPENED, SEATING_MS};
use crate::online::sdp::CompactSdp;
use crate::online::signal::knock::{Knock, Outcome};
use crate::online::signal::seat_key::KeptSeat;
use crate::online::signal::{FriendOffer, HostAnswer};

impl FriendTable {
    pub(super) fn offered(
        &mut self,
        offer: Option<CompactSdp>,
        kept: Option<KeptSeat>,
        now_ms: u64,
        fresh: Option<Fresh>,
        fx: &mut Vec<FriendEffect>,
    ) {
        if self.mode != Mode::Preparing || !self.by_relays() {
            return;
        }
        let Some(offer) = offer else {
            fx.push(FriendEffect::Warn("no offer for the table link".into()));
            self.mode = Mode::Failed;
            fx.push(FriendEffect::Redraw);
            return;
        };
        if let Entry::Link { table } = &self.entry {
            self.kept = kept.filter(|k| k.table == *table);
        }
        let timer = self.timer_id(TimerKind::Knock);
        self.mode = Mode::Knocking(Box::new(Knocking {
            offer,
            knock: Knock::new(),
            timer,
            quiet: false,
        }));
        fx.push(FriendEffect::OpenRelays);
        fx.push(FriendEffect::Redraw);
        self.knock_tick(timer, now_ms, fresh, fx);
    }

    pub(super) fn by_relays(&self) -> bool {
        matches!(self.entry, Entry::Link { .. } | Entry::Watch)
    }

    /// A knock if one is due, the next tick; the end after the last.
    pub(super) fn knock_tick(
        &mut self,
        id: TimerId,
        now_ms: u64,
        fresh: Option<Fresh>,
        fx: &mut Vec<FriendEffect>,
    ) {
        let seat = self.seat;
        let name = self.name.trim().to_string();
        let kept = self.kept.clone();
        let Mode::Knocking(k) = &mut self.mode else {
            return;
        };
        if k.timer != id {
            return;
        }
        if let Some(fresh) = fresh {
            let offer_id = fresh.offer_id();
            if k.knock.due(now_ms, offer_id, fresh.jitter()) {
                // The proof of this seat's key, if this browser holds it.
                let proof = kept
                    .filter(|kept| Some(kept.seat) == seat)
                    .map(|kept| kept.key.proof(&offer_id, &k.offer));
                fx.push(FriendEffect::Note(format!(
                    "the table link: knock {}",
                    offer_id.hex()
                )));
                fx.push(FriendEffect::Knock(FriendOffer {
                    offer_id,
                    sent_at_ms: now_ms,
                    name,
                    seat,
                    offer: k.offer.clone(),
                    proof,
                }));
            }
        }
        if k.knock.outcome() == Some(&Outcome::NoAnswer) {
            fx.push(FriendEffect::StopRelays);
            fx.push(FriendEffect::ClosePeer);
            self.mode = Mode::Unanswered;
            fx.push(FriendEffect::Redraw);
            return;
        }
        let next = self.timer_id(TimerKind::Knock);
        if let Mode::Knocking(k) = &mut self.mode {
            k.timer = next;
            let quiet = k.knock.quiet(now_ms);
            if quiet != k.quiet {
                k.quiet = quiet;
                fx.push(FriendEffect::Redraw);
            }
        }
        fx.push(FriendEffect::StartTimer {
            id: next,
            at_ms: now_ms.saturating_add(KNOCK_TICK_MS),
        });
    }

    pub(super) fn answered(
        &mut self,
        answer: &HostAnswer,
        now_ms: u64,
        fx: &mut Vec<FriendEffect>,
    ) {
        let Mode::Knocking(k) = &mut self.mode else {
            return;
        };
        let timer = k.timer;
        let seated_by = answer.offer_id;
        match k.knock.answered(answer).cloned() {
            Some(Outcome::Seated { seat, answer }) if self.entry != Entry::Watch => {
                fx.push(FriendEffect::Note(format!(
                    "the table link: seat {} given",
                    seat.0
                )));
                if let Entry::Link { .. } = self.entry {
                    self.seated_by = Some(seated_by);
                    self.seat = Some(seat);
                    fx.push(FriendEffect::KeepTabSeat {
                        seat,
                        name: self.name.clone(),
                    });
                }
                self.answer_came(timer, answer, now_ms, fx);
            }
            Some(Outcome::Watching { answer }) if self.entry == Entry::Watch => {
                fx.push(FriendEffect::Note("the watch link: let in".to_string()));
                self.answer_came(timer, answer, now_ms, fx);
            }
            // A seat for a watcher, a watcher's place for a friend: not
            // what this page asked for, and nothing changes.
            Some(Outcome::Seated { .. } | Outcome::Watching { .. }) => {
                fx.push(FriendEffect::Note(
                    "the host's reply is for another link: ignored".to_string(),
                ));
            }
            Some(Outcome::Refused(why)) => {
                fx.push(FriendEffect::CancelTimer(timer));
                fx.push(FriendEffect::StopRelays);
                fx.push(FriendEffect::ClosePeer);
                self.mode = Mode::Refused(why);
                fx.push(FriendEffect::Redraw);
            }
            // The host is asked (the page says so), or nothing new.
            Some(Outcome::NoAnswer) | None => fx.push(FriendEffect::Redraw),
        }
    }

    /// The host's answer came: the knock stops and the connection is
    /// given [`SEATING_MS`] to open.
    ///
    /// By the table link the brokers that carried the answer carry the
    /// table at once, while the direct connection is made (issue 38: on a
    /// phone's network it opens about a second later, six round trips of
    /// ICE, DTLS and the channel's handshake); it takes over when it
    /// opens, and the page says "through a relay" only if it has not
    /// within [`SEATING_MS`].
    fn answer_came(
        &mut self,
        timer: TimerId,
        answer: CompactSdp,
        now_ms: u64,
        fx: &mut Vec<FriendEffect>,
    ) {
        if self.try_carrying(fx) {
            fx.push(FriendEffect::AcceptAnswer(answer));
            return;
        }
        fx.push(FriendEffect::CancelTimer(timer));
        fx.push(FriendEffect::StopRelays);
        let opening = self.start_timer(TimerKind::Seating, now_ms.saturating_add(SEATING_MS), fx);
        self.mode = Mode::Seating(opening);
        fx.push(FriendEffect::AcceptAnswer(answer));
        fx.push(FriendEffect::Redraw);
    }

    /// The connection the host answered did not open (it closed, or
    /// [`SEATING_MS`] went by): after [`MAX_UNOPENED`] in a row, the page
    /// says no direct connection can be made; before, it knocks again.
    /// (A watcher's: a friend's page by the table link is carried by the
    /// brokers from the answer on, and never waits here.)
    pub(super) fn unopened(&mut self, fx: &mut Vec<FriendEffect>) {
        self.cancel_mode_timers(fx);
        fx.push(FriendEffect::ClosePeer);
        self.unopened = self.unopened.saturating_add(1);
        fx.push(FriendEffect::Note(format!(
            "the table link: the host answered but no connection opened ({} in a row)",
            self.unopened
        )));
        if self.unopened >= MAX_UNOPENED {
            self.mode = Mode::NoPath;
            fx.push(FriendEffect::Redraw);
        } else {
            self.join(fx);
        }
    }
}
