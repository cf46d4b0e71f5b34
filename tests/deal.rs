//! A deal anyone can check, through the table's messages (issue 31): the
//! host's seal, the friends' contributions, the deal from them all, and
//! every friend's check at the reveal, as `online::fair`'s parts are put
//! together by the host's page (`ui/online/host/deal.rs`) and the friend's
//! mirror (`online::sealed`). The host's page's part is redone here with
//! the session: seal, gather, `redeal`, start, play, reveal.

mod common;

use common::random_rules;
use ono99::online::fair::{Contribution, Gathering, Secret, Verdict, CONTRIBUTION_WAIT_MS};
use ono99::online::host::{HostSession, Outgoing, SeatKind, SeatSetup, TableSetup};
use ono99::online::protocol::{GuestMessage, HostMessage, SeatEvent};
use ono99::online::watch::Peer;
use ono99::online::{GuestMirror, Received};
use ono99::rules::{Rng, Seat};

/// Seat 0 the host, 1 and 2 friends, 3 a bot.
fn setup(rng: &mut Rng) -> TableSetup {
    let seat = |name: &str, kind| SeatSetup {
        name: name.into(),
        kind,
    };
    TableSetup {
        rules: random_rules(rng),
        seats: vec![
            seat("Ana", SeatKind::Host),
            seat("Bo", SeatKind::Guest),
            seat("Cy", SeatKind::Guest),
            seat("Di", SeatKind::Bot(ono99::bots::Level::Easy)),
        ],
    }
}

const FRIENDS: [Seat; 2] = [Seat(1), Seat(2)];

/// The friends' mirrors, by seat (1 and 2), fed what the host sends them.
struct Friends {
    mirrors: [GuestMirror; 2],
    /// What each mirror said of each message, in order.
    heard: [Vec<Received>; 2],
}

impl Friends {
    fn new() -> Friends {
        Friends {
            mirrors: [GuestMirror::new(), GuestMirror::new()],
            heard: [Vec::new(), Vec::new()],
        }
    }

    fn mirror(&mut self, seat: Seat) -> &mut GuestMirror {
        &mut self.mirrors[seat.index() - 1]
    }

    /// Sends `message` to `seat` through its bytes, as the transport does.
    fn tell(&mut self, seat: Seat, message: &HostMessage) {
        let received = self
            .mirror(seat)
            .receive(&message.encode())
            .expect("the host's message reads");
        self.heard[seat.index() - 1].push(received);
    }

    fn deliver(&mut self, out: Vec<(Peer, Outgoing)>) {
        for (peer, outgoing) in out {
            let seat = peer.seat().expect("a friend's message");
            if let Outgoing::Message(message) = outgoing {
                self.tell(seat, &message);
            }
        }
    }
}

/// The host's page before the start: seals `secret`, sends the seal, takes
/// the contributions of the friends in `contributing` (the others stay
/// silent), and deals once ready: at once if all came, after the wait if
/// not. Then the friends join (their joins were held for the start).
fn deal(
    rng: &mut Rng,
    secret: Secret,
    contributing: &[Seat],
    friends: &mut Friends,
) -> (HostSession, ono99::online::fair::Dealt) {
    let mut host = HostSession::new(setup(rng), 0).expect("a valid table");
    let mut gathering = Gathering::new(secret, FRIENDS, 1_000);
    let seal = HostMessage::Sealed {
        number: 1,
        commitment: gathering.commitment(),
    };
    for seat in FRIENDS {
        friends.tell(seat, &seal);
        assert_eq!(
            friends.heard[seat.index() - 1].last(),
            Some(&Received::Sealed { number: 1 })
        );
    }
    for &seat in contributing {
        let mut bytes = [0u8; 16];
        for b in &mut bytes {
            *b = rng.below(256) as u8;
        }
        let message = friends
            .mirror(seat)
            .contribute(1, Contribution(bytes))
            .expect("a seal to answer");
        // A second answer to the same seal is not sent.
        assert_eq!(
            friends.mirror(seat).contribute(1, Contribution(bytes)),
            None
        );
        // The message travels as bytes.
        let Ok(GuestMessage::Contribute {
            number,
            contribution,
        }) = GuestMessage::decode(&message.encode())
        else {
            panic!("a contribution reads back");
        };
        assert_eq!(number, 1);
        gathering
            .contribute(seat, contribution)
            .expect("an expected seat");
    }
    let all_came = contributing.len() == FRIENDS.len();
    assert_eq!(
        gathering.ready(1_000),
        all_came,
        "ready at once iff all came"
    );
    assert!(
        gathering.ready(1_000 + CONTRIBUTION_WAIT_MS),
        "the wait ends"
    );
    let dealt = gathering.close();
    host.redeal(dealt.seed).expect("nothing played yet");
    for seat in FRIENDS {
        let join = GuestMirror::join_request(&format!("friend {}", seat.0));
        let out = host.handle(seat, &join.encode());
        friends.deliver(out);
    }
    if !dealt.missing.is_empty() {
        let notice = HostMessage::DealtWithout {
            number: 1,
            seats: dealt.missing.clone(),
        };
        for seat in FRIENDS {
            friends.tell(seat, &notice);
        }
    }
    (host, dealt)
}

