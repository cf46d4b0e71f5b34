//! Online tables (src/online): whole matches through an in-memory transport
//! with seeded delays, drops and disconnections, checking after every
//! delivery that each guest's mirror, rebuilt from its messages alone,
//! equals the host's `Match::view` of its seat; fuzzed guest messages; codes.

mod common;
use common::random_rules;

use ono99::bots::{make_bot, Level};
use ono99::online::codes::{base64url_encode, CodeError, Invite, Reply};
use ono99::online::host::{HostSession, Mover, Outgoing, SeatKind, SeatSetup, TableSetup};
use ono99::online::protocol::{
    Connection, GuestMessage, HostMessage, Refusal, SeatEvent, PROTOCOL_VERSION,
};
use ono99::online::sdp::{
    Address, Candidate, CandidateType, CompactSdp, HashAlgorithm, SetupRole, TcpType,
};
use ono99::online::watch::Peer;
use ono99::online::GuestMirror;
use ono99::rules::{Action, Card, Edition, Event, Format, PlayerView, Rng, RuleSet, Seat};
use proptest::prelude::*;
use std::collections::VecDeque;
use std::net::{Ipv4Addr, Ipv6Addr};

// ----- the simulated network ------------------------------------------------

/// One message in flight on a seat's channel.
struct Packet {
    at: u64,
    seat: Seat,
    /// The connection it was sent on: a packet of a closed one is lost.
    epoch: u32,
    to_host: bool,
    bytes: Vec<u8>,
}

/// A guest's browser: its mirror, its connection, and how it picks plays.
struct Guest {
    mirror: GuestMirror,
    connected: bool,
    epoch: u32,
    level: Level,
    /// The ply at which it last asked to act (it asks once a ply).
    asked_at: Option<u32>,
    /// Last time it heard anything or asked for a resync.
    last_nudge: u64,
}

struct Sim {
    host: HostSession,
    guests: Vec<Option<Guest>>,
    net: VecDeque<Packet>,
    /// The latest delivery time per (seat, direction): channels are ordered.
    channel_at: Vec<[u64; 2]>,
    time: u64,
    rng: Rng,
    /// Every guest seat's true view at each ply.
    views: Vec<Vec<Option<PlayerView>>>,
    /// The engine's events of each ply (index ply-1).
    plies: Vec<Vec<Event>>,
    absent_since: Option<u64>,
    log_len: usize,
    drop_rate: f64,
    disconnect_rate: f64,
    messages: usize,
    checks: usize,
    refusals: usize,
    resyncs: usize,
    disconnects: usize,
}

impl Sim {
    fn new(setup: TableSetup, seed: u64, rng: &mut Rng) -> Sim {
        let host = HostSession::new(setup.clone(), seed).expect("valid setup");
        let guests = setup
            .seats
            .iter()
            .map(|s| {
                (s.kind == SeatKind::Guest).then(|| Guest {
                    mirror: GuestMirror::new(),
                    connected: false,
                    epoch: 0,
                    level: [Level::Random, Level::Easy, Level::Medium][rng.below(3)],
                    asked_at: None,
                    last_nudge: 0,
                })
            })
            .collect();
        let n = setup.seats.len();
        let mut sim = Sim {
            host,
            guests,
            net: VecDeque::new(),
            channel_at: vec![[0, 0]; n],
            time: 0,
            rng: rng.fork(),
            views: Vec::new(),
            plies: Vec::new(),
            absent_since: None,
            log_len: 0,
            drop_rate: [0.0, 0.002, 0.02][rng.below(3)],
            disconnect_rate: [0.0, 0.002, 0.01][rng.below(3)],
            messages: 0,
            checks: 0,
            refusals: 0,
            resyncs: 0,
            disconnects: 0,
        };
        sim.log_len = sim.host.game().log().len();
        sim.snapshot();
        for seat in 0..n {
            sim.connect(Seat(seat as u8));
        }
        sim
    }

    fn snapshot(&mut self) {
        let game = self.host.game();
        let views = self
            .guests
            .iter()
            .enumerate()
            .map(|(i, g)| g.as_ref().map(|_| game.view(Seat(i as u8))))
            .collect();
        self.views.push(views);
    }

    fn send(&mut self, seat: Seat, to_host: bool, bytes: Vec<u8>) {
        let Some(Some(g)) = self.guests.get(seat.index()) else {
            return;
        };
        let epoch = g.epoch;
        let dir = usize::from(to_host);
        let at = (self.time + self.rng.below(4) as u64).max(self.channel_at[seat.index()][dir]);
        self.channel_at[seat.index()][dir] = at;
        self.net.push_back(Packet {
            at,
            seat,
            epoch,
            to_host,
            bytes,
        });
    }

