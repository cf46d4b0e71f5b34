//! The WebTorrent tracker wire: JSON text messages over a WebSocket, as npm
//! `bittorrent-tracker`'s server speaks them to WebRTC peers.
//!
//! A friend announces to the room's swarm with copies of its sealed offer;
//! the tracker forwards each copy to a peer of the swarm; the host, the
//! only one who answers, sends its sealed answer back through the tracker
//! to that friend. Our envelope goes in the `sdp` string (base64url): the
//! tracker sees opaque text.
//!
//! # What the server enforces
//! From `bittorrent-tracker` 11.2.3 (`lib/server/parse-websocket.js`,
//! `lib/server/swarm.js`, `server.js`; `lib/client/websocket-tracker.js`
//! for the official client):
//!
//! - `action` must be `"announce"` or `"scrape"`; otherwise, and for text
//!   that is not JSON, the reply is `{"failure reason": …}` with no
//!   `action`.
//! - `info_hash` and `peer_id` must be strings of exactly 20 (UTF-16)
//!   characters, and `to_peer_id` too when an `answer` is sent; otherwise
//!   `{"failure reason": "invalid info_hash"}` (or `peer_id`, `to_peer_id`).
//!   The server keeps each character's low byte (`bin2hex`: Node's
//!   `Buffer.from(id, 'binary')`) and writes those bytes back as
//!   characters: ours are ASCII, 20 characters, 20 bytes, unchanged.
//! - `offer_id`, `offer` and `answer` are not checked: they are passed on
//!   as they came. `numwant` from the client is ignored: the server takes
//!   `min(offers.length, 82)` peers.
//! - Peers are picked at random from the swarm (every WebSocket peer but
//!   the sender); `offers[i]` goes to the i-th peer picked; offers beyond
//!   the number of other peers are dropped without a word. A forwarded
//!   offer is `{action: "announce", offer, offer_id, peer_id (the
//!   sender's), info_hash}`.
//! - An answer goes to the peer `to_peer_id` if it is in the swarm, as
//!   `{action: "announce", answer, offer_id, peer_id, info_hash}`; else it
//!   is dropped (a warning on the server only). The answerer gets no reply,
//!   and is itself added to the swarm (an answer is an announce).
//! - `event` missing or `"empty"` means `"update"`; `started`, `stopped`,
//!   `completed`, `update`, `paused` are taken; another is refused with
//!   `{action: "announce", "failure reason": "invalid event", info_hash}`.
//! - Every other announce gets `{action: "announce", complete, incomplete,
//!   info_hash, interval}`, `interval` in seconds: the server's interval
//!   divided by 5 (120 s by default).
//! - A swarm remembers at most 1,000 peers, each for 20 minutes after its
//!   last announce (an LRU); a socket that closes leaves every swarm it
//!   announced in. The server sets no idle timeout or ping of its own and
//!   no size limit below the `ws` default (100 MiB), but public trackers
//!   sit behind proxies that drop quiet sockets: announce again every
//!   `interval`.
//! - The official client sends at most 5 offers an announce, gives up on
//!   an unanswered offer after 50 s, and reconnects after a random 0 to
//!   5 min plus `min(2^retries × 10 s, 1 h)`.
//!
//! `tests/signal/capture-tracker.mjs` ran our messages through a real
//! server of that version on loopback; its replies are kept in
//! `tests/signal/tracker-replies.txt` and read by the tests.
//!
//! So: a friend sends [`OFFER_COPIES`] copies of one offer (the host is one
//! random peer among the waiting friends); waiting friends ignore the
//! copies they get (an offer, not an answer); the host announces without
//! offers to stay in the swarm; a seated friend announces `stopped`.

use super::envelope::{Envelope, EnvelopeError, MessageKind};
use crate::codec::base64url_encode;
use serde_json::{json, Map, Value};

/// The characters of an `info_hash`, `peer_id` or `offer_id`.
pub const ID_CHARS: usize = 20;
/// The longest tracker message read, in bytes (an offer is under 2 KB).
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;
/// The most offers one announce carries.
pub const MAX_OFFERS: usize = 10;
/// How many copies of its offer a friend sends: enough to reach the host
/// among the host and seven waiting friends.
pub const OFFER_COPIES: usize = 8;
/// The longest `failure reason` or `warning message` kept, in characters.
pub const MAX_REASON_CHARS: usize = 200;

