//! The host's side of a deal anyone can check (issue 31, `online::fair`).
//!
//! Before each deal the host draws a secret, sends its seal to every
//! friend at the table and waits for their contributions, at most
//! [`CONTRIBUTION_WAIT_MS`](crate::online::fair::CONTRIBUTION_WAIT_MS):
//! a friend who sends nothing cannot hold the deal back. The seed comes
//! from the secret and what came. At the match's end the host sends the
//! match's share code, which carries the secret and the contributions,
//! and checks it like every friend's page does.
//!
//! The proof of the match on the table is kept in the tab's
//! `sessionStorage`: after a reload the host still reveals it.

use super::HostLink;
use crate::online::fair::{self, Dealt, Gathering, Proof, Secret, Verdict};
use crate::online::protocol::HostMessage;
use crate::online::Outgoing;
use crate::rules::{Match, Played, Seat, SeatSet};
use crate::ui::platform::clock::now_ms;
use crate::ui::platform::{console, storage};
use gloo_timers::callback::Interval;
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// Where the tab keeps the proof of the match on the table.
const PROOF_KEY: &str = "ono99.table-proof";
/// How often a waiting deal looks at the clock.
const POLL_MS: u32 = 100;

/// A deal waiting for contributions.
struct Waiting {
    number: u32,
    gathering: Gathering,
    then: Box<dyn FnOnce(u64)>,
    _poll: Interval,
}

/// The deal of the match on the table, as kept for its reveal.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
struct Sealed {
    number: u32,
    seed: u64,
    proof: Proof,
    without: Vec<Seat>,
}

/// The host's deals: the one waiting, the one on the table, its check.
#[derive(Default)]
pub(super) struct Deals {
    waiting: Option<Waiting>,
    sealed: Option<Sealed>,
    /// The match revealed: its number, its share code and this page's check.
    revealed: Option<(u32, String, Verdict)>,
    /// The last deal's number (the next is one more).
    last: u32,
}

impl Deals {
    /// The deals of a table whose tab kept the proof of its match (a
    /// reload), if any.
    pub(super) fn restored() -> Deals {
        let sealed = storage::tab::read(PROOF_KEY)
            .and_then(|text| serde_json::from_str::<Sealed>(&text).ok());
        Deals {
            last: sealed.as_ref().map_or(0, |s| s.number),
            sealed,
            ..Deals::default()
        }
    }
}

impl Deals {
    /// Whether the match dealt from `seed` is one of these deals (a match
    /// resumed after a reload: it is not dealt again).
    pub(super) fn deals_for(&self, seed: u64) -> bool {
        self.sealed.as_ref().is_some_and(|s| s.seed == seed)
    }
}

/// What the host's page shows of the deal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DealNote {
    /// Waiting for the friends' contributions.
    Shuffling,
    /// The match on the table was dealt without these friends' share.
    Without(Vec<Seat>),
    /// The match is over and its deal checked: the verdict, and the
    /// match's share code (with what checks its deal again).
    Checked(Verdict, String),
}

impl HostLink {
    /// Deals the next match from a sealed secret and the contributions of
    /// the friends at `seats`: sends each the seal, waits for their share
    /// (or the wait's end), then calls `then` with the seed. With no friend
    /// to ask, or no random bytes, the seed is drawn here as before.
    pub(super) fn deal_fairly(self: &Rc<Self>, seats: Vec<Seat>, then: impl FnOnce(u64) + 'static) {
        if self.deals.borrow().waiting.is_some() {
            console::warn("a deal was asked while one waits: ignored");
            return;
        }
        let mut secret = [0u8; 32];
        if seats.is_empty() || getrandom::fill(&mut secret).is_err() {
            self.deals.borrow_mut().sealed = None;
            storage::tab::delete(PROOF_KEY);
            then(crate::ui::platform::clock::random_seed());
            return;
        }
        let number = self.deals.borrow().last.saturating_add(1);
        let gathering = Gathering::new(Secret(secret), seats.iter().copied(), now_ms() as u64);
        let seal = HostMessage::Sealed {
            number,
            commitment: gathering.commitment(),
        };
        console::note(&format!(
            "deal {number}: sealed, waiting for {} contributions",
            seats.len()
        ));
        let weak = Rc::downgrade(self);
        let poll = Interval::new(POLL_MS, move || {
            if let Some(link) = weak.upgrade() {
                link.deal_if_ready();
            }
        });
        {
            let mut deals = self.deals.borrow_mut();
            deals.last = number;
            deals.revealed = None;
            deals.waiting = Some(Waiting {
                number,
                gathering,
                then: Box::new(then),
                _poll: poll,
            });
        }
        let out: Vec<(Seat, Outgoing)> = seats
            .iter()
            .map(|&s| (s, Outgoing::Message(seal.clone())))
            .collect();
        self.send(&out);
        self.changed();
    }

