//! The description's tests, on offers and answers as Chromium writes them
//! (the codes' tests read the same texts).

use super::*;
use crate::codec::Reader;

/// A data-channel offer as Chromium 120 writes it, all candidates gathered.
pub(crate) const CHROMIUM_OFFER: &str = "v=0\r\n\
o=- 4611731400430051336 2 IN IP4 127.0.0.1\r\n\
s=-\r\n\
t=0 0\r\n\
a=group:BUNDLE 0\r\n\
a=extmap-allow-mixed\r\n\
a=msid-semantic: WMS\r\n\
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 0.0.0.0\r\n\
a=candidate:3637400925 1 udp 2113937151 5f0d3b52-6f1c-4e7a-9d7e-0c1a2b3c4d5e.local 54120 typ host generation 0 network-cost 999\r\n\
a=candidate:842163049 1 udp 1677729535 203.0.113.77 54120 typ srflx raddr 0.0.0.0 rport 0 generation 0 network-cost 999\r\n\
a=candidate:1467250027 1 tcp 1518280447 192.168.1.34 9 typ host tcptype active generation 0 network-id 1\r\n\
a=ice-ufrag:EsAw\r\n\
a=ice-pwd:P2uYro0UCOQ4zxjKXaWCBui1\r\n\
a=ice-options:trickle\r\n\
a=fingerprint:sha-256 D2:FA:0E:C3:22:59:5E:14:95:69:92:3D:13:B4:84:24:2C:C2:A2:C0:3E:FD:34:8E:5E:EA:6F:AF:52:CE:E6:0F\r\n\
a=setup:actpass\r\n\
a=mid:0\r\n\
a=sctp-port:5000\r\n\
a=max-message-size:262144\r\n";

/// Chromium's answer to it (IPv6 host candidate, a relay candidate).
pub(crate) const CHROMIUM_ANSWER: &str = "v=0\r\n\
o=- 7025390215542826413 2 IN IP4 127.0.0.1\r\n\
s=-\r\n\
t=0 0\r\n\
a=group:BUNDLE 0\r\n\
a=extmap-allow-mixed\r\n\
a=msid-semantic: WMS\r\n\
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 0.0.0.0\r\n\
a=candidate:2999745851 1 udp 2122262783 2001:db8::1:5 61021 typ host generation 0 network-id 2\r\n\
a=candidate:1510613869 1 udp 2122194687 10.0.0.12 61022 typ host generation 0 network-id 1\r\n\
a=candidate:2015963220 1 udp 33562367 198.51.100.20 3478 typ relay raddr 10.0.0.12 rport 61022 generation 0\r\n\
a=candidate:2015963221 2 udp 33562366 198.51.100.20 3479 typ relay raddr 10.0.0.12 rport 61023 generation 0\r\n\
a=ice-ufrag:y7Qx\r\n\
a=ice-pwd:kZ3q0v7zJwF1o9M0gRk2hN5b\r\n\
a=ice-options:trickle\r\n\
a=fingerprint:sha-256 6B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:F0:A1:58:D0:A1:2C:19:08\r\n\
a=setup:active\r\n\
a=mid:0\r\n\
a=sctp-port:5000\r\n\
a=max-message-size:262144\r\n";

#[test]
fn a_chromium_offer_compacts_and_expands_to_the_same_essentials() {
    let c = CompactSdp::from_sdp(CHROMIUM_OFFER).unwrap();
    assert_eq!(c.ice_ufrag, "EsAw");
    assert_eq!(c.setup, SetupRole::ActPass);
    assert_eq!(c.candidates.len(), 3);
    assert!(matches!(c.candidates[0].address, Address::Mdns(_)));
    assert_eq!(c.candidates[2].tcp, Some(TcpType::Active));
    let sdp = c.to_sdp();
    for line in [
        "a=candidate:3637400925 1 udp 2113937151 5f0d3b52-6f1c-4e7a-9d7e-0c1a2b3c4d5e.local 54120 typ host",
        "a=candidate:842163049 1 udp 1677729535 203.0.113.77 54120 typ srflx generation 0\r\n",
        "a=candidate:1467250027 1 tcp 1518280447 192.168.1.34 9 typ host tcptype active",
        "a=ice-ufrag:EsAw\r\n",
        "a=ice-pwd:P2uYro0UCOQ4zxjKXaWCBui1\r\n",
        "a=fingerprint:sha-256 D2:FA:0E:C3:22:59:5E:14:95:69:92:3D:13:B4:84:24:2C:C2:A2:C0:3E:FD:34:8E:5E:EA:6F:AF:52:CE:E6:0F\r\n",
        "a=setup:actpass\r\n",
        "a=mid:0\r\n",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n",
    ] {
        assert!(sdp.contains(line), "missing {line:?} in\n{sdp}");
    }
    assert_eq!(CompactSdp::from_sdp(&sdp), Ok(c.clone()));
    let mut bytes = crate::codec::Writer::new();
    c.write(&mut bytes);
    let bytes = bytes.into_bytes();
    assert_eq!(CompactSdp::read(&mut Reader::new(&bytes)), Some(c));
}

