//! A seat's view moved forward by events: what the table looked like after
//! some of an action's events. Used to hold the final table of a hand on
//! screen while the engine has already dealt the next one. Pure: no
//! browser, no Yew.

use crate::rules::{Card, Event, PlayerView};

/// Applies `event` to `view` as the viewer's seat would see it.
pub fn advance(view: &mut PlayerView, event: &Event) {
    let me = view.seat;
    match event {
        Event::Played { seat, card, total } => {
            view.total = *total;
            view.discard_pile.push(*card);
            if let Some(s) = view.seats.0.get_mut(seat.index()) {
                s.hand_len = s.hand_len.saturating_sub(1);
            }
            if *seat == me {
                remove_one(&mut view.hand, *card);
            }
        }
        Event::DiscardedFourOno { seat, total } => {
            view.total = *total;
            view.discard_pile.extend([Card::NinetyNine; 4]);
            if let Some(s) = view.seats.0.get_mut(seat.index()) {
                s.hand_len = s.hand_len.saturating_sub(4);
            }
            if *seat == me {
                for _ in 0..4 {
                    remove_one(&mut view.hand, Card::NinetyNine);
                }
            }
        }
        Event::Drew { seat, card } => {
            view.draw_pile_len = view.draw_pile_len.saturating_sub(1);
            if let Some(s) = view.seats.0.get_mut(seat.index()) {
                s.hand_len += 1;
            }
            if *seat == me {
                view.hand.push(*card);
            }
        }
        Event::Reshuffled { order } => {
            view.draw_pile_len = order.len();
            let top = view.discard_pile.last().copied();
            view.discard_pile = top.into_iter().collect();
        }
        Event::DirectionChanged { direction } => view.direction = *direction,
        Event::PlayerOut { seat, laid_down } => {
            if let Some(s) = view.seats.0.get_mut(seat.index()) {
                s.in_hand = false;
                s.hand_len = 0;
                s.laid_down = laid_down.clone();
            }
            if *seat == me {
                view.hand.clear();
            }
        }
        Event::LeftMatch { seat } => {
            if let Some(s) = view.seats.0.get_mut(seat.index()) {
                s.in_match = false;
            }
        }
        Event::HandStarted { .. }
        | Event::ObligationPlaced { .. }
        | Event::ObligationMoved { .. }
        | Event::HandOver { .. }
        | Event::MatchOver { .. } => {}
    }
    // A hand that has ended waits for nobody.
    if matches!(event, Event::PlayerOut { .. }) {
        view.to_act = None;
    }
}

fn remove_one(hand: &mut Vec<Card>, card: Card) {
    if let Some(i) = hand.iter().position(|&c| c == card) {
        hand.remove(i);
    }
}
