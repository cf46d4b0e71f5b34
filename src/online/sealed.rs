//! A friend's side of a deal anyone can check (issue 31, `online::fair`):
//! the host's seal of each match's deal, this page's contribution to it,
//! and the verdict when the host reveals its secret at the match's end.
//!
//! The host seals first ([`HostMessage::Sealed`](super::HostMessage)),
//! this page answers with random bytes it drew itself, and only then is
//! the match dealt from the secret and every contribution. At the end the
//! host's share code carries the secret and the contributions; this page
//! checks that the secret is the one sealed, that its own contribution
//! went in, and that every card it saw is what the seed deals.

use super::fair::{self, Contribution, Digest, Verdict};
use super::protocol::GuestMessage;
use crate::rules::{Played, Seat, SeatEvent};

/// How many matches' seals a page keeps: a table deals one match after
/// another, and only a recent one is ever revealed.
const KEPT: usize = 4;

/// One match's seal as this page got it.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Seal {
    number: u32,
    commitment: Digest,
    /// What this page sent for it (`None`: nothing yet).
    mine: Option<Contribution>,
}

/// The outcome of the check of one match, for the page to show.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Checked {
    /// The host's number of the match.
    pub number: u32,
    pub verdict: Verdict,
    /// Whether this page had the host's seal before the deal. A page that
    /// joined later checks the cards against the seed, not the seal.
    pub saw_seal: bool,
    /// The match's share code, with what anyone needs to check it again.
    pub code: String,
}

/// The seals this page was sent, and the last match's check.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Seals {
    seals: Vec<Seal>,
    checked: Option<Checked>,
    /// The friends whose contribution did not come in time for a deal.
    without: Option<(u32, Vec<Seat>)>,
}

impl Seals {
    /// The host sealed the deal of its `number`th match: a new deal, so
    /// the last one's notes go. A second seal for the same match is
    /// ignored: a host may not change what it sealed.
    pub fn seal(&mut self, number: u32, commitment: Digest) {
        if self.seals.iter().any(|s| s.number == number) {
            return;
        }
        self.checked = None;
        self.without = None;
        self.seals.push(Seal {
            number,
            commitment,
            mine: None,
        });
        let extra = self.seals.len().saturating_sub(KEPT);
        self.seals.drain(..extra);
    }

    /// The message that gives `contribution` (random bytes the page drew)
    /// to the deal of match `number`: once per seal, and only for a seal
    /// this page has.
    pub fn contribute(&mut self, number: u32, contribution: Contribution) -> Option<GuestMessage> {
        let seal = self
            .seals
            .iter_mut()
            .find(|s| s.number == number && s.mine.is_none())?;
        seal.mine = Some(contribution);
        Some(GuestMessage::Contribute {
            number,
            contribution,
        })
    }

    /// The deal of match `number` went ahead without `seats`.
    pub fn dealt_without(&mut self, number: u32, seats: Vec<Seat>) {
        self.without = Some((number, seats));
    }

    /// The friends left out of the last deal that left anyone out.
    pub fn without(&self) -> Option<(u32, &[Seat])> {
        self.without.as_ref().map(|(n, s)| (*n, s.as_slice()))
    }

    /// Checks match `number`'s share `code` against what this page saw:
    /// `viewer` is its seat (`None`: a spectator), `seen` the match's
    /// events as it received them. The outcome is kept for the page.
    ///
    /// # Errors
    /// The code is not a share code with the host's secret in it: nothing
    /// is kept.
    pub fn reveal(
        &mut self,
        number: u32,
        code: &str,
        viewer: Option<Seat>,
        seen: &[SeatEvent],
    ) -> Result<&Checked, &'static str> {
        let (played, proof) = Played::decode_with_proof(code)
            .map_err(|_| "a revealed match that is not a share code")?;
        let proof = proof.ok_or("a revealed match without its secret")?;
        let seal = self.seals.iter().find(|s| s.number == number);
        let commitment = seal.map_or(proof.commitment, |s| s.commitment);
        // A contribution the host said came too late is not looked for.
        let late = self
            .without
            .as_ref()
            .is_some_and(|(n, seats)| *n == number && viewer.is_some_and(|v| seats.contains(&v)));
        let mine = match (viewer, seal.and_then(|s| s.mine)) {
            (Some(seat), Some(c)) if !late => Some((seat, c)),
            _ => None,
        };
        let verdict = fair::check(&played, &proof, &commitment, mine, viewer, seen);
        Ok(self.checked.insert(Checked {
            number,
            verdict,
            saw_seal: seal.is_some(),
            code: code.to_string(),
        }))
    }

    /// The last match's check, once its secret was revealed.
    pub fn checked(&self) -> Option<&Checked> {
        self.checked.as_ref()
    }
}
