//! Share links (src/share.rs): any match round-trips, and anything else is
//! refused cleanly.

use ono99::codec::{base64url_encode, bits_for, seal, Writer};
use ono99::rules::{Action, Card, Format, Match, Played, Rng, RuleError, RuleSet, Seat};
use ono99::share::ShareError;
use proptest::prelude::*;

/// A whole match of random legal moves.
fn random_match(rules: RuleSet, seats: usize, seed: u64) -> Played {
    let mut m = Match::new_unlogged(rules, seats, seed).expect("a valid setup");
    let mut rng = Rng::new(seed ^ 0xABCD);
    let mut actions: Vec<(Seat, Action)> = Vec::new();
    while let Some(turn) = m.to_act() {
        let legal = m.legal_actions();
        let action = legal[rng.below(legal.len())];
        m.apply_for(turn.seat, action).expect("a legal action");
        actions.push((turn.seat, action));
    }
    Played {
        rules,
        names: (0..seats).map(|i| format!("Seat {i} ✓")).collect(),
        seed,
        actions,
    }
}

fn rule_sets() -> Vec<RuleSet> {
    let mut out = Vec::new();
    for preset in ["modern", "classic"] {
        for format in [Format::Elimination, Format::Tokens, Format::Points] {
            let mut r = RuleSet::preset(preset).expect("a preset");
            r.format = format;
            out.push(r);
        }
    }
    out
}

#[test]
fn whole_matches_round_trip_in_every_format() {
    let mut n = 0;
    for rules in rule_sets() {
        for seats in 2..=8 {
            for seed in 0..6u64 {
                let shared = random_match(rules, seats, seed * 7919 + seats as u64);
                let code = shared.encode().expect("encodes");
                let back = Played::decode(&code).expect("decodes");
                assert_eq!(back, shared);
                // The whole link works too.
                let link = format!("https://example.org/ono99/#replay={code}");
                assert_eq!(Played::decode(&link).expect("decodes a link"), shared);
                n += 1;
            }
        }
    }
    assert_eq!(n, 6 * 7 * 6);
}

#[test]
fn long_names_are_cut_at_a_character() {
    let mut shared = random_match(RuleSet::modern(), 3, 5);
    shared.names[1] = "ÀÉÎÕÜàéîõüçñ-very-long-name".to_string();
    let back = Played::decode(&shared.encode().expect("encodes")).expect("decodes");
    assert!(back.names[1].len() <= 16);
    assert!(shared.names[1].starts_with(&back.names[1]));
}

/// A match whose action `k` the rules refuse is not encoded, and the error
/// names action `k` and the engine's reason.
#[test]
fn an_illegal_action_is_not_encoded_and_named() {
    let shared = random_match(RuleSet::modern(), 4, 9);
    for k in [0, 1, shared.actions.len() / 2, shared.actions.len() - 1] {
        // Another seat than the one to act.
        let mut wrong_seat = shared.clone();
        let (seat, action) = shared.actions[k];
        let other = Seat((seat.0 + 1) % 4);
        wrong_seat.actions[k] = (other, action);
        assert_eq!(
            wrong_seat.encode(),
            Err(ShareError::DoesNotReplay {
                index: k,
                error: RuleError::NotYourTurn {
                    seat: other,
                    to_act: seat
                },
            })
        );
        // A card the seat to act does not hold.
        let (game, _) = shared.at(k).expect("replays");
        let missing = Card::ALL
            .iter()
            .copied()
            .find(|&c| !game.hand(seat).contains(&c))
            .expect("a card not in the hand");
        let mut wrong_card = shared.clone();
        wrong_card.actions[k] = (seat, Action::Play(missing));
        assert_eq!(
            wrong_card.encode(),
            Err(ShareError::DoesNotReplay {
                index: k,
                error: RuleError::CardNotInHand { card: missing },
            })
        );
    }
}