    fn post(&mut self, outbox: Vec<(Peer, Outgoing)>) {
        self.record();
        for (peer, out) in outbox {
            let seat = peer.seat().expect("no watcher here");
            match out {
                Outgoing::Message(msg) => {
                    self.check_secrecy(seat, &msg);
                    self.send(seat, false, msg.encode());
                }
                Outgoing::Close => panic!("an honest guest was closed at {seat}"),
            }
        }
    }

    /// What a guest is sent holds its own seat's secrets only.
    fn check_secrecy(&self, seat: Seat, msg: &HostMessage) {
        let text = String::from_utf8(msg.encode()).expect("JSON is UTF-8");
        assert!(!text.contains("\"deck\""), "a deck sent to {seat}: {text}");
        assert!(!text.contains("\"order\""), "a draw order sent to {seat}");
        match msg {
            HostMessage::Sync(sync) => assert_eq!(sync.view.seat, seat),
            HostMessage::Update(update) => {
                assert!(!text.contains("\"hand\":["), "a hand in an update: {text}");
                let truth = &self.plies[update.ply as usize - 1];
                let own_draws: Vec<Card> = truth
                    .iter()
                    .filter_map(|e| match e {
                        Event::Drew { seat: s, card } if *s == seat => Some(*card),
                        _ => None,
                    })
                    .collect();
                let told: Vec<Card> = update
                    .events
                    .iter()
                    .filter_map(|e| match e {
                        SeatEvent::YouDrew { card } => Some(*card),
                        _ => None,
                    })
                    .collect();
                assert_eq!(told, own_draws, "{seat} told of draws not its own");
            }
            _ => assert!(
                !text.contains("\"hand\":["),
                "a hand sent to {seat}: {text}"
            ),
        }
    }

    fn connect(&mut self, seat: Seat) {
        let reload = self.rng.below(2) == 0;
        let Some(Some(g)) = self.guests.get_mut(seat.index()) else {
            return;
        };
        g.connected = true;
        g.epoch += 1;
        g.asked_at = None;
        if reload {
            g.mirror = GuestMirror::new();
        }
        let bytes = GuestMirror::join_request("Friend").encode();
        self.send(seat, true, bytes);
    }

    fn disconnect(&mut self, seat: Seat) {
        self.disconnects += 1;
        if let Some(Some(g)) = self.guests.get_mut(seat.index()) {
            g.connected = false;
            g.epoch += 1;
        }
        let out = self.host.disconnect(seat);
        self.post(out);
    }

    fn take(&mut self, outbox: Vec<(Peer, Outgoing)>) {
        self.post(outbox);
    }

    /// After an action (a guest's, a bot's or a local one): its events and
    /// every guest seat's true view at the new ply.
    fn record(&mut self) {
        let ply = self.host.ply() as usize;
        if ply == self.plies.len() {
            return;
        }
        let log = self.host.game().log();
        // The events of the last action: everything logged since the one before.
        self.plies
            .push(log.get(self.log_len..).unwrap_or(&[]).to_vec());
        self.log_len = log.len();
        assert_eq!(self.plies.len(), ply, "one action at a time");
        self.snapshot();
    }

    fn deliver(&mut self) {
        let mut due = Vec::new();
        let mut keep = VecDeque::new();
        while let Some(p) = self.net.pop_front() {
            if p.at <= self.time {
                due.push(p);
            } else {
                keep.push_back(p);
            }
        }
        self.net = keep;
        for p in due {
            let live = matches!(self.guests.get(p.seat.index()), Some(Some(g)) if g.connected && g.epoch == p.epoch);
            if !live {
                continue;
            }
            self.messages += 1;
            if p.to_host {
                let out = self.host.handle(p.seat, &p.bytes);
                self.post(out);
            } else if self.rng.unit() < self.drop_rate {
                continue;
            } else {
                self.guest_receives(p.seat, &p.bytes);
            }
        }
    }

    fn guest_receives(&mut self, seat: Seat, bytes: &[u8]) {
        let time = self.time;
        let Some(Some(g)) = self.guests.get_mut(seat.index()) else {
            return;
        };
        let received = g
            .mirror
            .receive(bytes)
            .expect("the host's messages are readable");
        g.last_nudge = time;
        match received {
            ono99::online::Received::NeedResync => {
                self.resyncs += 1;
                self.send(seat, true, GuestMessage::Resync.encode());
            }
            ono99::online::Received::Refused(r) => {
                self.refusals += 1;
                if std::env::var("ONLINE_DEBUG").is_ok() {
                    eprintln!("t{} {seat} refused {r:?}", self.time);
                }
                assert!(
                    !matches!(
                        r,
                        Refusal::Malformed { .. }
                            | Refusal::TooLarge { .. }
                            | Refusal::WrongVersion { .. }
                    ),
                    "an honest message refused: {r:?}"
                );
            }
            _ => {}
        }
        self.check_mirror(seat);
    }

