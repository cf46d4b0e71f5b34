//! One relay socket's conversation ([`Conversation`]), without the socket:
//! what to send when it opens, on a timer, to offer or to answer, and what
//! each message from the relay means. The page opens the WebSocket and
//! hands every event here; everything a relay can send goes through
//! [`Conversation::text`] or [`Conversation::bytes`], so the tests feed
//! hostile traffic through the page's own code path.
//!
//! - **A WebTorrent tracker**: the host announces itself to the room's
//!   swarm when the socket opens and again every `interval` the tracker
//!   gives (public trackers drop quiet sockets); a friend announces with
//!   copies of its sealed offer. Offers reach the host, answers the
//!   friend; each side ignores the other kind.
//! - **An MQTT broker**: CONNECT when the socket opens; once the broker
//!   accepts, the host subscribes to [`mqtt::host_topic`], a friend
//!   subscribes to the answer topic of each offer before publishing it.
//!   A ping keeps the connection alive.
//!
//! What is sent before the relay is ready (a friend's offer before the
//! socket or the broker's CONNACK) waits, in order, and goes then.
//! Nothing here decrypts: an envelope heard is only well formed; the page
//! opens it with the room's key and drops it if that fails.

use super::envelope::Envelope;
use super::link::Network;
use super::mqtt::{self, MqttError, Packet};
use super::tracker::{self, Event, TrackerError, TrackerId, TrackerMessage};
use super::{OfferId, RoomId};

/// Whose page this is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Role {
    /// Listens for offers and answers them.
    Host,
    /// Sends offers and waits for the answer.
    Friend,
}

/// What to send on the socket.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Send {
    /// A text frame (a tracker's JSON).
    Text(String),
    /// A binary frame (an MQTT packet).
    Bytes(Vec<u8>),
}

/// Where the host's answer to an offer goes: back through the relay the
/// offer came by.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ReplyTo {
    /// To the tracker peer that sent it, under the tracker's offer id.
    Tracker {
        peer_id: TrackerId,
        offer_id: TrackerId,
    },
    /// To the broker, on the answer topic of the envelope's offer id.
    Mqtt,
}

/// A well-formed envelope a relay carried to this page.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Heard {
    /// A friend's offer, at the host's page.
    Offer { envelope: Envelope, reply: ReplyTo },
    /// The host's answer, at a friend's page.
    Answer { envelope: Envelope },
}

