//! Game records (docs/records.md): a match as its rule set, seats and seed,
//! plus every hand's deck and events. [`replay`] rebuilds a match from one,
//! checking each step, through the match's replayer (`replayer.rs`); a
//! [`Played`] match converts to and from a record here, and gives the
//! match after any number of its actions ([`Played::at`]).

use super::card::Card;
use super::error::{RuleError, SetupError};
use super::event::Event;
use super::game::{Action, Match};
use super::options::RuleSet;
use super::played::{clean_name, Played};
use super::replayer::DoesNotReplay;
use super::seat::Seat;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use std::collections::BTreeMap;

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
    /// `found` is the `format` value as the file wrote it.
    #[error("not a game record: its format is {found}, not \"{RECORD_FORMAT}\"")]
    Format { found: String },
    /// `found` is the `version` value as the file wrote it, never rounded.
    #[error("record version {found} is not supported (only version {RECORD_VERSION} is)")]
    Version { found: String },
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("the match is still in progress; only finished matches make records")]
    Unfinished,
    #[error("events were not recorded for this match")]
    NotLogged,
    /// Action `index` (0-based) of a match as played is refused.
    #[error("action {index} does not replay: {error}")]
    Refused { index: usize, error: RuleError },
    #[error("hand {hand}, step {step}: {message}")]
    Mismatch {
        hand: u32,
        step: usize,
        message: String,
    },
}

impl Played {
    /// The match after its first `step` actions (all of them at most),
    /// with its log, and where in the log the last action's events start.
    ///
    /// # Errors
    /// The setup is refused ([`RecordError::Setup`]), or an action
    /// ([`RecordError::Refused`]): a hand-made match.
    pub fn at(&self, step: usize) -> Result<(Match, usize), RecordError> {
        let mut replay = self.replay()?;
        let last = replay.run_to(step)?;
        Ok((replay.into_game(), last.map_or(0, |took| took.from)))
    }

    /// The match of a game record (docs/records.md), checked by replaying
    /// it: its actions are the record's plays, each checked against the
    /// rules; names are cleaned as a share link keeps them.
    ///
    /// # Errors
    /// The record does not replay (see [`replay`](super::replay)).
    pub fn from_record(record: &GameRecord) -> Result<Played, RecordError> {
        let (played, _) = checked(record)?;
        Ok(Played {
            names: played.names.iter().map(|n| clean_name(n)).collect(),
            ..played
        })
    }

    /// The game record (docs/records.md) of this match, once it is over.
    ///
    /// # Errors
    /// The match does not replay, or is not finished.
    pub fn to_record(&self) -> Result<GameRecord, RecordError> {
        let (m, _) = self.at(self.actions.len())?;
        GameRecord::from_match(&m, self.names.clone())
    }
}

impl From<DoesNotReplay> for RecordError {
    fn from(refused: DoesNotReplay) -> RecordError {
        RecordError::Refused {
            index: refused.index,
            error: refused.error,
        }
    }
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

    /// Reads a record from JSON, checking its format and version first, so
    /// that another kind of file or a later version is named as such rather
    /// than as a field it does not understand. Option values may use the
    /// spellings of earlier versions (see [`RuleSet`]).
    ///
    /// # Errors
    /// [`RecordError::Format`] or [`RecordError::Version`] (with the value as
    /// written), or [`RecordError::Malformed`]: not a JSON object, a missing,
    /// unknown or ill-typed field, a value out of range.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let malformed = |e: serde_json::Error| RecordError::Malformed(e.to_string());
        let top: BTreeMap<String, &RawValue> = serde_json::from_str(text).map_err(|e| {
            if e.is_data() {
                // Valid JSON, but not an object: say so in the record's terms.
                RecordError::Malformed(format!("a record is one JSON object ({e})"))
            } else {
                malformed(e)
            }
        })?;
        if let Some(format) = top.get("format") {
            if serde_json::from_str::<String>(format.get()).ok().as_deref() != Some(RECORD_FORMAT) {
                return Err(RecordError::Format {
                    found: as_written(format),
                });
            }
        }
        if let Some(version) = top.get("version") {
            if serde_json::from_str::<u64>(version.get()).ok() != Some(u64::from(RECORD_VERSION)) {
                return Err(RecordError::Version {
                    found: as_written(version),
                });
            }
        }
        serde_json::from_str(text).map_err(malformed)
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

/// A JSON value as the file wrote it, on one line: numbers in full, other
/// values cut after [`WRITTEN_MAX`] characters.
fn as_written(raw: &RawValue) -> String {
    let text = raw.get().trim();
    if text.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
        return text.to_string();
    }
    // JSON strings cannot hold a line break, so joining lines only touches
    // the space between tokens.
    let line = text.lines().map(str::trim).collect::<Vec<_>>().join(" ");
    if line.chars().count() <= WRITTEN_MAX {
        line
    } else {
        let cut: String = line.chars().take(WRITTEN_MAX).collect();
        format!("{cut}…")
    }
}

