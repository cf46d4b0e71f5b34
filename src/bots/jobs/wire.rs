//! The bytes of a job and of its answer, as they cross between the page
//! and its search worker. A hand-written layout rather than a serde format,
//! so the page's first download carries no serde code for its searches.
//!
//! Written with the game's one binary codec (`crate::codec`). Layout,
//! version 2 (integers little-endian, fixed width):
//!
//! - a message: the version byte, the id (u32), then a tag byte and its
//!   fields: [`Job::Decide`] 0, [`Job::Evaluate`] 1; [`Answer::Action`] 0,
//!   [`Answer::Evaluated`] 1, [`Answer::Refused`] 2;
//! - a card: its [`Card::index`]; an action: a card's index to play it, 16
//!   for [`Action::DiscardFourOno`]; a seat: its number; a bool: 0 or 1; an
//!   option: 0, or 1 and the value; a list: its length (u32), then each item;
//!   a text: a list of UTF-8 bytes; a direction, a turn's step or a bot's
//!   level: its place in the list of its values;
//! - a [`PlayerView`]: its fields in declaration order; its [`RuleSet`]
//!   packed as in codes and share links ([`codec::Writer::rules`]).
//!
//! Reading checks everything a real message satisfies (lengths within a
//! deck, seats within the table, values within their enums, the rule set's
//! ranges, nothing left over) and says what was wrong; it never panics.

use super::{Answer, Job, Request, Response};
use crate::bots::Level;
use crate::codec::{self, bad, CodecError};
use crate::rules::seat::{MAX_SEATS, MIN_SEATS};
use crate::rules::{
    Action, Card, Direction, Outcome, PerSeat, PlayerView, PublicSeat, RuleSet, Seat, ToAct,
    TurnStep,
};
use std::ops::{Deref, DerefMut};

/// The layout written; a message with another version is refused whole.
///
/// A page and its worker must speak the same version: a message either
/// side cannot read goes unanswered (the page drops an unreadable answer,
/// the worker answers an unreadable request to id 0). The worker's files
/// are named by their content and the page names the ones of its own
/// build, so the two always come from one build: the layout may change
/// freely, with a new version. Version 1 wrote the rule set a byte a field
/// (12 bytes); version 2 packs it as every other format does.
pub const VERSION: u8 = 2;
/// The longest message read: a real one is a few hundred bytes.
pub const MAX_MESSAGE: usize = 16 * 1024;
/// The longest list of cards or actions read (a deck holds at most 112).
const MAX_CARDS: usize = 256;
/// The longest refusal kept, in bytes.
const MAX_TEXT: usize = 200;
/// The action written for [`Action::DiscardFourOno`] (after the 16 cards).
const DISCARD_FOUR_ONO: u8 = 16;

const DIRECTIONS: [Direction; 2] = [Direction::Clockwise, Direction::Counterclockwise];
const STEPS: [TurnStep; 3] = [
    TurnStep::Single,
    TurnStep::FirstOfTwo,
    TurnStep::SecondOfTwo,
];

/// Why a message could not be read: the codec's own reasons
/// ([`CodecError::TooLong`] past [`MAX_MESSAGE`], [`CodecError::Version`]
/// for another layout).
pub type WireError = CodecError;

type Read<T> = Result<T, WireError>;

impl Request {
    /// The request as bytes for the worker.
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer::message(self.id);
        w.job(&self.job);
        w.0.into_bytes()
    }

    /// Reads a request written by [`Request::encode`].
    ///
    /// # Errors
    /// The first thing wrong with `bytes`.
    pub fn decode(bytes: &[u8]) -> Read<Request> {
        let mut r = Reader::message(bytes)?;
        let id = r.u32_le()?;
        let job = r.job()?;
        r.finish()?;
        Ok(Request { id, job })
    }
}

impl Response {
    /// The answer as bytes for the page.
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer::message(self.id);
        w.answer(&self.answer);
        w.0.into_bytes()
    }

    /// Reads a response written by [`Response::encode`].
    ///
    /// # Errors
    /// The first thing wrong with `bytes`.
    pub fn decode(bytes: &[u8]) -> Read<Response> {
        let mut r = Reader::message(bytes)?;
        let id = r.u32_le()?;
        let answer = r.answer()?;
        r.finish()?;
        Ok(Response { id, answer })
    }
}

/// Bytes being written in the layout [`Reader`] reads: the codec's
/// writer, with the pieces of a job.
struct Writer(codec::Writer);

impl Deref for Writer {
    type Target = codec::Writer;
    fn deref(&self) -> &codec::Writer {
        &self.0
    }
}

impl DerefMut for Writer {
    fn deref_mut(&mut self) -> &mut codec::Writer {
        &mut self.0
    }
}

impl Writer {
    fn message(id: u32) -> Writer {
        let mut w = Writer(codec::Writer::with_capacity(256));
        w.u8(VERSION);
        w.u32_le(id);
        w
    }

