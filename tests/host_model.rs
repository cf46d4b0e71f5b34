//! The host's online table as a pure model (`online::host::HostTable`,
//! issue 37): thousands of random sequences of what a host's page reports
//! (invitations, connections opening and closing, joins, floods, hostile
//! bytes, deals, contributions, timers, watchers, a new tab taking a seat,
//! the host leaving), with the game holding the session once the match
//! starts, as the page does. After every step the effects are checked:
//!
//! - a hand goes only to its seat: every welcome and sync names the seat
//!   of the connection it goes on, and a watcher never gets a card;
//! - nothing is sent on a connection that is closed or replaced;
//! - the match begins once, with the session, and the game hears the
//!   friends only after it began;
//! - every wake-up asked for lies in the future, and a deal waiting is
//!   dealt when its wake-up comes;
//! - before the start nothing but a join is kept, and a flood closes the
//!   connection.

use ono99::bots::Level;
use ono99::online::fair::{Contribution, Secret};
use ono99::online::host::{
    ConnId, DealBook, HostEffect, HostEvent, HostSession, HostTable, LinkEvent, Mode, Outbox,
    SeatKind, SeatSetup, TableSetup,
};
use ono99::online::protocol::{GuestMessage, HostMessage, SeatEvent};
use ono99::online::watch::Peer;
use ono99::rules::{Rng, RuleSet, Seat};
use std::collections::{BTreeMap, BTreeSet};

/// A table of `n` seats: the host at 0, friends at the odd seats, bots
/// at the others.
fn table(n: usize, seed: u64) -> HostTable {
    let seats = (0..n)
        .map(|i| SeatSetup {
            name: format!("P{i}"),
            kind: match i {
                0 => SeatKind::Host,
                i if i % 2 == 1 => SeatKind::Guest,
                _ => SeatKind::Bot(Level::Easy),
            },
        })
        .collect();
    let setup = TableSetup {
        rules: RuleSet::modern(),
        seats,
    };
    let session = HostSession::new(setup, seed).expect("a table of 2 to 5 seats");
    HostTable::new(session, DealBook::default())
}

/// What the test knows of the connections, from the effects it saw.
#[derive(Default)]
struct Wires {
    /// Each connection's peer.
    owner: BTreeMap<ConnId, Peer>,
    /// Connections closed (by an effect or by the browser).
    closed: BTreeSet<ConnId>,
}

struct Run {
    table: HostTable,
    /// The session once the game holds it.
    game: Option<HostSession>,
    wires: Wires,
    rng: Rng,
    now: u64,
    begun: usize,
    /// How many friends' messages and link changes the game heard.
    heard: usize,
    wakes: Vec<u64>,
    steps: usize,
    sends: usize,
}

impl Run {
    fn new(seed: u64) -> Run {
        let mut rng = Rng::new(seed);
        let n = 2 + rng.below(4);
        Run {
            table: table(n, seed),
            game: None,
            wires: Wires::default(),
            rng,
            now: 1_000,
            begun: 0,
            heard: 0,
            wakes: Vec::new(),
            steps: 0,
            sends: 0,
        }
    }

    fn guests(&self) -> Vec<Seat> {
        self.table.guest_seats().to_vec()
    }

    fn pick<T: Clone>(&mut self, items: &[T]) -> Option<T> {
        if items.is_empty() {
            return None;
        }
        Some(items[self.rng.below(items.len())].clone())
    }

    /// Every peer with a connection the test knows, and that connection
    /// (sometimes an older one: stale reports must change nothing).
    fn some_conn(&mut self) -> Option<(Peer, ConnId)> {
        let all: Vec<(ConnId, Peer)> = self.wires.owner.iter().map(|(&c, &p)| (c, p)).collect();
        let (conn, peer) = self.pick(&all)?;
        Some((peer, conn))
    }

