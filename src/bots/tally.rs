//! Card counting from the public record: what the heuristic bots know about
//! the cards they cannot see, and what a card would do at a given total.
//!
//! Everything here works from a [`PlayerView`] (or from the rules alone), so
//! it can only estimate: the unseen cards are every other hand plus the draw
//! pile, counted from the deck minus the own hand, the discard pile and the
//! laid-down hands.

use crate::rules::{
    Action, Card, CardCounts, Direction, Edition, LoseAt, Negatives, NinetyNine, PlayerView,
    RuleSet, Seat, TurnStep,
};

/// The pile total after `card` is played at `total` (legality aside).
pub fn total_after(rules: &RuleSet, card: Card, total: i32) -> i32 {
    match card {
        Card::Number(n) => total + i32::from(n),
        Card::MinusTen => match rules.negatives {
            Negatives::Floor => (total - 10).max(0),
            Negatives::Forbid | Negatives::Allow => total - 10,
        },
        Card::NinetyNine if rules.ninety_nine == NinetyNine::Sets99 => 99,
        Card::Reverse | Card::PlayTwo | Card::Hold | Card::NinetyNine => total,
    }
}

/// Whether a total is still in bounds under `lose_at`.
pub fn within_limit(rules: &RuleSet, total: i32) -> bool {
    match rules.lose_at {
        LoseAt::Reach99 => total < 99,
        LoseAt::Exceed99 => total <= 99,
    }
}

/// Whether someone holding `card` could play it at `total` on a play of kind
/// `step` (the first 99 card of the turn assumed). This mirrors the engine's
/// legality so that bots can reason about cards that are not in their hand;
/// `tests/bots.rs` checks it against the engine for every card and total.
pub fn playable(rules: &RuleSet, card: Card, total: i32, step: TurnStep) -> bool {
    match card {
        Card::Number(_) => within_limit(rules, total_after(rules, card, total)),
        Card::MinusTen => rules.negatives != Negatives::Forbid || total >= 10,
        Card::Reverse | Card::Hold => true,
        Card::PlayTwo => !(rules.edition == Edition::Classic && step == TurnStep::FirstOfTwo),
        Card::NinetyNine => match rules.ninety_nine {
            NinetyNine::Dead => false,
            NinetyNine::DeadButTens => total.rem_euclid(10) == 0,
            NinetyNine::Sets99 => within_limit(rules, 99),
        },
    }
}

/// Whether `card` is playable at every total: the defensive cards.
pub fn always_playable(rules: &RuleSet, card: Card) -> bool {
    match card {
        Card::Reverse | Card::Hold => true,
        Card::PlayTwo => rules.edition == Edition::Modern,
        Card::MinusTen => rules.negatives != Negatives::Forbid,
        Card::Number(0) => true,
        Card::Number(_) | Card::NinetyNine => false,
    }
}

/// Whether `card` deflects a Play 2 / Double Play obligation in this edition.
pub fn deflects(rules: &RuleSet, card: Card) -> bool {
    match rules.edition {
        Edition::Modern => matches!(card, Card::Reverse | Card::PlayTwo),
        Edition::Classic => {
            matches!(card, Card::Reverse | Card::Hold)
                || (card == Card::NinetyNine && rules.ninety_nine == NinetyNine::DeadButTens)
        }
    }
}

/// What one seat can infer about the cards it cannot see.
#[derive(Clone, Debug)]
pub struct Tally {
    /// Every other hand plus the draw pile, by kind.
    pub unseen: CardCounts,
    /// How many cards that is.
    pub unseen_len: usize,
}

impl Tally {
    pub fn of(view: &PlayerView) -> Tally {
        let unseen = view.unseen();
        Tally {
            unseen_len: unseen.total(),
            unseen,
        }
    }

    /// How many unseen cards could be played at `total` on a play of kind `step`.
    pub fn playable_count(&self, rules: &RuleSet, total: i32, step: TurnStep) -> usize {
        Card::ALL
            .iter()
            .filter(|&&c| playable(rules, c, total, step))
            .map(|&c| usize::from(self.unseen.get(c)))
            .sum()
    }

    /// The chance that a hand of `hand_len` unseen cards holds nothing
    /// playable at `total` (drawn without replacement, as if at random: the
    /// holder's own choices are ignored).
    pub fn p_stuck(&self, rules: &RuleSet, hand_len: usize, total: i32, step: TurnStep) -> f64 {
        let good = self.playable_count(rules, total, step);
        let bad = self.unseen_len.saturating_sub(good);
        let mut p = 1.0;
        for i in 0..hand_len {
            if bad <= i || self.unseen_len <= i {
                return 0.0;
            }
            p *= (bad - i) as f64 / (self.unseen_len - i) as f64;
        }
        p
    }

    /// The chance that one card drawn from the unseen ones is playable at `total`.
    pub fn p_draw_playable(&self, rules: &RuleSet, total: i32) -> f64 {
        if self.unseen_len == 0 {
            return 0.0;
        }
        self.playable_count(rules, total, TurnStep::Single) as f64 / self.unseen_len as f64
    }
}

/// The seat that plays after `seat` once `action` is played, and whether it
/// will owe two plays (a new Play 2 or a deflected obligation).
pub fn next_after(view: &PlayerView, action: Action) -> (Seat, bool) {
    let step = view.to_act.map_or(TurnStep::Single, |t| t.step);
    let rules = &view.rules;
    let card = match action {
        Action::Play(card) => Some(card),
        Action::DiscardFourOno => None,
    };
    let mut direction = view.direction;
    if card == Some(Card::Reverse) {
        direction = direction.flipped();
    }
    let next = view.next_in_hand(view.seat, direction);
    match step {
        TurnStep::FirstOfTwo => {
            // Deflecting passes the obligation on; any other play keeps the turn.
            if card.is_some_and(|c| deflects(rules, c)) {
                (next, true)
            } else {
                (view.seat, false)
            }
        }
        TurnStep::Single | TurnStep::SecondOfTwo => (next, card == Some(Card::PlayTwo)),
    }
}

/// The direction after `action` (Reverse flips it).
pub fn direction_after(view: &PlayerView, action: Action) -> Direction {
    if action == Action::Play(Card::Reverse) {
        view.direction.flipped()
    } else {
        view.direction
    }
}
