//! The one binary codec under every compact format of the game: invite and
//! reply codes (`online/codes.rs`), table links (`online/signal/link.rs`),
//! share links (`share.rs`), saves (`play/save.rs`) and the search
//! worker's messages (`bots/jobs/wire.rs`). Each format keeps its own
//! layout (documented where it is defined); the pieces they share are
//! written here once:
//!
//! - [`Writer`] and [`Reader`]: bytes, fixed-width integers in either byte
//!   order, LEB128 numbers, length-prefixed texts, bit fields;
//! - [`Writer::rules`] / [`Reader::rules`]: a [`RuleSet`] packed, the one
//!   layout of the rules in every format. A new rule option is added here
//!   only;
//! - [`seal`] / [`unseal`]: the CRC-32 trailer; [`base64url_encode`] /
//!   [`base64url_decode`]: the text of a code; [`frame`] / [`unframe`]:
//!   the frame of codes and table links (version, kind, length, payload,
//!   CRC) as text.
//!
//! Reading never panics: every read checks what is left, and anything
//! malformed (cut short, a number longer than allowed, a value outside its
//! enum, bytes left over, a wrong checksum) is a [`CodecError`].
//! Codes and share links map these to the errors their players see; the
//! worker's messages report them as they are ([`crate::bots::jobs::wire::WireError`]).
//! Pure: no browser API.

use crate::rules::{Edition, Format, LoseAt, Negatives, NinetyNine, PointsEnd, RuleSet};

/// Why bytes could not be read.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CodecError {
    #[error("the bytes end too soon")]
    Truncated,
    #[error("{0} bytes, more than this format takes")]
    TooLong(usize),
    #[error("layout version {0}, which this build does not read")]
    Version(u8),
    #[error("a number is longer than it may be")]
    NumberTooLong,
    #[error("{0} bytes are left over")]
    LeftOver(usize),
    #[error("the checksum does not match")]
    BadChecksum,
    #[error("{what} cannot be {value}")]
    Bad { what: &'static str, value: u64 },
}

type Read<T> = Result<T, CodecError>;

/// The longest text [`Writer::text`] writes, in bytes.
pub const MAX_TEXT: usize = 255;

/// Bytes being written.
#[derive(Default)]
pub struct Writer {
    bytes: Vec<u8>,
    /// Bits used of the last byte by [`Writer::bits`] (0: none, or the
    /// byte is whole): any other write starts a fresh byte.
    bit: u8,
}

impl Writer {
    pub fn new() -> Writer {
        Writer::default()
    }

    pub fn with_capacity(n: usize) -> Writer {
        Writer {
            bytes: Vec::with_capacity(n),
            bit: 0,
        }
    }

    /// The bytes written so far, for a layout written elsewhere to append to.
    pub fn raw(&mut self) -> &mut Vec<u8> {
        self.bit = 0;
        &mut self.bytes
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    pub fn u8(&mut self, v: u8) {
        self.bit = 0;
        self.bytes.push(v);
    }

    pub fn bool(&mut self, v: bool) {
        self.u8(u8::from(v));
    }

    pub fn bytes(&mut self, v: &[u8]) {
        self.bit = 0;
        self.bytes.extend_from_slice(v);
    }

    pub fn u16_be(&mut self, v: u16) {
        self.bytes(&v.to_be_bytes());
    }

    pub fn u32_be(&mut self, v: u32) {
        self.bytes(&v.to_be_bytes());
    }

    pub fn u64_be(&mut self, v: u64) {
        self.bytes(&v.to_be_bytes());
    }

    pub fn u32_le(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }

    pub fn u64_le(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }

    pub fn i32_le(&mut self, v: i32) {
        self.bytes(&v.to_le_bytes());
    }

    pub fn f64_le(&mut self, v: f64) {
        self.bytes(&v.to_le_bytes());
    }

    /// An unsigned LEB128 number: 7 bits a byte, low bits first, the top
    /// bit set on every byte but the last.
    pub fn leb(&mut self, mut n: u64) {
        loop {
            let low = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                self.u8(low);
                return;
            }
            self.u8(low | 0x80);
        }
    }

    /// A text as one length byte and its UTF-8 bytes, cut to [`MAX_TEXT`]
    /// bytes at a character.
    pub fn text(&mut self, text: &str) {
        let mut end = text.len().min(MAX_TEXT);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        self.u8(end as u8);
        self.bytes(&text.as_bytes()[..end]);
    }

