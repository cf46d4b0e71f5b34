//! The match: its state, who acts, what is legal, and the one transition
//! function [`Match::apply`].

use super::card::{Card, CardCounts, Edition, CARD_KINDS};
use super::error::{RuleError, SetupError};
use super::event::Event;
use super::options::{Format, LoseAt, Negatives, NinetyNine, PointsEnd, RuleSet};
use super::rng::Rng;
use super::seat::{Direction, PerSeat, Seat, SeatSet, MAX_SEATS, MIN_SEATS};
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

/// What a played card does to the flow of play, once its total is applied.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flow {
    Plain,
    Reverse,
    PlayTwo,
    Hold,
}

/// The most cards a hand can hold: four in play, more only in set-up positions.
pub const MAX_HAND: usize = 8;

/// A hand of cards, stored inline so that creating and copying a match
/// (every search iteration does) allocates nothing for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Hand {
    cards: [Card; MAX_HAND],
    /// `cards[i].index()`, kept so legality checks need no conversion.
    kinds: [u8; MAX_HAND],
    len: u8,
}

impl Hand {
    pub const fn new() -> Hand {
        Hand {
            cards: [Card::NinetyNine; MAX_HAND],
            kinds: [0; MAX_HAND],
            len: 0,
        }
    }

    /// Adds a card; a full hand (which play never makes) keeps what it has.
    #[inline]
    pub fn push(&mut self, card: Card) {
        if (self.len as usize) < MAX_HAND {
            self.cards[self.len as usize] = card;
            self.kinds[self.len as usize] = card.index() as u8;
            self.len += 1;
        }
    }

    /// Removes the first `card`, keeping the order of the rest.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        let len = self.len as usize;
        match self.cards[..len].iter().position(|&c| c == card) {
            Some(pos) => {
                self.cards.copy_within(pos + 1..len, pos);
                self.kinds.copy_within(pos + 1..len, pos);
                self.len -= 1;
                true
            }
            None => false,
        }
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for Hand {
    fn default() -> Hand {
        Hand::new()
    }
}

impl std::ops::Deref for Hand {
    type Target = [Card];
    #[inline]
    fn deref(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}

/// For each kind of card, the totals at which it is playable
/// (`lo <= total <= hi`), before the turn-dependent rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bounds {
    lo: [i32; CARD_KINDS],
    hi: [i32; CARD_KINDS],
}

impl Bounds {
    fn for_rules(rules: &RuleSet) -> Bounds {
        let limit = match rules.lose_at {
            LoseAt::Reach99 => 98,
            LoseAt::Exceed99 => 99,
        };
        let mut b = Bounds {
            lo: [i32::MIN; CARD_KINDS],
            hi: [i32::MAX; CARD_KINDS],
        };
        for n in 0..=10u8 {
            b.hi[Card::Number(n).index()] = limit - n as i32;
        }
        if rules.negatives == Negatives::Forbid {
            b.lo[Card::MinusTen.index()] = 10;
        }
        let never = |b: &mut Bounds, card: Card| {
            b.lo[card.index()] = i32::MAX;
            b.hi[card.index()] = i32::MIN;
        };
        match rules.ninety_nine {
            NinetyNine::Dead => never(&mut b, Card::NinetyNine),
            NinetyNine::Sets99 if limit < 99 => never(&mut b, Card::NinetyNine),
            NinetyNine::Sets99 | NinetyNine::DeadButTens => {}
        }
        b
    }
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
    /// Who went out of this hand, in order.
    out_order: [Seat; MAX_SEATS],
    out_count: u8,
    total: i32,
    direction: Direction,
    current: Seat,
    step: TurnStep,
    ninety_nine_this_turn: bool,
    /// The legal actions of the player to act, worked out once per state by
    /// [`Match::refresh_legal`] from [`Match::check_card`].
    legal: [Action; HAND_SIZE + 1],
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
            out_order: [Seat(0); MAX_SEATS],
            out_count: 0,
            total: 0,
            direction: Direction::Clockwise,
            current: Seat(0),
            step: TurnStep::Single,
            ninety_nine_this_turn: false,
            legal: [Action::DiscardFourOno; HAND_SIZE + 1],
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

    // ----- legality ----------------------------------------------------------

    /// The total after `card` is played at `total`, ignoring legality.
    #[inline]
    fn total_after(&self, card: Card) -> i32 {
        match card {
            Card::Number(n) => self.total + n as i32,
            Card::MinusTen => match self.rules.negatives {
                Negatives::Floor => (self.total - 10).max(0),
                Negatives::Forbid | Negatives::Allow => self.total - 10,
            },
            Card::NinetyNine if self.rules.ninety_nine == NinetyNine::Sets99 => 99,
            Card::Reverse | Card::PlayTwo | Card::Hold | Card::NinetyNine => self.total,
        }
    }

