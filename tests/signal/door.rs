//! The table's door (src/online/signal/door.rs): which seat a friend who
//! comes by the link gets, and that a seat belongs to the person who took
//! it (issue 36).

use super::friend_offer;
use ono99::online::signal::door::{MAX_REQUESTS, OPENING_MS, REQUEST_MS};
use ono99::online::signal::envelope::Refused;
use ono99::online::signal::seat_key::PROOF_LEN;
use ono99::online::signal::{Admit, Door, FriendOffer, OfferId, SeatKey, SeatProof};
use ono99::rules::Seat;

const T: u64 = 1_000_000;

/// Seats 1, 2 and 3 online, named by the host Ana, Ben and Cleo.
fn door() -> Door {
    Door::new([
        (Seat(1), "Ana".into()),
        (Seat(2), "Ben".into()),
        (Seat(3), "Cleo".into()),
    ])
}

/// The key the door draws for the `n`th newcomer of a test.
fn key(n: u8) -> SeatKey {
    SeatKey([n; 16])
}

/// A friend's offer; each `id` is another connection (its own ICE user
/// fragment) unless [`again`] says it retries one.
fn offer(name: &str, seat: Option<u8>, id: u8) -> FriendOffer {
    let mut offer = FriendOffer {
        offer_id: OfferId([id; 8]),
        name: name.into(),
        seat: seat.map(Seat),
        proof: None,
        ..friend_offer()
    };
    offer.offer.ice_ufrag = format!("ufrag{id}");
    offer
}

/// `offer` with the proof of `key` (a holder back).
fn proved(mut offer: FriendOffer, key: SeatKey) -> FriendOffer {
    offer.proof = Some(key.proof(&offer.offer_id, &offer.offer));
    offer
}

/// Connection `first`'s offer sent again under a new offer id.
fn again(first: &FriendOffer, id: u8) -> FriendOffer {
    FriendOffer {
        offer_id: OfferId([id; 8]),
        ..first.clone()
    }
}

#[test]
fn friends_take_the_next_free_seat_or_the_one_named_for_them() {
    let mut d = door();
    // A stranger takes the first free seat, and holds it under a new key.
    assert_eq!(
        d.admit(&offer("Zoë", None, 1), T, key(1)),
        Ok(Admit::Seat(Seat(1)))
    );
    assert_eq!(d.name(Seat(1)), Some("Zoë"));
    assert_eq!(d.key(Seat(1)), Some(key(1)));
    // Cleo's seat was named for her: she gets it, whatever order.
    assert_eq!(
        d.admit(&offer(" cleo ", None, 2), T, key(2)),
        Ok(Admit::Seat(Seat(3)))
    );
    assert_eq!(
        d.admit(&offer("Yann", None, 3), T, key(3)),
        Ok(Admit::Seat(Seat(2)))
    );
    assert_eq!(
        d.admit(&offer("Xavi", None, 4), T, key(4)),
        Err(Refused::TableFull)
    );
    assert!(!d.has_room(T));
}

#[test]
fn a_name_already_at_the_table_is_refused_and_changes_nothing() {
    let mut d = door();
    d.admit(&offer("Zoë", None, 1), T, key(1)).ok();
    d.connected(Seat(1));
    let before = d.clone();
    for asked in [None, Some(2), Some(1)] {
        assert_eq!(
            d.admit(&offer("ZOË", asked, 2), T, key(2)),
            Err(Refused::NameTaken)
        );
    }
    assert_eq!(d, before);
}

