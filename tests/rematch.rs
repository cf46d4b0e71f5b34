//! "Play again" at an online table (issue "The moments that matter"):
//! the host's session deals the next match on the same connections, every
//! friend's mirror and table follow it from the host's messages alone, a
//! friend who left is offered to the host, a friend's page reads every
//! hand of the match (not only the current one), and a hostile or garbled
//! announcement of a new match changes nothing.

mod common;
use common::random_rules;

use ono99::bots::{make_bot, Level};
use ono99::online::guest::MAX_LOG;
use ono99::online::host::{HostSession, Mover, Outgoing, SeatKind, SeatSetup, TableSetup};
use ono99::online::protocol::{
    Connection, GuestMessage, HostMessage, Sync, MAX_HOST_MESSAGE, PROTOCOL_VERSION,
};
use ono99::online::watch::Peer;
use ono99::online::{GuestMirror, Received};
use ono99::play::{GameMsg, GameSetup, GameState, Speed};
use ono99::rules::{Format, Rng, RuleSet, Seat};
use ono99::table::friend::{follow, players_of};
use ono99::table::{Step, TableModel};
use std::rc::Rc;

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("Seat {i}")).collect()
}

/// A friend's page: its mirror and the table it draws.
#[derive(Default, Clone)]
struct Friend {
    mirror: GuestMirror,
    table: Option<TableModel>,
    /// What the mirror made of each message, in order.
    got: Vec<Received>,
}

impl Friend {
    fn receive(&mut self, bytes: &[u8]) {
        let received = self.mirror.receive(bytes).expect("a readable message");
        follow(&mut self.table, &self.mirror, &received, &|s, _| {
            format!("Seat {}", s.0)
        });
        self.got.push(received);
    }
}

/// The host's session, seat 0 the host, the odd seats friends, the others
/// Easy bots.
fn table(rules: RuleSet, n: usize) -> TableSetup {
    TableSetup {
        rules,
        seats: (0..n)
            .map(|i| SeatSetup {
                name: format!("Seat {i}"),
                kind: match i {
                    0 => SeatKind::Host,
                    i if i % 2 == 1 => SeatKind::Guest,
                    _ => SeatKind::Bot(Level::Easy),
                },
            })
            .collect(),
    }
}

/// Delivers what the host sends, checking after each message that every
/// synced friend's view is the host's view of its seat.
fn deliver(host: &HostSession, out: Vec<(Peer, Outgoing)>, friends: &mut [Option<Friend>]) {
    for (seat, out) in out {
        let Outgoing::Message(msg) = out else {
            panic!("an honest friend was closed at {seat}");
        };
        let Some(Some(friend)) = seat.seat().and_then(|s| friends.get_mut(s.index())) else {
            continue;
        };
        friend.receive(&msg.encode());
    }
    for (i, friend) in friends.iter().enumerate() {
        let Some(friend) = friend else { continue };
        if friend.mirror.awaiting_sync() || friend.mirror.view().is_none() {
            continue;
        }
        let seat = Seat(i as u8);
        assert_eq!(
            friend.mirror.view(),
            Some(&host.game().view(seat)),
            "{seat} at ply {}",
            host.ply()
        );
    }
}

/// Plays the match on to its end: the host and bots by the session, each
/// friend by its own mirror's request (a Medium bot choosing from the
/// mirror's view), checking every friend after every message. Returns how
/// many actions the friends took.
fn play_to_end(host: &mut HostSession, friends: &mut [Option<Friend>], rng: &mut Rng) -> usize {
    let mut bot = make_bot(Level::Medium);
    let mut by_friends = 0;
    for _ in 0..20_000 {
        let out = match host.mover() {
            None => return by_friends,
            Some(Mover::Bot(..)) => host.play_bot(rng).expect("a bot plays"),
            Some(Mover::Local(seat)) => {
                let game = host.game();
                let action = bot.choose(&game.view(seat), &game.legal_actions(), rng);
                host.act_local(seat, action).expect("legal")
            }
            Some(Mover::Guest(seat)) => {
                let friend = friends[seat.index()].as_ref().expect("a friend");
                let view = friend.mirror.view().expect("synced").clone();
                let legal = host.game().legal_actions();
                let action = bot.choose(&view, &legal, rng);
                let msg = friend.mirror.act_request(action).expect("its turn");
                by_friends += 1;
                host.handle(seat, &msg.encode())
            }
            Some(Mover::Absent(seat)) => panic!("{seat} is absent and nobody plays"),
        };
        deliver(host, out, friends);
    }
    panic!("the match did not end");
}