    fn bytes(&mut self, peer: Peer) -> Vec<u8> {
        let message = match self.rng.below(9) {
            0 | 1 => GuestMessage::Join {
                name: format!("N{}", self.rng.below(100)),
            },
            2 => GuestMessage::Ping {
                nonce: self.rng.below(1000) as u32,
            },
            3 => GuestMessage::Resync,
            4 => GuestMessage::Contribute {
                number: 1 + self.rng.below(3) as u32,
                contribution: Contribution([self.rng.below(256) as u8; 16]),
            },
            5 => GuestMessage::Watch {
                name: "W".to_string(),
            },
            6 => {
                // A legal move when it is this seat's turn at the game
                // (never a watcher's: it holds no seat).
                let turn = self
                    .game
                    .as_ref()
                    .or(self.table.session())
                    .and_then(|g| Some((g, peer.seat()?)))
                    .filter(|(g, seat)| g.game().to_act().map(|t| t.seat) == Some(*seat))
                    .map(|(g, seat)| (seat, g.game().legal_actions(), g.ply()));
                match turn {
                    Some((seat, legal, ply)) => match self.pick(&legal) {
                        Some(action) => GuestMessage::Act { seat, ply, action },
                        None => GuestMessage::Resync,
                    },
                    None => GuestMessage::Back,
                }
            }
            7 => {
                // Garbage, or a message far too large.
                let len = self.rng.below(40);
                return (0..len).map(|_| self.rng.below(256) as u8).collect();
            }
            _ => return vec![b'{'; 9_000],
        };
        message.encode()
    }

    fn event(&mut self) -> HostEvent {
        self.now += self.rng.below(1_500) as u64;
        let now_ms = self.now;
        let guests = self.guests();
        loop {
            match self.rng.below(16) {
                0 | 1 => {
                    if let Some(seat) = self.pick(&guests) {
                        return HostEvent::Invite(seat);
                    }
                }
                2 | 3 => {
                    if let Some((peer, conn)) = self.some_conn() {
                        return HostEvent::Opened { peer, conn };
                    }
                }
                4 => {
                    if let Some((peer, conn)) = self.some_conn() {
                        self.wires.closed.insert(conn);
                        return HostEvent::Closed { peer, conn };
                    }
                }
                5..=8 => {
                    if let Some((peer, conn)) = self.some_conn() {
                        let bytes = self.bytes(peer);
                        return HostEvent::Received {
                            peer,
                            conn,
                            bytes,
                            now_ms,
                        };
                    }
                }
                9 => {
                    return HostEvent::Start {
                        now_ms,
                        secret: (self.rng.below(5) > 0).then_some(Secret([7; 32])),
                        fixed: self.rng.below(8) == 0,
                    }
                }
                10 => {
                    return HostEvent::DealNext {
                        now_ms,
                        secret: Some(Secret([self.rng.below(256) as u8; 32])),
                        seed: self.rng.below(1 << 20) as u64,
                    }
                }
                11 => {
                    // The wake-up the table asked for, when it comes.
                    if let Some(&at) = self.wakes.iter().min() {
                        self.now = self.now.max(at);
                        self.wakes.retain(|&w| w > self.now);
                        return HostEvent::Tick { now_ms: self.now };
                    }
                }
                12 => {
                    if let Some(seat) = self.pick(&guests) {
                        return match self.rng.below(3) {
                            0 => HostEvent::BotTakes(seat),
                            1 => HostEvent::GiveBack(seat),
                            _ => HostEvent::Replace(seat),
                        };
                    }
                }
                13 => {
                    let mut fx = Vec::new();
                    if let Some(seat) = self.pick(&guests) {
                        if let Some(conn) = self.table.connect(Peer::Seat(seat), &mut fx) {
                            self.wires.owner.insert(conn, Peer::Seat(seat));
                            // The door answered it (its answer sent).
                            fx.extend(self.table.update(HostEvent::Answered {
                                seat,
                                conn,
                                now_ms,
                            }));
                        }
                    }
                    if let Some((w, conn)) = self.table.seat_watcher() {
                        self.wires.owner.insert(conn, Peer::Watcher(w));
                    }
                    self.check(&fx, "a link's connection");
                }
                14 => {
                    if self.rng.below(4) == 0 {
                        return HostEvent::StopWatchers;
                    }
                    if self.rng.below(40) == 0 {
                        return HostEvent::Close;
                    }
                }
                _ => {
                    // The game's own move (a bot's), told to the friends.
                    if let Some(game) = self.game.as_mut() {
                        let mut rng = Rng::new(now_ms);
                        if let Some(out) = game.play_bot(&mut rng) {
                            return HostEvent::Send(out);
                        }
                    }
                }
            }
        }
    }