/// How much of a long non-numeric value an error message quotes.
const WRITTEN_MAX: usize = 60;

/// Rebuilds the match a record describes, checking every step: the dealt
/// decks, each play's legality and resulting total, every draw, reshuffle,
/// player out and score. Step 0 of a hand is its deal; step N its Nth event.
///
/// # Errors
/// The first step that differs from what the rules produce, or is illegal.
pub fn replay(record: &GameRecord) -> Result<Match, RecordError> {
    checked(record).map(|(_, m)| m)
}

/// The match a record describes as played (its actions are its plays, in
/// order), and the match it replays to, every step checked (see
/// [`replay`]).
///
/// # Errors
/// The first step that differs from what the rules produce, or is illegal.
fn checked(record: &GameRecord) -> Result<(Played, Match), RecordError> {
    let expected = record.expected_events();
    // Each action's place in `expected`.
    let (places, actions): (Vec<usize>, Vec<(Seat, Action)>) = expected
        .iter()
        .enumerate()
        .filter_map(|(i, (_, _, e))| play_of(e).map(|play| (i, play)))
        .unzip();
    let played = Played {
        rules: record.rules,
        names: record.seats.clone(),
        seed: record.seed,
        actions,
    };
    let mut replay = played.replay()?;
    let mut next = 0usize; // index into expected
    let mut seen = 0usize; // index into the match's log
    loop {
        let log = replay.game().log();
        while seen < log.len() {
            let got = &log[seen];
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
                    message: difference(want, got),
                });
            }
            seen += 1;
            next += 1;
        }
        if replay.game().is_over() {
            break;
        }
        let Some((hand, step, want)) = expected.get(next) else {
            return Err(RecordError::Mismatch {
                hand: record.hands.last().map_or(0, |h| h.hand),
                step: 0,
                message: "the record ends before the match does".to_string(),
            });
        };
        // Every event before `next` matched the log, where each action
        // left exactly one play: the play due is the next action.
        let due = play_of(want).filter(|_| places.get(replay.taken()) == Some(&next));
        let Some((seat, action)) = due else {
            return Err(RecordError::Mismatch {
                hand: *hand,
                step: *step,
                message: format!("the record has {}, but a play is due", describe(want)),
            });
        };
        if let Some(Err(refused)) = replay.next() {
            return Err(RecordError::Mismatch {
                hand: *hand,
                step: *step,
                message: format!(
                    "illegal: seat {} cannot {action}: {}",
                    seat.0, refused.error
                ),
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
    let m = replay.into_game();
    Ok((played, m))
}

/// The action a play event records (`None` for every other event).
fn play_of(event: &Event) -> Option<(Seat, Action)> {
    match event {
        Event::Played { seat, card, .. } => Some((*seat, Action::Play(*card))),
        Event::DiscardedFourOno { seat, .. } => Some((*seat, Action::DiscardFourOno)),
        _ => None,
    }
}

/// What differs between the record's event and the one the rules give: the
/// kinds when they differ, otherwise each differing field with both values,
/// after the fields they share, for example `event played (seat 2, card 8)
/// differs in total: the record has 41, the rules give 40`.
fn difference(want: &Event, got: &Event) -> String {
    let whole = || {
        format!(
            "the record has {}, the rules give {}",
            describe(want),
            describe(got)
        )
    };
    let (Ok(Value::Object(ours)), Ok(Value::Object(theirs))) =
        (serde_json::to_value(want), serde_json::to_value(got))
    else {
        return whole();
    };
    let kind = ours.get("type").and_then(Value::as_str).unwrap_or_default();
    if ours.get("type") != theirs.get("type") {
        return whole();
    }
    let mut fields: Vec<&str> = ours
        .keys()
        .chain(theirs.keys())
        .map(String::as_str)
        .filter(|&k| k != "type")
        .collect();
    fields.sort_by_key(|&k| (field_rank(k), k));
    fields.dedup();
    let mut shared = Vec::new();
    let mut differing = Vec::new();
    for field in fields {
        let a = ours.get(field).unwrap_or(&Value::Null);
        let b = theirs.get(field).unwrap_or(&Value::Null);
        if a == b {
            match a {
                // Lists are too long to set the scene; an absent field says nothing.
                Value::Array(_) | Value::Object(_) | Value::Null => {}
                _ if field == "seat" => shared.push(show(field, a)),
                _ => shared.push(format!("{field} {}", show(field, a))),
            }
        } else {
            differing.push(field_difference(field, a, b));
        }
    }
    if differing.is_empty() {
        return whole();
    }
    let subject = match want {
        Event::HandStarted { .. } => "the deal".to_string(),
        Event::MatchOver { .. } => "the end of the match".to_string(),
        _ => format!("event {kind}"),
    };
    let context = if shared.is_empty() {
        String::new()
    } else {
        format!(" ({})", shared.join(", "))
    };
    format!("{subject}{context} differs in {}", differing.join("; in "))
}

/// Fields in the order a reader expects them, the seat before its card.
fn field_rank(field: &str) -> usize {
    const ORDER: [&str; 18] = [
        "hand",
        "dealer",
        "first",
        "seat",
        "by",
        "from",
        "to",
        "card",
        "total",
        "direction",
        "winner",
        "loser",
        "tokens",
        "scores",
        "laid_down",
        "deck",
        "order",
        "winners",
    ];
    ORDER
        .iter()
        .position(|&f| f == field)
        .unwrap_or(ORDER.len())
}

/// Lists longer than this (decks, reshuffles) are compared card by card.
const LIST_SHOWN_WHOLE: usize = 8;

/// `field: the record has A, the rules give B`, pointing into long lists.
fn field_difference(field: &str, ours: &Value, theirs: &Value) -> String {
    let both = |label: String, a: String, b: String| {
        format!("{label}: the record has {a}, the rules give {b}")
    };
    if let (Value::Array(a), Value::Array(b)) = (ours, theirs) {
        if a.len().max(b.len()) > LIST_SHOWN_WHOLE {
            if a.len() != b.len() {
                return both(
                    format!("the length of {field}"),
                    format!("{} cards", a.len()),
                    format!("{} cards", b.len()),
                );
            }
            if let Some(i) = (0..a.len()).find(|&i| a[i] != b[i]) {
                // Decks and reshuffled draw piles are listed top card first.
                let from = if matches!(field, "deck" | "order") {
                    " (from the top)"
                } else {
                    ""
                };
                return both(
                    format!("{field} card {}{from}", i + 1),
                    show(field, &a[i]),
                    show(field, &b[i]),
                );
            }
        }
    }
    both(field.to_string(), show(field, ours), show(field, theirs))
}

/// A field's value as a reader says it: `seat 2`, a card code, `none`.
fn show(field: &str, value: &Value) -> String {
    const SEATS: [&str; 8] = [
        "seat", "dealer", "first", "by", "from", "to", "winner", "loser",
    ];
    match value {
        Value::Null => "none".to_string(),
        Value::String(s) => s.clone(),
        Value::Number(n) if SEATS.contains(&field) => format!("seat {n}"),
        Value::Array(items) => format!(
            "[{}]",
            items
                .iter()
                .map(|v| show("", v))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_string(),
    }
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
