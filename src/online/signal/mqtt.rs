//! The second network: MQTT 3.1.1 brokers over a WebSocket.
//!
//! Chosen over Nostr relays: Nostr wants a secp256k1 Schnorr signature on
//! every event (a large dependency for a page); MQTT wants none. Public
//! brokers take a WebSocket with the sub-protocol [`WS_PROTOCOL`] and
//! binary frames, each holding MQTT packets (a frame may hold several, or
//! part of one: [`Decoder`] takes any chunks).
//!
//! Only what signalling needs, all at QoS 0 (at most once; a lost message
//! is sent again by the retry policy): CONNECT with a clean session,
//! CONNACK, SUBSCRIBE / SUBACK, PUBLISH, PINGREQ / PINGRESP, DISCONNECT.
//!
//! The room's topics ([`host_topic`], [`answer_topic`]): the host
//! subscribes to `ono99/<room id hex>/host`, where friends publish their
//! sealed offers; a friend subscribes to `ono99/<room id hex>/<offer id
//! hex>` before publishing, and the host publishes its answer there. The
//! payload is the envelope's bytes. A broker sees the room id (a hash of
//! the secret, not the secret) and the offer ids, never a name or an
//! address.
//!
//! `tests/signal/capture-mqtt.mjs` ran a host's and a friend's packets
//! through a real broker (npm `aedes`, started by `tests/e2e/relays.mjs`)
//! over a WebSocket on loopback; what it sent back is kept in `tests/signal/mqtt-replies.txt` and
//! decoded by the tests.
//!
//! Packet layout (MQTT 3.1.1, OASIS standard, §2–3): a first byte (type
//! in the high 4 bits, flags in the low 4), the remaining length (1 to 4
//! bytes, 7 bits each, low first, the high bit saying "more"), then the
//! variable header and payload. Strings are a 2-byte big-endian length
//! and UTF-8.

use super::{hex, MessageKind, OfferId, RoomId};
use crate::codec::{Reader, Writer};

/// The WebSocket sub-protocol to ask for.
pub const WS_PROTOCOL: &str = "mqtt";
/// The first part of every topic of ours.
pub const TOPIC_PREFIX: &str = "ono99";
/// Seconds between packets we promise the broker (it closes the
/// connection after 1.5 times as long without one; send PINGREQ when
/// idle for this long).
pub const KEEP_ALIVE_S: u16 = 30;
/// The largest packet read, in bytes, header included: a sealed offer and
/// its topic are under 1.2 KB.
pub const MAX_PACKET: usize = 8 * 1024;
/// The largest chunk [`Decoder::feed`] takes at once.
pub const MAX_CHUNK: usize = 64 * 1024;
/// The longest client id every broker must take (§3.1.3.1).
pub const MAX_CLIENT_ID: usize = 23;
/// The largest remaining length the 4-byte encoding can say.
const MAX_REMAINING: usize = 268_435_455;

/// Why a packet could not be written or read. A [`Decoder`] that refused
/// a packet refuses everything after it: close the connection.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MqttError {
    #[error("the remaining length takes more than 4 bytes")]
    LengthTooLong,
    #[error("a packet of {len} bytes, more than {max}")]
    TooLarge { len: usize, max: usize },
    #[error("a chunk of {len} bytes, more than {max}")]
    ChunkTooLarge { len: usize, max: usize },
    #[error("packet type {0} is not one this client uses")]
    UnexpectedPacket(u8),
    #[error("a malformed packet: {0}")]
    Malformed(&'static str),
    #[error("a packet this client does not use: {0}")]
    Unsupported(&'static str),
    #[error("the connection already sent a malformed packet")]
    Broken,
}

/// The packets signalling uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Packet {
    /// Always a clean session, with no will, user or password.
    Connect {
        client_id: String,
        keep_alive_s: u16,
    },
    /// `code` 0 is accepted; 1 to 5 are the broker's refusals (§3.2.2.3).
    ConnAck {
        session_present: bool,
        code: u8,
    },
    /// Every topic at QoS 0.
    Subscribe {
        packet_id: u16,
        topics: Vec<String>,
    },
    /// One code a topic: 0 to 2 granted (the QoS), 0x80 refused.
    SubAck {
        packet_id: u16,
        codes: Vec<u8>,
    },
    /// QoS 0: no packet id.
    Publish {
        topic: String,
        payload: Vec<u8>,
        retain: bool,
    },
    PingReq,
    PingResp,
    Disconnect,
}