    /// A length or a count. Real ones are far below `u32::MAX`; one past a
    /// reader's cap is written as is and refused there.
    fn len(&mut self, n: usize) {
        self.u32_le(u32::try_from(n).unwrap_or(u32::MAX));
    }

    /// `v`'s place in `all` (every enum of the rules lists its values).
    fn choice<T: PartialEq>(&mut self, all: &[T], v: &T) {
        let i = all.iter().position(|x| x == v).unwrap_or(0);
        self.u8(i as u8);
    }

    fn card(&mut self, c: Card) {
        self.u8(c.index() as u8);
    }

    fn cards(&mut self, cards: &[Card]) {
        self.len(cards.len());
        for &c in cards {
            self.card(c);
        }
    }

    fn action(&mut self, a: Action) {
        match a {
            Action::Play(c) => self.card(c),
            Action::DiscardFourOno => self.u8(DISCARD_FOUR_ONO),
        }
    }

    fn seat(&mut self, s: Seat) {
        self.u8(s.0);
    }

    fn text(&mut self, s: &str) {
        let mut end = s.len().min(MAX_TEXT);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        self.len(end);
        self.bytes(&s.as_bytes()[..end]);
    }

    fn job(&mut self, job: &Job) {
        match job {
            Job::Decide {
                view,
                legal,
                level,
                millis,
                iterations,
                seed,
            } => {
                self.u8(0);
                self.view(view);
                self.len(legal.len());
                for &a in legal {
                    self.action(a);
                }
                self.choice(&Level::ALL, level);
                self.f64_le(*millis);
                self.u32_le(*iterations);
                self.u64_le(*seed);
            }
            Job::Evaluate {
                view,
                action,
                from,
                to,
                seed,
            } => {
                self.u8(1);
                self.view(view);
                self.action(*action);
                self.u32_le(*from);
                self.u32_le(*to);
                self.u64_le(*seed);
            }
        }
    }

    fn answer(&mut self, answer: &Answer) {
        match answer {
            Answer::Action(a) => {
                self.u8(0);
                self.action(*a);
            }
            Answer::Evaluated { won, counted } => {
                self.u8(1);
                self.f64_le(*won);
                self.u32_le(*counted);
            }
            Answer::Refused(why) => {
                self.u8(2);
                self.text(why);
            }
        }
    }

    fn view(&mut self, v: &PlayerView) {
        self.seat(v.seat);
        self.rules(&v.rules);
        self.cards(&v.hand);
        self.i32_le(v.total);
        self.choice(&DIRECTIONS, &v.direction);
        self.bool(v.to_act.is_some());
        if let Some(t) = v.to_act {
            self.seat(t.seat);
            self.choice(&STEPS, &t.step);
        }
        self.bool(v.ninety_nine_this_turn);
        self.u32_le(v.hand_number);
        self.seat(v.dealer);
        self.len(v.draw_pile_len);
        self.cards(&v.discard_pile);
        self.len(v.seats.len());
        for (_, p) in v.seats.iter() {
            self.public_seat(p);
        }
        self.bool(v.outcome.is_some());
        if let Some(o) = &v.outcome {
            self.len(o.winners.len());
            for &s in &o.winners {
                self.seat(s);
            }
        }
    }

    fn public_seat(&mut self, p: &PublicSeat) {
        self.len(p.hand_len);
        self.bool(p.in_hand);
        self.bool(p.in_match);
        self.cards(&p.laid_down);
        self.u8(p.tokens);
        self.u32_le(p.score);
    }
}

/// Reads the layout [`Writer`] writes: the codec's reader, with the
/// pieces of a job.
struct Reader<'a> {
    r: codec::Reader<'a>,
}

impl<'a> Deref for Reader<'a> {
    type Target = codec::Reader<'a>;
    fn deref(&self) -> &codec::Reader<'a> {
        &self.r
    }
}

impl DerefMut for Reader<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.r
    }
}