    /// A rule set in 4 to 8 bytes: the edition and the enum options packed
    /// in two bytes, the tokens, then the points limit as LEB128.
    ///
    /// | byte | bits |
    /// |---|---|
    /// | 0 | edition (bit 0), negatives (1–2), ninety_nine (3–4), lose_at (5) |
    /// | 1 | four_ono_discard (0), format (1–2), points_end (3) |
    /// | 2 | tokens |
    /// | 3… | points limit, LEB128 |
    ///
    /// Each enum is written as its place in its `ALL` list; the unused high
    /// bits are 0 (a reader refuses anything else).
    pub fn rules(&mut self, rules: &RuleSet) {
        let a = place(&EDITIONS, rules.edition)
            | place(Negatives::ALL, rules.negatives) << 1
            | place(NinetyNine::ALL, rules.ninety_nine) << 3
            | place(LoseAt::ALL, rules.lose_at) << 5;
        let b = u8::from(rules.four_ono_discard)
            | place(Format::ALL, rules.format) << 1
            | place(PointsEnd::ALL, rules.points_end) << 3;
        self.u8(a);
        self.u8(b);
        self.u8(rules.tokens);
        self.leb(u64::from(rules.points_limit));
    }

    /// The `count` low bits of `value`, most significant first, packed
    /// after the bits written just before; the last byte is padded with 0.
    pub fn bits(&mut self, value: usize, count: u32) {
        for i in (0..count).rev() {
            if self.bit == 0 {
                self.bytes.push(0);
            }
            if (value >> i) & 1 == 1 {
                if let Some(last) = self.bytes.last_mut() {
                    *last |= 0x80 >> self.bit;
                }
            }
            self.bit = (self.bit + 1) % 8;
        }
    }
}

/// The editions in their packed order.
const EDITIONS: [Edition; 2] = [Edition::Modern, Edition::Classic];

fn place<T: PartialEq>(all: &[T], v: T) -> u8 {
    all.iter().position(|x| *x == v).unwrap_or(0) as u8
}

/// Bits needed to write an index below `n` (none when `n` is 0 or 1).
pub fn bits_for(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}

