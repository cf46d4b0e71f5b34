//! What the relays carry: a sealed envelope, and the two messages inside.
//!
//! # The envelope
//! The bytes a relay carries (raw as an MQTT payload; base64url, no
//! padding, in the `sdp` field of a tracker's offer or answer):
//!
//! | bytes | what |
//! |---|---|
//! | 1 | envelope version ([`ENVELOPE_VERSION`]) |
//! | 1 | kind: `O` a friend's offer, `A` the host's answer |
//! | 8 | the offer id ([`OFFER_ID_LEN`]): the offer's own, or the one answered |
//! | 12 | the AES-GCM IV ([`IV_LEN`]), random for every message |
//! | 16 to [`MAX_CIPHERTEXT`] | the AES-GCM ciphertext, its 16-byte tag last |
//!
//! The browser encrypts with WebCrypto (`AES-GCM`, 128-bit tag) under the
//! key derived from the link's secret, with [`additional_data`] as the
//! `additionalData`: the room id followed by the envelope's first 10 bytes
//! (version, kind, offer id). So a relay cannot move a message to another
//! room, turn an offer into an answer or an answer into the answer to
//! another offer: decryption fails. Anyone without the key cannot make a
//! message that decrypts.
//!
//! # The messages inside
//! The plaintext of an offer ([`FriendOffer`]):
//!
//! | bytes | what |
//! |---|---|
//! | 8 | sent at: milliseconds since 1970, big-endian (the friend's clock) |
//! | 1 + n | the friend's name (length, UTF-8, at most 32 bytes, clean) |
//! | 1 | the seat asked for, or 255 for "the next free seat" |
//! | … | the WebRTC offer, compacted as in invite codes (`online/sdp`) |
//! | 0 or 16 | the proof of the seat's key ([`SeatProof`]), from a friend who holds one for the seat asked for |
//!
//! The plaintext of an answer ([`HostAnswer`]):
//!
//! | bytes | what |
//! |---|---|
//! | 8 | sent at (the host's clock) |
//! | 1 | 0 seated, 1 refused: the table is full, 2 refused: locked, 3 refused: the name is taken, 4 asked: the seat is held and the host is asked, 5 refused: the host kept the seat for its player |
//! | seated: 1 | the seat given |
//! | seated: … | the WebRTC answer, compacted |
//! | asked, kept: 1 + (1 + n) | the held seat, and the name of its player |
//!
//! An offer without a proof reads as before; a host before issue 36
//! refuses one with a proof (bytes left over), and a friend's page before
//! it drops an answer of kind 4 or 5 (it knocks on, then says the host
//! did not answer).
//!
//! The offer id is not repeated inside: it is bound by the additional data.
//! The times let the host refuse an old offer a relay replays after the
//! host forgot the offer ids it saw ([`SeenOffers`]).

use super::seat_key::{SeatProof, PROOF_LEN};
use super::{OfferId, RoomId, IV_LEN, OFFER_ID_LEN, TAG_LEN};
use crate::codec::{self, Reader, Writer};
use crate::online::protocol::clean_name;
use crate::online::sdp::CompactSdp;
use crate::rules::Seat;
use std::collections::BTreeMap;

/// The envelope format this code writes and reads.
pub const ENVELOPE_VERSION: u8 = 1;
/// Bytes before the IV: version, kind, offer id.
pub const HEADER_LEN: usize = 2 + OFFER_ID_LEN;
/// The longest ciphertext accepted, tag included (an offer with the most
/// candidates is about 400 bytes).
pub const MAX_CIPHERTEXT: usize = 1024;
/// The longest envelope, in bytes.
pub const MAX_ENVELOPE: usize = HEADER_LEN + IV_LEN + MAX_CIPHERTEXT;
/// The longest ciphertext of a carried frame, tag included: a stream's
/// fragment and its header ([`super::stream::MAX_FRAGMENT`]), with room.
pub const MAX_CARRIED_CIPHERTEXT: usize = super::stream::MAX_FRAGMENT + 64;
/// The longest carried envelope, in bytes (well under a broker's packet
/// limit, [`super::mqtt::MAX_PACKET`]).
pub const MAX_CARRIED_ENVELOPE: usize = HEADER_LEN + IV_LEN + MAX_CARRIED_CIPHERTEXT;
/// The longest envelope text (base64url of [`MAX_ENVELOPE`] bytes).
pub const MAX_ENVELOPE_CHARS: usize = MAX_ENVELOPE.div_ceil(3) * 4;
/// The seat byte of an offer that asks for no seat in particular.
pub const ANY_SEAT: u8 = 255;
/// How far a message's time may be from the reader's clock, either way,
/// in milliseconds: phones' clocks differ, but not by minutes.
pub const MAX_CLOCK_GAP_MS: u64 = 5 * 60 * 1000;

