//! Watchers (issue 31): someone who comes by the watch link sees the public
//! table and never a hidden card, follows the match across hands and
//! rematches, and can neither act nor take a seat.
//!
//! Thousands of simulated matches (random rules, seat counts and bots,
//! fixed seeds) with watchers who come and go mid-match: every message a
//! watcher receives goes through its wire form and is checked for hidden
//! cards, and each watcher's mirror is compared with the host's public
//! facts after every message.

mod common;
use common::random_rules;

use ono99::bots::Level;
use ono99::online::host::{HostSession, Mover, Outgoing, SeatKind, SeatSetup, TableSetup};
use ono99::online::protocol::{GuestMessage, HostMessage, Refusal, SeatEvent, Welcome};
use ono99::online::signal::{LinkError, Network, Relay, TableLink};
use ono99::online::watch::{Peer, WatcherId, MAX_WATCHERS};
use ono99::online::{GuestMirror, Received, PROTOCOL_VERSION};
use ono99::rules::{Action, PlayerView, Rng, RuleSet, Seat};

/// What every player may know of the table, as watcher `w` holds it: the
/// host's view with no hand, from the watcher's own place (its number on
/// the wire).
fn public_view(host: &HostSession, w: WatcherId) -> PlayerView {
    let mut view = host.game().view(Seat(0));
    view.seat = Peer::Watcher(w).on_wire();
    view.hand.clear();
    view
}

/// Fails if `events` hold a card of any hand: a dealt card, a drawn card.
/// (A reshuffle says only how many cards the draw pile has.)
fn assert_no_hidden_event(events: &[SeatEvent], at: &str) {
    for event in events {
        match event {
            SeatEvent::HandStarted { dealt, .. } => {
                assert!(dealt.is_empty(), "a dealt card to a watcher at {at}")
            }
            SeatEvent::YouDrew { .. } => panic!("a drawn card to a watcher at {at}"),
            _ => {}
        }
    }
}

/// Fails if `msg`, sent to watcher `me`, holds a hidden card.
fn assert_no_hidden_card(msg: &HostMessage, me: WatcherId, at: &str) {
    match msg {
        HostMessage::Welcome(w) => assert_eq!(w.place, me, "welcome at {at}"),
        HostMessage::Sync(sync) => {
            assert_eq!(sync.place(), me, "a sync's place at {at}");
            assert!(sync.view.hand.is_empty(), "a hand in a sync at {at}");
            assert_no_hidden_event(&sync.log, at);
        }
        HostMessage::Update(update) => assert_no_hidden_event(&update.events, at),
        _ => {}
    }
}

struct Watcher {
    seat: WatcherId,
    mirror: GuestMirror,
}

#[derive(Default)]
struct Totals {
    matches: usize,
    rematches: usize,
    plies: usize,
    watcher_messages: usize,
    mirror_checks: usize,
    joins: usize,
    leaves: usize,
    refused_acts: usize,
    full: usize,
}

struct Sim<'a> {
    host: HostSession,
    watchers: Vec<Watcher>,
    rng: Rng,
    now_ms: u64,
    totals: &'a mut Totals,
    index: u64,
}