    fn step(&mut self) {
        let event = self.event();
        let what = format!("{event:?}");
        let what = what.chars().take(80).collect::<String>();
        let was_started = self.table.started();
        let fx = self.table.update(event);
        self.steps += 1;
        self.check(&fx, &what);
        // The game hears the friends only once it began.
        if !was_started && !self.table.started() {
            assert!(
                !fx.iter().any(|e| matches!(e, HostEffect::Game(_))),
                "the game heard a friend before the start: {what}"
            );
        }
        self.follow(fx);
    }

    /// The checks every step's effects must pass.
    fn check(&mut self, fx: &[HostEffect], what: &str) {
        let mut closed_here = BTreeSet::new();
        // A notice may go on a connection closed right after it.
        let closing: BTreeSet<ConnId> = fx
            .iter()
            .filter_map(|e| match e {
                HostEffect::Close { conn } | HostEffect::CloseSoon { conn } => Some(*conn),
                _ => None,
            })
            .collect();
        for effect in fx {
            match effect {
                HostEffect::Send { conn, bytes } => {
                    self.sends += 1;
                    assert!(
                        !self.wires.closed.contains(conn) && !closed_here.contains(conn),
                        "a message on a closed connection {conn:?}: {what}"
                    );
                    let peer =
                        *self.wires.owner.get(conn).unwrap_or_else(|| {
                            panic!("a message on an unknown connection: {what}")
                        });
                    assert!(
                        self.table.conn(peer) == Some(*conn) || closing.contains(conn),
                        "a message on a replaced connection: {what}"
                    );
                    let msg = HostMessage::decode(bytes).expect("the host writes what it reads");
                    only_its_own(&msg, peer, what);
                }
                HostEffect::Close { conn } | HostEffect::CloseSoon { conn } => {
                    closed_here.insert(*conn);
                }
                HostEffect::WakeAt { at_ms } => {
                    assert!(*at_ms >= self.now, "a wake-up in the past: {what}");
                }
                _ => {}
            }
        }
        self.wires.closed.extend(closed_here);
    }

    /// What the page does with the effects: offers become connections,
    /// the game takes the session and hears the friends.
    fn follow(&mut self, fx: Vec<HostEffect>) {
        for effect in fx {
            match effect {
                HostEffect::Offer { seat, conn } => {
                    self.wires.owner.insert(conn, Peer::Seat(seat));
                    let _ = self.table.update(HostEvent::Offered {
                        seat,
                        conn,
                        link: Some("link".to_string()),
                    });
                }
                HostEffect::WakeAt { at_ms } => self.wakes.push(at_ms),
                HostEffect::Begin(session) => {
                    self.begun += 1;
                    assert_eq!(self.begun, 1, "the match began twice");
                    assert!(
                        self.table.session().is_none(),
                        "the session given away twice"
                    );
                    self.game = Some(*session);
                }
                HostEffect::Game(event) => {
                    self.heard += 1;
                    let game = self.game.as_mut().expect("the game holds the session");
                    let out: Outbox = match event {
                        LinkEvent::Message {
                            peer,
                            message,
                            now_ms,
                        } => game.receive_read(peer, message, now_ms).out,
                        LinkEvent::Closed(peer) => game.disconnect(peer),
                        LinkEvent::Invited(seat) => game.invite_again(seat),
                        LinkEvent::NewPlayer(seat) => {
                            game.new_player(seat);
                            Vec::new()
                        }
                        LinkEvent::NewPlayers(list) => {
                            game.restore_new_players(&list);
                            Vec::new()
                        }
                    };
                    let fx = self.table.update(HostEvent::Send(out));
                    self.check(&fx, "the game's answer");
                    self.follow(fx);
                }
                _ => {}
            }
        }
    }
}