    fn check_mirror(&mut self, seat: Seat) {
        let Some(Some(g)) = self.guests.get(seat.index()) else {
            return;
        };
        if g.mirror.awaiting_sync() {
            return;
        }
        if let Some(view) = g.mirror.view() {
            let ply = g.mirror.ply() as usize;
            let truth = self.views[ply][seat.index()]
                .as_ref()
                .expect("a guest seat");
            assert_views_equal(view, truth, seat, ply);
            self.checks += 1;
        }
    }

    /// One tick: the network, then whoever is to act, then chance.
    fn tick(&mut self) {
        self.time += 1;
        self.deliver();
        match self.host.mover() {
            Some(Mover::Local(seat)) => {
                let legal = self.host.game().legal_actions();
                let action = legal[self.rng.below(legal.len())];
                let out = self.host.act_local(seat, action).expect("legal");
                self.take(out);
                self.absent_since = None;
            }
            Some(Mover::Bot(..)) => {
                if self.rng.below(2) == 0 {
                    let out = self.host.play_bot(&mut self.rng).expect("a bot plays");
                    self.take(out);
                }
                self.absent_since = None;
            }
            Some(Mover::Absent(seat)) => {
                let since = *self.absent_since.get_or_insert(self.time);
                if self.time - since > 30 {
                    let out = self.host.bot_takes(seat);
                    self.post(out);
                    self.absent_since = None;
                }
            }
            Some(Mover::Guest(_)) | None => self.absent_since = None,
        }
        for i in 0..self.guests.len() {
            self.guest_tick(Seat(i as u8));
        }
    }

    fn guest_tick(&mut self, seat: Seat) {
        let time = self.time;
        let disconnect_rate = self.disconnect_rate;
        let Some(Some(g)) = self.guests.get_mut(seat.index()) else {
            return;
        };
        if !g.connected {
            if self.rng.below(20) == 0 {
                // Back: the host hands the seat back if a bot took it.
                if self.host.presence(seat).is_some_and(|p| p.bot_playing) {
                    let out = self.host.give_back(seat);
                    self.post(out);
                }
                if self.host.presence(seat).and_then(|p| p.connection)
                    == Some(Connection::Disconnected)
                    && self.rng.below(2) == 0
                {
                    let out = self.host.invite_again(seat);
                    self.post(out);
                }
                self.connect(seat);
            }
            return;
        }
        if self.rng.unit() < disconnect_rate && !self.host.game().is_over() {
            self.disconnect(seat);
            return;
        }
        let mut rng = self.rng.fork();
        let Some(Some(g)) = self.guests.get_mut(seat.index()) else {
            return;
        };
        if time.saturating_sub(g.last_nudge) > 12 {
            g.last_nudge = time;
            let msg = if g.mirror.awaiting_sync() || g.mirror.view().is_none() {
                GuestMessage::Resync
            } else {
                GuestMessage::Ping { nonce: time as u32 }
            };
            // The channel is reliable: the host has our join, a resync suffices.
            self.send(seat, true, msg.encode());
            return;
        }
        let Some(view) = g.mirror.view() else {
            return;
        };
        if !view.my_turn() || g.mirror.awaiting_sync() || g.asked_at == Some(g.mirror.ply()) {
            return;
        }
        // The guest works out its legal plays from its own view only.
        let Some(imagined) = view.determinize(&mut rng) else {
            panic!("a guest's view must be playable");
        };
        let legal = imagined.legal_actions();
        let action = make_bot(g.level).choose(view, &legal, &mut rng);
        let Some(msg) = g.mirror.act_request(action) else {
            return; // a bot plays this seat for now
        };
        g.asked_at = Some(g.mirror.ply());
        // Now and then a clumsy double click: the same request again.
        let twice = rng.below(25) == 0;
        let bytes = msg.encode();
        if twice {
            self.send(seat, true, bytes.clone());
        }
        self.send(seat, true, bytes);
    }

    fn settled(&self) -> bool {
        self.host.game().is_over()
            && self.net.is_empty()
            && self.guests.iter().flatten().all(|g| {
                !g.connected
                    || (g.mirror.ply() == self.host.ply()
                        && !g.mirror.awaiting_sync()
                        && g.mirror.view().is_some())
            })
    }
}

