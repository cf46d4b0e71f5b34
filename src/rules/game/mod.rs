//! The match: its state, who acts, and the types of its public interface.
//! The rest of [`Match`] is spread by concern over the submodules:
//!
//! - `hand`: the inline [`Hand`] storage type;
//! - `legality`: which actions are legal and why others are not;
//! - `turn`: the one transition function [`Match::apply`] and the flow of play;
//! - `scoring`: dealing and ending hands, tokens, points, places, the match's end;
//! - `position`: set-up positions, previews and redealing for search.

mod hand;
mod legality;
mod position;
mod scoring;
mod turn;

pub use hand::{Hand, MAX_HAND};
pub use legality::card_outcome;
pub use position::{Position, Preview};

use super::card::Card;
use super::error::SetupError;
use super::event::Event;
use super::options::RuleSet;
use super::rng::Rng;
use super::seat::{Direction, PerSeat, Seat, SeatSet, MAX_SEATS, MIN_SEATS};
use legality::Bounds;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Cards dealt to each player at the start of a hand.
pub const HAND_SIZE: usize = 4;
/// Points added for going out of a hand (`points` format).
pub const OUT_PENALTY: u32 = 25;

/// What a player can do on their turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Play one card from the hand.
    Play(Card),
    /// Discard four ONO 99 cards at once (modern, `four_ono_discard`).
    DiscardFourOno,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(card) => write!(f, "play {card}"),
            Action::DiscardFourOno => f.write_str("discard four 99"),
        }
    }
}

/// Which play of a turn is expected.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnStep {
    /// An ordinary one-play turn.
    Single,
    /// The first of two plays owed to a Play 2 (it may pass the obligation on).
    FirstOfTwo,
    /// The second of two plays.
    SecondOfTwo,
}

/// Who must act now, and what kind of play is expected.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ToAct {
    pub seat: Seat,
    pub step: TurnStep,
}

/// How a match ended.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Outcome {
    /// One winner, except in `points`/`lowest` (or a knockout that removes
    /// everyone at once) where tied lowest scores share the win.
    pub winners: Vec<Seat>,
}

/// A match of ONO 99: one or more hands under one rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    rules: RuleSet,
    bounds: Bounds,
    seed: u64,
    rng: Rng,
    logging: bool,
    log: Vec<Event>,
    // The match.
    in_match: SeatSet,
    tokens: PerSeat<u8>,
    scores: PerSeat<u32>,
    hand_number: u32,
    dealer: Seat,
    plays: u32,
    outcome: Option<Outcome>,
    // The hand.
    draw_pile: Vec<Card>, // top card last
    discard_pile: Vec<Card>,
    hands: PerSeat<Hand>,
    laid_down: PerSeat<Vec<Card>>,
    in_hand: SeatSet,
    /// When each seat left the match, by seat index: 0 while still in, else
    /// the number of the departure (1 for the first; seats that leave at
    /// once share it). In `elimination` going out of the hand is leaving.
    departed: [u8; MAX_SEATS],
    departures: u8,
    total: i32,
    direction: Direction,
    current: Seat,
    step: TurnStep,
    ninety_nine_this_turn: bool,
    /// The legal actions of the player to act, worked out once per state by
    /// [`Match::refresh_legal`] from [`Match::check_card`]. Room for every
    /// card of the largest hand a set-up position can hold, plus the discard.
    legal: [Action; legality::MAX_LEGAL],
    legal_len: u8,
    /// Set only on a preview copy: stop at the next player's turn without
    /// putting out a player who cannot play.
    previewing: bool,
}

impl Match {
    /// Deals the first hand of a new match. The dealer and every shuffle come
    /// from `seed`. Events are recorded (see [`Match::set_logging`]).
    ///
    /// # Errors
    /// A seat count outside 2–8 or an option out of range.
    pub fn new(rules: RuleSet, seats: usize, seed: u64) -> Result<Match, SetupError> {
        Match::create(rules, seats, seed, true)
    }

    /// As [`Match::new`], without recording events: for fast simulation.
    ///
    /// # Errors
    /// As [`Match::new`].
    pub fn new_unlogged(rules: RuleSet, seats: usize, seed: u64) -> Result<Match, SetupError> {
        Match::create(rules, seats, seed, false)
    }