/// Fails if `msg`, sent to `peer`, holds what is not theirs to see.
fn only_its_own(msg: &HostMessage, peer: Peer, what: &str) {
    let watcher = peer.is_watcher();
    let no_hidden = |events: &[SeatEvent]| {
        for event in events {
            match event {
                SeatEvent::HandStarted { dealt, .. } => {
                    assert!(dealt.is_empty(), "a dealt card to a watcher: {what}")
                }
                SeatEvent::YouDrew { .. } => panic!("a drawn card to a watcher: {what}"),
                _ => {}
            }
        }
    };
    match msg {
        HostMessage::Welcome(w) => assert_eq!(w.place, peer, "a welcome to another: {what}"),
        HostMessage::Sync(sync) => {
            assert_eq!(sync.place(), peer, "a seat's view to another: {what}");
            if watcher {
                assert!(sync.view.hand.is_empty(), "a hand to a watcher: {what}");
                no_hidden(&sync.log);
            }
        }
        HostMessage::Update(update) if watcher => no_hidden(&update.events),
        HostMessage::SeatKey { .. } => {
            assert!(!watcher, "a seat's key to a watcher: {what}")
        }
        _ => {}
    }
}

#[test]
fn thousands_of_random_tables_keep_every_hand_to_its_seat() {
    let mut totals = (0, 0, 0, 0);
    let mut heard = 0;
    for seed in 0..1_000u64 {
        let mut run = Run::new(seed);
        for _ in 0..120 {
            run.step();
            if run.table.closed() {
                break;
            }
        }
        totals.0 += run.steps;
        totals.1 += run.sends;
        totals.2 += run.begun;
        totals.3 += usize::from(run.table.closed());
        heard += run.heard;
    }
    eprintln!("steps, messages, matches begun, tables closed: {totals:?}");
    // The runs reached what they are for: many messages, many starts.
    assert!(totals.1 > 10_000, "too few messages sent: {totals:?}");
    assert!(totals.2 > 500, "too few matches begun: {totals:?}");
    assert!(totals.3 > 50, "too few tables closed: {totals:?}");
    assert!(heard > 10_000, "the game heard too little: {heard}");
}

/// `seat`'s friend, invited, with their connection open: its number.
fn invited_and_open(t: &mut HostTable, seat: Seat) -> ConnId {
    let conn = t
        .update(HostEvent::Invite(seat))
        .iter()
        .find_map(|e| match e {
            HostEffect::Offer { conn, .. } => Some(*conn),
            _ => None,
        })
        .expect("an invitation asks for an offer");
    t.update(HostEvent::Opened {
        peer: Peer::Seat(seat),
        conn,
    });
    conn
}

/// A friend, invited, opens their connection and joins: the lobby holds
/// the join (nothing reaches the session but the name), and Start deals
/// the match after the friend's contribution, then welcomes them.
#[test]
fn a_friend_joins_contributes_and_is_welcomed_at_the_start() {
    let mut t = table(2, 9);
    let seat = Seat(1);
    let conn = invited_and_open(&mut t, seat);
    assert_eq!(t.open(seat), Some(true));
    let join = GuestMessage::Join {
        name: "Leo".to_string(),
    }
    .encode();
    let fx = t.update(HostEvent::Received {
        peer: Peer::Seat(seat),
        conn,
        bytes: join,
        now_ms: 10,
    });
    assert!(fx
        .iter()
        .any(|e| matches!(e, HostEffect::SeatKey(s) if *s == seat)));
    assert!(!fx.iter().any(|e| matches!(e, HostEffect::Send { .. })));
    assert_eq!(
        t.session().and_then(|s| s.presence(seat)).map(|p| p.name),
        Some("Leo".to_string())
    );
    let fx = t.update(HostEvent::Start {
        now_ms: 20,
        secret: Some(Secret([3; 32])),
        fixed: false,
    });
    assert_eq!(t.mode(), &Mode::Dealing { seats: vec![seat] });
    let sealed = fx.iter().any(|e| match e {
        HostEffect::Send { bytes, .. } => {
            matches!(HostMessage::decode(bytes), Ok(HostMessage::Sealed { .. }))
        }
        _ => false,
    });
    assert!(sealed, "the seal goes to the friend");
    let contribution = GuestMessage::Contribute {
        number: 1,
        contribution: Contribution([5; 16]),
    }
    .encode();
    let fx = t.update(HostEvent::Received {
        peer: Peer::Seat(seat),
        conn,
        bytes: contribution,
        now_ms: 30,
    });
    assert_eq!(t.mode(), &Mode::Playing);
    let welcomed = fx.iter().any(|e| match e {
        HostEffect::Send { bytes, .. } => {
            matches!(HostMessage::decode(bytes), Ok(HostMessage::Welcome(w)) if w.place == seat)
        }
        _ => false,
    });
    assert!(welcomed, "the held join is read at the start");
    assert!(fx.iter().any(|e| matches!(e, HostEffect::Begin(_))));
    assert!(t.deals().kept().is_some(), "the deal's proof is kept");
}

