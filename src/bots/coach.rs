//! The coach behind the optional hints: for each legal action of a seat, the
//! chance that the next player will then have no legal play. It reads only
//! the seat's [`PlayerView`], like every bot.
//!
//! From one seat, every unseen card (other hands and the draw pile) is
//! equally likely to be in any unseen place, so the next player's hand is a
//! uniformly random set of their hand size from the unseen cards, and the
//! chance is exact: C(stuck, h) / C(unseen, h), where `stuck` counts the
//! unseen cards they could not play (less the one hand of four ONO 99 cards
//! they could discard, where that is allowed).
//!
//! The coach's pick ([`pick`]) is chosen from that same advice, by the rule
//! its marks teach: play a number card while one fits, the highest first
//! (the low ones are what still fits when the total is high), and keep the
//! cards that always fit (Reverse, Play 2, Hold, −10) for when none does.

use crate::rules::{Action, Card, CardCounts, Match, PlayerView, Rng, Seat, HAND_SIZE};

/// The coach's advice on one legal action.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Advice {
    pub action: Action,
    /// The total after the action.
    pub total: i32,
    /// The chance (0 to 1) that whoever plays next has no legal play.
    pub next_stuck: f64,
    /// True when the next play is this seat's own (the second of two).
    pub next_is_me: bool,
    /// Who plays next (`None`: the action ends the match).
    pub next: Option<Seat>,
}

/// Advice for each of `legal`, in the same order. Empty when it is not this
/// seat's turn.
pub fn advise(view: &PlayerView, legal: &[Action]) -> Vec<Advice> {
    if !view.my_turn() {
        return Vec::new();
    }
    // The hidden cards do not change where a play leads (total, next player,
    // their obligation): any consistent deal will do, so a fixed seed.
    let Some(m) = view.determinize(&mut Rng::new(0)) else {
        return Vec::new();
    };
    advise_on(view, &m, legal)
}

/// As [`advise`], from `m`, any match consistent with `view` (as
/// [`PlayerView::determinize`] makes): for a caller that has one already,
/// so the hidden cards are not dealt twice. The advice is the same whatever
/// the deal, since the hidden cards do not change where a play leads.
pub fn advise_on(view: &PlayerView, m: &Match, legal: &[Action]) -> Vec<Advice> {
    if !view.my_turn() {
        return Vec::new();
    }
    let unseen = view.unseen();
    legal
        .iter()
        .filter_map(|&action| {
            let preview = m.preview(action).ok()?;
            let Some(next) = preview.next else {
                return Some(Advice {
                    action,
                    total: preview.total,
                    next_stuck: 0.0,
                    next_is_me: false,
                    next: None,
                });
            };
            let stuck_unseen = count_unplayable(&unseen, &preview.playable);
            let next_is_me = next.seat == view.seat;
            let next_stuck = if next_is_me {
                // My own second play: the cards I keep, and the one I draw.
                let mut kept = view.hand.clone();
                if let Action::Play(card) = action {
                    if let Some(i) = kept.iter().position(|&c| c == card) {
                        kept.remove(i);
                    } else {
                        kept.clear();
                    }
                } else {
                    kept.clear();
                }
                if kept.iter().any(|c| preview.playable[c.index()]) {
                    0.0
                } else if unseen.total() == 0 {
                    1.0
                } else {
                    stuck_unseen as f64 / unseen.total() as f64
                }
            } else {
                let h = view.seats[next.seat].hand_len;
                let mut p = ratio_all_from(stuck_unseen, unseen.total(), h);
                if view.rules.four_ono_discard
                    && h == HAND_SIZE
                    && !preview.playable[Card::NinetyNine.index()]
                {
                    // Four ONO 99 cards are a legal discard, not a dead hand.
                    p -= ratio_all_from(unseen.get(Card::NinetyNine) as usize, unseen.total(), h);
                }
                p.max(0.0)
            };
            Some(Advice {
                action,
                total: preview.total,
                next_stuck,
                next_is_me,
                next: Some(next.seat),
            })
        })
        .collect()
}

/// What kind of play an action is, in the order the coach spends them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Spend {
    /// A number card (0 to 10): what a hand is for while the total is low.
    Number,
    /// A card kept for when the total is high: it always fits (Reverse,
    /// Play 2, Hold) or takes the total down (−10). Spent only when no
    /// number card may be played.
    Keeper,
    /// The four-ONO discard (only ever legal with four ONO 99 cards, so
    /// alone).
    Discard,
}

impl Spend {
    pub fn of(action: Action) -> Spend {
        match action {
            Action::Play(Card::Number(_)) => Spend::Number,
            Action::Play(_) => Spend::Keeper,
            Action::DiscardFourOno => Spend::Discard,
        }
    }
}

/// Of the keepers, the order they are spent in when one must be: the card
/// that only changes who plays next first, the −10 (which gives back room
/// to whoever follows as well) last.
fn keeper_rank(action: Action) -> u8 {
    match action {
        Action::Play(Card::Hold) => 0,
        Action::Play(Card::Reverse) => 1,
        Action::Play(Card::PlayTwo) => 2,
        Action::Play(Card::MinusTen) => 3,
        _ => 4,
    }
}

