//! Hands begin and end: dealing, the `tokens` and `points` formats, the
//! end of the match, and every seat's place.

use super::{Match, Outcome, TurnStep, HAND_SIZE, OUT_PENALTY};
use crate::rules::event::Event;
use crate::rules::options::{Format, PointsEnd};
use crate::rules::seat::{Direction, PerSeat, Seat, SeatSet};

impl Match {
    /// Every seat's place in the match, from 1. Winners come first; then
    /// players still in the match, by tokens (more is better) or score (less
    /// is better); then those who left the match, the later the better (in
    /// `elimination`, going out of the hand is leaving the match), and among
    /// those who left at once (a `points` knockout), the lower score. Only
    /// players the rules cannot tell apart share a place: once a `tokens` or
    /// `elimination` match is over, the places are 1 to n.
    pub fn places(&self) -> PerSeat<usize> {
        let winners = self
            .outcome
            .as_ref()
            .map(|o| o.winners.as_slice())
            .unwrap_or(&[]);
        let key = |s: Seat| {
            // 0 while still in, which beats any departure; a later
            // departure (a higher number) beats an earlier one.
            let left = match self.departed[s.index()] {
                0 => 0,
                d => 256 - u16::from(d),
            };
            let standing = match self.rules.format {
                Format::Points => i64::from(self.scores[s]),
                Format::Tokens => -i64::from(self.tokens[s]),
                Format::Elimination => 0,
            };
            (!winners.contains(&s), left, standing)
        };
        PerSeat(
            self.seats()
                .map(|seat| 1 + self.seats().filter(|&o| key(o) < key(seat)).count())
                .collect(),
        )
    }

    /// Records that `seat` leaves the match now, alone.
    pub(super) fn depart(&mut self, seat: Seat) {
        let mut leaving = SeatSet::empty();
        leaving.insert(seat);
        self.depart_together(leaving);
    }

    /// Records that `seats` leave the match now, at once.
    pub(super) fn depart_together(&mut self, seats: SeatSet) {
        if seats.is_empty() {
            return;
        }
        self.departures = self.departures.saturating_add(1);
        for seat in seats.iter() {
            self.departed[seat.index()] = self.departures;
        }
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
            self.depart(loser);
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
                        let mut leaving = SeatSet::empty();
                        for seat in reached {
                            self.in_match.remove(seat);
                            leaving.insert(seat);
                            self.emit(|| Event::LeftMatch { seat });
                        }
                        self.depart_together(leaving);
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