/// The defect of issue 36: Leo's tab closed; Kim, with only the link,
/// asked by name, by seat number, or for the next free seat, and was
/// given Leo's seat and hand. Now every way of asking asks the host.
#[test]
fn a_held_seat_is_never_given_to_someone_without_its_key() {
    let mut d = Door::new([(Seat(1), "Ana".into()), (Seat(2), "Ben".into())]);
    d.admit(&offer("Mia", None, 1), T, key(1)).ok();
    d.connected(Seat(1));
    d.admit(&offer("Leo", None, 2), T, key(2)).ok();
    d.connected(Seat(2));
    d.left(Seat(2));
    // Kim knocks every way there is, under every name, with no proof or
    // with a wrong one: never a seat.
    let wrong = SeatKey([9; 16]);
    let mut id = 10;
    for name in ["Kim", "Leo", " leo "] {
        for asked in [None, Some(2), Some(1)] {
            for proof in [false, true] {
                id += 1;
                let mut o = offer(name, asked, id);
                if proof {
                    o = proved(o, wrong);
                }
                let admitted = d.admit(&o, T + 1, key(id));
                // Asked about (past the cap of requests: turned away).
                assert!(
                    matches!(
                        admitted,
                        Ok(Admit::Asked { seat: Seat(2), .. })
                            | Err(Refused::NameTaken | Refused::TableFull)
                    ),
                    "{name} {asked:?} {proof}: {admitted:?}"
                );
                assert_eq!(d.key(Seat(2)), Some(key(2)), "Leo's key changed");
            }
        }
    }
    // A proof of Leo's key for another offer id or another connection is
    // worth nothing (a relay's copy).
    let mut d = Door::new([(Seat(2), "Ben".into())]);
    d.restore([(Seat(2), "Leo".to_string(), key(2))]);
    let leo = proved(offer("Leo", Some(2), 90), key(2));
    let mut moved = offer("Kim", Some(2), 91);
    moved.proof = leo.proof;
    assert!(matches!(
        d.admit(&moved, T + 2, key(91)),
        Ok(Admit::Asked { .. })
    ));
    let mut other_connection = leo.clone();
    other_connection.offer.fingerprint[0] ^= 1;
    other_connection.offer.ice_ufrag = "ufrag-mallory".into();
    assert!(matches!(
        d.admit(&other_connection, T + 2, key(92)),
        Ok(Admit::Asked { .. })
    ));
    // Leo himself, from a new tab: his seat, his key unchanged.
    assert_eq!(d.admit(&leo, T + 3, key(93)), Ok(Admit::Seat(Seat(2))));
    assert_eq!(d.key(Seat(2)), Some(key(2)));
}

#[test]
fn the_holder_takes_their_seat_back_from_a_new_tab_even_while_the_old_one_is_open() {
    let mut d = door();
    d.admit(&offer("Zoë", None, 1), T, key(1)).ok();
    d.connected(Seat(1));
    // A new tab (a new connection) proves the key: the seat is hers.
    let back = proved(offer("Zoë", Some(1), 2), key(1));
    assert_eq!(d.admit(&back, T + 1, key(2)), Ok(Admit::Seat(Seat(1))));
    // That connection asking again is the same one.
    assert_eq!(
        d.admit(&again(&back, 3), T + 2, key(3)),
        Ok(Admit::Again(Seat(1)))
    );
    // Her proof for seat 1 opens no other seat.
    let elsewhere = proved(offer("Zoë", Some(2), 4), key(1));
    assert_eq!(d.admit(&elsewhere, T + 3, key(4)), Err(Refused::NameTaken));
}

#[test]
fn the_host_allows_a_request_the_asker_holds_the_seat_and_the_old_key_opens_nothing() {
    let mut d = Door::new([(Seat(1), "Ana".into())]);
    d.admit(&offer("Leo", None, 1), T, key(1)).ok();
    d.connected(Seat(1));
    d.left(Seat(1));
    let kim = offer("Kim", None, 2);
    assert_eq!(
        d.admit(&kim, T, key(2)),
        Ok(Admit::Asked {
            seat: Seat(1),
            holder: "Leo".into()
        })
    );
    // Kim knocks again while the host thinks: the same request.
    let kim_again = again(&kim, 3);
    assert!(matches!(
        d.admit(&kim_again, T + 5_000, key(3)),
        Ok(Admit::Asked { .. })
    ));
    let requests = d.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(
        (requests[0].asker.as_str(), requests[0].holder.as_str()),
        ("Kim", "Leo")
    );
    let decided = d.allow(requests[0].id, T + 6_000, key(7)).expect("allowed");
    assert_eq!(decided.seat, Seat(1));
    // The answer goes to Kim's latest knock.
    assert_eq!(decided.offer.offer_id, kim_again.offer_id);
    assert!(d.requests().is_empty());
    assert_eq!(d.name(Seat(1)), Some("Kim"));
    assert_eq!(d.key(Seat(1)), Some(key(7)));
    // Kim's knocks now get the seat's answer again.
    assert_eq!(
        d.admit(&again(&kim, 4), T + 7_000, key(4)),
        Ok(Admit::Again(Seat(1)))
    );
    d.connected(Seat(1));
    d.left(Seat(1));
    // Leo's old key opens nothing now: he asks like anyone.
    let leo = proved(offer("Leo", Some(1), 5), key(1));
    assert!(matches!(
        d.admit(&leo, T + 8_000, key(5)),
        Ok(Admit::Asked { seat: Seat(1), .. })
    ));
    // Allowing twice, or a request that is gone, does nothing.
    assert_eq!(d.allow(requests[0].id, T, key(8)), None);
}

