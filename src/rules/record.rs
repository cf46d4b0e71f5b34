//! Game records (docs/records.md): a match as its rule set, seats and seed,
//! plus every hand's deck and events. [`replay`] rebuilds a match from one.

use super::card::Card;
use super::error::SetupError;
use super::event::Event;
use super::game::{Action, Match};
use super::options::RuleSet;
use super::seat::Seat;
use serde::{Deserialize, Serialize};

/// The `format` field every record carries.
pub const RECORD_FORMAT: &str = "ono99-record";
/// The record version this code writes and reads.
pub const RECORD_VERSION: u32 = 1;

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub format: String,
    pub version: u32,
    pub rules: RuleSet,
    /// Who sat at each seat (free text: "random", "medium", "Ana"...).
    pub seats: Vec<String>,
    pub seed: u64,
    pub hands: Vec<HandRecord>,
    pub winners: Vec<Seat>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandRecord {
    pub hand: u32,
    pub dealer: Seat,
    pub first: Seat,
    /// The shuffled deck before the deal, top card first.
    pub deck: Vec<Card>,
    /// Every event of the hand, in order (no `hand_started`/`match_over`).
    pub events: Vec<Event>,
}

/// Why a record could not be read or does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("not a game record: {0}")]
    Malformed(String),
    #[error("record format '{found}' / version {version} is not '{RECORD_FORMAT}' version {RECORD_VERSION}")]
    Version { found: String, version: u32 },
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("the match is still in progress; only finished matches make records")]
    Unfinished,
    #[error("events were not recorded for this match")]
    NotLogged,
    #[error("hand {hand}, step {step}: {message}")]
    Mismatch {
        hand: u32,
        step: usize,
        message: String,
    },
}

impl GameRecord {
    /// The record of a finished match that was logging from the start.
    ///
    /// # Errors
    /// [`RecordError::Unfinished`] or [`RecordError::NotLogged`].
    pub fn from_match(m: &Match, seats: Vec<String>) -> Result<GameRecord, RecordError> {
        let outcome = m.outcome().ok_or(RecordError::Unfinished)?;
        if !m.is_logging() || m.log().is_empty() {
            return Err(RecordError::NotLogged);
        }
        let mut hands: Vec<HandRecord> = Vec::new();
        for event in m.log() {
            match event {
                Event::HandStarted {
                    hand,
                    dealer,
                    first,
                    deck,
                } => hands.push(HandRecord {
                    hand: *hand,
                    dealer: *dealer,
                    first: *first,
                    deck: deck.clone(),
                    events: Vec::new(),
                }),
                Event::MatchOver { .. } => {}
                other => match hands.last_mut() {
                    Some(h) => h.events.push(other.clone()),
                    None => return Err(RecordError::NotLogged),
                },
            }
        }
        Ok(GameRecord {
            format: RECORD_FORMAT.to_string(),
            version: RECORD_VERSION,
            rules: *m.rules(),
            seats,
            seed: m.seed(),
            hands,
            winners: outcome.winners.clone(),
        })
    }

    /// Reads a record from JSON, checking its format and version.
    ///
    /// # Errors
    /// Malformed JSON, a missing or unknown field, or another format/version.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| RecordError::Malformed(e.to_string()))?;
        let found = value.get("format").and_then(|v| v.as_str()).unwrap_or("");
        let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
        if found != RECORD_FORMAT || version != RECORD_VERSION as u64 {
            return Err(RecordError::Version {
                found: found.to_string(),
                version: version as u32,
            });
        }
        serde_json::from_value(value).map_err(|e| RecordError::Malformed(e.to_string()))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The events of the whole match in order, as the engine logs them.
    fn expected_events(&self) -> Vec<(u32, usize, Event)> {
        let mut out = Vec::new();
        for h in &self.hands {
            out.push((
                h.hand,
                0,
                Event::HandStarted {
                    hand: h.hand,
                    dealer: h.dealer,
                    first: h.first,
                    deck: h.deck.clone(),
                },
            ));
            for (i, e) in h.events.iter().enumerate() {
                out.push((h.hand, i + 1, e.clone()));
            }
        }
        let last = self.hands.last().map_or(0, |h| h.hand);
        let step = self.hands.last().map_or(0, |h| h.events.len() + 1);
        out.push((
            last,
            step,
            Event::MatchOver {
                winners: self.winners.clone(),
            },
        ));
        out
    }
}