/// The topic friends publish their offers to and the host reads.
pub fn host_topic(room: &RoomId) -> String {
    format!("{TOPIC_PREFIX}/{}/host", room.hex())
}

/// The topic the host publishes its answer to `offer` on.
pub fn answer_topic(room: &RoomId, offer: &OfferId) -> String {
    format!("{TOPIC_PREFIX}/{}/{}", room.hex(), offer.hex())
}

/// The topic a table's messages for `kind`'s side (to the host, to the
/// friend) travel on, for the connection seated by `offer`, when no
/// direct connection opens (issue 38).
pub fn carry_topic(room: &RoomId, offer: &OfferId, kind: MessageKind) -> String {
    let to = if kind == MessageKind::ToHost {
        "h"
    } else {
        "f"
    };
    format!("{TOPIC_PREFIX}/{}/{}/{to}", room.hex(), offer.hex())
}

/// A client id from 10 random bytes: `ono` and 20 hex digits, 23
/// characters of `[0-9a-z]`, which every broker must take.
pub fn client_id(random: [u8; 10]) -> String {
    format!("ono{}", hex(&random))
}

impl Packet {
    /// The packet's bytes.
    ///
    /// # Errors
    /// [`MqttError::Malformed`] for a client id that is not 1 to 23
    /// letters and digits, a subscription without topics or a topic
    /// [`valid_topic`] refuses (a filter may not use wildcards here
    /// either: we subscribe to exact topics), a packet id of 0;
    /// [`MqttError::TooLarge`] past [`MAX_PACKET`].
    pub fn encode(&self) -> Result<Vec<u8>, MqttError> {
        let mut body = Vec::new();
        let first = match self {
            Packet::Connect {
                client_id,
                keep_alive_s,
            } => {
                if !valid_client_id(client_id) {
                    return Err(MqttError::Malformed("client id"));
                }
                put_str(&mut body, "MQTT");
                body.push(4); // protocol level: 3.1.1
                body.push(0x02); // clean session
                body.extend_from_slice(&keep_alive_s.to_be_bytes());
                put_str(&mut body, client_id);
                0x10
            }
            Packet::ConnAck {
                session_present,
                code,
            } => {
                body.push(u8::from(*session_present));
                body.push(*code);
                0x20
            }
            Packet::Subscribe { packet_id, topics } => {
                if *packet_id == 0 {
                    return Err(MqttError::Malformed("packet id"));
                }
                if topics.is_empty() || !topics.iter().all(|t| valid_topic(t)) {
                    return Err(MqttError::Malformed("topic"));
                }
                body.extend_from_slice(&packet_id.to_be_bytes());
                for topic in topics {
                    put_str(&mut body, topic);
                    body.push(0);
                }
                0x82
            }
            Packet::SubAck { packet_id, codes } => {
                body.extend_from_slice(&packet_id.to_be_bytes());
                body.extend_from_slice(codes);
                0x90
            }
            Packet::Publish {
                topic,
                payload,
                retain,
            } => {
                if !valid_topic(topic) {
                    return Err(MqttError::Malformed("topic"));
                }
                put_str(&mut body, topic);
                body.extend_from_slice(payload);
                0x30 | u8::from(*retain)
            }
            Packet::PingReq => 0xc0,
            Packet::PingResp => 0xd0,
            Packet::Disconnect => 0xe0,
        };
        // The remaining length is the codec's LEB128 (7 bits a byte, low
        // first), at most 4 bytes under MAX_PACKET.
        let mut w = Writer::new();
        w.u8(first);
        w.leb(body.len() as u64);
        w.bytes(&body);
        let out = w.into_bytes();
        if out.len() > MAX_PACKET {
            return Err(MqttError::TooLarge {
                len: out.len(),
                max: MAX_PACKET,
            });
        }
        Ok(out)
    }
}