fn assert_views_equal(mirror: &PlayerView, truth: &PlayerView, seat: Seat, ply: usize) {
    let at = format!("{seat}, ply {ply}");
    assert_eq!(mirror.seat, truth.seat, "seat at {at}");
    assert_eq!(mirror.rules, truth.rules, "rules at {at}");
    assert_eq!(mirror.hand, truth.hand, "hand at {at}");
    assert_eq!(mirror.total, truth.total, "total at {at}");
    assert_eq!(mirror.direction, truth.direction, "direction at {at}");
    assert_eq!(mirror.to_act, truth.to_act, "to_act at {at}");
    assert_eq!(
        mirror.ninety_nine_this_turn, truth.ninety_nine_this_turn,
        "99 at {at}"
    );
    assert_eq!(mirror.hand_number, truth.hand_number, "hand number at {at}");
    assert_eq!(mirror.dealer, truth.dealer, "dealer at {at}");
    assert_eq!(
        mirror.draw_pile_len, truth.draw_pile_len,
        "draw pile at {at}"
    );
    assert_eq!(
        mirror.discard_pile, truth.discard_pile,
        "discard pile at {at}"
    );
    assert_eq!(mirror.seats, truth.seats, "seats at {at}");
    assert_eq!(mirror.outcome, truth.outcome, "outcome at {at}");
    assert_eq!(mirror, truth);
}

fn random_setup(rng: &mut Rng) -> TableSetup {
    let n = 2 + rng.below(7);
    let mut seats: Vec<SeatSetup> = (0..n)
        .map(|i| {
            let kind = match (i, rng.below(8)) {
                (0, 0) => SeatKind::Bot(Level::Medium),
                (0, _) => SeatKind::Host,
                (_, 0..=3) => SeatKind::Guest,
                (_, 4) => SeatKind::Person,
                (_, 5) => SeatKind::Bot(Level::Random),
                (_, 6) => SeatKind::Bot(Level::Easy),
                _ => SeatKind::Bot(Level::Medium),
            };
            SeatSetup {
                name: format!("Seat {i}"),
                kind,
            }
        })
        .collect();
    let last = n - 1;
    if !seats.iter().any(|s| s.kind == SeatKind::Guest) {
        seats[last].kind = SeatKind::Guest;
    }
    TableSetup {
        rules: random_rules(rng),
        seats,
    }
}

#[derive(Default)]
struct Totals {
    matches: usize,
    plies: usize,
    messages: usize,
    checks: usize,
    refusals: usize,
    resyncs: usize,
    disconnects: usize,
    formats: [usize; 3],
    editions: [usize; 2],
}

fn play_match(index: u64, totals: &mut Totals) {
    let mut rng = Rng::new(0x0_11_4E ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let setup = random_setup(&mut rng);
    let rules = setup.rules;
    let mut sim = Sim::new(setup, rng.next_u64(), &mut rng);
    let mut ticks = 0;
    while !sim.settled() {
        sim.tick();
        ticks += 1;
        assert!(
            ticks < 200_000,
            "match {index} does not finish: mover {:?}, ply {}, {} in flight",
            sim.host.mover(),
            sim.host.ply(),
            sim.net.len()
        );
    }
    for i in 0..sim.guests.len() {
        sim.check_mirror(Seat(i as u8));
    }
    // The host's save replays to the same match.
    let kinds: Vec<_> = sim.host.setup().seats.iter().map(|s| s.kind).collect();
    let restored = HostSession::restore(&sim.host.save(), &kinds).expect("the save replays");
    assert_eq!(
        restored.game(),
        sim.host.game(),
        "match {index}: replay differs"
    );
    totals.matches += 1;
    totals.plies += sim.host.ply() as usize;
    totals.messages += sim.messages;
    totals.checks += sim.checks;
    totals.refusals += sim.refusals;
    totals.resyncs += sim.resyncs;
    totals.disconnects += sim.disconnects;
    totals.formats[match rules.format {
        Format::Elimination => 0,
        Format::Tokens => 1,
        Format::Points => 2,
    }] += 1;
    totals.editions[usize::from(rules.edition == Edition::Classic)] += 1;
}

#[test]
fn whole_matches_through_a_faulty_transport_keep_every_mirror_exact() {
    let mut totals = Totals::default();
    let start = std::time::Instant::now();
    for index in 0..2_000 {
        play_match(index, &mut totals);
    }
    eprintln!(
        "{} matches, {} plies, {} messages delivered, {} mirror checks, {} refusals, \
         {} gaps resynced, {} disconnections, formats {:?}, editions {:?}, {:.2} s",
        totals.matches,
        totals.plies,
        totals.messages,
        totals.checks,
        totals.refusals,
        totals.resyncs,
        totals.disconnects,
        totals.formats,
        totals.editions,
        start.elapsed().as_secs_f64()
    );
    assert!(totals.formats.iter().all(|&n| n > 100));
    assert!(totals.checks > totals.plies);
    assert!(totals.resyncs > 100 && totals.disconnects > 100);
}

// ----- a hostile guest -------------------------------------------------------

/// Seat 0 the host, 1 a joined guest, 2 a bot; `plies` random actions in.
fn table(seed: u64, plies: usize) -> HostSession {
    let mut rng = Rng::new(seed);
    let setup = TableSetup {
        rules: random_rules(&mut rng),
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
                name: "Cy".into(),
                kind: SeatKind::Bot(Level::Easy),
            },
        ],
    };
    let mut host = HostSession::new(setup, seed).expect("valid");
    host.handle(Seat(1), &GuestMirror::join_request("Bo").encode());
    for _ in 0..plies {
        let Some(t) = host.game().to_act() else {
            break;
        };
        let legal = host.game().legal_actions();
        let action = legal[rng.below(legal.len())];
        let _ = host.act_local(t.seat, action);
    }
    host
}

