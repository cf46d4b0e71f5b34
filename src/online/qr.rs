//! QR codes for invite links, so a friend can scan a table's link instead of
//! typing it: a small encoder that follows ISO/IEC 18004 (model 2) and draws
//! the symbol as SVG.
//!
//! It writes one byte-mode segment (any bytes, usually the UTF-8 of a link)
//! at error-correction level M, or L when the data does not fit M even at
//! the largest version, in versions 1 to 40 (the smallest that fits):
//! Reed–Solomon blocks over GF(256) interleaved as the standard's table
//! says, finder, timing and alignment patterns, BCH-coded format and
//! version information, and the mask of the eight with the lowest penalty.
//! No randomness, no platform API, and no panic whatever the input.
//!
//! `tests/qr.rs` compares whole module matrices with those of segno, an
//! independent Python encoder (fixtures made by `tests/qr/make_fixtures.py`:
//! links of 120 to 331 bytes and short texts, both levels, versions 1 to
//! 25, segno's automatic mask and all eight forced), checks each version's
//! capacity, and draws the SVG path back into modules.

use std::fmt::Write;

/// The error-correction level: L restores about 7 % of the codewords, M 15 %.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ecc {
    L,
    M,
}

/// Why no QR code was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum QrError {
    /// `len` bytes do not fit; `max` is the most that fit (0: no such version).
    #[error("{len} bytes are too many for a QR code (at most {max})")]
    TooLong { len: usize, max: usize },
}

/// A QR code symbol: `size`×`size` modules, dark = true.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QrCode {
    size: usize,
    modules: Vec<bool>,
    version: u8,
    ecc: Ecc,
    mask: u8,
}

/// The largest version made.
pub const MAX_VERSION: u8 = 40;

/// Error-correction codewords per block for versions 1 to 40: L, then M.
const ECC_PER_BLOCK: [[u8; 40]; 2] = [
    [
        7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30,
        30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ],
    [
        10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
        28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ],
];

/// Reed–Solomon blocks for versions 1 to 40: L, then M.
const BLOCKS: [[u8; 40]; 2] = [
    [
        1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13,
        14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
    ],
    [
        1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23,
        25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ],
];

/// The penalty rule 3 pattern: dark, light, dark ×3, light, dark.
const FINDER_LIKE: [bool; 7] = [true, false, true, true, true, false, true];

impl Ecc {
    fn table(self) -> usize {
        match self {
            Ecc::L => 0,
            Ecc::M => 1,
        }
    }

    /// The two format-information bits of the level (L is 01, M is 00).
    fn format_bits(self) -> u32 {
        match self {
            Ecc::L => 1,
            Ecc::M => 0,
        }
    }
}

/// The modules of `version` that carry data and error correction: all but
/// the function patterns and the format and version information.
fn raw_modules(version: usize) -> usize {
    let mut modules = (16 * version + 128) * version + 64;
    if version >= 2 {
        let align = version / 7 + 2;
        modules -= (25 * align - 10) * align - 55;
        if version >= 7 {
            modules -= 36;
        }
    }
    modules
}

/// Data codewords (without error correction) of `version` at `ecc`.
fn data_codewords(version: usize, ecc: Ecc) -> usize {
    let (level, v) = (ecc.table(), version - 1);
    raw_modules(version) / 8 - usize::from(ECC_PER_BLOCK[level][v]) * usize::from(BLOCKS[level][v])
}

/// Bits of the byte-mode character count in `version`.
fn count_bits(version: usize) -> usize {
    if version < 10 {
        8
    } else {
        16
    }
}

/// The most bytes one byte-mode segment holds in `version` at `ecc`.
fn byte_capacity(version: usize, ecc: Ecc) -> usize {
    (data_codewords(version, ecc) * 8 - 4 - count_bits(version)) / 8
}

/// GF(256) product modulo x⁸ + x⁴ + x³ + x² + 1 (0x11D), the QR field.
fn gf_mul(x: u8, y: u8) -> u8 {
    let mut z: u16 = 0;
    for i in (0..8).rev() {
        z = (z << 1) ^ ((z >> 7) * 0x11D);
        z ^= u16::from((y >> i) & 1) * u16::from(x);
    }
    z as u8
}

/// The generator polynomial (x − α⁰)…(x − α^(degree−1)) without its
/// leading 1, highest power first.
fn rs_generator(degree: usize) -> Vec<u8> {
    let mut poly = vec![0; degree];
    poly[degree - 1] = 1;
    let mut root = 1;
    for _ in 0..degree {
        for j in 0..degree {
            poly[j] = gf_mul(poly[j], root);
            if j + 1 < degree {
                poly[j] ^= poly[j + 1];
            }
        }
        root = gf_mul(root, 2);
    }
    poly
}

