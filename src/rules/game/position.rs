//! Set-up positions ([`Position`], [`Match::from_position`]), previews of a
//! play ([`Preview`]), and what search needs: redealing unseen cards and
//! re-seeding the shuffles to come.

use super::{Action, Hand, Match, ToAct, TurnStep, MAX_HAND};
use crate::rules::card::{Card, CardCounts, CARD_KINDS};
use crate::rules::error::{RuleError, SetupError};
use crate::rules::options::{Format, RuleSet};
use crate::rules::rng::Rng;
use crate::rules::seat::{Direction, PerSeat, Seat, SeatSet, MAX_SEATS, MIN_SEATS};

impl Match {
    /// Every card of the edition's deck that is in the match right now, by
    /// place: used to check that nothing is created or lost.
    pub fn card_census(&self) -> CardCounts {
        let mut c = CardCounts::of(&self.draw_pile);
        for &card in &self.discard_pile {
            c.add(card);
        }
        for seat in self.seats() {
            for &card in self.hands[seat].iter().chain(self.laid_down[seat].iter()) {
                c.add(card);
            }
        }
        c
    }

    /// A match in a chosen position, for rule scenarios and determinized
    /// search. Every card of the deck not placed in a hand, the discard pile,
    /// the laid-down cards or the draw pile goes to the bottom of the draw
    /// pile, shuffled by `seed`, so that no card is lost.
    ///
    /// # Errors
    /// Bad seat count, or more copies of a card than the deck holds.
    pub fn from_position(position: Position) -> Result<Match, SetupError> {
        let Position {
            rules,
            hands,
            total,
            to_act,
            step,
            direction,
            discard_pile,
            laid_down,
            draw_pile,
            seed,
        } = position;
        let seats = hands.len();
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(SetupError::SeatCount(seats));
        }
        rules.validate()?;
        if to_act.index() >= seats {
            return Err(SetupError::Scenario(format!(
                "{to_act} is not at the table"
            )));
        }
        let mut rng = Rng::new(seed);
        let mut m = Match::blank(rules, seats, seed, rng.fork(), true);
        m.hand_number = 1;
        m.total = total;
        m.direction = direction;
        let mut used = CardCounts::default();
        for (i, hand) in hands.into_iter().enumerate() {
            let seat = Seat(i as u8);
            match hand {
                Some(cards) => {
                    if cards.len() > MAX_HAND {
                        return Err(SetupError::Scenario(format!(
                            "{seat} holds {} cards; a hand holds at most {MAX_HAND}",
                            cards.len()
                        )));
                    }
                    for &c in &cards {
                        used.add(c);
                        m.hands[seat].push(c);
                    }
                }
                None => {
                    m.in_hand.remove(seat);
                }
            }
        }
        for &c in &discard_pile {
            used.add(c);
        }
        m.discard_pile = discard_pile;
        if laid_down.len() > seats {
            return Err(SetupError::Scenario(format!(
                "laid-down cards for {} seats at a table of {seats}",
                laid_down.len()
            )));
        }
        for (i, cards) in laid_down.into_iter().enumerate() {
            for &c in &cards {
                used.add(c);
            }
            m.laid_down[Seat(i as u8)] = cards;
        }
        let rest = rules.edition.deck_counts();
        let mut left = match draw_pile {
            Some(cards) => {
                for &c in &cards {
                    used.add(c);
                }
                cards
            }
            None => Vec::new(),
        };
        let unused = rest.minus(&used).ok_or_else(|| {
            let card = Card::ALL
                .into_iter()
                .find(|&c| used.get(c) > rest.get(c))
                .unwrap_or(Card::NinetyNine);
            SetupError::TooManyCards { card }
        })?;
        let mut extra = unused.to_vec();
        rng.shuffle(&mut extra);
        left.extend(extra);
        left.reverse();
        m.draw_pile = left;
        if !m.in_hand.contains(to_act) {
            return Err(SetupError::Scenario(format!("{to_act} is not in the hand")));
        }
        m.current = to_act;
        m.step = step;
        m.in_match = SeatSet::first(seats);
        if rules.format == Format::Elimination {
            // Out of the one hand before the position: out of the match, first.
            let mut already_out = SeatSet::empty();
            for seat in m.seats().filter(|&s| !m.in_hand.contains(s)) {
                already_out.insert(seat);
            }
            m.depart_together(already_out);
        }
        m.resolve_stuck();
        Ok(m)
    }

    /// Copies the public match state of `view` (tokens, scores, who is in)
    /// onto a position built from it.
    pub(crate) fn restore_public(&mut self, view: &crate::rules::view::PlayerView) {
        for (seat, p) in view.seats.iter() {
            self.tokens[seat] = p.tokens;
            self.scores[seat] = p.score;
            if !p.in_match {
                self.in_match.remove(seat);
            }
        }
        self.hand_number = view.hand_number;
        self.dealer = view.dealer;
        self.ninety_nine_this_turn = view.ninety_nine_this_turn;
        self.refresh_legal();
    }

    pub(crate) fn parts_for_view(&self) -> ViewParts<'_> {
        ViewParts {
            hands: &self.hands,
            laid_down: &self.laid_down,
        }
    }

    /// The immediate result of `action`: the total after it and whose turn
    /// it then is, with what is expected of them (before anyone is found
    /// unable to play). Nothing here changes.
    ///
    /// # Errors
    /// The broken rule, as [`Match::check`].
    pub fn preview(&self, action: Action) -> Result<Preview, RuleError> {
        self.check(action)?;
        let mut copy = self.clone();
        copy.logging = false;
        copy.log = Vec::new();
        copy.previewing = true;
        copy.apply_unchecked(action);
        Ok(Preview {
            total: copy.total,
            next: copy.to_act(),
            playable: copy.playable_kinds(),
        })
    }

    /// Which kinds of card the player to act could play now, whatever their
    /// hand (the four-ONO discard aside).
    pub fn playable_kinds(&self) -> [bool; CARD_KINDS] {
        let mut out = [false; CARD_KINDS];
        if self.outcome.is_none() {
            for card in Card::ALL {
                out[card.index()] = self.check_card(card).is_ok();
            }
        }
        out
    }

    /// Deals again, at random, every card `observer` cannot see (the other
    /// players' hands, keeping their sizes, and the draw pile), and re-seeds
    /// the shuffles still to come. Everything `observer` knows stays as it
    /// is, so the result is another deal consistent with their view: search
    /// uses it on its own copy to draw a new determinization cheaply.
    pub fn redeal_unseen(&mut self, observer: Seat, rng: &mut Rng) {
        let mut pool = [Card::NinetyNine; 128];
        let mut n = 0;
        for seat in self.hands.seats() {
            if seat != observer {
                for &c in self.hands[seat].iter() {
                    pool[n] = c;
                    n += 1;
                }
            }
        }
        for &c in &self.draw_pile {
            if n < pool.len() {
                pool[n] = c;
                n += 1;
            }
        }
        let pool = &mut pool[..n];
        rng.shuffle(pool);
        let mut next = 0;
        for seat in self.hands.seats() {
            if seat != observer {
                let size = self.hands[seat].len();
                self.hands[seat].clear();
                for &c in &pool[next..next + size] {
                    self.hands[seat].push(c);
                }
                next += size;
            }
        }
        self.draw_pile.clear();
        self.draw_pile.extend_from_slice(&pool[next..]);
        self.rng = rng.fork();
        self.refresh_legal();
    }

    /// Re-seeds the shuffles still to come (search uses it so that a
    /// determinized future does not repeat the real one).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }
}

