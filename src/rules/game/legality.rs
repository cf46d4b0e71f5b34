//! Legality: the rules for each card spelled out ([`card_outcome`]), the
//! quick table of playable totals ([`Bounds`]), and the legal actions of the
//! player to act.

use super::{Action, Match, TurnStep, HAND_SIZE, MAX_HAND};
use crate::rules::card::{Card, Edition, CARD_KINDS};
use crate::rules::error::RuleError;
use crate::rules::options::{LoseAt, Negatives, NinetyNine, RuleSet};

/// The most legal actions a player can have: one per distinct card of the
/// largest hand the engine holds (a set-up position, or a view built from
/// an untrusted host's messages, may hold more than [`HAND_SIZE`] cards),
/// plus the four-ONO discard.
pub(super) const MAX_LEGAL: usize = if MAX_HAND < CARD_KINDS {
    MAX_HAND
} else {
    CARD_KINDS
} + 1;

/// For each kind of card, the totals at which it is playable
/// (`lo <= total <= hi`), before the turn-dependent rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bounds {
    lo: [i32; CARD_KINDS],
    hi: [i32; CARD_KINDS],
}

impl Bounds {
    pub(super) fn for_rules(rules: &RuleSet) -> Bounds {
        let limit = rules.lose_at.highest();
        let mut b = Bounds {
            lo: [i32::MIN; CARD_KINDS],
            hi: [i32::MAX; CARD_KINDS],
        };
        for n in 0..=10u8 {
            b.hi[Card::Number(n).index()] = limit - n as i32;
        }
        if rules.negatives == Negatives::Forbid {
            b.lo[Card::MinusTen.index()] = 10;
        }
        let never = |b: &mut Bounds, card: Card| {
            b.lo[card.index()] = i32::MAX;
            b.hi[card.index()] = i32::MIN;
        };
        match rules.ninety_nine {
            NinetyNine::Dead => never(&mut b, Card::NinetyNine),
            NinetyNine::Sets99 if limit < 99 => never(&mut b, Card::NinetyNine),
            NinetyNine::Sets99 | NinetyNine::DeadButTens => {}
        }
        b
    }
}

/// What playing `card` at `total` would make the total under `rules`, or
/// the rule it would break, whoever holds the card and whoever's turn it is.
/// Two rules depend on the turn and not only on the total: `step` (a
/// classic Double Play can't open two owed plays) and `ninety_nine_this_turn`
/// (`dead_but_tens` allows one 99 card a turn).
///
/// This is the engine's own rule for a card: [`Match::check`] decides with
/// it, through a table of totals kept in step with it by a test, so an
/// explanation built on it ("97 + 8 = 105") says exactly what the engine does.
///
/// # Errors
/// The broken rule: [`RuleError::TotalTooHigh`] (with the total before and
/// after), [`RuleError::BelowZero`], [`RuleError::NinetyNineDead`],
/// [`RuleError::NinetyNineNotOnTen`], [`RuleError::NinetyNineOncePerTurn`]
/// or [`RuleError::CannotOpenWithDoublePlay`].
#[inline]
pub fn card_outcome(
    rules: &RuleSet,
    total: i32,
    card: Card,
    step: TurnStep,
    ninety_nine_this_turn: bool,
) -> Result<i32, RuleError> {
    let new_total = total_after(rules, total, card);
    let within_limit = || {
        let within = match rules.lose_at {
            LoseAt::Reach99 => new_total < 99,
            LoseAt::Exceed99 => new_total <= 99,
        };
        if within {
            Ok(new_total)
        } else {
            Err(RuleError::TotalTooHigh {
                card,
                total,
                new_total,
                lose_at: rules.lose_at,
            })
        }
    };
    match card {
        Card::Number(_) => within_limit(),
        Card::MinusTen => {
            if rules.negatives == Negatives::Forbid && total - 10 < 0 {
                Err(RuleError::BelowZero { total })
            } else {
                Ok(new_total)
            }
        }
        Card::Reverse | Card::Hold => Ok(new_total),
        Card::PlayTwo => {
            if rules.edition == Edition::Classic && step == TurnStep::FirstOfTwo {
                Err(RuleError::CannotOpenWithDoublePlay)
            } else {
                Ok(new_total)
            }
        }
        Card::NinetyNine => match rules.ninety_nine {
            NinetyNine::Dead => Err(RuleError::NinetyNineDead),
            NinetyNine::DeadButTens => {
                if total.rem_euclid(10) != 0 {
                    Err(RuleError::NinetyNineNotOnTen { total })
                } else if ninety_nine_this_turn {
                    Err(RuleError::NinetyNineOncePerTurn)
                } else {
                    Ok(new_total)
                }
            }
            NinetyNine::Sets99 => within_limit(),
        },
    }
}

