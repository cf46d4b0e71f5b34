//! Uniform over the legal actions: the baseline for tests and the arena.

use super::Bot;
use crate::rules::{Action, PlayerView, Rng};

#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn choose(&mut self, _view: &PlayerView, legal: &[Action], rng: &mut Rng) -> Action {
        legal[rng.below(legal.len())]
    }
}
