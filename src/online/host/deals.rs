//! The host's deals anyone can check (issue 31, [`crate::online::fair`]):
//! [`DealBook`], the one waiting for the friends' contributions, the one
//! on the table and its reveal.
//!
//! Before each deal the host draws a secret, sends its seal to every
//! friend at the table and waits for their contributions, at most
//! [`CONTRIBUTION_WAIT_MS`](crate::online::fair::CONTRIBUTION_WAIT_MS):
//! a friend who sends nothing cannot hold the deal back. The seed comes
//! from the secret and what came. At the match's end the host sends the
//! match's share code, which carries the secret and the contributions,
//! and checks it as every friend's page does.
//!
//! Pure: the secret and the clock come in as arguments; what the page
//! must keep of the deal (for a reload) comes out as text
//! ([`DealBook::kept`], read back by [`DealBook::restored`]).

use crate::online::fair::{self, Contribution, Dealt, Gathering, Proof, Secret, Verdict};
use crate::online::protocol::HostMessage;
use crate::rules::{Match, Played, Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// A deal waiting for contributions.
#[derive(Clone, Debug)]
struct Waiting {
    number: u32,
    gathering: Gathering,
}

/// The deal of the match on the table, as kept for its reveal.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
struct Sealed {
    number: u32,
    seed: u64,
    proof: Proof,
    without: Vec<Seat>,
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

/// A deal begun: its seal for each friend asked, and when it goes ahead
/// without the contributions still missing.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Begun {
    pub seal: HostMessage,
    pub deadline_ms: u64,
}

/// A deal done: its seed, and what the page keeps of it for a reload.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Done {
    pub number: u32,
    pub seed: u64,
    pub missing: Vec<Seat>,
}

/// The host's deals: the one waiting, the one on the table, its check.
#[derive(Clone, Debug, Default)]
pub struct DealBook {
    waiting: Option<Waiting>,
    sealed: Option<Sealed>,
    /// The match revealed: its number, its share code and this page's check.
    revealed: Option<(u32, String, Verdict)>,
    /// The last deal's number (the next is one more).
    last: u32,
}

impl DealBook {
    /// The deals of a table whose tab kept the proof of its match (a
    /// reload): `kept` as [`DealBook::kept`] wrote it. Unreadable text
    /// keeps nothing.
    pub fn restored(kept: Option<&str>) -> DealBook {
        let sealed = kept.and_then(|text| serde_json::from_str::<Sealed>(text).ok());
        DealBook {
            last: sealed.as_ref().map_or(0, |s| s.number),
            sealed,
            ..DealBook::default()
        }
    }

    /// What the tab keeps of the deal on the table, for a reload.
    pub fn kept(&self) -> Option<String> {
        serde_json::to_string(self.sealed.as_ref()?).ok()
    }

    /// Whether the match dealt from `seed` is one of these deals (a match
    /// resumed after a reload: it is not dealt again).
    pub fn deals_for(&self, seed: u64) -> bool {
        self.sealed.as_ref().is_some_and(|s| s.seed == seed)
    }

    /// Whether a deal waits for contributions.
    pub fn waiting(&self) -> bool {
        self.waiting.is_some()
    }

    /// When the waiting deal goes ahead without what is missing.
    pub fn deadline_ms(&self) -> Option<u64> {
        Some(self.waiting.as_ref()?.gathering.deadline_ms())
    }

    /// Begins a deal sealed by `secret`, asking the friends at `seats`.
    /// `None` while another deal waits.
    pub fn begin(&mut self, secret: Secret, seats: &[Seat], now_ms: u64) -> Option<Begun> {
        if self.waiting.is_some() {
            return None;
        }
        let number = self.last.saturating_add(1);
        let gathering = Gathering::new(secret, seats.iter().copied(), now_ms);
        let seal = HostMessage::Sealed {
            number,
            commitment: gathering.commitment(),
        };
        let deadline_ms = gathering.deadline_ms();
        self.last = number;
        self.revealed = None;
        self.waiting = Some(Waiting { number, gathering });
        Some(Begun { seal, deadline_ms })
    }

    /// A deal with no friend to ask (or no random bytes): the seed drawn
    /// by the host alone; nothing is sealed.
    pub fn unsealed(&mut self) {
        self.sealed = None;
    }

    /// `seat`'s contribution to deal `number`: whether the waiting deal
    /// took it (a contribution to no deal, or a second one, is not).
    pub fn contribute(&mut self, seat: Seat, number: u32, c: Contribution) -> bool {
        match self.waiting.as_mut() {
            Some(w) if w.number == number => w.gathering.contribute(seat, c).is_ok(),
            _ => false,
        }
    }

    /// The waiting deal, dealt if it has every contribution or waited
    /// enough at `now_ms`.
    pub fn deal_if_ready(&mut self, now_ms: u64) -> Option<Done> {
        if !self.waiting.as_ref()?.gathering.ready(now_ms) {
            return None;
        }
        let waiting = self.waiting.take()?;
        let Dealt {
            seed,
            proof,
            missing,
        } = waiting.gathering.close();
        self.sealed = Some(Sealed {
            number: waiting.number,
            seed,
            proof,
            without: missing.clone(),
        });
        Some(Done {
            number: waiting.number,
            seed,
            missing,
        })
    }

    /// Whose contribution did not come in time for the match on the table,
    /// as the friends are told, if anyone's.
    pub fn left_out(&self) -> Option<HostMessage> {
        match self.sealed.as_ref() {
            Some(s) if !s.without.is_empty() => Some(HostMessage::DealtWithout {
                number: s.number,
                seats: s.without.clone(),
            }),
            _ => None,
        }
    }

    /// The match `played` (on the table as `game`) is over: its share code
    /// with the proof, checked here as every friend's page checks it. Once
    /// per match: `None` when not this book's deal, or revealed already,
    /// or its code cannot be written.
    pub fn reveal(&mut self, played: &Played, game: &Match) -> Option<HostMessage> {
        let sealed = self.sealed.as_ref()?;
        if sealed.seed != played.seed
            || self.revealed.as_ref().is_some_and(|r| r.0 == sealed.number)
        {
            return None;
        }
        let number = sealed.number;
        let code = played.encode_with_proof(&sealed.proof).ok()?;
        let verdict = check_here(played, game, &sealed.proof);
        self.revealed = Some((number, code.clone(), verdict));
        Some(HostMessage::Revealed { number, code })
    }

    /// The revealed match again, for a friend or watcher who (re)joins
    /// after the end.
    pub fn reveal_again(&self) -> Option<HostMessage> {
        let (number, code, _) = self.revealed.as_ref()?;
        Some(HostMessage::Revealed {
            number: *number,
            code: code.clone(),
        })
    }

    /// What the host's page shows of the deal now, if anything.
    pub fn note(&self) -> Option<DealNote> {
        if self.waiting.is_some() {
            return Some(DealNote::Shuffling);
        }
        if let Some((_, code, verdict)) = &self.revealed {
            return Some(DealNote::Checked(verdict.clone(), code.clone()));
        }
        self.sealed
            .as_ref()
            .filter(|s| !s.without.is_empty())
            .map(|s| DealNote::Without(s.without.clone()))
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
