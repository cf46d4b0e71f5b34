//! A seat's key (issue 36): what makes a seat at a table link belong to
//! the person who took it, not to whoever has the link.
//!
//! When a friend first takes a seat by the table link, the host's door
//! draws a random [`SeatKey`] for it and the host's page sends it over the
//! new data channel (DTLS: no relay and no other link holder sees it). The
//! friend's page keeps it in its browser's storage for this table. Every
//! later knock for that seat carries a [`SeatProof`]: HMAC-SHA-256 under
//! the key of the offer's id and of the connection it offers (its ICE user
//! fragment and DTLS fingerprint), cut to [`PROOF_LEN`] bytes.
//!
//! - Anyone with the link can open an offer on the relays (the link's key
//!   seals them), so the key itself never travels in one; a proof seen
//!   there is worth nothing elsewhere: it names its offer id, which the
//!   host takes once (`SeenOffers`), and its connection's fingerprint,
//!   whose DTLS private key only the friend's browser holds, so a copied
//!   offer cannot open a channel.
//! - The host's door gives a held seat back only to a proof under its key
//!   (`door.rs`); anyone else asks the host, who may allow it.
//!
//! Pure: the randomness comes from the caller, as the bytes of a
//! [`KeyMint`] the host's page draws once for its door.

use super::OfferId;
use crate::online::sdp::CompactSdp;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Bytes of a seat key (128 bits).
pub const SEAT_KEY_LEN: usize = 16;
/// Bytes of a proof (128 bits of the HMAC: no forgery by guessing).
pub const PROOF_LEN: usize = 16;

/// What the proof's HMAC starts with, so it is never mistaken for another
/// HMAC under the same key.
const PROOF_TAG: &[u8] = b"ONO 99 seat proof v1\0";

/// A seat's key: random, drawn by the host's door for the person who took
/// the seat.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct SeatKey(pub [u8; SEAT_KEY_LEN]);

// The key is a secret: it is never printed, not even in a debug line.
impl std::fmt::Debug for SeatKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SeatKey(..)")
    }
}

/// A knock's proof that it comes from the holder of a seat's key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SeatProof(pub [u8; PROOF_LEN]);

impl SeatKey {
    /// The key in lower-case hex (32 characters), as pages keep it.
    pub fn hex(&self) -> String {
        super::hex(&self.0)
    }

    /// A key written by [`SeatKey::hex`]; `None` for any other text.
    pub fn from_hex(text: &str) -> Option<SeatKey> {
        crate::codec::hex_bytes(text).map(SeatKey)
    }

    /// The proof for the offer `offer_id` of the connection `offer`.
    pub fn proof(&self, offer_id: &OfferId, offer: &CompactSdp) -> SeatProof {
        let mut out = [0u8; PROOF_LEN];
        let full = self.mac(offer_id, offer).finalize().into_bytes();
        out.copy_from_slice(&full[..PROOF_LEN]);
        SeatProof(out)
    }

    /// Whether `proof` is this key's for `offer_id` and `offer` (compared
    /// in constant time).
    pub fn verifies(&self, proof: &SeatProof, offer_id: &OfferId, offer: &CompactSdp) -> bool {
        self.mac(offer_id, offer)
            .verify_truncated_left(&proof.0)
            .is_ok()
    }

    fn mac(&self, offer_id: &OfferId, offer: &CompactSdp) -> Hmac<Sha256> {
        // Any key length is accepted by HMAC: this cannot fail.
        let mut mac = match Hmac::<Sha256>::new_from_slice(&self.0) {
            Ok(mac) => mac,
            Err(_) => unreachable!("HMAC takes a key of any length"),
        };
        mac.update(PROOF_TAG);
        mac.update(&offer_id.0);
        // Lengths first: no two (fragment, fingerprint) pairs hash alike.
        let ufrag = offer.ice_ufrag.as_bytes();
        mac.update(&(ufrag.len() as u32).to_be_bytes());
        mac.update(ufrag);
        mac.update(&(offer.fingerprint.len() as u32).to_be_bytes());
        mac.update(&offer.fingerprint);
        mac
    }
}

/// What the mint's HMAC starts with, so a key is never mistaken for
/// another HMAC under the same seed.
const MINT_TAG: &[u8] = b"ONO 99 seat key v1\0";

/// Where the host's door draws its seat keys: 32 random bytes drawn once
/// by the page (its only randomness), and key `n` is HMAC-SHA-256 of `n`
/// under them, cut to [`SEAT_KEY_LEN`] bytes. Without the seed no key
/// tells anything of another; the door stays a pure model.
#[derive(Clone, PartialEq, Eq)]
pub struct KeyMint {
    seed: [u8; 32],
    next: u64,
}