/// Plays the match out with random legal moves, every seat from the host's
/// device (the friends' mirrors follow every update).
fn play_out(host: &mut HostSession, rng: &mut Rng, friends: &mut Friends) {
    for _ in 0..100_000 {
        let Some(turn) = host.game().to_act() else {
            return;
        };
        let legal = host.game().legal_actions();
        let action = legal[rng.below(legal.len())];
        let out = host.act_local(turn.seat, action).expect("a legal action");
        friends.deliver(out);
    }
    panic!("the match does not end");
}

fn reveal(host: &HostSession, proof: &ono99::online::fair::Proof, friends: &mut Friends) {
    let code = host
        .save()
        .encode_with_proof(proof)
        .expect("a match that replays");
    for seat in FRIENDS {
        friends.tell(
            seat,
            &HostMessage::Revealed {
                number: 1,
                code: code.clone(),
            },
        );
    }
}

#[test]
fn every_friend_verifies_an_honest_deal() {
    for index in 0..40u64 {
        let mut rng = Rng::new(0xDEA1 ^ index);
        let mut friends = Friends::new();
        let (mut host, dealt) = deal(&mut rng, Secret([index as u8; 32]), &FRIENDS, &mut friends);
        assert!(dealt.missing.is_empty());
        play_out(&mut host, &mut rng, &mut friends);
        reveal(&host, &dealt.proof, &mut friends);
        for seat in FRIENDS {
            let checked = friends.mirror(seat).checked().expect("checked");
            assert_eq!(
                checked.verdict,
                Verdict::Verified,
                "match {index}, seat {seat:?}"
            );
            assert!(checked.saw_seal);
            assert_eq!(checked.number, 1);
        }
    }
}

#[test]
fn a_host_that_changes_its_secret_after_the_deal_is_caught() {
    let mut rng = Rng::new(7);
    let mut friends = Friends::new();
    let (mut host, dealt) = deal(&mut rng, Secret([3; 32]), &FRIENDS, &mut friends);
    play_out(&mut host, &mut rng, &mut friends);
    // Another secret, and the proof's seal made to fit it: the friends
    // still hold the seal sent before the deal.
    let mut forged = dealt.proof.clone();
    forged.secret = Secret([4; 32]);
    forged.commitment = forged.secret.commitment();
    reveal(&host, &forged, &mut friends);
    for seat in FRIENDS {
        let checked = friends.mirror(seat).checked().expect("checked");
        assert_eq!(checked.verdict, Verdict::SecretDoesNotMatch);
    }
}

#[test]
fn a_host_that_deals_from_a_seed_of_its_choosing_is_caught() {
    let mut rng = Rng::new(8);
    let mut friends = Friends::new();
    let (mut host, dealt) = deal(&mut rng, Secret([5; 32]), &FRIENDS, &mut friends);
    // The host deals again from a seed it likes before anyone plays; its
    // friends join that deal (the session tells them), and it reveals the
    // honest proof of the sealed deal at the end.
    host.redeal(dealt.seed ^ 1).expect("nothing played yet");
    for seat in FRIENDS {
        let out = vec![(seat.into(), host.resume(seat))];
        friends.deliver(out);
    }
    play_out(&mut host, &mut rng, &mut friends);
    reveal(&host, &dealt.proof, &mut friends);
    for seat in FRIENDS {
        let checked = friends.mirror(seat).checked().expect("checked");
        assert_eq!(checked.verdict, Verdict::SeedDoesNotMatch);
    }
}

