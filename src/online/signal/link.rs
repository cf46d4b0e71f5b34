//! The table link: one link for every friend of a table (issue 30).
//!
//! `https://…/ono99/#table=<code>`. The code sits in the `#fragment`, which
//! a browser never sends to the page's server, and the page never sends
//! to a relay: the secret stays with whoever has the link.
//!
//! The code is base64url (no padding) of these bytes, framed as invite
//! codes are (`online/codes.rs`), with its own kind byte:
//!
//! | bytes | what |
//! |---|---|
//! | 1 | format version ([`LINK_VERSION`]) |
//! | 1 | kind: `T` (table link) |
//! | 2 | the whole length in bytes, big-endian |
//! | 16 | the secret ([`SECRET_LEN`]) |
//! | 1 + n | the host's name (length, UTF-8; at most 32 bytes) |
//! | 4–8 | the rules (as in invite codes: `codec::Writer::rules`) |
//! | 1 | how many relays (1 to [`MAX_RELAYS`]) |
//! | per relay: 1 | its network: 0 WebTorrent tracker, 1 MQTT broker |
//! | per relay: 1 + n | its WebSocket URL (length, ASCII; at most [`MAX_RELAY_URL`]) |
//! | 4 | CRC-32 (IEEE) of everything before it, big-endian |
//!
//! The watch link (issue 31), `#watch=<code>`, is written the same way
//! with the kind `W` and a secret of its own: it leads to the host's
//! watchers' door, never to a seat. A table link read as a watch link (or
//! the other way round) is [`LinkError::WrongKind`].
//!
//! The CRC only catches a link damaged by accident. Whoever made the link
//! chose its content, so every field is checked on reading.

use super::SECRET_LEN;
use crate::codec::{self, FrameError, Reader, Writer};
use crate::online::protocol::clean_name;
use crate::rules::RuleSet;

/// The link format this code writes and reads.
pub const LINK_VERSION: u8 = 1;
/// What comes before the code in a table link and in a watch link
/// (`crate::routes`).
pub use crate::routes::{TABLE_PREFIX, WATCH_PREFIX};
/// The longest code accepted, in characters.
pub const MAX_LINK_CHARS: usize = 2048;
/// The most relays a link names.
pub const MAX_RELAYS: usize = 8;
/// The longest relay URL, in bytes (as it is written, with `mqtt+`).
pub const MAX_RELAY_URL: usize = 200;
/// The prefix that marks an MQTT broker in a relay line (`mqtt+wss://…`);
/// a plain `wss://` URL is a WebTorrent tracker.
pub const MQTT_PREFIX: &str = "mqtt+";

const KIND: u8 = b'T';
/// The watch link's kind byte.
const WATCH_KIND: u8 = b'W';

/// Why a table link was not accepted. Nothing is changed by a bad link.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("the table link is empty")]
    Empty,
    #[error("the table link is {len} characters long, more than one can be ({max})")]
    TooLong { len: usize, max: usize },
    #[error("character {position} of the table link is not part of a link")]
    NotBase64 { position: usize },
    #[error("the table link is cut short: copy all of it")]
    Truncated,
    #[error("the table link is damaged (its checksum does not match)")]
    BadChecksum,
    #[error("this is not a table link")]
    WrongKind,
    #[error("the table link was made by another version of the game (format {0})")]
    UnsupportedVersion(u8),
    #[error("the table link's checksum is right but its content is not")]
    BadPayload,
}

/// Why a relay line (from Settings or a link) was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RelayError {
    #[error("a relay address starts with wss:// (or mqtt+wss:// for an MQTT broker)")]
    NotWebSocket,
    #[error("the relay address is {len} bytes long, more than {max}")]
    TooLong { len: usize, max: usize },
    #[error("the relay address has a space or a character outside ASCII")]
    BadCharacter,
    #[error("the relay address names no host")]
    NoHost,
    #[error("more than {max} relays")]
    TooMany { max: usize },
}

/// The two networks a relay can belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Network {
    /// A WebTorrent tracker (`tracker.rs`).
    Tracker,
    /// An MQTT 3.1.1 broker reached over a WebSocket (`mqtt.rs`).
    Mqtt,
}

impl Network {
    fn byte(self) -> u8 {
        match self {
            Network::Tracker => 0,
            Network::Mqtt => 1,
        }
    }
}

