//! Signalling over public relays (issue 30, docs/online.md "Signaling over
//! relays"): the pure part of "play with friends from one link".
//!
//! A host shares one table link. A friend who opens it sends the host a
//! WebRTC offer through public relays (WebTorrent trackers and MQTT
//! brokers, raced); the host answers the same way. Nothing goes back by
//! hand, and no server of ours exists.
//!
//! - [`link`]: the table link: a random secret, the relays, the host's
//!   name and rules, in the link's `#fragment` (never sent to a server);
//! - [`envelope`]: what the relays carry: a sealed envelope (version, kind,
//!   offer id, IV, AES-GCM ciphertext) and the messages inside it, a
//!   friend's [`FriendOffer`] and the host's [`HostAnswer`];
//! - [`tracker`]: the JSON a WebTorrent tracker speaks over a WebSocket,
//!   built and parsed;
//! - [`mqtt`]: a small MQTT 3.1.1 packet codec (for brokers reached over a
//!   WebSocket) and the room's topics;
//! - [`backoff`]: when to try again after a relay fails;
//! - [`door`]: which seat a friend who comes by the link gets, or why none;
//! - [`replies`]: the host's answer sent back on every relay that carried
//!   its offer;
//! - [`stream`]: a reliable, ordered stream of messages over a relay that
//!   loses, repeats and reorders (the game's messages when no direct
//!   connection can be made; not used by the page yet);
//! - [`seat_key`]: the key that makes a seat its holder's, and the proof
//!   a knock gives of it;
//! - [`knock`]: a friend's attempts, until the host answers or they give up.
//!
//! The browser does the rest, through WebCrypto and WebSockets: it derives
//! the room id and the key from the secret ([`ROOM_ID_INFO`],
//! [`KEY_INFO`]), encrypts and decrypts with AES-GCM, opens the sockets
//! and keeps the clocks. Randomness and the time come in as arguments, so
//! everything here is tested natively and runs unchanged in WebAssembly.
//! `tests/signal/vector.txt` is a worked example (secret, room id, key,
//! sealed offer and answer) made outside this code, for the browser's
//! WebCrypto calls to reproduce.
//!
//! # The steps, for the browser side
//! - **Host**: make a secret, share [`TableLink::url`]; derive the room id
//!   and key; on each tracker announce [`tracker::Event::Started`] without
//!   offers (again every `interval`), on each broker CONNECT, SUBSCRIBE to
//!   [`mqtt::host_topic`]. For each offer that arrives (first network
//!   wins): [`Envelope`] read, decrypted with
//!   [`Envelope::additional_data`], [`FriendOffer::read`],
//!   [`envelope::SeenOffers::admit`]; then the seat is chosen and the
//!   [`HostAnswer`] sealed and sent back where the offer came from
//!   ([`tracker::answer`] to its `peer_id` and `offer_id`, or a PUBLISH to
//!   [`mqtt::answer_topic`]). With every seat taken, announce
//!   [`tracker::Event::Stopped`] and leave the brokers.
//! - **Friend**: [`TableLink::decode`] the fragment; derive the room id
//!   and key; make the WebRTC offer; for each attempt a new random
//!   [`OfferId`], the [`FriendOffer`] sealed once and sent on every relay
//!   ([`tracker::announce_offer`] with [`tracker::OFFER_COPIES`]; on a
//!   broker SUBSCRIBE to [`mqtt::answer_topic`] first, then PUBLISH to
//!   [`mqtt::host_topic`]). The first [`HostAnswer`] for the current
//!   offer id wins; tracker offers from other friends are ignored. No
//!   answer: try again after [`Backoff::OFFER`]. Seated: announce
//!   `stopped`, DISCONNECT.
//!
//! # What a relay sees
//! A tracker sees a 20-character hash of the room id, random peer ids and
//! base64url text; a broker sees the room id in hex in a topic name and
//! binary payloads. Neither sees the secret, a name, a seat, an address or
//! a fingerprint, and neither can change a message without the change
//! being found (AES-GCM's tag, with the room id, the kind and the offer id
//! bound as additional data). Like any server a page connects to, each
//! relay sees the players' IP addresses; it can drop, delay or replay
//! messages (replays are refused by `envelope::SeenOffers` and the offer
//! ids), which is why several relays of two networks are raced.