/// Every friend joins.
fn join_all(host: &mut HostSession, friends: &mut [Option<Friend>]) {
    for i in 0..friends.len() {
        if friends[i].is_some() {
            let out = host.handle(Seat(i as u8), &GuestMirror::join_request("x").encode());
            deliver(host, out, friends);
        }
    }
}

fn friends_of(setup: &TableSetup) -> Vec<Option<Friend>> {
    setup
        .seats
        .iter()
        .map(|s| (s.kind == SeatKind::Guest).then(Friend::default))
        .collect()
}

/// The host's table of `seat` from the engine's events (as the host's page
/// steps it), moved on from the deal: what the friend's page must show.
fn host_table(host: &HostSession, seat: Seat) -> TableModel {
    let game = host.game();
    let n = game.seat_count();
    let events = ono99::rules::redact(game.log(), seat, n, ono99::rules::SeatSet::first(n));
    TableModel::resume(
        game.view(seat),
        &events,
        events.len(),
        host.ply() as usize,
        Some(seat),
        names(n),
    )
}

#[test]
fn play_again_keeps_the_seats_deals_anew_and_every_friend_follows_it_to_the_end() {
    let mut matches = 0;
    for seed in 0..40u64 {
        let mut rng = Rng::new(seed ^ 0x5EA7);
        let rules = random_rules(&mut rng);
        let n = 2 + rng.below(7);
        let setup = table(rules, n);
        let mut host = HostSession::new(setup.clone(), seed).expect("a table");
        let mut friends = friends_of(&setup);
        join_all(&mut host, &mut friends);
        play_to_end(&mut host, &mut friends, &mut rng);
        assert!(host.game().is_over());
        let presence: Vec<_> = (0..n).map(|s| host.presence(Seat(s as u8))).collect();
        let first_deal = host.game().log().first().cloned();
        for number in 2..=3u32 {
            let new_seed = rng.next_u64();
            let out = host.rematch(new_seed).expect("the match is over");
            assert_eq!(host.match_number(), number);
            assert_eq!(host.ply(), 0, "a new match starts at ply 0");
            assert_eq!(host.save().seed, new_seed);
            assert!(host.save().actions.is_empty());
            assert_eq!(host.setup(), &setup, "the same seats, kinds and names");
            let now: Vec<_> = (0..n).map(|s| host.presence(Seat(s as u8))).collect();
            assert_eq!(now, presence, "every friend still connected, in their seat");
            if new_seed != seed {
                assert_ne!(host.game().log().first().cloned(), first_deal, "a new deal");
            }
            // Each connected friend: the announcement, then the new deal.
            for (i, f) in friends.iter().enumerate() {
                if f.is_some() {
                    let to: Vec<_> = out.iter().filter(|(s, _)| *s == Seat(i as u8)).collect();
                    assert!(
                        matches!(
                            to.as_slice(),
                            [
                                (_, Outgoing::Message(HostMessage::NewMatch { number: m })),
                                (_, Outgoing::Message(HostMessage::Sync(Sync { ply: 0, .. }))),
                            ] if *m == number
                        ),
                        "{to:?}"
                    );
                }
            }
            deliver(&host, out, &mut friends);
            for (i, f) in friends.iter().enumerate() {
                let Some(f) = f else { continue };
                let seat = Seat(i as u8);
                let got = &f.got[f.got.len() - 2..];
                assert_eq!(
                    got,
                    &[Received::NewMatchAnnounced, Received::NewMatch { number }]
                );
                assert_eq!(f.mirror.match_number(), number);
                assert_eq!(f.mirror.ply(), 0);
                // The friend's table is the new deal, as the host's page shows it.
                let mut expected = host_table(&host, seat);
                let presence: Vec<_> = (0..n)
                    .filter_map(|s| host.presence(Seat(s as u8)))
                    .collect();
                expected.set_players(players_of(&presence));
                assert_eq!(f.table.as_ref(), Some(&expected), "seed {seed}, {seat}");
                assert!(f.table.as_ref().is_some_and(|t| t.winners().is_empty()));
            }
            let by_friends = play_to_end(&mut host, &mut friends, &mut rng);
            assert!(host.game().is_over());
            // At the end, every friend's table is the host's of its seat.
            for (i, f) in friends.iter().enumerate() {
                let Some(f) = f else { continue };
                let seat = Seat(i as u8);
                let table = f.table.as_ref().expect("a table");
                assert_eq!(table.view(), &host.game().view(seat));
                assert_eq!(
                    table.winners(),
                    host.game().outcome().expect("over").winners
                );
            }
            let _ = by_friends;
            matches += 1;
        }
    }
    assert_eq!(matches, 80);
}