/// Why a tracker's message was refused. Nothing is changed by it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrackerError {
    #[error("the message is {len} bytes long, more than {max}")]
    TooLong { len: usize, max: usize },
    #[error("the message is not JSON")]
    NotJson,
    #[error("the message is not a JSON object")]
    NotObject,
    #[error("the message's action is not \"announce\"")]
    UnexpectedAction,
    #[error("the message has no {0}")]
    MissingField(&'static str),
    #[error("the message's {0} is not what it should be")]
    BadField(&'static str),
    #[error("the message's envelope is refused: {0}")]
    BadEnvelope(EnvelopeError),
}

/// An `info_hash`, `peer_id` or `offer_id`: exactly [`ID_CHARS`]
/// characters, each below U+0100 (the tracker reads them as bytes). Ours
/// are ASCII ([`TrackerId::from_bytes`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TrackerId(String);

impl TrackerId {
    /// The id of 15 bytes: their base64url, 20 ASCII characters. A peer id
    /// or offer id takes 15 random bytes; the info hash, the room id's.
    pub fn from_bytes(bytes: [u8; 15]) -> TrackerId {
        TrackerId(base64url_encode(&bytes))
    }

    /// Checks an id read from a tracker.
    ///
    /// # Errors
    /// [`TrackerError::BadField`] naming `what`.
    pub fn parse(text: &str, what: &'static str) -> Result<TrackerId, TrackerError> {
        let fits = text.chars().count() == ID_CHARS && text.chars().all(|c| u32::from(c) < 0x100);
        if fits {
            Ok(TrackerId(text.to_string()))
        } else {
            Err(TrackerError::BadField(what))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An announce's `event`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// Joining the swarm.
    Started,
    /// Staying in it: an announce with no `event` at all, as the
    /// reference client sends its repeat announces. Public trackers take
    /// nothing else for it: the OpenWebTorrent tracker and wt-tracker take
    /// only no event, `started`, `stopped` or `completed`, and on any
    /// other (`"update"`, which `bittorrent-tracker`'s server takes) close
    /// the socket without a word and drop the peer from every swarm.
    Repeat,
    /// Leaving it: a seated friend, a host whose seats are all taken.
    Stopped,
}

impl Event {
    /// The `event` field's value; `None`: no field.
    fn name(self) -> Option<&'static str> {
        match self {
            Event::Started => Some("started"),
            Event::Repeat => None,
            Event::Stopped => Some("stopped"),
        }
    }
}

/// An announce message. `offers` (at most [`MAX_OFFERS`]; more are left
/// out, and none go with [`Event::Stopped`]) are `(offer_id, envelope)`;
/// `numwant` is their number, as the official client sends it (the
/// server counts them itself).
pub fn announce(
    info_hash: &TrackerId,
    peer_id: &TrackerId,
    event: Event,
    offers: &[(TrackerId, Envelope)],
) -> String {
    let offers = if event == Event::Stopped {
        &[][..]
    } else {
        &offers[..offers.len().min(MAX_OFFERS)]
    };
    let list: Vec<Value> = offers
        .iter()
        .map(|(offer_id, envelope)| {
            json!({
                "offer": {"type": "offer", "sdp": envelope.to_text()},
                "offer_id": offer_id.as_str(),
            })
        })
        .collect();
    let mut message = json!({
        "action": "announce",
        "info_hash": info_hash.as_str(),
        "peer_id": peer_id.as_str(),
        "numwant": list.len(),
    });
    if let Some(name) = event.name() {
        message["event"] = Value::from(name);
    }
    if !list.is_empty() {
        message["offers"] = Value::Array(list);
    }
    message.to_string()
}

/// A friend's announce with `copies` copies of one offer (the tracker
/// hands each to a different peer), all under one `offer_id`.
pub fn announce_offer(
    info_hash: &TrackerId,
    peer_id: &TrackerId,
    event: Event,
    offer_id: &TrackerId,
    envelope: &Envelope,
    copies: usize,
) -> String {
    let offers = vec![(offer_id.clone(), envelope.clone()); copies.min(MAX_OFFERS)];
    announce(info_hash, peer_id, event, &offers)
}

/// The host's answer to the offer `offer_id` that `to_peer_id` sent.
pub fn answer(
    info_hash: &TrackerId,
    peer_id: &TrackerId,
    to_peer_id: &TrackerId,
    offer_id: &TrackerId,
    envelope: &Envelope,
) -> String {
    json!({
        "action": "announce",
        "info_hash": info_hash.as_str(),
        "peer_id": peer_id.as_str(),
        "to_peer_id": to_peer_id.as_str(),
        "offer_id": offer_id.as_str(),
        "answer": {"type": "answer", "sdp": envelope.to_text()},
    })
    .to_string()
}

/// What a tracker sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrackerMessage {
    /// A peer's offer (to the host: a friend's; to a friend: ignore it).
    Offer {
        info_hash: TrackerId,
        /// Who sent it: the `to_peer_id` of the answer.
        peer_id: TrackerId,
        offer_id: TrackerId,
        envelope: Envelope,
    },
    /// The host's answer to our offer.
    Answer {
        info_hash: TrackerId,
        peer_id: TrackerId,
        offer_id: TrackerId,
        envelope: Envelope,
    },
    /// The reply to our announce.
    Announced {
        info_hash: TrackerId,
        /// Seconds until the next announce, if the tracker says.
        interval_s: Option<u32>,
        complete: Option<u32>,
        incomplete: Option<u32>,
        /// The tracker's `warning message`, cut to [`MAX_REASON_CHARS`].
        warning: Option<String>,
    },
    /// The tracker refused our message (its `failure reason`, cut to
    /// [`MAX_REASON_CHARS`], control characters dropped).
    Failure {
        info_hash: Option<TrackerId>,
        reason: String,
    },
}

impl TrackerMessage {
    /// The swarm it is about, if it says (a socket may serve several).
    pub fn info_hash(&self) -> Option<&TrackerId> {
        match self {
            TrackerMessage::Offer { info_hash, .. }
            | TrackerMessage::Answer { info_hash, .. }
            | TrackerMessage::Announced { info_hash, .. } => Some(info_hash),
            TrackerMessage::Failure { info_hash, .. } => info_hash.as_ref(),
        }
    }
}

/// Reads one WebSocket text message from a tracker.
///
/// # Errors
/// [`TrackerError`]: too long, not JSON, not an object, an action other
/// than `announce` (a scrape's reply: we never scrape), a missing or
/// malformed id, an offer or answer that is not `{type, sdp}` of the right
/// type, an envelope [`Envelope::from_text`] refuses or of the other kind,
/// a number that is not a whole number.
pub fn parse(text: &str) -> Result<TrackerMessage, TrackerError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(TrackerError::TooLong {
            len: text.len(),
            max: MAX_MESSAGE_BYTES,
        });
    }
    let value: Value = serde_json::from_str(text).map_err(|_| TrackerError::NotJson)?;
    let Value::Object(fields) = value else {
        return Err(TrackerError::NotObject);
    };
    if let Some(reason) = fields.get("failure reason") {
        let reason = reason
            .as_str()
            .ok_or(TrackerError::BadField("failure reason"))?;
        let info_hash = match fields.get("info_hash") {
            Some(_) => Some(id(&fields, "info_hash")?),
            None => None,
        };
        return Ok(TrackerMessage::Failure {
            info_hash,
            reason: short(reason),
        });
    }
    if fields.get("action").and_then(Value::as_str) != Some("announce") {
        return Err(TrackerError::UnexpectedAction);
    }
    let info_hash = id(&fields, "info_hash")?;
    if let Some(offer) = fields.get("offer") {
        return Ok(TrackerMessage::Offer {
            info_hash,
            peer_id: id(&fields, "peer_id")?,
            offer_id: id(&fields, "offer_id")?,
            envelope: sealed(offer, MessageKind::Offer, "offer")?,
        });
    }
    if let Some(answer) = fields.get("answer") {
        return Ok(TrackerMessage::Answer {
            info_hash,
            peer_id: id(&fields, "peer_id")?,
            offer_id: id(&fields, "offer_id")?,
            envelope: sealed(answer, MessageKind::Answer, "answer")?,
        });
    }
    let warning = match fields.get("warning message") {
        Some(w) => Some(short(
            w.as_str()
                .ok_or(TrackerError::BadField("warning message"))?,
        )),
        None => None,
    };
    Ok(TrackerMessage::Announced {
        info_hash,
        interval_s: count(&fields, "interval")?,
        complete: count(&fields, "complete")?,
        incomplete: count(&fields, "incomplete")?,
        warning,
    })
}