#[test]
fn an_answer_keeps_component_one_only() {
    let c = CompactSdp::from_sdp(CHROMIUM_ANSWER).unwrap();
    assert_eq!(c.setup, SetupRole::Active);
    assert_eq!(c.candidates.len(), 3);
    assert!(matches!(c.candidates[0].address, Address::V6(_)));
    assert_eq!(CompactSdp::from_sdp(&c.to_sdp()), Ok(c));
}

#[test]
fn f8_compacting_drops_related_addresses() {
    let c = CompactSdp::from_sdp(CHROMIUM_ANSWER).unwrap();
    assert!(c.candidates.iter().all(|c| c.related.is_none()));
    let sdp = c.to_sdp();
    assert!(
        !sdp.contains("raddr") && !sdp.contains("10.0.0.12 rport"),
        "{sdp}"
    );
    // A description built by hand with one does not write it either.
    let mut by_hand = c.clone();
    by_hand.candidates[2].related = Some((Address::V4(Ipv4Addr::new(192, 168, 1, 5)), 5000));
    assert!(!by_hand.to_sdp().contains("raddr"));
    let mut bytes = crate::codec::Writer::new();
    by_hand.write(&mut bytes);
    let bytes = bytes.into_bytes();
    assert_eq!(CompactSdp::read(&mut Reader::new(&bytes)), Some(c));
}

#[test]
fn f6_credentials_and_media_id_outside_their_grammar_are_refused() {
    for (from, to, what) in [
        (
            "a=ice-ufrag:EsAw",
            "a=ice-ufrag:Es\u{1}Aw",
            "ICE user fragment",
        ),
        ("a=ice-ufrag:EsAw", "a=ice-ufrag:Es-Aw", "ICE user fragment"),
        ("a=ice-ufrag:EsAw", "a=ice-ufrag:EsA", "ICE user fragment"),
        (
            "a=ice-pwd:P2uYro0UCOQ4zxjKXaWCBui1",
            "a=ice-pwd:P2uYro0UCOQ4zxjKXaWC",
            "ICE password",
        ),
        (
            "a=ice-pwd:P2uYro0UCOQ4zxjKXaWCBui1",
            "a=ice-pwd:P2uYro0UCOQ4zxjKXaWCBu\"1",
            "ICE password",
        ),
        ("a=mid:0", "a=mid:0;a", "media id"),
        ("a=mid:0", "a=mid:0 1", "media id"),
    ] {
        assert_eq!(
            CompactSdp::from_sdp(&CHROMIUM_OFFER.replace(from, to)),
            Err(SdpError::Unsupported(what)),
            "{to}"
        );
    }
}

#[test]
fn f6_candidates_a_code_cannot_carry_are_dropped() {
    let sdp = CHROMIUM_OFFER.replace(
        "5f0d3b52-6f1c-4e7a-9d7e-0c1a2b3c4d5e.local 54120",
        "stun.attacker.example 54120",
    );
    let c = CompactSdp::from_sdp(&sdp).unwrap();
    assert_eq!(c.candidates.len(), 2);
    assert!(!c.to_sdp().contains("attacker"));
    let port_zero = CHROMIUM_OFFER.replace("192.168.1.34 9 typ", "192.168.1.34 0 typ");
    assert_eq!(
        CompactSdp::from_sdp(&port_zero).unwrap().candidates.len(),
        2
    );
    let mut c = CompactSdp::from_sdp(CHROMIUM_OFFER).unwrap();
    assert_eq!(c.validate(), Ok(()));
    c.candidates[0].priority = u32::MAX;
    assert_eq!(c.validate(), Err(SdpError::Unsupported("candidate")));
}

#[test]
fn missing_parts_are_named() {
    let no_pwd = CHROMIUM_OFFER.replace("a=ice-pwd:P2uYro0UCOQ4zxjKXaWCBui1\r\n", "");
    assert_eq!(
        CompactSdp::from_sdp(&no_pwd),
        Err(SdpError::Missing("ICE password"))
    );
    let short_fp = CHROMIUM_OFFER.replace("E6:0F", "E6");
    assert_eq!(
        CompactSdp::from_sdp(&short_fp),
        Err(SdpError::Unsupported("fingerprint"))
    );
    assert!(matches!(
        CompactSdp::from_sdp("a=candidate:1 1 udp x\r\n"),
        Err(SdpError::BadCandidate(_))
    ));
}
