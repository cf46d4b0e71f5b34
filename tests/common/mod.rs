//! Helpers shared by the tests: positions from readable card strings, and
//! random rule sets.
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

/// Random rules: either edition, every format and option value, short
/// matches (1–2 tokens, a points limit of 40–119).
pub fn random_rules(rng: &mut Rng) -> RuleSet {
    let mut rules = if rng.below(2) == 0 {
        RuleSet::modern()
    } else {
        RuleSet::classic()
    };
    rules.format = [Format::Elimination, Format::Tokens, Format::Points][rng.below(3)];
    rules.negatives = [Negatives::Forbid, Negatives::Allow, Negatives::Floor][rng.below(3)];
    rules.ninety_nine = [
        NinetyNine::Dead,
        NinetyNine::DeadButTens,
        NinetyNine::Sets99,
    ][rng.below(3)];
    rules.lose_at = [LoseAt::Reach99, LoseAt::Exceed99][rng.below(2)];
    rules.four_ono_discard = rules.edition == Edition::Modern && rng.below(2) == 0;
    rules.tokens = 1 + rng.below(2) as u8;
    rules.points_limit = 40 + rng.below(80) as u32;
    rules.points_end = [PointsEnd::Knockout, PointsEnd::Lowest][rng.below(2)];
    rules
}
