//! A plausible beginner: it plays a number card whenever one fits and keeps
//! its defensive cards (0, Reverse, Play 2, Hold, −10) for when nothing else
//! is legal, but it does not count cards or look ahead.

use super::Bot;
use crate::rules::{Action, Card, PlayerView, Rng};

#[derive(Clone, Copy, Debug, Default)]
pub struct EasyBot;

/// Whether a beginner sees `action` as an ordinary, "safe to spend" play.
fn is_plain_number(action: Action) -> bool {
    matches!(action, Action::Play(Card::Number(n)) if n > 0)
}

impl Bot for EasyBot {
    fn choose(&mut self, _view: &PlayerView, legal: &[Action], rng: &mut Rng) -> Action {
        // Four 99 cards are worthless: discarding them is always welcome.
        if legal.contains(&Action::DiscardFourOno) {
            return Action::DiscardFourOno;
        }
        let numbers = legal.iter().filter(|&&a| is_plain_number(a)).count();
        if numbers > 0 {
            let pick = rng.below(numbers);
            if let Some(&a) = legal.iter().filter(|&&a| is_plain_number(a)).nth(pick) {
                return a;
            }
        }
        legal[rng.below(legal.len())]
    }
}
