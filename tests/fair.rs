//! A deal anyone can check (src/online/fair.rs, issue 31): the seal and
//! the seed have fixed answers, the host's gathering cannot be stalled or
//! stuffed, and the check catches a host that changes one card or its
//! secret, for a player, for a spectator, and on any input without a
//! panic.

mod common;

use ono99::online::fair::{
    check, check_shared, derive_seed, Contribution, Digest, FairError, Gathering, Proof, Secret,
    Verdict, CONTRIBUTION_WAIT_MS,
};
use ono99::rules::{redact, Action, Card, Match, Played, Rng, RuleSet, Seat, SeatEvent, SeatSet};

/// The secret 00 01 02 … 1f.
fn counting_secret() -> Secret {
    let mut bytes = [0u8; 32];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = i as u8;
    }
    Secret(bytes)
}

fn random_secret(rng: &mut Rng) -> Secret {
    let mut bytes = [0u8; 32];
    for chunk in bytes.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    Secret(bytes)
}

fn random_contribution(rng: &mut Rng) -> Contribution {
    let mut bytes = [0u8; 16];
    for chunk in bytes.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    Contribution(bytes)
}

/// A whole match of random legal moves from `seed`.
fn random_match(rules: RuleSet, seats: usize, seed: u64, moves: u64) -> Played {
    let mut m = Match::new_unlogged(rules, seats, seed).expect("a valid setup");
    let mut rng = Rng::new(moves);
    let mut actions: Vec<(Seat, Action)> = Vec::new();
    while let Some(turn) = m.to_act() {
        let legal = m.legal_actions();
        let action = legal[rng.below(legal.len())];
        m.apply_for(turn.seat, action).expect("a legal action");
        actions.push((turn.seat, action));
    }
    Played {
        rules,
        names: (0..seats).map(|i| format!("Seat {i}")).collect(),
        seed,
        actions,
    }
}

/// `played`'s events as `viewer` received them (`None`: a spectator, for
/// whom `redact` is asked about a seat outside the table).
fn seen_by(played: &Played, viewer: Option<Seat>) -> Vec<SeatEvent> {
    let mut replay = played.replay().expect("deals");
    replay.run().expect("replays");
    let game = replay.into_game();
    let n = game.seat_count();
    redact(
        game.log(),
        viewer.unwrap_or(Seat(u8::MAX)),
        n,
        SeatSet::first(n),
    )
}

/// A deal made as the host makes it: friends at seats 1.. contribute, the
/// match is played from the seed.
struct Table {
    played: Played,
    proof: Proof,
    commitment: Digest,
    contributions: Vec<(Seat, Contribution)>,
}

fn table(rules: RuleSet, seats: usize, rng: &mut Rng) -> Table {
    let secret = random_secret(rng);
    let friends: Vec<Seat> = (1..seats as u8).map(Seat).collect();
    let mut gathering = Gathering::new(secret, friends.clone(), 1_000);
    let commitment = gathering.commitment();
    let contributions: Vec<(Seat, Contribution)> = friends
        .iter()
        .map(|&s| (s, random_contribution(rng)))
        .collect();
    for &(s, c) in &contributions {
        gathering.contribute(s, c).expect("an expected seat");
    }
    assert!(gathering.ready(1_000));
    let dealt = gathering.close();
    assert!(dealt.missing.is_empty());
    let played = random_match(rules, seats, dealt.seed, rng.next_u64());
    Table {
        played,
        proof: dealt.proof,
        commitment,
        contributions,
    }
}

#[test]
fn the_seal_and_the_seed_have_known_answers() {
    // Computed once with Python's hashlib, independently of this code:
    //   s = bytes(range(32))
    //   sha256(b'ONO 99 deal commitment v1\0' + s).hexdigest()
    //   h = sha256(b'ONO 99 deal seed v1\0' + s + b'\x01' + b'\x11'*16
    //              + b'\x03' + b'\xab'*16).digest(); int.from_bytes(h[:8], 'big')
    //   (and the same without the contributions)
    let secret = counting_secret();
    assert_eq!(
        secret.commitment().to_string(),
        "11b3868554dbab29bd73a9e5f2c9eeae087254b4130622b8de364fcf3f9a74b2"
    );
    let contributions = [
        (Seat(3), Contribution([0xab; 16])),
        (Seat(1), Contribution([0x11; 16])),
    ];
    assert_eq!(
        derive_seed(&secret, &contributions),
        15_270_716_920_500_785_252
    );
    assert_eq!(derive_seed(&secret, &[]), 10_429_776_877_285_372_279);
}