/// A share code written from `played`'s head (rules, names, seed), a count
/// of `count` actions and the given places among the legal actions, each
/// with the length of its legal list.
fn code_of(played: &Played, count: u64, places: &[(usize, usize)]) -> String {
    let mut w = Writer::new();
    w.u8(ono99::share::SHARE_VERSION);
    w.u8(b'M');
    w.rules(&played.rules);
    w.u8(played.names.len() as u8);
    for name in &played.names {
        w.text(name);
    }
    w.u64_be(played.seed);
    w.leb(count);
    for &(place, of) in places {
        w.bits(place, bits_for(of));
    }
    let mut bytes = w.into_bytes();
    seal(&mut bytes);
    base64url_encode(&bytes)
}

/// Each action of `played` as its place among the actions legal then, and
/// the number of them.
fn places(played: &Played) -> Vec<(usize, usize)> {
    let mut game = played.deal().expect("deals");
    let mut out = Vec::new();
    for &(seat, action) in &played.actions {
        let legal = game.legal_actions();
        let place = legal.iter().position(|&a| a == action).expect("legal");
        out.push((place, legal.len()));
        game.apply_for(seat, action).expect("replays");
    }
    out
}

/// A code that names an action past the end of the match is refused
/// naming that action; a place past the legal list is a damaged code.
#[test]
fn a_link_whose_action_k_does_not_replay_is_refused_naming_k() {
    for seats in [2, 5, 8] {
        let shared = random_match(RuleSet::classic(), seats, 70 + seats as u64);
        let mut all = places(&shared);
        // The code written here is the game's own.
        let n = shared.actions.len();
        assert_eq!(
            code_of(&shared, n as u64, &all),
            shared.encode().expect("encodes")
        );
        // One action more than the match has: nobody is left to act.
        assert_eq!(
            Played::decode(&code_of(&shared, n as u64 + 1, &all)),
            Err(ShareError::DoesNotReplay {
                index: n,
                error: RuleError::MatchOver,
            })
        );
        // Action k names a place past the actions legal then.
        let k = all
            .iter()
            .position(|&(_, of)| of > 1 && !of.is_power_of_two())
            .expect("a choice that does not fill its bits");
        all[k].0 = all[k].1;
        assert_eq!(
            Played::decode(&code_of(&shared, k as u64 + 1, &all[..=k])),
            Err(ShareError::Damaged)
        );
    }
}

#[test]
fn report_share_link_lengths() {
    // The issue asks for the length of a long 8-player tokens match.
    let mut rules = RuleSet::classic();
    rules.format = Format::Tokens;
    let mut longest = (0, 0, 0);
    for seed in 0..40u64 {
        let shared = random_match(rules, 8, seed);
        let code = shared.encode().expect("encodes");
        if shared.actions.len() > longest.0 {
            longest = (shared.actions.len(), code.len(), seed);
        }
    }
    println!(
        "longest of 40 random 8-player classic tokens matches: {} actions, share code {} characters (seed {})",
        longest.0, longest.1, longest.2
    );
    assert!(longest.1 < ono99::share::MAX_SHARE_CHARS);
}