#[test]
fn the_host_refuses_a_request_the_asker_is_told_the_seat_is_kept() {
    let mut d = Door::new([(Seat(1), "Ana".into())]);
    d.admit(&offer("Leo", None, 1), T, key(1)).ok();
    d.left(Seat(1));
    let kim = offer("Kim", None, 2);
    d.admit(&kim, T, key(2)).ok();
    let id = d.requests()[0].id;
    let decided = d.refuse(id).expect("refused");
    assert_eq!(decided.seat, Seat(1));
    assert!(d.requests().is_empty());
    let kept = Refused::Kept {
        seat: Seat(1),
        name: "Leo".into(),
    };
    assert_eq!(d.admit(&again(&kim, 3), T + 1, key(3)), Err(kept));
    assert_eq!(d.key(Seat(1)), Some(key(1)));
    // Leo is back: his seat.
    let leo = proved(offer("Leo", Some(1), 4), key(1));
    assert_eq!(d.admit(&leo, T + 2, key(4)), Ok(Admit::Seat(Seat(1))));
}

#[test]
fn a_request_lapses_when_its_asker_stops_knocking_or_the_holder_comes_back() {
    let mut d = Door::new([(Seat(1), "Ana".into())]);
    d.admit(&offer("Leo", None, 1), T, key(1)).ok();
    d.left(Seat(1));
    d.admit(&offer("Kim", None, 2), T, key(2)).ok();
    let id = d.requests()[0].id;
    // Leo comes back before the host answers: Allow does nothing.
    let leo = proved(offer("Leo", Some(1), 3), key(1));
    assert_eq!(d.admit(&leo, T + 1, key(3)), Ok(Admit::Seat(Seat(1))));
    assert_eq!(d.allow(id, T + 2, key(9)), None);
    d.connected(Seat(1));
    assert!(d.requests().is_empty());
    // Someone else asks; nobody knocks again for a minute: gone.
    d.left(Seat(1));
    d.admit(&offer("Xavi", None, 4), T + 10, key(4)).ok();
    assert_eq!(d.requests().len(), 1);
    d.admit(&offer("Yann", None, 5), T + 10 + REQUEST_MS, key(5))
        .ok();
    assert_eq!(
        d.requests()
            .iter()
            .map(|r| r.asker.as_str())
            .collect::<Vec<_>>(),
        ["Yann"]
    );
}

#[test]
fn requests_are_capped() {
    let mut d = Door::new([(Seat(1), "Ana".into())]);
    d.admit(&offer("Leo", None, 1), T, key(1)).ok();
    d.left(Seat(1));
    for i in 0..MAX_REQUESTS as u8 {
        assert!(matches!(
            d.admit(&offer(&format!("P{i}"), None, 10 + i), T, key(i)),
            Ok(Admit::Asked { .. })
        ));
    }
    assert_eq!(
        d.admit(&offer("Late", None, 99), T, key(99)),
        Err(Refused::TableFull)
    );
}

#[test]
fn a_locked_table_lets_only_holders_back_to_their_own_seats() {
    let mut d = door();
    d.admit(&offer("Zoë", None, 1), T, key(1)).ok();
    d.connected(Seat(1));
    d.lock(true);
    assert_eq!(
        d.admit(&offer("Xavi", None, 2), T, key(2)),
        Err(Refused::Locked)
    );
    // Ben's seat was named for him.
    assert_eq!(
        d.admit(&offer("Ben", None, 3), T, key(3)),
        Ok(Admit::Seat(Seat(2)))
    );
    // Zoë's page reloads: she proves her key and is back.
    d.left(Seat(1));
    let back = proved(offer("Zoë", Some(1), 4), key(1));
    assert_eq!(d.admit(&back, T, key(4)), Ok(Admit::Seat(Seat(1))));
    // Locked, nobody asks for a held seat either.
    d.left(Seat(1));
    assert_eq!(
        d.admit(&offer("Mallory", Some(1), 5), T, key(5)),
        Err(Refused::Locked)
    );
    d.lock(false);
    assert_eq!(
        d.admit(&offer("Xavi", None, 6), T, key(6)),
        Ok(Admit::Seat(Seat(3)))
    );
}

#[test]
fn a_seat_whose_connection_never_opens_is_free_again_after_a_while() {
    let mut d = Door::new([(Seat(1), "Ana".into())]);
    assert_eq!(
        d.admit(&offer("Zoë", None, 1), T, key(1)),
        Ok(Admit::Seat(Seat(1)))
    );
    assert_eq!(
        d.admit(&offer("Yann", None, 2), T + OPENING_MS - 1, key(2)),
        Err(Refused::TableFull)
    );
    assert!(d.has_room(T + OPENING_MS));
    // Zoë took it first: free again, it stays hers; Yann asks the host.
    assert!(matches!(
        d.admit(&offer("Yann", None, 3), T + OPENING_MS, key(3)),
        Ok(Admit::Asked { seat: Seat(1), .. })
    ));
}