/// Why a relay's message was refused. Nothing changed; after an MQTT
/// error the stream has lost its framing and the socket is closed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RelayError {
    #[error("tracker message refused: {0}")]
    Tracker(#[from] TrackerError),
    #[error("MQTT packet refused: {0}")]
    Mqtt(#[from] MqttError),
    #[error("the tracker says: {0}")]
    TrackerFailure(String),
    #[error("the broker refused the connection (code {0})")]
    BrokerRefused(u8),
    #[error("a text frame from a broker, or a binary frame from a tracker")]
    WrongFrame,
}

impl RelayError {
    /// Whether the socket must be closed (and opened again later): the
    /// stream lost its framing, or the broker refused us.
    pub fn is_fatal(&self) -> bool {
        matches!(self, RelayError::Mqtt(_) | RelayError::BrokerRefused(_))
    }
}

/// How often a tracker is announced to when it does not say: its default
/// `interval`.
pub const DEFAULT_ANNOUNCE_MS: u64 = 120_000;
/// The shortest and longest announce interval taken from a tracker (a
/// hostile one cannot make the page announce in a loop, or never).
pub const MIN_ANNOUNCE_MS: u64 = 30_000;
pub const MAX_ANNOUNCE_MS: u64 = 300_000;
/// How often a broker is pinged: within its keep-alive of
/// [`mqtt::KEEP_ALIVE_S`] with room to spare.
pub const PING_MS: u64 = 20_000;
/// The most messages held while the relay is not ready.
pub const MAX_WAITING: usize = 16;

/// The tracker's offer id for one of our offer ids: its 8 bytes and 7
/// zero bytes, 20 characters. The host echoes it back.
pub fn tracker_offer_id(id: &OfferId) -> TrackerId {
    let mut bytes = [0; 15];
    bytes[..8].copy_from_slice(&id.0);
    TrackerId::from_bytes(bytes)
}

/// One relay socket's conversation.
#[derive(Debug, Clone)]
pub struct Conversation {
    network: Network,
    role: Role,
    room: RoomId,
    info_hash: TrackerId,
    peer_id: TrackerId,
    client_id: String,
    decoder: mqtt::Decoder,
    /// The socket is open (a tracker) and the broker accepted us (MQTT).
    ready: bool,
    announced: bool,
    waiting: Vec<Waiting>,
    next_packet_id: u16,
    interval_ms: u64,
    next_announce_ms: u64,
    next_ping_ms: u64,
    /// A friend's offers, whose answers are listened for (MQTT).
    offers: Vec<OfferId>,
}

/// What waits for the relay to be ready.
#[derive(Debug, Clone)]
enum Waiting {
    Offer(OfferId, Envelope),
    Answer(ReplyTo, Envelope),
}

impl Conversation {
    /// The conversation of one socket to a relay of `network`, for `room`;
    /// `random` gives the tracker peer id (15 bytes) and the MQTT client id
    /// (10 bytes).
    pub fn new(network: Network, role: Role, room: RoomId, random: [u8; 25]) -> Conversation {
        let mut peer = [0; 15];
        peer.copy_from_slice(&random[..15]);
        let mut client = [0; 10];
        client.copy_from_slice(&random[15..]);
        Conversation {
            network,
            role,
            room,
            info_hash: room.info_hash(),
            peer_id: TrackerId::from_bytes(peer),
            client_id: mqtt::client_id(client),
            decoder: mqtt::Decoder::new(),
            ready: false,
            announced: false,
            waiting: Vec::new(),
            next_packet_id: 1,
            interval_ms: DEFAULT_ANNOUNCE_MS,
            next_announce_ms: u64::MAX,
            next_ping_ms: u64::MAX,
            offers: Vec::new(),
        }
    }

    pub fn network(&self) -> Network {
        self.network
    }

    /// Whether the relay can carry messages now.
    pub fn is_ready(&self) -> bool {
        self.ready
    }

    /// The socket opened at `now_ms`.
    pub fn opened(&mut self, now_ms: u64) -> Vec<Send> {
        match self.network {
            Network::Tracker => self.became_ready(now_ms),
            Network::Mqtt => {
                self.next_ping_ms = now_ms.saturating_add(PING_MS);
                encode(&Packet::Connect {
                    client_id: self.client_id.clone(),
                    keep_alive_s: mqtt::KEEP_ALIVE_S,
                })
            }
        }
    }

    /// The relay is ready: the host announces or subscribes, and what
    /// waited goes.
    fn became_ready(&mut self, now_ms: u64) -> Vec<Send> {
        self.ready = true;
        let mut out = Vec::new();
        if self.role == Role::Host {
            match self.network {
                Network::Tracker => {
                    out.push(Send::Text(tracker::announce(
                        &self.info_hash,
                        &self.peer_id,
                        Event::Started,
                        &[],
                    )));
                    self.announced = true;
                    self.next_announce_ms = now_ms.saturating_add(self.interval_ms);
                }
                Network::Mqtt => {
                    let topic = mqtt::host_topic(&self.room);
                    out.extend(self.subscribe(topic));
                }
            }
        }
        for waiting in std::mem::take(&mut self.waiting) {
            out.extend(match waiting {
                Waiting::Offer(id, envelope) => self.offer(id, &envelope),
                Waiting::Answer(to, envelope) => self.answer(&to, &envelope),
            });
        }
        out
    }

    fn subscribe(&mut self, topic: String) -> Vec<Send> {
        let packet_id = self.next_packet_id;
        self.next_packet_id = self.next_packet_id.checked_add(1).unwrap_or(1);
        encode(&Packet::Subscribe {
            packet_id,
            topics: vec![topic],
        })
    }

    /// A friend's offer `id`, sealed: sent now if the relay is ready, else
    /// when it is.
    pub fn offer(&mut self, id: OfferId, envelope: &Envelope) -> Vec<Send> {
        if !self.ready {
            self.wait(Waiting::Offer(id, envelope.clone()));
            return Vec::new();
        }
        match self.network {
            Network::Tracker => {
                let event = if self.announced {
                    Event::Update
                } else {
                    Event::Started
                };
                self.announced = true;
                vec![Send::Text(tracker::announce_offer(
                    &self.info_hash,
                    &self.peer_id,
                    event,
                    &tracker_offer_id(&id),
                    envelope,
                    tracker::OFFER_COPIES,
                ))]
            }
            Network::Mqtt => {
                self.offers.push(id);
                if self.offers.len() > MAX_WAITING {
                    self.offers.remove(0);
                }
                let mut out = self.subscribe(mqtt::answer_topic(&self.room, &id));
                out.extend(encode(&Packet::Publish {
                    topic: mqtt::host_topic(&self.room),
                    payload: envelope.to_bytes(),
                    retain: false,
                }));
                out
            }
        }
    }

    /// The host's sealed answer, back the way its offer came.
    pub fn answer(&mut self, to: &ReplyTo, envelope: &Envelope) -> Vec<Send> {
        if !self.ready {
            self.wait(Waiting::Answer(to.clone(), envelope.clone()));
            return Vec::new();
        }
        match (self.network, to) {
            (Network::Tracker, ReplyTo::Tracker { peer_id, offer_id }) => {
                vec![Send::Text(tracker::answer(
                    &self.info_hash,
                    &self.peer_id,
                    peer_id,
                    offer_id,
                    envelope,
                ))]
            }
            (Network::Mqtt, ReplyTo::Mqtt) => encode(&Packet::Publish {
                topic: mqtt::answer_topic(&self.room, &envelope.offer_id),
                payload: envelope.to_bytes(),
                retain: false,
            }),
            // An answer for another network's relay: not this socket's.
            _ => Vec::new(),
        }
    }

    fn wait(&mut self, waiting: Waiting) {
        if self.waiting.len() == MAX_WAITING {
            self.waiting.remove(0);
        }
        self.waiting.push(waiting);
    }

    /// Leaving: a tracker is told (`stopped`), a broker disconnected. The
    /// page closes the socket after sending this.
    pub fn leave(&mut self) -> Vec<Send> {
        let out = match (self.network, self.ready) {
            (Network::Tracker, true) if self.announced => vec![Send::Text(tracker::announce(
                &self.info_hash,
                &self.peer_id,
                Event::Stopped,
                &[],
            ))],
            (Network::Mqtt, true) => encode(&Packet::Disconnect),
            _ => Vec::new(),
        };
        self.ready = false;
        self.announced = false;
        self.waiting.clear();
        out
    }

    /// What is due at `now_ms`: the host's announce again, a ping.
    pub fn tick(&mut self, now_ms: u64) -> Vec<Send> {
        if !self.ready {
            return Vec::new();
        }
        let mut out = Vec::new();
        if self.role == Role::Host
            && self.network == Network::Tracker
            && now_ms >= self.next_announce_ms
        {
            out.push(Send::Text(tracker::announce(
                &self.info_hash,
                &self.peer_id,
                Event::Update,
                &[],
            )));
            self.next_announce_ms = now_ms.saturating_add(self.interval_ms);
        }
        if self.network == Network::Mqtt && now_ms >= self.next_ping_ms {
            out.extend(encode(&Packet::PingReq));
            self.next_ping_ms = now_ms.saturating_add(PING_MS);
        }
        out
    }

    /// A text frame from the relay.
    ///
    /// # Errors
    /// A message the tracker wire refuses, a tracker's failure, a text
    /// frame from a broker. Nothing changes.
    pub fn text(&mut self, text: &str, now_ms: u64) -> Result<Vec<Heard>, RelayError> {
        if self.network != Network::Tracker {
            return Err(RelayError::WrongFrame);
        }
        let message = tracker::parse(text)?;
        if message.info_hash().is_some_and(|h| *h != self.info_hash) {
            // Another swarm's (a socket serves one room here): not ours.
            return Ok(Vec::new());
        }
        Ok(match message {
            TrackerMessage::Offer {
                peer_id,
                offer_id,
                envelope,
                ..
            } if self.role == Role::Host => vec![Heard::Offer {
                envelope,
                reply: ReplyTo::Tracker { peer_id, offer_id },
            }],
            TrackerMessage::Answer { envelope, .. } if self.role == Role::Friend => {
                vec![Heard::Answer { envelope }]
            }
            TrackerMessage::Announced { interval_s, .. } => {
                if let Some(s) = interval_s {
                    self.interval_ms =
                        (u64::from(s) * 1000).clamp(MIN_ANNOUNCE_MS, MAX_ANNOUNCE_MS);
                    if self.announced && self.role == Role::Host {
                        self.next_announce_ms = now_ms.saturating_add(self.interval_ms);
                    }
                }
                Vec::new()
            }
            TrackerMessage::Failure { reason, .. } => {
                return Err(RelayError::TrackerFailure(reason));
            }
            // A friend's copy of another friend's offer, or an answer at
            // the host: not for this page.
            _ => Vec::new(),
        })
    }

    /// A binary frame from the relay: what it means, and what to send
    /// back (the subscriptions once the broker accepts us).
    ///
    /// # Errors
    /// A frame the MQTT decoder refuses (the stream lost its framing:
    /// close the socket), the broker's refusal, a binary frame from a
    /// tracker.
    pub fn bytes(
        &mut self,
        bytes: &[u8],
        now_ms: u64,
    ) -> Result<(Vec<Heard>, Vec<Send>), RelayError> {
        if self.network != Network::Mqtt {
            return Err(RelayError::WrongFrame);
        }
        let packets = self.decoder.feed(bytes)?;
        let mut heard = Vec::new();
        let mut out = Vec::new();
        for packet in packets {
            match packet {
                Packet::ConnAck { code: 0, .. } if !self.ready => {
                    out.extend(self.became_ready(now_ms));
                }
                Packet::ConnAck { code, .. } if code != 0 => {
                    return Err(RelayError::BrokerRefused(code));
                }
                Packet::Publish { topic, payload, .. } => {
                    if let Some(h) = self.published(&topic, &payload) {
                        heard.push(h);
                    }
                }
                // SUBACK, PINGRESP, a second CONNACK: nothing to do.
                _ => {}
            }
        }
        Ok((heard, out))
    }

    /// A message published on a topic we listen to.
    fn published(&self, topic: &str, payload: &[u8]) -> Option<Heard> {
        let envelope = Envelope::from_bytes(payload).ok()?;
        match self.role {
            Role::Host if topic == mqtt::host_topic(&self.room) => Some(Heard::Offer {
                envelope,
                reply: ReplyTo::Mqtt,
            }),
            Role::Friend
                if self
                    .offers
                    .iter()
                    .any(|id| topic == mqtt::answer_topic(&self.room, id)) =>
            {
                Some(Heard::Answer { envelope })
            }
            _ => None,
        }
    }
}

/// One packet's bytes to send; a packet that cannot be written (never
/// for the ones built here) sends nothing.
fn encode(packet: &Packet) -> Vec<Send> {
    packet.encode().map(Send::Bytes).into_iter().collect()
}