impl Sim<'_> {
    /// Sends the outbox: messages for watchers go through their wire form,
    /// are checked, and applied to the watcher's mirror; a close takes the
    /// watcher away. Messages for guest seats (none connected) are dropped.
    fn post(&mut self, out: Vec<(Peer, Outgoing)>) {
        for (to, outgoing) in out {
            let Some(me) = to.watcher() else {
                continue;
            };
            let Some(i) = self.watchers.iter().position(|w| w.seat == me) else {
                continue;
            };
            match outgoing {
                Outgoing::Close => {
                    self.watchers.remove(i);
                }
                Outgoing::Message(msg) => {
                    let at = format!("match {}, ply {}, {to}", self.index, self.host.ply());
                    let read = HostMessage::decode(&msg.encode()).expect("readable");
                    assert_eq!(read, msg, "the wire form at {at}");
                    assert_no_hidden_card(&read, me, &at);
                    self.totals.watcher_messages += 1;
                    let w = &mut self.watchers[i];
                    let received = w.mirror.apply(read);
                    assert!(!received.wants_resync(), "{received:?} at {at}");
                }
            }
        }
        self.check_mirrors();
    }

    /// Every watcher whose mirror is at the host's ply holds the public
    /// view exactly.
    fn check_mirrors(&mut self) {
        for w in &self.watchers {
            let Some(view) = w.mirror.view() else {
                continue;
            };
            if w.mirror.ply() == self.host.ply() && !w.mirror.awaiting_sync() {
                assert_eq!(
                    view,
                    &public_view(&self.host, w.seat),
                    "match {}, ply {}, {}",
                    self.index,
                    self.host.ply(),
                    Peer::Watcher(w.seat)
                );
                self.totals.mirror_checks += 1;
            }
        }
    }

    fn handle(&mut self, from: WatcherId, msg: &GuestMessage) -> Vec<(Peer, Outgoing)> {
        self.now_ms += 1_000;
        self.host.handle_at(from, &msg.encode(), self.now_ms)
    }

    /// Someone opens the watch link mid-match.
    fn join(&mut self) {
        let Some(seat) = self.host.open_watcher() else {
            assert_eq!(self.watchers.len(), MAX_WATCHERS);
            self.totals.full += 1;
            return;
        };
        self.watchers.push(Watcher {
            seat,
            mirror: GuestMirror::watching(),
        });
        let out = self.handle(seat, &GuestMirror::watch_request("Watcher"));
        self.post(out);
        self.totals.joins += 1;
    }

    /// A watcher tries to play the mover's legal action for it, at the
    /// right ply: refused, and the match does not move.
    fn try_to_act(&mut self, k: usize) {
        let (Some(to_act), Some(w)) = (self.host.game().to_act(), self.watchers.get(k)) else {
            return;
        };
        let seat = w.seat;
        let legal = self.host.game().legal_actions();
        let Some(&action) = legal.first() else {
            return;
        };
        let before = self.host.game().clone();
        for msg in [
            GuestMessage::Act {
                seat: to_act.seat,
                ply: self.host.ply(),
                action,
            },
            GuestMessage::Join {
                name: "Mallory".into(),
            },
        ] {
            let out = self.handle(seat, &msg);
            assert!(
                matches!(
                    out.first(),
                    Some((s, Outgoing::Message(HostMessage::Refused { refusal: Refusal::OtherLink, .. })))
                        if *s == seat
                ),
                "{out:?}"
            );
            self.post(out);
        }
        assert_eq!(self.host.game(), &before, "a watcher moved the match");
        self.totals.refused_acts += 1;
    }

    fn tick(&mut self) {
        match self.rng.below(40) {
            0..=1 => self.join(),
            2 if !self.watchers.is_empty() => {
                let k = self.rng.below(self.watchers.len());
                let w = self.watchers.remove(k);
                self.host.watcher_left(w.seat);
                self.totals.leaves += 1;
            }
            3 if !self.watchers.is_empty() && self.rng.below(8) == 0 => {
                let k = self.rng.below(self.watchers.len());
                self.try_to_act(k);
            }
            4 if !self.watchers.is_empty() && self.rng.below(4) == 0 => {
                let k = self.rng.below(self.watchers.len());
                let seat = self.watchers[k].seat;
                let out = self.handle(seat, &GuestMirror::resync_request());
                self.post(out);
            }
            _ => {}
        }
        let out = match self.host.mover() {
            Some(Mover::Local(seat)) => {
                let legal = self.host.game().legal_actions();
                let action = legal[self.rng.below(legal.len())];
                self.host.act_local(seat, action).expect("legal")
            }
            Some(Mover::Bot(..)) => self.host.play_bot(&mut self.rng).expect("a bot plays"),
            Some(Mover::Absent(seat)) => self.host.bot_takes(seat),
            Some(Mover::Guest(_)) | None => Vec::new(),
        };
        self.post(out);
        assert_eq!(
            self.host.watcher_count(),
            self.watchers
                .iter()
                .filter(|w| w.mirror.view().is_some())
                .count()
        );
    }
}

fn random_setup(rng: &mut Rng) -> TableSetup {
    let n = 2 + rng.below(7);
    let seats = (0..n)
        .map(|i| SeatSetup {
            name: format!("Seat {i}"),
            kind: match (i, rng.below(6)) {
                (0, _) => SeatKind::Host,
                // A friend who never comes: a bot plays for them.
                (_, 0) => SeatKind::Guest,
                (_, 1) => SeatKind::Bot(Level::Random),
                (_, 2) => SeatKind::Bot(Level::Easy),
                _ => SeatKind::Bot(Level::Medium),
            },
        })
        .collect();
    TableSetup {
        rules: random_rules(rng),
        seats,
    }
}