    /// A friend's contribution to deal `number`: taken if that deal waits
    /// for it; the deal goes ahead as soon as nobody is missing.
    pub(super) fn contributed(self: &Rc<Self>, seat: Seat, number: u32, c: fair::Contribution) {
        let taken = match self.deals.borrow_mut().waiting.as_mut() {
            Some(w) if w.number == number => w.gathering.contribute(seat, c).is_ok(),
            _ => false,
        };
        if !taken {
            console::warn(&format!(
                "seat {}: a contribution to no deal waiting for it, ignored",
                seat.0
            ));
            return;
        }
        self.deal_if_ready();
    }

    /// Deals if the waiting deal has what it waits for, or waited enough.
    fn deal_if_ready(self: &Rc<Self>) {
        let ready = self
            .deals
            .borrow()
            .waiting
            .as_ref()
            .is_some_and(|w| w.gathering.ready(now_ms() as u64));
        if !ready {
            return;
        }
        let Some(waiting) = self.deals.borrow_mut().waiting.take() else {
            return;
        };
        let Dealt {
            seed,
            proof,
            missing,
        } = waiting.gathering.close();
        let number = waiting.number;
        console::note(&format!("deal {number}: dealt, {} left out", missing.len()));
        let sealed = Sealed {
            number,
            seed,
            proof,
            without: missing,
        };
        if let Ok(text) = serde_json::to_string(&sealed) {
            storage::tab::write(PROOF_KEY, &text);
        }
        self.deals.borrow_mut().sealed = Some(sealed);
        (waiting.then)(seed);
        self.changed();
    }

    /// Once the match is dealt and its friends have it: tells them whose
    /// contribution did not come in time, if anyone's.
    pub(super) fn say_who_was_left_out(&self, seats: &[Seat]) {
        let message = match self.deals.borrow().sealed.as_ref() {
            Some(s) if !s.without.is_empty() => HostMessage::DealtWithout {
                number: s.number,
                seats: s.without.clone(),
            },
            _ => return,
        };
        let out: Vec<(Seat, Outgoing)> = seats
            .iter()
            .map(|&s| (s, Outgoing::Message(message.clone())))
            .collect();
        self.send(&out);
    }

    /// The match `played` is over: its share code with the proof goes to
    /// the friends at `seats`, and this page checks it as theirs do. Once
    /// per match; a friend who comes back later gets it again
    /// ([`HostLink::reveal_again`]).
    pub fn reveal(&self, played: &Played, game: &Match, seats: &[Seat]) {
        let message = {
            let mut deals = self.deals.borrow_mut();
            let Some(sealed) = deals.sealed.as_ref() else {
                return;
            };
            if sealed.seed != played.seed
                || deals
                    .revealed
                    .as_ref()
                    .is_some_and(|r| r.0 == sealed.number)
            {
                return;
            }
            let number = sealed.number;
            let Ok(code) = played.encode_with_proof(&sealed.proof) else {
                console::warn("the match's share code could not be written: not revealed");
                return;
            };
            let verdict = check_here(played, game, &sealed.proof);
            console::note(&format!("deal {number}: revealed, {verdict:?}"));
            deals.revealed = Some((number, code.clone(), verdict));
            HostMessage::Revealed { number, code }
        };
        let out: Vec<(Seat, Outgoing)> = seats
            .iter()
            .map(|&s| (s, Outgoing::Message(message.clone())))
            .collect();
        self.send(&out);
        self.changed();
    }

    /// What the friend at `seat` needs of the deal after (re)joining: the
    /// revealed match, if the match is over.
    pub(super) fn reveal_again(&self, seat: Seat) {
        let message = match self.deals.borrow().revealed.as_ref() {
            Some((number, code, _)) => HostMessage::Revealed {
                number: *number,
                code: code.clone(),
            },
            None => return,
        };
        self.send(&[(seat, Outgoing::Message(message))]);
    }

    /// What the host's page shows of the deal now, if anything.
    pub fn deal_note(&self) -> Option<DealNote> {
        let deals = self.deals.borrow();
        if deals.waiting.is_some() {
            return Some(DealNote::Shuffling);
        }
        if let Some((_, code, verdict)) = &deals.revealed {
            return Some(DealNote::Checked(verdict.clone(), code.clone()));
        }
        deals
            .sealed
            .as_ref()
            .filter(|s| !s.without.is_empty())
            .map(|s| DealNote::Without(s.without.clone()))
    }

    /// Whether a deal waits for contributions (Start and Play again wait).
    pub fn shuffling(&self) -> bool {
        self.deals.borrow().waiting.is_some()
    }

    /// The host leaves the table: its proof is forgotten with it.
    pub(super) fn forget_deals(&self) {
        *self.deals.borrow_mut() = Deals::default();
        storage::tab::delete(PROOF_KEY);
    }
}

/// The host's own check of its match, through the code every friend's page
/// runs: the events of the match on its table (`game`), as seat 0 saw
/// them, against what the seed deals.
fn check_here(played: &Played, game: &Match, proof: &Proof) -> Verdict {
    let n = game.seat_count();
    let seen = crate::rules::redact(game.log(), Seat(0), n, SeatSet::first(n));
    fair::check(played, proof, &proof.commitment, None, Some(Seat(0)), &seen)
}
