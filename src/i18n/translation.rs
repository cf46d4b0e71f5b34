//! What every language provides beside the catalogue (issue 37): its
//! fixed texts' table ([`Translation::key`]: English compiled in from
//! `texts/*.txt` by `build.rs`, the other languages from their fetched
//! files, `fixed.rs`) and the grammar a catalogue entry cannot say: card
//! names and cards with their articles, plurals and ordinals, lists of
//! names, rule errors and turn prompts built from parts, the coach's tip's
//! parts, the review's reasons and the deal's verdict. A language file
//! that misses a method does not compile. Languages word typed values only
//! ([`Who`], rule options, errors); they never read engine events.

use crate::table::Who;

use super::keys::Key;
use crate::bots::verdict::Reason;
use crate::bots::Level;
use crate::rules::{Card, Edition};

/// The texts of one language; `en.rs` shows what each one says.
pub trait Translation {
    fn key(&self, key: Key) -> &'static str;
    fn card_name(&self, card: Card, edition: Edition) -> String;
    /// Whether a count of `n` reads as one ("1 card"): French says "0
    /// carte" too.
    fn is_one(&self, n: usize) -> bool {
        n == 1
    }
    /// A card as a call-out names it in a sentence: with its article
    /// where the language puts one ("un 7", "une carte Inverser");
    /// English says its name.
    fn card_in_sentence(&self, card: Card, edition: Edition) -> String {
        self.card_name(card, edition)
    }
    fn bot_level(&self, l: Level) -> String;
    fn seat_label(&self, name: &str, l: Level) -> String;
    fn winners_line(&self, winners: &[Who]) -> String;
    /// The parts the coach's tip for the turn is made of.
    fn tip_words(&self) -> &'static TipWords;
    /// "You finished 3rd of 5."
    fn your_place(&self, place: usize, of: usize) -> String;
    /// The colon between a label and what follows (French spaces it).
    fn colon(&self) -> &'static str {
        ": "
    }
    /// The word joining the last two items of a list ("and").
    fn and_word(&self) -> &'static str;
}

/// The texts of the replay and the review, apart from [`Translation`]:
/// only the whole app reaches them, so the first download (which reaches
/// every method of `Translation` through its table) carries none of them.
pub trait ReplayTexts: Translation {
    /// "12 decisions: 9 best, 2 good, 1 mistake" (counts of Best, Good,
    /// Inaccuracy, Mistake; categories at zero are left out).
    fn review_summary(&self, decisions: usize, counts: [usize; 4]) -> String;
    /// The verdict on a deal anyone can check (issue 31), in a sentence:
    /// "Deal verified: dealt from the host's sealed secret and 2 friends'
    /// contributions", or "Deal not verified: …" and why (`friends`: how
    /// many contributions went in; `name`: the seat the verdict names, if
    /// it names one and the page knows it).
    fn deal_verdict(
        &self,
        verdict: &crate::online::fair::Verdict,
        friends: usize,
        name: Option<&str>,
        edition: Edition,
    ) -> String;
    /// Why a reviewed decision got its label, in a sentence or two: what
    /// the play made, or what the better option would have done.
    fn review_reason(&self, reason: &Reason, edition: Edition) -> String;
}

/// The parts of the coach's tip for the turn, one sentence put together by
/// [`super::tip`]: `{card}`, `{t}` (a total), `{name}` and `{p}` (a
/// percentage) are put in. One table per language rather than one function
/// each keeps the download small.
pub struct TipWords {
    /// A number card or the −10 in a sentence ("the 9").
    pub number: &'static str,
    /// Any other card in a sentence ("the Reverse card").
    pub other: &'static str,
    /// "Play {card}".
    pub play: &'static str,
    /// "Only {card} can be played", for a number card and for another card
    /// (French agrees the participle with "la carte").
    pub only_m: &'static str,
    pub only_f: &'static str,
    /// "Discard your four {card} cards".
    pub discard: &'static str,
    /// Between the advice and its reason: ": " (French: a narrow no-break
    /// space before the colon).
    pub sep: &'static str,
    /// Where the total goes: up, stays, down.
    pub up: &'static str,
    pub same: &'static str,
    pub down: &'static str,
    /// What follows for the next player: surely stuck, likely (50% and
    /// more), maybe; must play twice; your own second play is safe.
    pub certain: &'static str,
    pub likely: &'static str,
    pub may: &'static str,
    pub twice: &'static str,
    pub second: &'static str,
}