#[test]
fn the_order_of_the_contributions_does_not_matter() {
    let mut rng = Rng::new(31);
    for _ in 0..200 {
        let secret = random_secret(&mut rng);
        let mut contributions: Vec<(Seat, Contribution)> = (1..8)
            .map(|s| (Seat(s), random_contribution(&mut rng)))
            .collect();
        let seed = derive_seed(&secret, &contributions);
        rng.shuffle(&mut contributions);
        assert_eq!(derive_seed(&secret, &contributions), seed);
        let proof = Proof {
            commitment: secret.commitment(),
            secret: secret.clone(),
            contributions: contributions.clone(),
        };
        assert_eq!(proof.seed(), Ok(seed));
        // Any one contribution changes it.
        contributions[0].1 .0[0] ^= 1;
        assert_ne!(derive_seed(&secret, &contributions), seed);
    }
}

#[test]
fn hex_texts_round_trip_and_the_secret_never_shows_in_debug() {
    let secret = counting_secret();
    let debug = format!("{:?}", secret);
    assert!(!debug.contains("0001"), "{debug}");
    let proof = Proof {
        commitment: secret.commitment(),
        secret: secret.clone(),
        contributions: vec![(Seat(2), Contribution([0xfe; 16]))],
    };
    let json = serde_json::to_string(&proof).expect("writes");
    assert!(json.contains(&"fe".repeat(16)), "{json}");
    assert!(json.contains("000102030405"), "{json}");
    let back: Proof = serde_json::from_str(&json).expect("reads");
    assert_eq!(back, proof);
    let digest: Digest = proof.commitment.to_string().parse().expect("parses");
    assert_eq!(digest, proof.commitment);
    // Uppercase, short, long or not hex at all: refused.
    for bad in ["", "AB", &"g".repeat(64), &"0".repeat(63), &"0".repeat(66)] {
        assert_eq!(bad.parse::<Digest>(), Err(FairError::BadHex(64)), "{bad}");
    }
    assert!("ÿ".repeat(32).parse::<Contribution>().is_err());
    let mangled = json.replace("000102", "0001zz");
    assert!(serde_json::from_str::<Proof>(&mangled).is_err());
}

#[test]
fn a_late_friend_cannot_stall_the_deal() {
    let secret = counting_secret();
    let mut g = Gathering::new(secret.clone(), [Seat(1), Seat(2)], 10_000);
    g.contribute(Seat(1), Contribution([1; 16])).expect("asked");
    assert_eq!(g.missing(), vec![Seat(2)]);
    assert!(!g.ready(10_000));
    assert_eq!(g.deadline_ms(), 10_000 + CONTRIBUTION_WAIT_MS);
    assert!(!g.ready(g.deadline_ms() - 1));
    // A clock that went back is no time at all.
    assert!(!g.ready(0));
    assert!(g.ready(10_000 + CONTRIBUTION_WAIT_MS));
    let dealt = g.close();
    assert_eq!(dealt.missing, vec![Seat(2)]);
    assert_eq!(
        dealt.seed,
        derive_seed(&secret, &[(Seat(1), Contribution([1; 16]))])
    );
    assert_eq!(dealt.proof.seed(), Ok(dealt.seed));

    // No friend at all: the host's secret alone.
    let g = Gathering::new(secret.clone(), [Seat(1)], 0);
    assert!(g.ready(CONTRIBUTION_WAIT_MS));
    let dealt = g.close();
    assert_eq!(dealt.seed, derive_seed(&secret, &[]));
    assert_eq!(dealt.missing, vec![Seat(1)]);

    // Everyone in: ready at once.
    let mut g = Gathering::new(secret, [Seat(1)], 0);
    g.contribute(Seat(1), Contribution([7; 16])).expect("asked");
    assert!(g.ready(0));
}