// The seed makes every key: it is never printed.
impl std::fmt::Debug for KeyMint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeyMint(.., next: {})", self.next)
    }
}

impl KeyMint {
    /// A mint from `seed`, fresh random bytes.
    pub fn new(seed: [u8; 32]) -> KeyMint {
        KeyMint { seed, next: 0 }
    }

    /// The next key: never one drawn before from this mint.
    pub fn draw(&mut self) -> SeatKey {
        let mut mac = match Hmac::<Sha256>::new_from_slice(&self.seed) {
            Ok(mac) => mac,
            Err(_) => unreachable!("HMAC takes a key of any length"),
        };
        mac.update(MINT_TAG);
        mac.update(&self.next.to_be_bytes());
        self.next = self.next.wrapping_add(1);
        let mut key = [0u8; SEAT_KEY_LEN];
        key.copy_from_slice(&mac.finalize().into_bytes()[..SEAT_KEY_LEN]);
        SeatKey(key)
    }
}

/// The most tables a friend's browser keeps a seat key for (the oldest
/// is forgotten first).
pub const MAX_KEPT: usize = 16;

/// A seat key a friend's browser keeps: for the table of the link whose
/// secret is `table` (hex), the seat, its key, and the name they sat
/// under.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KeptSeat {
    pub table: String,
    pub seat: crate::rules::Seat,
    pub key: SeatKey,
    pub name: String,
}

impl KeptSeat {
    /// The kept seats in `text` (one per line: table, seat, key, name,
    /// separated by spaces; the name last, spaces and all), newest first.
    /// A line that does not read is passed over: storage is not trusted.
    pub fn read_all(text: &str) -> Vec<KeptSeat> {
        text.lines()
            .filter_map(|line| {
                let mut parts = line.splitn(4, ' ');
                let table = parts.next()?;
                let seat: u8 = parts.next()?.parse().ok()?;
                let key = SeatKey::from_hex(parts.next()?)?;
                let name = parts.next().unwrap_or_default();
                let table_ok = !table.is_empty()
                    && table.len() <= 64
                    && table.bytes().all(|b| b.is_ascii_hexdigit());
                let clean = crate::online::protocol::clean_name(name) == name;
                (table_ok && seat < 8 && clean).then(|| KeptSeat {
                    table: table.to_string(),
                    seat: crate::rules::Seat(seat),
                    key,
                    name: name.to_string(),
                })
            })
            .take(MAX_KEPT)
            .collect()
    }

    /// `kept` as [`KeptSeat::read_all`] reads it.
    pub fn write_all(kept: &[KeptSeat]) -> String {
        kept.iter()
            .map(|k| format!("{} {} {} {}\n", k.table, k.seat.0, k.key.hex(), k.name))
            .collect()
    }

    /// `kept` with `this` first, in place of any seat of its table, at
    /// most [`MAX_KEPT`].
    pub fn keep(kept: Vec<KeptSeat>, this: KeptSeat) -> Vec<KeptSeat> {
        let table = this.table.clone();
        let mut out = vec![this];
        out.extend(kept.into_iter().filter(|k| k.table != table));
        out.truncate(MAX_KEPT);
        out
    }

    /// The kept seat of table `table`, if any.
    pub fn find<'a>(kept: &'a [KeptSeat], table: &str) -> Option<&'a KeptSeat> {
        kept.iter().find(|k| k.table == table)
    }
}

/// What the host's page keeps of its table's seats for a reload: every
/// holder (seat, key, name) and every seat a new person took this match
/// (the match's seed, the seat, the length of the log then).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct KeptTable {
    pub holders: Vec<(crate::rules::Seat, String, SeatKey)>,
    pub new_players: Vec<(u64, crate::rules::Seat, usize)>,
}

impl KeptTable {
    /// Reads what [`KeptTable::write`] wrote; lines that do not read are
    /// passed over.
    pub fn read(text: &str) -> KeptTable {
        let mut kept = KeptTable::default();
        for line in text.lines().take(64) {
            let mut parts = line.splitn(4, ' ');
            match (parts.next(), parts.next(), parts.next(), parts.next()) {
                (Some("holder"), Some(seat), Some(key), name) => {
                    let name = name.unwrap_or_default();
                    if let (Ok(seat @ 0..=7), Some(key), true) = (
                        seat.parse::<u8>(),
                        SeatKey::from_hex(key),
                        crate::online::protocol::clean_name(name) == name,
                    ) {
                        kept.holders
                            .push((crate::rules::Seat(seat), name.to_string(), key));
                    }
                }
                (Some("new"), Some(seed), Some(seat), Some(from)) => {
                    if let (Ok(seed), Ok(seat @ 0..=7), Ok(from)) =
                        (seed.parse(), seat.parse::<u8>(), from.parse())
                    {
                        kept.new_players
                            .push((seed, crate::rules::Seat(seat), from));
                    }
                }
                _ => {}
            }
        }
        kept
    }

