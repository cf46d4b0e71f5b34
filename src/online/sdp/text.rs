//! The SDP text of a description: what a browser's offer or answer says
//! is read into a [`CompactSdp`] (what connecting needs, nothing a code
//! must not carry), and a [`CompactSdp`] is written back as a complete
//! data-channel SDP a browser accepts.

use super::{
    fnv1a, is_ice_char, valid_candidate, valid_mid, Address, Candidate, CandidateType, CompactSdp,
    HashAlgorithm, SdpError, SetupRole, TcpType, MAX_CANDIDATES, MAX_ICE_TEXT, MIN_ICE_PWD,
    MIN_ICE_UFRAG,
};
use std::fmt::Write as _;
use std::net::{Ipv4Addr, Ipv6Addr};

impl CompactSdp {
    /// Keeps what connecting needs from a data-channel offer or answer.
    /// Candidates of other components, candidates a code cannot carry (see
    /// [`CompactSdp::validate`]) and every related address are dropped; at
    /// most [`MAX_CANDIDATES`] are kept.
    ///
    /// # Errors
    /// A missing ICE credential, fingerprint or setup role; an unreadable
    /// fingerprint or candidate; a credential or media id that is not of
    /// the characters and length RFC 8839 and RFC 8866 allow.
    pub fn from_sdp(sdp: &str) -> Result<CompactSdp, SdpError> {
        let mut ufrag = None;
        let mut pwd = None;
        let mut fingerprint = None;
        let mut setup = None;
        let mut mid = None;
        let mut candidates = Vec::new();
        for line in sdp.lines().map(str::trim) {
            let Some(attr) = line.strip_prefix("a=") else {
                continue;
            };
            let (name, value) = attr.split_once(':').unwrap_or((attr, ""));
            match name {
                "ice-ufrag" => ufrag = Some(ice_text(value, MIN_ICE_UFRAG, "ICE user fragment")?),
                "ice-pwd" => pwd = Some(ice_text(value, MIN_ICE_PWD, "ICE password")?),
                "fingerprint" => fingerprint = Some(parse_fingerprint(value)?),
                "setup" => {
                    setup = Some(match value {
                        "actpass" => SetupRole::ActPass,
                        "active" => SetupRole::Active,
                        "passive" => SetupRole::Passive,
                        _ => return Err(SdpError::Unsupported("setup role")),
                    })
                }
                "mid" if mid.is_none() => {
                    let value = value.trim();
                    if !valid_mid(value) {
                        return Err(SdpError::Unsupported("media id"));
                    }
                    mid = Some(value.to_string());
                }
                "candidate" => {
                    if let Some(c) = parse_candidate(value)? {
                        if candidates.len() < MAX_CANDIDATES && valid_candidate(&c) {
                            candidates.push(c);
                        }
                    }
                }
                _ => {}
            }
        }
        let (hash, fingerprint) = fingerprint.ok_or(SdpError::Missing("fingerprint"))?;
        let compact = CompactSdp {
            ice_ufrag: ufrag.ok_or(SdpError::Missing("ICE user fragment"))?,
            ice_pwd: pwd.ok_or(SdpError::Missing("ICE password"))?,
            hash,
            fingerprint,
            setup: setup.ok_or(SdpError::Missing("setup role"))?,
            mid: mid.unwrap_or_else(|| "0".to_string()),
            candidates,
        };
        compact.validate()?;
        Ok(compact)
    }

    /// A complete data-channel SDP text (as Chromium writes one) with these
    /// credentials, fingerprint, role and candidates, without related
    /// addresses (optional in RFC 8839's grammar and to browsers).
    ///
    /// Its fields are written as they are: call it on a description that
    /// passes [`CompactSdp::validate`], as every one from
    /// [`CompactSdp::from_sdp`] or a decoded code does.
    pub fn to_sdp(&self) -> String {
        let mut s = String::new();
        // The session id only has to be a number; derive it so equal
        // descriptions expand equally.
        let id = fnv1a(self.ice_ufrag.as_bytes()) & 0x7fff_ffff_ffff_ffff;
        let _ = write!(s, "v=0\r\no=- {id} 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n");
        let _ = write!(s, "a=group:BUNDLE {}\r\na=msid-semantic: WMS\r\n", self.mid);
        s.push_str("m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n");
        for c in &self.candidates {
            let _ = write!(s, "a=candidate:{} 1 ", c.foundation);
            s.push_str(if c.tcp.is_some() { "tcp" } else { "udp" });
            let _ = write!(
                s,
                " {} {} {} typ ",
                c.priority,
                address_text(&c.address),
                c.port
            );
            s.push_str(match c.kind {
                CandidateType::Host => "host",
                CandidateType::Srflx => "srflx",
                CandidateType::Prflx => "prflx",
                CandidateType::Relay => "relay",
            });
            if let Some(t) = c.tcp {
                s.push_str(match t {
                    TcpType::Active => " tcptype active",
                    TcpType::Passive => " tcptype passive",
                    TcpType::So => " tcptype so",
                });
            }
            s.push_str(" generation 0\r\n");
        }
        let _ = write!(
            s,
            "a=ice-ufrag:{}\r\na=ice-pwd:{}\r\na=ice-options:trickle\r\n",
            self.ice_ufrag, self.ice_pwd
        );
        let hex: Vec<String> = self
            .fingerprint
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        let _ = write!(
            s,
            "a=fingerprint:{} {}\r\n",
            self.hash.name(),
            hex.join(":")
        );
        s.push_str(match self.setup {
            SetupRole::ActPass => "a=setup:actpass\r\n",
            SetupRole::Active => "a=setup:active\r\n",
            SetupRole::Passive => "a=setup:passive\r\n",
        });
        let _ = write!(
            s,
            "a=mid:{}\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n",
            self.mid
        );
        s
    }
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-' || b == b'_')
}

