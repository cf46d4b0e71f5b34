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
//! - a link's door lets in only its own kind (a seat by the table link,
//!   a watcher by the watch link), and a seat's reply carries the answer
//!   made for that seat's latest connection;
//! - every wake-up asked for lies in the future, and a deal waiting is
//!   dealt when its wake-up comes;
//! - before the start nothing but a join is kept, and a flood closes the
//!   connection.

use ono99::bots::Level;
use ono99::online::fair::{Contribution, Secret};
use ono99::online::host::{
    ConnId, DealBook, HostEffect, HostEvent, HostSession, HostTable, LinkDoor, LinkEvent, Mode,
    Outbox, Route, SeatKind, SeatSetup, TableSetup,
};
use ono99::online::protocol::{GuestMessage, HostMessage, SeatEvent};
use ono99::online::sdp::CompactSdp;
use ono99::online::signal::relay::ReplyTo;
use ono99::online::signal::seat_key::KeptTable;
use ono99::online::signal::stream::Stream;
use ono99::online::signal::{FriendOffer, OfferId, SeatKey, SeatReply};
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
    /// The answer made for each connection a link's door asked for.
    answers: BTreeMap<ConnId, CompactSdp>,
    /// The key each seat's friend was sent last.
    keys: BTreeMap<Seat, SeatKey>,
    /// Offers sent so far (a friend may send one again).
    offers: Vec<FriendOffer>,
    /// The connections the brokers may carry, each with its friend's end
    /// of the stream.
    carried: BTreeMap<ConnId, (Peer, Stream)>,
}

/// A real browser's offer, the one every test offer is made from.
fn sdp() -> CompactSdp {
    CompactSdp::from_sdp(include_str!("fixtures/chromium-offer.sdp")).expect("a real offer")
}

/// Connection `n`'s offer by `name`, asking for `seat`: each `n` is
/// another connection (its own ICE user fragment).
fn offer(n: u32, name: &str, seat: Option<Seat>) -> FriendOffer {
    let mut offer = sdp();
    offer.ice_ufrag = format!("conn{n}");
    let mut id = [0u8; 8];
    id[..4].copy_from_slice(&n.to_be_bytes());
    FriendOffer {
        offer_id: OfferId(id),
        sent_at_ms: 1_000,
        name: name.to_string(),
        seat,
        offer,
        proof: None,
    }
}

