//! A friend's table is the host's table (issue 36, "one table experience
//! for host and friend"), from the messages an online host sends:
//!
//! - a friend's page asks to act once a ply: a second ask before the host
//!   answers (a double tap on a Play 2) sends nothing, and the second card
//!   of a Play 2 goes only by an ask of its own once the first is taken;
//!   a refused ask may be made again;
//! - a friend's result says what the host's result says for its own seat:
//!   how they went out in the deciding hand (with the arithmetic), what
//!   ended the match, and their place, the engine's.

mod common;
use common::random_rules;

use ono99::bots::{make_bot, Level};
use ono99::online::host::{HostSession, Mover, Outgoing, SeatKind, SeatSetup, TableSetup};
use ono99::online::protocol::GuestMessage;
use ono99::online::watch::Peer;
use ono99::online::{GuestMirror, Received};
use ono99::rules::{redact, Action, Rng, RuleSet, Seat, SeatSet, TurnStep};
use ono99::table::friend::{ending, follow, players_of};
use ono99::table::{Callout, Step, TableModel};

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("Seat {i}")).collect()
}

/// A friend's page: its mirror and its table.
type Page = (GuestMirror, Option<TableModel>);

/// The host's session: seat 0 the host, the odd seats friends, the others
/// Easy bots.
fn host_session(rules: RuleSet, n: usize, seed: u64) -> HostSession {
    let seats: Vec<SeatSetup> = (0..n)
        .map(|i| SeatSetup {
            name: format!("Seat {i}"),
            kind: match i {
                0 => SeatKind::Host,
                i if i % 2 == 1 => SeatKind::Guest,
                _ => SeatKind::Bot(Level::Easy),
            },
        })
        .collect();
    HostSession::new(TableSetup { rules, seats }, seed).expect("valid table")
}

fn deliver(outbox: Vec<(Peer, Outgoing)>, pages: &mut [Option<Page>]) -> Vec<Received> {
    let mut got = Vec::new();
    for (seat, out) in outbox {
        let Outgoing::Message(msg) = out else {
            continue;
        };
        let page = seat.seat().and_then(|s| pages.get_mut(s.index()));
        let Some(Some((mirror, model))) = page else {
            continue;
        };
        let received = mirror.receive(&msg.encode()).expect("a readable message");
        follow(model, mirror, &received, &|s, _| format!("Seat {}", s.0));
        got.push(received);
    }
    got
}

/// Every friend joins; each friend's page, built from the messages.
fn join_all(host: &mut HostSession, n: usize) -> Vec<Option<Page>> {
    let mut pages: Vec<Option<Page>> = (0..n)
        .map(|i| (i % 2 == 1).then(|| (GuestMirror::new(), None)))
        .collect();
    for i in (1..n).step_by(2) {
        let join = GuestMirror::join_request("x").encode();
        let out = host.handle(Seat(i as u8), &join);
        deliver(out, &mut pages);
    }
    pages
}

/// The host and its bots play until `seat`, a friend, is to act (or the
/// match ends: `false`).
fn play_to(host: &mut HostSession, seat: Seat, pages: &mut [Option<Page>], rng: &mut Rng) -> bool {
    let mut bot = make_bot(Level::Easy);
    loop {
        let out = match host.mover() {
            Some(Mover::Guest(s)) if s == seat => return true,
            Some(Mover::Guest(s)) => {
                // Another friend: the first legal action, asked once.
                let game = host.game();
                let action = game.legal_actions()[0];
                let (mirror, _) = pages[s.index()].as_mut().expect("a friend");
                let msg = mirror.act(action).expect("its turn");
                host.handle(s, &msg.encode())
            }
            Some(Mover::Bot(..)) => host.play_bot(rng).expect("a bot plays"),
            Some(Mover::Local(s)) => {
                let game = host.game();
                let action = bot.choose(&game.view(s), &game.legal_actions(), rng);
                host.act_local(s, action).expect("legal")
            }
            _ => return false,
        };
        deliver(out, pages);
    }
}