/// The deal goes ahead without a friend who sends nothing, when the
/// wake-up comes, and the friends are told whose share is missing.
#[test]
fn a_silent_friend_cannot_hold_the_deal_back() {
    let mut t = table(4, 2);
    let mut conns = Vec::new();
    for seat in [Seat(1), Seat(3)] {
        let conn = invited_and_open(&mut t, seat);
        let join = GuestMessage::Join {
            name: format!("F{}", seat.0),
        };
        t.update(HostEvent::Received {
            peer: Peer::Seat(seat),
            conn,
            bytes: join.encode(),
            now_ms: 5,
        });
        conns.push(conn);
    }
    let fx = t.update(HostEvent::Start {
        now_ms: 100,
        secret: Some(Secret([1; 32])),
        fixed: false,
    });
    let at = fx
        .iter()
        .find_map(|e| match e {
            HostEffect::WakeAt { at_ms } => Some(*at_ms),
            _ => None,
        })
        .expect("a wake-up for the deal's end");
    // Early: nothing happens, and the table asks again.
    let fx = t.update(HostEvent::Tick { now_ms: at - 1 });
    assert!(matches!(t.mode(), Mode::Dealing { .. }));
    assert!(fx.iter().any(|e| matches!(e, HostEffect::WakeAt { .. })));
    let fx = t.update(HostEvent::Tick { now_ms: at });
    assert_eq!(t.mode(), &Mode::Playing);
    let told = fx
        .iter()
        .filter(|e| match e {
            HostEffect::Send { bytes, .. } => matches!(
                HostMessage::decode(bytes),
                Ok(HostMessage::DealtWithout { seats, .. }) if *seats == vec![Seat(1), Seat(3)]
            ),
            _ => false,
        })
        .count();
    assert_eq!(told, 2, "both friends hear whose share was missing");
}

/// Before the start a friend who floods is let go; their messages are
/// never read.
#[test]
fn a_flood_before_the_start_closes_the_connection() {
    let mut t = table(2, 4);
    let seat = Seat(1);
    let conn = invited_and_open(&mut t, seat);
    let mut closed = false;
    for i in 0..200 {
        // Joins held: the first one only. A long name each time.
        let fx = t.update(HostEvent::Received {
            peer: Peer::Seat(seat),
            conn,
            bytes: GuestMessage::Join {
                name: format!("{i}"),
            }
            .encode(),
            now_ms: i,
        });
        closed |= fx.iter().any(|e| matches!(e, HostEffect::Close { .. }));
    }
    // A join repeated is not a flood: the first is the one held.
    assert!(!closed);
    assert_eq!(t.open(seat), Some(true));
    // Moves before the start are dropped, never held.
    let act = GuestMessage::Resync.encode();
    let fx = t.update(HostEvent::Received {
        peer: Peer::Seat(seat),
        conn,
        bytes: act,
        now_ms: 300,
    });
    assert!(fx.iter().all(|e| !matches!(e, HostEffect::Send { .. })));
}

/// A new tab of a seat's holder: the old page is told and let go, and
/// whatever its connection reports later changes nothing.
#[test]
fn a_replaced_connection_is_told_then_ignored() {
    let mut t = table(2, 5);
    let seat = Seat(1);
    let conn = invited_and_open(&mut t, seat);
    let fx = t.update(HostEvent::Replace(seat));
    let told = fx.iter().any(|e| match e {
        HostEffect::Send { bytes, conn: c } => {
            *c == conn && matches!(HostMessage::decode(bytes), Ok(HostMessage::Replaced))
        }
        _ => false,
    });
    assert!(told);
    assert!(fx
        .iter()
        .any(|e| matches!(e, HostEffect::CloseSoon { conn: c } if *c == conn)));
    let fx = t.update(HostEvent::Received {
        peer: Peer::Seat(seat),
        conn,
        bytes: GuestMessage::Resync.encode(),
        now_ms: 1,
    });
    assert!(fx.iter().all(|e| !matches!(e, HostEffect::Send { .. })));
    let mut fx = Vec::new();
    let newer = t
        .connect(Peer::Seat(seat), &mut fx)
        .expect("a new connection");
    assert_ne!(newer, conn);
    assert!(t.is_latest(Peer::Seat(seat), newer));
    assert!(!t.is_latest(Peer::Seat(seat), conn));
}