/// Why an envelope or the message inside it was refused. Nothing is
/// changed by a refused message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnvelopeError {
    #[error("the message is {len} long, more than {max}")]
    TooLong { len: usize, max: usize },
    #[error("character {position} of the message is not base64url")]
    NotBase64 { position: usize },
    #[error("the message is cut short")]
    Truncated,
    #[error("the message was made by another version of the game (envelope {0})")]
    UnsupportedVersion(u8),
    #[error("the message is of no known kind ({0})")]
    UnknownKind(u8),
    #[error("expected {expected:?}, found {found:?}")]
    WrongKind {
        expected: MessageKind,
        found: MessageKind,
    },
    #[error("the message decrypted but its content does not fit")]
    BadPayload,
}

/// The kinds of message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MessageKind {
    /// A friend's offer, to the host.
    Offer,
    /// The host's answer, to the friend whose offer it answers.
    Answer,
    /// A frame of the table's own messages from a friend to the host,
    /// carried by the brokers when no direct connection opens (issue 38;
    /// the offer id is the one the friend was seated by).
    ToHost,
    /// A frame of the table's own messages from the host to a friend.
    ToFriend,
}

impl MessageKind {
    pub fn byte(self) -> u8 {
        match self {
            MessageKind::Offer => b'O',
            MessageKind::Answer => b'A',
            MessageKind::ToHost => b'H',
            MessageKind::ToFriend => b'F',
        }
    }

    /// Whether this kind carries the table's messages (a frame of a
    /// connection through the brokers), not signaling.
    pub fn is_carried(self) -> bool {
        matches!(self, MessageKind::ToHost | MessageKind::ToFriend)
    }
}

/// A sealed message as the relays carry it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    pub kind: MessageKind,
    pub offer_id: OfferId,
    pub iv: [u8; IV_LEN],
    /// The AES-GCM output: ciphertext then tag.
    pub ciphertext: Vec<u8>,
}

/// The AES-GCM additional data for a message: the room id, then the
/// envelope's header (version, kind byte, offer id). 26 bytes.
pub fn additional_data(room: &RoomId, kind: MessageKind, offer_id: &OfferId) -> Vec<u8> {
    let mut w = Writer::with_capacity(room.0.len() + HEADER_LEN);
    w.bytes(&room.0);
    w.u8(ENVELOPE_VERSION);
    w.u8(kind.byte());
    w.bytes(&offer_id.0);
    w.into_bytes()
}

impl Envelope {
    /// This envelope's additional data in `room` (see [`additional_data`]).
    pub fn additional_data(&self, room: &RoomId) -> Vec<u8> {
        additional_data(room, self.kind, &self.offer_id)
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = Writer::with_capacity(HEADER_LEN + IV_LEN + self.ciphertext.len());
        w.u8(ENVELOPE_VERSION);
        w.u8(self.kind.byte());
        w.bytes(&self.offer_id.0);
        w.bytes(&self.iv);
        w.bytes(&self.ciphertext);
        w.into_bytes()
    }

    /// The envelope as base64url, for a tracker's `sdp` field.
    pub fn to_text(&self) -> String {
        codec::base64url_encode(&self.to_bytes())
    }

