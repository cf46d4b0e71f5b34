//! What one seat may know (docs/rules.md §7). A bot receives a [`PlayerView`] and
//! nothing else: it holds no other hand and no draw-pile order, so a bot
//! cannot peek even by mistake.

use super::card::{Card, CardCounts};
use super::game::{Action, Match, Outcome, ToAct, TurnStep};
use super::options::RuleSet;
use super::rng::Rng;
use super::seat::{Direction, PerSeat, Seat};
use serde::{Deserialize, Serialize};

/// The public facts about one seat.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PublicSeat {
    pub hand_len: usize,
    pub in_hand: bool,
    pub in_match: bool,
    /// Cards laid face up when the seat went out of this hand.
    pub laid_down: Vec<Card>,
    pub tokens: u8,
    pub score: u32,
}

/// Everything one seat may know about the match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub rules: RuleSet,
    pub hand: Vec<Card>,
    pub total: i32,
    pub direction: Direction,
    pub to_act: Option<ToAct>,
    pub ninety_nine_this_turn: bool,
    pub hand_number: u32,
    pub dealer: Seat,
    pub draw_pile_len: usize,
    /// The discard pile, bottom first (it is face up).
    pub discard_pile: Vec<Card>,
    pub seats: PerSeat<PublicSeat>,
    pub outcome: Option<Outcome>,
}

impl Match {
    /// What `seat` may know now.
    pub fn view(&self, seat: Seat) -> PlayerView {
        let parts = self.parts_for_view();
        let seats = PerSeat(
            self.seats()
                .map(|s| PublicSeat {
                    hand_len: parts.hands[s].len(),
                    in_hand: self.in_hand().contains(s),
                    in_match: self.in_match().contains(s),
                    laid_down: parts.laid_down[s].clone(),
                    tokens: self.tokens()[s],
                    score: self.scores()[s],
                })
                .collect(),
        );
        PlayerView {
            seat,
            rules: *self.rules(),
            hand: parts.hands[seat].to_vec(),
            total: self.total(),
            direction: self.direction(),
            to_act: self.to_act(),
            ninety_nine_this_turn: self.ninety_nine_this_turn(),
            hand_number: self.hand_number(),
            dealer: self.dealer(),
            draw_pile_len: self.draw_pile_len(),
            discard_pile: self.discard_pile().to_vec(),
            seats,
            outcome: self.outcome().cloned(),
        }
    }
}

impl PlayerView {
    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    /// Whether this seat is the one to act.
    pub fn my_turn(&self) -> bool {
        self.to_act.is_some_and(|t| t.seat == self.seat)
    }

    /// The cards this seat cannot see: every other hand plus the draw pile.
    pub fn unseen(&self) -> CardCounts {
        let mut seen = CardCounts::of(&self.hand);
        for &c in &self.discard_pile {
            seen.add(c);
        }
        for (_, p) in self.seats.iter() {
            for &c in &p.laid_down {
                seen.add(c);
            }
        }
        self.rules
            .edition
            .deck_counts()
            .minus(&seen)
            .unwrap_or_default()
    }

    /// Seats still in the hand, in turn order starting after `from`.
    pub fn next_in_hand(&self, from: Seat, direction: Direction) -> Seat {
        let n = self.seat_count();
        for k in 1..=n {
            let i = match direction {
                Direction::Clockwise => (from.index() + k) % n,
                Direction::Counterclockwise => (from.index() + n * k - k) % n,
            };
            if self.seats.0[i].in_hand {
                return Seat(i as u8);
            }
        }
        from
    }

    /// A full match consistent with this view: the unseen cards dealt at
    /// random to the other hands (keeping their sizes) and the draw pile.
    /// This is how search imagines the hidden state; it never sees the real one.
    pub fn determinize(&self, rng: &mut Rng) -> Option<Match> {
        let mut unseen = self.unseen().to_vec();
        rng.shuffle(&mut unseen);
        let to_act = self.to_act?;
        let mut position = super::game::Position {
            rules: self.rules,
            hands: Vec::with_capacity(self.seat_count()),
            total: self.total,
            to_act: to_act.seat,
            step: to_act.step,
            direction: self.direction,
            discard_pile: self.discard_pile.clone(),
            laid_down: self.seats.0.iter().map(|p| p.laid_down.clone()).collect(),
            draw_pile: None,
            seed: rng.next_u64(),
        };
        let mut it = unseen.into_iter();
        for (seat, p) in self.seats.iter() {
            if seat == self.seat {
                position.hands.push(Some(self.hand.clone()));
            } else if p.in_hand {
                position
                    .hands
                    .push(Some(it.by_ref().take(p.hand_len).collect()));
            } else {
                position.hands.push(None);
            }
        }
        position.draw_pile = Some(it.collect());
        let mut m = Match::from_position(position).ok()?;
        m.restore_public(self);
        m.set_logging(false);
        Some(m)
    }

    /// Whether `action` is among the actions this seat could take now.
    pub fn may(&self, legal: &[Action], action: Action) -> bool {
        self.my_turn() && legal.contains(&action)
    }

    /// Whether this seat owes two plays now.
    pub fn owes_two(&self) -> bool {
        self.my_turn() && self.to_act.is_some_and(|t| t.step != TurnStep::Single)
    }
}
