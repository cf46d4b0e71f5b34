//! What happened, as typed messages: the one place that reads a seat's
//! events for the player. Each [`Callout`] carries the data its sentence
//! needs (who, which card, the new total…), and each language only turns
//! it into words (`crate::i18n`'s `Translation::callout`). A new engine event
//! means one new variant here and one wording per language; no language
//! file matches on an event.

use crate::rules::{card_outcome, Card, Direction, RuleError, RuleSet, Seat, SeatEvent, TurnStep};

/// Who a sentence is about: the person reading it, or someone named.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Who {
    /// The person at this device ("you").
    You,
    /// Anyone else, by display name.
    Named(String),
}

impl Who {
    /// `seat` as seen by `me`: "you" for `me`, otherwise its name.
    pub fn of(seat: Seat, me: Option<Seat>, name: &dyn Fn(Seat) -> String) -> Who {
        if Some(seat) == me {
            Who::You
        } else {
            Who::Named(name(seat))
        }
    }

    pub fn is_you(&self) -> bool {
        matches!(self, Who::You)
    }
}

/// Why a player went out: at `total`, each card they held, with the total
/// it would have made or the rule it would have broken.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OutWhy {
    pub total: i32,
    pub cards: Vec<(Card, Result<i32, RuleError>)>,
}

/// One call-out: a line of the log and of the live region.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Callout {
    /// A hand is dealt; `first` plays first.
    HandDealt { hand: u32, first: Who },
    /// A card is played and makes `total`.
    Played { who: Who, card: Card, total: i32 },
    /// Four ONO 99 cards are thrown away; the total stays `total`.
    DiscardedFour { who: Who, total: i32 },
    /// The person drew `card` (other players' draws are private).
    YouDrew { card: Card },
    /// The discard pile became the new draw pile.
    Reshuffled,
    /// Play now goes the other way.
    DirectionChanged { direction: Direction },
    /// `who` owes two plays (a Play 2 placed on them or passed to them).
    OwesTwo { who: Who },
    /// `who` is out of the hand, and why when it is known: the total they
    /// faced and what each of their cards would have done.
    Out { who: Who, why: Option<OutWhy> },
    /// A tokens hand ended: `who` went out first and loses a token.
    HandLost { hand: u32, who: Who },
    /// A hand played to the end: `who` was the last one in.
    HandLastIn { hand: u32, who: Who },
    /// A hand ended with nobody named.
    HandOver { hand: u32 },
    /// `who` leaves the match.
    LeftMatch { who: Who },
    /// The match is over; `winners` share it (none: nobody won).
    MatchOver { winners: Vec<Who> },
}

impl Callout {
    /// The call-out for `event` as `me` sees it (`None`: nobody at this
    /// device is "you"), or `None` for events nobody announces (other
    /// players' draws are private).
    pub fn from_event(
        event: &SeatEvent,
        me: Option<Seat>,
        name: &dyn Fn(Seat) -> String,
    ) -> Option<Callout> {
        let who = |seat: Seat| Who::of(seat, me, name);
        Some(match event {
            SeatEvent::HandStarted { hand, first, .. } => Callout::HandDealt {
                hand: *hand,
                first: who(*first),
            },
            SeatEvent::Played { seat, card, total } => Callout::Played {
                who: who(*seat),
                card: *card,
                total: *total,
            },
            SeatEvent::DiscardedFourOno { seat, total } => Callout::DiscardedFour {
                who: who(*seat),
                total: *total,
            },
            SeatEvent::YouDrew { card } if me.is_some() => Callout::YouDrew { card: *card },
            SeatEvent::YouDrew { .. } | SeatEvent::Drew { .. } => return None,
            SeatEvent::Reshuffled { .. } => Callout::Reshuffled,
            SeatEvent::DirectionChanged { direction } => Callout::DirectionChanged {
                direction: *direction,
            },
            SeatEvent::ObligationPlaced { seat, .. }
            | SeatEvent::ObligationMoved { to: seat, .. } => Callout::OwesTwo { who: who(*seat) },
            SeatEvent::PlayerOut { seat, .. } => Callout::Out {
                who: who(*seat),
                why: None,
            },
            SeatEvent::HandOver {
                hand,
                winner,
                loser,
                ..
            } => match (winner, loser) {
                (_, Some(l)) => Callout::HandLost {
                    hand: *hand,
                    who: who(*l),
                },
                (Some(w), None) => Callout::HandLastIn {
                    hand: *hand,
                    who: who(*w),
                },
                (None, None) => Callout::HandOver { hand: *hand },
            },
            SeatEvent::LeftMatch { seat } => Callout::LeftMatch { who: who(*seat) },
            SeatEvent::MatchOver { winners } => Callout::MatchOver {
                winners: winners.iter().map(|&s| who(s)).collect(),
            },
        })
    }

    /// Whether the line is about the person's own seat (the log marks it).
    pub fn is_about_you(&self) -> bool {
        match self {
            Callout::Played { who, .. }
            | Callout::DiscardedFour { who, .. }
            | Callout::Out { who, .. } => who.is_you(),
            Callout::YouDrew { .. } => true,
            _ => false,
        }
    }

    /// Whether the line starts a new hand (the log draws a divider).
    pub fn starts_hand(&self) -> bool {
        matches!(self, Callout::HandDealt { .. })
    }
}

/// Derives call-outs from a run of events, keeping the total as it goes, so
/// that going out can say why with the arithmetic ("at 97, 8 → 105").
pub struct Narrator<'a> {
    rules: RuleSet,
    me: Option<Seat>,
    name: &'a dyn Fn(Seat) -> String,
    total: i32,
}

impl<'a> Narrator<'a> {
    /// A narrator starting at `total` (the total before the first event).
    pub fn new(
        rules: RuleSet,
        total: i32,
        me: Option<Seat>,
        name: &'a dyn Fn(Seat) -> String,
    ) -> Self {
        Narrator {
            rules,
            me,
            name,
            total,
        }
    }

    /// The call-out for the next event, if it has one.
    pub fn next(&mut self, event: &SeatEvent) -> Option<Callout> {
        match event {
            SeatEvent::HandStarted { .. } => self.total = 0,
            SeatEvent::Played { total, .. } | SeatEvent::DiscardedFourOno { total, .. } => {
                self.total = *total
            }
            SeatEvent::PlayerOut { seat, laid_down } => {
                // A player is out at the start of a turn: a single play,
                // the one 99 card a turn not used yet.
                let mut cards: Vec<(Card, Result<i32, RuleError>)> = Vec::new();
                for &card in laid_down {
                    if cards.iter().any(|(c, _)| *c == card) {
                        continue;
                    }
                    let outcome =
                        card_outcome(&self.rules, self.total, card, TurnStep::Single, false);
                    // In card order (each card once): inserted in place,
                    // no slice sort in the first download for four cards.
                    let at = cards
                        .iter()
                        .position(|(c, _)| *c > card)
                        .unwrap_or(cards.len());
                    cards.insert(at, (card, outcome));
                }
                return Some(Callout::Out {
                    who: Who::of(*seat, self.me, self.name),
                    why: Some(OutWhy {
                        total: self.total,
                        cards,
                    }),
                });
            }
            _ => {}
        }
        Callout::from_event(event, self.me, self.name)
    }
}