#[test]
fn one_card_changed_in_a_friends_hand_is_named() {
    let mut rng = Rng::new(9);
    let mut friends = Friends::new();
    let (mut host, dealt) = deal(&mut rng, Secret([6; 32]), &FRIENDS, &mut friends);
    // The host's page shows friend 1 a deal with one card swapped: its sync
    // (the view and the deal's event) says another card than the seed's.
    let HostMessage::Sync(mut sync) = (match host.resume(Seat(1)) {
        Outgoing::Message(m) => m,
        Outgoing::Close => panic!("a sync"),
    }) else {
        panic!("a sync");
    };
    let real = sync.view.hand[0];
    // A card the deck still has one of, so the swapped view is plausible.
    let other = sync
        .view
        .unseen()
        .to_vec()
        .into_iter()
        .find(|&c| c != real)
        .expect("an unseen card");
    sync.view.hand[0] = other;
    for event in &mut sync.log {
        if let SeatEvent::HandStarted { dealt, .. } = event {
            if let Some(first) = dealt.iter_mut().find(|c| **c == real) {
                *first = other;
            }
        }
    }
    friends.tell(Seat(1), &HostMessage::Sync(sync));
    assert_eq!(
        friends.heard[0].last(),
        Some(&Received::Synced),
        "the swapped deal is taken"
    );
    // The rest of the match goes on; the host does not answer friend 1's
    // resync here.
    play_out(&mut host, &mut rng, &mut friends);
    reveal(&host, &dealt.proof, &mut friends);
    // Either friend 1's mirror notices at the first update that does not
    // fit its swapped card (it waits for the table again: its page asks
    // for a resync, and nothing is checked against a table it distrusts),
    // or the check at the end names what differs. Never "verified".
    match friends.mirror(Seat(1)).checked() {
        None => assert!(friends.mirror(Seat(1)).awaiting_sync()),
        Some(checked) => assert!(
            matches!(
                checked.verdict,
                Verdict::CardDiffers { .. } | Verdict::LogDiffers { .. }
            ),
            "the swapped card is not caught: {:?}",
            checked.verdict
        ),
    }
    assert_eq!(
        friends.mirror(Seat(2)).checked().map(|c| c.verdict.clone()),
        Some(Verdict::Verified)
    );
}

#[test]
fn a_friend_who_never_answers_cannot_stall_the_deal() {
    let mut rng = Rng::new(10);
    let mut friends = Friends::new();
    // Friend 2 never contributes: the deal waits its time, then goes on
    // without, and every friend's table is told.
    let (mut host, dealt) = deal(&mut rng, Secret([7; 32]), &[Seat(1)], &mut friends);
    assert_eq!(dealt.missing, vec![Seat(2)]);
    for seat in FRIENDS {
        assert_eq!(
            friends.heard[seat.index() - 1].last(),
            Some(&Received::DealtWithout(vec![Seat(2)]))
        );
        assert_eq!(
            friends.mirror(seat).dealt_without(),
            Some((1, &[Seat(2)][..]))
        );
    }
    // Friend 2 answers late: the host ignores it (its gathering is closed)
    // and friend 2's page does not look for it in the proof.
    let late = friends.mirror(Seat(2)).contribute(1, Contribution([9; 16]));
    assert!(late.is_some());
    play_out(&mut host, &mut rng, &mut friends);
    reveal(&host, &dealt.proof, &mut friends);
    for seat in FRIENDS {
        let checked = friends.mirror(seat).checked().expect("checked");
        assert_eq!(checked.verdict, Verdict::Verified, "seat {seat:?}");
    }
}

#[test]
fn a_friend_left_out_without_being_told_says_so() {
    let mut rng = Rng::new(11);
    let mut friends = Friends::new();
    let (mut host, mut dealt) = deal(&mut rng, Secret([8; 32]), &FRIENDS, &mut friends);
    play_out(&mut host, &mut rng, &mut friends);
    // The host drops friend 2's contribution from the proof it reveals.
    dealt.proof.contributions.retain(|(s, _)| *s != Seat(2));
    reveal(&host, &dealt.proof, &mut friends);
    let checked = friends.mirror(Seat(2)).checked().expect("checked");
    assert_eq!(checked.verdict, Verdict::LeftOut(Seat(2)));
}

#[test]
fn a_second_seal_for_the_same_deal_is_ignored_and_a_bad_reveal_changes_nothing() {
    let mut rng = Rng::new(12);
    let mut friends = Friends::new();
    let (mut host, dealt) = deal(&mut rng, Secret([1; 32]), &FRIENDS, &mut friends);
    // A host that seals again for the same deal cannot swap its seal.
    friends.tell(
        Seat(1),
        &HostMessage::Sealed {
            number: 1,
            commitment: Secret([2; 32]).commitment(),
        },
    );
    play_out(&mut host, &mut rng, &mut friends);
    for code in ["", "not a code", "AAAA"] {
        friends.tell(
            Seat(1),
            &HostMessage::Revealed {
                number: 1,
                code: code.to_string(),
            },
        );
        assert!(matches!(
            friends.heard[0].last(),
            Some(Received::Invalid(_))
        ));
        assert!(friends.mirror(Seat(1)).checked().is_none());
    }
    // A share code without the proof is refused too.
    let plain = host.save().encode().expect("replays");
    friends.tell(
        Seat(1),
        &HostMessage::Revealed {
            number: 1,
            code: plain,
        },
    );
    assert!(friends.mirror(Seat(1)).checked().is_none());
    reveal(&host, &dealt.proof, &mut friends);
    assert_eq!(
        friends.mirror(Seat(1)).checked().map(|c| c.verdict.clone()),
        Some(Verdict::Verified)
    );
}