/// The message was refused to seat 1 and nothing else happened.
fn assert_refused_unchanged(before: &HostSession, after: &HostSession, out: &[(Peer, Outgoing)]) {
    assert_eq!(before.game(), after.game());
    assert_eq!(before.actions(), after.actions());
    assert_eq!(before.presence(Seat(1)), after.presence(Seat(1)));
    assert!(
        matches!(
            out,
            [(
                Peer::Seat(Seat(1)),
                Outgoing::Message(HostMessage::Refused { .. })
            )]
        ),
        "{out:?}"
    );
}

fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0usize..16).prop_map(|i| Action::Play(Card::ALL[i])),
        Just(Action::DiscardFourOno),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_are_refused_and_change_nothing(
        seed in any::<u64>(),
        plies in 0usize..40,
        bytes in prop::collection::vec(any::<u8>(), 0..300),
    ) {
        let mut host = table(seed, plies);
        let before = host.clone();
        let out = host.handle(Seat(1), &bytes);
        assert_refused_unchanged(&before, &host, &out);
    }

    #[test]
    fn json_that_is_not_a_message_is_refused(
        seed in any::<u64>(),
        text in "\\{\"v\":(1|2|\"2\"|null),\"msg\":\\{\"(act|join|ping|x)\":\\{(\"[a-z]{1,4}\":[0-9]{1,3})?\\}\\}\\}",
    ) {
        let mut host = table(seed, 3);
        let before = host.clone();
        let out = host.handle(Seat(1), text.as_bytes());
        assert_refused_unchanged(&before, &host, &out);
    }

    #[test]
    fn well_formed_but_wrong_actions_are_refused(
        seed in any::<u64>(),
        plies in 0usize..60,
        seat in 0u8..12,
        ply_offset in -3i64..3,
        action in any_action(),
    ) {
        let mut host = table(seed, plies);
        let ply = (i64::from(host.ply()) + ply_offset).max(0) as u32;
        let msg = GuestMessage::Act { seat: Seat(seat), ply, action };
        let fine = seat == 1
            && ply == host.ply()
            && host.game().to_act().is_some_and(|t| t.seat == Seat(1))
            && host.game().check(action).is_ok();
        let before = host.clone();
        let out = host.handle(Seat(1), &msg.encode());
        if fine {
            prop_assert_eq!(host.ply(), before.ply() + 1);
        } else {
            assert_refused_unchanged(&before, &host, &out);
        }
    }

    #[test]
    fn other_versions_and_oversized_messages_are_refused(
        seed in any::<u64>(),
        version in any::<u32>(),
        padding in 16_000usize..20_000,
    ) {
        let mut host = table(seed, 5);
        let before = host.clone();
        let wrong = format!(r#"{{"v":{version},"msg":{{"ping":{{"nonce":1}}}}}}"#);
        let out = host.handle(Seat(1), wrong.as_bytes());
        if version == PROTOCOL_VERSION {
            let pong = matches!(out.as_slice(), [(_, Outgoing::Message(HostMessage::Pong { .. }))]);
            prop_assert!(pong);
        } else {
            assert_refused_unchanged(&before, &host, &out);
        }
        let big = format!(r#"{{"v":2,"msg":{{"join":{{"name":"{}"}}}}}}"#, "x".repeat(padding));
        let out = host.handle(Seat(1), big.as_bytes());
        if big.len() > ono99::online::protocol::MAX_GUEST_MESSAGE {
            let too_large = matches!(
                out.as_slice(),
                [(_, Outgoing::Message(HostMessage::Refused { refusal: Refusal::TooLarge { .. }, .. }))]
            );
            prop_assert!(too_large);
        }
        prop_assert_eq!(before.game(), host.game());
    }

    #[test]
    fn the_guest_mirror_never_panics_on_host_bytes(
        bytes in prop::collection::vec(any::<u8>(), 0..200),
    ) {
        let mut mirror = GuestMirror::new();
        let _ = mirror.receive(&bytes);
    }
}

#[test]
fn a_burst_of_bad_messages_closes_the_connection() {
    let mut host = table(5, 4);
    let before = host.clone();
    let mut closed_after = None;
    for i in 1..=30 {
        let out = host.handle(Seat(1), b"not json");
        if out.iter().any(|(_, o)| *o == Outgoing::Close) {
            closed_after = Some(i);
            assert!(out.iter().any(|(_, o)| matches!(
                o,
                Outgoing::Message(HostMessage::Refused {
                    refusal: Refusal::Closing,
                    ..
                })
            )));
            break;
        }
    }
    assert_eq!(
        closed_after,
        Some(ono99::online::host::BAD_IN_A_ROW as usize)
    );
    assert_eq!(host.game(), before.game());
    assert_eq!(
        host.presence(Seat(1)).and_then(|p| p.connection),
        Some(Connection::Closed)
    );
    // Nothing more is read until the host invites the seat again.
    assert!(host
        .handle(Seat(1), &GuestMirror::join_request("Bo").encode())
        .is_empty());
    host.invite_again(Seat(1));
    let out = host.handle(Seat(1), &GuestMirror::join_request("Bo").encode());
    assert!(matches!(
        out.first(),
        Some((_, Outgoing::Message(HostMessage::Welcome(_))))
    ));
}

#[test]
fn bad_messages_spread_among_good_ones_close_it_too() {
    let mut host = table(6, 2);
    let ping = GuestMessage::Ping { nonce: 1 }.encode();
    let mut closed = false;
    for _ in 0..60 {
        host.handle(Seat(1), &ping);
        let out = host.handle(Seat(1), b"{}");
        closed |= out.iter().any(|(_, o)| *o == Outgoing::Close);
    }
    assert!(closed, "50 bad of the last 100 must close");
}

#[test]
fn a_disconnected_guest_is_played_by_a_bot_and_gets_its_seat_back() {
    let mut host = table(9, 0);
    host.disconnect(Seat(1));
    let mut rng = Rng::new(1);
    let mut hand_back = None;
    for _ in 0..500 {
        match host.mover() {
            Some(Mover::Absent(seat)) => {
                assert_eq!(seat, Seat(1));
                host.bot_takes(seat);
            }
            Some(Mover::Local(seat)) => {
                let legal = host.game().legal_actions();
                host.act_local(seat, legal[0]).expect("legal");
            }
            Some(Mover::Bot(seat, level)) => {
                if seat == Seat(1) {
                    assert_eq!(level, Level::Medium);
                    hand_back = Some(host.ply());
                }
                host.play_bot(&mut rng).expect("plays");
            }
            Some(Mover::Guest(_)) | None => break,
        }
        if hand_back.is_some() {
            break;
        }
    }
    assert!(hand_back.is_some(), "the bot played for the guest");
    // The guest comes back: a full resync of the current state.
    let mut mirror = GuestMirror::new();
    for (seat, out) in host.handle(Seat(1), &GuestMirror::join_request("Bo").encode()) {
        if let (Peer::Seat(Seat(1)), Outgoing::Message(msg)) = (seat, out) {
            mirror.receive(&msg.encode()).expect("readable");
        }
    }
    assert_eq!(mirror.view(), Some(&host.game().view(Seat(1))));
    host.give_back(Seat(1));
    assert_eq!(host.presence(Seat(1)).map(|p| p.bot_playing), Some(false));
}

// ----- codes -------------------------------------------------------------------

fn ice_text(min: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(
            b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".to_vec(),
        ),
        min..40,
    )
    .prop_map(|v| String::from_utf8(v).unwrap_or_default())
}