/// The error-correction codewords of one block: data × x^degree mod generator.
fn rs_remainder(data: &[u8], generator: &[u8]) -> Vec<u8> {
    let mut rem = vec![0; generator.len()];
    for &byte in data {
        let factor = byte ^ rem[0];
        rem.rotate_left(1);
        if let Some(last) = rem.last_mut() {
            *last = 0;
        }
        for (r, &g) in rem.iter_mut().zip(generator) {
            *r ^= gf_mul(g, factor);
        }
    }
    rem
}

/// The final codeword sequence: the data bit stream, split in blocks with
/// their error correction, interleaved (ISO/IEC 18004 §7.4–7.6).
fn codewords(data: &[u8], version: usize, ecc: Ecc) -> Vec<u8> {
    let capacity = data_codewords(version, ecc);
    let mut bits = Vec::with_capacity(capacity * 8);
    let mut put = |value: usize, n: usize| bits.extend((0..n).rev().map(|i| (value >> i) & 1 != 0));
    put(0b0100, 4);
    put(data.len(), count_bits(version));
    data.iter().for_each(|&b| put(b.into(), 8));
    let mut stream: Vec<u8> = bits
        .chunks(8)
        .map(|c| {
            c.iter()
                .enumerate()
                .fold(0, |byte, (i, &bit)| byte | (u8::from(bit) << (7 - i)))
        })
        .collect();
    // The terminator and the bits up to a byte are the zeros `chunks` left.
    for pad in [0xEC, 0x11].into_iter().cycle() {
        if stream.len() >= capacity {
            break;
        }
        stream.push(pad);
    }

    let (level, v) = (ecc.table(), version - 1);
    let (blocks, ecc_len) = (
        usize::from(BLOCKS[level][v]),
        usize::from(ECC_PER_BLOCK[level][v]),
    );
    let raw = raw_modules(version) / 8;
    let (short_blocks, short_len) = (blocks - raw % blocks, raw / blocks - ecc_len);
    let generator = rs_generator(ecc_len);
    let mut split = Vec::with_capacity(blocks);
    let mut rest = stream.as_slice();
    for b in 0..blocks {
        let (block, tail) = rest.split_at(short_len + usize::from(b >= short_blocks));
        split.push((block, rs_remainder(block, &generator)));
        rest = tail;
    }
    let mut out = Vec::with_capacity(raw);
    for i in 0..=short_len {
        out.extend(split.iter().filter_map(|(block, _)| block.get(i)));
    }
    for i in 0..ecc_len {
        out.extend(split.iter().map(|(_, ec)| ec[i]));
    }
    out
}

/// Whether mask pattern `mask` inverts the module in column `x`, row `y`.
fn masked(mask: u8, x: usize, y: usize) -> bool {
    match mask {
        0 => (x + y) % 2 == 0,
        1 => y % 2 == 0,
        2 => x % 3 == 0,
        3 => (x + y) % 3 == 0,
        4 => (x / 3 + y / 2) % 2 == 0,
        5 => x * y % 2 + x * y % 3 == 0,
        6 => (x * y % 2 + x * y % 3) % 2 == 0,
        _ => ((x + y) % 2 + x * y % 3) % 2 == 0,
    }
}

/// Penalty points of a masked symbol (ISO/IEC 18004:2015 §7.8.3.1), counted
/// like segno and ZXing: a finder-like pattern counts once, with light
/// modules on either side (outside the symbol is light).
fn penalty(modules: &[bool], size: usize) -> usize {
    let mut score = 0;
    let mut line = Vec::with_capacity(size);
    for horizontal in [true, false] {
        for a in 0..size {
            line.clear();
            line.extend((0..size).map(|b| {
                let (x, y) = if horizontal { (b, a) } else { (a, b) };
                modules[y * size + x]
            }));
            let mut run = 1;
            for b in 1..=size {
                if b < size && line[b] == line[b - 1] {
                    run += 1;
                } else {
                    if run >= 5 {
                        score += run - 2;
                    }
                    run = 1;
                }
            }
            let light = |r: std::ops::Range<usize>| !line[r].contains(&true);
            let mut b = 0;
            while b + 7 <= size {
                if line[b..b + 7] != FINDER_LIKE {
                    b += 1;
                } else if light(b.saturating_sub(4)..b) || light(b + 7..size.min(b + 11)) {
                    score += 40;
                    b += 7;
                } else {
                    b += 4;
                }
            }
        }
    }
    for y in 1..size {
        for x in 1..size {
            let d = modules[y * size + x];
            let block = [(x - 1, y), (x, y - 1), (x - 1, y - 1)];
            if block.iter().all(|&(x, y)| modules[y * size + x] == d) {
                score += 3;
            }
        }
    }
    let (dark, total) = (modules.iter().filter(|&&d| d).count(), size * size);
    score + 10 * ((dark * 20).abs_diff(total * 10) / total)
}