/// Watchers take free places up to the cap; a watcher who leaves frees
/// theirs; stopping the share tells each and lets each go.
#[test]
fn watchers_fill_their_places_and_leave_them() {
    let mut t = table(3, 6);
    let mut seated = Vec::new();
    while let Some((w, conn)) = t.seat_watcher() {
        t.update(HostEvent::Opened {
            peer: Peer::Watcher(w),
            conn,
        });
        seated.push((w, conn));
    }
    assert_eq!(seated.len(), ono99::online::watch::MAX_WATCHERS);
    assert_eq!(t.watcher_count(), seated.len());
    let (w, conn) = seated[3];
    t.update(HostEvent::Closed {
        peer: Peer::Watcher(w),
        conn,
    });
    assert_eq!(t.watcher_count(), seated.len() - 1);
    let (again, _) = t.seat_watcher().expect("the freed place");
    assert_eq!(again, w);
    let fx = t.update(HostEvent::StopWatchers);
    let notices = fx
        .iter()
        .filter(|e| match e {
            HostEffect::Send { bytes, .. } => {
                matches!(HostMessage::decode(bytes), Ok(HostMessage::SharingStopped))
            }
            _ => false,
        })
        .count();
    assert_eq!(
        notices,
        seated.len(),
        "each watcher (not the one still coming) told"
    );
    assert_eq!(t.watcher_count(), 0);
}

/// A friend seated by the table link whose connection never opens: after
/// `NO_PATH_MS` the lobby says no direct connection could be made; a
/// connection that opens in time, or later, says nothing.
#[test]
fn a_seat_answered_but_never_opened_is_told_no_direct_path() {
    use ono99::online::host::NO_PATH_MS;
    let mut t = table(4, 8);
    let mut fx = Vec::new();
    let late = t
        .connect(Peer::Seat(Seat(1)), &mut fx)
        .expect("a connection");
    let quick = t
        .connect(Peer::Seat(Seat(3)), &mut fx)
        .expect("a connection");
    let mut wakes = Vec::new();
    for (seat, conn) in [(Seat(1), late), (Seat(3), quick)] {
        let fx = t.update(HostEvent::Answered {
            seat,
            conn,
            now_ms: 1_000,
        });
        wakes.extend(fx.iter().filter_map(|e| match e {
            HostEffect::WakeAt { at_ms } => Some(*at_ms),
            _ => None,
        }));
    }
    assert_eq!(
        wakes,
        vec![1_000 + NO_PATH_MS; 2],
        "a wake-up for each answer"
    );
    t.update(HostEvent::Opened {
        peer: Peer::Seat(Seat(3)),
        conn: quick,
    });
    t.update(HostEvent::Tick {
        now_ms: 1_000 + NO_PATH_MS - 1,
    });
    assert!(!t.no_direct_path(Seat(1)), "told too early");
    let fx = t.update(HostEvent::Tick {
        now_ms: 1_000 + NO_PATH_MS,
    });
    assert!(t.no_direct_path(Seat(1)));
    assert!(fx.iter().any(|e| matches!(e, HostEffect::Changed)));
    assert!(!t.no_direct_path(Seat(3)), "an open connection has a path");
    // It opens after all: nothing more to say.
    t.update(HostEvent::Opened {
        peer: Peer::Seat(Seat(1)),
        conn: late,
    });
    assert!(!t.no_direct_path(Seat(1)));
    // A stale answer (a newer connection since) changes nothing.
    let mut fx = Vec::new();
    let newer = t
        .connect(Peer::Seat(Seat(1)), &mut fx)
        .expect("a connection");
    let fx = t.update(HostEvent::Answered {
        seat: Seat(1),
        conn: late,
        now_ms: 50_000,
    });
    assert!(fx.is_empty());
    t.update(HostEvent::Tick {
        now_ms: 50_000 + NO_PATH_MS,
    });
    assert!(!t.no_direct_path(Seat(1)), "{newer:?} was never answered");
}
