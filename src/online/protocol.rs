//! The wire messages between a host and its guests (docs/online.md), their
//! size limits and versioning, and the per-seat redaction of engine events.
//!
//! Every message is one compact JSON object `{"v":2,"msg":{"<kind>":{…}}}`: the
//! protocol version travels in every message, so a version mismatch is
//! recognised before the rest is read. A message is measured before it is
//! parsed: anything over the limit is refused unread.

use super::fair::{Contribution, Digest};
use crate::bots::Level;
use crate::online::reactions::Reaction;
use crate::online::watch::{Peer, WatcherId, MAX_WATCHERS};
pub use crate::rules::seat_event::{redact, SeatEvent};
use crate::rules::{Action, PlayerView, RuleError, RuleSet, Seat, ToAct};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The protocol version this code speaks. Both sides must speak the same.
pub const PROTOCOL_VERSION: u32 = 2;
/// The most bytes a guest may send in one message (checked before parsing).
pub const MAX_GUEST_MESSAGE: usize = 16 * 1024;
/// The most bytes a guest accepts from its host in one message: a resync
/// carries the whole view and the match's log, so this is larger.
pub const MAX_HOST_MESSAGE: usize = 256 * 1024;
/// The most bytes of a player's name (longer names are cut at a character).
pub const MAX_NAME_BYTES: usize = 32;
/// The most characters of a player's name (the name fields take 24).
pub const MAX_NAME_CHARS: usize = 24;
/// The most characters of parser detail echoed back in a refusal.
const DETAIL_MAX: usize = 120;

/// Why a message could not be read. Nothing was acted on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ProtocolError {
    #[error("the message is {size} bytes, over the limit of {limit}")]
    TooLarge { size: usize, limit: usize },
    #[error("the message is not readable: {detail}")]
    Malformed { detail: String },
    #[error("the other side speaks protocol version {found}, this one speaks {supported}")]
    WrongVersion { found: String, supported: u32 },
}

/// What a guest sends to its host.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum GuestMessage {
    /// The first message on a new connection (also on a reconnection).
    Join { name: String },
    /// Take `action` for `seat`, chosen when the match was at `ply`.
    Act {
        seat: Seat,
        ply: u32,
        action: Action,
    },
    /// Is the host still there, and at which ply? (Answered by `Pong`.)
    Ping { nonce: u32 },
    /// The guest's mirror found a gap or an inconsistency: send everything again.
    Resync,
    /// This page's share of the deal of the host's `number`th match, sent
    /// once it has the host's seal ([`HostMessage::Sealed`]): random bytes
    /// the host mixes into the seed (`online::fair`).
    Contribute {
        number: u32,
        contribution: Contribution,
    },
    /// A quick reaction from the guest's seat, for the other players. A
    /// host before this one drops it as unreadable.
    React { reaction: Reaction },
    /// "I'm back": the friend takes their seat back from the stand-in bot
    /// that plays it (put there by the host, or by the table's turn
    /// limit). A host before this one drops it as unreadable.
    Back,
    /// The first message of someone who came by the watch link
    /// ([`crate::online::watch`]): they see the public table and take no
    /// seat. Pings and resyncs are all they may send after it.
    Watch { name: String },
}

/// Who plays a seat: one type for the setup, the host's session and what
/// friends are told of the table (its serde form is the wire's).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "level", rename_all = "snake_case")]
pub enum SeatKind {
    /// The person at the host's device (seat 0).
    Host,
    /// Another person at this device (pass-and-play).
    Person,
    Bot(Level),
    /// A friend on their own device.
    Guest,
}

/// A friend's seat's connection: the one type every page shows a friend's
/// presence with (the host's lobby and table, the friend's own table, the
/// table model's seats). The host's session keeps it and sends it in each
/// seat's [`Presence`]; before the start the host's page refines it with
/// its own connections ([`Connection::in_lobby`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Connection {
    /// Invited, not joined yet.
    Waiting,
    Connected,
    Disconnected,
    /// Closed by the host after a burst of bad messages; only a new
    /// invitation opens the seat again.
    Closed,
}

