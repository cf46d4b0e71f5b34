//! The table's door (src/online/signal/door.rs): which seat a friend who
//! comes by the link gets.

use super::friend_offer;
use ono99::online::signal::door::OPENING_MS;
use ono99::online::signal::envelope::Refused;
use ono99::online::signal::{Admit, Door, FriendOffer, OfferId};
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

/// A friend's offer; each `id` is another connection (its own ICE user
/// fragment) unless `again` says it retries connection `again`.
fn offer(name: &str, seat: Option<u8>, id: u8) -> FriendOffer {
    let mut offer = FriendOffer {
        offer_id: OfferId([id; 8]),
        name: name.into(),
        seat: seat.map(Seat),
        ..friend_offer()
    };
    offer.offer.ice_ufrag = format!("ufrag{id}");
    offer
}

/// Connection `of`'s offer sent again under a new offer id.
fn again(first: &FriendOffer, id: u8) -> FriendOffer {
    FriendOffer {
        offer_id: OfferId([id; 8]),
        ..first.clone()
    }
}

#[test]
fn friends_take_the_next_free_seat_or_the_one_named_for_them() {
    let mut d = door();
    // A stranger takes the first free seat, and it is theirs by name now.
    assert_eq!(d.admit(&offer("Zoë", None, 1), T), Ok(Admit::Seat(Seat(1))));
    assert_eq!(d.name(Seat(1)), Some("Zoë"));
    // Cleo's seat was named for her: she gets it, whatever order.
    assert_eq!(
        d.admit(&offer(" cleo ", None, 2), T),
        Ok(Admit::Seat(Seat(3)))
    );
    assert_eq!(
        d.admit(&offer("Yann", None, 3), T),
        Ok(Admit::Seat(Seat(2)))
    );
    assert_eq!(d.admit(&offer("Xavi", None, 4), T), Err(Refused::TableFull));
    assert!(!d.has_room(T));
}

#[test]
fn a_name_already_at_the_table_is_refused_and_changes_nothing() {
    let mut d = door();
    assert_eq!(d.admit(&offer("Zoë", None, 1), T), Ok(Admit::Seat(Seat(1))));
    d.connected(Seat(1));
    let before = d.clone();
    for asked in [None, Some(2)] {
        assert_eq!(d.admit(&offer("ZOË", asked, 2), T), Err(Refused::NameTaken));
    }
    assert_eq!(d, before);
}

#[test]
fn a_friend_asking_their_own_seat_by_number_takes_it_over() {
    // Zoë's connection dropped (a change of network) and the host's page
    // has not noticed: her page knocks for seat 1 under her name.
    let mut d = door();
    assert_eq!(d.admit(&offer("Zoë", None, 1), T), Ok(Admit::Seat(Seat(1))));
    d.connected(Seat(1));
    assert_eq!(
        d.admit(&offer("zoë", Some(1), 2), T + 1),
        Ok(Admit::Seat(Seat(1)))
    );
    // That new connection asking again is the same one.
    assert_eq!(
        d.admit(&again(&offer("zoë", Some(1), 2), 3), T + 2),
        Ok(Admit::Again(Seat(1)))
    );
    // Someone else asking for her seat by number gets another seat.
    assert_eq!(
        d.admit(&offer("Yann", Some(1), 4), T + 3),
        Ok(Admit::Seat(Seat(2)))
    );
}

#[test]
fn a_locked_table_lets_only_friends_back_to_their_own_seats() {
    let mut d = door();
    assert_eq!(d.admit(&offer("Zoë", None, 1), T), Ok(Admit::Seat(Seat(1))));
    d.connected(Seat(1));
    d.lock(true);
    assert_eq!(d.admit(&offer("Xavi", None, 2), T), Err(Refused::Locked));
    // Ben's seat was named for him.
    assert_eq!(d.admit(&offer("Ben", None, 3), T), Ok(Admit::Seat(Seat(2))));
    // Zoë's page reloads: her connection drops, she asks for her seat back.
    d.left(Seat(1));
    assert_eq!(
        d.admit(&offer("Zoë", Some(1), 4), T),
        Ok(Admit::Seat(Seat(1)))
    );
    d.lock(false);
    assert_eq!(
        d.admit(&offer("Xavi", None, 5), T),
        Ok(Admit::Seat(Seat(3)))
    );
}

