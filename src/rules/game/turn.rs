//! The transition: [`Match::apply`] checks an action and plays it, then the
//! flow of play moves on (reversals, owed plays, players who cannot play),
//! drawing as it goes.

use super::{Action, Match, TurnStep, HAND_SIZE};
use crate::rules::card::{Card, Edition};
use crate::rules::error::RuleError;
use crate::rules::event::Event;
use crate::rules::options::{Format, NinetyNine};
use crate::rules::seat::{Direction, Seat, SeatSet};

/// What a played card does to the flow of play, once its total is applied.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flow {
    Plain,
    Reverse,
    PlayTwo,
    Hold,
}

impl Match {
    /// Takes `action` for the player to act. On success returns the events it
    /// caused (empty when logging is off); on error nothing has changed.
    ///
    /// # Errors
    /// The broken rule, as [`Match::check`].
    pub fn apply(&mut self, action: Action) -> Result<&[Event], RuleError> {
        self.check(action)?;
        let start = self.log.len();
        self.apply_unchecked(action);
        Ok(&self.log[start..])
    }

    /// As [`Match::apply`], but refuses unless it is `seat`'s turn.
    ///
    /// # Errors
    /// [`RuleError::NotYourTurn`], or the broken rule.
    pub fn apply_for(&mut self, seat: Seat, action: Action) -> Result<&[Event], RuleError> {
        match self.to_act() {
            None => Err(RuleError::MatchOver),
            Some(t) if t.seat != seat => Err(RuleError::NotYourTurn {
                seat,
                to_act: t.seat,
            }),
            Some(_) => self.apply(action),
        }
    }

    #[inline]
    pub(super) fn emit(&mut self, event: impl FnOnce() -> Event) {
        if self.logging {
            self.log.push(event());
        }
    }

    /// Plays an action already known to be legal.
    pub(super) fn apply_unchecked(&mut self, action: Action) {
        let seat = self.current;
        self.plays += 1;
        let flow = match action {
            Action::Play(card) => {
                self.hands[seat].remove(card);
                self.discard_pile.push(card);
                self.total = self.total_after(card);
                let total = self.total;
                self.emit(|| Event::Played { seat, card, total });
                self.draw(seat, 1);
                match card {
                    Card::Reverse => Flow::Reverse,
                    Card::PlayTwo => Flow::PlayTwo,
                    Card::Hold => Flow::Hold,
                    Card::NinetyNine => {
                        self.ninety_nine_this_turn = true;
                        if self.rules.ninety_nine == NinetyNine::DeadButTens {
                            Flow::Hold
                        } else {
                            Flow::Plain
                        }
                    }
                    Card::Number(_) | Card::MinusTen => Flow::Plain,
                }
            }
            Action::DiscardFourOno => {
                self.discard_pile.extend_from_slice(&self.hands[seat]);
                self.hands[seat].clear();
                let total = self.total;
                self.emit(|| Event::DiscardedFourOno { seat, total });
                self.draw(seat, HAND_SIZE);
                Flow::Plain
            }
        };
        self.after_play(seat, flow);
    }

    fn after_play(&mut self, seat: Seat, flow: Flow) {
        if self.step == TurnStep::FirstOfTwo {
            let deflects = match self.rules.edition {
                Edition::Modern => matches!(flow, Flow::Reverse | Flow::PlayTwo),
                Edition::Classic => matches!(flow, Flow::Reverse | Flow::Hold),
            };
            if deflects {
                if flow == Flow::Reverse {
                    self.reverse();
                }
                let to = self.next_in(self.in_hand, seat, self.direction);
                self.emit(|| Event::ObligationMoved { from: seat, to });
                self.start_turn(to, TurnStep::FirstOfTwo);
            } else {
                self.step = TurnStep::SecondOfTwo;
                self.resolve_stuck();
            }
            return;
        }
        if flow == Flow::Reverse {
            self.reverse();
        }
        let next = self.next_in(self.in_hand, seat, self.direction);
        if flow == Flow::PlayTwo {
            self.emit(|| Event::ObligationPlaced {
                seat: next,
                by: seat,
            });
            self.start_turn(next, TurnStep::FirstOfTwo);
        } else {
            self.start_turn(next, TurnStep::Single);
        }
    }

    fn reverse(&mut self) {
        self.direction = self.direction.flipped();
        let direction = self.direction;
        self.emit(|| Event::DirectionChanged { direction });
    }

    pub(super) fn start_turn(&mut self, seat: Seat, step: TurnStep) {
        self.current = seat;
        self.step = step;
        self.ninety_nine_this_turn = false;
        self.resolve_stuck();
    }

    /// Puts out every player who must play and cannot, until someone can
    /// play or the hand ends.
    pub(super) fn resolve_stuck(&mut self) {
        loop {
            self.refresh_legal();
            if self.outcome.is_some() || self.legal_len > 0 || self.previewing {
                return;
            }
            let seat = self.current;
            self.laid_down[seat].extend_from_slice(&self.hands[seat]);
            self.hands[seat].clear();
            self.in_hand.remove(seat);
            if self.rules.format == Format::Elimination {
                self.depart(seat);
            }
            if self.logging {
                let laid_down = self.laid_down[seat].clone();
                self.log.push(Event::PlayerOut { seat, laid_down });
            }
            if self.rules.format == Format::Tokens {
                self.end_tokens_hand(seat);
                return;
            }
            if self.in_hand.len() <= 1 {
                self.end_played_out_hand();
                return;
            }
            // The obligation, if any, ends with the player who went out.
            let next = self.next_in(self.in_hand, seat, self.direction);
            self.current = next;
            self.step = TurnStep::Single;
            self.ninety_nine_this_turn = false;
        }
    }

    /// The next seat of `set` after `from` in `direction` (`from` itself
    /// need not be in `set`). `set` must not be empty.
    pub(super) fn next_in(&self, set: SeatSet, from: Seat, direction: Direction) -> Seat {
        let n = self.seat_count();
        let mut i = from.index();
        for _ in 0..n {
            i = match direction {
                Direction::Clockwise if i + 1 == n => 0,
                Direction::Clockwise => i + 1,
                Direction::Counterclockwise if i == 0 => n - 1,
                Direction::Counterclockwise => i - 1,
            };
            let seat = Seat(i as u8);
            if set.contains(seat) {
                return seat;
            }
        }
        from
    }

    pub(super) fn draw(&mut self, seat: Seat, count: usize) {
        for _ in 0..count {
            if self.draw_pile.is_empty() {
                if self.discard_pile.is_empty() {
                    return;
                }
                // The emptied draw pile's buffer becomes the discard pile.
                std::mem::swap(&mut self.draw_pile, &mut self.discard_pile);
                self.rng.shuffle(&mut self.draw_pile);
                if self.logging {
                    let order = self.draw_pile.iter().rev().copied().collect();
                    self.log.push(Event::Reshuffled { order });
                }
            }
            if let Some(card) = self.draw_pile.pop() {
                self.hands[seat].push(card);
                self.emit(|| Event::Drew { seat, card });
            }
        }
    }
}