/// The coach's pick from `advice` (as [`advise`] gives it, for the seat to
/// act): deterministic, from the advice alone, by these rules in order:
///
/// 1. **Don't get stuck yourself.** On the first of two owed plays, the
///    actions least likely to leave you with no second play (a card you
///    keep that surely follows comes first).
/// 2. **A number card while one fits.** Reverse, Play 2, Hold and −10 are
///    kept for when the total is high and no number card may be played.
/// 3. Of the number cards, **the highest**: it pushes the total towards 99
///    for the next player, and the low cards you keep are the ones that
///    still fit later.
///    Of the keepers, the one **most likely to leave the next player
///    stuck**, and on a tie the least precious (Hold, Reverse, Play 2,
///    then −10, which gives room back to whoever follows too).
///
/// `None` only when `advice` is empty (not the seat's turn).
pub fn pick(advice: &[Advice]) -> Option<Action> {
    // My own chance of being stuck on my second play (0 unless I owe it).
    let my_risk = |a: &Advice| if a.next_is_me { a.next_stuck } else { 0.0 };
    // Chances closer than this are the same chance (float noise).
    const SAME: f64 = 1e-9;
    let better = |a: &Advice, b: &Advice| -> bool {
        let (ra, rb) = (my_risk(a), my_risk(b));
        if (ra - rb).abs() > SAME {
            return ra < rb;
        }
        let (sa, sb) = (Spend::of(a.action), Spend::of(b.action));
        if sa != sb {
            return sa < sb;
        }
        match (a.action, b.action) {
            (Action::Play(Card::Number(x)), Action::Play(Card::Number(y))) => x > y,
            _ => {
                let (ta, tb) = (attack(a), attack(b));
                if (ta - tb).abs() > SAME {
                    ta > tb
                } else {
                    keeper_rank(a.action) < keeper_rank(b.action)
                }
            }
        }
    };
    let mut best: Option<&Advice> = None;
    for a in advice {
        if best.is_none_or(|b| better(a, b)) {
            best = Some(a);
        }
    }
    best.map(|a| a.action)
}

/// The chance the action leaves another player stuck (0 when the next
/// play is my own, or nobody's).
fn attack(a: &Advice) -> f64 {
    if a.next_is_me || a.next.is_none() {
        0.0
    } else {
        a.next_stuck
    }
}

fn count_unplayable(cards: &CardCounts, playable: &[bool; 16]) -> usize {
    Card::ALL
        .iter()
        .filter(|c| !playable[c.index()])
        .map(|&c| cards.get(c) as usize)
        .sum()
}

/// The chance that `h` cards drawn without replacement from `n`, of which
/// `k` are marked, are all marked: C(k, h) / C(n, h).
fn ratio_all_from(k: usize, n: usize, h: usize) -> f64 {
    if h == 0 {
        return 1.0;
    }
    if k < h || n < h {
        return 0.0;
    }
    (0..h).map(|i| (k - i) as f64 / (n - i) as f64).product()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Match, Position, RuleSet, Seat};

    #[test]
    fn hypergeometric_all_marked() {
        assert_eq!(ratio_all_from(4, 4, 4), 1.0);
        assert_eq!(ratio_all_from(3, 10, 4), 0.0);
        assert!((ratio_all_from(5, 10, 2) - 20.0 / 90.0).abs() < 1e-12);
    }

    /// The exact figure agrees with counting over many random deals that
    /// respect what the seat knows.
    #[test]
    fn advice_matches_sampled_deals() {
        let p = Position::new(RuleSet::modern(), &["10 5 R 0", "1 2 3 4", "1 2 3 4"], 86)
            .expect("position");
        let m = Match::from_position(p).expect("match");
        let view = m.view(Seat(0));
        let legal = m.legal_actions();
        let advice = advise(&view, &legal);
        assert_eq!(advice.len(), legal.len());
        let mut rng = Rng::new(5);
        for a in &advice {
            let mut stuck = 0;
            let n = 4000;
            for _ in 0..n {
                let mut d = view.determinize(&mut rng).expect("deal");
                d.apply(a.action).expect("legal");
                let next = a.action == Action::Play(Card::Reverse);
                let next_seat = if next { Seat(2) } else { Seat(1) };
                if !d.in_hand().contains(next_seat) || d.is_over() {
                    stuck += 1;
                }
            }
            let sampled = stuck as f64 / n as f64;
            assert!(
                (sampled - a.next_stuck).abs() < 0.03,
                "{:?}: exact {} sampled {}",
                a.action,
                a.next_stuck,
                sampled
            );
        }
        // Playing the 10 (total 96) leaves far more cards unplayable than the 0.
        let of = |c: Card| {
            advice
                .iter()
                .find(|a| a.action == Action::Play(c))
                .map(|a| a.next_stuck)
        };
        assert!(of(Card::Number(10)) > of(Card::Number(0)));
    }
}