/// A client id every broker must take: 1 to 23 ASCII letters and digits.
pub fn valid_client_id(id: &str) -> bool {
    (1..=MAX_CLIENT_ID).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// A topic we publish or subscribe to: 1 to 255 bytes of UTF-8 without
/// NUL, `+` or `#` (no wildcards: every topic of ours is exact).
pub fn valid_topic(topic: &str) -> bool {
    (1..=255).contains(&topic.len()) && !topic.contains(['\0', '+', '#'])
}

fn put_str(out: &mut Vec<u8>, text: &str) {
    // Callers check lengths; a string past 65,535 bytes cannot reach here.
    let len = text.len().min(usize::from(u16::MAX));
    out.extend_from_slice(&(len as u16).to_be_bytes());
    out.extend_from_slice(&text.as_bytes()[..len]);
}

/// Reads packets from a stream of chunks (WebSocket frames), whatever
/// their cut.
#[derive(Debug, Clone)]
pub struct Decoder {
    buf: Vec<u8>,
    max_packet: usize,
    broken: bool,
}

impl Default for Decoder {
    fn default() -> Decoder {
        Decoder::new()
    }
}

impl Decoder {
    /// A decoder for packets of at most [`MAX_PACKET`] bytes.
    pub fn new() -> Decoder {
        Decoder::with_max_packet(MAX_PACKET)
    }

    pub fn with_max_packet(max_packet: usize) -> Decoder {
        Decoder {
            buf: Vec::new(),
            max_packet,
            broken: false,
        }
    }

    /// Bytes held of a packet not yet whole.
    pub fn pending(&self) -> usize {
        self.buf.len()
    }

    /// Takes the next chunk and returns the packets it completes, in order.
    /// What is left of a packet not yet whole is kept for the next chunk.
    ///
    /// # Errors
    /// [`MqttError`] for a chunk past [`MAX_CHUNK`], a packet past the
    /// size limit (found from its header, before its bytes arrive), a
    /// remaining length longer than 4 bytes, wrong flags, a malformed or
    /// unused packet. After an error the decoder refuses every chunk
    /// ([`MqttError::Broken`]): the stream has lost its framing.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<Vec<Packet>, MqttError> {
        if self.broken {
            return Err(MqttError::Broken);
        }
        let result = self.feed_inner(chunk);
        if result.is_err() {
            self.broken = true;
            self.buf.clear();
        }
        result
    }

    fn feed_inner(&mut self, chunk: &[u8]) -> Result<Vec<Packet>, MqttError> {
        if chunk.len() > MAX_CHUNK {
            return Err(MqttError::ChunkTooLarge {
                len: chunk.len(),
                max: MAX_CHUNK,
            });
        }
        self.buf.extend_from_slice(chunk);
        let mut packets = Vec::new();
        let mut start = 0;
        while let Some((header, remaining)) = frame_header(&self.buf[start..])? {
            let total = header + remaining;
            if total > self.max_packet {
                return Err(MqttError::TooLarge {
                    len: total,
                    max: self.max_packet,
                });
            }
            let Some(packet) = self.buf.get(start..start + total) else {
                break;
            };
            packets.push(decode_packet(packet[0], &packet[header..])?);
            start += total;
        }
        self.buf.drain(..start);
        Ok(packets)
    }
}

/// The header's length and the remaining length of the packet at the start
/// of `bytes`, or `None` while its header is not all there.
fn frame_header(bytes: &[u8]) -> Result<Option<(usize, usize)>, MqttError> {
    let mut remaining = 0usize;
    for i in 0..4 {
        let Some(&byte) = bytes.get(1 + i) else {
            return Ok(None);
        };
        remaining |= usize::from(byte & 0x7f) << (7 * i);
        if byte & 0x80 == 0 {
            return Ok(Some((2 + i, remaining.min(MAX_REMAINING))));
        }
    }
    Err(MqttError::LengthTooLong)
}