#[test]
fn the_seals_survive_a_lost_connection() {
    let mut rng = Rng::new(13);
    let mut friends = Friends::new();
    let (mut host, dealt) = deal(&mut rng, Secret([2; 32]), &FRIENDS, &mut friends);
    // Friend 1's connection drops mid-match: its page forgets the table,
    // joins again, and is sent everything again.
    friends.mirror(Seat(1)).forget_table();
    host.disconnect(Seat(1));
    host.invite_again(Seat(1));
    let out = host.handle(Seat(1), &GuestMirror::join_request("Bo").encode());
    friends.deliver(out);
    play_out(&mut host, &mut rng, &mut friends);
    reveal(&host, &dealt.proof, &mut friends);
    let checked = friends.mirror(Seat(1)).checked().expect("checked");
    assert_eq!(checked.verdict, Verdict::Verified);
    assert!(checked.saw_seal, "the seal from before the drop is kept");
}

#[test]
fn a_reveal_before_the_table_is_checked_once_the_table_comes() {
    let mut rng = Rng::new(14);
    let mut friends = Friends::new();
    let (mut host, dealt) = deal(&mut rng, Secret([3; 32]), &FRIENDS, &mut friends);
    play_out(&mut host, &mut rng, &mut friends);
    // Friend 1 comes back after the end: the reveal reaches its page
    // before the sync of the table (the host's page sends it on the join).
    friends.mirror(Seat(1)).forget_table();
    host.disconnect(Seat(1));
    host.invite_again(Seat(1));
    let code = host
        .save()
        .encode_with_proof(&dealt.proof)
        .expect("replays");
    friends.tell(Seat(1), &HostMessage::Revealed { number: 1, code });
    assert!(
        friends.mirror(Seat(1)).checked().is_none(),
        "checked against no table"
    );
    let out = host.handle(Seat(1), &GuestMirror::join_request("Bo").encode());
    friends.deliver(out);
    let checked = friends
        .mirror(Seat(1))
        .checked()
        .expect("checked after the sync");
    assert_eq!(checked.verdict, Verdict::Verified);
}

#[test]
fn a_watcher_who_came_mid_match_verifies_the_public_cards() {
    let mut rng = Rng::new(15);
    let mut friends = Friends::new();
    let (mut host, dealt) = deal(&mut rng, Secret([4; 32]), &FRIENDS, &mut friends);
    // Some moves, then a watcher comes by the watch link.
    for _ in 0..5 {
        let Some(turn) = host.game().to_act() else {
            break;
        };
        let legal = host.game().legal_actions();
        let out = host
            .act_local(turn.seat, legal[rng.below(legal.len())])
            .expect("legal");
        friends.deliver(out);
    }
    let address = host.open_watcher().expect("a watcher's place");
    let mut watcher = GuestMirror::watching();
    let watch = GuestMirror::watch_request("Eve").encode();
    let deliver_to_watcher = |out: Vec<(Peer, Outgoing)>, watcher: &mut GuestMirror| {
        for (to, outgoing) in out {
            if let (true, Outgoing::Message(m)) = (to == address, outgoing) {
                watcher.receive(&m.encode()).expect("reads");
            }
        }
    };
    let out = host.handle(address, &watch);
    deliver_to_watcher(out, &mut watcher);
    assert!(watcher.view().is_some(), "the watcher sees the table");
    // The rest of the match, told to the friends and the watcher.
    while let Some(turn) = host.game().to_act() {
        let legal = host.game().legal_actions();
        let out = host
            .act_local(turn.seat, legal[rng.below(legal.len())])
            .expect("legal");
        let (theirs, friends_out): (Vec<_>, Vec<_>) =
            out.into_iter().partition(|(to, _)| *to == address);
        friends.deliver(friends_out);
        deliver_to_watcher(theirs, &mut watcher);
    }
    let code = host
        .save()
        .encode_with_proof(&dealt.proof)
        .expect("replays");
    let received = watcher.apply(HostMessage::Revealed { number: 1, code });
    assert_eq!(received, Received::Revealed);
    let checked = watcher.checked().expect("checked");
    assert_eq!(checked.verdict, Verdict::Verified);
    assert!(!checked.saw_seal, "a watcher never had the seal");
}