pub(crate) struct ViewParts<'a> {
    pub hands: &'a PerSeat<Hand>,
    pub laid_down: &'a PerSeat<Vec<Card>>,
}

/// What a play would lead to (see [`Match::preview`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Preview {
    pub total: i32,
    /// Who acts next and how; `None` if the play ends the match.
    pub next: Option<ToAct>,
    /// Which kinds of card that player could play, indexed by [`Card::index`].
    pub playable: [bool; CARD_KINDS],
}

/// A position to start from, for tests and search (see [`Match::from_position`]).
#[derive(Clone, Debug)]
pub struct Position {
    pub rules: RuleSet,
    /// Each seat's hand; `None` for a seat already out of the hand.
    pub hands: Vec<Option<Vec<Card>>>,
    pub total: i32,
    pub to_act: Seat,
    pub step: TurnStep,
    pub direction: Direction,
    pub discard_pile: Vec<Card>,
    /// Cards laid down by players already out, per seat (empty: none).
    pub laid_down: Vec<Vec<Card>>,
    /// Top card first; `None` fills it from the rest of the deck.
    pub draw_pile: Option<Vec<Card>>,
    pub seed: u64,
}

impl Position {
    /// Seat 0 to act, clockwise, a single play, an empty discard pile.
    pub fn new(rules: RuleSet, hands: &[&str], total: i32) -> Result<Position, SetupError> {
        let hands = hands
            .iter()
            .map(|h| {
                if h.trim() == "out" {
                    Ok(None)
                } else {
                    crate::rules::card::parse_cards(h)
                        .map(Some)
                        .map_err(|e| SetupError::Cards(e.to_string()))
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Position {
            rules,
            hands,
            total,
            to_act: Seat(0),
            step: TurnStep::Single,
            direction: Direction::Clockwise,
            discard_pile: Vec::new(),
            laid_down: Vec::new(),
            draw_pile: None,
            seed: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{Match, Rng, RuleSet};

    #[test]
    fn redealing_keeps_what_the_observer_knows() {
        let mut rng = Rng::new(3);
        for seed in 0..50 {
            let mut m = Match::new_unlogged(RuleSet::modern(), 2 + (seed as usize % 7), seed)
                .expect("valid");
            for _ in 0..(seed % 30) {
                let legal = m.legal_actions();
                if legal.is_empty() {
                    break;
                }
                m.apply(legal[rng.below(legal.len())]).expect("legal");
            }
            let Some(turn) = m.to_act() else { continue };
            let before = m.view(turn.seat);
            let mut copy = m.clone();
            copy.redeal_unseen(turn.seat, &mut rng);
            assert_eq!(copy.view(turn.seat), before);
            assert_eq!(copy.card_census(), m.card_census());
            assert_eq!(copy.legal_actions(), m.legal_actions());
        }
    }
}
