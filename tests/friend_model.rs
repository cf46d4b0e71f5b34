//! The friend's side of an online table as a pure state machine (issue
//! 37, `online::friend`): thousands of seeded random event sequences —
//! clicks, the browser's answers, relays' answers (right, wrong, late),
//! a real host's messages, garbage, timers on time and stale — and after
//! every event the invariants of a friend's page:
//!
//! - a game action goes only from an open table (Playing), and once a
//!   ply until the host says something;
//! - every message goes on an open channel, every knock while knocking;
//! - every timer is for now or later; a timer cancelled or replaced does
//!   nothing when it fires; a live one does what it was for;
//! - a watcher keeps no key, no seat, and sends no seat's message;
//! - once replaced (another tab took the seat), nothing knocks until
//!   "Play here"; once gone, nothing at all;
//! - garbage from the host changes nothing but a notice (and a resync).

use ono99::bots::Level;
use ono99::online::friend::{
    Entry, Fresh, FriendEffect, FriendEvent, FriendTable, Mode, Notice, TimerId, TimerKind,
};
use ono99::online::host::{HostSession, Mover, Outgoing, SeatKind, SeatSetup, TableSetup};
use ono99::online::protocol::{GuestMessage, HostMessage};
use ono99::online::reactions::Reaction;
use ono99::online::sdp::CompactSdp;
use ono99::online::signal::envelope::SeatReply;
use ono99::online::signal::seat_key::KeptSeat;
use ono99::online::signal::{HostAnswer, OfferId, Refused, SeatKey};
use ono99::online::watch::Peer;
use ono99::online::watch::WatcherId;
use ono99::rules::{Action, Rng, RuleSet, Seat};
use std::collections::BTreeMap;

fn offer_sdp() -> CompactSdp {
    CompactSdp::from_sdp(include_str!("fixtures/chromium-offer.sdp")).expect("a real offer")
}

fn answer_sdp() -> CompactSdp {
    CompactSdp::from_sdp(include_str!("fixtures/chromium-answer.sdp")).expect("a real answer")
}

const TABLE: &str = "00112233445566778899aabbccddeeff";

fn host_session(n: usize, seed: u64) -> HostSession {
    let seats = (0..n)
        .map(|i| SeatSetup {
            name: format!("Seat {i}"),
            kind: match i {
                0 => SeatKind::Host,
                1 => SeatKind::Guest,
                _ => SeatKind::Bot(Level::Easy),
            },
        })
        .collect();
    HostSession::new(
        TableSetup {
            rules: RuleSet::modern(),
            seats,
        },
        seed,
    )
    .expect("a table")
}

fn kind(mode: &Mode) -> &'static str {
    match mode {
        Mode::Ready { .. } => "ready",
        Mode::Preparing => "preparing",
        Mode::Reply(_) => "reply",
        Mode::Knocking(_) => "knocking",
        Mode::Seating(_) => "seating",
        Mode::NoPath => "no path",
        Mode::Connected(_) => "connected",
        Mode::Playing(_) => "playing",
        Mode::Lost => "lost",
        Mode::Failed => "failed",
        Mode::Refused(_) => "refused",
        Mode::Unanswered => "unanswered",
        Mode::Replaced => "replaced",
        Mode::LetGo => "let go",
        Mode::Left => "left",
    }
}

/// What the runs saw, so a test that saw nothing fails.
#[derive(Default, Debug)]
struct Seen {
    events: usize,
    playing: usize,
    acts: usize,
    knocks: usize,
    stale_timers: usize,
    garbage: usize,
    replaced: usize,
    keys: usize,
    reactions: usize,
}

struct Sim<'a> {
    rng: Rng,
    host: HostSession,
    me: Peer,
    page: FriendTable,
    now: u64,
    /// The timers started and not cancelled, and when they fire.
    timers: BTreeMap<TimerId, u64>,
    /// Timers cancelled or fired (a stale id to fire again).
    stale: Vec<TimerId>,
    /// Host messages on their way to the page.
    inbox: Vec<Vec<u8>>,
    /// Whether the host's side of a connection stands.
    connected: bool,
    /// A preparation is under way (the page asked `Prepare`).
    preparing: bool,
    /// Offer ids the page sent through the relays.
    knocks: Vec<OfferId>,
    /// An action asked and no word from the host since: its ply.
    asked: Option<u32>,
    /// Replaced, and "Play here" not pressed since.
    replaced: bool,
    seen: &'a mut Seen,
    label: String,
}

