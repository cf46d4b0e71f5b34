//! An engine event as one seat may know it (docs/rules.md §7), how the
//! engine's events become that ([`redact`]), and how a seat's view moves
//! on by them ([`PlayerView::apply`]). One definition for everyone who
//! follows a match from one seat: the table the page shows, a friend's
//! mirror of an online table, the online protocol's updates.

use super::{Card, Direction, Event, Outcome, PlayerView, Seat, SeatSet, HAND_SIZE};
use serde::{Deserialize, Serialize};

/// An engine event as one seat may know it (docs/rules.md §7). Other seats'
/// draws lose their card, a new hand's deck becomes this seat's own dealt
/// cards and the draw pile's size, a reshuffle its size only: this type has
/// no place for another hand or the draw order.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatEvent {
    HandStarted {
        hand: u32,
        dealer: Seat,
        first: Seat,
        /// The cards dealt to this seat, in the order they were dealt.
        dealt: Vec<Card>,
        draw_pile_len: usize,
    },
    Played {
        seat: Seat,
        card: Card,
        total: i32,
    },
    DiscardedFourOno {
        seat: Seat,
        total: i32,
    },
    /// This seat drew `card`.
    YouDrew {
        card: Card,
    },
    /// Another seat drew a card (face down).
    Drew {
        seat: Seat,
    },
    Reshuffled {
        draw_pile_len: usize,
    },
    DirectionChanged {
        direction: Direction,
    },
    ObligationPlaced {
        seat: Seat,
        by: Seat,
    },
    ObligationMoved {
        from: Seat,
        to: Seat,
    },
    PlayerOut {
        seat: Seat,
        laid_down: Vec<Card>,
    },
    HandOver {
        hand: u32,
        winner: Option<Seat>,
        loser: Option<Seat>,
        tokens: Option<Vec<u8>>,
        scores: Option<Vec<u32>>,
    },
    LeftMatch {
        seat: Seat,
    },
    MatchOver {
        winners: Vec<Seat>,
    },
}

/// `events` (in order) as `seat` may know them. `in_match` is the set of
/// seats in the match before the first event: a new hand is dealt to them,
/// one card at a time clockwise from its first player.
pub fn redact(
    events: &[Event],
    seat: Seat,
    seat_count: usize,
    in_match: SeatSet,
) -> Vec<SeatEvent> {
    let mut in_match = in_match;
    events
        .iter()
        .map(|event| match event {
            Event::HandStarted {
                hand,
                dealer,
                first,
                deck,
            } => {
                let order = deal_order(*first, seat_count, in_match);
                let dealt = match order.iter().position(|&s| s == seat) {
                    Some(k) => (0..HAND_SIZE)
                        .filter_map(|round| deck.get(k + round * order.len()).copied())
                        .collect(),
                    None => Vec::new(),
                };
                SeatEvent::HandStarted {
                    hand: *hand,
                    dealer: *dealer,
                    first: *first,
                    dealt,
                    draw_pile_len: deck.len().saturating_sub(HAND_SIZE * order.len()),
                }
            }
            Event::Played { seat, card, total } => SeatEvent::Played {
                seat: *seat,
                card: *card,
                total: *total,
            },
            Event::DiscardedFourOno { seat, total } => SeatEvent::DiscardedFourOno {
                seat: *seat,
                total: *total,
            },
            Event::Drew { seat: drawer, card } if *drawer == seat => {
                SeatEvent::YouDrew { card: *card }
            }
            Event::Drew { seat: drawer, .. } => SeatEvent::Drew { seat: *drawer },
            Event::Reshuffled { order } => SeatEvent::Reshuffled {
                draw_pile_len: order.len(),
            },
            Event::DirectionChanged { direction } => SeatEvent::DirectionChanged {
                direction: *direction,
            },
            Event::ObligationPlaced { seat, by } => SeatEvent::ObligationPlaced {
                seat: *seat,
                by: *by,
            },
            Event::ObligationMoved { from, to } => SeatEvent::ObligationMoved {
                from: *from,
                to: *to,
            },
            Event::PlayerOut { seat, laid_down } => SeatEvent::PlayerOut {
                seat: *seat,
                laid_down: laid_down.clone(),
            },
            Event::HandOver {
                hand,
                winner,
                loser,
                tokens,
                scores,
            } => SeatEvent::HandOver {
                hand: *hand,
                winner: *winner,
                loser: *loser,
                tokens: tokens.clone(),
                scores: scores.clone(),
            },
            Event::LeftMatch { seat } => {
                in_match.remove(*seat);
                SeatEvent::LeftMatch { seat: *seat }
            }
            Event::MatchOver { winners } => SeatEvent::MatchOver {
                winners: winners.clone(),
            },
        })
        .collect()
}