impl Connection {
    /// How a friend stands on the host's page: `session`, what the host's
    /// session says (`None`: nothing yet), and before the start (`!started`)
    /// what the page knows that the session does not hear until then:
    /// `channel`, its connection to the friend (open, closed, or none), and
    /// `joined`, whether the friend's join is held for the start.
    ///
    /// In the lobby a friend whose join came is connected, not one whose
    /// channel only opened: a Start pressed then would begin without them.
    /// At the table only the session's word counts.
    pub fn in_lobby(
        session: Option<Connection>,
        channel: Option<bool>,
        joined: bool,
        started: bool,
    ) -> Connection {
        match session {
            Some(c @ (Connection::Connected | Connection::Disconnected | Connection::Closed)) => c,
            Some(Connection::Waiting) | None => match channel {
                Some(true) if !started && joined => Connection::Connected,
                Some(false) => Connection::Disconnected,
                _ => Connection::Waiting,
            },
        }
    }

    /// Whether the friend is away: gone, or closed by the host (not a
    /// friend still to come).
    pub fn is_away(self) -> bool {
        matches!(self, Connection::Disconnected | Connection::Closed)
    }
}

/// The state of one seat's player: for a guest seat, whether it is
/// connected and whether a bot is playing it meanwhile.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Presence {
    pub name: String,
    /// Who sits there, as every player may know it.
    pub kind: SeatKind,
    /// `None` for seats played at the host (people and bots).
    pub connection: Option<Connection>,
    /// A Medium bot plays this guest's seat until the host hands it back.
    pub bot_playing: bool,
}

/// The first seat number that stands for a watcher's place on the wire
/// (tables have at most 8 seats): watcher `k` is numbered `64 + k` in its
/// welcome and its views, as every build since watchers came reads it.
const WIRE_WATCHER_BASE: u8 = 64;

impl Peer {
    /// The seat number this place goes by on the wire: the seat, or a
    /// watcher's number past any table. The one place that writes it.
    pub fn on_wire(self) -> Seat {
        match self {
            Peer::Seat(seat) => seat,
            Peer::Watcher(w) => Seat(WIRE_WATCHER_BASE + w.index() as u8),
        }
    }

    /// The place a seat number of the wire stands for: a watcher's in the
    /// watchers' range, else a seat (which the reader checks is at the
    /// table). The one place that reads it.
    pub fn from_wire(seat: Seat) -> Peer {
        let watcher = seat
            .0
            .checked_sub(WIRE_WATCHER_BASE)
            .map(usize::from)
            .filter(|&k| k < MAX_WATCHERS)
            .and_then(WatcherId::new);
        match watcher {
            Some(w) => Peer::Watcher(w),
            None => Peer::Seat(seat),
        }
    }
}

/// A [`Peer`] in a message's serde form: the seat number of
/// [`Peer::on_wire`].
mod wire_place {
    use super::*;

    pub fn serialize<S: Serializer>(place: &Peer, s: S) -> Result<S::Ok, S::Error> {
        place.on_wire().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Peer, D::Error> {
        Seat::deserialize(d).map(Peer::from_wire)
    }
}

/// The table a guest has joined.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Welcome {
    /// The protocol version the host speaks (also in the envelope).
    pub version: u32,
    /// The guest's own place: its seat, or a watcher's place outside the
    /// table (`"seat"` on the wire, [`Peer::on_wire`]).
    #[serde(rename = "seat", with = "wire_place")]
    pub place: Peer,
    pub rules: RuleSet,
    pub seats: Vec<Presence>,
}

/// Everything the guest's seat may know now: sent after joining, on a
/// reconnection, whenever the guest asks for it, and after a
/// [`HostMessage::NewMatch`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sync {
    /// Actions taken in the match so far.
    pub ply: u32,
    /// What the guest's place may know: a watcher's has no hand, and its
    /// seat is the watcher's number on the wire ([`Sync::place`]).
    pub view: PlayerView,
    /// The match's events as this seat may know them, from its deal (the
    /// latest [`crate::online::guest::MAX_LOG`]): every hand's log. A host
    /// before this sent the current hand's only; both read the same.
    pub log: Vec<SeatEvent>,
}

impl Sync {
    /// The place whose view this is.
    pub fn place(&self) -> Peer {
        Peer::from_wire(self.view.seat)
    }

    /// What a watcher may know: `view`, the table as every player sees it
    /// with no hand, given the watcher's place.
    pub fn for_watcher(w: WatcherId, ply: u32, mut view: PlayerView, log: Vec<SeatEvent>) -> Sync {
        view.seat = Peer::Watcher(w).on_wire();
        view.hand.clear();
        Sync { ply, view, log }
    }
}

/// What one accepted action did, as one seat may know it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Update {
    /// The ply after the action: exactly one more than the previous update's.
    pub ply: u32,
    pub events: Vec<SeatEvent>,
    /// Who acts next (public; the mirror does not re-derive the flow of play).
    pub to_act: Option<ToAct>,
    pub ninety_nine_this_turn: bool,
}