impl Sim<'_> {
    fn fresh(&mut self) -> Option<Fresh> {
        if self.rng.below(40) == 0 {
            return None;
        }
        let mut b = [0u8; 32];
        for chunk in b.chunks_mut(8) {
            chunk.copy_from_slice(&self.rng.next_u64().to_le_bytes()[..chunk.len()]);
        }
        Some(Fresh(b))
    }

    fn watching(&self) -> bool {
        self.page.entry() == &Entry::Watch
    }

    /// One event through the model, the invariants checked on what it gave.
    fn step(&mut self, event: FriendEvent) {
        self.seen.events += 1;
        let before = self.page.mode().clone();
        let mirror_before = self.page.mirror().clone();
        let notices_before = self.page.notices().to_vec();
        let label = format!("{} {:?} in {}", self.label, event, kind(&before));
        let live_timer = match &event {
            FriendEvent::Timer { id, .. } => Some((*id, self.timers.contains_key(id))),
            _ => None,
        };
        let garbage = matches!(&event, FriendEvent::Received { bytes, .. } if HostMessage::decode(bytes).is_err());
        if matches!(event, FriendEvent::Join) {
            self.replaced = false;
        }
        if matches!(event, FriendEvent::Received { .. }) {
            self.asked = None;
        }
        let opening = matches!(event, FriendEvent::ChannelOpen { .. });
        let offered = matches!(event, FriendEvent::Offered { .. });
        let fx = self.page.update(event);
        let open_before = matches!(before, Mode::Connected(_) | Mode::Playing(_));
        for effect in &fx {
            match effect {
                FriendEffect::StartTimer { id, at_ms } => {
                    assert!(*at_ms >= self.now, "{label}: a timer in the past");
                    assert!(
                        !self.timers.contains_key(id),
                        "{label}: a timer id used twice"
                    );
                    self.timers.insert(*id, *at_ms);
                }
                FriendEffect::CancelTimer(id) if self.timers.remove(id).is_some() => {
                    self.stale.push(*id);
                }
                FriendEffect::Send(msg) => {
                    assert!(
                        open_before || opening,
                        "{label}: {msg:?} sent with no channel"
                    );
                    if let GuestMessage::Act { ply, .. } = msg {
                        assert!(
                            matches!(before, Mode::Playing(_)),
                            "{label}: an action outside Playing"
                        );
                        assert_ne!(self.asked, Some(*ply), "{label}: two actions for one ply");
                        self.asked = Some(*ply);
                        self.seen.acts += 1;
                    }
                    if self.watching() {
                        assert!(
                            matches!(
                                msg,
                                GuestMessage::Watch { .. }
                                    | GuestMessage::Ping { .. }
                                    | GuestMessage::Resync
                            ),
                            "{label}: a watcher sent {msg:?}"
                        );
                    }
                    if self.connected {
                        let out = self.host.handle_at(self.me, &msg.encode(), self.now);
                        self.post(out);
                    }
                }
                FriendEffect::AskSeatBack => {
                    assert!(!self.watching(), "{label}: a watcher asks for a seat");
                    assert!(open_before, "{label}: I'm back with no channel");
                }
                FriendEffect::Knock(offer) => {
                    assert!(
                        matches!(before, Mode::Knocking(_)) || offered,
                        "{label}: a knock outside knocking"
                    );
                    assert!(!self.replaced, "{label}: a replaced page knocks");
                    assert_eq!(offer.sent_at_ms, self.now, "{label}");
                    if self.watching() {
                        assert!(offer.proof.is_none() && offer.seat.is_none(), "{label}");
                    }
                    self.knocks.push(offer.offer_id);
                    self.seen.knocks += 1;
                }
                FriendEffect::Prepare => {
                    assert!(!self.replaced, "{label}: a replaced page prepares a knock");
                    self.preparing = true;
                }
                FriendEffect::StoreKey(kept) => {
                    assert!(!self.watching(), "{label}: a watcher keeps a key");
                    assert_eq!(kept.table, TABLE, "{label}");
                    assert_eq!(Some(kept.seat), self.page.seat(), "{label}");
                    self.seen.keys += 1;
                }
                FriendEffect::KeepTabSeat { .. } => {
                    assert!(!self.watching(), "{label}: a watcher keeps a seat");
                }
                FriendEffect::ClosePeer | FriendEffect::DropPeer => self.connected = false,
                _ => {}
            }
        }
        if before == Mode::Left {
            assert!(
                fx.iter()
                    .all(|e| matches!(e, FriendEffect::DropPeer | FriendEffect::Redraw)),
                "{label}: a page that left did {fx:?}"
            );
        }
        if let Some((id, live)) = live_timer {
            self.timers.remove(&id);
            if live {
                self.stale.push(id);
                // A live timer does what it was for.
                match id.kind {
                    TimerKind::Keepalive if open_before => {
                        let again = fx.iter().any(|e| matches!(e, FriendEffect::StartTimer { id: t, .. } if t.kind == TimerKind::Keepalive));
                        assert!(again, "{label}: the keepalive stopped");
                    }
                    TimerKind::Knock if matches!(before, Mode::Knocking(_)) => {
                        let acted = matches!(self.page.mode(), Mode::Unanswered)
                            || fx.iter().any(|e| matches!(e, FriendEffect::StartTimer { id: t, .. } if t.kind == TimerKind::Knock));
                        assert!(acted, "{label}: the knock stopped");
                    }
                    _ => {}
                }
            } else {
                self.seen.stale_timers += 1;
                assert!(fx.is_empty(), "{label}: a stale timer did {fx:?}");
            }
        }
        if garbage {
            self.seen.garbage += 1;
            assert_eq!(kind(self.page.mode()), kind(&before), "{label}");
            let m = self.page.mirror();
            assert_eq!(m.view(), mirror_before.view(), "{label}");
            assert_eq!(m.ply(), mirror_before.ply(), "{label}");
            assert_eq!(m.welcome(), mirror_before.welcome(), "{label}");
            for n in self.page.notices() {
                assert!(
                    notices_before.contains(n)
                        || matches!(n, Notice::BadView | Notice::OtherVersion),
                    "{label}: {n:?}"
                );
            }
            assert!(fx.iter().all(|e| matches!(
                e,
                FriendEffect::Send(GuestMessage::Resync) | FriendEffect::Redraw
            )));
        }
        if matches!(self.page.mode(), Mode::Playing(_)) {
            self.seen.playing += 1;
        }
        if *self.page.mode() == Mode::Replaced && before != Mode::Replaced {
            self.replaced = true;
            self.seen.replaced += 1;
        }
        if self.watching() {
            assert_eq!(self.page.seat(), None, "{label}: a watcher holds a seat");
        }
        self.seen.reactions = self
            .seen
            .reactions
            .max(self.page.reactions().count() as usize);
    }

    fn post(&mut self, out: Vec<(Peer, Outgoing)>) {
        for (seat, o) in out {
            if seat != self.me {
                continue;
            }
            match o {
                Outgoing::Message(m) => self.inbox.push(m.encode()),
                Outgoing::Close => self.connected = false,
            }
        }
    }

    /// The host's side moves the match on, once.
    fn host_moves(&mut self) {
        let out = match self.host.mover() {
            Some(Mover::Bot(..)) => self.host.play_bot(&mut self.rng),
            Some(Mover::Local(s)) => {
                let action = self.host.game().legal_actions()[0];
                self.host.act_local(s, action).ok()
            }
            _ => None,
        };
        if let Some(out) = out {
            self.post(out);
        }
    }

    fn garbage(&mut self) -> Vec<u8> {
        match self.rng.below(4) {
            0 => (0..self.rng.below(80))
                .map(|_| self.rng.below(256) as u8)
                .collect(),
            1 => br#"{"v":999,"t":"sync"}"#.to_vec(),
            2 => {
                let mut b = HostMessage::Pong { nonce: 1, ply: 0 }.encode();
                b.truncate(b.len() / 2);
                b
            }
            _ => b"\xff\xfe not json".to_vec(),
        }
    }

    fn random_event(&mut self) -> FriendEvent {
        let now_ms = self.now;
        match self.rng.below(22) {
            0 => FriendEvent::Join,
            1 => FriendEvent::Name(["Bo", " Ana ", "", "Zoë"][self.rng.below(4)].into()),
            2 | 3 if self.preparing => {
                self.preparing = false;
                let ok = self.rng.below(10) > 0;
                match self.page.entry() {
                    Entry::Invite => FriendEvent::ReplyReady(ok.then(|| "code".into())),
                    _ => {
                        let kept = (self.rng.below(2) == 0).then(|| KeptSeat {
                            table: TABLE.into(),
                            seat: Seat(1),
                            key: SeatKey([7; 16]),
                            name: "Bo".into(),
                        });
                        FriendEvent::Offered {
                            offer: ok.then(offer_sdp),
                            kept,
                            now_ms,
                            fresh: self.fresh(),
                        }
                    }
                }
            }
            4 => {
                // An answer: mostly to one of this page's knocks.
                let offer_id = match self.knocks.len() {
                    0 => OfferId([9; 8]),
                    n if self.rng.below(5) > 0 => self.knocks[self.rng.below(n)],
                    _ => OfferId([1; 8]),
                };
                let seat = self.me.seat().unwrap_or(Seat(0));
                let reply = match self.rng.below(6) {
                    0 => SeatReply::Refused(Refused::TableFull),
                    1 => SeatReply::Asked {
                        seat,
                        name: "Bo".into(),
                    },
                    _ => SeatReply::Seated {
                        seat,
                        answer: answer_sdp(),
                    },
                };
                FriendEvent::Answer {
                    answer: HostAnswer {
                        offer_id,
                        sent_at_ms: now_ms,
                        reply,
                    },
                    now_ms,
                }
            }
            5 if self.rng.below(8) == 0 => FriendEvent::AnswerNotTaken,
            6 | 7 => {
                // The connection opens (on the host's side too).
                if !self.connected {
                    self.connected = true;
                    self.inbox.clear();
                }
                FriendEvent::ChannelOpen { now_ms }
            }
            8..=11 if !self.inbox.is_empty() => {
                let bytes = self.inbox.remove(0);
                FriendEvent::Received {
                    bytes,
                    now_ms,
                    fresh: self.fresh(),
                }
            }
            12 => FriendEvent::Received {
                bytes: self.garbage(),
                now_ms,
                fresh: self.fresh(),
            },
            13 => {
                let msg = match self.rng.below(3) {
                    0 => HostMessage::Replaced,
                    1 => HostMessage::SharingStopped,
                    _ => HostMessage::SeatKey {
                        key: "ab".repeat(16),
                    },
                };
                FriendEvent::Received {
                    bytes: msg.encode(),
                    now_ms,
                    fresh: self.fresh(),
                }
            }
            14 if self.rng.below(6) == 0 => {
                if self.connected {
                    let out = self.host.disconnect(self.me);
                    self.post(out);
                    self.connected = false;
                }
                self.inbox.clear();
                FriendEvent::ChannelClosed
            }
            15 | 16 => {
                // A timer: mostly the next one due, sometimes a stale one.
                let id = match (self.rng.below(6), self.stale.len()) {
                    (0, n) if n > 0 => Some(self.stale[self.rng.below(n)]),
                    _ => self
                        .timers
                        .iter()
                        .min_by_key(|(_, at)| **at)
                        .map(|(id, at)| {
                            self.now = self.now.max(*at);
                            *id
                        }),
                };
                match id {
                    Some(id) => FriendEvent::Timer {
                        id,
                        now_ms: self.now,
                        fresh: self.fresh(),
                    },
                    None => FriendEvent::Name("Bo".into()),
                }
            }
            17 | 18 => {
                let action = match self.page.mirror().view() {
                    Some(v) if self.rng.below(3) > 0 && v.my_turn() => self
                        .host
                        .game()
                        .legal_actions()
                        .first()
                        .copied()
                        .unwrap_or(Action::DiscardFourOno),
                    Some(v) => v
                        .hand
                        .first()
                        .map_or(Action::DiscardFourOno, |&c| Action::Play(c)),
                    None => Action::DiscardFourOno,
                };
                FriendEvent::Act(action)
            }
            19 => FriendEvent::React {
                reaction: Reaction::ALL[self.rng.below(Reaction::ALL.len())],
                now_ms,
            },
            20 => match self.rng.below(4) {
                0 => FriendEvent::Mute(Seat(self.rng.below(3) as u8)),
                1 if self.rng.below(10) == 0 => FriendEvent::Leave,
                _ => FriendEvent::Back,
            },
            _ => {
                self.host_moves();
                self.now += self.rng.below(3_000) as u64;
                FriendEvent::Name(self.page.name().to_string())
            }
        }
    }
}