/// A cursor over bytes; every read checks what is left.
pub struct Reader<'a> {
    rest: &'a [u8],
    /// The byte being read as bit fields (already taken off `rest`) and
    /// how many of its bits are read (0: none pending).
    pending: u8,
    bit: u8,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader {
            rest: bytes,
            pending: 0,
            bit: 0,
        }
    }

    /// How many bytes are left to read.
    pub fn remaining(&self) -> usize {
        self.rest.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rest.is_empty()
    }

    /// The bytes left, unread (for a layout read elsewhere; see [`skip`](Self::skip)).
    pub fn rest(&self) -> &'a [u8] {
        self.rest
    }

    /// Passes over `n` bytes.
    ///
    /// # Errors
    /// [`CodecError::Truncated`] if fewer are left.
    pub fn skip(&mut self, n: usize) -> Read<()> {
        self.take(n).map(|_| ())
    }

    /// Nothing may follow.
    ///
    /// # Errors
    /// [`CodecError::LeftOver`] with the count of bytes left.
    pub fn finish(&self) -> Read<()> {
        match self.rest.len() {
            0 => Ok(()),
            n => Err(CodecError::LeftOver(n)),
        }
    }

    /// The next `n` bytes.
    ///
    /// # Errors
    /// [`CodecError::Truncated`] if fewer are left.
    pub fn take(&mut self, n: usize) -> Read<&'a [u8]> {
        if n > self.rest.len() {
            return Err(CodecError::Truncated);
        }
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        self.bit = 0;
        Ok(head)
    }

    fn array<const N: usize>(&mut self) -> Read<[u8; N]> {
        self.take(N)?.try_into().map_err(|_| CodecError::Truncated)
    }

    pub fn u8(&mut self) -> Read<u8> {
        Ok(self.array::<1>()?[0])
    }

    /// A byte that must be 0 or 1; `what` names it in the error.
    pub fn bool(&mut self, what: &'static str) -> Read<bool> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            value => Err(bad(what, value)),
        }
    }

    pub fn u16_be(&mut self) -> Read<u16> {
        Ok(u16::from_be_bytes(self.array()?))
    }

    pub fn u32_be(&mut self) -> Read<u32> {
        Ok(u32::from_be_bytes(self.array()?))
    }

    pub fn u64_be(&mut self) -> Read<u64> {
        Ok(u64::from_be_bytes(self.array()?))
    }

    pub fn u32_le(&mut self) -> Read<u32> {
        Ok(u32::from_le_bytes(self.array()?))
    }

    pub fn u64_le(&mut self) -> Read<u64> {
        Ok(u64::from_le_bytes(self.array()?))
    }

    pub fn i32_le(&mut self) -> Read<i32> {
        Ok(i32::from_le_bytes(self.array()?))
    }

    pub fn f64_le(&mut self) -> Read<f64> {
        Ok(f64::from_le_bytes(self.array()?))
    }

    /// An LEB128 number of at most `max`, written in the fewest bytes.
    ///
    /// # Errors
    /// [`CodecError::Truncated`] if it is cut short;
    /// [`CodecError::NumberTooLong`] if it is above `max`, does not fit 64
    /// bits, or has a needless last byte of 0.
    pub fn leb(&mut self, max: u64) -> Read<u64> {
        let mut n: u64 = 0;
        for shift in (0..64).step_by(7) {
            let byte = self.u8()?;
            let bits = u64::from(byte & 0x7f);
            if shift == 63 && bits > 1 {
                return Err(CodecError::NumberTooLong);
            }
            n |= bits << shift;
            if byte & 0x80 == 0 {
                if byte == 0 && shift > 0 {
                    return Err(CodecError::NumberTooLong);
                }
                return if n <= max {
                    Ok(n)
                } else {
                    Err(CodecError::NumberTooLong)
                };
            }
        }
        Err(CodecError::NumberTooLong)
    }

    /// A text [`Writer::text`] wrote: a length byte, then UTF-8.
    ///
    /// # Errors
    /// Cut short, or not UTF-8.
    pub fn text(&mut self) -> Read<String> {
        let n = usize::from(self.u8()?);
        let bytes = self.take(n)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| bad("a text", n))
    }

    /// A rule set [`Writer::rules`] wrote. Its ranges (tokens, points
    /// limit) are left for the caller to check with [`RuleSet::validate`].
    ///
    /// # Errors
    /// Cut short, a value outside its option, unused bits set, or a points
    /// limit beyond 32 bits.
    pub fn rules(&mut self) -> Read<RuleSet> {
        let a = self.u8()?;
        let b = self.u8()?;
        let tokens = self.u8()?;
        let points_limit = self.leb(u64::from(u32::MAX))? as u32;
        if a >> 6 != 0 || b >> 4 != 0 {
            return Err(bad("the rules' unused bits", u16::from_be_bytes([a, b])));
        }
        Ok(RuleSet {
            edition: pick("an edition", &EDITIONS, a & 1)?,
            negatives: pick("negatives", Negatives::ALL, (a >> 1) & 3)?,
            ninety_nine: pick("ninety_nine", NinetyNine::ALL, (a >> 3) & 3)?,
            lose_at: pick("lose_at", LoseAt::ALL, (a >> 5) & 1)?,
            four_ono_discard: b & 1 == 1,
            format: pick("format", Format::ALL, (b >> 1) & 3)?,
            points_end: pick("points_end", PointsEnd::ALL, (b >> 3) & 1)?,
            tokens,
            points_limit,
        })
    }

    /// `count` bits written by [`Writer::bits`], continuing the byte the
    /// last bit read ended in.
    ///
    /// # Errors
    /// [`CodecError::Truncated`] past the end.
    pub fn bits(&mut self, count: u32) -> Read<usize> {
        let mut v = 0usize;
        for _ in 0..count {
            if self.bit == 0 {
                let (&byte, tail) = self.rest.split_first().ok_or(CodecError::Truncated)?;
                self.pending = byte;
                self.rest = tail;
            }
            v = (v << 1) | usize::from((self.pending >> (7 - self.bit)) & 1);
            self.bit = (self.bit + 1) % 8;
        }
        Ok(v)
    }

    /// The bits left in the byte being read as bit fields, which must be
    /// 0 (a writer pads with zeros).
    ///
    /// # Errors
    /// [`CodecError::Bad`] if one is set.
    pub fn end_bits(&mut self) -> Read<()> {
        let left = (8 - u32::from(self.bit)) % 8;
        match self.bits(left)? {
            0 => Ok(()),
            v => Err(bad("padding", v)),
        }
    }
}