/// Why the host refused a guest's message. The host's state is unchanged.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Refusal {
    #[error("the message was not readable: {detail}")]
    Malformed { detail: String },
    #[error("the message was {size} bytes, over the limit of {limit}")]
    TooLarge { size: usize, limit: usize },
    #[error("protocol version {found} is not spoken here (only {supported})")]
    WrongVersion { found: String, supported: u32 },
    #[error("join the table first")]
    NotJoined,
    #[error("already joined")]
    AlreadyJoined,
    #[error("{yours} may not act for {seat}")]
    NotYourSeat { seat: Seat, yours: Seat },
    #[error("it is not your turn")]
    NotYourTurn { to_act: Option<Seat> },
    #[error("the action was chosen at ply {ply}, the match is at ply {current}")]
    Stale { ply: u32, current: u32 },
    #[error("illegal: {error}")]
    Illegal { error: RuleError },
    #[error("a bot is playing this seat until the host hands it back")]
    BotPlaying,
    #[error("more than {limit} of these in {window_ms} ms: not answered")]
    TooFrequent { limit: u32, window_ms: u64 },
    #[error("too many bad messages: the host closes the connection")]
    Closing,
    /// A watcher asked to play or join, or a player asked to watch: each
    /// connection keeps the role of the link it came by.
    #[error("this connection came by the other link: watchers only watch, players only play")]
    OtherLink,
}

impl Refusal {
    /// Whether this refusal counts towards closing the connection. An
    /// honest guest can be refused by a race (its play crossed another,
    /// a bot took its seat meanwhile, a join was repeated): those are not
    /// counted. Everything else an honest guest never sends.
    pub fn counts_as_bad(&self) -> bool {
        !matches!(
            self,
            Refusal::NotYourTurn { .. }
                | Refusal::Stale { .. }
                | Refusal::BotPlaying
                | Refusal::AlreadyJoined
        )
    }
}

impl From<ProtocolError> for Refusal {
    fn from(e: ProtocolError) -> Refusal {
        match e {
            ProtocolError::TooLarge { size, limit } => Refusal::TooLarge { size, limit },
            ProtocolError::Malformed { detail } => Refusal::Malformed { detail },
            ProtocolError::WrongVersion { found, supported } => {
                Refusal::WrongVersion { found, supported }
            }
        }
    }
}

/// What a host sends to a guest.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum HostMessage {
    Welcome(Welcome),
    Sync(Sync),
    Update(Update),
    /// The guest's last message was refused; `ply` is the match's ply now.
    Refused {
        refusal: Refusal,
        ply: u32,
    },
    /// A seat's player changed: joined, disconnected, taken over by a bot...
    SeatStatus {
        seat: Seat,
        presence: Presence,
    },
    Pong {
        nonce: u32,
        ply: u32,
    },
    /// "Play again" at the end of a match: the host dealt a new match at
    /// the same table, same seats (its `number`th on this connection's
    /// session, 2 for the first rematch). The new deal's [`Sync`] follows;
    /// the guest ignores updates until then. A guest of this version that
    /// does not know it drops it as unreadable and takes the sync as a
    /// resync: it plays on without the notice.
    NewMatch {
        number: u32,
    },
    /// The host sealed the secret its `number`th match will be dealt from
    /// (`commitment`: its hash): the friend answers with
    /// [`GuestMessage::Contribute`]. Sent before the deal.
    Sealed {
        number: u32,
        commitment: Digest,
    },
    /// The `number`th match was dealt without these friends'
    /// contributions: they did not come in time.
    DealtWithout {
        number: u32,
        seats: Vec<Seat>,
    },
    /// The `number`th match is over: its share code, which carries the
    /// host's secret and every contribution, so each page checks the deal
    /// (`online::fair::check`).
    Revealed {
        number: u32,
        code: String,
    },
    /// `seat`'s player reacted (the host's gate let it through). A guest
    /// before this one drops it as unreadable and plays on.
    Reacted {
        seat: Seat,
        reaction: Reaction,
    },
    /// To a watcher: the host stopped sharing the watch link. The
    /// connection closes after it.
    SharingStopped,
    /// The key of this friend's seat (issue 36, `online::signal::seat_key`),
    /// in hex: their page keeps it and proves it at every later knock by
    /// the table link, the only way back to this seat. Sent over the data
    /// channel only (at each of the friend's joins), never through a
    /// relay. A page before this one drops it as unreadable (it then
    /// knocks as a newcomer). Only a table link's host sends it.
    SeatKey {
        key: String,
    },
    /// This seat was taken up by another page of its holder (a new tab):
    /// this connection closes next, and this page must not knock again
    /// by itself (the two would take the seat from each other).
    Replaced,
}