fn id(fields: &Map<String, Value>, name: &'static str) -> Result<TrackerId, TrackerError> {
    let text = fields
        .get(name)
        .ok_or(TrackerError::MissingField(name))?
        .as_str()
        .ok_or(TrackerError::BadField(name))?;
    TrackerId::parse(text, name)
}

/// A whole number that fits 32 bits, if present (larger ones are capped:
/// they only ever mean "a long time" or "many").
fn count(fields: &Map<String, Value>, name: &'static str) -> Result<Option<u32>, TrackerError> {
    match fields.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(|n| Some(n.min(u64::from(u32::MAX)) as u32))
            .ok_or(TrackerError::BadField(name)),
    }
}

/// The envelope in `{type, sdp}`.
fn sealed(
    description: &Value,
    kind: MessageKind,
    what: &'static str,
) -> Result<Envelope, TrackerError> {
    let expected_type = match kind {
        MessageKind::Offer => "offer",
        MessageKind::Answer => "answer",
        // A tracker carries signaling only, never a table's messages.
        MessageKind::ToHost | MessageKind::ToFriend => return Err(TrackerError::BadField(what)),
    };
    let fits = description.get("type").and_then(Value::as_str) == Some(expected_type);
    let sdp = description.get("sdp").and_then(Value::as_str);
    let (true, Some(sdp)) = (fits, sdp) else {
        return Err(TrackerError::BadField(what));
    };
    let envelope = Envelope::from_text(sdp).map_err(TrackerError::BadEnvelope)?;
    if envelope.kind != kind {
        return Err(TrackerError::BadEnvelope(EnvelopeError::WrongKind {
            expected: kind,
            found: envelope.kind,
        }));
    }
    Ok(envelope)
}

/// A tracker's text, cut and without control characters.
fn short(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .take(MAX_REASON_CHARS)
        .collect()
}
