//! A description as the bytes inside an invite or reply code, written and
//! read with the crate's one codec ([`crate::codec`]).

use super::{
    Address, Candidate, CandidateType, CompactSdp, HashAlgorithm, SetupRole, TcpType,
    MAX_CANDIDATES,
};
use crate::codec::{Reader, Writer};
use std::net::{Ipv4Addr, Ipv6Addr};

impl CompactSdp {
    /// The bytes of this description inside a code. Related addresses are
    /// left out (the flag that would announce one stays 0).
    pub(in crate::online) fn write(&self, out: &mut Writer) {
        out.text(&self.ice_ufrag);
        out.text(&self.ice_pwd);
        let hash = HashAlgorithm::ALL
            .iter()
            .position(|&h| h == self.hash)
            .unwrap_or(1) as u8;
        let role = match self.setup {
            SetupRole::ActPass => 0,
            SetupRole::Active => 1,
            SetupRole::Passive => 2,
        };
        out.u8((hash << 4) | role);
        let mut digest = self.fingerprint.clone();
        digest.resize(self.hash.digest_len(), 0);
        out.bytes(&digest);
        out.text(&self.mid);
        let count = self.candidates.len().min(MAX_CANDIDATES);
        out.u8(count as u8);
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
            out.u8(kind | (tcp << 2));
            out.bytes(&c.foundation.to_be_bytes());
            out.bytes(&c.priority.to_be_bytes());
            put_address(out, &c.address);
            out.bytes(&c.port.to_be_bytes());
        }
    }

    /// Reads what [`CompactSdp::write`] wrote; `None` if it does not fit or
    /// fails [`CompactSdp::validate`]. A related address, which earlier
    /// versions wrote, is read and dropped.
    pub(in crate::online) fn read(r: &mut Reader<'_>) -> Option<CompactSdp> {
        let ice_ufrag = r.text().ok()?;
        let ice_pwd = r.text().ok()?;
        let flags = r.u8().ok()?;
        let hash = *HashAlgorithm::ALL.get(usize::from(flags >> 4))?;
        let setup = match flags & 0x0f {
            0 => SetupRole::ActPass,
            1 => SetupRole::Active,
            2 => SetupRole::Passive,
            _ => return None,
        };
        let fingerprint = r.take(hash.digest_len()).ok()?.to_vec();
        let mid = r.text().ok()?;
        let count = usize::from(r.u8().ok()?);
        if count > MAX_CANDIDATES || ice_ufrag.is_empty() || ice_pwd.is_empty() {
            return None;
        }
        let mut candidates = Vec::with_capacity(count);
        for _ in 0..count {
            let flags = r.u8().ok()?;
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
            let foundation = r.u32_be().ok()?;
            let priority = r.u32_be().ok()?;
            let address = read_address(r)?;
            let port = r.u16_be().ok()?;
            if flags & 0x10 != 0 {
                skip_address(r)?;
                r.u16_be().ok()?;
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

fn put_address(out: &mut Writer, address: &Address) {
    match address {
        Address::V4(ip) => {
            out.u8(4);
            out.bytes(&ip.octets());
        }
        Address::V6(ip) => {
            out.u8(6);
            out.bytes(&ip.octets());
        }
        Address::Mdns(id) => {
            out.u8(b'm');
            out.bytes(id);
        }
        Address::Name(name) => {
            out.u8(b'n');
            out.text(name);
        }
    }
}

fn read_address(r: &mut Reader<'_>) -> Option<Address> {
    Some(match r.u8().ok()? {
        4 => {
            let b: [u8; 4] = r.take(4).ok()?.try_into().ok()?;
            Address::V4(Ipv4Addr::from(b))
        }
        6 => {
            let b: [u8; 16] = r.take(16).ok()?.try_into().ok()?;
            Address::V6(Ipv6Addr::from(b))
        }
        b'm' => Address::Mdns(r.take(16).ok()?.try_into().ok()?),
        // A host name (`n`, written by earlier versions) is refused: see
        // [`Address::Name`].
        _ => return None,
    })
}

/// Reads past an address of an earlier version's related address.
fn skip_address(r: &mut Reader<'_>) -> Option<()> {
    match r.u8().ok()? {
        4 => r.take(4).ok()?,
        6 | b'm' => r.take(16).ok()?,
        b'n' => {
            let n = usize::from(r.u8().ok()?);
            r.take(n).ok()?
        }
        _ => return None,
    };
    Some(())
}