    /// Reads an envelope's bytes (an MQTT payload).
    ///
    /// # Errors
    /// [`EnvelopeError::TooLong`] past [`MAX_ENVELOPE`] bytes (a carried
    /// frame: [`MAX_CARRIED_ENVELOPE`]),
    /// [`EnvelopeError::Truncated`] for less than a header, an IV and a
    /// tag, another version, an unknown kind.
    pub fn from_bytes(bytes: &[u8]) -> Result<Envelope, EnvelopeError> {
        // Signaling is short; only carried frames may be longer.
        let carried = matches!(bytes.get(1), Some(b'H' | b'F'));
        let max = if carried {
            MAX_CARRIED_ENVELOPE
        } else {
            MAX_ENVELOPE
        };
        if bytes.len() > max {
            return Err(EnvelopeError::TooLong {
                len: bytes.len(),
                max,
            });
        }
        if bytes.len() < HEADER_LEN + IV_LEN + TAG_LEN {
            return Err(EnvelopeError::Truncated);
        }
        let mut r = Reader::new(bytes);
        let truncated = |_| EnvelopeError::Truncated;
        let version = r.u8().map_err(truncated)?;
        if version != ENVELOPE_VERSION {
            return Err(EnvelopeError::UnsupportedVersion(version));
        }
        let kind = match r.u8().map_err(truncated)? {
            b'O' => MessageKind::Offer,
            b'A' => MessageKind::Answer,
            b'H' => MessageKind::ToHost,
            b'F' => MessageKind::ToFriend,
            other => return Err(EnvelopeError::UnknownKind(other)),
        };
        let offer_id = r.take(OFFER_ID_LEN).map_err(truncated)?;
        let iv = r.take(IV_LEN).map_err(truncated)?;
        Ok(Envelope {
            kind,
            offer_id: OfferId(offer_id.try_into().map_err(|_| EnvelopeError::Truncated)?),
            iv: iv.try_into().map_err(|_| EnvelopeError::Truncated)?,
            ciphertext: r.rest().to_vec(),
        })
    }

    /// Reads an envelope's text (a tracker's `sdp` field).
    ///
    /// # Errors
    /// As [`Envelope::from_bytes`], and [`EnvelopeError::NotBase64`].
    pub fn from_text(text: &str) -> Result<Envelope, EnvelopeError> {
        if text.len() > MAX_ENVELOPE_CHARS {
            return Err(EnvelopeError::TooLong {
                len: text.len(),
                max: MAX_ENVELOPE_CHARS,
            });
        }
        let bytes = codec::base64url_decode(text).map_err(|e| match e {
            codec::Base64Error::NotBase64 { position } => EnvelopeError::NotBase64 { position },
            codec::Base64Error::Truncated => EnvelopeError::Truncated,
        })?;
        Envelope::from_bytes(&bytes)
    }

    fn expect(&self, kind: MessageKind) -> Result<(), EnvelopeError> {
        if self.kind == kind {
            Ok(())
        } else {
            Err(EnvelopeError::WrongKind {
                expected: kind,
                found: self.kind,
            })
        }
    }
}

/// A friend's offer: who asks, for which seat, and how to reach them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FriendOffer {
    /// Random, new for every attempt.
    pub offer_id: OfferId,
    /// Milliseconds since 1970 by the friend's clock.
    pub sent_at_ms: u64,
    /// The friend's name, cleaned when written.
    pub name: String,
    /// The seat the host gave this name before (a reload), if any.
    pub seat: Option<Seat>,
    pub offer: CompactSdp,
    /// The proof that this friend holds `seat`'s key (they sat there
    /// before), if they do.
    pub proof: Option<SeatProof>,
}

impl FriendOffer {
    /// The bytes to encrypt.
    pub fn plaintext(&self) -> Vec<u8> {
        let mut w = Writer::new();
        w.u64_be(self.sent_at_ms);
        w.text(&clean_name(&self.name));
        w.u8(self.seat.map_or(ANY_SEAT, |s| s.0));
        self.offer.write(&mut w);
        if let Some(proof) = &self.proof {
            w.bytes(&proof.0);
        }
        w.into_bytes()
    }