fn address() -> impl Strategy<Value = Address> {
    prop_oneof![
        any::<[u8; 4]>().prop_map(|b| Address::V4(Ipv4Addr::from(b))),
        any::<[u8; 16]>().prop_map(|b| Address::V6(Ipv6Addr::from(b))),
        any::<[u8; 16]>().prop_map(Address::Mdns),
    ]
}

fn candidate() -> impl Strategy<Value = Candidate> {
    (
        any::<u32>(),
        1u32..=0x7fff_ffff,
        prop::option::of(prop::sample::select(vec![
            TcpType::Active,
            TcpType::Passive,
            TcpType::So,
        ])),
        address(),
        1u16..,
        prop::sample::select(vec![
            CandidateType::Host,
            CandidateType::Srflx,
            CandidateType::Prflx,
            CandidateType::Relay,
        ]),
    )
        .prop_map(
            |(foundation, priority, tcp, address, port, kind)| Candidate {
                foundation,
                priority,
                tcp,
                address,
                port,
                kind,
                related: None,
            },
        )
}

fn compact_sdp() -> impl Strategy<Value = CompactSdp> {
    (
        ice_text(4),
        ice_text(22),
        prop::sample::select(vec![
            HashAlgorithm::Sha1,
            HashAlgorithm::Sha256,
            HashAlgorithm::Sha384,
            HashAlgorithm::Sha512,
        ]),
        prop::collection::vec(any::<u8>(), 64),
        prop::sample::select(vec![
            SetupRole::ActPass,
            SetupRole::Active,
            SetupRole::Passive,
        ]),
        prop::collection::vec(candidate(), 0..6),
    )
        .prop_map(
            |(ice_ufrag, ice_pwd, hash, mut fingerprint, setup, candidates)| {
                fingerprint.truncate(hash.digest_len());
                CompactSdp {
                    ice_ufrag,
                    ice_pwd,
                    hash,
                    fingerprint,
                    setup,
                    mid: "0".to_string(),
                    candidates,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_valid_invite_and_reply_round_trips(
        offer in compact_sdp(),
        seat_count in 2u8..=8,
        seat in 0u8..8,
        name in "\\PC{0,12}",
        seed in any::<u64>(),
    ) {
        let mut rng = Rng::new(seed);
        let invite = Invite {
            seat: Seat(seat % seat_count),
            seat_count,
            host_name: ono99::online::protocol::clean_name(&name),
            rules: random_rules(&mut rng),
            offer: offer.clone(),
        };
        prop_assert_eq!(Invite::decode(&invite.encode()), Ok(invite.clone()));
        // The SDP text expands and compacts back to the same description.
        prop_assert_eq!(CompactSdp::from_sdp(&offer.to_sdp()), Ok(offer.clone()));
        let reply = Reply { seat: Seat(seat), answer: offer };
        prop_assert_eq!(Reply::decode(&reply.encode()), Ok(reply));
        let wrong_kind = matches!(Reply::decode(&invite.encode()), Err(CodeError::WrongKind { .. }));
        prop_assert!(wrong_kind);
    }

    #[test]
    fn random_text_never_panics_the_decoders(text in "\\PC{0,300}") {
        let _ = Invite::decode(&text);
        let _ = Reply::decode(&text);
    }

    #[test]
    fn random_base64_is_refused_cleanly(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let code = base64url_encode(&bytes);
        prop_assert!(Invite::decode(&code).is_err());
        prop_assert!(Reply::decode(&code).is_err());
    }

    #[test]
    fn a_damaged_code_is_an_error_never_another_invite(
        offer in compact_sdp(),
        at in any::<prop::sample::Index>(),
        with in prop::sample::select(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".to_vec()),
        cut in any::<prop::sample::Index>(),
    ) {
        let invite = Invite {
            seat: Seat(1),
            seat_count: 3,
            host_name: "Ana".into(),
            rules: RuleSet::modern(),
            offer,
        };
        let code = invite.encode();
        let mut chars: Vec<u8> = code.clone().into_bytes();
        let i = at.index(chars.len());
        let changed = chars[i] != with;
        chars[i] = with;
        let garbled = String::from_utf8(chars).unwrap_or_default();
        if changed {
            prop_assert!(Invite::decode(&garbled).is_err());
        }
        let short = &code[..cut.index(code.len())];
        prop_assert!(Invite::decode(short).is_err());
    }
}

#[test]
fn report_code_lengths() {
    // Printed for the README and docs/online.md: a typical offer, 2-4 candidates.
    let base = CompactSdp {
        ice_ufrag: "EsAw".into(),
        ice_pwd: "P2uYro0UCOQ4zxjKXaWCBui1".into(),
        hash: HashAlgorithm::Sha256,
        fingerprint: (0..32).collect(),
        setup: SetupRole::ActPass,
        mid: "0".into(),
        candidates: Vec::new(),
    };
    let host = Candidate {
        foundation: 3_637_400_925,
        priority: 2_113_937_151,
        tcp: None,
        address: Address::Mdns([7; 16]),
        port: 54120,
        kind: CandidateType::Host,
        related: None,
    };
    let srflx = Candidate {
        foundation: 842_163_049,
        priority: 1_677_729_535,
        address: Address::V4(Ipv4Addr::new(203, 0, 113, 77)),
        kind: CandidateType::Srflx,
        related: Some((Address::V4(Ipv4Addr::UNSPECIFIED), 0)),
        ..host.clone()
    };
    let tcp = Candidate {
        tcp: Some(TcpType::Active),
        port: 9,
        priority: 1_518_280_447,
        ..host.clone()
    };
    let v6 = Candidate {
        address: Address::V6("2001:db8::1:5".parse().expect("an address")),
        ..host.clone()
    };
    for candidates in [
        vec![host.clone(), srflx.clone()],
        vec![host.clone(), srflx.clone(), tcp.clone()],
        vec![host.clone(), srflx.clone(), tcp, v6],
    ] {
        let n = candidates.len();
        let offer = CompactSdp {
            candidates,
            ..base.clone()
        };
        let invite = Invite {
            seat: Seat(1),
            seat_count: 4,
            host_name: "Ana".into(),
            rules: RuleSet::modern(),
            offer: offer.clone(),
        };
        let reply = Reply {
            seat: Seat(1),
            answer: CompactSdp {
                setup: SetupRole::Active,
                ..offer.clone()
            },
        };
        let invite_len = invite.encode().len();
        let reply_len = reply.encode().len();
        eprintln!(
            "{n} candidates: SDP {} chars, invite code {invite_len} chars, reply code {reply_len} chars",
            offer.to_sdp().len()
        );
        assert!(invite_len < 300 && reply_len < 300);
    }
}

// ----- one presence ------------------------------------------------------------

/// What the host's session says of `seat` and what a friend's page (seat
/// 2's mirror, fed everything the host sent it) shows of the same seat.
fn both_sides(host: &HostSession, friend: &GuestMirror, seat: Seat) -> (Connection, Connection) {
    let hosts = Connection::in_lobby(
        host.presence(seat).and_then(|p| p.connection),
        None,
        false,
        true,
    );
    let friends = match ono99::table::friend::players_of(friend.presence())[seat.index()] {
        ono99::table::Player::Friend { link, .. } => link,
        other => panic!("seat {seat:?} shows as {other:?} on the friend's page"),
    };
    (hosts, friends)
}

#[test]
fn a_friends_presence_reads_the_same_on_the_host_and_on_another_friends_page() {
    let setup = TableSetup {
        rules: RuleSet::modern(),
        seats: ["Ana", "Bo", "Di"]
            .iter()
            .enumerate()
            .map(|(i, name)| SeatSetup {
                name: (*name).into(),
                kind: if i == 0 {
                    SeatKind::Host
                } else {
                    SeatKind::Guest
                },
            })
            .collect(),
    };
    let mut host = HostSession::new(setup, 3).expect("valid");
    let mut di = GuestMirror::new();
    let deliver = |out: Vec<(Peer, Outgoing)>, di: &mut GuestMirror| {
        for (seat, out) in out {
            if let (Peer::Seat(Seat(2)), Outgoing::Message(msg)) = (seat, out) {
                di.receive(&msg.encode()).expect("readable");
            }
        }
    };
    let out = host.handle(Seat(2), &GuestMirror::join_request("Di").encode());
    deliver(out, &mut di);
    // Bo never joined: waiting, on both pages (a friend's page once showed
    // such a seat as disconnected).
    assert_eq!(
        both_sides(&host, &di, Seat(1)),
        (Connection::Waiting, Connection::Waiting)
    );
    let out = host.handle(Seat(1), &GuestMirror::join_request("Bo").encode());
    deliver(out, &mut di);
    assert_eq!(
        both_sides(&host, &di, Seat(1)),
        (Connection::Connected, Connection::Connected)
    );
    let out = host.disconnect(Seat(1));
    deliver(out, &mut di);
    assert_eq!(
        both_sides(&host, &di, Seat(1)),
        (Connection::Disconnected, Connection::Disconnected)
    );
    // Invited again and not back yet: waiting again, on both.
    let out = host.invite_again(Seat(1));
    deliver(out, &mut di);
    assert_eq!(
        both_sides(&host, &di, Seat(1)),
        (Connection::Waiting, Connection::Waiting)
    );
}

#[test]
fn in_the_lobby_a_friend_is_connected_once_their_join_is_held() {
    use Connection::*;
    // (session, channel, join held, started) → shown.
    let cases = [
        (None, None, false, false, Waiting),
        (Some(Waiting), Some(true), false, false, Waiting),
        (Some(Waiting), Some(true), true, false, Connected),
        // At the table the page's own channel no longer counts.
        (Some(Waiting), Some(true), true, true, Waiting),
        (Some(Waiting), Some(false), false, false, Disconnected),
        (Some(Connected), Some(false), false, true, Connected),
        (Some(Disconnected), Some(true), true, false, Disconnected),
        (Some(Closed), None, false, true, Closed),
    ];
    for (session, channel, joined, started, shown) in cases {
        assert_eq!(
            Connection::in_lobby(session, channel, joined, started),
            shown,
            "{session:?} {channel:?} joined {joined} started {started}"
        );
    }
    assert!(
        Closed.is_away() && Disconnected.is_away() && !Waiting.is_away() && !Connected.is_away()
    );
}