#[test]
fn the_same_connection_asking_again_gets_its_seat_again_and_nothing_else() {
    let mut d = door();
    let first = offer("Zoë", None, 1);
    assert_eq!(d.admit(&first, T, key(1)), Ok(Admit::Seat(Seat(1))));
    // The answer was lost: the friend sends the same offer again, under a
    // new id; not "name taken", and no second seat.
    let before = d.clone();
    assert_eq!(
        d.admit(&again(&first, 2), T + 5_000, key(2)),
        Ok(Admit::Again(Seat(1)))
    );
    assert_eq!(d, before);
    // Another page under the same name is still refused.
    assert_eq!(
        d.admit(&offer("Zoë", None, 3), T + 6_000, key(3)),
        Err(Refused::NameTaken)
    );
}

#[test]
fn after_the_hosts_reload_its_holders_are_restored_and_still_theirs() {
    let mut before = door();
    before.admit(&offer("Yann", None, 1), T, key(1)).ok();
    before.admit(&offer("Zoë", Some(3), 2), T, key(2)).ok();
    let kept = before.holders();
    assert_eq!(kept.len(), 2);
    // The host's page reloaded: a new door, the holders restored.
    let mut d = door();
    d.restore(kept);
    assert_eq!(d.name(Seat(3)), Some("Zoë"));
    assert!(d.is_held(Seat(1)) && d.is_held(Seat(3)) && !d.is_held(Seat(2)));
    // They come back in the other order, with their keys.
    assert_eq!(
        d.admit(&proved(offer("Zoë", Some(3), 3), key(2)), T, key(3)),
        Ok(Admit::Seat(Seat(3)))
    );
    assert_eq!(
        d.admit(&proved(offer("Yann", Some(1), 4), key(1)), T, key(4)),
        Ok(Admit::Seat(Seat(1)))
    );
    // A newcomer gets the one seat nobody held.
    assert_eq!(
        d.admit(&offer("Xavi", Some(1), 5), T, key(5)),
        Ok(Admit::Seat(Seat(2)))
    );
}

#[test]
fn a_seat_given_by_the_hosts_code_is_held_by_its_friend() {
    let mut d = door();
    assert_eq!(d.given_by_host(Seat(2), key(5)), Some(key(5)));
    assert_eq!(d.given_by_host(Seat(7), key(6)), None);
    d.left(Seat(2));
    // Someone asking for it by number asks the host.
    assert!(matches!(
        d.admit(&offer("Mallory", Some(2), 1), T, key(1)),
        Ok(Admit::Seat(Seat(1)))
    ));
    assert!(matches!(
        d.admit(&offer("Mallory2", Some(2), 2), T, key(2)),
        Ok(Admit::Seat(Seat(3)))
    ));
    assert!(matches!(
        d.admit(&offer("Eve", Some(2), 3), T, key(3)),
        Ok(Admit::Asked { seat: Seat(2), .. })
    ));
}

#[test]
fn fuzzed_knocks_never_get_a_held_seat() {
    // Random names, seats and proofs (of random keys): a held seat's key
    // never changes, and no knock without it is given that seat.
    let mut d = Door::new([(Seat(1), "Ana".into()), (Seat(2), "Ben".into())]);
    d.admit(&offer("Leo", None, 1), T, key(1)).ok();
    d.left(Seat(1));
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for i in 0..5_000u32 {
        let r = next();
        let names = ["Leo", "leo", "Kim", "", "Ana", "Ben"];
        let name = names[(r % names.len() as u64) as usize];
        let seat = match (r >> 8) % 4 {
            0 => None,
            n => Some(n as u8 - 1),
        };
        let mut o = offer(name, seat, (r >> 16) as u8);
        o.offer_id = OfferId((r ^ u64::from(i)).to_be_bytes());
        if (r >> 24) % 2 == 0 {
            let mut proof = [0u8; PROOF_LEN];
            proof[..8].copy_from_slice(&next().to_be_bytes());
            o.proof = Some(SeatProof(proof));
        }
        let admitted = d.admit(&o, T + u64::from(i), key((r >> 32) as u8));
        assert_ne!(admitted, Ok(Admit::Seat(Seat(1))), "{o:?}");
        assert_eq!(d.key(Seat(1)), Some(key(1)));
        // Free seat 2 again now and then, so newcomers keep coming.
        if i % 7 == 0 {
            d.left(Seat(2));
        }
    }
}
