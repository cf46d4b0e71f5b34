//! A friend's knocks (src/online/signal/knock.rs): one offer sent under
//! new ids until the host answers.

use super::host_answer;
use ono99::online::signal::envelope::{Refused, SeatReply};
use ono99::online::signal::knock::{Outcome, KNOCK_FOR_MS, QUICK_ATTEMPTS, QUIET_MS};
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
fn an_unanswered_friend_knocks_for_five_minutes_slowing_down_then_is_told() {
    let mut k = Knock::new();
    let mut now = 0;
    let mut waits = Vec::new();
    let mut n = 0u64;
    while k.outcome().is_none() {
        n += 1;
        if k.due(now, OfferId(n.to_le_bytes()), u32::MAX) {
            waits.push(now);
        }
        assert!(!k.quiet(now) || now >= QUIET_MS);
        now += 500;
        assert!(now < 10 * 60_000, "the knock never ended");
    }
    assert_eq!(k.outcome(), Some(&Outcome::NoAnswer));
    // It lasted five minutes and no more than one wait longer.
    let last = *waits.last().expect("attempts");
    assert!(last < KNOCK_FOR_MS, "{last}");
    assert!(
        (KNOCK_FOR_MS..=KNOCK_FOR_MS + 31_000).contains(&now),
        "{now}"
    );
    // Quick at first (a reload is back within 10 s), then every 15 to 30 s:
    // about twenty attempts, not three hundred.
    let gaps: Vec<u64> = waits.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(gaps[..3].iter().all(|&g| g <= 4_000), "{gaps:?}");
    let slow = &gaps[QUICK_ATTEMPTS as usize..];
    assert!(slow.iter().all(|&g| g >= 5_000), "{gaps:?}");
    assert!((15..=30).contains(&waits.len()), "{} attempts", waits.len());
    // Quiet from 12 s on, while it went on; not once it ended.
    assert!(!k.quiet(now));
    // An answer after giving up changes nothing.
    assert_eq!(k.answered(&reply(id(1), host_answer().reply)), None);
}

#[test]
fn quiet_says_the_host_has_not_answered_for_a_while() {
    let mut k = Knock::new();
    assert!(!k.quiet(0), "before any knock");
    assert!(k.due(1_000, id(1), 0));
    assert!(!k.quiet(1_000 + QUIET_MS - 1));
    assert!(k.quiet(1_000 + QUIET_MS));
    // The host answered "asked": not quiet, it is choosing.
    let asked = SeatReply::Asked {
        seat: Seat(2),
        name: "Leo".into(),
    };
    assert_eq!(k.answered(&reply(id(1), asked)), None);
    assert!(!k.quiet(1_000 + QUIET_MS));
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
    for _ in 0..QUICK_ATTEMPTS + 3 {
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