#[test]
fn a_double_tap_asks_once_and_the_second_card_of_a_play_two_needs_its_own_ask() {
    let (mut asked, mut second_plays, mut refused) = (0, 0, 0);
    for seed in 0..60u64 {
        let mut rng = Rng::new(seed ^ 0xD0B1E);
        let rules = if seed % 2 == 0 {
            RuleSet::modern()
        } else {
            random_rules(&mut rng)
        };
        let n = 2 + (seed as usize % 4);
        let mut host = host_session(rules, n, seed);
        let mut pages = join_all(&mut host, n);
        let me = Seat(1);
        while play_to(&mut host, me, &mut pages, &mut rng) {
            let legal = host.game().legal_actions();
            let (mirror, _) = pages[1].as_mut().expect("my page");
            let ply = mirror.ply();
            // An illegal ask now and then: refused, and asked again.
            let illegal = mirror
                .view()
                .expect("synced")
                .hand
                .iter()
                .map(|&c| Action::Play(c))
                .find(|a| !legal.contains(a));
            if let (Some(bad), 0) = (illegal, asked % 5) {
                let msg = mirror.act(bad).expect("the first ask goes");
                let got = deliver(host.handle(me, &msg.encode()), &mut pages);
                assert!(
                    matches!(got.as_slice(), [Received::Refused(_)]),
                    "seed {seed}: {got:?}"
                );
                refused += 1;
            }
            let (mirror, _) = pages[1].as_mut().expect("my page");
            let msg = mirror.act(legal[0]).expect("an ask after a refusal goes");
            assert!(
                matches!(msg, GuestMessage::Act { ply: p, .. } if p == ply),
                "seed {seed}: {msg:?}"
            );
            // The second tap of a double tap, before the host answers.
            for &again in &legal {
                assert_eq!(mirror.act(again), None, "seed {seed}: asked twice at {ply}");
            }
            asked += 1;
            let owed_two = mirror
                .view()
                .and_then(|v| v.to_act)
                .is_some_and(|t| t.step == TurnStep::FirstOfTwo);
            let out = host.handle(me, &msg.encode());
            assert!(
                !out.iter().any(|(_, o)| matches!(
                    o,
                    Outgoing::Message(ono99::online::protocol::HostMessage::Refused { .. })
                )),
                "seed {seed}: the host refused the one ask"
            );
            deliver(out, &mut pages);
            let (mirror, _) = pages[1].as_mut().expect("my page");
            assert_eq!(mirror.ply(), ply + 1, "seed {seed}: the action was taken");
            // Still this seat's turn (the second of two plays): the next
            // ask is a new one, at the next ply.
            if owed_two && host.mover() == Some(Mover::Guest(me)) {
                let action = host.game().legal_actions()[0];
                assert!(
                    mirror.act_request(action).is_some(),
                    "seed {seed}: the second play cannot be asked for"
                );
                second_plays += 1;
            }
        }
        assert!(host.game().is_over(), "seed {seed}: the match ends");
    }
    assert!(asked > 300, "{asked} asks");
    assert!(second_plays > 10, "{second_plays} second plays");
    assert!(refused > 30, "{refused} refusals");
}

/// The host's table of `seat`, stepped on from the engine's events.
fn hosts_table(host: &HostSession, seat: Seat, n: usize) -> TableModel {
    let game = host.game();
    let events = redact(game.log(), seat, n, SeatSet::first(n));
    TableModel::resume(
        game.view(seat),
        &events,
        events.len(),
        0,
        Some(seat),
        names(n),
    )
}

#[test]
fn a_friends_result_says_what_the_hosts_result_says_for_its_seat() {
    let (mut results, mut own_exits) = (0, 0);
    for seed in 0..200u64 {
        let mut rng = Rng::new(seed ^ 0xE2D1);
        let rules = random_rules(&mut rng);
        let n = 2 + rng.below(7);
        let mut host = host_session(rules, n, seed);
        let mut pages = join_all(&mut host, n);
        // The friends' seats are played by bots standing in: the match runs
        // on its own, every friend's table following it.
        let mut hosts: Vec<Option<TableModel>> = vec![None; n];
        for i in (1..n).step_by(2) {
            let out = host.bot_takes(Seat(i as u8));
            deliver(out, &mut pages);
            hosts[i] = Some(hosts_table(&host, Seat(i as u8), n));
        }
        let mut bot = make_bot(Level::Easy);
        loop {
            let from = host.game().log().len();
            let out = match host.mover() {
                Some(Mover::Bot(..)) => host.play_bot(&mut rng).expect("a bot plays"),
                Some(Mover::Local(seat)) => {
                    let game = host.game();
                    let action = bot.choose(&game.view(seat), &game.legal_actions(), &mut rng);
                    host.act_local(seat, action).expect("legal")
                }
                _ => break,
            };
            deliver(out, &mut pages);
            for (i, model) in hosts.iter_mut().enumerate() {
                if let Some(model) = model.as_mut() {
                    model.step(Step::of_match(host.game(), from, Seat(i as u8)), false);
                    let presence: Vec<_> = (0..n)
                        .filter_map(|s| host.presence(Seat(s as u8)))
                        .collect();
                    model.set_players(players_of(&presence));
                }
            }
        }
        assert!(host.game().is_over(), "seed {seed}: the match ends");
        let places = host.game().places();
        for i in (1..n).step_by(2) {
            let seat = Seat(i as u8);
            let (mirror, table) = pages[i].as_ref().expect("a friend");
            let table = table.as_ref().expect("a friend's table");
            let result = ending(table, mirror.log()).expect("the match is over");
            let theirs = hosts[i].as_ref().expect("the host's table");
            assert_eq!(
                result.lines,
                theirs.result_lines(true),
                "seed {seed}, {seat}: what ended the match"
            );
            assert_eq!(
                result.mine,
                Some(places[seat]),
                "seed {seed}, {seat}: place"
            );
            assert_eq!(result.places, places.0, "seed {seed}: places");
            // Out in the deciding hand: said first, with the arithmetic
            // when they held cards.
            if let Some(exit) = table.exit_now() {
                assert_eq!(result.lines.first(), Some(&exit), "seed {seed}, {seat}");
                assert!(matches!(exit, Callout::Out { who, .. } if who.is_you()));
                if matches!(exit, Callout::Out { why: Some(_), .. }) {
                    own_exits += 1;
                }
            }
            results += 1;
        }
    }
    assert!(results > 150, "{results} results");
    assert!(
        own_exits > 20,
        "{own_exits} results say how the friend went out"
    );
}