#[test]
fn a_rematch_waits_for_the_end_of_the_match() {
    let setup = table(RuleSet::modern(), 3);
    let mut host = HostSession::new(setup, 5).expect("a table");
    let before = host.game().clone();
    assert_eq!(host.rematch(9), None, "not while the match is on");
    assert_eq!(host.game(), &before);
    assert_eq!(host.match_number(), 1);
}

#[test]
fn a_friend_who_left_is_offered_to_the_host_in_the_new_match() {
    for seed in 0..20u64 {
        let mut rng = Rng::new(seed ^ 0xAB5E);
        // The host, two friends (seats 1 and 3), a bot.
        let setup = table(RuleSet::modern(), 4);
        let mut host = HostSession::new(setup.clone(), seed).expect("a table");
        let mut friends = friends_of(&setup);
        join_all(&mut host, &mut friends);
        play_to_end(&mut host, &mut friends, &mut rng);
        // Seat 3's friend leaves before "Play again".
        let left = Seat(3);
        let out = host.disconnect(left);
        deliver(&host, out, &mut friends);
        let stale = friends[3].take().expect("a friend");
        let out = host.rematch(seed + 100).expect("over");
        assert!(
            out.iter().all(|(s, _)| *s != left),
            "nothing is sent to a friend who left"
        );
        deliver(&host, out, &mut friends);
        assert_eq!(
            host.presence(left).and_then(|p| p.connection),
            Some(Connection::Disconnected),
            "the seat waits for the host's choice"
        );
        // Their turn comes: the host is asked (wait, a bot, a new invite).
        let mut bot = make_bot(Level::Medium);
        loop {
            let out = match host.mover().expect("the match is on") {
                Mover::Absent(seat) => {
                    assert_eq!(seat, left);
                    break;
                }
                Mover::Bot(..) => host.play_bot(&mut rng).expect("a bot plays"),
                Mover::Local(seat) => {
                    let game = host.game();
                    let action = bot.choose(&game.view(seat), &game.legal_actions(), &mut rng);
                    host.act_local(seat, action).expect("legal")
                }
                Mover::Guest(seat) => {
                    let f = friends[seat.index()].as_ref().expect("a friend");
                    let view = f.mirror.view().expect("synced").clone();
                    let action = bot.choose(&view, &host.game().legal_actions(), &mut rng);
                    let msg = f.mirror.act_request(action).expect("its turn");
                    host.handle(seat, &msg.encode())
                }
            };
            deliver(&host, out, &mut friends);
            if host.game().is_over() {
                break;
            }
        }
        if host.game().is_over() {
            continue;
        }
        if seed % 2 == 0 {
            // A stand-in: a bot plays the seat to the end.
            let out = host.bot_takes(left);
            deliver(&host, out, &mut friends);
            play_to_end(&mut host, &mut friends, &mut rng);
        } else {
            // A new invitation: the friend's new page joins the new match
            // (its old page knew only the last one).
            let out = host.invite_again(left);
            deliver(&host, out, &mut friends);
            assert_ne!(stale.mirror.view(), Some(&host.game().view(left)));
            friends[3] = Some(Friend::default());
            let out = host.handle(left, &GuestMirror::join_request("Dee").encode());
            deliver(&host, out, &mut friends);
            let f = friends[3].as_ref().expect("back");
            assert_eq!(f.mirror.view(), Some(&host.game().view(left)));
            assert_eq!(f.mirror.ply(), host.ply());
            play_to_end(&mut host, &mut friends, &mut rng);
        }
        assert!(host.game().is_over());
    }
}

/// A friend at the end of a match, synced, and the host.
fn finished_table(seed: u64) -> (HostSession, Vec<Option<Friend>>) {
    let mut rng = Rng::new(seed);
    let setup = table(RuleSet::modern(), 3);
    let mut host = HostSession::new(setup.clone(), seed).expect("a table");
    let mut friends = friends_of(&setup);
    join_all(&mut host, &mut friends);
    play_to_end(&mut host, &mut friends, &mut rng);
    (host, friends)
}