/// The value at place `i` of `all`.
fn pick<T: Copy>(what: &'static str, all: &[T], i: u8) -> Read<T> {
    all.get(usize::from(i)).copied().ok_or_else(|| bad(what, i))
}

/// A [`CodecError::Bad`] naming `what` and the value read.
pub fn bad(what: &'static str, value: impl TryInto<u64>) -> CodecError {
    CodecError::Bad {
        what,
        value: value.try_into().unwrap_or(u64::MAX),
    }
}

/// Appends the CRC-32 of `bytes` to them, big-endian.
pub fn seal(bytes: &mut Vec<u8>) {
    let crc = crc32(bytes);
    bytes.extend_from_slice(&crc.to_be_bytes());
}

/// The bytes before a CRC-32 trailer that matches them.
///
/// # Errors
/// [`CodecError::Truncated`] for fewer than 4 bytes,
/// [`CodecError::BadChecksum`] for a trailer that does not match.
pub fn unseal(bytes: &[u8]) -> Read<&[u8]> {
    let split = bytes.len().checked_sub(4).ok_or(CodecError::Truncated)?;
    let (content, trailer) = bytes.split_at(split);
    let stored = u32::from_be_bytes(trailer.try_into().map_err(|_| CodecError::Truncated)?);
    if crc32(content) == stored {
        Ok(content)
    } else {
        Err(CodecError::BadChecksum)
    }
}

/// CRC-32 (IEEE 802.3, as zip and PNG use), bit by bit: codes are short.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xedb8_8320 & mask);
        }
    }
    !crc
}

/// `bytes` as lowercase hex: the one hex of the game (seals, seeds'
/// shares, keys, room ids, offer ids).
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

/// `N` bytes from exactly `2 * N` lowercase hex digits, as [`hex`]
/// writes them; `None` for any other text.
pub fn hex_bytes<const N: usize>(text: &str) -> Option<[u8; N]> {
    let digits = text.as_bytes();
    if digits.len() != 2 * N {
        return None;
    }
    let nibble = |d: u8| match d {
        b'0'..=b'9' => Some(d - b'0'),
        b'a'..=b'f' => Some(d - b'a' + 10),
        _ => None,
    };
    let mut out = [0u8; N];
    for (byte, pair) in out.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = nibble(pair[0])? << 4 | nibble(pair[1])?;
    }
    Some(out)
}

/// Why a text is not base64url.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Base64Error {
    /// The character at `position` is not of the alphabet, or is a last
    /// character with stray bits.
    NotBase64 { position: usize },
    /// A length no encoding produces.
    Truncated,
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding (RFC 4648 §5).
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// Reads base64url without padding; a trailing `=` padding is tolerated.
///
/// # Errors
/// See [`Base64Error`].
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, Base64Error> {
    let text = text.trim_end_matches('=');
    let mut values = Vec::with_capacity(text.len());
    for (position, c) in text.chars().enumerate() {
        let v = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '-' => 62,
            '_' => 63,
            _ => return Err(Base64Error::NotBase64 { position }),
        };
        values.push(v);
    }
    if values.len() % 4 == 1 {
        return Err(Base64Error::Truncated);
    }
    let mut out = Vec::with_capacity(values.len() * 3 / 4);
    for chunk in values.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &v)| n | (v << (18 - 6 * i)));
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        let keep = chunk.len() - 1;
        // Bits below the last whole byte must be zero in a canonical code.
        if keep < 3 && n & ((1 << (8 * (3 - keep))) - 1) != 0 {
            return Err(Base64Error::NotBase64 {
                position: values.len() - 1,
            });
        }
        out.extend_from_slice(&bytes[..keep]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_check_value() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    }

    #[test]
    fn base64url_matches_rfc_4648_vectors() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64url_encode(plain.as_bytes()), coded);
            assert_eq!(base64url_decode(coded), Ok(plain.as_bytes().to_vec()));
        }
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(
            base64url_decode("Zh"),
            Err(Base64Error::NotBase64 { position: 1 })
        );
        assert_eq!(base64url_decode("Zm9vY"), Err(Base64Error::Truncated));
        assert_eq!(
            base64url_decode("Zm+v"),
            Err(Base64Error::NotBase64 { position: 2 })
        );
    }

    #[test]
    fn bits_pack_most_significant_first() {
        let mut w = Writer::new();
        w.u8(0xAA);
        w.bits(0b101, 3);
        w.bits(0b11111, 5);
        w.bits(1, 1);
        w.u8(0xBB);
        w.bits(1, 2);
        assert_eq!(
            w.into_bytes(),
            [0xAA, 0b1011_1111, 0b1000_0000, 0xBB, 0b0100_0000]
        );
        let bytes = [0xAA, 0b1011_1111, 0b1000_0000];
        let mut r = Reader::new(&bytes);
        assert_eq!(r.u8(), Ok(0xAA));
        assert_eq!(r.bits(3), Ok(0b101));
        assert_eq!(r.bits(5), Ok(0b11111));
        assert_eq!(r.bits(1), Ok(1));
        assert_eq!(r.end_bits(), Ok(()));
        assert_eq!(r.finish(), Ok(()));
        assert_eq!(r.bits(1), Err(CodecError::Truncated));
        let mut r = Reader::new(&[0b0100_0000]);
        assert_eq!(r.bits(1), Ok(0));
        assert!(matches!(r.end_bits(), Err(CodecError::Bad { .. })));
        assert_eq!((0..6).map(bits_for).collect::<Vec<_>>(), [0, 0, 1, 2, 2, 3]);
    }
}