/// The total after `card` is played at `total`, legal or not.
#[inline]
fn total_after(rules: &RuleSet, total: i32, card: Card) -> i32 {
    match card {
        Card::Number(n) => total + n as i32,
        Card::MinusTen => match rules.negatives {
            Negatives::Floor => (total - 10).max(0),
            Negatives::Forbid | Negatives::Allow => total - 10,
        },
        Card::NinetyNine if rules.ninety_nine == NinetyNine::Sets99 => 99,
        Card::Reverse | Card::PlayTwo | Card::Hold | Card::NinetyNine => total,
    }
}

impl Match {
    /// The total after `card` is played now, ignoring legality.
    #[inline]
    pub(super) fn total_after(&self, card: Card) -> i32 {
        total_after(&self.rules, self.total, card)
    }

    /// Whether the current player may play `card`, assuming they hold it.
    /// This and [`Match::check`] are the only places legality is decided: a
    /// table of totals at which each kind is playable answers the common
    /// case, and [`card_outcome`] every other (a test checks they agree).
    #[inline]
    pub(super) fn check_card(&self, card: Card) -> Result<(), RuleError> {
        if self.is_playable(card, card.index(), self.turn_dependent_kinds()) {
            Ok(())
        } else {
            self.card_rule(card)
        }
    }

    /// The kinds whose legality depends on the turn and not only on the
    /// total, as a bit mask by [`Card::index`].
    #[inline]
    fn turn_dependent_kinds(&self) -> u32 {
        let mut special = 0u32;
        if self.step == TurnStep::FirstOfTwo {
            special |= 1 << Card::PlayTwo.index();
        }
        if self.rules.ninety_nine == NinetyNine::DeadButTens {
            special |= 1 << Card::NinetyNine.index();
        }
        special
    }

    /// The legality decision itself; `kind` is `card.index()`, `special`
    /// is [`Match::turn_dependent_kinds`].
    #[inline]
    fn is_playable(&self, card: Card, kind: usize, special: u32) -> bool {
        if special & (1 << kind) == 0 {
            self.bounds.lo[kind] <= self.total && self.total <= self.bounds.hi[kind]
        } else {
            self.card_rule(card).is_ok()
        }
    }

    /// [`card_outcome`] in the current turn: decides legality where the
    /// quick bounds of [`Match::check_card`] cannot, and names the broken rule.
    #[cold]
    fn card_rule(&self, card: Card) -> Result<(), RuleError> {
        card_outcome(
            &self.rules,
            self.total,
            card,
            self.step,
            self.ninety_nine_this_turn,
        )
        .map(|_| ())
    }

    #[inline]
    fn holds_four_ono(&self) -> bool {
        let hand = &self.hands[self.current];
        hand.len() == HAND_SIZE && hand.iter().all(|&c| c == Card::NinetyNine)
    }