/// The seats of `in_match` clockwise from `first`: the order of the deal.
fn deal_order(first: Seat, seat_count: usize, in_match: SeatSet) -> Vec<Seat> {
    (0..seat_count)
        .map(|k| Seat(((first.index() + k) % seat_count.max(1)) as u8))
        .filter(|&s| in_match.contains(s))
        .collect()
}

impl PlayerView {
    /// Moves this view on by one event as this seat knows it; `None`, and
    /// the view left as it was, if the event does not fit it.
    pub fn apply(&mut self, event: &SeatEvent) -> Option<()> {
        fits(self, event)?;
        write_event(self, event);
        Some(())
    }
}

/// Whether `event` fits `view`: a seat at the table, a card the seat holds,
/// a hand and a draw pile that can give a card, one figure per seat...
/// `None` if not. [`write_event`] relies on it.
fn fits(view: &PlayerView, event: &SeatEvent) -> Option<()> {
    let me = view.seat;
    match event {
        SeatEvent::HandStarted { dealer, .. } => check_seat(view, *dealer),
        SeatEvent::Played { seat, card, .. } => {
            if *seat == me && !view.hand.contains(card) {
                return None;
            }
            let p = view.seats.0.get(seat.index())?;
            p.hand_len.checked_sub(1).map(|_| ())
        }
        SeatEvent::DiscardedFourOno { seat, total } => {
            let p = view.seats.0.get(seat.index())?;
            // Four ONO 99 cards and nothing else (docs/rules.md §3); the
            // total stays.
            let allowed = view.rules.four_ono_discard
                && p.hand_len == HAND_SIZE
                && *total == view.total
                && (*seat != me || view.hand.iter().all(|&c| c == Card::NinetyNine));
            allowed.then_some(())
        }
        SeatEvent::YouDrew { .. } => can_draw(view, me),
        SeatEvent::Drew { seat } => {
            if *seat == me {
                return None;
            }
            can_draw(view, *seat)
        }
        SeatEvent::Reshuffled { .. } | SeatEvent::DirectionChanged { .. } => Some(()),
        SeatEvent::ObligationPlaced { seat, by } => {
            check_seat(view, *seat)?;
            check_seat(view, *by)
        }
        SeatEvent::ObligationMoved { from, to } => {
            check_seat(view, *from)?;
            check_seat(view, *to)
        }
        SeatEvent::PlayerOut { seat, .. } | SeatEvent::LeftMatch { seat } => {
            check_seat(view, *seat)
        }
        SeatEvent::HandOver { tokens, scores, .. } => {
            let seats = view.seats.len();
            let fit = tokens.as_ref().is_none_or(|t| t.len() == seats)
                && scores.as_ref().is_none_or(|s| s.len() == seats);
            fit.then_some(())
        }
        SeatEvent::MatchOver { winners } => winners.iter().try_for_each(|&w| check_seat(view, w)),
    }
}