#[test]
fn a_seat_asked_for_under_another_name_is_not_given() {
    let mut d = door();
    assert_eq!(d.admit(&offer("Zoë", None, 1), T), Ok(Admit::Seat(Seat(1))));
    d.left(Seat(1));
    // Someone else claims seat 1: it holds Zoë's name, so they get a free
    // seat of their own instead.
    assert_eq!(
        d.admit(&offer("Mallory", Some(1), 2), T),
        Ok(Admit::Seat(Seat(2)))
    );
    assert_eq!(d.name(Seat(1)), Some("Zoë"));
}

#[test]
fn a_seat_whose_connection_never_opens_is_free_again_after_a_while() {
    let mut d = Door::new([(Seat(1), "Ana".into())]);
    assert_eq!(d.admit(&offer("Zoë", None, 1), T), Ok(Admit::Seat(Seat(1))));
    assert_eq!(
        d.admit(&offer("Yann", None, 2), T + OPENING_MS - 1),
        Err(Refused::TableFull)
    );
    assert!(d.has_room(T + OPENING_MS));
    assert_eq!(
        d.admit(&offer("Yann", None, 3), T + OPENING_MS),
        Ok(Admit::Seat(Seat(1)))
    );
    // Once open, a seat stays taken however long.
    d.connected(Seat(1));
    assert_eq!(
        d.admit(&offer("Xavi", None, 4), T + 10 * OPENING_MS),
        Err(Refused::TableFull)
    );
}

#[test]
fn the_same_connection_asking_again_gets_its_seat_again_and_nothing_else() {
    let mut d = door();
    let first = offer("Zoë", None, 1);
    assert_eq!(d.admit(&first, T), Ok(Admit::Seat(Seat(1))));
    // The answer was lost: the friend sends the same offer again, under a
    // new id; not "name taken", and no second seat.
    let before = d.clone();
    assert_eq!(
        d.admit(&again(&first, 2), T + 5_000),
        Ok(Admit::Again(Seat(1)))
    );
    assert_eq!(d, before);
    // Another page under the same name is still refused.
    assert_eq!(
        d.admit(&offer("Zoë", None, 3), T + 6_000),
        Err(Refused::NameTaken)
    );
    // Gone and back with a new connection: a new answer.
    d.left(Seat(1));
    assert_eq!(
        d.admit(&offer("Zoë", Some(1), 4), T + 7_000),
        Ok(Admit::Seat(Seat(1)))
    );
}

#[test]
fn after_the_hosts_reload_friends_ask_their_seats_back_by_number() {
    // The host's page reloaded: a new door, the host's names only. Zoë sat
    // at seat 3 and Yann at seat 1; they come back in the other order.
    let mut d = door();
    assert_eq!(
        d.admit(&offer("Yann", Some(1), 1), T),
        Ok(Admit::Seat(Seat(1)))
    );
    assert_eq!(
        d.admit(&offer("Zoë", Some(3), 2), T),
        Ok(Admit::Seat(Seat(3)))
    );
    // A seat another friend claimed at this door is not theirs to ask.
    d.left(Seat(1));
    assert_eq!(
        d.admit(&offer("Xavi", Some(1), 3), T),
        Ok(Admit::Seat(Seat(2)))
    );
    // Locked, an unclaimed seat asked by number stays shut; the friend
    // whose seat it is by name still comes back.
    let mut locked = door();
    locked.lock(true);
    assert_eq!(
        locked.admit(&offer("Zoë", Some(3), 4), T),
        Err(Refused::Locked)
    );
    assert_eq!(
        locked.admit(&offer("Cleo", Some(3), 5), T),
        Ok(Admit::Seat(Seat(3)))
    );
}