#[test]
fn a_friend_who_joins_late_is_waited_for_in_what_is_left_of_the_wait() {
    let mut g = Gathering::new(counting_secret(), [Seat(1)], 0);
    g.contribute(Seat(1), Contribution([1; 16])).expect("asked");
    assert!(g.ready(1));
    g.expect(Seat(4));
    g.expect(Seat(4));
    assert_eq!(g.missing(), vec![Seat(4)]);
    assert!(!g.ready(CONTRIBUTION_WAIT_MS - 1));
    assert!(g.ready(CONTRIBUTION_WAIT_MS));
    g.contribute(Seat(4), Contribution([4; 16]))
        .expect("asked now");
    assert!(g.ready(1));
}

#[test]
fn an_unknown_or_second_contribution_is_refused_and_changes_nothing() {
    let secret = counting_secret();
    let mut g = Gathering::new(secret.clone(), [Seat(1), Seat(2)], 0);
    g.contribute(Seat(1), Contribution([1; 16])).expect("asked");
    let before = g.clone();
    assert_eq!(
        g.contribute(Seat(5), Contribution([5; 16])),
        Err(FairError::UnknownSeat(Seat(5)))
    );
    assert_eq!(
        g.contribute(Seat(0), Contribution([0; 16])),
        Err(FairError::UnknownSeat(Seat(0)))
    );
    assert_eq!(
        g.contribute(Seat(1), Contribution([9; 16])),
        Err(FairError::AlreadyContributed(Seat(1)))
    );
    assert_eq!(g.missing(), before.missing());
    assert_eq!(g.close(), before.close());

    // A proof that names a seat twice gives no seed.
    let proof = Proof {
        commitment: secret.commitment(),
        secret,
        contributions: vec![
            (Seat(1), Contribution([1; 16])),
            (Seat(1), Contribution([2; 16])),
        ],
    };
    assert_eq!(proof.seed(), Err(FairError::SeatTwice(Seat(1))));
}

#[test]
fn every_seat_and_a_spectator_verify_an_honest_deal() {
    let mut rng = Rng::new(7);
    for seats in 2..=8 {
        let t = table(RuleSet::modern(), seats, &mut rng);
        for viewer in (0..seats as u8).map(|s| Some(Seat(s))).chain([None]) {
            let seen = seen_by(&t.played, viewer);
            let mine = viewer.and_then(|v| t.contributions.iter().copied().find(|c| c.0 == v));
            assert_eq!(
                check(&t.played, &t.proof, &t.commitment, mine, viewer, &seen),
                Verdict::Verified,
                "{seats} seats, viewer {viewer:?}"
            );
            // A friend's mirror keeps only the latest events.
            let tail = &seen[seen.len() / 2..];
            assert_eq!(
                check(&t.played, &t.proof, &t.commitment, mine, viewer, tail),
                Verdict::Verified
            );
        }
        assert_eq!(check_shared(&t.played, &t.proof), Verdict::Verified);
    }
}

#[test]
fn a_spectator_sees_no_card_of_any_hand() {
    let mut rng = Rng::new(8);
    let t = table(RuleSet::classic(), 4, &mut rng);
    let seen = seen_by(&t.played, None);
    assert!(seen.iter().all(|e| match e {
        SeatEvent::HandStarted { dealt, .. } => dealt.is_empty(),
        SeatEvent::YouDrew { .. } => false,
        _ => true,
    }));
}

/// The first event of `seen` that passes `pick` changed by `change`.
fn altered(
    seen: &[SeatEvent],
    pick: impl Fn(&SeatEvent) -> bool,
    change: impl Fn(&mut SeatEvent),
) -> (Vec<SeatEvent>, usize) {
    let mut seen = seen.to_vec();
    let at = seen.iter().position(pick).expect("such an event");
    change(&mut seen[at]);
    (seen, at)
}

fn other(card: Card) -> Card {
    if card == Card::Number(5) {
        Card::Number(6)
    } else {
        Card::Number(5)
    }
}