    pub fn write(&self) -> String {
        let mut out = String::new();
        for (seat, name, key) in &self.holders {
            out.push_str(&format!("holder {} {} {}\n", seat.0, key.hex(), name));
        }
        for (seed, seat, from) in &self.new_players {
            out.push_str(&format!("new {seed} {} {from}\n", seat.0));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_refuses_other_text() {
        let key = SeatKey([0xab; SEAT_KEY_LEN]);
        assert_eq!(SeatKey::from_hex(&key.hex()), Some(key));
        assert_eq!(SeatKey::from_hex("ab"), None);
        assert_eq!(SeatKey::from_hex(&"zz".repeat(SEAT_KEY_LEN)), None);
        assert_eq!(SeatKey::from_hex(&"é".repeat(SEAT_KEY_LEN)), None);
        assert_eq!(format!("{key:?}"), "SeatKey(..)");
    }

    #[test]
    fn a_mint_draws_keys_that_differ_and_depend_on_its_seed() {
        let mut a = KeyMint::new([1; 32]);
        let mut same = KeyMint::new([1; 32]);
        let mut other = KeyMint::new([2; 32]);
        let drawn: Vec<SeatKey> = (0..50).map(|_| a.draw()).collect();
        let unique: std::collections::BTreeSet<[u8; SEAT_KEY_LEN]> =
            drawn.iter().map(|k| k.0).collect();
        assert_eq!(unique.len(), 50);
        assert_eq!(same.draw(), drawn[0]);
        assert_ne!(other.draw(), drawn[0]);
        assert_eq!(format!("{a:?}"), "KeyMint(.., next: 50)");
    }

    #[test]
    fn kept_seats_round_trip_and_pass_over_broken_lines() {
        let a = KeptSeat {
            table: "00ff".into(),
            seat: crate::rules::Seat(2),
            key: SeatKey([1; SEAT_KEY_LEN]),
            name: "Mia Rose".into(),
        };
        let b = KeptSeat {
            table: "abcd".into(),
            ..a.clone()
        };
        let kept = KeptSeat::keep(KeptSeat::keep(Vec::new(), a.clone()), b.clone());
        assert_eq!(kept, vec![b.clone(), a.clone()]);
        let text = KeptSeat::write_all(&kept);
        assert_eq!(KeptSeat::read_all(&text), kept);
        let broken = format!(
            "zz 2 {}\nabcd 9 {} X\n\n{text}garbage",
            a.key.hex(),
            a.key.hex()
        );
        assert_eq!(KeptSeat::read_all(&broken), kept);
        // The same table again replaces its seat.
        let moved = KeptSeat {
            seat: crate::rules::Seat(5),
            ..a.clone()
        };
        assert_eq!(KeptSeat::keep(kept, moved.clone())[0], moved);
        let many = (0..40).fold(Vec::new(), |list, i| {
            KeptSeat::keep(
                list,
                KeptSeat {
                    table: format!("{i:x}"),
                    ..a.clone()
                },
            )
        });
        assert_eq!(many.len(), MAX_KEPT);
        assert_eq!(KeptSeat::find(&many, "27").map(|k| k.seat), Some(a.seat));
        assert_eq!(KeptSeat::find(&many, "0"), None);
    }

    #[test]
    fn a_kept_table_round_trips_and_passes_over_broken_lines() {
        let kept = KeptTable {
            holders: vec![
                (
                    crate::rules::Seat(1),
                    "Leo".into(),
                    SeatKey([7; SEAT_KEY_LEN]),
                ),
                (
                    crate::rules::Seat(3),
                    "Mia Rose".into(),
                    SeatKey([9; SEAT_KEY_LEN]),
                ),
            ],
            new_players: vec![(42, crate::rules::Seat(1), 57)],
        };
        let text = kept.write();
        assert_eq!(KeptTable::read(&text), kept);
        let noisy = format!(
            "holder 9 {} X\nnew x 1 2\nhello\n{text}",
            SeatKey([1; 16]).hex()
        );
        assert_eq!(KeptTable::read(&noisy), kept);
        assert_eq!(KeptTable::read(""), KeptTable::default());
    }
}