/// A symbol being drawn: its modules and which of them are function
/// patterns (never masked, never data).
struct Canvas {
    size: usize,
    modules: Vec<bool>,
    function: Vec<bool>,
}

impl Canvas {
    /// A symbol of `version` with its function patterns drawn and the
    /// format and version information reserved, light: so they are while
    /// the masks are scored, as in segno and ISO/IEC 18004:2015 §7.8.
    fn new(version: usize) -> Canvas {
        let size = 4 * version + 17;
        let mut canvas = Canvas {
            size,
            modules: vec![false; size * size],
            function: vec![false; size * size],
        };
        for i in 0..size {
            canvas.set(6, i, i % 2 == 0);
            canvas.set(i, 6, i % 2 == 0);
        }
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            canvas.square(cx, cy, 4, |d| d != 2 && d != 4);
        }
        let mut centres = Vec::new();
        if version > 1 {
            let count = version / 7 + 2;
            let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2;
            centres.push(6);
            centres.extend((0..count - 1).rev().map(|i| size - 7 - i * step));
        }
        let last = centres.len().saturating_sub(1);
        for (i, &cx) in centres.iter().enumerate() {
            for (j, &cy) in centres.iter().enumerate() {
                // Not where a finder pattern already is.
                if !(i == 0 && (j == 0 || j == last) || i == last && j == 0) {
                    canvas.square(cx, cy, 2, |d| d != 1);
                }
            }
        }
        canvas.format(0);
        if version >= 7 {
            canvas.version(0);
        }
        canvas
    }

    /// The codewords in two-module columns, right to left, up and down in
    /// turn, around the function patterns (§7.7.3); remainder bits light.
    fn place(&mut self, stream: &[u8]) {
        let size = self.size;
        let mut bit = 0;
        let mut right = size - 1;
        loop {
            if right == 6 {
                right = 5;
            }
            for vert in 0..size {
                for x in [right, right - 1] {
                    let y = if (right + 1) & 2 == 0 {
                        size - 1 - vert
                    } else {
                        vert
                    };
                    if !self.function[y * size + x] {
                        self.modules[y * size + x] = stream
                            .get(bit / 8)
                            .is_some_and(|&c| (c >> (7 - bit % 8)) & 1 != 0);
                        bit += 1;
                    }
                }
            }
            if right < 3 {
                break;
            }
            right -= 2;
        }
    }

    fn set(&mut self, x: usize, y: usize, dark: bool) {
        self.modules[y * self.size + x] = dark;
        self.function[y * self.size + x] = true;
    }

    /// A square pattern centred on (`cx`, `cy`), `radius` modules from its
    /// centre to its edge, dark at the distances `dark` says (clipped).
    fn square(&mut self, cx: usize, cy: usize, radius: usize, dark: impl Fn(usize) -> bool) {
        for y in cy.saturating_sub(radius)..(cy + radius + 1).min(self.size) {
            for x in cx.saturating_sub(radius)..(cx + radius + 1).min(self.size) {
                self.set(x, y, dark(x.abs_diff(cx).max(y.abs_diff(cy))));
            }
        }
    }

    /// The 15 format bits, twice, and the dark module (§7.9); all light
    /// with `bits` 0, to reserve their place.
    fn format(&mut self, bits: u32) {
        let (size, bit) = (self.size, |i: usize| (bits >> i) & 1 != 0);
        for i in 0..15 {
            let (x, y) = match i {
                0..=5 => (8, i),
                6 => (8, 7),
                7 => (8, 8),
                8 => (7, 8),
                _ => (14 - i, 8),
            };
            self.set(x, y, bit(i));
            let (x, y) = if i < 8 {
                (size - 1 - i, 8)
            } else {
                (8, size - 15 + i)
            };
            self.set(x, y, bit(i));
        }
        self.set(8, size - 8, bits != 0);
    }

    /// The 18 version bits, twice (§7.10), for versions 7 and up.
    fn version(&mut self, bits: u32) {
        for i in 0..18 {
            let (a, b) = (self.size - 11 + i % 3, i / 3);
            self.set(a, b, (bits >> i) & 1 != 0);
            self.set(b, a, (bits >> i) & 1 != 0);
        }
    }
}