#[test]
fn one_card_changed_in_a_hand_is_named() {
    let mut rng = Rng::new(9);
    let t = table(RuleSet::modern(), 3, &mut rng);
    let me = Seat(1);
    let mine = t.contributions.iter().copied().find(|c| c.0 == me);
    let seen = seen_by(&t.played, Some(me));

    // The third card dealt to me in the first hand.
    let (bad, _) = altered(
        &seen,
        |e| matches!(e, SeatEvent::HandStarted { .. }),
        |e| {
            if let SeatEvent::HandStarted { dealt, .. } = e {
                dealt[2] = other(dealt[2]);
            }
        },
    );
    let SeatEvent::HandStarted { dealt, .. } = &seen[0] else {
        panic!("a match starts with a deal");
    };
    assert_eq!(
        check(&t.played, &t.proof, &t.commitment, mine, Some(me), &bad),
        Verdict::CardDiffers {
            hand: 1,
            seat: Some(me),
            expected: dealt[2],
            shown: other(dealt[2]),
        }
    );

    // A card I drew.
    let (bad, at) = altered(
        &seen,
        |e| matches!(e, SeatEvent::YouDrew { .. }),
        |e| {
            if let SeatEvent::YouDrew { card } = e {
                *card = other(*card);
            }
        },
    );
    let SeatEvent::YouDrew { card } = seen[at] else {
        panic!("picked a draw");
    };
    assert!(matches!(
        check(&t.played, &t.proof, &t.commitment, mine, Some(me), &bad),
        Verdict::CardDiffers { seat: Some(s), expected, shown, .. }
            if s == me && expected == card && shown == other(card)
    ));

    // A card another seat played, as a spectator saw it.
    let seen = seen_by(&t.played, None);
    let (bad, at) = altered(
        &seen,
        |e| matches!(e, SeatEvent::Played { seat, .. } if *seat != me),
        |e| {
            if let SeatEvent::Played { card, .. } = e {
                *card = other(*card);
            }
        },
    );
    let SeatEvent::Played { seat, card, .. } = seen[at] else {
        panic!("picked a play");
    };
    assert!(matches!(
        check(&t.played, &t.proof, &t.commitment, None, None, &bad),
        Verdict::CardDiffers { seat: Some(s), expected, .. } if s == seat && expected == card
    ));

    // Something else than a card: the log differs at that event.
    let (bad, at) = altered(
        &seen,
        |e| matches!(e, SeatEvent::Played { .. }),
        |e| {
            if let SeatEvent::Played { total, .. } = e {
                *total += 1;
            }
        },
    );
    assert_eq!(
        check(&t.played, &t.proof, &t.commitment, None, None, &bad),
        Verdict::LogDiffers { index: at }
    );
}

#[test]
fn a_match_dealt_from_another_seed_is_caught() {
    let mut rng = Rng::new(10);
    let mut cards = 0;
    for round in 0..40 {
        let t = table(RuleSet::modern(), 2 + round % 5, &mut rng);
        // The host dealt from a seed of its own choosing and played the
        // match from it; the friends saw that match.
        let rigged = random_match(t.played.rules, t.played.names.len(), rng.next_u64(), 5);
        let viewer = Some(Seat(1));
        let mine = t
            .contributions
            .iter()
            .copied()
            .find(|c| Some(c.0) == viewer);
        let seen = seen_by(&rigged, viewer);
        // Sending the match as played: its seed is not the proof's.
        assert_eq!(
            check(&rigged, &t.proof, &t.commitment, mine, viewer, &seen),
            Verdict::SeedDoesNotMatch
        );
        // Sending an honest match of the proof's seed instead: the first
        // card this friend was dealt differs (unless, by chance, the deals
        // agree on every card of its hand).
        let verdict = check(&t.played, &t.proof, &t.commitment, mine, viewer, &seen);
        assert!(
            matches!(
                verdict,
                Verdict::CardDiffers {
                    hand: 1,
                    seat: Some(Seat(1)),
                    ..
                } | Verdict::LogDiffers { .. }
            ),
            "{verdict:?}"
        );
        cards += usize::from(matches!(verdict, Verdict::CardDiffers { .. }));
        // Claiming the proof's seed for the moves played: they do not
        // replay from its deal, or show another card.
        let claimed = Played {
            seed: t.played.seed,
            ..rigged
        };
        let verdict = check(&claimed, &t.proof, &t.commitment, mine, viewer, &seen);
        assert!(
            matches!(
                verdict,
                Verdict::CardDiffers { hand: 1, .. } | Verdict::DoesNotReplay
            ),
            "{verdict:?}"
        );
    }
    assert!(cards >= 35, "{cards} of 40 rigged deals named a card");
}