impl<'a> Reader<'a> {
    /// A reader past the version byte of `bytes`, if that is ours.
    fn message(bytes: &'a [u8]) -> Read<Reader<'a>> {
        if bytes.len() > MAX_MESSAGE {
            return Err(WireError::TooLong(bytes.len()));
        }
        let mut r = codec::Reader::new(bytes);
        match r.u8()? {
            VERSION => Ok(Reader { r }),
            other => Err(WireError::Version(other)),
        }
    }

    /// A length of at most `cap`, checked before anything is allocated.
    fn len(&mut self, what: &'static str, cap: usize) -> Read<usize> {
        let n = self.u32_le()?;
        match usize::try_from(n) {
            Ok(n) if n <= cap => Ok(n),
            _ => Err(bad(what, n)),
        }
    }

    /// The value at the place read in `all`.
    fn choice<T: Copy>(&mut self, what: &'static str, all: &[T]) -> Read<T> {
        let i = self.u8()?;
        all.get(usize::from(i)).copied().ok_or_else(|| bad(what, i))
    }

    fn card(&mut self) -> Read<Card> {
        self.choice("a card", &Card::ALL)
    }

    fn cards(&mut self, what: &'static str) -> Read<Vec<Card>> {
        let n = self.len(what, MAX_CARDS)?;
        (0..n).map(|_| self.card()).collect()
    }

    fn action(&mut self) -> Read<Action> {
        match self.u8()? {
            DISCARD_FOUR_ONO => Ok(Action::DiscardFourOno),
            i => Card::ALL
                .get(usize::from(i))
                .map(|&c| Action::Play(c))
                .ok_or_else(|| bad("an action", i)),
        }
    }

    /// A seat of a table of at most [`MAX_SEATS`] (the view checks its own
    /// table's size once read).
    fn seat(&mut self) -> Read<Seat> {
        match self.u8()? {
            s if usize::from(s) < MAX_SEATS => Ok(Seat(s)),
            s => Err(bad("a seat", s)),
        }
    }

    fn text(&mut self) -> Read<String> {
        let n = self.len("a refusal's length", MAX_TEXT)?;
        let bytes = self.take(n)?;
        Ok(String::from_utf8_lossy(bytes).into_owned())
    }

    fn job(&mut self) -> Read<Job> {
        match self.u8()? {
            0 => Ok(Job::Decide {
                view: self.view()?,
                legal: {
                    let n = self.len("the number of legal actions", MAX_CARDS)?;
                    (0..n).map(|_| self.action()).collect::<Read<_>>()?
                },
                level: self.choice("a level", &Level::ALL)?,
                millis: match self.f64_le()? {
                    ms if ms.is_finite() && ms >= 0.0 => ms,
                    _ => return Err(bad("a search's time", 0)),
                },
                iterations: self.u32_le()?,
                seed: self.u64_le()?,
            }),
            1 => Ok(Job::Evaluate {
                view: self.view()?,
                action: self.action()?,
                from: self.u32_le()?,
                to: self.u32_le()?,
                seed: self.u64_le()?,
            }),
            tag => Err(bad("a job", tag)),
        }
    }

    fn answer(&mut self) -> Read<Answer> {
        match self.u8()? {
            0 => Ok(Answer::Action(self.action()?)),
            1 => Ok(Answer::Evaluated {
                won: self.f64_le()?,
                counted: self.u32_le()?,
            }),
            2 => Ok(Answer::Refused(self.text()?)),
            tag => Err(bad("an answer", tag)),
        }
    }

    /// The packed rule set, within its ranges.
    fn checked_rules(&mut self) -> Read<RuleSet> {
        let rules = self.r.rules()?;
        match rules.validate() {
            Ok(()) => Ok(rules),
            Err(_) => Err(bad("the rules' tokens or points limit", 0)),
        }
    }

    fn view(&mut self) -> Read<PlayerView> {
        let view = PlayerView {
            seat: self.seat()?,
            rules: self.checked_rules()?,
            hand: self.cards("a hand's length")?,
            total: self.i32_le()?,
            direction: self.choice("a direction", &DIRECTIONS)?,
            to_act: match self.bool("whether someone acts")? {
                true => Some(ToAct {
                    seat: self.seat()?,
                    step: self.choice("a turn's step", &STEPS)?,
                }),
                false => None,
            },
            ninety_nine_this_turn: self.bool("ninety_nine_this_turn")?,
            hand_number: self.u32_le()?,
            dealer: self.seat()?,
            draw_pile_len: self.len("the draw pile's length", MAX_CARDS)?,
            discard_pile: self.cards("the discard pile's length")?,
            seats: {
                let n = self.len("the number of seats", MAX_SEATS)?;
                PerSeat((0..n).map(|_| self.public_seat()).collect::<Read<_>>()?)
            },
            outcome: match self.bool("whether the match ended")? {
                true => Some(Outcome {
                    winners: {
                        let n = self.len("the number of winners", MAX_SEATS)?;
                        (0..n).map(|_| self.seat()).collect::<Read<_>>()?
                    },
                }),
                false => None,
            },
        };
        check_table(&view)?;
        Ok(view)
    }

    fn public_seat(&mut self) -> Read<PublicSeat> {
        Ok(PublicSeat {
            hand_len: self.len("a hand's length", MAX_CARDS)?,
            in_hand: self.bool("in_hand")?,
            in_match: self.bool("in_match")?,
            laid_down: self.cards("a laid-down list's length")?,
            tokens: self.u8()?,
            score: self.u32_le()?,
        })
    }
}

/// Every seat a view names sits at its table, and the table is one the
/// game allows: searches index the seats by these without checking.
fn check_table(view: &PlayerView) -> Read<()> {
    let n = view.seats.len();
    if !(MIN_SEATS..=MAX_SEATS).contains(&n) {
        return Err(bad("the number of seats", n));
    }
    let named = [
        Some(view.seat),
        Some(view.dealer),
        view.to_act.map(|t| t.seat),
    ];
    let winners = view.outcome.iter().flat_map(|o| o.winners.iter().copied());
    match named
        .into_iter()
        .flatten()
        .chain(winners)
        .find(|s| s.index() >= n)
    {
        Some(s) => Err(bad("a seat", s.0)),
        None => Ok(()),
    }
}