fn play_table(index: u64, totals: &mut Totals) {
    let mut rng = Rng::new(0x3A7C ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let setup = random_setup(&mut rng);
    let seed = rng.next_u64();
    let host = HostSession::new(setup, seed).expect("a table");
    let mut sim = Sim {
        host,
        watchers: Vec::new(),
        rng,
        now_ms: 0,
        totals,
        index,
    };
    // Up to two "Play again": watchers stay and follow the new match.
    let matches = 1 + sim.rng.below(3);
    for m in 0..matches {
        if m > 0 {
            let seed = sim.rng.next_u64();
            let out = sim.host.rematch(seed).expect("the match is over");
            sim.post(out);
            sim.totals.rematches += 1;
        }
        let mut ticks = 0;
        while !sim.host.game().is_over() {
            sim.tick();
            ticks += 1;
            assert!(ticks < 100_000, "match {index} does not finish");
        }
        sim.totals.plies += sim.host.ply() as usize;
        sim.totals.matches += 1;
    }
    // Everyone who watches holds the end of the last match.
    for w in &sim.watchers {
        assert_eq!(w.mirror.ply(), sim.host.ply());
        assert_eq!(w.mirror.view(), Some(&public_view(&sim.host, w.seat)));
    }
    // The host stops sharing: every watcher is told, then closed.
    let count = sim.watchers.len();
    let out = sim.host.stop_watchers();
    let told = out
        .iter()
        .filter(|(_, o)| matches!(o, Outgoing::Message(HostMessage::SharingStopped)))
        .count();
    assert_eq!(told, count);
    for w in &mut sim.watchers {
        assert_eq!(
            w.mirror.apply(HostMessage::SharingStopped),
            Received::SharingStopped
        );
    }
    sim.post(out);
    assert!(sim.watchers.is_empty());
    assert_eq!(sim.host.watcher_count(), 0);
}

#[test]
fn watchers_never_see_a_hidden_card_and_follow_every_match() {
    let mut totals = Totals::default();
    let start = std::time::Instant::now();
    for index in 0..1_000 {
        play_table(index, &mut totals);
    }
    eprintln!(
        "{} matches ({} rematches), {} plies, {} messages to watchers checked, \
         {} mirror checks, {} joins, {} leaves, {} refused acts, {} turned away full, {:.2} s",
        totals.matches,
        totals.rematches,
        totals.plies,
        totals.watcher_messages,
        totals.mirror_checks,
        totals.joins,
        totals.leaves,
        totals.refused_acts,
        totals.full,
        start.elapsed().as_secs_f64()
    );
    assert!(totals.rematches > 250);
    assert!(totals.mirror_checks > totals.plies);
    assert!(totals.joins > 5_000 && totals.leaves > 500 && totals.refused_acts > 100);
}

/// A table of the host, a friend's seat and a bot, some plies in.
fn table() -> HostSession {
    let setup = TableSetup {
        rules: RuleSet::modern(),
        seats: vec![
            SeatSetup {
                name: "Ana".into(),
                kind: SeatKind::Host,
            },
            SeatSetup {
                name: "Bo".into(),
                kind: SeatKind::Guest,
            },
            SeatSetup {
                name: "Bot".into(),
                kind: SeatKind::Bot(Level::Easy),
            },
        ],
    };
    HostSession::new(setup, 7).expect("a table")
}

fn refusal(out: &[(Peer, Outgoing)]) -> Option<&Refusal> {
    out.iter().find_map(|(_, o)| match o {
        Outgoing::Message(HostMessage::Refused { refusal, .. }) => Some(refusal),
        _ => None,
    })
}

#[test]
fn a_watcher_takes_no_seat_and_a_player_cannot_watch() {
    let mut host = table();
    // A friend's seat that sends a watch is refused, and stays a seat.
    let out = host.handle(Seat(1), &GuestMirror::watch_request("Bo").encode());
    assert_eq!(refusal(&out), Some(&Refusal::OtherLink));
    host.handle(Seat(1), &GuestMirror::join_request("Bo").encode());
    let out = host.handle(Seat(1), &GuestMirror::watch_request("Bo").encode());
    assert_eq!(refusal(&out), Some(&Refusal::OtherLink));
    assert_eq!(host.watcher_count(), 0);

    // A watcher that asks to join is refused: it never gets a seat.
    let seat = host.open_watcher().expect("a place");
    let out = host.handle(seat, &GuestMirror::join_request("Eve").encode());
    assert_eq!(refusal(&out), Some(&Refusal::OtherLink));
    assert_eq!(host.watcher_count(), 0);
    let out = host.handle(seat, &GuestMirror::resync_request().encode());
    assert_eq!(refusal(&out), Some(&Refusal::NotJoined));
    let out = host.handle(seat, &GuestMirror::watch_request("Eve").encode());
    assert!(matches!(
        &out[..],
        [(_, Outgoing::Message(HostMessage::Welcome(Welcome { place, .. }))), (_, Outgoing::Message(HostMessage::Sync(_)))]
            if *place == seat
    ));
    assert_eq!(host.watcher_count(), 1);
    assert_eq!(
        host.presence(Seat(1)).map(|p| p.name),
        Some("Bo".to_string())
    );
    // A watcher the page's door gave a place, not opened here: the watch
    // opens it.
    let other = WatcherId::new(MAX_WATCHERS - 1).expect("a watcher");
    let out = host.handle(other, &GuestMirror::watch_request("Lu").encode());
    assert!(matches!(
        &out[..],
        [
            (_, Outgoing::Message(HostMessage::Welcome(_))),
            (_, Outgoing::Message(HostMessage::Sync(_)))
        ]
    ));
    assert_eq!(host.watcher_count(), 2);
    // Anything else from a watcher with no place is ignored.
    let free = WatcherId::new(5).expect("a watcher");
    assert!(host.handle(free, &GuestMessage::Resync.encode()).is_empty());
}

#[test]
fn watchers_are_capped_and_a_burst_of_bad_messages_closes_one() {
    let mut host = table();
    let seats: Vec<WatcherId> = (0..MAX_WATCHERS)
        .map(|_| host.open_watcher().expect("a place"))
        .collect();
    assert_eq!(host.open_watcher(), None, "more than the cap");
    // A watcher who leaves frees its place.
    host.watcher_left(seats[3]);
    assert_eq!(host.open_watcher(), Some(seats[3]));

    let seat = seats[0];
    host.handle(seat, &GuestMirror::watch_request("Eve").encode());
    let mut closed = false;
    for _ in 0..100 {
        let out = host.handle(seat, b"{not json");
        if out.iter().any(|(_, o)| *o == Outgoing::Close) {
            closed = true;
            break;
        }
    }
    assert!(closed, "a flood closes the watcher");
    assert_eq!(host.watcher_count(), 0);
    // Its place is free; bytes on the old connection are ignored.
    assert!(host.handle(seat, b"{not json").is_empty());

    // Pings are rate-limited as a player's are.
    let seat = host.open_watcher().expect("a place");
    host.handle_at(seat, &GuestMirror::watch_request("Eve").encode(), 0);
    let ping = GuestMessage::Ping { nonce: 1 }.encode();
    let refused = (0..40)
        .filter(|_| refusal(&host.handle_at(seat, &ping, 1)).is_some())
        .count();
    assert_eq!(refused, 40 - 20);
}

#[test]
fn a_mirror_keeps_its_role() {
    let mut host = table();
    let seat = host.open_watcher().expect("a place");
    let out = host.handle(seat, &GuestMirror::watch_request("Eve").encode());
    let messages: Vec<HostMessage> = out
        .into_iter()
        .filter_map(|(_, o)| match o {
            Outgoing::Message(m) => Some(m),
            Outgoing::Close => None,
        })
        .collect();
    // A player's mirror refuses a watcher's welcome and view.
    let mut player = GuestMirror::new();
    for m in &messages {
        assert!(matches!(player.apply(m.clone()), Received::Invalid(_)));
    }
    assert_eq!(
        player.apply(HostMessage::SharingStopped),
        Received::Invalid("a watchers' notice to a player")
    );
    // A watcher's mirror takes them, and never asks to act.
    let mut watcher = GuestMirror::watching();
    for m in &messages {
        assert!(!watcher.apply(m.clone()).wants_resync());
    }
    assert!(watcher.view().is_some());
    assert_eq!(watcher.act_request(Action::DiscardFourOno), None);

    // A watcher's mirror refuses a player's welcome (a seat at the table),
    // and a view with a hand.
    let mut watcher = GuestMirror::watching();
    let welcome = Welcome {
        version: PROTOCOL_VERSION,
        place: Peer::Seat(Seat(1)),
        rules: RuleSet::modern(),
        seats: (0..3).filter_map(|s| host.presence(Seat(s))).collect(),
    };
    assert!(matches!(
        watcher.apply(HostMessage::Welcome(welcome)),
        Received::Invalid(_)
    ));
    let mut watcher = GuestMirror::watching();
    let mut sync = None;
    for m in messages {
        match m {
            HostMessage::Sync(s) => sync = Some(s),
            other => assert_eq!(watcher.apply(other), Received::Welcomed),
        }
    }
    let mut sync = sync.expect("a sync");
    sync.view.hand = host.game().view(Seat(0)).hand;
    assert!(matches!(
        watcher.apply(HostMessage::Sync(sync)),
        Received::Invalid(_)
    ));
}

fn link() -> TableLink {
    TableLink {
        secret: [7; 16],
        relays: vec![Relay {
            network: Network::Tracker,
            url: "wss://tracker.example/announce".into(),
        }],
        host_name: "Ana".into(),
        rules: RuleSet::classic(),
    }
}

#[test]
fn a_watch_link_is_never_a_table_link() {
    let link = link();
    let watch = link.watch_url("https://example.org/ono99/app/?seed=3#x");
    assert!(watch.starts_with("https://example.org/ono99/app/#watch="));
    assert_eq!(TableLink::decode_watch(&watch), Ok(link.clone()));
    assert_eq!(
        TableLink::decode_watch(&link.encode_watch()),
        Ok(link.clone())
    );
    // Each kind refuses the other.
    assert_eq!(TableLink::decode(&watch), Err(LinkError::WrongKind));
    assert_eq!(
        TableLink::decode(&link.encode_watch()),
        Err(LinkError::WrongKind)
    );
    let table = link.url("https://example.org/ono99/app/");
    assert_eq!(TableLink::decode_watch(&table), Err(LinkError::WrongKind));
    assert_eq!(TableLink::decode(&table), Ok(link));
}

/// The table the watcher fixture was written from: Ana hosting, Bo's
/// seat waiting for him, an Easy bot; dealt from seed 7.
fn fixture_table() -> HostSession {
    let seats = vec![
        SeatSetup {
            name: "Ana".into(),
            kind: SeatKind::Host,
        },
        SeatSetup {
            name: "Bo".into(),
            kind: SeatKind::Guest,
        },
        SeatSetup {
            name: "Cy".into(),
            kind: SeatKind::Bot(Level::Easy),
        },
    ];
    let setup = TableSetup {
        rules: RuleSet::modern(),
        seats,
    };
    HostSession::new(setup, 7).expect("a table")
}

/// A watcher's welcome and view as the build before `Peer` wrote them
/// (tests/fixtures/watcher-messages.txt: watcher 1, numbered seat 65 on
/// the wire): this build reads them as watcher 1's, writes them back byte
/// for byte, and sends the same bytes at the same table, so pages of
/// either build understand hosts of the other.
#[test]
fn a_watchers_welcome_and_view_keep_their_bytes() {
    let text = std::fs::read_to_string("tests/fixtures/watcher-messages.txt").expect("fixture");
    let lines: Vec<&str> = text.lines().collect();
    let [welcome, view] = lines.as_slice() else {
        panic!("two lines: a welcome and a view");
    };
    let second = WatcherId::new(1).expect("a watcher");
    let HostMessage::Welcome(w) = HostMessage::decode(welcome.as_bytes()).expect("reads") else {
        panic!("a welcome");
    };
    assert_eq!(w.place, Peer::Watcher(second));
    assert_eq!(HostMessage::Welcome(w).encode(), welcome.as_bytes());
    let HostMessage::Sync(sync) = HostMessage::decode(view.as_bytes()).expect("reads") else {
        panic!("a view");
    };
    assert_eq!(sync.place(), Peer::Watcher(second));
    assert!(sync.view.hand.is_empty());
    assert_eq!(HostMessage::Sync(sync).encode(), view.as_bytes());

    // This build's host sends the same bytes to its second watcher.
    let mut host = fixture_table();
    host.open_watcher().expect("a place");
    let w = host.open_watcher().expect("a place");
    assert_eq!(w, second);
    let sent: Vec<Vec<u8>> = host
        .handle(w, &GuestMirror::watch_request("Eve").encode())
        .into_iter()
        .filter_map(|(to, o)| match o {
            Outgoing::Message(m) if to == w => Some(m.encode()),
            _ => None,
        })
        .collect();
    assert_eq!(sent, [welcome.as_bytes(), view.as_bytes()]);

    // A watcher's page reads them; a player's refuses them.
    let mut watcher = GuestMirror::watching();
    let mut player = GuestMirror::new();
    for line in [welcome, view] {
        assert!(!watcher
            .receive(line.as_bytes())
            .expect("reads")
            .wants_resync());
        assert!(matches!(
            player.receive(line.as_bytes()),
            Ok(Received::Invalid(_))
        ));
    }
    assert!(watcher.view().is_some());
}