    #[inline]
    fn within_limit(&self, total: i32) -> bool {
        match self.rules.lose_at {
            LoseAt::Reach99 => total < 99,
            LoseAt::Exceed99 => total <= 99,
        }
    }

    /// Whether the current player may play `card`, assuming they hold it.
    /// This and [`Match::check`] are the only places legality is decided: a
    /// table of totals at which each kind is playable answers the common
    /// case, and [`Match::card_rule`] every other (a test checks they agree).
    #[inline]
    fn check_card(&self, card: Card) -> Result<(), RuleError> {
        if self.is_playable(card, card.index(), self.turn_dependent_kinds()) {
            Ok(())
        } else {
            self.card_rule(card)
        }
    }

    /// The kinds whose legality depends on the turn and not only on the
    /// total, as a bit mask by [`Card::index`].
    #[inline]
    fn turn_dependent_kinds(&self) -> u32 {
        let mut special = 0u32;
        if self.step == TurnStep::FirstOfTwo {
            special |= 1 << Card::PlayTwo.index();
        }
        if self.rules.ninety_nine == NinetyNine::DeadButTens {
            special |= 1 << Card::NinetyNine.index();
        }
        special
    }

    /// The legality decision itself; `kind` is `card.index()`, `special`
    /// is [`Match::turn_dependent_kinds`].
    #[inline]
    fn is_playable(&self, card: Card, kind: usize, special: u32) -> bool {
        if special & (1 << kind) == 0 {
            self.bounds.lo[kind] <= self.total && self.total <= self.bounds.hi[kind]
        } else {
            self.card_rule(card).is_ok()
        }
    }

    /// The rules for one card, spelled out: decides legality where the
    /// quick bounds of [`Match::check_card`] cannot, and names the broken rule.
    #[cold]
    fn card_rule(&self, card: Card) -> Result<(), RuleError> {
        match card {
            Card::Number(_) => self.check_limit(card),
            Card::MinusTen => {
                if self.rules.negatives == Negatives::Forbid && self.total - 10 < 0 {
                    Err(RuleError::BelowZero { total: self.total })
                } else {
                    Ok(())
                }
            }
            Card::Reverse | Card::Hold => Ok(()),
            Card::PlayTwo => {
                if self.rules.edition == Edition::Classic && self.step == TurnStep::FirstOfTwo {
                    Err(RuleError::CannotOpenWithDoublePlay)
                } else {
                    Ok(())
                }
            }
            Card::NinetyNine => match self.rules.ninety_nine {
                NinetyNine::Dead => Err(RuleError::NinetyNineDead),
                NinetyNine::DeadButTens => {
                    if self.total.rem_euclid(10) != 0 {
                        Err(RuleError::NinetyNineNotOnTen { total: self.total })
                    } else if self.ninety_nine_this_turn {
                        Err(RuleError::NinetyNineOncePerTurn)
                    } else {
                        Ok(())
                    }
                }
                NinetyNine::Sets99 => self.check_limit(card),
            },
        }
    }

    #[inline]
    fn check_limit(&self, card: Card) -> Result<(), RuleError> {
        let new_total = self.total_after(card);
        if self.within_limit(new_total) {
            Ok(())
        } else {
            Err(RuleError::TotalTooHigh {
                card,
                new_total,
                lose_at: self.rules.lose_at,
            })
        }
    }

    #[inline]
    fn holds_four_ono(&self) -> bool {
        let hand = &self.hands[self.current];
        hand.len() == HAND_SIZE && hand.iter().all(|&c| c == Card::NinetyNine)
    }

    /// Whether the player to act may take `action` now, and if not, why.
    ///
    /// # Errors
    /// The rule the action would break.
    #[inline]
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        if self.legal[..self.legal_len as usize].contains(&action) {
            return Ok(());
        }
        self.explain(action)
    }