fn run(index: u64, seen: &mut Seen) {
    let mut rng = Rng::new(0xF12E ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let n = 2 + rng.below(3);
    let host = host_session(n, rng.next_u64());
    let (entry, me) = match index % 3 {
        0 => (Entry::Invite, Peer::Seat(Seat(1))),
        1 => (
            Entry::Link {
                table: TABLE.into(),
            },
            Peer::Seat(Seat(1)),
        ),
        _ => (
            Entry::Watch,
            Peer::Watcher(WatcherId::new(0).expect("a watcher's place")),
        ),
    };
    // Now and then a tab that sat here (a reload), or a browser that did.
    let tab_seat = (rng.below(4) == 0).then(|| (Seat(1), "Bo".to_string()));
    let kept = (rng.below(4) == 0).then(|| KeptSeat {
        table: TABLE.into(),
        seat: Seat(1),
        key: SeatKey([3; 16]),
        name: "Bo".into(),
    });
    let (page, fx) = FriendTable::new(entry, tab_seat, kept);
    let mut sim = Sim {
        rng,
        host,
        me,
        page,
        now: 1_000,
        timers: BTreeMap::new(),
        stale: Vec::new(),
        inbox: Vec::new(),
        connected: false,
        preparing: fx.contains(&FriendEffect::Prepare),
        knocks: Vec::new(),
        asked: None,
        replaced: false,
        seen,
        label: format!("run {index}:"),
    };
    if sim.watching() {
        assert!(fx.is_empty(), "a watcher's page does nothing by itself");
    }
    for _ in 0..400 {
        let event = sim.random_event();
        sim.step(event);
    }
}

#[test]
fn a_friends_page_keeps_its_invariants_over_random_events() {
    let mut seen = Seen::default();
    for index in 0..3_000 {
        run(index, &mut seen);
    }
    eprintln!("{seen:?}");
    // The runs reached what the invariants are about.
    assert!(seen.playing > 10_000, "{seen:?}");
    assert!(seen.acts > 1_000, "{seen:?}");
    assert!(seen.knocks > 1_000, "{seen:?}");
    assert!(seen.stale_timers > 1_000, "{seen:?}");
    assert!(seen.garbage > 10_000, "{seen:?}");
    assert!(seen.replaced > 100, "{seen:?}");
    assert!(seen.keys > 100, "{seen:?}");
    assert!(seen.reactions > 0, "{seen:?}");
}

// ----- scenarios --------------------------------------------------------------

fn fresh(byte: u8) -> Option<Fresh> {
    Some(Fresh([byte; 32]))
}

fn link() -> Entry {
    Entry::Link {
        table: TABLE.into(),
    }
}

fn kept(seat: u8) -> KeptSeat {
    KeptSeat {
        table: TABLE.into(),
        seat: Seat(seat),
        key: SeatKey([5; 16]),
        name: "Bo".into(),
    }
}

fn sent(fx: &[FriendEffect]) -> Vec<&GuestMessage> {
    fx.iter()
        .filter_map(|e| match e {
            FriendEffect::Send(m) => Some(m),
            _ => None,
        })
        .collect()
}

fn timer(fx: &[FriendEffect], kind: TimerKind) -> Option<(TimerId, u64)> {
    fx.iter().find_map(|e| match e {
        FriendEffect::StartTimer { id, at_ms } if id.kind == kind => Some((*id, *at_ms)),
        _ => None,
    })
}

/// A page by the table link, knocking for `seat` with `kept`'s key.
fn knocking(page: &mut FriendTable, kept: Option<KeptSeat>) -> Vec<FriendEffect> {
    page.update(FriendEvent::Offered {
        offer: Some(offer_sdp()),
        kept,
        now_ms: 1_000,
        fresh: fresh(1),
    })
}

#[test]
fn a_reload_knocks_for_its_seat_at_once_and_a_kept_key_waits_for_join() {
    // A reload of a tab that sat at seat 2: it knocks for it by itself.
    let (page, fx) = FriendTable::new(link(), Some((Seat(2), "Bo".into())), None);
    assert!(fx.contains(&FriendEffect::Prepare), "{fx:?}");
    assert_eq!(page.mode(), &Mode::Preparing);
    assert_eq!(page.seat(), Some(Seat(2)));

    // A browser that held seat 3: offered back, nothing sent until Join.
    let (mut page, fx) = FriendTable::new(link(), None, Some(kept(3)));
    assert!(!fx.contains(&FriendEffect::Prepare), "{fx:?}");
    assert_eq!(page.returning().map(|r| r.seat), Some(Seat(3)));
    assert!(page
        .update(FriendEvent::Join)
        .contains(&FriendEffect::Prepare));
    let fx = knocking(&mut page, Some(kept(3)));
    let offer = fx
        .iter()
        .find_map(|e| match e {
            FriendEffect::Knock(o) => Some(o.clone()),
            _ => None,
        })
        .expect("the first knock at once");
    assert_eq!(offer.seat, Some(Seat(3)));
    assert_eq!(offer.name, "Bo");
    assert_eq!(
        offer.proof,
        Some(SeatKey([5; 16]).proof(&offer.offer_id, &offer_sdp()))
    );
    // A key for another seat proves nothing.
    let (mut page, _) = FriendTable::new(link(), Some((Seat(1), "Bo".into())), None);
    let fx = knocking(&mut page, Some(kept(3)));
    assert!(fx.iter().any(
        |e| matches!(e, FriendEffect::Knock(o) if o.proof.is_none() && o.seat == Some(Seat(1)))
    ));
    // A key of another table is not this one's.
    let other = KeptSeat {
        table: "ff".repeat(16),
        ..kept(3)
    };
    let (page, _) = FriendTable::new(link(), None, Some(other));
    assert_eq!(page.returning(), None);
}

#[test]
fn the_join_is_said_again_until_the_host_is_heard() {
    let (mut page, _) = FriendTable::new(Entry::Invite, None, None);
    page.update(FriendEvent::Name("Bo".into()));
    assert!(page
        .update(FriendEvent::Join)
        .contains(&FriendEffect::Prepare));
    page.update(FriendEvent::ReplyReady(Some("code".into())));
    assert_eq!(page.mode(), &Mode::Reply("code".into()));
    let fx = page.update(FriendEvent::ChannelOpen { now_ms: 10_000 });
    assert_eq!(
        sent(&fx),
        [&GuestMessage::Join { name: "Bo".into() }],
        "{fx:?}"
    );
    let (again, at) = timer(&fx, TimerKind::JoinAgain).expect("the join said again");
    assert_eq!(at, 12_000);
    let fx = page.update(FriendEvent::Timer {
        id: again,
        now_ms: at,
        fresh: None,
    });
    assert_eq!(sent(&fx), [&GuestMessage::Join { name: "Bo".into() }]);
    let first = again;
    let (again, at) = timer(&fx, TimerKind::JoinAgain).expect("and again");
    assert_eq!(at, 14_000);
    // The first timer, fired again, is stale: nothing.
    let fx = page.update(FriendEvent::Timer {
        id: first,
        now_ms: 13_000,
        fresh: None,
    });
    assert!(fx.is_empty(), "{fx:?}");
    // The host answers (a join that crossed the table): heard.
    let crossed = HostMessage::Refused {
        refusal: ono99::online::Refusal::AlreadyJoined,
        ply: 0,
    };
    let fx = page.update(FriendEvent::Received {
        bytes: crossed.encode(),
        now_ms: 13_000,
        fresh: None,
    });
    assert!(sent(&fx).is_empty(), "{fx:?}");
    assert!(!page.refused(), "a crossed join is taken in silence");
    let fx = page.update(FriendEvent::Timer {
        id: again,
        now_ms: at,
        fresh: None,
    });
    assert!(fx.is_empty(), "heard: no join again, {fx:?}");
}

#[test]
fn a_replaced_page_stops_until_play_here() {
    let (mut page, _) = FriendTable::new(link(), Some((Seat(1), "Bo".into())), None);
    knocking(&mut page, None);
    let seated = HostAnswer {
        offer_id: OfferId([1; 8]),
        sent_at_ms: 0,
        reply: SeatReply::Seated {
            seat: Seat(1),
            answer: answer_sdp(),
        },
    };
    let fx = page.update(FriendEvent::Answer {
        answer: seated,
        now_ms: 1_500,
    });
    assert!(
        fx.contains(&FriendEffect::AcceptAnswer(answer_sdp())),
        "{fx:?}"
    );
    assert!(fx.contains(&FriendEffect::StopRelays));
    assert!(matches!(page.mode(), Mode::Seating(_)));
    let fx = page.update(FriendEvent::ChannelOpen { now_ms: 2_000 });
    let keepalive = timer(&fx, TimerKind::Keepalive).expect("a keepalive");
    let fx = page.update(FriendEvent::Received {
        bytes: HostMessage::SeatKey {
            key: "0a".repeat(16),
        }
        .encode(),
        now_ms: 2_100,
        fresh: None,
    });
    assert!(
        fx.iter()
            .any(|e| matches!(e, FriendEffect::StoreKey(k) if k.seat == Seat(1))),
        "{fx:?}"
    );
    let fx = page.update(FriendEvent::Received {
        bytes: HostMessage::Replaced.encode(),
        now_ms: 2_200,
        fresh: None,
    });
    assert_eq!(page.mode(), &Mode::Replaced);
    assert!(fx.contains(&FriendEffect::ForgetTabSeat));
    assert!(fx.contains(&FriendEffect::CancelTimer(keepalive.0)));
    // The host closes it: it stays so, and knocks no more.
    assert_eq!(
        page.update(FriendEvent::ChannelClosed),
        [FriendEffect::DropPeer]
    );
    assert_eq!(page.mode(), &Mode::Replaced);
    let fx = page.update(FriendEvent::Timer {
        id: keepalive.0,
        now_ms: keepalive.1,
        fresh: None,
    });
    assert!(fx.is_empty(), "{fx:?}");
    // "Play here": a knock for the same seat, proved with the key kept
    // (storage holds it now).
    assert!(page
        .update(FriendEvent::Join)
        .contains(&FriendEffect::Prepare));
    let stored = KeptSeat {
        key: SeatKey([0x0a; 16]),
        ..kept(1)
    };
    let fx = knocking(&mut page, Some(stored));
    assert!(fx.iter().any(|e| matches!(
        e,
        FriendEffect::Knock(o) if o.seat == Some(Seat(1))
            && o.proof == Some(SeatKey([0x0a; 16]).proof(&o.offer_id, &offer_sdp()))
    )));
}

#[test]
fn a_lost_connection_knocks_again_but_not_after_leaving() {
    let (mut page, _) = FriendTable::new(link(), Some((Seat(1), "Bo".into())), None);
    knocking(&mut page, None);
    page.update(FriendEvent::Answer {
        answer: HostAnswer {
            offer_id: OfferId([1; 8]),
            sent_at_ms: 0,
            reply: SeatReply::Seated {
                seat: Seat(1),
                answer: answer_sdp(),
            },
        },
        now_ms: 1_500,
    });
    page.update(FriendEvent::ChannelOpen { now_ms: 2_000 });
    let fx = page.update(FriendEvent::ChannelClosed);
    assert!(fx.contains(&FriendEffect::Prepare), "{fx:?}");
    assert_eq!(page.mode(), &Mode::Preparing);
    let fx = page.update(FriendEvent::Leave);
    assert!(fx.contains(&FriendEffect::ForgetTabSeat));
    assert_eq!(page.mode(), &Mode::Left);
    // The offer made meanwhile is not taken: nothing knocks.
    assert!(knocking(&mut page, None).is_empty());
    // By an invite, a lost connection is lost.
    let (mut page, _) = FriendTable::new(Entry::Invite, None, None);
    page.update(FriendEvent::Join);
    page.update(FriendEvent::ChannelOpen { now_ms: 0 });
    let fx = page.update(FriendEvent::ChannelClosed);
    assert!(!fx.contains(&FriendEffect::Prepare));
    assert_eq!(page.mode(), &Mode::Lost);
}

#[test]
fn a_watcher_keeps_no_key_and_is_let_go_for_good() {
    let (mut page, fx) =
        FriendTable::new(Entry::Watch, Some((Seat(1), "Bo".into())), Some(kept(1)));
    assert!(fx.is_empty(), "a watcher does nothing by itself: {fx:?}");
    assert_eq!(page.returning(), None);
    page.update(FriendEvent::Join);
    let fx = page.update(FriendEvent::Offered {
        offer: Some(offer_sdp()),
        kept: Some(kept(1)),
        now_ms: 0,
        fresh: fresh(2),
    });
    assert!(fx.iter().any(|e| matches!(
        e,
        FriendEffect::Knock(o) if o.seat.is_none() && o.proof.is_none()
    )));
    page.update(FriendEvent::Answer {
        answer: HostAnswer {
            offer_id: OfferId([2; 8]),
            sent_at_ms: 0,
            reply: SeatReply::Seated {
                seat: Seat(0),
                answer: answer_sdp(),
            },
        },
        now_ms: 1_500,
    });
    assert_eq!(page.seat(), None);
    let fx = page.update(FriendEvent::ChannelOpen { now_ms: 0 });
    assert_eq!(
        sent(&fx),
        [&GuestMessage::Watch {
            name: String::new()
        }]
    );
    let fx = page.update(FriendEvent::Received {
        bytes: HostMessage::SeatKey {
            key: "0a".repeat(16),
        }
        .encode(),
        now_ms: 1,
        fresh: None,
    });
    assert!(!fx.iter().any(|e| matches!(e, FriendEffect::StoreKey(_))));
    assert!(page.bad_view(), "a seat's key to a watcher is a bad table");
    page.update(FriendEvent::Received {
        bytes: HostMessage::SharingStopped.encode(),
        now_ms: 2,
        fresh: None,
    });
    assert!(page.sharing_stopped());
    assert_eq!(
        page.update(FriendEvent::ChannelClosed),
        [FriendEffect::DropPeer]
    );
    assert!(page.update(FriendEvent::Join).is_empty());
}

/// The host answers but no direct connection opens (issue 38): the page
/// says no direct connection can be made (knocking again could not help:
/// the door keeps the seat for the key it never received), and knocks
/// again only when asked. A connection that opens starts the count again.
#[test]
fn a_connection_that_never_opens_is_told_and_knocks_only_when_asked() {
    use ono99::online::friend::{Phase, MAX_UNOPENED, SEATING_MS};
    // Each knock of these pages sends the offer id its fresh bytes give.
    let seated = || FriendEvent::Answer {
        answer: HostAnswer {
            offer_id: OfferId([1; 8]),
            sent_at_ms: 0,
            reply: SeatReply::Seated {
                seat: Seat(1),
                answer: answer_sdp(),
            },
        },
        now_ms: 1_000,
    };
    assert_eq!(MAX_UNOPENED, 1);
    let (mut page, _) = FriendTable::new(link(), Some((Seat(1), "Bo".into())), None);
    knocking(&mut page, None);
    // The time to open passes.
    let fx = page.update(seated());
    let (opening, at) = timer(&fx, TimerKind::Seating).expect("a time to open");
    assert_eq!(at, 1_000 + SEATING_MS);
    assert_eq!(page.phase(), Phase::Knocking, "seating shows as knocking");
    let fx = page.update(FriendEvent::Timer {
        id: opening,
        now_ms: at,
        fresh: fresh(2),
    });
    assert!(fx.contains(&FriendEffect::ClosePeer), "{fx:?}");
    assert!(!fx.contains(&FriendEffect::Prepare), "{fx:?}");
    assert_eq!(page.phase(), Phase::NoPath);
    // Its timer again, or the browser's late word, changes nothing.
    assert!(page.update(FriendEvent::ChannelClosed).is_empty());
    assert_eq!(page.phase(), Phase::NoPath);
    // Join again (on another network, say): it knocks; the browser says
    // the connection closed before it opened: told again.
    assert!(page
        .update(FriendEvent::Join)
        .contains(&FriendEffect::Prepare));
    knocking(&mut page, None);
    page.update(seated());
    let fx = page.update(FriendEvent::ChannelClosed);
    assert!(fx
        .iter()
        .any(|e| matches!(e, FriendEffect::CancelTimer(t) if t.kind == TimerKind::Seating)));
    assert_eq!(page.phase(), Phase::NoPath);
    // A connection that opens: connected, and a loss later knocks again.
    page.update(FriendEvent::Join);
    knocking(&mut page, None);
    page.update(seated());
    page.update(FriendEvent::ChannelOpen { now_ms: 2_000 });
    assert_eq!(page.phase(), Phase::Connected);
    let fx = page.update(FriendEvent::ChannelClosed);
    assert!(
        fx.contains(&FriendEffect::Prepare),
        "a lost connection knocks again"
    );
}