/// One relay: its network and the WebSocket URL to open.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Relay {
    pub network: Network,
    /// `ws://` or `wss://`, without the `mqtt+` prefix.
    pub url: String,
}

impl Relay {
    /// Reads one relay line: `wss://host/path` is a WebTorrent tracker,
    /// `mqtt+wss://host/path` an MQTT broker (the `mqtt+` is ours: the
    /// browser opens the URL after it). `ws://` is accepted too (loopback
    /// relays in tests; a page served over https may only reach those).
    /// Spaces around the line are ignored.
    ///
    /// # Errors
    /// [`RelayError`]: another scheme, too long, a space or a character
    /// outside printable ASCII inside, or no host.
    pub fn parse(line: &str) -> Result<Relay, RelayError> {
        let line = line.trim();
        if line.len() > MAX_RELAY_URL {
            return Err(RelayError::TooLong {
                len: line.len(),
                max: MAX_RELAY_URL,
            });
        }
        let (network, url) = match line.strip_prefix(MQTT_PREFIX) {
            Some(url) => (Network::Mqtt, url),
            None => (Network::Tracker, line),
        };
        let rest = url
            .strip_prefix("wss://")
            .or_else(|| url.strip_prefix("ws://"))
            .ok_or(RelayError::NotWebSocket)?;
        if !url.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(RelayError::BadCharacter);
        }
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        if host.is_empty() || host.starts_with(':') || host.contains('@') {
            return Err(RelayError::NoHost);
        }
        Ok(Relay {
            network,
            url: url.to_string(),
        })
    }

    /// The relay as a line [`Relay::parse`] reads back.
    pub fn line(&self) -> String {
        match self.network {
            Network::Tracker => self.url.clone(),
            Network::Mqtt => format!("{MQTT_PREFIX}{}", self.url),
        }
    }

    /// The lines of `text` that are relays, the first [`MAX_RELAYS`], the
    /// others skipped: for a stored list that [`Relay::parse_list`]
    /// refuses (a damaged store, or another version's).
    pub fn parse_lenient(text: &str) -> Vec<Relay> {
        text.lines()
            .filter_map(|line| Relay::parse(line).ok())
            .take(MAX_RELAYS)
            .collect()
    }

    /// Reads the Settings field: one relay a line; empty lines are skipped.
    /// An empty field is no relay at all (codes only).
    ///
    /// # Errors
    /// The first refused line's number (from 1) and why; more than
    /// [`MAX_RELAYS`] relays is refused at the first one too many.
    pub fn parse_list(text: &str) -> Result<Vec<Relay>, (usize, RelayError)> {
        let mut relays = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            if relays.len() == MAX_RELAYS {
                return Err((i + 1, RelayError::TooMany { max: MAX_RELAYS }));
            }
            relays.push(Relay::parse(line).map_err(|e| (i + 1, e))?);
        }
        Ok(relays)
    }
}

/// What a table link carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableLink {
    /// Random, from the browser's `crypto.getRandomValues`. The room id and
    /// the key are derived from it (`super::ROOM_ID_INFO`, `super::KEY_INFO`).
    pub secret: [u8; SECRET_LEN],
    /// 1 to [`MAX_RELAYS`]: a friend uses these, whatever their settings.
    pub relays: Vec<Relay>,
    /// At most [`crate::online::protocol::MAX_NAME_BYTES`] bytes (cleaned
    /// when encoding).
    pub host_name: String,
    /// The rules the host set when sharing (shown before joining; the
    /// table itself comes from the host once connected).
    pub rules: RuleSet,
}

impl TableLink {
    /// The code (the part after `#table=`). Relays past [`MAX_RELAYS`] are
    /// left out.
    pub fn encode(&self) -> String {
        self.encode_kind(KIND)
    }

    /// The code of a watch link (the part after `#watch=`): the same
    /// fields, another kind.
    pub fn encode_watch(&self) -> String {
        self.encode_kind(WATCH_KIND)
    }

    fn encode_kind(&self, kind: u8) -> String {
        let mut body = Writer::new();
        body.bytes(&self.secret);
        body.text(&clean_name(&self.host_name));
        body.rules(&self.rules);
        let relays = &self.relays[..self.relays.len().min(MAX_RELAYS)];
        body.u8(relays.len() as u8);
        for relay in relays {
            body.u8(relay.network.byte());
            body.text(&relay.url);
        }
        codec::frame(LINK_VERSION, kind, &body.into_bytes())
    }