pub mod backoff;
pub mod door;
pub mod envelope;
pub mod knock;
pub mod link;
pub mod mqtt;
pub mod relay;
pub mod replies;
pub mod seat_key;
pub mod stream;
pub mod tracker;

pub use backoff::Backoff;
pub use door::{Admit, Door, SeatRequest};
pub use envelope::{
    Envelope, EnvelopeError, FriendOffer, HostAnswer, MessageKind, Refused, SeatReply,
};
pub use knock::Knock;
pub use link::{LinkError, Network, Relay, TableLink};
pub use seat_key::{KeyMint, SeatKey, SeatProof};
pub use tracker::{TrackerError, TrackerId, TrackerMessage};

/// Bytes of a table link's secret.
pub const SECRET_LEN: usize = 16;
/// Bytes of a room id.
pub const ROOM_ID_LEN: usize = 16;
/// Bytes of an offer id.
pub const OFFER_ID_LEN: usize = 8;
/// Bytes of the AES-GCM key (AES-256).
pub const KEY_LEN: usize = 32;
/// Bytes of an AES-GCM IV (the 96 bits the standard recommends).
pub const IV_LEN: usize = 12;
/// Bytes of the AES-GCM tag at the end of every ciphertext (WebCrypto's
/// default `tagLength` of 128 bits).
pub const TAG_LEN: usize = 16;

/// The HKDF salt for both derivations (HKDF with SHA-256, RFC 5869, as
/// WebCrypto's `deriveBits({name: "HKDF", hash: "SHA-256", salt, info})`
/// computes it, with the secret as the input key material).
pub const HKDF_SALT: &[u8] = b"ono99 table link v1";
/// The HKDF `info` for the room id: [`ROOM_ID_LEN`] bytes (128 bits) are
/// derived. The room id is public: it names the room on the relays.
pub const ROOM_ID_INFO: &[u8] = b"ono99 room id";
/// The HKDF `info` for the AES-GCM key: [`KEY_LEN`] bytes (256 bits) are
/// derived, imported as a non-extractable `AES-GCM` key (WebCrypto's
/// `deriveKey` with `{name: "AES-GCM", length: 256}` gives the same key).
/// Other info than the room id's, so knowing the room id tells nothing of
/// the key.
pub const KEY_INFO: &[u8] = b"ono99 aes-gcm key";

/// A table's room id, derived from the link's secret by the browser.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RoomId(pub [u8; ROOM_ID_LEN]);

impl RoomId {
    /// The room id in lower-case hex (32 characters), as in MQTT topics.
    pub fn hex(&self) -> String {
        hex(&self.0)
    }

    /// The tracker's `info_hash` for this room: the base64url of the room
    /// id's first 15 bytes, exactly 20 ASCII characters (a tracker wants
    /// 20 characters; ASCII keeps them 20 bytes through its binary-string
    /// handling). 120 bits: no other swarm meets ours by chance.
    pub fn info_hash(&self) -> TrackerId {
        TrackerId::from_bytes(first_15(&self.0))
    }
}

/// A friend's offer id: random, one per attempt to join. The host answers
/// it; the answer is bound to it, so an answer cannot be moved to another
/// offer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct OfferId(pub [u8; OFFER_ID_LEN]);

impl OfferId {
    /// The offer id in lower-case hex (16 characters).
    pub fn hex(&self) -> String {
        hex(&self.0)
    }
}

/// Lower-case hex (the game's one hex, in `codec`).
pub use crate::codec::hex;

fn first_15(bytes: &[u8; 16]) -> [u8; 15] {
    let mut out = [0; 15];
    out.copy_from_slice(&bytes[..15]);
    out
}