/// Reads one whole packet: its first byte and what follows the header.
fn decode_packet(first: u8, body: &[u8]) -> Result<Packet, MqttError> {
    let kind = first >> 4;
    let flags = first & 0x0f;
    let mut r = Reader::new(body);
    let packet = match kind {
        3 => {
            if flags & 0x06 == 0x06 {
                return Err(MqttError::Malformed("QoS 3"));
            }
            if flags & 0x06 != 0 {
                return Err(MqttError::Unsupported("QoS above 0"));
            }
            if flags & 0x08 != 0 {
                return Err(MqttError::Malformed("DUP set at QoS 0"));
            }
            let topic = r.string()?;
            if !valid_topic(&topic) {
                return Err(MqttError::Malformed("topic"));
            }
            let payload = r.take(r.remaining()).map_err(cut)?.to_vec();
            Packet::Publish {
                topic,
                payload,
                retain: flags & 1 == 1,
            }
        }
        1 => {
            no_flags(flags)?;
            if r.string()? != "MQTT" || r.u8().map_err(cut)? != 4 {
                return Err(MqttError::Unsupported("protocol other than MQTT 3.1.1"));
            }
            if r.u8().map_err(cut)? != 0x02 {
                return Err(MqttError::Unsupported(
                    "connect flags other than clean session",
                ));
            }
            let keep_alive_s = r.u16_be().map_err(cut)?;
            let client_id = r.string()?;
            if !valid_client_id(&client_id) {
                return Err(MqttError::Malformed("client id"));
            }
            Packet::Connect {
                client_id,
                keep_alive_s,
            }
        }
        2 => {
            no_flags(flags)?;
            let ack = r.u8().map_err(cut)?;
            let code = r.u8().map_err(cut)?;
            if ack > 1 || code > 5 {
                return Err(MqttError::Malformed("CONNACK"));
            }
            Packet::ConnAck {
                session_present: ack == 1,
                code,
            }
        }
        8 => {
            if flags != 0x02 {
                return Err(MqttError::Malformed("flags"));
            }
            let packet_id = r.packet_id()?;
            let mut topics = Vec::new();
            while !r.is_empty() {
                let topic = r.string()?;
                if r.u8().map_err(cut)? != 0 {
                    return Err(MqttError::Unsupported("QoS above 0"));
                }
                if !valid_topic(&topic) {
                    return Err(MqttError::Malformed("topic"));
                }
                topics.push(topic);
            }
            if topics.is_empty() {
                return Err(MqttError::Malformed("SUBSCRIBE without topics"));
            }
            Packet::Subscribe { packet_id, topics }
        }
        9 => {
            no_flags(flags)?;
            let packet_id = r.packet_id()?;
            let codes = r.take(r.remaining()).map_err(cut)?.to_vec();
            if codes.is_empty() || !codes.iter().all(|c| matches!(c, 0..=2 | 0x80)) {
                return Err(MqttError::Malformed("SUBACK codes"));
            }
            Packet::SubAck { packet_id, codes }
        }
        12 => no_flags(flags).map(|()| Packet::PingReq)?,
        13 => no_flags(flags).map(|()| Packet::PingResp)?,
        14 => no_flags(flags).map(|()| Packet::Disconnect)?,
        other => return Err(MqttError::UnexpectedPacket(other)),
    };
    if r.is_empty() {
        Ok(packet)
    } else {
        Err(MqttError::Malformed("bytes left over"))
    }
}

fn no_flags(flags: u8) -> Result<(), MqttError> {
    if flags == 0 {
        Ok(())
    } else {
        Err(MqttError::Malformed("flags"))
    }
}

/// A body cut short.
fn cut(_: crate::codec::CodecError) -> MqttError {
    MqttError::Malformed("cut short")
}

/// MQTT's reads of a packet's body, over the codec's reader.
trait MqttRead {
    fn packet_id(&mut self) -> Result<u16, MqttError>;
    fn string(&mut self) -> Result<String, MqttError>;
}

impl MqttRead for Reader<'_> {
    fn packet_id(&mut self) -> Result<u16, MqttError> {
        match self.u16_be().map_err(cut)? {
            0 => Err(MqttError::Malformed("packet id 0")),
            id => Ok(id),
        }
    }

    /// A UTF-8 string without NUL (§1.5.3).
    fn string(&mut self) -> Result<String, MqttError> {
        let n = usize::from(self.u16_be().map_err(cut)?);
        let bytes = self.take(n).map_err(cut)?;
        let text = std::str::from_utf8(bytes).map_err(|_| MqttError::Malformed("UTF-8"))?;
        if text.contains('\0') {
            return Err(MqttError::Malformed("NUL in a string"));
        }
        Ok(text.to_string())
    }
}
