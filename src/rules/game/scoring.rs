//! Hands begin and end: dealing, the `tokens` and `points` formats, the
//! end of the match, and every seat's place.

use super::{Match, Outcome, TurnStep, HAND_SIZE, OUT_PENALTY};
use crate::rules::event::Event;
use crate::rules::options::{Format, PointsEnd};
use crate::rules::seat::{Direction, PerSeat, Seat, SeatSet};

impl Match {
    /// Every seat's place in the match, from 1: winners first, then players
    /// still in the match, then by tokens (more is better) or score (less is
    /// better), then whoever went out of the current hand later. Players
    /// who cannot be told apart share a place.
    pub fn places(&self) -> PerSeat<usize> {
        let winners = self
            .outcome
            .as_ref()
            .map(|o| o.winners.as_slice())
            .unwrap_or(&[]);
        let out = &self.out_order[..self.out_count as usize];
        let key = |s: Seat| {
            let standing = match self.rules.format {
                Format::Points => i64::from(self.scores[s]),
                Format::Elimination | Format::Tokens => -i64::from(self.tokens[s]),
            };
            // Still in the hand beats any player out; later out beats earlier.
            let went_out = out
                .iter()
                .position(|&o| o == s)
                .map_or(i64::MIN, |i| -(i as i64));
            (
                !winners.contains(&s),
                !self.in_match.contains(s),
                standing,
                went_out,
            )
        };
        PerSeat(
            self.seats()
                .map(|seat| 1 + self.seats().filter(|&o| key(o) < key(seat)).count())
                .collect(),
        )
    }

    pub(super) fn start_hand(&mut self, dealer: Seat, first: Seat) {
        self.hand_number += 1;
        self.dealer = dealer;
        // Shuffled in the draw pile's own buffer; its last card is the top.
        self.draw_pile.clear();
        self.draw_pile
            .extend_from_slice(self.rules.edition.deck_slice());
        self.rng.shuffle(&mut self.draw_pile);
        let hand = self.hand_number;
        if self.logging {
            let deck = self.draw_pile.iter().rev().copied().collect();
            self.log.push(Event::HandStarted {
                hand,
                dealer,
                first,
                deck,
            });
        }
        self.discard_pile.clear();
        for seat in self.hands.seats() {
            self.hands[seat].clear();
            self.laid_down[seat].clear();
        }
        self.in_hand = self.in_match;
        self.out_count = 0;
        self.total = 0;
        self.direction = Direction::Clockwise;
        // One card at a time, starting left of the dealer.
        for _ in 0..HAND_SIZE {
            let mut seat = first;
            for _ in 0..self.in_match.len() {
                if let Some(card) = self.draw_pile.pop() {
                    self.hands[seat].push(card);
                }
                seat = self.next_in(self.in_match, seat, Direction::Clockwise);
            }
        }
        self.start_turn(first, TurnStep::Single);
    }

    /// `tokens` format: the first player out loses a token (or leaves).
    pub(super) fn end_tokens_hand(&mut self, loser: Seat) {
        if self.tokens[loser] > 0 {
            self.tokens[loser] -= 1;
        } else {
            self.in_match.remove(loser);
        }
        let hand = self.hand_number;
        let tokens = self.tokens.0.clone();
        self.emit(|| Event::HandOver {
            hand,
            winner: None,
            loser: Some(loser),
            tokens: Some(tokens),
            scores: None,
        });
        if !self.in_match.contains(loser) {
            self.emit(|| Event::LeftMatch { seat: loser });
        }
        if self.in_match.len() <= 1 {
            let winners = self.in_match.iter().collect();
            self.finish(winners);
            return;
        }
        let first = if self.in_match.contains(loser) {
            loser
        } else {
            self.next_in(self.in_match, loser, Direction::Clockwise)
        };
        let dealer = self.next_in(self.in_match, first, Direction::Counterclockwise);
        self.start_hand(dealer, first);
    }

    /// `elimination` and `points`: the hand was played down to one player.
    pub(super) fn end_played_out_hand(&mut self) {
        let winner = self.in_hand.single();
        let hand = self.hand_number;
        match self.rules.format {
            Format::Elimination | Format::Tokens => {
                self.emit(|| Event::HandOver {
                    hand,
                    winner,
                    loser: None,
                    tokens: None,
                    scores: None,
                });
                self.finish(winner.into_iter().collect());
            }
            Format::Points => {
                for seat in self.in_match.iter() {
                    let cards: u32 = self.hands[seat].iter().map(|c| c.points()).sum();
                    let laid: u32 = self.laid_down[seat].iter().map(|c| c.points()).sum();
                    let penalty = if self.in_hand.contains(seat) {
                        0
                    } else {
                        OUT_PENALTY
                    };
                    self.scores[seat] += cards + laid + penalty;
                }
                let scores = self.scores.0.clone();
                self.emit(|| Event::HandOver {
                    hand,
                    winner,
                    loser: None,
                    tokens: None,
                    scores: Some(scores),
                });
                let limit = self.rules.points_limit;
                let reached: Vec<Seat> = self
                    .in_match
                    .iter()
                    .filter(|&s| self.scores[s] >= limit)
                    .collect();
                match self.rules.points_end {
                    PointsEnd::Lowest if !reached.is_empty() => {
                        let winners = self.lowest_scores(self.in_match);
                        self.finish(winners);
                        return;
                    }
                    PointsEnd::Lowest => {}
                    PointsEnd::Knockout => {
                        if reached.len() == self.in_match.len() {
                            let winners = self.lowest_scores(self.in_match);
                            self.finish(winners);
                            return;
                        }
                        for seat in reached {
                            self.in_match.remove(seat);
                            self.emit(|| Event::LeftMatch { seat });
                        }
                        if self.in_match.len() == 1 {
                            let winners = self.in_match.iter().collect();
                            self.finish(winners);
                            return;
                        }
                    }
                }
                let dealer = self.next_in(self.in_match, self.dealer, Direction::Clockwise);
                let first = self.next_in(self.in_match, dealer, Direction::Clockwise);
                self.start_hand(dealer, first);
            }
        }
    }

    fn lowest_scores(&self, among: SeatSet) -> Vec<Seat> {
        let best = among.iter().map(|s| self.scores[s]).min().unwrap_or(0);
        among.iter().filter(|&s| self.scores[s] == best).collect()
    }

    fn finish(&mut self, winners: Vec<Seat>) {
        if self.logging {
            self.log.push(Event::MatchOver {
                winners: winners.clone(),
            });
        }
        self.outcome = Some(Outcome { winners });
        self.legal_len = 0;
    }
}