    /// Whether the player to act may take `action` now, and if not, why.
    ///
    /// # Errors
    /// The rule the action would break.
    #[inline]
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        if self.legal[..self.legal_len as usize].contains(&action) {
            return Ok(());
        }
        self.explain(action)
    }

    /// Why `action` is not among the legal actions.
    #[cold]
    fn explain(&self, action: Action) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::MatchOver);
        }
        match action {
            Action::DiscardFourOno => {
                if !self.rules.four_ono_discard {
                    Err(RuleError::FourOnoDiscardOff)
                } else if !self.holds_four_ono() {
                    Err(RuleError::NotFourOno)
                } else {
                    Ok(())
                }
            }
            Action::Play(card) => {
                if !self.hands[self.current].contains(&card) {
                    return Err(RuleError::CardNotInHand { card });
                }
                self.check_card(card)
            }
        }
    }

    /// Every legal action of the player to act, each once, in hand order.
    /// Empty only when the match is over.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(self.legal_len as usize);
        self.legal_actions_into(&mut out);
        out
    }

    /// [`Match::legal_actions`] into a reused buffer (cleared first).
    #[inline]
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        out.extend_from_slice(&self.legal[..self.legal_len as usize]);
    }

    /// Works out the legal actions of the player to act (none once the match
    /// is over). Every change of state ends here.
    pub(super) fn refresh_legal(&mut self) {
        self.legal_len = 0;
        if self.outcome.is_some() {
            return;
        }
        let special = self.turn_dependent_kinds();
        let hand = &self.hands[self.current];
        let mut seen = 0u32;
        let mut len = 0;
        for i in 0..hand.len as usize {
            let kind = hand.kinds[i] as usize;
            if seen & (1 << kind) != 0 {
                continue;
            }
            seen |= 1 << kind;
            if self.is_playable(hand.cards[i], kind, special) {
                // Always room (see MAX_LEGAL); never a panic if not.
                if let Some(slot) = self.legal.get_mut(len) {
                    *slot = Action::Play(hand.cards[i]);
                    len += 1;
                }
            }
        }
        if self.rules.four_ono_discard && self.holds_four_ono() {
            if let Some(slot) = self.legal.get_mut(len) {
                *slot = Action::DiscardFourOno;
                len += 1;
            }
        }
        self.legal_len = len as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::card_outcome;
    use crate::rules::card::{Card, Edition};
    use crate::rules::options::{Format, LoseAt, Negatives, NinetyNine, RuleSet};
    use crate::rules::{Match, TurnStep};

    /// The quick bounds and the spelled-out rules ([`card_outcome`]) agree
    /// everywhere.
    #[test]
    fn bounds_agree_with_the_rules_for_every_option_total_and_step() {
        for edition in [Edition::Modern, Edition::Classic] {
            for &negatives in Negatives::ALL {
                for &ninety_nine in NinetyNine::ALL {
                    for &lose_at in LoseAt::ALL {
                        let rules = RuleSet {
                            edition,
                            negatives,
                            ninety_nine,
                            lose_at,
                            format: Format::Elimination,
                            ..RuleSet::modern()
                        };
                        let mut m = Match::new_unlogged(rules, 2, 1).expect("valid");
                        for total in -60..=110 {
                            for step in [
                                TurnStep::Single,
                                TurnStep::FirstOfTwo,
                                TurnStep::SecondOfTwo,
                            ] {
                                for used in [false, true] {
                                    m.total = total;
                                    m.step = step;
                                    m.ninety_nine_this_turn = used;
                                    let special = m.turn_dependent_kinds();
                                    for card in Card::ALL {
                                        let rule = card_outcome(&rules, total, card, step, used);
                                        let at =
                                            || format!("{rules} total {total} {step:?} {card}");
                                        // The quick path alone, not its fallback.
                                        assert_eq!(
                                            m.is_playable(card, card.index(), special),
                                            rule.is_ok(),
                                            "{}",
                                            at()
                                        );
                                        assert_eq!(
                                            m.check_card(card),
                                            rule.map(|_| ()),
                                            "{}",
                                            at()
                                        );
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