    /// The additional data to encrypt it with, in `room`.
    pub fn additional_data(&self, room: &RoomId) -> Vec<u8> {
        additional_data(room, MessageKind::Offer, &self.offer_id)
    }

    /// Reads the offer decrypted from `envelope`.
    ///
    /// # Errors
    /// [`EnvelopeError::WrongKind`] for an answer,
    /// [`EnvelopeError::BadPayload`] for a plaintext that does not fit: cut
    /// short, a name [`clean_name`] would change, a seat past 7, an offer
    /// failing [`CompactSdp::validate`], bytes left over.
    pub fn read(envelope: &Envelope, plaintext: &[u8]) -> Result<FriendOffer, EnvelopeError> {
        envelope.expect(MessageKind::Offer)?;
        let mut r = Reader::new(plaintext);
        let offer = (|| {
            let sent_at_ms = r.u64_be().ok()?;
            let name = r.text().ok()?;
            let seat = match r.u8().ok()? {
                ANY_SEAT => None,
                s @ 0..=7 => Some(Seat(s)),
                _ => return None,
            };
            let offer = CompactSdp::read(&mut r)?;
            let proof = match r.remaining() {
                0 => None,
                PROOF_LEN => Some(SeatProof(r.take(PROOF_LEN).ok()?.try_into().ok()?)),
                _ => return None,
            };
            (clean_name(&name) == name).then_some(FriendOffer {
                offer_id: envelope.offer_id,
                sent_at_ms,
                name,
                seat,
                offer,
                proof,
            })
        })();
        match offer {
            Some(offer) if r.is_empty() => Ok(offer),
            _ => Err(EnvelopeError::BadPayload),
        }
    }
}

/// Why the host turned a friend away.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Every online seat is taken.
    TableFull,
    /// The host locked the table.
    Locked,
    /// A seated friend already has this name.
    NameTaken,
    /// The host kept `seat` for the person who held it (they refused this
    /// friend's request, or the friend asked for a seat its player is in).
    Kept { seat: Seat, name: String },
}

/// The seat a watcher's answer names on the wire: the host's, which a
/// friend never takes.
const WATCHING_SEAT: u8 = 0;

/// The host's reply to an offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatReply {
    Seated {
        seat: Seat,
        answer: CompactSdp,
    },
    Refused(Refused),
    /// The watch link's door let a watcher in: its answer completes the
    /// connection. On the wire it is a seat's answer naming seat 0, the
    /// host's own, which no friend is ever given (as builds before issue
    /// 37 sent it).
    Watching {
        answer: CompactSdp,
    },
    /// `seat` is held by `name`, who is away: the host is asked whether
    /// this friend may take it. Not an end: the friend knocks on, and the
    /// host answers a later knock (or this one) once they chose.
    Asked {
        seat: Seat,
        name: String,
    },
}

/// The host's answer to one offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostAnswer {
    /// The offer this answers.
    pub offer_id: OfferId,
    /// Milliseconds since 1970 by the host's clock.
    pub sent_at_ms: u64,
    pub reply: SeatReply,
}

impl HostAnswer {
    /// The bytes to encrypt.
    pub fn plaintext(&self) -> Vec<u8> {
        let mut w = Writer::new();
        w.u64_be(self.sent_at_ms);
        match &self.reply {
            SeatReply::Seated { seat, answer } => {
                w.u8(0);
                w.u8(seat.0);
                answer.write(&mut w);
            }
            SeatReply::Watching { answer } => {
                w.u8(0);
                w.u8(WATCHING_SEAT);
                answer.write(&mut w);
            }
            SeatReply::Refused(Refused::TableFull) => w.u8(1),
            SeatReply::Refused(Refused::Locked) => w.u8(2),
            SeatReply::Refused(Refused::NameTaken) => w.u8(3),
            SeatReply::Asked { seat, name } => {
                w.u8(4);
                w.u8(seat.0);
                w.text(&clean_name(name));
            }
            SeatReply::Refused(Refused::Kept { seat, name }) => {
                w.u8(5);
                w.u8(seat.0);
                w.text(&clean_name(name));
            }
        }
        w.into_bytes()
    }