#[test]
fn hostile_or_garbled_announcements_of_a_new_match_change_nothing() {
    let friend_seat = Seat(1);
    let (mut host, friends) = finished_table(21);
    let friend = friends[1].clone().expect("a friend");
    let mirror = friend.mirror.clone();
    let same = |m: &GuestMirror| {
        assert_eq!(m.view(), mirror.view());
        assert_eq!(m.log(), mirror.log());
        assert_eq!(m.ply(), mirror.ply());
        assert_eq!(m.match_number(), mirror.match_number());
    };
    let wire = |msg: &str| format!(r#"{{"v":{PROTOCOL_VERSION},"msg":{msg}}}"#);
    // Unreadable: refused before anything is read, nothing changes.
    for bytes in [
        wire(r#"{"new_match":{}}"#),
        wire(r#"{"new_match":{"number":-2}}"#),
        wire(r#"{"new_match":{"number":"2"}}"#),
        wire(r#"{"new_match":{"number":2,"seed":7}}"#),
        wire(r#"{"new_match":{"number":2}"#),
        wire(r#""new_match""#),
        r#"{"v":3,"msg":{"new_match":{"number":2}}}"#.to_string(),
        r#"{"msg":{"new_match":{"number":2}}}"#.to_string(),
        "\u{0}\u{ff}garbage".to_string(),
        format!(
            r#"{{"v":2,"msg":{{"new_match":{{"number":2}}}},"pad":"{}"}}"#,
            "x".repeat(MAX_HOST_MESSAGE)
        ),
    ] {
        let mut m = mirror.clone();
        assert!(m.receive(bytes.as_bytes()).is_err(), "read: {bytes:.80}");
        same(&m);
        assert_eq!(m, mirror);
    }
    // Readable but refused: a number that does not move on.
    for number in [0, 1] {
        let mut m = mirror.clone();
        let got = m.apply(HostMessage::NewMatch { number });
        assert!(matches!(got, Received::Invalid(_)), "{number}: {got:?}");
        assert_eq!(m, mirror);
    }
    // Before joining: refused.
    let mut fresh = GuestMirror::new();
    assert!(matches!(
        fresh.apply(HostMessage::NewMatch { number: 2 }),
        Received::Invalid(_)
    ));
    assert_eq!(fresh, GuestMirror::new());
    // In the middle of a match: refused, the friend plays on.
    let mut rng = Rng::new(3);
    let setup = table(RuleSet::modern(), 3);
    let mut live = HostSession::new(setup.clone(), 3).expect("a table");
    let mut live_friends = friends_of(&setup);
    join_all(&mut live, &mut live_friends);
    let out = live.play_bot(&mut rng).unwrap_or_default();
    deliver(&live, out, &mut live_friends);
    let playing = live_friends[1].clone().expect("a friend").mirror;
    assert!(playing.view().is_some_and(|v| v.outcome.is_none()));
    let mut m = playing.clone();
    assert!(matches!(
        m.apply(HostMessage::NewMatch { number: 2 }),
        Received::Invalid(_)
    ));
    assert_eq!(m, playing);
    // Announced, then a deal that does not fit the table (another seat,
    // more seats, other rules): refused, the last match stays on show,
    // and the right deal is taken when it comes.
    let out = host.rematch(77).expect("over");
    let Some(Outgoing::Message(HostMessage::Sync(good))) = out
        .iter()
        .find(|(s, o)| *s == friend_seat && matches!(o, Outgoing::Message(HostMessage::Sync(_))))
        .map(|(_, o)| o.clone())
    else {
        panic!("a sync for the friend");
    };
    let mut m = mirror.clone();
    assert_eq!(
        m.apply(HostMessage::NewMatch { number: 2 }),
        Received::NewMatchAnnounced
    );
    assert_eq!(m.view(), mirror.view(), "nothing changes before the deal");
    let mut other_seat = good.clone();
    other_seat.view = host.game().view(Seat(2));
    let mut other_rules = good.clone();
    other_rules.view.rules.format = Format::Points;
    let mut big_hand = good.clone();
    big_hand.view.hand.extend(big_hand.view.hand.clone());
    for bad in [other_seat, other_rules, big_hand] {
        let before = m.clone();
        assert!(matches!(
            m.apply(HostMessage::Sync(bad)),
            Received::Invalid(_)
        ));
        assert_eq!(m, before);
        assert_eq!(m.view(), mirror.view());
        // Updates wait for the deal.
        assert!(m.awaiting_sync());
    }
    assert_eq!(
        m.apply(HostMessage::Sync(good.clone())),
        Received::NewMatch { number: 2 }
    );
    assert_eq!(m.view(), Some(&host.game().view(friend_seat)));
    // The same announcement again is refused: the match on show stays.
    let before = m.clone();
    assert!(matches!(
        m.apply(HostMessage::NewMatch { number: 2 }),
        Received::Invalid(_)
    ));
    assert_eq!(m, before);
    // A garbled message: nothing changes but the wait for a sync (what
    // was lost may have been an update or a new match).
    let mut g = m.clone();
    assert_eq!(g.unreadable(), Some(GuestMessage::Resync));
    assert_eq!(g.view(), m.view());
    assert!(g.awaiting_sync());
    assert_eq!(g.unreadable(), None, "asked once; the timer asks again");
}

#[test]
fn the_play_state_starts_the_next_match_on_the_same_session() {
    let setup = Rc::new(GameSetup {
        player_name: "Host".into(),
        others: vec![
            ono99::play::SeatSetup {
                name: "Ana".into(),
                kind: SeatKind::Guest,
            },
            ono99::play::SeatSetup {
                name: "Ben".into(),
                kind: SeatKind::Bot(Level::Medium),
            },
        ],
        rules: RuleSet::modern(),
        speed: Speed::Instant,
    });
    let friend_seat = Seat(1);
    let state = GameState::new(setup.clone(), 11).expect("deal");
    assert!(state.rematch(12).is_none(), "not an online table yet");
    let table_setup = state.setup.table_setup(|s| format!("P{}", s.index()));
    let session = state.session_for(table_setup).expect("replays");
    let mut state = state.hosted(session).expect("same match");
    let mut friend = Friend::default();
    let mut sent = 0u64;
    // What the page's effect does: send what was not sent yet.
    fn send(state: &GameState, friend: &mut Friend, sent: &mut u64) {
        for (seat, out) in state.outbox.since(*sent).expect("kept") {
            if let (Peer::Seat(Seat(1)), Outgoing::Message(msg)) = (*seat, out) {
                friend.receive(&msg.encode());
            }
        }
        *sent = state.outbox.count();
    }
    let join = String::from_utf8(GuestMirror::join_request("Ana").encode()).expect("JSON");
    let receive = |state: &GameState, text: String| {
        state
            .update(GameMsg::received(friend_seat, text.as_bytes(), 0))
            .unwrap_or_else(|| state.clone())
    };
    state = receive(&state, join);
    send(&state, &mut friend, &mut sent);
    let mut rng = Rng::new(4);
    let mut bot = make_bot(Level::Easy);
    let mut rematches = 0;
    let mut friend_plays = 0;
    for _ in 0..5_000 {
        if state.game().is_over() {
            if rematches == 2 {
                break;
            }
            assert!(state.update(GameMsg::Continue).is_none());
            let next = state.rematch(100 + rematches).expect("over and online");
            rematches += 1;
            assert_eq!(next.seed, 100 + rematches - 1);
            assert!(next.actions.is_empty());
            assert_eq!(next.setup, state.setup);
            assert_eq!(next.speed, state.speed);
            assert_eq!(
                next.session().map(|s| s.match_number()),
                Some(rematches as u32 + 1)
            );
            // The new state's outbox holds the friend's messages, counted
            // from 0: the page sends them once it shows the new match.
            state = next;
            sent = 0;
            send(&state, &mut friend, &mut sent);
            assert_eq!(
                friend.got.last(),
                Some(&Received::NewMatch {
                    number: rematches as u32 + 1
                })
            );
            assert_eq!(friend.mirror.view(), Some(&state.game().view(friend_seat)));
            continue;
        }
        if state.summary.is_some() {
            state = state.update(GameMsg::Continue).expect("goes on");
            continue;
        }
        let turn = state.game().to_act().expect("on");
        if let Some(msg) = state.bot_move(make_bot(Level::Medium).as_mut()) {
            state = state.update(msg).expect("a bot plays");
        } else if turn.seat == friend_seat {
            let view = friend.mirror.view().expect("synced").clone();
            let action = bot.choose(&view, &state.game().legal_actions(), &mut rng);
            let msg = friend.mirror.act_request(action).expect("its turn");
            state = receive(&state, String::from_utf8(msg.encode()).expect("JSON"));
            if rematches > 0 {
                friend_plays += 1;
            }
        } else {
            let action = bot.choose(
                &state.game().view(turn.seat),
                &state.game().legal_actions(),
                &mut rng,
            );
            state = state
                .update(GameMsg::Act {
                    seat: turn.seat,
                    action,
                    ply: None,
                })
                .expect("the host plays");
        }
        send(&state, &mut friend, &mut sent);
        if !friend.mirror.awaiting_sync() {
            assert_eq!(friend.mirror.view(), Some(&state.game().view(friend_seat)));
        }
    }
    assert_eq!(rematches, 2);
    assert!(state.game().is_over());
    assert!(friend_plays > 0, "the friend played in the new matches");
}

#[test]
fn a_friend_who_joins_late_reads_every_hand_of_the_match() {
    let mut checked = 0;
    for seed in 0..30u64 {
        let mut rng = Rng::new(seed ^ 0x106);
        let rules = RuleSet {
            format: Format::Tokens,
            ..random_rules(&mut rng)
        };
        let n = 3 + rng.below(4);
        let setup = table(rules, n);
        let mut host = HostSession::new(setup.clone(), seed).expect("a table");
        // The friends are away at first: bots play for them.
        for s in (1..n).step_by(2) {
            assert!(host.bot_takes(Seat(s as u8)).is_empty());
        }
        let mut friends: Vec<Option<Friend>> = vec![None; n];
        // The host's page steps seat 1's table from the deal.
        let mut stepped = host_table(&host, Seat(1));
        let mut joined_at = None;
        for _ in 0..20_000 {
            let from = host.game().log().len();
            let out = match host.mover() {
                None => break,
                Some(Mover::Bot(..)) => host.play_bot(&mut rng).expect("a bot plays"),
                Some(Mover::Local(seat)) => {
                    let game = host.game();
                    let action = make_bot(Level::Easy).choose(
                        &game.view(seat),
                        &game.legal_actions(),
                        &mut rng,
                    );
                    host.act_local(seat, action).expect("legal")
                }
                Some(other) => panic!("{other:?}"),
            };
            stepped.step(Step::of_match(host.game(), from, Seat(1)), false);
            deliver(&host, out, &mut friends);
            // In the third hand, the friend joins: the whole match so far.
            if joined_at.is_none() && host.game().view(Seat(0)).hand_number >= 3 {
                friends[1] = Some(Friend::default());
                let out = host.handle(Seat(1), &GuestMirror::join_request("Ana").encode());
                deliver(&host, out, &mut friends);
                joined_at = Some(host.ply());
            }
            if let Some(f) = friends[1].as_ref() {
                let table = f.table.as_ref().expect("a table");
                assert!(table.hands().len() >= 3, "every hand, not only this one");
                assert_eq!(
                    table.hands(),
                    stepped.hands(),
                    "seed {seed}: the friend's log is the host's of that seat"
                );
                assert_eq!(table.exit_now(), stepped.exit_now());
                checked += 1;
            }
        }
        if joined_at.is_some() {
            assert!(host.game().is_over());
        }
    }
    assert!(checked > 500, "{checked} logs compared");
}

#[test]
fn a_long_match_sync_keeps_to_the_message_limit() {
    // A long points match among eight: the sync carries the latest
    // MAX_LOG events of every hand and stays under the host's limit.
    let mut rng = Rng::new(8);
    let rules = RuleSet {
        format: Format::Points,
        points_limit: 500,
        ..RuleSet::classic()
    };
    let setup = table(rules, 8);
    let mut host = HostSession::new(setup, 8).expect("a table");
    for s in [1, 3, 5, 7] {
        host.bot_takes(Seat(s));
    }
    while let Some(mover) = host.mover() {
        match mover {
            Mover::Local(seat) => {
                let game = host.game();
                let action = make_bot(Level::Random).choose(
                    &game.view(seat),
                    &game.legal_actions(),
                    &mut rng,
                );
                host.act_local(seat, action).expect("legal");
            }
            _ => {
                host.play_bot(&mut rng).expect("a bot plays");
            }
        }
    }
    let Outgoing::Message(sync @ HostMessage::Sync(_)) = host.resume(Seat(1)) else {
        panic!("a sync");
    };
    let bytes = sync.encode();
    assert!(bytes.len() <= MAX_HOST_MESSAGE, "{} bytes", bytes.len());
    let HostMessage::Sync(s) = &sync else {
        unreachable!()
    };
    assert!(s.log.len() <= MAX_LOG);
    eprintln!(
        "a finished points match among 8: {} events, sync of {} bytes ({} events)",
        host.game().log().len(),
        bytes.len(),
        s.log.len()
    );
}
