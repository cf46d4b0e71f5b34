//! A seat taken from its holder with the host's consent (issue 36): the
//! new person never sees a card that was the holder's to see before they
//! sat down (`HostSession::new_player`), and the mirror of their page
//! still reads the table.

use ono99::bots::Level;
use ono99::online::host::{HostSession, Outgoing, SeatKind, SeatSetup, TableSetup};
use ono99::online::protocol::HostMessage;
use ono99::online::{GuestMirror, SeatEvent};
use ono99::rules::{Event, Rng, RuleSet, Seat};

/// Seat 0 the host, 1 a friend (Leo), 2 a bot: a classic match, for
/// tokens over several hands.
fn session(seed: u64) -> HostSession {
    let setup = TableSetup {
        rules: RuleSet::classic(),
        seats: vec![
            SeatSetup {
                name: "Hana".into(),
                kind: SeatKind::Host,
            },
            SeatSetup {
                name: "Leo".into(),
                kind: SeatKind::Guest,
            },
            SeatSetup {
                name: "Bot".into(),
                kind: SeatKind::Bot(Level::Easy),
            },
        ],
    };
    HostSession::new(setup, seed).expect("a valid table")
}

/// Plays random legal moves until the match has dealt `hands` hands and
/// played a few moves of the last; `None` if it ended first.
fn play_into_hand(host: &mut HostSession, hands: usize, rng: &mut Rng) -> Option<()> {
    let dealt = |h: &HostSession| {
        h.game()
            .log()
            .iter()
            .filter(|e| matches!(e, Event::HandStarted { .. }))
            .count()
    };
    let mut after = 0;
    while dealt(host) < hands || after < 3 {
        if dealt(host) >= hands {
            after += 1;
        }
        let t = host.game().to_act()?;
        let legal = host.game().legal_actions();
        host.act_local(t.seat, legal[rng.below(legal.len())]).ok()?;
    }
    Some(())
}

/// The sync a page joining at `seat` gets, and the mirror it builds.
fn join(host: &mut HostSession, seat: Seat) -> (Vec<SeatEvent>, GuestMirror) {
    let out = host.handle(seat, &GuestMirror::join_request("Kim").encode());
    let mut mirror = GuestMirror::new();
    let mut log = None;
    for (to, outgoing) in out {
        if to != seat {
            continue;
        }
        if let Outgoing::Message(msg) = outgoing {
            if let HostMessage::Sync(sync) = &msg {
                log = Some(sync.log.clone());
            }
            mirror.receive(&msg.encode()).expect("readable");
        }
    }
    (log.expect("a sync"), mirror)
}

/// Whether `event` shows a card that only its seat may see.
fn private(event: &SeatEvent) -> bool {
    match event {
        SeatEvent::YouDrew { .. } => true,
        SeatEvent::HandStarted { dealt, .. } => !dealt.is_empty(),
        _ => false,
    }
}

#[test]
fn a_new_person_at_a_held_seat_sees_nothing_of_its_earlier_hands() {
    let mut checked = 0;
    for seed in 1..40u64 {
        let mut rng = Rng::new(seed);
        let mut host = session(seed);
        if play_into_hand(&mut host, 2, &mut rng).is_none() {
            continue;
        }
        // Before: Leo's page would get his earlier cards (the test can fail).
        let mut leo_host = host.clone();
        let (leo_log, _) = join(&mut leo_host, Seat(1));
        assert!(
            leo_log.iter().any(private),
            "seed {seed}: Leo saw no card of his"
        );

        let from = host.game().log().len();
        host.new_player(Seat(1));
        assert_eq!(host.new_players(), &[(Seat(1), from)]);
        let (log, mirror) = join(&mut host, Seat(1));
        assert_eq!(log.len(), leo_log.len());
        assert!(
            !log[..from].iter().any(private),
            "seed {seed}: a card of the holder's in the new person's log"
        );
        // Their own hand, as the table has it now, and the mirror reads it.
        let view = mirror.view().expect("the table");
        assert_eq!(view.hand, host.game().view(Seat(1)).hand);
        // What happens from now on is theirs to see.
        let mut mirror = mirror;
        for _ in 0..30 {
            let Some(t) = host.game().to_act() else { break };
            let legal = host.game().legal_actions();
            let out = host
                .act_local(t.seat, legal[rng.below(legal.len())])
                .expect("legal");
            for (to, o) in out {
                if let (true, Outgoing::Message(HostMessage::Update(u))) = (to == Seat(1), o) {
                    mirror
                        .receive(&HostMessage::Update(u).encode())
                        .expect("readable");
                }
            }
        }
        assert_eq!(
            mirror.view().map(|v| v.hand.clone()),
            Some(host.game().view(Seat(1)).hand)
        );
        // A resync later still hides the holder's part (of the latest
        // events a sync carries, those from before the new person).
        let Outgoing::Message(HostMessage::Sync(sync)) = host.resume(Seat(1)) else {
            panic!("a sync")
        };
        let dropped = host.game().log().len() - sync.log.len();
        assert!(!sync.log[..from.saturating_sub(dropped)].iter().any(private));
        checked += 1;
    }
    assert!(
        checked >= 10,
        "only {checked} matches reached a second hand"
    );
}

#[test]
fn new_players_are_restored_only_where_they_fit_and_a_rematch_forgets_them() {
    let mut rng = Rng::new(3);
    let mut host = session(3);
    play_into_hand(&mut host, 1, &mut rng).expect("a first hand");
    let len = host.game().log().len();
    // Another match's, not a friend's seat, or past the log: passed over.
    host.restore_new_players(&[
        (4, Seat(1), 1),
        (3, Seat(0), 1),
        (3, Seat(2), 1),
        (3, Seat(1), len + 1),
    ]);
    assert!(host.new_players().is_empty());
    host.restore_new_players(&[(3, Seat(1), len)]);
    assert_eq!(host.new_players(), &[(Seat(1), len)]);
    host.new_player(Seat(0));
    assert_eq!(host.new_players().len(), 1);
    while let Some(t) = host.game().to_act() {
        let legal = host.game().legal_actions();
        host.act_local(t.seat, legal[rng.below(legal.len())])
            .expect("legal");
    }
    host.rematch(4).expect("over");
    assert!(host.new_players().is_empty());
}