    /// The additional data to encrypt it with, in `room`.
    pub fn additional_data(&self, room: &RoomId) -> Vec<u8> {
        additional_data(room, MessageKind::Answer, &self.offer_id)
    }

    /// Reads the answer decrypted from `envelope`.
    ///
    /// # Errors
    /// [`EnvelopeError::WrongKind`] for an offer,
    /// [`EnvelopeError::BadPayload`] for a plaintext that does not fit.
    pub fn read(envelope: &Envelope, plaintext: &[u8]) -> Result<HostAnswer, EnvelopeError> {
        envelope.expect(MessageKind::Answer)?;
        let mut r = Reader::new(plaintext);
        let answer = (|| {
            let sent_at_ms = r.u64_be().ok()?;
            let reply = match r.u8().ok()? {
                0 => {
                    let seat = Seat(r.u8().ok()?);
                    let answer = CompactSdp::read(&mut r)?;
                    match seat.0 {
                        WATCHING_SEAT => SeatReply::Watching { answer },
                        1..8 => SeatReply::Seated { seat, answer },
                        _ => return None,
                    }
                }
                1 => SeatReply::Refused(Refused::TableFull),
                2 => SeatReply::Refused(Refused::Locked),
                3 => SeatReply::Refused(Refused::NameTaken),
                kind @ (4 | 5) => {
                    let seat = Seat(r.u8().ok()?);
                    let name = r.text().ok()?;
                    if seat.0 >= 8 || clean_name(&name) != name {
                        return None;
                    }
                    if kind == 4 {
                        SeatReply::Asked { seat, name }
                    } else {
                        SeatReply::Refused(Refused::Kept { seat, name })
                    }
                }
                _ => return None,
            };
            Some(HostAnswer {
                offer_id: envelope.offer_id,
                sent_at_ms,
                reply,
            })
        })();
        match answer {
            Some(answer) if r.is_empty() => Ok(answer),
            _ => Err(EnvelopeError::BadPayload),
        }
    }
}

/// Whether a message sent at `sent_at_ms` (the sender's clock) may be
/// taken at `now_ms` (the reader's): within [`MAX_CLOCK_GAP_MS`] either
/// way.
pub fn is_fresh(sent_at_ms: u64, now_ms: u64) -> bool {
    sent_at_ms.abs_diff(now_ms) <= MAX_CLOCK_GAP_MS
}

/// The offers a host has already taken, so that a relay replaying one (or
/// two relays carrying the same) seats nobody twice. An offer is
/// remembered for as long as [`is_fresh`] would let it in; older ones are
/// refused by their time, so the list stays short.
#[derive(Debug, Clone, Default)]
pub struct SeenOffers {
    seen: BTreeMap<OfferId, u64>,
}

/// The most offers [`SeenOffers`] remembers; past it, it refuses every new
/// offer until old ones expire (a flood costs the flooder, not the table).
pub const MAX_SEEN_OFFERS: usize = 512;

impl SeenOffers {
    pub fn new() -> SeenOffers {
        SeenOffers::default()
    }

    /// Whether `offer` is new and fresh at `now_ms`; if so it is remembered
    /// and the host goes on to answer it. A replay, a stale offer or one
    /// past [`MAX_SEEN_OFFERS`] gives `false` and changes nothing.
    pub fn admit(&mut self, offer: &FriendOffer, now_ms: u64) -> bool {
        if !is_fresh(offer.sent_at_ms, now_ms) {
            return false;
        }
        self.seen.retain(|_, &mut at| is_fresh(at, now_ms));
        if self.seen.contains_key(&offer.offer_id) || self.seen.len() >= MAX_SEEN_OFFERS {
            return false;
        }
        self.seen.insert(offer.offer_id, offer.sent_at_ms);
        true
    }

    /// How many offers are remembered.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }
}