#[test]
fn a_secret_changed_after_the_fact_is_caught() {
    let mut rng = Rng::new(11);
    let t = table(RuleSet::classic(), 3, &mut rng);
    let seen = seen_by(&t.played, Some(Seat(2)));
    let mine = t.contributions.iter().copied().find(|c| c.0 == Seat(2));
    // Another secret under the same seal.
    let mut forged = t.proof.clone();
    forged.secret.0[31] ^= 0x80;
    assert_eq!(
        check(
            &t.played,
            &forged,
            &t.commitment,
            mine,
            Some(Seat(2)),
            &seen
        ),
        Verdict::SecretDoesNotMatch
    );
    assert_eq!(
        check_shared(&t.played, &forged),
        Verdict::SecretDoesNotMatch
    );
    // Another secret with its own seal: not the seal this page saw.
    forged.commitment = forged.secret.commitment();
    assert_eq!(
        check(
            &t.played,
            &forged,
            &t.commitment,
            mine,
            Some(Seat(2)),
            &seen
        ),
        Verdict::SecretDoesNotMatch
    );
    // My contribution dropped or changed: I was left out.
    let mut dropped = t.proof.clone();
    dropped.contributions.retain(|c| c.0 != Seat(2));
    assert_eq!(
        check(
            &t.played,
            &dropped,
            &t.commitment,
            mine,
            Some(Seat(2)),
            &seen
        ),
        Verdict::LeftOut(Seat(2))
    );
    // A contribution added: the seed changes.
    let mut added = t.proof.clone();
    added.contributions.push((Seat(7), Contribution([7; 16])));
    assert_eq!(
        check(&t.played, &added, &t.commitment, mine, Some(Seat(2)), &seen),
        Verdict::SeedDoesNotMatch
    );
}

#[test]
fn thousands_of_random_matches_verify() {
    let mut rng = Rng::new(2026);
    for i in 0..2_000 {
        let rules = common::random_rules(&mut rng);
        let seats = 2 + rng.below(7);
        let t = table(rules, seats, &mut rng);
        let viewer = match rng.below(seats + 1) {
            0 => None,
            k => Some(Seat((k - 1) as u8)),
        };
        let mine = viewer.and_then(|v| t.contributions.iter().copied().find(|c| c.0 == v));
        let seen = seen_by(&t.played, viewer);
        assert_eq!(
            check(&t.played, &t.proof, &t.commitment, mine, viewer, &seen),
            Verdict::Verified,
            "match {i}"
        );
    }
}

/// `seen` mangled at random: events dropped, doubled, swapped, cards and
/// seats changed (seats far outside the table too).
fn mangle(seen: &mut Vec<SeatEvent>, rng: &mut Rng) {
    for _ in 0..1 + rng.below(4) {
        if seen.is_empty() {
            seen.push(SeatEvent::Drew { seat: Seat(200) });
        }
        let at = rng.below(seen.len());
        match rng.below(6) {
            0 => {
                seen.remove(at);
            }
            1 => {
                let e = seen[at].clone();
                seen.insert(at, e);
            }
            2 => {
                let to = rng.below(seen.len());
                seen.swap(at, to);
            }
            3 => {
                let seat = Seat(rng.below(256) as u8);
                match &mut seen[at] {
                    SeatEvent::Played { seat: s, .. }
                    | SeatEvent::Drew { seat: s }
                    | SeatEvent::PlayerOut { seat: s, .. }
                    | SeatEvent::LeftMatch { seat: s } => *s = seat,
                    other => {
                        *other = SeatEvent::ObligationMoved {
                            from: seat,
                            to: seat,
                        }
                    }
                }
            }
            4 => match &mut seen[at] {
                SeatEvent::HandStarted { dealt, hand, .. } => {
                    dealt.truncate(rng.below(dealt.len() + 1));
                    *hand = rng.next_u64() as u32;
                }
                SeatEvent::YouDrew { card } | SeatEvent::Played { card, .. } => *card = Card::Hold,
                SeatEvent::PlayerOut { laid_down, .. } => laid_down.push(Card::MinusTen),
                other => {
                    *other = SeatEvent::YouDrew {
                        card: Card::Reverse,
                    }
                }
            },
            _ => {
                let len = seen.len();
                seen.truncate(rng.below(len + 1));
            }
        }
    }
}