    /// Why `action` is not among the legal actions.
    #[cold]
    fn explain(&self, action: Action) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::MatchOver);
        }
        match action {
            Action::DiscardFourOno => {
                if !self.rules.four_ono_discard {
                    Err(RuleError::FourOnoDiscardOff)
                } else if !self.holds_four_ono() {
                    Err(RuleError::NotFourOno)
                } else {
                    Ok(())
                }
            }
            Action::Play(card) => {
                if !self.hands[self.current].contains(&card) {
                    return Err(RuleError::CardNotInHand { card });
                }
                self.check_card(card)
            }
        }
    }

    /// Every legal action of the player to act, each once, in hand order.
    /// Empty only when the match is over.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(HAND_SIZE + 1);
        self.legal_actions_into(&mut out);
        out
    }

    /// [`Match::legal_actions`] into a reused buffer (cleared first).
    #[inline]
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        out.extend_from_slice(&self.legal[..self.legal_len as usize]);
    }

    /// Works out the legal actions of the player to act (none once the match
    /// is over). Every change of state ends here.
    fn refresh_legal(&mut self) {
        self.legal_len = 0;
        if self.outcome.is_some() {
            return;
        }
        let special = self.turn_dependent_kinds();
        let hand = &self.hands[self.current];
        let mut seen = 0u32;
        let mut len = 0;
        for i in 0..hand.len as usize {
            let kind = hand.kinds[i] as usize;
            if seen & (1 << kind) != 0 {
                continue;
            }
            seen |= 1 << kind;
            if self.is_playable(hand.cards[i], kind, special) {
                self.legal[len] = Action::Play(hand.cards[i]);
                len += 1;
            }
        }
        if self.rules.four_ono_discard && self.holds_four_ono() {
            self.legal[len] = Action::DiscardFourOno;
            len += 1;
        }
        self.legal_len = len as u8;
    }

    // ----- the transition ----------------------------------------------------

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
    fn emit(&mut self, event: impl FnOnce() -> Event) {
        if self.logging {
            self.log.push(event());
        }
    }

    /// Plays an action already known to be legal.
    fn apply_unchecked(&mut self, action: Action) {
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

    fn start_turn(&mut self, seat: Seat, step: TurnStep) {
        self.current = seat;
        self.step = step;
        self.ninety_nine_this_turn = false;
        self.resolve_stuck();
    }

    /// Puts out every player who must play and cannot, until someone can
    /// play or the hand ends.
    fn resolve_stuck(&mut self) {
        loop {
            self.refresh_legal();
            if self.outcome.is_some() || self.legal_len > 0 || self.previewing {
                return;
            }
            let seat = self.current;
            self.laid_down[seat].extend_from_slice(&self.hands[seat]);
            self.hands[seat].clear();
            self.in_hand.remove(seat);
            if (self.out_count as usize) < MAX_SEATS {
                self.out_order[self.out_count as usize] = seat;
                self.out_count += 1;
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
    fn next_in(&self, set: SeatSet, from: Seat, direction: Direction) -> Seat {
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

    fn draw(&mut self, seat: Seat, count: usize) {
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

    // ----- hands and the match -----------------------------------------------

    fn start_hand(&mut self, dealer: Seat, first: Seat) {
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
    fn end_tokens_hand(&mut self, loser: Seat) {
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
    fn end_played_out_hand(&mut self) {
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

    // ----- views and set-ups -------------------------------------------------

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
        m.resolve_stuck();
        Ok(m)
    }

    /// Copies the public match state of `view` (tokens, scores, who is in)
    /// onto a position built from it.
    pub(crate) fn restore_public(&mut self, view: &super::view::PlayerView) {
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
                    super::card::parse_cards(h)
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
    use super::*;
    use crate::rules::options::{Format, LoseAt, Negatives, NinetyNine};

    /// The quick bounds and the spelled-out rules agree everywhere.
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

    #[test]
    fn bounds_agree_with_the_rules_for_every_option_total_and_step() {
        for edition in [Edition::Modern, Edition::Classic] {
            for &negatives in Negatives::ALL {
                for &ninety_nine in NinetyNine::ALL {
                    for &lose_at in LoseAt::ALL {
                        let rules = RuleSet {
                            edition,
                            negatives,
                            ninety_nine,
                            lose_at,
                            format: Format::Elimination,
                            ..RuleSet::modern()
                        };
                        let mut m = Match::new_unlogged(rules, 2, 1).expect("valid");
                        for total in -60..=110 {
                            for step in [
                                TurnStep::Single,
                                TurnStep::FirstOfTwo,
                                TurnStep::SecondOfTwo,
                            ] {
                                for used in [false, true] {
                                    m.total = total;
                                    m.step = step;
                                    m.ninety_nine_this_turn = used;
                                    for card in Card::ALL {
                                        assert_eq!(
                                            m.check_card(card),
                                            m.card_rule(card),
                                            "{rules} total {total} {step:?} {card}"
                                        );
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