/// `data` followed by its BCH remainder: `bits` check bits for generator `poly`.
fn bch(data: u32, bits: u32, poly: u32) -> u32 {
    let mut rem = data;
    for _ in 0..bits {
        rem = (rem << 1) ^ ((rem >> (bits - 1)) * poly);
    }
    (data << bits) | (rem & ((1 << bits) - 1))
}

impl QrCode {
    /// The smallest symbol for `data` at level M, or at L when M does not fit
    /// any version, with the best mask.
    ///
    /// # Errors
    ///
    /// [`QrError::TooLong`] when `data` does not fit version 40 at level L.
    pub fn encode(data: &[u8]) -> Result<QrCode, QrError> {
        QrCode::encode_with(data, Ecc::M, None, None)
            .or_else(|_| QrCode::encode_with(data, Ecc::L, None, None))
    }

    /// A symbol at level `ecc`, in `version` (else the smallest that fits)
    /// with mask `mask` (taken modulo 8; else the lowest penalty).
    ///
    /// # Errors
    ///
    /// [`QrError::TooLong`] when `data` does not fit `version` (or any
    /// version) at `ecc`, or when `version` is not 1 to 40 (`max` 0).
    pub fn encode_with(
        data: &[u8],
        ecc: Ecc,
        version: Option<u8>,
        mask: Option<u8>,
    ) -> Result<QrCode, QrError> {
        let len = data.len();
        let fits = |v: u8| len <= byte_capacity(v.into(), ecc);
        let version = match version {
            Some(v) if !(1..=MAX_VERSION).contains(&v) => {
                return Err(QrError::TooLong { len, max: 0 })
            }
            Some(v) => v,
            None => (1..=MAX_VERSION).find(|&v| fits(v)).unwrap_or(MAX_VERSION),
        };
        if !fits(version) {
            let max = byte_capacity(version.into(), ecc);
            return Err(QrError::TooLong { len, max });
        }
        let v = usize::from(version);
        let mut canvas = Canvas::new(v);
        canvas.place(&codewords(data, v, ecc));
        let size = canvas.size;

        let apply = |mask: u8| -> Vec<bool> {
            let mut modules = canvas.modules.clone();
            for (i, module) in modules.iter_mut().enumerate() {
                if !canvas.function[i] && masked(mask, i % size, i / size) {
                    *module = !*module;
                }
            }
            modules
        };
        let mask = match mask {
            Some(m) => m % 8,
            None => (0..8)
                .min_by_key(|&m| penalty(&apply(m), size))
                .unwrap_or(0),
        };
        canvas.modules = apply(mask);
        let format = bch((ecc.format_bits() << 3) | u32::from(mask), 10, 0x537) ^ 0x5412;
        canvas.format(format);
        if v >= 7 {
            canvas.version(bch(version.into(), 12, 0x1F25));
        }
        Ok(QrCode {
            size,
            modules: canvas.modules,
            version,
            ecc,
            mask,
        })
    }

    /// Modules per side: 17 + 4 × version.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The version, 1 to 40.
    pub fn version(&self) -> u8 {
        self.version
    }

    /// The error-correction level.
    pub fn ecc(&self) -> Ecc {
        self.ecc
    }

    /// The mask pattern, 0 to 7.
    pub fn mask(&self) -> u8 {
        self.mask
    }

    /// Whether the module in column `x`, row `y` is dark (outside: light).
    pub fn get(&self, x: usize, y: usize) -> bool {
        x < self.size && y < self.size && self.modules[y * self.size + x]
    }

    /// An SVG image with a 4-module quiet zone: a white background and the
    /// dark modules as one path, a rectangle per run of dark modules in a
    /// row. It has a `viewBox` and no width, height or title: CSS sizes it
    /// and the caller names it.
    pub fn to_svg(&self) -> String {
        let side = self.size + 8;
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" \
             shape-rendering=\"crispEdges\"><rect width=\"{side}\" height=\"{side}\" \
             fill=\"#fff\"/><path fill=\"#000\" d=\""
        );
        for y in 0..self.size {
            let mut x = 0;
            while x < self.size {
                let start = x;
                while self.get(x, y) {
                    x += 1;
                }
                if x > start {
                    let _ = write!(
                        svg,
                        "M{} {}h{}v1h-{}z",
                        start + 4,
                        y + 4,
                        x - start,
                        x - start
                    );
                }
                x += 1;
            }
        }
        svg.push_str("\"/></svg>");
        svg
    }
}
