//! A description as the bytes inside an invite or reply code, and the
//! checked cursor ([`Reader`]) and length-prefixed texts ([`put_text`])
//! the codes and share links read and write theirs with.

use super::{
    Address, Candidate, CandidateType, CompactSdp, HashAlgorithm, SetupRole, TcpType,
    MAX_CANDIDATES,
};
use std::net::{Ipv4Addr, Ipv6Addr};

impl CompactSdp {
    /// The bytes of this description inside a code. Related addresses are
    /// left out (the flag that would announce one stays 0).
    pub(in crate::online) fn write(&self, out: &mut Vec<u8>) {
        put_text(out, &self.ice_ufrag);
        put_text(out, &self.ice_pwd);
        let hash = HashAlgorithm::ALL
            .iter()
            .position(|&h| h == self.hash)
            .unwrap_or(1) as u8;
        let role = match self.setup {
            SetupRole::ActPass => 0,
            SetupRole::Active => 1,
            SetupRole::Passive => 2,
        };
        out.push((hash << 4) | role);
        let mut digest = self.fingerprint.clone();
        digest.resize(self.hash.digest_len(), 0);
        out.extend_from_slice(&digest);
        put_text(out, &self.mid);
        let count = self.candidates.len().min(MAX_CANDIDATES);
        out.push(count as u8);
        for c in self.candidates.iter().take(count) {
            let kind = match c.kind {
                CandidateType::Host => 0,
                CandidateType::Srflx => 1,
                CandidateType::Prflx => 2,
                CandidateType::Relay => 3,
            };
            let tcp = match c.tcp {
                None => 0,
                Some(TcpType::Active) => 1,
                Some(TcpType::Passive) => 2,
                Some(TcpType::So) => 3,
            };
            out.push(kind | (tcp << 2));
            out.extend_from_slice(&c.foundation.to_be_bytes());
            out.extend_from_slice(&c.priority.to_be_bytes());
            put_address(out, &c.address);
            out.extend_from_slice(&c.port.to_be_bytes());
        }
    }

    /// Reads what [`CompactSdp::write`] wrote; `None` if it does not fit or
    /// fails [`CompactSdp::validate`]. A related address, which earlier
    /// versions wrote, is read and dropped.
    pub(in crate::online) fn read(r: &mut Reader<'_>) -> Option<CompactSdp> {
        let ice_ufrag = r.text()?;
        let ice_pwd = r.text()?;
        let flags = r.byte()?;
        let hash = *HashAlgorithm::ALL.get(usize::from(flags >> 4))?;
        let setup = match flags & 0x0f {
            0 => SetupRole::ActPass,
            1 => SetupRole::Active,
            2 => SetupRole::Passive,
            _ => return None,
        };
        let fingerprint = r.bytes(hash.digest_len())?.to_vec();
        let mid = r.text()?;
        let count = usize::from(r.byte()?);
        if count > MAX_CANDIDATES || ice_ufrag.is_empty() || ice_pwd.is_empty() {
            return None;
        }
        let mut candidates = Vec::with_capacity(count);
        for _ in 0..count {
            let flags = r.byte()?;
            if flags >> 5 != 0 {
                return None;
            }
            let kind = match flags & 3 {
                0 => CandidateType::Host,
                1 => CandidateType::Srflx,
                2 => CandidateType::Prflx,
                _ => CandidateType::Relay,
            };
            let tcp = match (flags >> 2) & 3 {
                0 => None,
                1 => Some(TcpType::Active),
                2 => Some(TcpType::Passive),
                _ => Some(TcpType::So),
            };
            let foundation = r.u32()?;
            let priority = r.u32()?;
            let address = read_address(r)?;
            let port = r.u16()?;
            if flags & 0x10 != 0 {
                skip_address(r)?;
                r.u16()?;
            }
            candidates.push(Candidate {
                foundation,
                priority,
                tcp,
                address,
                port,
                kind,
                related: None,
            });
        }
        let compact = CompactSdp {
            ice_ufrag,
            ice_pwd,
            hash,
            fingerprint,
            setup,
            mid,
            candidates,
        };
        compact.validate().ok()?;
        Some(compact)
    }
}

/// A cursor over a code's bytes; every read is checked.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes }
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }
    /// How many bytes are left to read.
    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len()
    }
    pub(crate) fn bytes(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.bytes.len() {
            return None;
        }
        let (head, tail) = self.bytes.split_at(n);
        self.bytes = tail;
        Some(head)
    }
    pub(crate) fn byte(&mut self) -> Option<u8> {
        self.bytes(1)?.first().copied()
    }
    fn u16(&mut self) -> Option<u16> {
        let b = self.bytes(2)?;
        Some(u16::from_be_bytes([*b.first()?, *b.get(1)?]))
    }
    pub(crate) fn u32(&mut self) -> Option<u32> {
        let b: [u8; 4] = self.bytes(4)?.try_into().ok()?;
        Some(u32::from_be_bytes(b))
    }
    /// A length-prefixed UTF-8 text.
    pub(crate) fn text(&mut self) -> Option<String> {
        let n = usize::from(self.byte()?);
        String::from_utf8(self.bytes(n)?.to_vec()).ok()
    }
}

/// Writes a length-prefixed text, cut to 255 bytes at a character.
pub(crate) fn put_text(out: &mut Vec<u8>, text: &str) {
    let mut end = text.len().min(255);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    out.push(end as u8);
    out.extend_from_slice(&text.as_bytes()[..end]);
}

fn put_address(out: &mut Vec<u8>, address: &Address) {
    match address {
        Address::V4(ip) => {
            out.push(4);
            out.extend_from_slice(&ip.octets());
        }
        Address::V6(ip) => {
            out.push(6);
            out.extend_from_slice(&ip.octets());
        }
        Address::Mdns(id) => {
            out.push(b'm');
            out.extend_from_slice(id);
        }
        Address::Name(name) => {
            out.push(b'n');
            put_text(out, name);
        }
    }
}

fn read_address(r: &mut Reader<'_>) -> Option<Address> {
    Some(match r.byte()? {
        4 => {
            let b: [u8; 4] = r.bytes(4)?.try_into().ok()?;
            Address::V4(Ipv4Addr::from(b))
        }
        6 => {
            let b: [u8; 16] = r.bytes(16)?.try_into().ok()?;
            Address::V6(Ipv6Addr::from(b))
        }
        b'm' => Address::Mdns(r.bytes(16)?.try_into().ok()?),
        // A host name (`n`, written by earlier versions) is refused: see
        // [`Address::Name`].
        _ => return None,
    })
}

/// Reads past an address of an earlier version's related address.
fn skip_address(r: &mut Reader<'_>) -> Option<()> {
    match r.byte()? {
        4 => r.bytes(4)?,
        6 | b'm' => r.bytes(16)?,
        b'n' => {
            let n = usize::from(r.byte()?);
            r.bytes(n)?
        }
        _ => return None,
    };
    Some(())
}
