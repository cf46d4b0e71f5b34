//! Helpers shared by the rule tests: positions from readable card strings.
#![allow(dead_code)]

use ono99::rules::*;

/// A position: hands as card strings ("out" for a seat already out),
/// seat 0 to act, with `draw` on top of the draw pile (top card first).
pub fn position(rules: RuleSet, hands: &[&str], total: i32, draw: &str) -> Position {
    let mut p = Position::new(rules, hands, total).expect("valid hands");
    if !draw.is_empty() {
        let mut top = parse_cards(draw).expect("valid draw pile");
        // The rest of the deck goes below the named cards.
        let mut used = CardCounts::default();
        for h in p.hands.iter().flatten() {
            for &c in h {
                used.add(c);
            }
        }
        for &c in &top {
            used.add(c);
        }
        let mut rest = rules
            .edition
            .deck_counts()
            .minus(&used)
            .expect("cards exist")
            .to_vec();
        Rng::new(99).shuffle(&mut rest);
        top.extend(rest);
        p.draw_pile = Some(top);
    }
    p
}

pub fn start(p: Position) -> Match {
    Match::from_position(p).expect("valid position")
}

pub fn card(s: &str) -> Card {
    s.parse().expect("card code")
}

pub fn play(m: &mut Match, c: &str) -> Vec<Event> {
    let card = card(c);
    match m.apply(Action::Play(card)) {
        Ok(events) => events.to_vec(),
        Err(e) => panic!("playing {card} failed: {e}"),
    }
}

pub fn hand(m: &Match, seat: u8) -> String {
    cards_to_string(m.hand(Seat(seat)))
}

pub fn cards_to_string(cards: &[Card]) -> String {
    ono99::rules::card::cards_to_string(cards)
}

pub fn seat(m: &Match) -> u8 {
    m.to_act().expect("someone to act").seat.0
}

pub fn step(m: &Match) -> TurnStep {
    m.to_act().expect("someone to act").step
}

/// Applies `action`, expecting `error`, and checks nothing changed.
pub fn refused(m: &mut Match, action: Action, error: RuleError) {
    let before = m.clone();
    assert_eq!(m.apply(action).map(|e| e.to_vec()), Err(error));
    assert_eq!(*m, before, "a refused action changed the match");
}
