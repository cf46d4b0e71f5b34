//! The one binary codec (`ono99::codec`): every rule set the game allows
//! packs and unpacks to itself, and cut, over-long or damaged input is an
//! error, never a panic.

use ono99::codec::{seal, unseal, CodecError, Reader, Writer};
use ono99::rules::{Edition, Format, LoseAt, Negatives, NinetyNine, PointsEnd, RuleSet};
use proptest::prelude::*;

/// Points limits at the edges of LEB128's byte counts, and the range's ends.
const LIMITS: [u32; 7] = [1, 127, 128, 16_383, 16_384, 99_999, 100_000];

/// Every rule set [`RuleSet::validate`] accepts, the points limit taken
/// from [`LIMITS`].
fn every_rule_set() -> Vec<RuleSet> {
    let mut all = Vec::new();
    for edition in [Edition::Modern, Edition::Classic] {
        for &negatives in Negatives::ALL {
            for &ninety_nine in NinetyNine::ALL {
                for &lose_at in LoseAt::ALL {
                    for four_ono_discard in [false, true] {
                        for &format in Format::ALL {
                            for &points_end in PointsEnd::ALL {
                                for tokens in 1..=9 {
                                    for points_limit in LIMITS {
                                        all.push(RuleSet {
                                            edition,
                                            negatives,
                                            ninety_nine,
                                            lose_at,
                                            four_ono_discard,
                                            format,
                                            tokens,
                                            points_limit,
                                            points_end,
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    all
}

fn packed(rules: &RuleSet) -> Vec<u8> {
    let mut w = Writer::new();
    w.rules(rules);
    w.into_bytes()
}

#[test]
fn every_rule_set_round_trips_in_few_bytes() {
    let all = every_rule_set();
    assert_eq!(all.len(), 2 * 3 * 3 * 2 * 2 * 3 * 2 * 9 * LIMITS.len());
    let mut seen = std::collections::HashSet::new();
    for rules in all {
        assert_eq!(rules.validate(), Ok(()));
        let bytes = packed(&rules);
        assert!((4..=6).contains(&bytes.len()), "{rules}: {bytes:?}");
        // Two rule sets never share bytes.
        assert!(seen.insert(bytes.clone()), "{rules}");
        let mut r = Reader::new(&bytes);
        assert_eq!(r.rules(), Ok(rules));
        assert_eq!(r.finish(), Ok(()));
        // Cut anywhere, it is refused.
        for cut in 0..bytes.len() {
            assert_eq!(
                Reader::new(&bytes[..cut]).rules(),
                Err(CodecError::Truncated),
                "{rules} cut at {cut}"
            );
        }
    }
}

#[test]
fn rule_bytes_outside_their_options_are_refused() {
    let good = packed(&RuleSet::modern());
    let mut refused = 0;
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            let mut bytes = good.clone();
            bytes[0] = a;
            bytes[1] = b;
            match Reader::new(&bytes).rules() {
                // What is read packs to the same bytes: one spelling each.
                Ok(rules) => assert_eq!(packed(&rules), bytes),
                Err(CodecError::Bad { .. }) => refused += 1,
                Err(e) => panic!("{a} {b}: {e}"),
            }
        }
    }
    // 2 × 3 × 3 × 2 spellings of the first byte, 2 × 3 × 2 of the second.
    assert_eq!(65_536 - refused, 36 * 12);
}

#[test]
fn leb128_refuses_what_no_writer_writes() {
    let read = |bytes: &[u8], max: u64| {
        let mut r = Reader::new(bytes);
        r.leb(max).and_then(|n| r.finish().map(|()| n))
    };
    for n in [0, 1, 127, 128, 300, 16_384, u64::from(u32::MAX), u64::MAX] {
        let mut w = Writer::new();
        w.leb(n);
        let bytes = w.into_bytes();
        assert_eq!(read(&bytes, u64::MAX), Ok(n));
        assert_eq!(
            bytes.len(),
            (64 - n.leading_zeros() as usize).div_ceil(7).max(1)
        );
        assert_eq!(
            read(&bytes[..bytes.len() - 1], u64::MAX),
            Err(CodecError::Truncated)
        );
        if n > 0 {
            assert_eq!(read(&bytes, n - 1), Err(CodecError::NumberTooLong));
        }
    }
    // A needless 0 at the end, a number past 64 bits, eleven bytes.
    assert_eq!(
        read(&[0x85, 0x00], u64::MAX),
        Err(CodecError::NumberTooLong)
    );
    let mut past = vec![0xff; 9];
    past.push(0x02);
    assert_eq!(read(&past, u64::MAX), Err(CodecError::NumberTooLong));
    assert_eq!(read(&[0x80; 11], u64::MAX), Err(CodecError::NumberTooLong));
    // A points limit past 32 bits in a rule set.
    let mut rules = packed(&RuleSet::modern())[..3].to_vec();
    rules.extend_from_slice(&[0xff, 0xff, 0xff, 0xff, 0x1f]);
    assert_eq!(Reader::new(&rules).rules(), Err(CodecError::NumberTooLong));
    // Trailing bytes.
    assert_eq!(read(&[0x05, 0x00], u64::MAX), Err(CodecError::LeftOver(1)));
}

#[test]
fn the_checksum_trailer_catches_any_change() {
    let mut bytes = b"ONO 99".to_vec();
    seal(&mut bytes);
    assert_eq!(bytes.len(), 10);
    assert_eq!(unseal(&bytes), Ok(&b"ONO 99"[..]));
    for i in 0..bytes.len() {
        for bit in 0..8 {
            let mut changed = bytes.clone();
            changed[i] ^= 1 << bit;
            assert_eq!(unseal(&changed), Err(CodecError::BadChecksum));
        }
    }
    assert_eq!(unseal(&bytes[..3]), Err(CodecError::Truncated));
    assert_eq!(unseal(&bytes[..9]), Err(CodecError::BadChecksum));
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(unseal(&longer), Err(CodecError::BadChecksum));
}

#[test]
fn texts_are_cut_at_a_character_and_must_be_utf8() {
    let mut w = Writer::new();
    w.text(&"é".repeat(200));
    let bytes = w.into_bytes();
    assert_eq!(bytes[0], 254);
    assert_eq!(Reader::new(&bytes).text(), Ok("é".repeat(127)));
    assert!(matches!(
        Reader::new(&[2, 0xc3, 0x28]).text(),
        Err(CodecError::Bad { .. })
    ));
    assert_eq!(Reader::new(&[3, b'a']).text(), Err(CodecError::Truncated));
}

proptest! {
    /// Whatever the bytes, each read answers without panicking, and what
    /// it reads is what a writer would have written.
    #[test]
    fn any_bytes_read_without_panicking(bytes in proptest::collection::vec(any::<u8>(), 0..24)) {
        let mut r = Reader::new(&bytes);
        if let Ok(rules) = r.rules() {
            prop_assert_eq!(&packed(&rules)[..], &bytes[..bytes.len() - r.remaining()]);
        }
        let mut r = Reader::new(&bytes);
        let _ = (r.text(), r.bits(13), r.end_bits(), r.u64_be(), r.f64_le(), r.bool("a bool"));
        let _ = unseal(&bytes);
    }

    /// Any rule set proptest makes within the allowed ranges round-trips.
    #[test]
    fn any_allowed_rule_set_round_trips(
        edition in 0..2usize, negatives in 0..3usize, ninety_nine in 0..3usize,
        lose_at in 0..2usize, four in any::<bool>(), format in 0..3usize,
        points_end in 0..2usize, tokens in 1..=9u8, points_limit in 1..=100_000u32,
    ) {
        let rules = RuleSet {
            edition: [Edition::Modern, Edition::Classic][edition],
            negatives: Negatives::ALL[negatives],
            ninety_nine: NinetyNine::ALL[ninety_nine],
            lose_at: LoseAt::ALL[lose_at],
            four_ono_discard: four,
            format: Format::ALL[format],
            points_end: PointsEnd::ALL[points_end],
            tokens,
            points_limit,
        };
        let bytes = packed(&rules);
        let mut r = Reader::new(&bytes);
        prop_assert_eq!(r.rules(), Ok(rules));
        prop_assert!(r.is_empty());
    }
}
