//! "Review my plays": how good each of a seat's decisions was, judged from
//! that seat's view at that moment only.
//!
//! Each legal option is played out many times to the end of the match on
//! deals of the hidden cards drawn from the view (every seat played by the
//! Medium bot from then on), and its chance to win is the share of those
//! playouts the seat wins (a shared win counts its share). The options of
//! one decision are compared on the same deals (common random numbers),
//! which makes their differences much less noisy than their values. An
//! option is labelled by how far its chance falls below the best one's.
//!
//! The evaluation takes a [`PlayerView`], never a match: nothing it shows
//! can depend on a card the seat could not see. Pure: tested natively
//! (`tests/review.rs`).

use super::{Bot, MediumBot};
use crate::rules::{Action, Match, Played, PlayerView, Rng, Seat, SetupError};

/// Playouts per option in a review (about ±3 points of chance at 50%; the
/// differences between options are tighter, see the module note).
pub const REVIEW_PLAYOUTS: u32 = 300;
/// A playout stops after this many plays (a match never comes near it).
const PLAYOUT_CAP: u32 = 20_000;

/// How an option compares with the best one of its decision.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Label {
    /// The best option, or within half a point of it.
    Best,
    /// Within 4 points of the best.
    Good,
    /// Within 10 points of the best.
    Inaccuracy,
    /// More than 10 points below the best.
    Mistake,
}

impl Label {
    /// The label of an option with chance `chance` when the best is `best`.
    pub fn of(best: f64, chance: f64) -> Label {
        let gap = best - chance;
        if gap <= 0.005 {
            Label::Best
        } else if gap <= 0.04 {
            Label::Good
        } else if gap <= 0.10 {
            Label::Inaccuracy
        } else {
            Label::Mistake
        }
    }
}

/// One option of a decision with its estimated chance to win.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct OptionValue {
    pub action: Action,
    /// The chance to win the match after this option, 0 to 1.
    pub chance: f64,
    pub playouts: u32,
}

/// A decision of the reviewed seat: the view it had, what it could do and
/// what it did.
#[derive(Clone, PartialEq, Debug)]
pub struct Decision {
    /// Index of the action in the match.
    pub ply: usize,
    pub view: PlayerView,
    pub legal: Vec<Action>,
    pub played: Action,
}

/// Every decision `seat` made in `played`: its turns with more than one
/// legal option, found by the one replayer.
///
/// # Errors
/// The setup is refused; actions the rules refuse end the list there.
pub fn decisions(played: &Played, seat: Seat) -> Result<Vec<Decision>, SetupError> {
    let mut replay = played.replay()?;
    let mut out = Vec::new();
    while let Some(&(who, action)) = played.actions.get(replay.taken()) {
        let m = replay.game();
        let decision = (who == seat).then(|| Decision {
            ply: replay.taken(),
            view: m.view(seat),
            legal: m.legal_actions(),
            played: action,
        });
        // An action the rules refuse is no decision, and ends the list.
        if !matches!(replay.next(), Some(Ok(_))) {
            break;
        }
        out.extend(decision.filter(|d| d.legal.len() > 1));
    }
    Ok(out)
}

/// Plays `m` to the end with Medium bots; `seat`'s share of the win.
fn playout(mut m: Match, seat: Seat, rng: &mut Rng) -> f64 {
    let mut bot = MediumBot;
    let mut legal = Vec::with_capacity(8);
    for _ in 0..PLAYOUT_CAP {
        let Some(turn) = m.to_act() else { break };
        m.legal_actions_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        let action = bot.choose(&m.view(turn.seat), &legal, rng);
        if m.apply(action).is_err() {
            break;
        }
    }
    match m.outcome() {
        Some(o) if o.winners.contains(&seat) => 1.0 / o.winners.len() as f64,
        _ => 0.0,
    }
}

/// The chance to win of `action` from `view`, over `playouts` deals drawn
/// from `seed` (the same deals for every option of a decision).
pub fn evaluate_option(view: &PlayerView, action: Action, playouts: u32, seed: u64) -> OptionValue {
    // Playout i uses the same hidden cards and future for every option.
    let (won, n) = evaluate_range(view, action, 0, playouts, seed);
    OptionValue {
        action,
        chance: if n == 0 { 0.0 } else { won / f64::from(n) },
        playouts: n,
    }
}

/// Playouts `from..to` of [`evaluate_option`]: the wins and the playouts
/// counted, so a page can spread a review over short tasks. Summing the
/// pieces of `0..n` gives exactly `evaluate_option(…, n, seed)`.
pub fn evaluate_range(
    view: &PlayerView,
    action: Action,
    from: u32,
    to: u32,
    seed: u64,
) -> (f64, u32) {
    let mut base_rng = Rng::new(seed);
    let Some(base) = view.determinize(&mut base_rng) else {
        return (0.0, 0);
    };
    let mut won = 0.0;
    let mut n = 0;
    for i in from..to {
        let mut rng = Rng::new(seed ^ u64::from(i).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut m = base.clone();
        m.redeal_unseen(view.seat, &mut rng);
        m.reseed(rng.next_u64());
        if m.apply_for(view.seat, action).is_err() {
            continue;
        }
        won += playout(m, view.seat, &mut rng);
        n += 1;
    }
    (won, n)
}

/// Every option of `decision` with its chance to win, best first.
pub fn evaluate(decision: &Decision, playouts: u32, seed: u64) -> Vec<OptionValue> {
    let mut values: Vec<OptionValue> = decision
        .legal
        .iter()
        .map(|&a| evaluate_option(&decision.view, a, playouts, seed))
        .collect();
    values.sort_by(|a, b| b.chance.total_cmp(&a.chance));
    values
}

/// The label of the option played, given the decision's evaluated options.
pub fn label_of_played(played: Action, values: &[OptionValue]) -> Option<Label> {
    let best = values
        .iter()
        .map(|v| v.chance)
        .fold(f64::NEG_INFINITY, f64::max);
    values
        .iter()
        .find(|v| v.action == played)
        .map(|v| Label::of(best, v.chance))
}

/// The seed a review uses for a decision: from the match's public facts
/// and the ply, so a review is the same every time it is run.
pub fn review_seed(ply: usize, view: &PlayerView) -> u64 {
    let mut h: u64 = 0x005E_ED0F_0E99 ^ (ply as u64).wrapping_mul(0x0100_0000_01b3);
    for &c in &view.discard_pile {
        h = (h ^ c.index() as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h ^ (view.total as u64) << 17
}