/// Rebuilds the match a record describes, checking every step: the dealt
/// decks, each play's legality and resulting total, every draw, reshuffle,
/// player out and score. Step 0 of a hand is its deal; step N its Nth event.
///
/// # Errors
/// The first step that differs from what the rules produce, or is illegal.
pub fn replay(record: &GameRecord) -> Result<Match, RecordError> {
    let seats = record.seats.len();
    let mut m = Match::new(record.rules, seats, record.seed)?;
    let expected = record.expected_events();
    let mut next = 0usize; // index into expected
    let mut seen = 0usize; // index into the match's log
    loop {
        while seen < m.log().len() {
            let got = &m.log()[seen];
            let Some((hand, step, want)) = expected.get(next) else {
                let (hand, step) = expected.last().map_or((0, 0), |e| (e.0, e.1 + 1));
                return Err(RecordError::Mismatch {
                    hand,
                    step,
                    message: format!(
                        "the record ends, but the rules continue with {}",
                        describe(got)
                    ),
                });
            };
            if got != want {
                return Err(RecordError::Mismatch {
                    hand: *hand,
                    step: *step,
                    message: format!(
                        "the record has {}, the rules give {}",
                        describe(want),
                        describe(got)
                    ),
                });
            }
            seen += 1;
            next += 1;
        }
        if m.is_over() {
            break;
        }
        let Some((hand, step, want)) = expected.get(next) else {
            return Err(RecordError::Mismatch {
                hand: record.hands.last().map_or(0, |h| h.hand),
                step: 0,
                message: "the record ends before the match does".to_string(),
            });
        };
        let (seat, action) = match want {
            Event::Played { seat, card, .. } => (*seat, Action::Play(*card)),
            Event::DiscardedFourOno { seat, .. } => (*seat, Action::DiscardFourOno),
            other => {
                return Err(RecordError::Mismatch {
                    hand: *hand,
                    step: *step,
                    message: format!("the record has {}, but a play is due", describe(other)),
                })
            }
        };
        if let Err(e) = m.apply_for(seat, action) {
            return Err(RecordError::Mismatch {
                hand: *hand,
                step: *step,
                message: format!("illegal: seat {} cannot {action}: {e}", seat.0),
            });
        }
    }
    if next != expected.len() {
        let (hand, step, want) = &expected[next];
        return Err(RecordError::Mismatch {
            hand: *hand,
            step: *step,
            message: format!(
                "the match is over, but the record goes on with {}",
                describe(want)
            ),
        });
    }
    Ok(m)
}

/// A short human description of an event, for mismatch messages.
pub fn describe(e: &Event) -> String {
    match e {
        Event::HandStarted { hand, dealer, .. } => {
            format!("hand {hand} dealt by seat {} from its deck", dealer.0)
        }
        Event::Played { seat, card, total } => {
            format!("seat {} playing {card} (total {total})", seat.0)
        }
        Event::DiscardedFourOno { seat, .. } => format!("seat {} discarding four 99", seat.0),
        Event::Drew { seat, card } => format!("seat {} drawing {card}", seat.0),
        Event::Reshuffled { .. } => "a reshuffle".to_string(),
        Event::DirectionChanged { direction } => format!("direction {direction:?}"),
        Event::ObligationPlaced { seat, .. } => format!("seat {} owing two plays", seat.0),
        Event::ObligationMoved { to, .. } => format!("the obligation moving to seat {}", to.0),
        Event::PlayerOut { seat, .. } => format!("seat {} going out", seat.0),
        Event::HandOver { hand, .. } => format!("the end of hand {hand}"),
        Event::LeftMatch { seat } => format!("seat {} leaving the match", seat.0),
        Event::MatchOver { winners } => format!(
            "the match won by {}",
            winners
                .iter()
                .map(|s| format!("seat {}", s.0))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
    }
}
