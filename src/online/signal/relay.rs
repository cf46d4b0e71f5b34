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
//! One small core ([`Conversation`]: the role, the room, whether the relay
//! is ready and what waits for it) and one strategy per network behind
//! one trait ([`Wire`]: [`TrackerWire`], [`BrokerWire`]): a network's
//! strategy knows only its own messages, and the core never matches on
//! the network.
//!
//! What is sent before the relay is ready (a friend's offer before the
//! socket or the broker's CONNACK) waits, in order, and goes then.
//! Nothing here decrypts: an envelope heard is only well formed; the page
//! opens it with the room's key and drops it if that fails.

use super::envelope::{Envelope, MessageKind};
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
    /// A frame of the table's own messages, carried by a broker for a
    /// connection with no direct path (issue 38): to the host from a
    /// friend, or to a friend from the host, on a connection this page
    /// listens to ([`Conversation::listen_carried`]).
    Carried { envelope: Envelope },
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

/// How often a tracker is announced to when it does not say: under its
/// default `interval` of 120 s, so the socket is never silent that long.
pub const DEFAULT_ANNOUNCE_MS: u64 = 100_000;
/// The shortest and longest announce interval taken from a tracker (a
/// hostile one cannot make the page announce in a loop, or never). The
/// longest keeps every socket from being silent for 120 s: public
/// trackers drop a quiet socket (aquatic_ws after 180 s, the
/// OpenWebTorrent tracker after 240 s), and with it the host's place in
/// the swarm.
pub const MIN_ANNOUNCE_MS: u64 = 30_000;
pub const MAX_ANNOUNCE_MS: u64 = 100_000;
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

/// What a network's strategy sees of the conversation: who this page is,
/// for which room.
#[derive(Debug, Clone, Copy)]
pub struct Side {
    pub role: Role,
    pub room: RoomId,
}

/// One network's way of carrying offers and answers over a socket: what
/// it sends when the socket opens, once ready, on a timer and when
/// leaving, and what each frame from its relay means. Only called by the
/// [`Conversation`], which holds what every network shares.
pub trait Wire: std::fmt::Debug {
    fn network(&self) -> Network;
    /// The socket opened: what to send, and whether the relay is ready
    /// at once (a tracker) or once it says so (a broker's CONNACK).
    fn opened(&mut self, side: Side, now_ms: u64) -> (Vec<Send>, bool);
    /// The relay became ready: what the host sends to listen.
    fn ready(&mut self, side: Side, now_ms: u64) -> Vec<Send>;
    /// A friend's sealed offer `id`, the relay ready.
    fn offer(&mut self, side: Side, id: OfferId, envelope: &Envelope) -> Vec<Send>;
    /// The host's sealed answer back the way its offer came (nothing if
    /// it came by another network).
    fn answer(&mut self, side: Side, to: &ReplyTo, envelope: &Envelope) -> Vec<Send>;
    /// Leaving, the relay ready: a goodbye to the relay.
    fn leave(&mut self, side: Side) -> Vec<Send>;
    /// A sealed frame of the table's messages (an envelope of a carried
    /// kind), the relay ready. Only a broker carries them: a tracker sends
    /// nothing.
    fn carry(&mut self, side: Side, envelope: &Envelope) -> Vec<Send> {
        let _ = (side, envelope);
        Vec::new()
    }
    /// Listens to the frames for this side of the connection seated by
    /// `offer`, the relay ready (a broker only).
    fn listen_carried(&mut self, side: Side, offer: OfferId) -> Vec<Send> {
        let _ = (side, offer);
        Vec::new()
    }
    /// What is due at `now_ms`, the relay ready.
    fn tick(&mut self, side: Side, now_ms: u64) -> Vec<Send>;
    /// A text frame.
    ///
    /// # Errors
    /// As [`Conversation::text`].
    fn text(&mut self, side: Side, text: &str, now_ms: u64) -> Result<Vec<Heard>, RelayError>;
    /// A binary frame: what it means, whether it made the relay ready,
    /// and what to send back.
    ///
    /// # Errors
    /// As [`Conversation::bytes`].
    fn bytes(
        &mut self,
        side: Side,
        bytes: &[u8],
        now_ms: u64,
    ) -> Result<(Vec<Heard>, bool, Vec<Send>), RelayError>;
}