#[test]
fn garbled_codes_are_refused() {
    let code = random_match(RuleSet::modern(), 4, 3)
        .encode()
        .expect("encodes");
    assert_eq!(Played::decode(""), Err(ShareError::Empty));
    assert_eq!(Played::decode("#replay="), Err(ShareError::Empty));
    assert_eq!(Played::decode("not a code!"), Err(ShareError::Damaged));
    assert_eq!(
        Played::decode(&code[..code.len() / 2]),
        Err(ShareError::Damaged)
    );
    let huge = "A".repeat(ono99::share::MAX_SHARE_CHARS + 1);
    assert!(matches!(
        Played::decode(&huge),
        Err(ShareError::TooLong { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_text_never_panics_and_is_refused(text in ".{0,400}") {
        prop_assert!(Played::decode(&text).is_err());
    }

    #[test]
    fn random_base64_is_refused(text in "[A-Za-z0-9_-]{0,600}") {
        prop_assert!(Played::decode(&text).is_err());
    }

    #[test]
    fn any_changed_character_is_refused(seed in 0u64..1000, at in 0usize..10_000, with in 0usize..64) {
        let code = random_match(RuleSet::modern(), 3, seed).encode().expect("encodes");
        let alphabet: Vec<char> = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".chars().collect();
        let mut chars: Vec<char> = code.chars().collect();
        let i = at % chars.len();
        let new = alphabet[with];
        prop_assume!(chars[i] != new);
        chars[i] = new;
        let changed: String = chars.into_iter().collect();
        // The checksum catches any single change (except one in the last
        // character's padding bits, which changes no byte).
        if let Ok(back) = Played::decode(&changed) {
            prop_assert_eq!(back, Played::decode(&code).expect("decodes"));
        }
    }
}

#[test]
fn records_round_trip_through_share_and_replay() {
    for rules in rule_sets() {
        for seats in [2, 5, 8] {
            let shared = random_match(rules, seats, 40 + seats as u64);
            let record = shared.to_record().expect("a finished match makes a record");
            // What `ono99 replay` does with the downloaded file.
            let text = record.to_json();
            let read = ono99::rules::GameRecord::from_json(&text).expect("reads back");
            ono99::rules::replay(&read).expect("replays");
            let back = Played::from_record(&read).expect("a record gives its match");
            assert_eq!(back, shared);
        }
    }
}

#[test]
fn an_unfinished_match_makes_no_record() {
    let mut shared = random_match(RuleSet::modern(), 3, 11);
    shared.actions.truncate(3);
    assert!(shared.to_record().is_err());
    let (m, from) = shared.at(2).expect("replays");
    assert!(from > 0 && from < m.log().len());
}

// Version 2: a match with its deal's proof (issue 31).

use ono99::online::fair::{check_shared, derive_seed, Contribution, Proof, Secret, Verdict};
use ono99::share::{SHARE_VERSION, SHARE_VERSION_PROOF};

/// The deal of the version-2 fixture: the secret 00 01 … 1f, friends at
/// seats 1 and 2 who sent 16 bytes of 0x11 and of 0x22.
fn fixture_proof() -> Proof {
    let mut secret = [0u8; 32];
    for (i, b) in secret.iter_mut().enumerate() {
        *b = i as u8;
    }
    let secret = Secret(secret);
    Proof {
        commitment: secret.commitment(),
        secret,
        contributions: vec![
            (Seat(1), Contribution([0x11; 16])),
            (Seat(2), Contribution([0x22; 16])),
        ],
    }
}

/// The match of the version-2 fixture: three seats, dealt from the
/// proof's seed.
fn fixture_match() -> Played {
    let proof = fixture_proof();
    let seed = derive_seed(&proof.secret, &proof.contributions);
    random_match(RuleSet::modern(), 3, seed)
}

fn fixture_v2() -> String {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/share-link-v2.txt");
    std::fs::read_to_string(path)
        .expect("the fixture")
        .trim()
        .to_string()
}

/// Writes the version-2 fixture with this build. Run by hand only, once:
/// `cargo test --test share -- --ignored write_the_version_2_fixture`.
#[test]
#[ignore = "writes the fixture; run by hand"]
fn write_the_version_2_fixture() {
    let code = fixture_match()
        .encode_with_proof(&fixture_proof())
        .expect("encodes");
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/share-link-v2.txt");
    std::fs::write(path, code + "\n").expect("writes");
}

#[test]
fn a_version_2_code_of_an_earlier_build_opens_unchanged_and_verifies() {
    let code = fixture_v2();
    let (played, proof) = Played::decode_with_proof(&code).expect("decodes");
    assert_eq!(played, fixture_match());
    assert_eq!(proof.as_ref(), Some(&fixture_proof()));
    assert_eq!(Played::decode(&code).as_ref(), Ok(&played));
    assert_eq!(played.encode_with_proof(&fixture_proof()), Ok(code));
    assert_eq!(check_shared(&played, &fixture_proof()), Verdict::Verified);
}

#[test]
fn matches_with_a_proof_round_trip_and_version_1_stays_as_it_was() {
    let proof = fixture_proof();
    for rules in rule_sets() {
        for seats in 3..=8 {
            let shared = random_match(rules, seats, seats as u64 * 31);
            let code = shared.encode_with_proof(&proof).expect("encodes");
            let bytes = ono99::codec::base64url_decode(&code).expect("base64url");
            assert_eq!(bytes[0], SHARE_VERSION_PROOF);
            let (back, with) = Played::decode_with_proof(&code).expect("decodes");
            assert_eq!(back, shared);
            assert_eq!(with.as_ref(), Some(&proof));
            assert_eq!(Played::decode(&code).as_ref(), Ok(&shared));
            // The same match without a proof: version 1, no proof read.
            let plain = shared.encode().expect("encodes");
            let bytes = ono99::codec::base64url_decode(&plain).expect("base64url");
            assert_eq!(bytes[0], SHARE_VERSION);
            assert!(code.len() > plain.len());
            assert_eq!(Played::decode_with_proof(&plain), Ok((shared, None)));
        }
    }
}

#[test]
fn a_proof_that_does_not_fit_the_match_is_neither_written_nor_read() {
    let shared = random_match(RuleSet::modern(), 3, 77);
    let mut outside = fixture_proof();
    outside.contributions.push((Seat(3), Contribution([3; 16])));
    assert_eq!(
        shared.encode_with_proof(&outside),
        Err(ShareError::ProofDoesNotFit)
    );
    let mut twice = fixture_proof();
    twice.contributions.push((Seat(1), Contribution([3; 16])));
    assert_eq!(
        shared.encode_with_proof(&twice),
        Err(ShareError::ProofDoesNotFit)
    );
    // The same written by hand, with a correct checksum: refused.
    let code = shared.encode_with_proof(&fixture_proof()).expect("encodes");
    let bytes = ono99::codec::base64url_decode(&code).expect("base64url");
    let body = &bytes[..bytes.len() - 4];
    // The last contribution's seat is 17 bytes from the end of the body.
    let seat_at = body.len() - 17;
    for (seat, _) in [(3u8, "outside"), (1, "twice")] {
        let mut forged = body.to_vec();
        forged[seat_at] = seat;
        seal(&mut forged);
        assert_eq!(
            Played::decode_with_proof(&base64url_encode(&forged)),
            Err(ShareError::Damaged)
        );
    }
    // Cut short, or one byte too many.
    for cut in [1, 17, 20, 60] {
        let mut forged = body[..body.len() - cut].to_vec();
        seal(&mut forged);
        assert!(Played::decode_with_proof(&base64url_encode(&forged)).is_err());
    }
    let mut forged = body.to_vec();
    forged.push(0);
    seal(&mut forged);
    assert_eq!(
        Played::decode_with_proof(&base64url_encode(&forged)),
        Err(ShareError::Damaged)
    );
    // A version-1 code with a proof after it is not version 1.
    let mut forged = body.to_vec();
    forged[0] = SHARE_VERSION;
    seal(&mut forged);
    assert_eq!(
        Played::decode_with_proof(&base64url_encode(&forged)),
        Err(ShareError::Damaged)
    );
}

#[test]
fn a_share_link_whose_seed_is_not_the_proofs_does_not_verify() {
    let proof = fixture_proof();
    let other = random_match(RuleSet::modern(), 3, 12345);
    let code = other.encode_with_proof(&proof).expect("encodes");
    let (played, proof) = Played::decode_with_proof(&code).expect("decodes");
    let proof = proof.expect("a proof");
    assert_eq!(check_shared(&played, &proof), Verdict::SeedDoesNotMatch);
}