    /// The whole watch link, from the host page's address `page` (as
    /// [`TableLink::url`]).
    pub fn watch_url(&self, page: &str) -> String {
        let end = page.find(['?', '#']).unwrap_or(page.len());
        let base = page.get(..end).unwrap_or(page);
        format!("{base}{WATCH_PREFIX}{}", self.encode_watch())
    }

    /// Reads a watch link from its code, a `#watch=<code>` fragment or a
    /// whole link.
    ///
    /// # Errors
    /// As [`TableLink::decode`]; a table link is [`LinkError::WrongKind`].
    pub fn decode_watch(text: &str) -> Result<TableLink, LinkError> {
        TableLink::decode_kind(code_of(text), WATCH_KIND)
    }

    /// The whole link, from the host page's address `page` (its origin and
    /// path: a query such as `?seed=` or a fragment stays out).
    pub fn url(&self, page: &str) -> String {
        let end = page.find(['?', '#']).unwrap_or(page.len());
        let base = page.get(..end).unwrap_or(page);
        format!("{base}{TABLE_PREFIX}{}", self.encode())
    }

    /// Reads a table link from its code, a `#table=<code>` fragment or a
    /// whole link. Whitespace a messenger inserted is ignored.
    ///
    /// # Errors
    /// [`LinkError`]: empty, too long, not base64url, cut short, damaged,
    /// another kind of code (an invite link), another format version, or
    /// content that does not fit ([`LinkError::BadPayload`]: a host name
    /// that [`clean_name`] would change, rules out of range, no relay or
    /// too many, a relay [`Relay::parse`] refuses, bytes left over).
    pub fn decode(text: &str) -> Result<TableLink, LinkError> {
        TableLink::decode_kind(code_of(text), KIND)
    }

    fn decode_kind(text: &str, kind: u8) -> Result<TableLink, LinkError> {
        let body = unframe(text, kind)?;
        let mut r = Reader::new(&body);
        let link = read_body(&mut r);
        match link {
            Some(link) if r.is_empty() => Ok(link),
            _ => Err(LinkError::BadPayload),
        }
    }
}

fn read_body(r: &mut Reader<'_>) -> Option<TableLink> {
    let secret: [u8; SECRET_LEN] = r.take(SECRET_LEN).ok()?.try_into().ok()?;
    let host_name = r.text().ok()?;
    let rules = r.rules().ok()?;
    let count = usize::from(r.u8().ok()?);
    if !(1..=MAX_RELAYS).contains(&count) {
        return None;
    }
    let mut relays = Vec::with_capacity(count);
    for _ in 0..count {
        let network = match r.u8().ok()? {
            0 => Network::Tracker,
            1 => Network::Mqtt,
            _ => return None,
        };
        let url = r.text().ok()?;
        let relay = Relay::parse(&url).ok()?;
        // Only what `encode` writes: a bare URL, no `mqtt+`, no spaces.
        if relay.network != Network::Tracker || relay.url != url {
            return None;
        }
        relays.push(Relay { network, url });
    }
    let fits = rules.validate().is_ok() && clean_name(&host_name) == host_name;
    fits.then_some(TableLink {
        secret,
        relays,
        host_name,
        rules,
    })
}

/// The code in `text`: what follows `#table=` or `#watch=` (either: a
/// link of the other kind is then refused by its kind byte, as
/// [`LinkError::WrongKind`]), or the whole text.
fn code_of(text: &str) -> &str {
    [TABLE_PREFIX, WATCH_PREFIX]
        .iter()
        .find_map(|prefix| text.rsplit_once(prefix).map(|(_, code)| code))
        .unwrap_or(text)
}

/// Checks a link's frame and returns its payload.
fn unframe(text: &str, kind: u8) -> Result<Vec<u8>, LinkError> {
    let framed = codec::unframe(text, MAX_LINK_CHARS).map_err(|e| match e {
        FrameError::Empty => LinkError::Empty,
        FrameError::TooLong { len, max } => LinkError::TooLong { len, max },
        FrameError::NotBase64 { position } => LinkError::NotBase64 { position },
        FrameError::Truncated => LinkError::Truncated,
        FrameError::BadChecksum => LinkError::BadChecksum,
    })?;
    if framed.kind != kind {
        return Err(LinkError::WrongKind);
    }
    if framed.version != LINK_VERSION {
        return Err(LinkError::UnsupportedVersion(framed.version));
    }
    Ok(framed.payload)
}