/// Bytes before a frame's payload: version, kind, the frame's length.
const FRAME_HEADER: usize = 4;
/// Bytes after it: the CRC-32.
const FRAME_TRAILER: usize = 4;

/// The text frame of invite and reply codes and table links: a version
/// byte, a kind byte, the whole frame's length (u16, big-endian), the
/// payload, the CRC-32 trailer ([`seal`]), all in base64url.
pub fn frame(version: u8, kind: u8, payload: &[u8]) -> String {
    let len = FRAME_HEADER + payload.len() + FRAME_TRAILER;
    let mut w = Writer::with_capacity(len);
    w.u8(version);
    w.u8(kind);
    w.u16_be(len.min(usize::from(u16::MAX)) as u16);
    w.bytes(payload);
    let mut bytes = w.into_bytes();
    seal(&mut bytes);
    base64url_encode(&bytes)
}

/// Why a [`frame`]d text could not be read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FrameError {
    Empty,
    /// More than the reader's limit of characters (whitespace aside).
    TooLong {
        len: usize,
        max: usize,
    },
    NotBase64 {
        position: usize,
    },
    /// Shorter than its header says, or than a frame can be.
    Truncated,
    /// Longer than its header says, or a CRC that does not match.
    BadChecksum,
}

/// A frame read: its version and kind (for the caller to check) and its
/// payload.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Framed {
    pub version: u8,
    pub kind: u8,
    pub payload: Vec<u8>,
}

/// Reads a [`frame`]d text of at most `max_chars` characters; whitespace
/// (a messenger wraps long text) is ignored.
///
/// # Errors
/// [`FrameError`], checked in that order: empty, too long, not base64url,
/// cut short, a length or checksum that does not match.
pub fn unframe(text: &str, max_chars: usize) -> Result<Framed, FrameError> {
    let chars = text.chars().filter(|c| !c.is_whitespace()).count();
    if chars > max_chars {
        return Err(FrameError::TooLong {
            len: chars,
            max: max_chars,
        });
    }
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.is_empty() {
        return Err(FrameError::Empty);
    }
    let bytes = base64url_decode(&compact).map_err(|e| match e {
        Base64Error::NotBase64 { position } => FrameError::NotBase64 { position },
        Base64Error::Truncated => FrameError::Truncated,
    })?;
    let mut header = Reader::new(&bytes);
    let (Ok(version), Ok(kind), Ok(declared)) = (header.u8(), header.u8(), header.u16_be()) else {
        return Err(FrameError::Truncated);
    };
    let declared = usize::from(declared);
    if bytes.len() < declared || bytes.len() < FRAME_HEADER + FRAME_TRAILER {
        return Err(FrameError::Truncated);
    }
    if bytes.len() > declared {
        return Err(FrameError::BadChecksum);
    }
    let content = unseal(&bytes).map_err(|_| FrameError::BadChecksum)?;
    let payload = content
        .get(FRAME_HEADER..)
        .ok_or(FrameError::Truncated)?
        .to_vec();
    Ok(Framed {
        version,
        kind,
        payload,
    })
}