/// A WebTorrent tracker's side of a conversation (its JSON over text
/// frames).
#[derive(Debug, Clone)]
pub struct TrackerWire {
    info_hash: TrackerId,
    peer_id: TrackerId,
    announced: bool,
    interval_ms: u64,
    next_announce_ms: u64,
}

impl TrackerWire {
    pub fn new(room: RoomId, peer: [u8; 15]) -> TrackerWire {
        TrackerWire {
            info_hash: room.info_hash(),
            peer_id: TrackerId::from_bytes(peer),
            announced: false,
            interval_ms: DEFAULT_ANNOUNCE_MS,
            next_announce_ms: u64::MAX,
        }
    }
}

impl Wire for TrackerWire {
    fn network(&self) -> Network {
        Network::Tracker
    }

    fn opened(&mut self, _: Side, _: u64) -> (Vec<Send>, bool) {
        (Vec::new(), true)
    }

    /// The host announces itself to the room's swarm, and again every
    /// interval.
    fn ready(&mut self, side: Side, now_ms: u64) -> Vec<Send> {
        if side.role != Role::Host {
            return Vec::new();
        }
        self.announced = true;
        self.next_announce_ms = now_ms.saturating_add(self.interval_ms);
        vec![Send::Text(tracker::announce(
            &self.info_hash,
            &self.peer_id,
            Event::Started,
            &[],
        ))]
    }