fn address_text(address: &Address) -> String {
    match address {
        Address::V4(ip) => ip.to_string(),
        Address::V6(ip) => ip.to_string(),
        Address::Mdns(id) => {
            let hex: String = id.iter().map(|b| format!("{b:02x}")).collect();
            format!(
                "{}-{}-{}-{}-{}.local",
                &hex[0..8],
                &hex[8..12],
                &hex[12..16],
                &hex[16..20],
                &hex[20..32]
            )
        }
        Address::Name(name) => name.clone(),
    }
}

fn parse_address(text: &str) -> Option<Address> {
    if let Ok(ip) = text.parse::<Ipv4Addr>() {
        return Some(Address::V4(ip));
    }
    if let Ok(ip) = text
        .trim_matches(|c| c == '[' || c == ']')
        .parse::<Ipv6Addr>()
    {
        return Some(Address::V6(ip));
    }
    if let Some(uuid) = text.strip_suffix(".local") {
        let hex: String = uuid.chars().filter(|&c| c != '-').collect();
        let dashes_ok = uuid.len() == 36
            && uuid
                .char_indices()
                .all(|(i, c)| (c == '-') == matches!(i, 8 | 13 | 18 | 23));
        if let (true, Some(id)) = (dashes_ok, crate::codec::hex_bytes::<16>(&hex)) {
            return Some(Address::Mdns(id));
        }
    }
    (text.len() <= 255 && valid_name(text)).then(|| Address::Name(text.to_string()))
}

fn ice_text(value: &str, min: usize, what: &'static str) -> Result<String, SdpError> {
    let v = value.trim();
    let ok = (min..=MAX_ICE_TEXT).contains(&v.len()) && v.bytes().all(is_ice_char);
    ok.then(|| v.to_string()).ok_or(SdpError::Unsupported(what))
}

fn parse_fingerprint(value: &str) -> Result<(HashAlgorithm, Vec<u8>), SdpError> {
    let bad = SdpError::Unsupported("fingerprint");
    let (name, hex) = value.trim().split_once(' ').ok_or(bad.clone())?;
    let hash = HashAlgorithm::ALL
        .into_iter()
        .find(|h| h.name().eq_ignore_ascii_case(name))
        .ok_or(bad.clone())?;
    let digest = hex
        .trim()
        .split(':')
        .map(|b| {
            if b.len() == 2 {
                u8::from_str_radix(b, 16).ok()
            } else {
                None
            }
        })
        .collect::<Option<Vec<u8>>>()
        .ok_or(bad.clone())?;
    if digest.len() != hash.digest_len() {
        return Err(bad);
    }
    Ok((hash, digest))
}

/// A candidate of component 1, `None` for other components.
fn parse_candidate(value: &str) -> Result<Option<Candidate>, SdpError> {
    let bad = || SdpError::BadCandidate(value.chars().take(80).collect());
    let fields: Vec<&str> = value.split_whitespace().collect();
    let [foundation, component, transport, priority, address, port, typ, kind, rest @ ..] =
        fields.as_slice()
    else {
        return Err(bad());
    };
    if *component != "1" {
        return Ok(None);
    }
    if *typ != "typ" {
        return Err(bad());
    }
    let foundation = foundation
        .parse::<u32>()
        .unwrap_or_else(|_| fnv1a(foundation.as_bytes()) as u32);
    let tcp_transport = match transport.to_ascii_lowercase().as_str() {
        "udp" => false,
        "tcp" => true,
        _ => return Err(bad()),
    };
    let kind = match *kind {
        "host" => CandidateType::Host,
        "srflx" => CandidateType::Srflx,
        "prflx" => CandidateType::Prflx,
        "relay" => CandidateType::Relay,
        _ => return Err(bad()),
    };
    let mut tcptype = None;
    for pair in rest.chunks(2) {
        match pair {
            ["tcptype", "active"] => tcptype = Some(TcpType::Active),
            ["tcptype", "passive"] => tcptype = Some(TcpType::Passive),
            ["tcptype", "so"] => tcptype = Some(TcpType::So),
            // raddr and rport (never kept: see `Candidate::related`),
            // generation, network-id, network-cost, ufrag...: optional.
            _ => {}
        }
    }
    let tcp = match (tcp_transport, tcptype) {
        (false, _) => None,
        (true, Some(t)) => Some(t),
        (true, None) => Some(TcpType::Passive),
    };
    Ok(Some(Candidate {
        foundation,
        priority: priority.parse().map_err(|_| bad())?,
        tcp,
        address: parse_address(address).ok_or_else(bad)?,
        port: port.parse().map_err(|_| bad())?,
        kind,
        related: None,
    }))
}
