//! A friend's knocks (src/online/signal/knock.rs): one offer sent under
//! new ids until the host answers.

use super::host_answer;
use ono99::online::signal::envelope::{Refused, SeatReply};
use ono99::online::signal::knock::{Outcome, MAX_ATTEMPTS};
use ono99::online::signal::{Backoff, HostAnswer, Knock, OfferId};
use ono99::rules::Seat;

fn id(n: u8) -> OfferId {
    OfferId([n; 8])
}

fn reply(to: OfferId, reply: SeatReply) -> HostAnswer {
    HostAnswer {
        offer_id: to,
        reply,
        ..host_answer()
    }
}

#[test]
fn an_unanswered_offer_goes_again_under_a_new_id_after_the_backoff() {
    let mut k = Knock::new();
    assert!(k.due(0, id(1), 0));
    // Not before the wait (random 0: half of the first ceiling).
    let wait = Backoff::OFFER.delay_ms(0, 0);
    assert!(!k.due(wait - 1, id(2), 0));
    // An id already used is never used again.
    assert!(!k.due(wait, id(1), 0));
    assert!(k.due(wait, id(2), 0));
    assert_eq!(k.sent(), &[id(1), id(2)]);
    assert_eq!(k.outcome(), None);
}

#[test]
fn the_first_answer_to_one_of_its_offers_decides_and_nothing_after_it() {
    let mut k = Knock::new();
    assert!(k.due(0, id(1), 7));
    assert!(k.due(60_000, id(2), 7));
    let before = k.clone();
    // An answer to another friend's offer changes nothing.
    assert_eq!(
        k.answered(&reply(id(9), SeatReply::Refused(Refused::TableFull))),
        None
    );
    assert_eq!(k, before);
    // The answer to the first attempt, late, still fits: same connection.
    let seated = reply(id(1), host_answer().reply);
    let SeatReply::Seated { seat, answer } = host_answer().reply else {
        panic!("the sample answer seats")
    };
    assert_eq!(k.answered(&seated), Some(&Outcome::Seated { seat, answer }));
    // A refusal to the second after it, or anything else, is ignored.
    assert_eq!(
        k.answered(&reply(id(2), SeatReply::Refused(Refused::NameTaken))),
        None
    );
    assert!(matches!(
        k.outcome(),
        Some(Outcome::Seated { seat: Seat(2), .. })
    ));
    assert!(
        !k.due(10_000_000, id(3), 0),
        "no attempt after the knock ended"
    );
}

#[test]
fn a_refusal_ends_the_knock() {
    let mut k = Knock::new();
    assert!(k.due(0, id(1), 0));
    assert_eq!(
        k.answered(&reply(id(1), SeatReply::Refused(Refused::Locked))),
        Some(&Outcome::Refused(Refused::Locked))
    );
    assert!(!k.due(1_000_000, id(2), 0));
}

#[test]
fn after_max_attempts_with_no_answer_the_friend_is_told() {
    let mut k = Knock::new();
    let mut now = 0;
    for n in 0..MAX_ATTEMPTS {
        assert!(k.due(now, id(n as u8 + 1), u32::MAX), "attempt {n}");
        now += Backoff::OFFER.ceiling_ms(n);
    }
    assert!(!k.due(now, id(200), 0));
    assert_eq!(k.outcome(), Some(&Outcome::NoAnswer));
    // About a minute of trying, at most.
    let total: u64 = (0..MAX_ATTEMPTS)
        .map(|n| Backoff::OFFER.ceiling_ms(n))
        .sum();
    assert!(total <= 90_000, "{total} ms of knocking");
    // An answer after giving up changes nothing.
    assert_eq!(k.answered(&reply(id(1), host_answer().reply)), None);
}

#[test]
fn while_the_host_is_asked_the_knock_goes_on_past_its_usual_attempts_then_is_answered() {
    use ono99::online::signal::knock::MAX_WAITING_ATTEMPTS;
    let mut k = Knock::new();
    let mut now = 0;
    let mut n = 0u8;
    let mut next = |k: &mut Knock, now: &mut u64| loop {
        n += 1;
        if k.due(*now, id(n), 0) {
            return id(n);
        }
        *now += 1_000;
        if *now > 10_000_000 {
            panic!("no knock due");
        }
    };
    let first = next(&mut k, &mut now);
    let asked = SeatReply::Asked {
        seat: Seat(2),
        name: "Leo".into(),
    };
    // Not an end: the knock says what it waits for.
    assert_eq!(k.answered(&reply(first, asked.clone())), None);
    assert_eq!(k.outcome(), None);
    assert_eq!(k.waiting(), Some((Seat(2), "Leo")));
    // It goes on past the attempts of an unanswered knock, every 5 to
    // 10 s (the longest wait) once the one already timed went.
    let timed = next(&mut k, &mut now);
    assert_eq!(k.answered(&reply(timed, asked.clone())), None);
    let mut last = now;
    for _ in 0..MAX_ATTEMPTS + 3 {
        let id = next(&mut k, &mut now);
        assert!(now - last >= Backoff::OFFER.cap_ms / 2, "{}", now - last);
        last = now;
        assert_eq!(k.answered(&reply(id, asked.clone())), None);
    }
    assert_eq!(k.outcome(), None);
    // The host allowed it: the answer to the latest knock seats them.
    let latest = *k.sent().last().expect("sent");
    let outcome = k.answered(&host_answer_to(latest)).cloned();
    assert!(matches!(
        outcome,
        Some(Outcome::Seated { seat: Seat(2), .. })
    ));

    // Unanswered while asked: it ends after its waiting attempts.
    let mut k = Knock::new();
    let mut now = 0;
    let first = next(&mut k, &mut now);
    k.answered(&reply(first, asked.clone()));
    for _ in 0..MAX_WAITING_ATTEMPTS {
        next(&mut k, &mut now);
    }
    assert!(!k.due(now + 60_000, id(250), 0));
    assert_eq!(k.outcome(), Some(&Outcome::NoAnswer));
}

fn host_answer_to(to: OfferId) -> HostAnswer {
    HostAnswer {
        offer_id: to,
        ..host_answer()
    }
}