    fn offer(&mut self, _: Side, id: OfferId, envelope: &Envelope) -> Vec<Send> {
        let event = if self.announced {
            Event::Repeat
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

    fn answer(&mut self, _: Side, to: &ReplyTo, envelope: &Envelope) -> Vec<Send> {
        let ReplyTo::Tracker { peer_id, offer_id } = to else {
            return Vec::new();
        };
        vec![Send::Text(tracker::answer(
            &self.info_hash,
            &self.peer_id,
            peer_id,
            offer_id,
            envelope,
        ))]
    }

    fn leave(&mut self, _: Side) -> Vec<Send> {
        let out = if self.announced {
            vec![Send::Text(tracker::announce(
                &self.info_hash,
                &self.peer_id,
                Event::Stopped,
                &[],
            ))]
        } else {
            Vec::new()
        };
        self.announced = false;
        out
    }

    fn tick(&mut self, side: Side, now_ms: u64) -> Vec<Send> {
        if side.role != Role::Host || now_ms < self.next_announce_ms {
            return Vec::new();
        }
        self.next_announce_ms = now_ms.saturating_add(self.interval_ms);
        vec![Send::Text(tracker::announce(
            &self.info_hash,
            &self.peer_id,
            Event::Repeat,
            &[],
        ))]
    }

    fn text(&mut self, side: Side, text: &str, now_ms: u64) -> Result<Vec<Heard>, RelayError> {
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
            } if side.role == Role::Host => vec![Heard::Offer {
                envelope,
                reply: ReplyTo::Tracker { peer_id, offer_id },
            }],
            TrackerMessage::Answer { envelope, .. } if side.role == Role::Friend => {
                vec![Heard::Answer { envelope }]
            }
            TrackerMessage::Announced { interval_s, .. } => {
                if let Some(s) = interval_s {
                    self.interval_ms =
                        (u64::from(s) * 1000).clamp(MIN_ANNOUNCE_MS, MAX_ANNOUNCE_MS);
                    if self.announced && side.role == Role::Host {
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

    fn bytes(
        &mut self,
        _: Side,
        _: &[u8],
        _: u64,
    ) -> Result<(Vec<Heard>, bool, Vec<Send>), RelayError> {
        Err(RelayError::WrongFrame)
    }
}

/// An MQTT broker's side of a conversation (MQTT 3.1.1 packets over
/// binary frames).
#[derive(Debug, Clone)]
pub struct BrokerWire {
    client_id: String,
    decoder: mqtt::Decoder,
    /// The broker accepted us.
    accepted: bool,
    next_packet_id: u16,
    next_ping_ms: u64,
    /// A friend's offers, whose answers are listened for.
    offers: Vec<OfferId>,
    /// The connections whose carried frames this side listens to.
    carried: Vec<OfferId>,
}

impl BrokerWire {
    pub fn new(client: [u8; 10]) -> BrokerWire {
        BrokerWire {
            client_id: mqtt::client_id(client),
            decoder: mqtt::Decoder::new(),
            accepted: false,
            next_packet_id: 1,
            next_ping_ms: u64::MAX,
            offers: Vec::new(),
            carried: Vec::new(),
        }
    }

    fn subscribe(&mut self, topic: String) -> Vec<Send> {
        let packet_id = self.next_packet_id;
        self.next_packet_id = self.next_packet_id.checked_add(1).unwrap_or(1);
        encode(&Packet::Subscribe {
            packet_id,
            topics: vec![topic],
        })
    }

    /// A message published on a topic we listen to.
    fn published(&self, side: Side, topic: &str, payload: &[u8]) -> Option<Heard> {
        let envelope = Envelope::from_bytes(payload).ok()?;
        let inbound = inbound_kind(side.role);
        if envelope.kind.is_carried() {
            // Only this side's frames, on the topic of their connection.
            let fits = envelope.kind == inbound
                && self.carried.contains(&envelope.offer_id)
                && topic == mqtt::carry_topic(&side.room, &envelope.offer_id, inbound);
            return fits.then_some(Heard::Carried { envelope });
        }
        match side.role {
            Role::Host if topic == mqtt::host_topic(&side.room) => Some(Heard::Offer {
                envelope,
                reply: ReplyTo::Mqtt,
            }),
            Role::Friend
                if self
                    .offers
                    .iter()
                    .any(|id| topic == mqtt::answer_topic(&side.room, id)) =>
            {
                Some(Heard::Answer { envelope })
            }
            _ => None,
        }
    }
}

impl Wire for BrokerWire {
    fn network(&self) -> Network {
        Network::Mqtt
    }

    fn opened(&mut self, _: Side, now_ms: u64) -> (Vec<Send>, bool) {
        self.next_ping_ms = now_ms.saturating_add(PING_MS);
        let connect = encode(&Packet::Connect {
            client_id: self.client_id.clone(),
            keep_alive_s: mqtt::KEEP_ALIVE_S,
        });
        (connect, false)
    }

    /// The host subscribes to the room's topic; either side again to the
    /// carried frames it listened for (a broker's new session keeps no
    /// subscription of the socket before it).
    fn ready(&mut self, side: Side, _: u64) -> Vec<Send> {
        let mut out = match side.role {
            Role::Host => self.subscribe(mqtt::host_topic(&side.room)),
            Role::Friend => Vec::new(),
        };
        for offer in self.carried.clone() {
            out.extend(self.subscribe(mqtt::carry_topic(
                &side.room,
                &offer,
                inbound_kind(side.role),
            )));
        }
        out
    }

    /// Subscribed to the offer's answer topic first, then published.
    fn offer(&mut self, side: Side, id: OfferId, envelope: &Envelope) -> Vec<Send> {
        self.offers.push(id);
        if self.offers.len() > MAX_WAITING {
            self.offers.remove(0);
        }
        let mut out = self.subscribe(mqtt::answer_topic(&side.room, &id));
        out.extend(encode(&Packet::Publish {
            topic: mqtt::host_topic(&side.room),
            payload: envelope.to_bytes(),
            retain: false,
        }));
        out
    }

    fn answer(&mut self, side: Side, to: &ReplyTo, envelope: &Envelope) -> Vec<Send> {
        if *to != ReplyTo::Mqtt {
            return Vec::new();
        }
        encode(&Packet::Publish {
            topic: mqtt::answer_topic(&side.room, &envelope.offer_id),
            payload: envelope.to_bytes(),
            retain: false,
        })
    }

    fn leave(&mut self, _: Side) -> Vec<Send> {
        self.accepted = false;
        encode(&Packet::Disconnect)
    }

    /// Published on the topic of the frame's direction and connection.
    fn carry(&mut self, side: Side, envelope: &Envelope) -> Vec<Send> {
        if !envelope.kind.is_carried() || envelope.kind == inbound_kind(side.role) {
            return Vec::new();
        }
        encode(&Packet::Publish {
            topic: mqtt::carry_topic(&side.room, &envelope.offer_id, envelope.kind),
            payload: envelope.to_bytes(),
            retain: false,
        })
    }

    fn listen_carried(&mut self, side: Side, offer: OfferId) -> Vec<Send> {
        if self.carried.contains(&offer) {
            return Vec::new();
        }
        self.carried.push(offer);
        if self.carried.len() > MAX_WAITING {
            self.carried.remove(0);
        }
        self.subscribe(mqtt::carry_topic(
            &side.room,
            &offer,
            inbound_kind(side.role),
        ))
    }

    fn tick(&mut self, _: Side, now_ms: u64) -> Vec<Send> {
        if now_ms < self.next_ping_ms {
            return Vec::new();
        }
        self.next_ping_ms = now_ms.saturating_add(PING_MS);
        encode(&Packet::PingReq)
    }

    fn text(&mut self, _: Side, _: &str, _: u64) -> Result<Vec<Heard>, RelayError> {
        Err(RelayError::WrongFrame)
    }

    fn bytes(
        &mut self,
        side: Side,
        bytes: &[u8],
        _: u64,
    ) -> Result<(Vec<Heard>, bool, Vec<Send>), RelayError> {
        let packets = self.decoder.feed(bytes)?;
        let mut heard = Vec::new();
        let mut became_ready = false;
        for packet in packets {
            match packet {
                Packet::ConnAck { code: 0, .. } if !self.accepted => {
                    self.accepted = true;
                    became_ready = true;
                }
                Packet::ConnAck { code, .. } if code != 0 => {
                    return Err(RelayError::BrokerRefused(code));
                }
                Packet::Publish { topic, payload, .. } => {
                    if let Some(h) = self.published(side, &topic, &payload) {
                        heard.push(h);
                    }
                }
                // SUBACK, PINGRESP, a second CONNACK: nothing to do.
                _ => {}
            }
        }
        Ok((heard, became_ready, Vec::new()))
    }
}

/// The kind of the carried frames a side receives: the host's are to the
/// host, a friend's to the friend.
fn inbound_kind(role: Role) -> MessageKind {
    match role {
        Role::Host => MessageKind::ToHost,
        Role::Friend => MessageKind::ToFriend,
    }
}

/// One relay socket's conversation: the core every network shares, and
/// its network's [`Wire`].
#[derive(Debug)]
pub struct Conversation {
    side: Side,
    wire: Box<dyn Wire>,
    /// The socket is open (a tracker) and the broker accepted us (MQTT).
    ready: bool,
    waiting: Vec<Waiting>,
}

/// What waits for the relay to be ready.
#[derive(Debug, Clone)]
enum Waiting {
    Offer(OfferId, Envelope),
    Answer(ReplyTo, Envelope),
    Carry(Envelope),
    Listen(OfferId),
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
        let wire: Box<dyn Wire> = match network {
            Network::Tracker => Box::new(TrackerWire::new(room, peer)),
            Network::Mqtt => Box::new(BrokerWire::new(client)),
        };
        Conversation {
            side: Side { role, room },
            wire,
            ready: false,
            waiting: Vec::new(),
        }
    }

    pub fn network(&self) -> Network {
        self.wire.network()
    }

    /// Whether the relay can carry messages now.
    pub fn is_ready(&self) -> bool {
        self.ready
    }

    /// The socket opened at `now_ms`.
    pub fn opened(&mut self, now_ms: u64) -> Vec<Send> {
        let (mut out, ready) = self.wire.opened(self.side, now_ms);
        if ready {
            out.extend(self.became_ready(now_ms));
        }
        out
    }

    /// The relay is ready: the host listens, and what waited goes.
    fn became_ready(&mut self, now_ms: u64) -> Vec<Send> {
        self.ready = true;
        let mut out = self.wire.ready(self.side, now_ms);
        for waiting in std::mem::take(&mut self.waiting) {
            out.extend(match waiting {
                Waiting::Offer(id, envelope) => self.offer(id, &envelope),
                Waiting::Answer(to, envelope) => self.answer(&to, &envelope),
                Waiting::Carry(envelope) => self.carry(&envelope),
                Waiting::Listen(offer) => self.listen_carried(offer),
            });
        }
        out
    }

    /// A friend's offer `id`, sealed: sent now if the relay is ready, else
    /// when it is.
    pub fn offer(&mut self, id: OfferId, envelope: &Envelope) -> Vec<Send> {
        if !self.ready {
            self.wait(Waiting::Offer(id, envelope.clone()));
            return Vec::new();
        }
        self.wire.offer(self.side, id, envelope)
    }

    /// The host's sealed answer, back the way its offer came.
    pub fn answer(&mut self, to: &ReplyTo, envelope: &Envelope) -> Vec<Send> {
        if !self.ready {
            self.wait(Waiting::Answer(to.clone(), envelope.clone()));
            return Vec::new();
        }
        self.wire.answer(self.side, to, envelope)
    }

    /// A sealed frame of the table's messages, to the other side of its
    /// connection: sent now if the relay is ready, else when it is. Only a
    /// broker carries it.
    pub fn carry(&mut self, envelope: &Envelope) -> Vec<Send> {
        if !self.ready {
            self.wait(Waiting::Carry(envelope.clone()));
            return Vec::new();
        }
        self.wire.carry(self.side, envelope)
    }

    /// Listens to this side's carried frames of the connection seated by
    /// `offer` (now, or once the relay is ready). A broker only.
    pub fn listen_carried(&mut self, offer: OfferId) -> Vec<Send> {
        if !self.ready {
            self.wait(Waiting::Listen(offer));
            return Vec::new();
        }
        self.wire.listen_carried(self.side, offer)
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
        let out = if self.ready {
            self.wire.leave(self.side)
        } else {
            Vec::new()
        };
        self.ready = false;
        self.waiting.clear();
        out
    }

    /// What is due at `now_ms`: the host's announce again, a ping.
    pub fn tick(&mut self, now_ms: u64) -> Vec<Send> {
        if !self.ready {
            return Vec::new();
        }
        self.wire.tick(self.side, now_ms)
    }

    /// A text frame from the relay.
    ///
    /// # Errors
    /// A message the tracker wire refuses, a tracker's failure, a text
    /// frame from a broker. Nothing changes.
    pub fn text(&mut self, text: &str, now_ms: u64) -> Result<Vec<Heard>, RelayError> {
        self.wire.text(self.side, text, now_ms)
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
        let (heard, ready, mut out) = self.wire.bytes(self.side, bytes, now_ms)?;
        if ready && !self.ready {
            out.extend(self.became_ready(now_ms));
        }
        Ok((heard, out))
    }
}

/// One packet's bytes to send; a packet that cannot be written (never
/// for the ones built here) sends nothing.
fn encode(packet: &Packet) -> Vec<Send> {
    packet.encode().map(Send::Bytes).into_iter().collect()
}