#[derive(Serialize)]
struct WireOut<'a, T> {
    v: u32,
    msg: &'a T,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WireIn<T> {
    #[allow(dead_code)]
    v: serde_json::Value,
    msg: T,
}

/// Only the version, read before anything else (other fields ignored).
#[derive(Deserialize)]
struct Probe {
    #[serde(default)]
    v: Option<serde_json::Value>,
}

fn encode<T: Serialize>(msg: &T) -> Vec<u8> {
    // Our own message types always serialize (no maps with non-string keys).
    serde_json::to_vec(&WireOut {
        v: PROTOCOL_VERSION,
        msg,
    })
    .unwrap_or_default()
}

fn decode<T: for<'de> Deserialize<'de>>(bytes: &[u8], limit: usize) -> Result<T, ProtocolError> {
    if bytes.len() > limit {
        return Err(ProtocolError::TooLarge {
            size: bytes.len(),
            limit,
        });
    }
    let malformed = |e: serde_json::Error| ProtocolError::Malformed {
        detail: cut(&e.to_string()),
    };
    let probe: Probe = serde_json::from_slice(bytes).map_err(malformed)?;
    match probe.v {
        None => {
            return Err(ProtocolError::Malformed {
                detail: "no protocol version (\"v\")".to_string(),
            })
        }
        Some(v) if v.as_u64() != Some(u64::from(PROTOCOL_VERSION)) => {
            return Err(ProtocolError::WrongVersion {
                found: cut(&v.to_string()),
                supported: PROTOCOL_VERSION,
            })
        }
        Some(_) => {}
    }
    let wire: WireIn<T> = serde_json::from_slice(bytes).map_err(malformed)?;
    Ok(wire.msg)
}

/// At most [`DETAIL_MAX`] characters of `text`: a refusal never echoes a
/// whole hostile message back.
fn cut(text: &str) -> String {
    text.chars().take(DETAIL_MAX).collect()
}

/// A player's name as the table shows it: control characters, Unicode
/// format characters (bidi overrides and isolates, zero-width characters,
/// tags...) and line separators dropped, trimmed, at most [`MAX_NAME_CHARS`]
/// characters and [`MAX_NAME_BYTES`] bytes (cut at a character). A name
/// from the other side of a connection can't reorder or hide the text
/// around it. Cleaning a clean name changes nothing.
pub fn clean_name(name: &str) -> String {
    let mut out = String::new();
    let kept = name.chars().filter(|&c| !c.is_control() && !is_format(c));
    for (count, c) in kept.skip_while(|c| c.is_whitespace()).enumerate() {
        if count >= MAX_NAME_CHARS || out.len() + c.len_utf8() > MAX_NAME_BYTES {
            break;
        }
        out.push(c);
    }
    out.trim_end().to_string()
}

/// Invisible characters that change how the text around them shows: the
/// Unicode `Cf` (format) category, and the line and paragraph separators.
fn is_format(c: char) -> bool {
    matches!(
        c,
        '\u{AD}'
            | '\u{600}'..='\u{605}'
            | '\u{61C}'
            | '\u{6DD}'
            | '\u{70F}'
            | '\u{890}'..='\u{891}'
            | '\u{8E2}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{110BD}'
            | '\u{110CD}'
            | '\u{13430}'..='\u{1343F}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0001}'
            | '\u{E0020}'..='\u{E007F}'
    )
}

impl GuestMessage {
    /// The message as sent: compact JSON in the versioned envelope.
    pub fn encode(&self) -> Vec<u8> {
        encode(self)
    }

    /// Reads a guest's message: size first, then the version, then the rest.
    ///
    /// # Errors
    /// [`ProtocolError::TooLarge`] over [`MAX_GUEST_MESSAGE`] bytes (unread),
    /// [`ProtocolError::WrongVersion`], [`ProtocolError::Malformed`].
    pub fn decode(bytes: &[u8]) -> Result<GuestMessage, ProtocolError> {
        decode(bytes, MAX_GUEST_MESSAGE)
    }
}

impl HostMessage {
    /// The message as sent: compact JSON in the versioned envelope.
    pub fn encode(&self) -> Vec<u8> {
        encode(self)
    }