fn route(relay: usize) -> Route {
    Route {
        relay,
        to: ReplyTo::Mqtt,
    }
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
    /// Offers made so far (each a new connection's, and offer id).
    offers: u32,
    /// Replies that went back by the links.
    replies: usize,
    /// The host's messages the friends' streams put together.
    carried_messages: usize,
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
            offers: 0,
            replies: 0,
            carried_messages: 0,
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
            match self.rng.below(18) {
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
                        return match self.rng.below(2) {
                            0 => HostEvent::BotTakes(seat),
                            _ => HostEvent::GiveBack(seat),
                        };
                    }
                }
                13 => return self.by_a_link(now_ms),
                16 | 17 => {
                    if let Some(event) = self.carried_frame(now_ms) {
                        return event;
                    }
                }
                14 => {
                    if let Some(event) = self.host_decides() {
                        return event;
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
                            return HostEvent::Send { out, now_ms };
                        }
                    }
                }
            }
        }
    }

    /// Someone comes by the table link or the watch link (the table
    /// link's door opens first): a stranger, a friend asking for a seat by
    /// name or number, a holder back with their key, the same connection
    /// asking again.
    fn by_a_link(&mut self, wall_ms: u64) -> HostEvent {
        if self.table.door_name(Seat(1)).is_none() {
            return HostEvent::TableDoorOpened {
                kept: KeptTable::default(),
                keys: [self.rng.below(256) as u8; 32],
            };
        }
        let link = if self.rng.below(4) == 0 {
            LinkDoor::Watch
        } else {
            LinkDoor::Table
        };
        let again = self.rng.below(5) == 0;
        let mut offer = match self.pick(&self.wires.offers.clone()) {
            Some(old) if again => {
                // The same connection again, under a new offer id.
                self.offers += 1;
                let mut id = [9u8; 8];
                id[..4].copy_from_slice(&self.offers.to_be_bytes());
                FriendOffer {
                    offer_id: OfferId(id),
                    ..old
                }
            }
            _ => {
                self.offers += 1;
                let name = format!("N{}", self.rng.below(6));
                let seat = (self.rng.below(2) == 0).then(|| Seat(self.rng.below(6) as u8));
                offer(self.offers, &name, seat)
            }
        };
        // A holder back with the key their seat's friend was sent.
        let keys: Vec<(Seat, SeatKey)> = self.wires.keys.iter().map(|(&s, &k)| (s, k)).collect();
        if let (Some((seat, key)), true) = (self.pick(&keys), self.rng.below(3) == 0) {
            offer.seat = Some(seat);
            offer.proof = Some(key.proof(&offer.offer_id, &offer.offer));
        }
        self.wires.offers.push(offer.clone());
        HostEvent::OfferHeard {
            link,
            route: route(self.rng.below(2)),
            offer,
            wall_ms,
        }
    }

    /// A frame through a broker on a connection the host listens for: a
    /// message of the friend's in their stream, a frame again, or garbage.
    fn carried_frame(&mut self, now_ms: u64) -> Option<HostEvent> {
        let conns: Vec<ConnId> = self.wires.carried.keys().copied().collect();
        let conn = self.pick(&conns)?;
        let peer = self.wires.carried.get(&conn)?.0;
        let bytes = self.bytes(peer);
        let garbage = self.rng.below(8) == 0;
        let (_, stream) = self.wires.carried.get_mut(&conn)?;
        if bytes.len() < 8_000 {
            let _ = stream.send(&bytes);
        }
        let frames = stream.due(now_ms);
        let frame = if garbage || frames.is_empty() {
            (0..self.rng.below(30))
                .map(|_| self.rng.below(256) as u8)
                .collect()
        } else {
            frames[self.rng.below(frames.len())].clone()
        };
        Some(HostEvent::Carried {
            conn,
            frame,
            now_ms,
        })
    }

    /// The host locks or opens the table link, answers a request for a
    /// held seat, or stops or starts sharing the watch link.
    fn host_decides(&mut self) -> Option<HostEvent> {
        let requests = self.table.seat_requests();
        Some(match self.rng.below(5) {
            0 => HostEvent::Lock(self.rng.below(2) == 0),
            1 => HostEvent::Allow {
                id: self.pick(&requests)?.id,
                point: None,
                wall_ms: self.now,
            },
            2 => HostEvent::Refuse(self.pick(&requests)?.id),
            3 => HostEvent::StopWatchers,
            _ => HostEvent::ShareWatch,
        })
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
                    if let (HostMessage::SeatKey { key }, Peer::Seat(seat)) = (&msg, peer) {
                        let key = SeatKey::from_hex(key).expect("a seat key the friend reads");
                        self.wires.keys.insert(seat, key);
                    }
                }
                HostEffect::Close { conn } | HostEffect::CloseSoon { conn } => {
                    closed_here.insert(*conn);
                }
                HostEffect::WakeAt { at_ms } => {
                    assert!(*at_ms >= self.now, "a wake-up in the past: {what}");
                }
                HostEffect::Answer { link, peer, .. } => match (link, peer) {
                    (LinkDoor::Table, Peer::Seat(seat)) => assert!(
                        self.table.guest_seats().contains(seat),
                        "the table link gave a seat that is no friend's: {what}"
                    ),
                    (LinkDoor::Watch, Peer::Watcher(_)) => {}
                    _ => panic!("a link's door let in the other link's kind: {what}"),
                },
                HostEffect::Reply { link, reply, .. } => {
                    self.replies += 1;
                    self.reply_fits(*link, reply, what);
                }
                HostEffect::ListenCarried { conn, .. } => {
                    let peer = *self.wires.owner.get(conn).expect("a connection it made");
                    assert!(matches!(peer, Peer::Seat(_)), "a watcher carried: {what}");
                    let stream = Stream::new(7_000 + conn.0);
                    self.wires.carried.insert(*conn, (peer, stream));
                }
                HostEffect::Carry { conn, frames, .. } => {
                    let (peer, stream) = self.wires.carried.get_mut(conn).unwrap_or_else(|| {
                        panic!("frames of a connection not listened for: {what}")
                    });
                    let peer = *peer;
                    assert!(
                        self.table.conn(peer) == Some(*conn) || closing.contains(conn),
                        "frames on a replaced connection: {what}"
                    );
                    for frame in frames {
                        let Ok(messages) = stream.receive(frame) else {
                            panic!("a stream past its limit: {what}");
                        };
                        for bytes in messages {
                            self.carried_messages += 1;
                            let msg =
                                HostMessage::decode(&bytes).expect("the host writes what it reads");
                            only_its_own(&msg, peer, what);
                        }
                    }
                }
                _ => {}
            }
        }
        self.wires.closed.extend(closed_here);
    }

    /// A reply goes by the link of its kind: a seat only by the table
    /// link, with the answer made for that seat's latest connection; a
    /// watcher's place only by the watch link.
    fn reply_fits(&self, link: LinkDoor, reply: &SeatReply, what: &str) {
        match (link, reply) {
            (LinkDoor::Table, SeatReply::Seated { seat, answer }) => {
                let conn = self.table.conn(Peer::Seat(*seat));
                let made = conn.and_then(|c| self.wires.answers.get(&c));
                assert_eq!(
                    made,
                    Some(answer),
                    "a seat's reply with another answer: {what}"
                );
            }
            (LinkDoor::Watch, SeatReply::Watching { .. })
            | (LinkDoor::Watch, SeatReply::Refused(_))
            | (LinkDoor::Table, SeatReply::Refused(_) | SeatReply::Asked { .. }) => {}
            _ => panic!("a reply of the other link's kind: {what}: {reply:?}"),
        }
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
                HostEffect::Answer {
                    peer,
                    conn,
                    route,
                    offer,
                    ..
                } => {
                    // The browser makes the answer, or fails to.
                    self.wires.owner.insert(conn, peer);
                    let event = if self.rng.below(10) == 0 {
                        HostEvent::AnswerFailed { peer, conn }
                    } else {
                        let mut answer = sdp();
                        answer.ice_ufrag = format!("answer{}", conn.0);
                        self.wires.answers.insert(conn, answer.clone());
                        HostEvent::AnswerMade {
                            peer,
                            conn,
                            route,
                            offer,
                            answer,
                            now_ms: self.now,
                        }
                    };
                    let fx = self.table.update(event);
                    self.check(&fx, "an answer made");
                    self.follow(fx);
                }
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
                    let fx = self.table.update(HostEvent::Send {
                        out,
                        now_ms: self.now,
                    });
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
    let mut replies = 0;
    let mut carried = 0;
    for seed in 0..1_000u64 {
        let mut run = Run::new(seed);
        for _ in 0..140 {
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
        replies += run.replies;
        carried += run.carried_messages;
    }
    eprintln!("steps, messages, matches begun, tables closed: {totals:?}, replies {replies}, carried {carried}");
    // The runs reached what they are for: many messages, many starts.
    assert!(totals.1 > 10_000, "too few messages sent: {totals:?}");
    assert!(totals.2 > 500, "too few matches begun: {totals:?}");
    assert!(totals.3 > 50, "too few tables closed: {totals:?}");
    assert!(heard > 10_000, "the game heard too little: {heard}");
    assert!(replies > 5_000, "too few replies by the links: {replies}");
    assert!(carried > 1_000, "too few messages carried: {carried}");
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
    t.update(HostEvent::Offered {
        seat,
        conn,
        link: Some("the invite link".to_string()),
    });
    t.update(HostEvent::Opened {
        peer: Peer::Seat(seat),
        conn,
    });
    conn
}

/// The table link's relays are reached: its door opens.
fn door_open(t: &mut HostTable) {
    t.update(HostEvent::TableDoorOpened {
        kept: KeptTable::default(),
        keys: [4; 32],
    });
}

/// `offer` comes by `link` at `now_ms`: the table's effects, and the peer
/// and new connection it asks an answer for, if any.
fn heard(
    t: &mut HostTable,
    link: LinkDoor,
    offer: &FriendOffer,
    now_ms: u64,
) -> (Vec<HostEffect>, Option<(Peer, ConnId)>) {
    let fx = t.update(HostEvent::OfferHeard {
        link,
        route: route(0),
        offer: offer.clone(),
        wall_ms: now_ms,
    });
    let asked = fx.iter().find_map(|e| match e {
        HostEffect::Answer { peer, conn, .. } => Some((*peer, *conn)),
        _ => None,
    });
    (fx, asked)
}

/// The page made the answer `peer`'s connection `conn` was asked for:
/// the reply that goes back.
fn answer_made(
    t: &mut HostTable,
    (peer, conn): (Peer, ConnId),
    offer: &FriendOffer,
    now_ms: u64,
) -> Option<SeatReply> {
    let mut answer = sdp();
    answer.ice_ufrag = format!("answer{}", conn.0);
    t.update(HostEvent::AnswerMade {
        peer,
        conn,
        route: route(0),
        offer: offer.clone(),
        answer,
        now_ms,
    })
    .into_iter()
    .find_map(|e| match e {
        HostEffect::Reply { reply, .. } => Some(reply),
        _ => None,
    })
}

/// The reply among `fx`, if one goes back.
fn reply(fx: &[HostEffect]) -> Option<&SeatReply> {
    fx.iter().find_map(|e| match e {
        HostEffect::Reply { reply, .. } => Some(reply),
        _ => None,
    })
}

/// The seat key sent on `conn` among `fx`, if any.
fn key_sent(fx: &[HostEffect], conn: ConnId) -> Option<SeatKey> {
    fx.iter().find_map(|e| match e {
        HostEffect::Send { conn: c, bytes } if *c == conn => match HostMessage::decode(bytes) {
            Ok(HostMessage::SeatKey { key }) => SeatKey::from_hex(&key),
            _ => None,
        },
        _ => None,
    })
}

/// `name`'s friend, by the table link at `now_ms`, seated and joined: the
/// seat, their connection, and the key they were sent.
fn seated_by_link(t: &mut HostTable, n: u32, name: &str, now_ms: u64) -> (Seat, ConnId, SeatKey) {
    let first = offer(n, name, None);
    let (_, asked) = heard(t, LinkDoor::Table, &first, now_ms);
    let (peer, conn) = asked.expect("a seat given");
    let Some(SeatReply::Seated { seat, .. }) = answer_made(t, (peer, conn), &first, now_ms) else {
        panic!("the answer goes back as the seat's reply");
    };
    t.update(HostEvent::Opened { peer, conn });
    let fx = t.update(HostEvent::Received {
        peer,
        conn,
        bytes: GuestMessage::Join { name: name.into() }.encode(),
        now_ms,
    });
    let key = key_sent(&fx, conn).expect("the friend's key, on their own connection");
    (seat, conn, key)
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
    // With no table link, no seat key: only the name is taken.
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

/// A new tab of a seat's holder, by the table link with the seat's key:
/// the old page is told and let go, whatever its connection reports later
/// changes nothing, and the new page gets the seat.
#[test]
fn a_holder_back_by_a_new_page_replaces_the_old_one() {
    let mut t = table(2, 5);
    door_open(&mut t);
    let (seat, conn, key) = seated_by_link(&mut t, 1, "Leo", 10);
    assert_eq!(seat, Seat(1));
    let mut back = offer(2, "Leo", Some(seat));
    back.proof = Some(key.proof(&back.offer_id, &back.offer));
    let (fx, asked) = heard(&mut t, LinkDoor::Table, &back, 20);
    let told = fx.iter().any(|e| match e {
        HostEffect::Send { bytes, conn: c } => {
            *c == conn && matches!(HostMessage::decode(bytes), Ok(HostMessage::Replaced))
        }
        _ => false,
    });
    assert!(told, "the old page is told");
    assert!(fx
        .iter()
        .any(|e| matches!(e, HostEffect::CloseSoon { conn: c } if *c == conn)));
    let (peer, newer) = asked.expect("the seat answered for the new page");
    assert_eq!(peer, Peer::Seat(seat));
    assert_ne!(newer, conn);
    let fx = t.update(HostEvent::Received {
        peer: Peer::Seat(seat),
        conn,
        bytes: GuestMessage::Resync.encode(),
        now_ms: 21,
    });
    assert!(fx.iter().all(|e| !matches!(e, HostEffect::Send { .. })));
    assert!(t.is_latest(Peer::Seat(seat), newer));
    assert!(!t.is_latest(Peer::Seat(seat), conn));
    assert!(matches!(
        answer_made(&mut t, (peer, newer), &back, 22),
        Some(SeatReply::Seated { seat: s, .. }) if s == seat
    ));
}

/// The table link's door in the model: the same connection asking again
/// gets the answer it was given; a name already seated is refused; a
/// locked table takes no stranger; someone asking for a held seat is
/// asked about, and the host's allow seats them while refuse keeps the
/// seat; the door's relays are left once every friend is seated.
#[test]
fn the_table_links_door_seats_answers_again_refuses_and_asks() {
    use ono99::online::signal::Refused;
    let mut t = table(4, 3);
    let fx = t.update(HostEvent::TableDoorOpened {
        kept: KeptTable::default(),
        keys: [4; 32],
    });
    assert!(fx.iter().any(|e| matches!(e, HostEffect::Listen(true))));
    // Nobody yet: the first stranger takes the first friend's seat.
    let first = offer(1, "Ana", None);
    let (_, asked) = heard(&mut t, LinkDoor::Table, &first, 10);
    let asked = asked.expect("a seat");
    let given = answer_made(&mut t, asked, &first, 10);
    // The same connection again, its answer lost: the same answer.
    let again = FriendOffer {
        offer_id: OfferId([7; 8]),
        ..first.clone()
    };
    let (fx, no_new) = heard(&mut t, LinkDoor::Table, &again, 11);
    assert!(no_new.is_none(), "no second connection for the same one");
    assert_eq!(reply(&fx), given.as_ref());
    // The same name from another connection: refused while Ana is seated.
    let (fx, _) = heard(&mut t, LinkDoor::Table, &offer(2, " ana ", None), 12);
    assert_eq!(reply(&fx), Some(&SeatReply::Refused(Refused::NameTaken)));
    t.update(HostEvent::Opened {
        peer: asked.0,
        conn: asked.1,
    });
    // Locked: a stranger is turned away.
    t.update(HostEvent::Lock(true));
    assert!(t.is_locked());
    let (fx, none) = heard(&mut t, LinkDoor::Table, &offer(3, "Kim", None), 13);
    assert!(none.is_none());
    assert_eq!(reply(&fx), Some(&SeatReply::Refused(Refused::Locked)));
    t.update(HostEvent::Lock(false));
    // Bo takes seat 3, then leaves: the seat stays Bo's.
    let (bo_seat, bo_conn, _) = seated_by_link(&mut t, 4, "Bo", 14);
    assert_eq!(bo_seat, Seat(3));
    let fx = t.update(HostEvent::Closed {
        peer: Peer::Seat(bo_seat),
        conn: bo_conn,
    });
    assert!(fx.iter().any(|e| matches!(e, HostEffect::Listen(true))));
    // Kim asks for it: the host is asked.
    let kim = offer(5, "Kim", Some(bo_seat));
    let (fx, none) = heard(&mut t, LinkDoor::Table, &kim, 15);
    assert!(none.is_none());
    assert_eq!(
        reply(&fx),
        Some(&SeatReply::Asked {
            seat: bo_seat,
            name: "Bo".into()
        })
    );
    let request = t.seat_requests().pop().expect("the host is asked");
    assert_eq!(
        (request.asker.as_str(), request.holder.as_str()),
        ("Kim", "Bo")
    );
    // Refused: Kim is told the seat is kept for Bo.
    let fx = t.update(HostEvent::Refuse(request.id));
    assert_eq!(
        reply(&fx),
        Some(&SeatReply::Refused(Refused::Kept {
            seat: bo_seat,
            name: "Bo".into()
        }))
    );
    assert!(t.seat_requests().is_empty());
    // Lu asks next, and is allowed: answered at once for the seat, which
    // the tab keeps as Lu's, a new person of the match.
    let lu = offer(6, "Lu", Some(bo_seat));
    heard(&mut t, LinkDoor::Table, &lu, 16);
    let request = t.seat_requests().pop().expect("the host is asked");
    let fx = t.update(HostEvent::Allow {
        id: request.id,
        point: None,
        wall_ms: 17,
    });
    let kept = fx.iter().find_map(|e| match e {
        HostEffect::KeepSeats(kept) => Some(kept.clone()),
        _ => None,
    });
    let kept = kept.expect("the seats kept for a reload");
    assert!(kept
        .holders
        .iter()
        .any(|(s, name, _)| *s == bo_seat && name == "Lu"));
    assert!(kept.new_players.iter().any(|&(_, s, _)| s == bo_seat));
    let (peer, conn) = fx
        .iter()
        .find_map(|e| match e {
            HostEffect::Answer { peer, conn, .. } => Some((*peer, *conn)),
            _ => None,
        })
        .expect("Lu's connection");
    assert_eq!(peer, Peer::Seat(bo_seat));
    answer_made(&mut t, (peer, conn), &lu, 18);
    // Every friend seated: the relays are left.
    let fx = t.update(HostEvent::Opened { peer, conn });
    assert!(fx.iter().any(|e| matches!(e, HostEffect::Listen(false))));
}

/// The watch link's door: watchers are let in at free places with a
/// watcher's reply (never a seat), turned away once every place is taken,
/// and nobody comes in once the host stopped sharing; an answer made
/// after that closes its connection.
#[test]
fn the_watch_links_door_lets_watchers_in_until_full_or_stopped() {
    use ono99::online::signal::Refused;
    let mut t = table(3, 6);
    for n in 0..ono99::online::watch::MAX_WATCHERS as u32 {
        let watcher = offer(100 + n, "W", None);
        let (_, asked) = heard(&mut t, LinkDoor::Watch, &watcher, 10);
        let (peer, conn) = asked.expect("a place");
        assert!(matches!(peer, Peer::Watcher(_)));
        let reply = answer_made(&mut t, (peer, conn), &watcher, 10);
        assert!(matches!(reply, Some(SeatReply::Watching { .. })));
    }
    let (fx, none) = heard(&mut t, LinkDoor::Watch, &offer(200, "W", None), 11);
    assert!(none.is_none());
    assert_eq!(reply(&fx), Some(&SeatReply::Refused(Refused::TableFull)));
    t.update(HostEvent::StopWatchers);
    assert!(t.watch_stopped());
    let (fx, none) = heard(&mut t, LinkDoor::Watch, &offer(201, "W", None), 12);
    assert!(
        none.is_none() && reply(&fx).is_none(),
        "a stopped link admits nobody"
    );
    // Shared again: one comes in, but the host stops before its answer.
    t.update(HostEvent::ShareWatch);
    let late = offer(202, "W", None);
    let (_, asked) = heard(&mut t, LinkDoor::Watch, &late, 13);
    let (peer, conn) = asked.expect("a place again");
    t.update(HostEvent::StopWatchers);
    let mut answer = sdp();
    answer.ice_ufrag = "late".into();
    let fx = t.update(HostEvent::AnswerMade {
        peer,
        conn,
        route: route(0),
        offer: late,
        answer,
        now_ms: 14,
    });
    assert!(reply(&fx).is_none());
    assert!(fx
        .iter()
        .any(|e| matches!(e, HostEffect::Close { conn: c } if *c == conn)));
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
    door_open(&mut t);
    let mut wakes = Vec::new();
    let mut conns = Vec::new();
    for (n, name) in [(1, "Late"), (2, "Quick")] {
        let first = offer(n, name, None);
        let (_, asked) = heard(&mut t, LinkDoor::Table, &first, 1_000);
        let (peer, conn) = asked.expect("a seat");
        let mut answer = sdp();
        answer.ice_ufrag = format!("answer{n}");
        let fx = t.update(HostEvent::AnswerMade {
            peer,
            conn,
            route: route(0),
            offer: first,
            answer,
            now_ms: 1_000,
        });
        wakes.extend(fx.iter().filter_map(|e| match e {
            HostEffect::WakeAt { at_ms } => Some(*at_ms),
            _ => None,
        }));
        conns.push(conn);
    }
    let (late, quick) = (conns[0], conns[1]);
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
    let fx = t.update(HostEvent::AnswerMade {
        peer: Peer::Seat(Seat(1)),
        conn: late,
        route: route(0),
        offer: offer(1, "Late", None),
        answer: sdp(),
        now_ms: 50_000,
    });
    assert!(
        fx.iter()
            .all(|e| matches!(e, HostEffect::Close { conn } if *conn == late)),
        "a stale answer is only closed: {fx:?}"
    );
    t.update(HostEvent::Tick {
        now_ms: 50_000 + NO_PATH_MS,
    });
    assert!(!t.no_direct_path(Seat(1)), "{newer:?} was never answered");
}

/// A connection answered by the table link that closes before it ever
/// opened (ICE failed at once): the lobby says so without waiting for
/// `NO_PATH_MS`; one that closes after it was open does not.
#[test]
fn a_seat_whose_connection_closes_unopened_is_told_no_direct_path_at_once() {
    let mut t = table(4, 8);
    door_open(&mut t);
    let first = offer(1, "Ice", None);
    let (_, asked) = heard(&mut t, LinkDoor::Table, &first, 1_000);
    let (peer, conn) = asked.expect("a seat");
    answer_made(&mut t, (peer, conn), &first, 1_000);
    assert!(!t.no_direct_path(Seat(1)));
    t.update(HostEvent::Closed { peer, conn });
    assert!(t.no_direct_path(Seat(1)));
    let (seat, conn, _) = seated_by_link(&mut t, 2, "Open", 2_000);
    t.update(HostEvent::Closed {
        peer: Peer::Seat(seat),
        conn,
    });
    assert!(!t.no_direct_path(seat), "it had a path: it was open");
}

/// The frames among `fx` for `conn`, put together by the friend's end of
/// the stream: the host's messages.
fn carried_to(fx: &[HostEffect], conn: ConnId, friend: &mut Stream) -> Vec<HostMessage> {
    fx.iter()
        .filter_map(|e| match e {
            HostEffect::Carry {
                conn: c, frames, ..
            } if *c == conn => Some(frames),
            _ => None,
        })
        .flatten()
        .flat_map(|frame| friend.receive(frame).expect("within the limit"))
        .map(|bytes| HostMessage::decode(&bytes).expect("the host writes what it reads"))
        .collect()
}

/// A friend whose browser finds no direct path to the host's (issue 38):
/// the direct connection closes unopened, the lobby says so; the friend's
/// frames then come through a broker on the offer they were seated by, the
/// seat opens through a relay, and the match is dealt and played on it: a
/// frame the broker lost goes again at a later wake-up.
#[test]
fn a_friend_with_no_direct_path_plays_through_the_brokers() {
    use ono99::online::host::CARRY_TICK_MS;
    let mut t = table(2, 11);
    door_open(&mut t);
    let first = offer(1, "Kai", None);
    let (_, asked) = heard(&mut t, LinkDoor::Table, &first, 1_000);
    let (peer, conn) = asked.expect("a seat");
    let fx = t.update(HostEvent::AnswerMade {
        peer,
        conn,
        route: route(0),
        offer: first.clone(),
        answer: sdp(),
        now_ms: 1_000,
    });
    assert!(fx.iter().any(|e| matches!(
        e,
        HostEffect::ListenCarried { conn: c, offer_id } if *c == conn && *offer_id == first.offer_id
    )));
    // ICE fails: the direct connection closes before it opened.
    t.update(HostEvent::Closed { peer, conn });
    assert!(t.no_direct_path(Seat(1)));
    assert!(!t.through_relay(peer));
    // The friend's join comes through the broker.
    let mut friend = Stream::new(42);
    friend
        .send(&GuestMessage::Join { name: "Kai".into() }.encode())
        .expect("a small message");
    let mut now = 30_000;
    for frame in friend.due(now) {
        let fx = t.update(HostEvent::Carried {
            conn,
            frame,
            now_ms: now,
        });
        // The seat's key goes back the same way.
        let back = carried_to(&fx, conn, &mut friend);
        assert!(back
            .iter()
            .any(|m| matches!(m, HostMessage::SeatKey { .. })));
    }
    assert!(t.through_relay(peer));
    assert!(!t.no_direct_path(Seat(1)));
    assert_eq!(t.open(Seat(1)), Some(true));
    // Start: the seal goes through the broker, and is lost on the way.
    let fx = t.update(HostEvent::Start {
        now_ms: now,
        secret: Some(Secret([2; 32])),
        fixed: false,
    });
    assert!(fx.iter().any(|e| matches!(e, HostEffect::Carry { .. })));
    assert!(!fx.iter().any(|e| matches!(e, HostEffect::Send { .. })));
    // The wake-ups bring it again once its wait is over.
    let mut sealed = None;
    for _ in 0..20 {
        now += CARRY_TICK_MS;
        let fx = t.update(HostEvent::Tick { now_ms: now });
        for m in carried_to(&fx, conn, &mut friend) {
            if let HostMessage::Sealed { number, .. } = m {
                sealed = Some(number);
            }
        }
        if sealed.is_some() {
            break;
        }
    }
    let number = sealed.expect("the seal sent again");
    // The friend's share, and the welcome back at the deal.
    friend
        .send(
            &GuestMessage::Contribute {
                number,
                contribution: Contribution([9; 16]),
            }
            .encode(),
        )
        .expect("a small message");
    let mut welcomed = false;
    for frame in friend.due(now) {
        let fx = t.update(HostEvent::Carried {
            conn,
            frame,
            now_ms: now,
        });
        welcomed |= carried_to(&fx, conn, &mut friend)
            .iter()
            .any(|m| matches!(m, HostMessage::Welcome(w) if w.place == Seat(1)));
    }
    assert_eq!(t.mode(), &Mode::Playing);
    assert!(welcomed, "the welcome, with the hand, through the broker");
    // The friend's page is gone (no browser says so): silent for
    // CARRY_SILENT_MS, the connection counts as closed, and the game hears.
    use ono99::online::host::CARRY_SILENT_MS;
    let last_heard = now;
    let mut closed = false;
    while !closed {
        let at = t
            .update(HostEvent::Tick { now_ms: now })
            .iter()
            .find_map(|e| match e {
                HostEffect::WakeAt { at_ms } => Some(*at_ms),
                _ => None,
            });
        closed = t.open(Seat(1)) == Some(false);
        if !closed {
            // The wake-up asked for, or (one already waiting) a second on.
            now = at.unwrap_or(now + 1_000);
            assert!(
                now <= last_heard + CARRY_SILENT_MS + 6_000,
                "still open at {now}"
            );
        }
    }
    assert!(
        now >= last_heard + CARRY_SILENT_MS,
        "closed before its time: {now}"
    );
    assert!(!t.through_relay(peer));
}

/// Connection `n` by `name`, seated and answered by the table link at
/// `now_ms`, and its friend's end of a carried stream with their join in
/// it, not sent yet.
fn answered_by_link(t: &mut HostTable, n: u32, name: &str, now_ms: u64) -> (Peer, ConnId, Stream) {
    let first = offer(n, name, None);
    let (_, asked) = heard(t, LinkDoor::Table, &first, now_ms);
    let (peer, conn) = asked.expect("a seat");
    answer_made(t, (peer, conn), &first, now_ms);
    let mut friend = Stream::new(n);
    friend
        .send(&GuestMessage::Join { name: name.into() }.encode())
        .expect("a small message");
    (peer, conn, friend)
}

/// Answered by the table link, a seat whose join comes through a broker
/// before its direct connection opened (a friend's page carries from the
/// answer on): carried, its direct connection still trying, and not said
/// to come through a relay yet.
fn carried_before_direct(t: &mut HostTable, n: u32, name: &str, now_ms: u64) -> (Peer, ConnId) {
    let (peer, conn, mut friend) = answered_by_link(t, n, name, now_ms);
    for frame in friend.due(now_ms) {
        t.update(HostEvent::Carried {
            conn,
            frame,
            now_ms,
        });
    }
    assert!(t.open(peer.seat().expect("a seat")) == Some(true));
    assert!(!t.through_relay(peer));
    (peer, conn)
}

/// The direct connection was still trying when the brokers began to carry
/// the seat (issue 38): given up late by the browser, the seat stays
/// carried; opened late, it takes over, and what the table sends goes on
/// it, the join said again on it answered there.
#[test]
fn a_late_direct_connection_takes_over_from_the_brokers() {
    let mut t = table(4, 12);
    door_open(&mut t);
    let (kai, kai_conn) = carried_before_direct(&mut t, 1, "Kai", 1_000);
    let (lee, lee_conn) = carried_before_direct(&mut t, 2, "Lee", 1_000);
    // Kai's browser gives the direct connection up: still carried, open,
    // and said at once.
    t.update(HostEvent::Closed {
        peer: kai,
        conn: kai_conn,
    });
    assert!(t.through_relay(kai));
    assert_eq!(t.open(Seat(1)), Some(true));
    // ...and it does not open after that.
    t.update(HostEvent::Opened {
        peer: kai,
        conn: kai_conn,
    });
    assert!(t.through_relay(kai));
    // Lee's opens late: direct now.
    let fx = t.update(HostEvent::Opened {
        peer: lee,
        conn: lee_conn,
    });
    assert!(fx.iter().any(|e| matches!(e, HostEffect::Changed)));
    assert!(!t.through_relay(lee));
    assert_eq!(t.open(Seat(3)), Some(true));
    // The join said again on it is answered on it.
    let fx = t.update(HostEvent::Received {
        peer: lee,
        conn: lee_conn,
        bytes: GuestMessage::Join { name: "Lee".into() }.encode(),
        now_ms: 2_000,
    });
    assert!(key_sent(&fx, lee_conn).is_some(), "{fx:?}");
    // The start: Kai's seal through the broker, Lee's on the channel.
    let fx = t.update(HostEvent::Start {
        now_ms: 3_000,
        secret: Some(Secret([2; 32])),
        fixed: false,
    });
    assert!(fx
        .iter()
        .any(|e| matches!(e, HostEffect::Carry { conn, .. } if *conn == kai_conn)));
    assert!(fx
        .iter()
        .any(|e| matches!(e, HostEffect::Send { conn, .. } if *conn == lee_conn)));
    assert!(!fx
        .iter()
        .any(|e| matches!(e, HostEffect::Carry { conn, .. } if *conn == lee_conn)));
    assert!(!fx
        .iter()
        .any(|e| matches!(e, HostEffect::Send { conn, .. } if *conn == kai_conn)));
    // A frame of Lee's still on its way through the brokers changes
    // nothing; a direct connection closing later is Lee gone, as always.
    let mut late = Stream::new(9);
    late.send(&GuestMessage::Ping { nonce: 1 }.encode())
        .expect("a small message");
    for frame in late.due(3_000) {
        t.update(HostEvent::Carried {
            conn: lee_conn,
            frame,
            now_ms: 3_000,
        });
    }
    assert!(!t.through_relay(lee));
    t.update(HostEvent::Closed {
        peer: lee,
        conn: lee_conn,
    });
    assert_eq!(t.open(Seat(3)), Some(false));
}

/// A friend's page carries its seat through the brokers from the answer
/// on, while the direct connection is made (issue 38): the lobby does not
/// say "through a relay" for that second, only once the direct connection
/// had its time; a direct connection that
/// takes over leaves the relays once every friend is seated; and a carried
/// frame that comes after the direct connection opened first is ignored.
#[test]
fn a_seat_carried_while_its_direct_connection_is_made_is_said_only_if_none_comes() {
    use ono99::online::friend::SEATING_MS;
    let mut t = table(4, 14);
    door_open(&mut t);
    let (kai, conn, mut friend) = answered_by_link(&mut t, 1, "Kai", 1_000);
    let mut wake = None;
    for frame in friend.due(1_100) {
        let fx = t.update(HostEvent::Carried {
            conn,
            frame,
            now_ms: 1_100,
        });
        wake = wake.or(fx.iter().find_map(|e| match e {
            HostEffect::WakeAt { at_ms } => Some(*at_ms),
            _ => None,
        }));
    }
    assert_eq!(t.open(Seat(1)), Some(true));
    assert!(!t.through_relay(kai));
    // The other friend the same way, a moment later.
    let (lee, lee_conn) = carried_before_direct(&mut t, 2, "Lee", 1_200);
    assert!(wake.is_some(), "a wake-up");
    // Kai's 12 s pass: said (the next test: the table wakes for it).
    let fx = t.update(HostEvent::Tick {
        now_ms: 1_100 + SEATING_MS - 1,
    });
    assert!(!fx.iter().any(|e| matches!(e, HostEffect::Changed)));
    assert!(!t.through_relay(kai));
    // The other friend's direct connection opens late: direct, not said,
    // and every friend is seated: the relays are left (Kai's carried seat
    // keeps them, as the page knows).
    let fx = t.update(HostEvent::Opened {
        peer: lee,
        conn: lee_conn,
    });
    assert!(!t.through_relay(lee));
    assert!(
        fx.iter().any(|e| matches!(e, HostEffect::Listen(false))),
        "{fx:?}"
    );

    // Another table: the direct connection opens before the brokers bring
    // anything; a carried frame after it is ignored, and the channel
    // carries the seat.
    let mut t = table(2, 15);
    door_open(&mut t);
    let (mo, conn, mut friend) = answered_by_link(&mut t, 3, "Mo", 1_000);
    t.update(HostEvent::Opened { peer: mo, conn });
    for frame in friend.due(1_200) {
        let fx = t.update(HostEvent::Carried {
            conn,
            frame,
            now_ms: 1_200,
        });
        assert!(
            !fx.iter().any(|e| matches!(e, HostEffect::Carry { .. })),
            "{fx:?}"
        );
    }
    assert!(!t.through_relay(mo));
    let fx = t.update(HostEvent::Received {
        peer: mo,
        conn,
        bytes: GuestMessage::Join { name: "Mo".into() }.encode(),
        now_ms: 1_300,
    });
    assert!(key_sent(&fx, conn).is_some(), "{fx:?}");
}

/// A seat carried from the answer on, whose direct connection never opens
/// and whose every frame is acknowledged (the stream idle): the table
/// wakes at the end of the connection's 12 s, and the lobby says "through
/// a relay" then, not at its next watch 5 s later.
#[test]
fn the_table_wakes_to_say_a_seat_comes_through_a_relay() {
    use ono99::online::friend::SEATING_MS;
    use std::collections::BTreeSet;
    let mut t = table(2, 16);
    door_open(&mut t);
    let (kai, conn, mut friend) = answered_by_link(&mut t, 1, "Kai", 1_000);
    let mut now = 1_100;
    let mut to_host = friend.due(now);
    let mut wakes = BTreeSet::new();
    let mut said_at = None;
    while now <= 1_100 + SEATING_MS + 6_000 {
        let mut fx = Vec::new();
        for frame in std::mem::take(&mut to_host) {
            fx.extend(t.update(HostEvent::Carried {
                conn,
                frame,
                now_ms: now,
            }));
        }
        fx.extend(t.update(HostEvent::Tick { now_ms: now }));
        if said_at.is_none() && t.through_relay(kai) {
            said_at = Some(now);
        }
        // Kai's page reads and acknowledges whatever came.
        carried_to(&fx, conn, &mut friend);
        to_host = friend.due(now);
        for e in &fx {
            if let HostEffect::WakeAt { at_ms } = e {
                wakes.insert(*at_ms);
            }
        }
        if !to_host.is_empty() {
            continue;
        }
        match wakes.iter().copied().find(|&at| at > now) {
            Some(at) => now = at,
            None => break,
        }
    }
    assert_eq!(t.open(Seat(1)), Some(true));
    assert_eq!(said_at, Some(1_100 + SEATING_MS), "woken at {wakes:?}");
}