/// Moves `view` on by `event`, which [`fits`] it.
fn write_event(view: &mut PlayerView, event: &SeatEvent) {
    let me = view.seat;
    match event {
        SeatEvent::HandStarted {
            hand,
            dealer,
            dealt,
            draw_pile_len,
            ..
        } => {
            view.hand_number = *hand;
            view.dealer = *dealer;
            view.discard_pile.clear();
            for (seat, p) in view.seats.0.iter_mut().enumerate() {
                p.laid_down.clear();
                p.in_hand = p.in_match;
                p.hand_len = if seat == me.index() {
                    dealt.len()
                } else if p.in_match {
                    HAND_SIZE
                } else {
                    0
                };
            }
            view.hand = dealt.clone();
            view.total = 0;
            view.direction = Direction::Clockwise;
            view.draw_pile_len = *draw_pile_len;
        }
        SeatEvent::Played { seat, card, total } => {
            if *seat == me {
                if let Some(at) = view.hand.iter().position(|c| c == card) {
                    view.hand.remove(at);
                }
            }
            if let Some(p) = view.seats.0.get_mut(seat.index()) {
                p.hand_len = p.hand_len.saturating_sub(1);
            }
            view.discard_pile.push(*card);
            view.total = *total;
        }
        SeatEvent::DiscardedFourOno { seat, total } => {
            if let Some(p) = view.seats.0.get_mut(seat.index()) {
                p.hand_len = 0;
            }
            if *seat == me {
                view.hand.clear();
            }
            view.discard_pile
                .extend(std::iter::repeat_n(Card::NinetyNine, HAND_SIZE));
            view.total = *total;
        }
        SeatEvent::YouDrew { card } => {
            view.hand.push(*card);
            draw_one(view, me);
        }
        SeatEvent::Drew { seat } => draw_one(view, *seat),
        SeatEvent::Reshuffled { draw_pile_len } => {
            view.draw_pile_len = *draw_pile_len;
            view.discard_pile.clear();
        }
        SeatEvent::DirectionChanged { direction } => view.direction = *direction,
        SeatEvent::ObligationPlaced { .. } | SeatEvent::ObligationMoved { .. } => {}
        SeatEvent::PlayerOut { seat, laid_down } => {
            if let Some(p) = view.seats.0.get_mut(seat.index()) {
                p.laid_down = laid_down.clone();
                p.hand_len = 0;
                p.in_hand = false;
            }
            if *seat == me {
                view.hand.clear();
            }
        }
        SeatEvent::HandOver { tokens, scores, .. } => {
            if let Some(tokens) = tokens {
                for (p, &t) in view.seats.0.iter_mut().zip(tokens) {
                    p.tokens = t;
                }
            }
            if let Some(scores) = scores {
                for (p, &s) in view.seats.0.iter_mut().zip(scores) {
                    p.score = s;
                }
            }
        }
        SeatEvent::LeftMatch { seat } => {
            if let Some(p) = view.seats.0.get_mut(seat.index()) {
                p.in_match = false;
            }
        }
        SeatEvent::MatchOver { winners } => {
            view.outcome = Some(Outcome {
                winners: winners.clone(),
            });
        }
    }
}

fn check_seat(view: &PlayerView, seat: Seat) -> Option<()> {
    (seat.index() < view.seats.len()).then_some(())
}

/// Whether `seat` may draw a card: a hand not full, a draw pile not empty.
fn can_draw(view: &PlayerView, seat: Seat) -> Option<()> {
    let p = view.seats.0.get(seat.index())?;
    let room = p.hand_len < HAND_SIZE && view.draw_pile_len > 0;
    room.then_some(())
}

/// `seat` draws a card (one that [`can_draw`]).
fn draw_one(view: &mut PlayerView, seat: Seat) {
    if let Some(p) = view.seats.0.get_mut(seat.index()) {
        p.hand_len = p.hand_len.saturating_add(1);
    }
    view.draw_pile_len = view.draw_pile_len.saturating_sub(1);
}