    /// Reads a host's message: size first, then the version, then the rest.
    ///
    /// # Errors
    /// As [`GuestMessage::decode`], with the limit [`MAX_HOST_MESSAGE`].
    pub fn decode(bytes: &[u8]) -> Result<HostMessage, ProtocolError> {
        decode(bytes, MAX_HOST_MESSAGE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Card, Match, SeatSet};

    #[test]
    fn messages_round_trip_in_compact_json() {
        let msg = GuestMessage::Act {
            seat: Seat(2),
            ply: 7,
            action: Action::Play(Card::PlayTwo),
        };
        let bytes = msg.encode();
        assert_eq!(
            String::from_utf8_lossy(&bytes),
            r#"{"v":2,"msg":{"act":{"seat":2,"ply":7,"action":{"play":"P2"}}}}"#
        );
        assert_eq!(GuestMessage::decode(&bytes), Ok(msg));
        let refused = HostMessage::Refused {
            refusal: Refusal::Illegal {
                error: RuleError::NinetyNineDead,
            },
            ply: 3,
        };
        assert_eq!(HostMessage::decode(&refused.encode()), Ok(refused));
    }

    #[test]
    fn a_place_keeps_its_number_on_the_wire() {
        use crate::rules::seat::MAX_SEATS;
        for s in 0..MAX_SEATS as u8 {
            let place = Peer::Seat(Seat(s));
            assert_eq!(place.on_wire(), Seat(s));
            assert_eq!(Peer::from_wire(Seat(s)), place);
        }
        for w in WatcherId::all() {
            let place = Peer::Watcher(w);
            assert_eq!(place.on_wire(), Seat(64 + w.index() as u8));
            assert_eq!(Peer::from_wire(place.on_wire()), place);
        }
        // Numbers of neither kind read as seats, which no table has.
        for n in [8, 63, 80, 255] {
            assert_eq!(Peer::from_wire(Seat(n)), Peer::Seat(Seat(n)));
        }
    }

    #[test]
    fn size_and_version_are_checked_before_the_rest() {
        let big = vec![b' '; MAX_GUEST_MESSAGE + 1];
        assert_eq!(
            GuestMessage::decode(&big),
            Err(ProtocolError::TooLarge {
                size: MAX_GUEST_MESSAGE + 1,
                limit: MAX_GUEST_MESSAGE
            })
        );
        let future = br#"{"v":3,"msg":{"hello_from_the_future":{}}}"#;
        assert_eq!(
            GuestMessage::decode(future),
            Err(ProtocolError::WrongVersion {
                found: "3".to_string(),
                supported: 2
            })
        );
        // Version 1 (the tagged form before this one) is refused with a
        // message, not misread.
        let old = br#"{"v":1,"msg":{"t":"ping","nonce":1}}"#;
        assert_eq!(
            GuestMessage::decode(old),
            Err(ProtocolError::WrongVersion {
                found: "1".to_string(),
                supported: 2
            })
        );
        assert!(matches!(
            GuestMessage::decode(br#"{"msg":{"ping":{"nonce":1}}}"#),
            Err(ProtocolError::Malformed { .. })
        ));
        assert!(matches!(
            GuestMessage::decode(b"\xff\xfe"),
            Err(ProtocolError::Malformed { .. })
        ));
    }

    #[test]
    fn a_new_hand_tells_each_seat_its_own_cards_only() {
        let m = Match::new(RuleSet::modern(), 3, 11).unwrap();
        let events = m.log().to_vec();
        for seat in m.seats() {
            let redacted = redact(&events, seat, 3, SeatSet::first(3));
            match &redacted[..] {
                [SeatEvent::HandStarted {
                    dealt,
                    draw_pile_len,
                    ..
                }] => {
                    assert_eq!(dealt.as_slice(), m.hand(seat));
                    assert_eq!(*draw_pile_len, m.draw_pile_len());
                }
                other => panic!("unexpected {other:?}"),
            }
        }
    }

    #[test]
    fn names_are_cleaned_and_cut() {
        assert_eq!(clean_name("  Ana\u{7}  "), "Ana");
        let long = "é".repeat(40);
        assert_eq!(clean_name(&long).len(), 32);
        assert_eq!(clean_name(&"a".repeat(40)).chars().count(), MAX_NAME_CHARS);
        assert_eq!(
            clean_name("\u{202E}\u{2066} Bo\u{200B}b\u{FEFF} \u{2069}"),
            "Bob"
        );
        for name in ["  Ana\u{7}  ", "\u{200F} é ", &long] {
            assert_eq!(clean_name(&clean_name(name)), clean_name(name));
        }
    }
}