    fn create(rules: RuleSet, seats: usize, seed: u64, logging: bool) -> Result<Match, SetupError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(SetupError::SeatCount(seats));
        }
        rules.validate()?;
        let mut rng = Rng::new(seed);
        let dealer = Seat(rng.below(seats) as u8);
        let mut m = Match::blank(rules, seats, seed, rng, logging);
        m.dealer = dealer;
        let first = m.next_in(m.in_match, dealer, Direction::Clockwise);
        m.start_hand(dealer, first);
        Ok(m)
    }

    fn blank(rules: RuleSet, seats: usize, seed: u64, rng: Rng, logging: bool) -> Match {
        Match {
            rules,
            bounds: Bounds::for_rules(&rules),
            seed,
            rng,
            logging,
            log: Vec::new(),
            in_match: SeatSet::first(seats),
            tokens: PerSeat::new(seats, rules.tokens),
            scores: PerSeat::new(seats, 0),
            hand_number: 0,
            dealer: Seat(0),
            plays: 0,
            outcome: None,
            draw_pile: Vec::with_capacity(rules.edition.deck_counts().total()),
            discard_pile: Vec::with_capacity(rules.edition.deck_counts().total()),
            hands: PerSeat::new(seats, Hand::new()),
            laid_down: PerSeat::new(seats, Vec::new()),
            in_hand: SeatSet::first(seats),
            departed: [0; MAX_SEATS],
            departures: 0,
            total: 0,
            direction: Direction::Clockwise,
            current: Seat(0),
            step: TurnStep::Single,
            ninety_nine_this_turn: false,
            legal: [Action::DiscardFourOno; legality::MAX_LEGAL],
            legal_len: 0,
            previewing: false,
        }
    }

    // ----- reading the match -------------------------------------------------

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn seat_count(&self) -> usize {
        self.hands.len()
    }
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        self.hands.seats()
    }
    pub fn total(&self) -> i32 {
        self.total
    }
    pub fn direction(&self) -> Direction {
        self.direction
    }
    pub fn hand_number(&self) -> u32 {
        self.hand_number
    }
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    /// Plays made in the whole match (cards and four-ONO discards).
    pub fn plays(&self) -> u32 {
        self.plays
    }
    /// Seats still in the match (they have not left for good).
    pub fn in_match(&self) -> SeatSet {
        self.in_match
    }
    /// Seats still in the current hand.
    pub fn in_hand(&self) -> SeatSet {
        self.in_hand
    }
    /// The order in which seats left the match: `Some(1)` for the first to
    /// leave, and so on; seats that left at once (a `points` knockout of
    /// several players in one hand) share a number; `None` while still in.
    /// In `elimination`, going out of the one hand is leaving the match.
    pub fn departures(&self) -> PerSeat<Option<u32>> {
        PerSeat(
            self.seats()
                .map(|s| match self.departed[s.index()] {
                    0 => None,
                    d => Some(u32::from(d)),
                })
                .collect(),
        )
    }
    pub fn tokens(&self) -> &PerSeat<u8> {
        &self.tokens
    }
    pub fn scores(&self) -> &PerSeat<u32> {
        &self.scores
    }
    /// A seat's hand. Only the seat itself, the referee and tests should look.
    pub fn hand(&self, seat: Seat) -> &[Card] {
        &self.hands[seat]
    }
    pub fn laid_down(&self, seat: Seat) -> &[Card] {
        &self.laid_down[seat]
    }
    pub fn draw_pile_len(&self) -> usize {
        self.draw_pile.len()
    }
    /// The draw pile, top card first. Hidden from every player.
    pub fn draw_pile_top_first(&self) -> Vec<Card> {
        self.draw_pile.iter().rev().copied().collect()
    }
    pub fn discard_pile(&self) -> &[Card] {
        &self.discard_pile
    }
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    /// Whether a 99 card was already played in this turn (`dead_but_tens`).
    pub fn ninety_nine_this_turn(&self) -> bool {
        self.ninety_nine_this_turn
    }
    /// Who must act now and what is expected; `None` once the match is over.
    pub fn to_act(&self) -> Option<ToAct> {
        (self.outcome.is_none()).then_some(ToAct {
            seat: self.current,
            step: self.step,
        })
    }
    /// Who owes two plays right now, if anyone.
    pub fn owes_two(&self) -> Option<Seat> {
        (self.outcome.is_none() && self.step != TurnStep::Single).then_some(self.current)
    }
    /// Every event so far (empty when logging is off).
    pub fn log(&self) -> &[Event] {
        &self.log
    }
    pub fn is_logging(&self) -> bool {
        self.logging
    }
    /// Turns event recording on or off (off for fast simulation and search).
    pub fn set_logging(&mut self, on: bool) {
        self.logging = on;
        if !on {
            self.log.clear();
        }
    }
}