#[test]
fn no_input_makes_the_check_panic() {
    let mut rng = Rng::new(12);
    for _ in 0..400 {
        let rules = common::random_rules(&mut rng);
        let seats = 2 + rng.below(7);
        let t = table(rules, seats, &mut rng);
        let viewer = match rng.below(seats + 2) {
            0 => None,
            k => Some(Seat((k - 1) as u8)),
        };
        let mut seen = seen_by(&t.played, viewer.filter(|v| v.index() < seats));
        let honest = seen.clone();
        mangle(&mut seen, &mut rng);
        let verdict = check(&t.played, &t.proof, &t.commitment, None, viewer, &seen);
        if seen != honest && seen.len() <= honest.len() && !honest.ends_with(&seen) {
            assert!(!verdict.is_verified(), "a mangled log verified");
        }
        // A match that cannot be set up or does not replay.
        let mut broken = t.played.clone();
        match rng.below(3) {
            0 => broken.names.clear(),
            1 => broken.names.resize(40, "x".into()),
            _ => {
                let at = rng.below(broken.actions.len().max(1));
                if let Some(a) = broken.actions.get_mut(at) {
                    a.0 = Seat(a.0 .0.wrapping_add(1));
                }
            }
        }
        let verdict = check(&broken, &t.proof, &t.commitment, None, viewer, &seen);
        assert_ne!(verdict, Verdict::Verified);
    }
}

#[test]
fn every_verdict_reads_in_every_language() {
    use ono99::i18n::Lang;
    use ono99::rules::Edition;
    let verdicts = [
        Verdict::Verified,
        Verdict::SecretDoesNotMatch,
        Verdict::LeftOut(Seat(2)),
        Verdict::SeedDoesNotMatch,
        Verdict::CardDiffers {
            hand: 3,
            seat: Some(Seat(1)),
            expected: Card::Number(7),
            shown: Card::PlayTwo,
        },
        Verdict::CardDiffers {
            hand: 3,
            seat: None,
            expected: Card::Number(7),
            shown: Card::PlayTwo,
        },
        Verdict::DoesNotReplay,
        Verdict::LogDiffers { index: 41 },
    ];
    for lang in Lang::ALL {
        let texts = lang.replay_texts();
        let mut seen = std::collections::BTreeSet::new();
        for friends in [0, 1, 3] {
            let t = texts.deal_verdict(&Verdict::Verified, friends, None, Edition::Modern);
            assert!(seen.insert(t.clone()), "{lang:?}: {t}");
            if friends == 3 {
                assert!(t.contains('3'), "{t}");
            }
        }
        for v in &verdicts[1..] {
            let t = texts.deal_verdict(v, 3, Some("Ana"), Edition::Modern);
            assert!(seen.insert(t.clone()), "{lang:?}: the same text twice: {t}");
            match v {
                Verdict::LeftOut(_) => assert!(t.contains("Ana"), "{t}"),
                Verdict::CardDiffers { seat, .. } => {
                    assert!(t.contains('3') && t.contains('7'), "{t}");
                    assert_eq!(t.contains("Ana"), seat.is_some(), "{t}");
                }
                Verdict::LogDiffers { .. } => assert!(t.contains("42"), "{t}"),
                _ => {}
            }
        }
        // French: a narrow no-break space before every colon.
        if lang == Lang::Fr {
            for t in &seen {
                let chars: Vec<char> = t.chars().collect();
                for (i, &c) in chars.iter().enumerate() {
                    if c == ':' {
                        assert_eq!(chars.get(i.wrapping_sub(1)), Some(&'\u{202f}'), "{t}");
                    }
                }
            }
        }
        if lang == Lang::En {
            assert_eq!(
                texts.deal_verdict(&Verdict::Verified, 2, None, Edition::Modern),
                "Deal verified: dealt from the host's sealed secret and 2 friends' contributions"
            );
        }
    }
}
