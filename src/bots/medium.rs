//! A strong hand-written player. It counts the unseen cards from the public
//! record ([`Tally`]) and scores every legal action by
//!
//! - what the card is worth kept (defensive cards: 0, Reverse, Play 2, Hold,
//!   −10 are saved for when they are needed; high numbers are dumped early),
//! - the chance that the next player is stuck at the new total (pushing the
//!   total up, attacking with Play 2 near the top, passing obligations on),
//! - the chance that it is stuck itself: on the second of two owed plays, or
//!   on its next turn after the total has climbed a little further,
//! - in the `points` format, the points a card would cost if left in hand.
//!
//! It is deterministic: the seeded RNG only breaks exact ties.

use super::tally::{always_playable, next_after, playable, total_after, Tally};
use super::Bot;
use crate::rules::{Action, Card, Format, NinetyNine, PlayerView, Rng, RuleSet, TurnStep};

/// The weights of the scored look-ahead. [`Weights::MEDIUM`] is the Medium
/// bot; `examples/tune.rs` searches for weights that beat it (docs/bots.md).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Weight of the next player being stuck.
    pub attack: f64,
    /// Weight of being stuck on the second of two owed plays.
    pub fail_second: f64,
    /// Weight of being stuck on the next own turn.
    pub self_risk: f64,
    /// How much the total is expected to climb before the seat acts again.
    pub drifts: [f64; 3],
    /// Keep values of the defensive cards, in chances of surviving a later turn.
    pub keep_play_two: f64,
    pub keep_play_two_classic: f64,
    pub keep_reverse: f64,
    pub keep_minus_ten: f64,
    pub keep_minus_ten_low: f64,
    pub keep_zero: f64,
    /// Keep value of a number per point below 10: small numbers fit later.
    pub keep_per_point: f64,
    /// `points` format: the bonus per point of a card played rather than kept.
    pub points_shed: f64,
}

impl Weights {
    /// The Medium bot's hand-set weights.
    pub const MEDIUM: Weights = Weights {
        attack: 1.0,
        fail_second: 2.5,
        self_risk: 1.2,
        drifts: [2.0, 6.0, 11.0],
        keep_play_two: 0.30,
        keep_play_two_classic: 0.18,
        keep_reverse: 0.24,
        keep_minus_ten: 0.24,
        keep_minus_ten_low: 0.15,
        keep_zero: 0.20,
        keep_per_point: 0.012,
        points_shed: 0.004,
    };
}

#[derive(Clone, Copy, Debug, Default)]
pub struct MediumBot;

impl Bot for MediumBot {
    fn choose(&mut self, view: &PlayerView, legal: &[Action], rng: &mut Rng) -> Action {
        choose_with(&Weights::MEDIUM, view, legal, rng)
    }
}

/// The legal action with the best [`score`] under `weights`; the seeded RNG
/// only breaks exact ties.
pub fn choose_with(
    weights: &Weights,
    view: &PlayerView,
    legal: &[Action],
    rng: &mut Rng,
) -> Action {
    if legal.len() == 1 {
        return legal[0];
    }
    let tally = Tally::of(view);
    let mut best = legal[0];
    let mut best_score = f64::NEG_INFINITY;
    let mut ties = 0usize;
    for &action in legal {
        let s = score(weights, view, &tally, action);
        if s > best_score + 1e-12 {
            best = action;
            best_score = s;
            ties = 1;
        } else if (s - best_score).abs() <= 1e-12 {
            // Reservoir sampling over exact ties keeps the choice seeded.
            ties += 1;
            if rng.below(ties) == 0 {
                best = action;
            }
        }
    }
    best
}

/// What holding `card` is worth for the rest of the hand, at `total`.
pub fn keep_value(w: &Weights, rules: &RuleSet, card: Card, total: i32) -> f64 {
    match card {
        Card::PlayTwo if always_playable(rules, card) => w.keep_play_two,
        // A classic Double Play cannot open an owed turn: a weaker card.
        Card::PlayTwo => w.keep_play_two_classic,
        Card::Reverse | Card::Hold => w.keep_reverse,
        Card::MinusTen if always_playable(rules, card) => w.keep_minus_ten,
        // Under `forbid` it is useless at low totals and precious at high ones.
        Card::MinusTen => {
            if total >= 10 {
                w.keep_minus_ten
            } else {
                w.keep_minus_ten_low
            }
        }
        Card::Number(0) => w.keep_zero,
        Card::Number(n) => {
            if playable(rules, card, total, TurnStep::Single) {
                w.keep_per_point * f64::from(10 - n.min(10))
            } else {
                0.0
            }
        }
        Card::NinetyNine => match rules.ninety_nine {
            NinetyNine::Dead => 0.0,
            NinetyNine::DeadButTens => 0.08,
            NinetyNine::Sets99 => 0.25,
        },
    }
}

/// The chance that `hand` plus one unseen card holds nothing playable at `total`.
fn p_hand_stuck(rules: &RuleSet, tally: &Tally, hand: &[Card], total: i32, step: TurnStep) -> f64 {
    if hand.iter().any(|&c| playable(rules, c, total, step)) {
        return 0.0;
    }
    if tally.unseen_len == 0 {
        return 1.0;
    }
    let good = tally.playable_count(rules, total, step);
    1.0 - good as f64 / tally.unseen_len as f64
}

/// The score of `action` under `w`: higher is better.
pub fn score(w: &Weights, view: &PlayerView, tally: &Tally, action: Action) -> f64 {
    let rules = &view.rules;
    let total = view.total;
    let mut hand = view.hand.clone();
    let (new_total, spent) = match action {
        Action::Play(card) => {
            if let Some(i) = hand.iter().position(|&c| c == card) {
                hand.swap_remove(i);
            }
            (
                total_after(rules, card, total),
                keep_value(w, rules, card, total),
            )
        }
        Action::DiscardFourOno => {
            hand.retain(|&c| c != Card::NinetyNine);
            // Four dead cards swapped for four fresh ones: always welcome.
            (total, -1.0)
        }
    };
    let mut s = -spent;
    if rules.format == Format::Points {
        if let Action::Play(card) = action {
            s += w.points_shed * f64::from(card.points());
        }
    }
    let (next, owes_two) = next_after(view, action);
    if next == view.seat {
        // The second of two owed plays follows at once.
        s -= w.fail_second * p_hand_stuck(rules, tally, &hand, new_total, TurnStep::SecondOfTwo);
        return s;
    }
    let next_len = view.seats[next].hand_len;
    let attack = if owes_two {
        let first = tally.p_stuck(rules, next_len, new_total, TurnStep::FirstOfTwo);
        let second = tally.p_stuck(rules, next_len, new_total + 5, TurnStep::SecondOfTwo);
        first + (1.0 - first) * second * 0.5
    } else {
        tally.p_stuck(rules, next_len, new_total, TurnStep::Single)
    };
    s += w.attack * attack;
    let risk: f64 = w
        .drifts
        .iter()
        .map(|&d| {
            let d = d.round() as i32;
            p_hand_stuck(rules, tally, &hand, new_total + d, TurnStep::Single)
        })
        .sum::<f64>()
        / w.drifts.len() as f64;
    s -= w.self_risk * (1.0 - attack) * risk;
    s
}
