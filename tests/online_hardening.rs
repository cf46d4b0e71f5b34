//! Online tables against hostile peers (the review's findings F2–F11): a
//! host that sends views outside the rules, floods from a friend, lobby
//! memory, names that reorder the page, lost resyncs; and two fuzzers, one
//! of host messages fed to a friend's mirror (and everything the friend's
//! page does with its view), one of a friend's bytes fed to the host.

mod common;
use common::random_rules;

use ono99::bots::Level;
use ono99::online::guest::{MAX_EVENTS_PER_UPDATE, MAX_LOG};
use ono99::online::host::{
    HeldMessages, HostSession, Outgoing, Overflow, SeatKind, SeatSetup, TableSetup,
    HELD_BYTES_PER_SEAT, HELD_PER_SEAT, PINGS_IN_WINDOW, RACES_PER_PLY, RESYNCS_IN_WINDOW,
};
use ono99::online::protocol::{
    clean_name, Connection, GuestMessage, HostMessage, Presence, Refusal, SeatEvent, Sync, Update,
    MAX_HOST_MESSAGE, MAX_NAME_BYTES, MAX_NAME_CHARS,
};
use ono99::online::watch::Peer;
use ono99::online::{GuestMirror, Received};
use ono99::rules::{
    card_outcome, Action, Card, Direction, Edition, Match, Outcome, PlayerView, Position, Rng,
    RuleSet, Seat, ToAct, TurnStep, HAND_SIZE,
};
use std::time::Instant;

// ----- tables ---------------------------------------------------------------

/// A table of `seats`: the host at seat 0, friends at seats 1 and 2 (if
/// any), bots after.
fn session(rules: RuleSet, seats: usize, seed: u64) -> HostSession {
    let seats = (0..seats)
        .map(|i| SeatSetup {
            name: format!("Seat {i}"),
            kind: match i {
                0 => SeatKind::Host,
                1 | 2 => SeatKind::Guest,
                _ => SeatKind::Bot(Level::Easy),
            },
        })
        .collect();
    HostSession::new(TableSetup { rules, seats }, seed).expect("a valid table")
}

/// The messages of `out` for `seat`, in order.
fn for_seat(out: &[(Peer, Outgoing)], seat: Seat) -> Vec<HostMessage> {
    out.iter()
        .filter(|(s, _)| *s == seat)
        .filter_map(|(_, o)| match o {
            Outgoing::Message(m) => Some(m.clone()),
            Outgoing::Close => None,
        })
        .collect()
}

fn closes(out: &[(Peer, Outgoing)]) -> bool {
    out.iter().any(|(_, o)| *o == Outgoing::Close)
}

/// `seat` joins: its mirror after the host's answer.
fn join(host: &mut HostSession, seat: Seat) -> GuestMirror {
    let out = host.handle(seat, &GuestMirror::join_request("Friend").encode());
    let mut mirror = GuestMirror::new();
    for msg in for_seat(&out, seat) {
        mirror.apply(msg);
    }
    assert!(mirror.view().is_some(), "joined and synced");
    mirror
}

/// Plays random legal actions until it is `seat`'s turn (or the match ends).
fn until_turn_of(host: &mut HostSession, seat: Seat, rng: &mut Rng) -> Vec<(Peer, Outgoing)> {
    let mut out = Vec::new();
    for _ in 0..10_000 {
        let Some(t) = host.game().to_act() else { break };
        if t.seat == seat {
            break;
        }
        let legal = host.game().legal_actions();
        out.extend(
            host.act_local(t.seat, legal[rng.below(legal.len())])
                .expect("legal"),
        );
    }
    out
}

fn synced_table(seed: u64) -> (HostSession, GuestMirror) {
    let mut host = session(RuleSet::modern(), 3, seed);
    let mirror = join(&mut host, Seat(1));
    (host, mirror)
}

fn sync_of(host: &HostSession, seat: Seat) -> Sync {
    match host.resume(seat) {
        Outgoing::Message(HostMessage::Sync(sync)) => sync,
        other => panic!("a sync, not {other:?}"),
    }
}

/// Applies `msg` and asserts it was refused as invalid with nothing changed.
fn assert_invalid(mirror: &mut GuestMirror, msg: HostMessage) {
    let before = mirror.clone();
    let got = mirror.apply(msg);
    assert!(matches!(got, Received::Invalid(_)), "refused, not {got:?}");
    assert!(got.wants_resync());
    assert_eq!(*mirror, before, "a refused message changes nothing");
}

// ----- what the friend's page does with its mirror ----------------------------

/// Everything the friend's page (ui/screens/guest.rs) computes from its
/// mirror: seats indexed by the view's seats, the legality of each card
/// judged on a match imagined from the view, act requests, the call-outs'
/// arithmetic over the log, the names. Must never panic.
fn page_work(mirror: &GuestMirror) -> usize {
    let mut work = 0;
    let _ = mirror.retry_request();
    for p in mirror.presence() {
        assert_eq!(p.name, clean_name(&p.name), "names are kept clean");
    }
    if let Some(view) = mirror.view() {
        // Views the mirror holds keep the rules' bounds.
        assert!(view.hand.len() <= HAND_SIZE);
        assert!((2..=8).contains(&view.seat_count()));
        let me = view.seat;
        let _ = view.seats[me].in_hand;
        for (seat, p) in view.seats.iter() {
            assert!(p.hand_len <= HAND_SIZE);
            let _ = mirror.presence().get(seat.index());
        }
        if let Some(t) = view.to_act {
            let _ = view.seats[t.seat].in_hand;
            let next = view.next_in_hand(t.seat, view.direction);
            let _ = view.seats[next].in_hand;
        }
        let _ = view.unseen();
        let _ = view.owes_two();
        if let Some(m) = view.determinize(&mut Rng::new(0x0E57)) {
            for &card in &view.hand {
                let _ = m.check(Action::Play(card));
                let _ = m.preview(Action::Play(card));
            }
            let _ = m.check(Action::DiscardFourOno);
            let legal = m.legal_actions();
            let _ = view.may(&legal, Action::DiscardFourOno);
            let _ = m.playable_kinds();
            work += 1;
        }
        for &card in &view.hand {
            let _ = mirror.act_request(Action::Play(card));
        }
        let _ = mirror.act_request(Action::DiscardFourOno);
        // The call-outs keep a running total and judge laid-down cards.
        let mut total = 0;
        for e in mirror.log() {
            match e {
                SeatEvent::HandStarted { .. } => total = 0,
                SeatEvent::Played { total: t, .. }
                | SeatEvent::DiscardedFourOno { total: t, .. } => total = *t,
                SeatEvent::PlayerOut { seat, laid_down } => {
                    let _ = mirror.presence().get(seat.index());
                    for &c in laid_down {
                        let _ = card_outcome(&view.rules, total, c, TurnStep::Single, false);
                    }
                }
                _ => {}
            }
        }
    }
    assert!(mirror.log().len() <= MAX_LOG);
    work
}

// ----- hostile values -----------------------------------------------------------

const BIDI: [char; 16] = [
    '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}',
    '\u{2069}', '\u{200E}', '\u{200F}', '\u{200B}', '\u{200D}', '\u{2060}', '\u{FEFF}', '\u{061C}',
];

fn hostile_name(rng: &mut Rng) -> String {
    let len = rng.below(120);
    (0..len)
        .map(|_| match rng.below(6) {
            0 => BIDI[rng.below(BIDI.len())],
            1 => char::from_u32(rng.below(0x20) as u32).unwrap_or('x'),
            2 => ['é', '漢', '😀', '\u{0301}', ' ', '\u{E0041}'][rng.below(6)],
            _ => char::from(b'a' + rng.below(26) as u8),
        })
        .collect()
}

fn big_usize(rng: &mut Rng) -> usize {
    [
        0,
        1,
        3,
        4,
        5,
        6,
        8,
        9,
        20,
        54,
        112,
        113,
        255,
        1 << 20,
        usize::MAX,
    ][rng.below(15)]
}

fn big_i32(rng: &mut Rng) -> i32 {
    [
        i32::MIN,
        i32::MIN + 5,
        -1_000_001,
        -100,
        -1,
        0,
        98,
        99,
        109,
        1_000_001,
        i32::MAX,
    ][rng.below(11)]
}

fn big_u32(rng: &mut Rng) -> u32 {
    [
        0,
        1,
        2,
        3,
        100,
        u32::MAX - 1,
        u32::MAX,
        rng.next_u64() as u32,
    ][rng.below(8)]
}

fn any_seat(rng: &mut Rng) -> Seat {
    Seat([0, 1, 2, 3, 7, 8, 9, 31, 200, 255][rng.below(10)])
}

fn any_card(rng: &mut Rng) -> Card {
    Card::ALL[rng.below(Card::ALL.len())]
}

fn cards(rng: &mut Rng, max: usize) -> Vec<Card> {
    let n = rng.below(max + 1);
    (0..n).map(|_| any_card(rng)).collect()
}

fn random_event(rng: &mut Rng) -> SeatEvent {
    match rng.below(13) {
        0 => SeatEvent::HandStarted {
            hand: big_u32(rng),
            dealer: any_seat(rng),
            first: any_seat(rng),
            dealt: cards(rng, 20),
            draw_pile_len: big_usize(rng),
        },
        1 => SeatEvent::Played {
            seat: any_seat(rng),
            card: any_card(rng),
            total: big_i32(rng),
        },
        2 => SeatEvent::DiscardedFourOno {
            seat: any_seat(rng),
            total: big_i32(rng),
        },
        3 => SeatEvent::YouDrew {
            card: any_card(rng),
        },
        4 => SeatEvent::Drew {
            seat: any_seat(rng),
        },
        5 => SeatEvent::Reshuffled {
            draw_pile_len: big_usize(rng),
        },
        6 => SeatEvent::DirectionChanged {
            direction: Direction::Counterclockwise,
        },
        7 => SeatEvent::ObligationPlaced {
            seat: any_seat(rng),
            by: any_seat(rng),
        },
        8 => SeatEvent::ObligationMoved {
            from: any_seat(rng),
            to: any_seat(rng),
        },
        9 => SeatEvent::PlayerOut {
            seat: any_seat(rng),
            laid_down: cards(rng, 20),
        },
        10 => SeatEvent::HandOver {
            hand: big_u32(rng),
            winner: Some(any_seat(rng)),
            loser: (rng.below(2) == 0).then(|| any_seat(rng)),
            tokens: (rng.below(2) == 0).then(|| vec![255; rng.below(10)]),
            scores: (rng.below(2) == 0).then(|| vec![u32::MAX; rng.below(10)]),
        },
        11 => SeatEvent::LeftMatch {
            seat: any_seat(rng),
        },
        _ => SeatEvent::MatchOver {
            winners: (0..rng.below(12)).map(|_| any_seat(rng)).collect(),
        },
    }
}

fn mutate_view(view: &mut PlayerView, rng: &mut Rng) {
    for _ in 0..1 + rng.below(3) {
        let n = view.seats.len().max(1);
        let k = rng.below(n);
        match rng.below(16) {
            0 => view.hand = cards(rng, 20),
            1 => {
                if let Some(p) = view.seats.0.get_mut(k) {
                    p.hand_len = big_usize(rng);
                }
            }
            2 => view.seat = any_seat(rng),
            3 => {
                view.seats.0.pop();
            }
            4 => {
                let extra = view.seats.0.first().cloned();
                view.seats
                    .0
                    .extend(extra.into_iter().cycle().take(1 + rng.below(8)));
            }
            5 => view.total = big_i32(rng),
            6 => {
                view.to_act = Some(ToAct {
                    seat: any_seat(rng),
                    step: TurnStep::FirstOfTwo,
                })
            }
            7 => view.dealer = any_seat(rng),
            8 => view.draw_pile_len = big_usize(rng),
            9 => {
                let len = rng.below(300);
                view.discard_pile = (0..len).map(|_| any_card(rng)).collect();
            }
            10 => {
                if let Some(p) = view.seats.0.get_mut(k) {
                    p.laid_down = cards(rng, 20);
                }
            }
            11 => {
                view.outcome = Some(Outcome {
                    winners: (0..rng.below(12)).map(|_| any_seat(rng)).collect(),
                })
            }
            12 => view.rules.tokens = rng.below(256) as u8,
            13 => view.rules.points_limit = big_u32(rng),
            14 => {
                // A hand of distinct cards, its size told truly.
                let mut all = Card::ALL.to_vec();
                rng.shuffle(&mut all);
                all.truncate(rng.below(17));
                view.hand = all;
                let me = view.seat.index();
                if let Some(p) = view.seats.0.get_mut(me) {
                    p.hand_len = view.hand.len();
                }
            }
            _ => view.rules.edition = Edition::Classic,
        }
    }
}

fn mutate_events(events: &mut Vec<SeatEvent>, rng: &mut Rng) {
    match rng.below(7) {
        0 => {
            let at = rng.below(events.len() + 1);
            events.insert(at, random_event(rng));
        }
        1 if !events.is_empty() => {
            let at = rng.below(events.len());
            events[at] = random_event(rng);
        }
        2 if !events.is_empty() => {
            let at = rng.below(events.len());
            events.remove(at);
        }
        3 => {
            let n = MAX_EVENTS_PER_UPDATE + 1 + rng.below(300);
            let e = random_event(rng);
            events.extend(std::iter::repeat_n(e, n));
        }
        4 if !events.is_empty() => {
            let at = rng.below(events.len());
            let e = events[at].clone();
            events.insert(at, e);
        }
        5 => {
            let e = SeatEvent::HandStarted {
                hand: 9,
                dealer: Seat(0),
                first: Seat(1),
                dealt: cards(rng, 20),
                draw_pile_len: big_usize(rng),
            };
            events.push(e);
        }
        _ => {
            for _ in 0..rng.below(6) {
                events.push(random_event(rng));
            }
        }
    }
}

fn mutate_presence(p: &mut Presence, rng: &mut Rng) {
    p.name = hostile_name(rng);
    if rng.below(3) == 0 {
        p.kind = SeatKind::Guest;
        p.connection = Some(Connection::Closed);
        p.bot_playing = rng.below(2) == 0;
    }
}

/// A message like `msg`, changed in one or a few fields.
fn mutate(msg: &HostMessage, mirror_ply: u32, rng: &mut Rng) -> HostMessage {
    let mut msg = msg.clone();
    match &mut msg {
        HostMessage::Welcome(w) => match rng.below(5) {
            0 => w.place = Peer::from_wire(any_seat(rng)),
            1 => w.seats.truncate(rng.below(3)),
            2 => {
                let extra = w.seats.first().cloned();
                w.seats
                    .extend(extra.into_iter().cycle().take(1 + rng.below(10)));
            }
            3 => w.version = big_u32(rng),
            _ => w.seats.iter_mut().for_each(|p| mutate_presence(p, rng)),
        },
        HostMessage::Sync(sync) => {
            match rng.below(4) {
                0 => sync.ply = big_u32(rng),
                1 => mutate_events(&mut sync.log, rng),
                _ => mutate_view(&mut sync.view, rng),
            }
            if rng.below(4) == 0 {
                mutate_view(&mut sync.view, rng);
            }
        }
        HostMessage::Update(update) => {
            match rng.below(8) {
                0 => update.ply = big_u32(rng),
                1 => {
                    update.to_act = Some(ToAct {
                        seat: any_seat(rng),
                        step: TurnStep::SecondOfTwo,
                    })
                }
                _ => mutate_events(&mut update.events, rng),
            }
            if rng.below(3) == 0 {
                update.ply = mirror_ply.wrapping_add(1);
            }
        }
        HostMessage::Refused { ply, .. } | HostMessage::Pong { ply, .. } => *ply = big_u32(rng),
        HostMessage::SeatStatus { seat, presence } => {
            if rng.below(2) == 0 {
                *seat = any_seat(rng);
            }
            mutate_presence(presence, rng);
        }
        HostMessage::NewMatch { number } => {
            *number = match rng.below(3) {
                0 => big_u32(rng),
                1 => rng.below(2) as u32,
                _ => number.wrapping_sub(1),
            }
        }
        HostMessage::Sealed { number, .. } => *number = big_u32(rng),
        HostMessage::DealtWithout { seats, .. } => seats.push(any_seat(rng)),
        HostMessage::Revealed { code, .. } => {
            let keep = rng.below(code.len() + 1);
            code.truncate(keep);
        }
        // A seat not at the table, or the guest's own: dropped unshown.
        HostMessage::Reacted { seat, .. } => *seat = any_seat(rng),
        // No field to change (a player's mirror refuses it whole).
        HostMessage::SharingStopped => {}
        // Not 32 hex digits: refused whole, nothing kept.
        HostMessage::SeatKey { key } => {
            let keep = rng.below(key.len() + 1);
            key.truncate(keep);
            key.push('g');
        }
        HostMessage::Replaced => {}
    }
    msg
}

/// `bytes` changed as a careless or hostile peer might: a number swapped
/// for an extreme one, a cut, a stray character, or random bytes.
fn mutate_bytes(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let text = String::from_utf8_lossy(bytes).into_owned();
    let numbers: Vec<(usize, usize)> = {
        let b = text.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_digit() {
                let start = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                out.push((start, i));
            } else {
                i += 1;
            }
        }
        out
    };
    match rng.below(6) {
        0 | 1 if !numbers.is_empty() => {
            let (a, b) = numbers[rng.below(numbers.len())];
            let with = [
                "-1",
                "4294967296",
                "18446744073709551616",
                "1e400",
                "0.5",
                "null",
                "\"7\"",
                "255",
                "256",
                "99999999999",
            ][rng.below(10)];
            format!("{}{with}{}", &text[..a], &text[b..]).into_bytes()
        }
        2 => {
            let cut = rng.below(bytes.len() + 1);
            bytes[..cut].to_vec()
        }
        3 => {
            let mut out = bytes.to_vec();
            let at = rng.below(out.len() + 1);
            out.insert(at, [b'{', b'"', b',', b']', 0xff, b'0'][rng.below(6)]);
            out
        }
        4 => {
            let mut out = bytes.to_vec();
            out.extend_from_slice(&bytes[..bytes.len().min(64)]);
            out
        }
        _ => (0..rng.below(64)).map(|_| rng.below(256) as u8).collect(),
    }
}

// ----- F2: views outside the rules --------------------------------------------

#[test]
fn f2_huge_hand_len_then_discard_does_not_panic() {
    let (host, mut mirror) = synced_table(1);
    let mut sync = sync_of(&host, Seat(1));
    sync.view.seats.0[2].hand_len = 1 << 40;
    assert_invalid(&mut mirror, HostMessage::Sync(sync));
    // The discard that would lay out that many cards lays out four at most.
    let total = mirror.view().expect("synced").total;
    let update = Update {
        ply: mirror.ply() + 1,
        events: vec![SeatEvent::DiscardedFourOno {
            seat: Seat(2),
            total,
        }],
        to_act: None,
        ninety_nine_this_turn: false,
    };
    let discard = mirror.view().expect("synced").discard_pile.len();
    mirror.apply(HostMessage::Update(update));
    assert!(mirror.view().expect("synced").discard_pile.len() <= discard + HAND_SIZE);
    page_work(&mirror);
    // And at a hand of five, a discard does not fit.
    let mut sync = sync_of(&host, Seat(1));
    sync.view.seats.0[2].hand_len = 5;
    assert_invalid(&mut mirror, HostMessage::Sync(sync));
}

#[test]
fn f2_six_distinct_cards_by_sync_or_deal_are_refused() {
    let (host, mut mirror) = synced_table(2);
    let six = vec![
        Card::Number(1),
        Card::Number(2),
        Card::Number(3),
        Card::Reverse,
        Card::PlayTwo,
        Card::MinusTen,
    ];
    let mut sync = sync_of(&host, Seat(1));
    sync.view.hand = six.clone();
    sync.view.seats.0[1].hand_len = six.len();
    sync.view.to_act = Some(ToAct {
        seat: Seat(1),
        step: TurnStep::Single,
    });
    assert_invalid(&mut mirror, HostMessage::Sync(sync));
    let deal = Update {
        ply: mirror.ply() + 1,
        events: vec![SeatEvent::HandStarted {
            hand: 2,
            dealer: Seat(0),
            first: Seat(1),
            dealt: six,
            draw_pile_len: 90,
        }],
        to_act: Some(ToAct {
            seat: Seat(1),
            step: TurnStep::Single,
        }),
        ninety_nine_this_turn: false,
    };
    assert_invalid(&mut mirror, HostMessage::Update(deal));
    page_work(&mirror);
}

#[test]
fn f2_the_engine_lists_every_legal_move_of_the_largest_hand() {
    // Eight distinct cards, all playable at 0: one legal action each.
    let p =
        Position::new(RuleSet::modern(), &["0 1 2 3 4 5 R P2", "1 1 1 1"], 0).expect("a position");
    let m = Match::from_position(p).expect("valid");
    assert_eq!(m.legal_actions().len(), 8);
    // A view with any hand, 0 to 20 cards: judging it never panics.
    let mut rng = Rng::new(5);
    let base = Match::new(RuleSet::modern(), 3, 9).expect("valid");
    let seat = base.to_act().expect("a turn").seat;
    for _ in 0..2_000 {
        let mut view = base.view(seat);
        view.hand = cards(&mut rng, 20);
        view.seats.0[seat.index()].hand_len = view.hand.len();
        if let Some(m) = view.determinize(&mut rng) {
            for &card in &view.hand {
                let _ = m.check(Action::Play(card));
            }
            let _ = m.check(Action::DiscardFourOno);
            assert!(m.legal_actions().len() <= 9);
        }
    }
}

#[test]
fn f2_every_view_outside_the_rules_is_refused_unchanged() {
    let (host, mut mirror) = synced_table(3);
    let good = sync_of(&host, Seat(1));
    type Break = fn(&mut Sync);
    let breaks: [(&str, Break); 14] = [
        ("own seat", |s| s.view.seat = Seat(7)),
        ("seat count", |s| {
            s.view.seats.0.truncate(1);
            s.view.seat = Seat(0);
        }),
        ("to act", |s| {
            s.view.to_act = Some(ToAct {
                seat: Seat(3),
                step: TurnStep::Single,
            })
        }),
        ("dealer", |s| s.view.dealer = Seat(200)),
        ("hand", |s| s.view.hand.push(Card::Number(9))),
        ("hand_len", |s| s.view.seats.0[0].hand_len = 5),
        ("laid down", |s| {
            s.view.seats.0[0].laid_down = vec![Card::Reverse; 5]
        }),
        ("draw pile", |s| s.view.draw_pile_len = 113),
        ("discard pile", |s| {
            s.view.discard_pile = vec![Card::Number(0); 9]
        }),
        ("total", |s| s.view.total = i32::MIN),
        ("winners", |s| {
            s.view.outcome = Some(Outcome {
                winners: vec![Seat(9)],
            })
        }),
        ("rules", |s| s.view.rules.tokens = 0),
        ("other rules", |s| s.view.rules = RuleSet::classic()),
        ("log", |s| {
            s.log.push(SeatEvent::Drew { seat: Seat(8) });
        }),
    ];
    for (what, break_it) in breaks {
        let mut sync = good.clone();
        break_it(&mut sync);
        let before = mirror.clone();
        let got = mirror.apply(HostMessage::Sync(sync));
        assert!(matches!(got, Received::Invalid(_)), "{what}: {got:?}");
        assert_eq!(mirror, before, "{what}");
    }
    // A presence list of the wrong length, a seat out of range.
    let mut welcome = match for_seat(
        &session(RuleSet::modern(), 3, 3).handle(Seat(1), &GuestMirror::join_request("x").encode()),
        Seat(1),
    )
    .into_iter()
    .next()
    {
        Some(HostMessage::Welcome(w)) => w,
        other => panic!("a welcome, not {other:?}"),
    };
    welcome.seats.pop();
    assert_invalid(&mut mirror, HostMessage::Welcome(welcome.clone()));
    welcome.seats.clear();
    assert_invalid(&mut mirror, HostMessage::Welcome(welcome));
    let presence = mirror.presence()[0].clone();
    assert_invalid(
        &mut mirror,
        HostMessage::SeatStatus {
            seat: Seat(3),
            presence,
        },
    );
    // The unbroken sync is still accepted.
    assert_eq!(mirror.apply(HostMessage::Sync(good)), Received::Synced);
}

// ----- F3: the lobby's memory ---------------------------------------------------

#[test]
fn f3_held_messages_are_capped_per_seat() {
    let mut held = HeldMessages::new();
    let join = String::from_utf8(GuestMirror::join_request("Bo").encode()).expect("utf-8");
    // The lobby shows a friend connected once their join is held.
    assert!(!held.holds(Seat(1)));
    for _ in 0..HELD_PER_SEAT {
        held.push(Seat(1), join.clone()).expect("room");
    }
    assert!(held.holds(Seat(1)) && !held.holds(Seat(2)));
    held.push(Seat(2), join.clone())
        .expect("another seat has its own room");
    assert_eq!(
        held.push(Seat(1), join.clone()),
        Err(Overflow { seat: Seat(1) })
    );
    assert!(held.is_over(Seat(1)));
    assert!(!held.is_over(Seat(2)));
    // The seat's messages are dropped and it stays over.
    assert_eq!(held.len(), 1);
    assert!(!held.holds(Seat(1)), "a dropped seat holds nothing");
    assert!(held.push(Seat(1), "x".into()).is_err());
    // Bytes: one big message goes over too.
    let big = "x".repeat(HELD_BYTES_PER_SEAT / 2 + 1);
    held.push(Seat(3), big.clone()).expect("half");
    assert!(held.push(Seat(3), big).is_err());
    assert!(held.is_over(Seat(3)));
    assert!(held.push(Seat(200), "x".into()).is_err());
    // A new connection for the seat starts again.
    held.forget(Seat(1));
    held.push(Seat(1), join.clone()).expect("room again");
    let all = held.take_all();
    assert_eq!(all, vec![(Seat(2), join.clone()), (Seat(1), join)]);
    assert!(held.is_empty());
    assert!(!held.holds(Seat(1)) && !held.holds(Seat(2)));
    // A flood holds no more than the caps.
    let mut held = HeldMessages::new();
    for i in 0..100_000 {
        let _ = held.push(Seat((i % 8) as u8), "y".repeat(1000));
    }
    assert!(held.len() <= 8 * HELD_PER_SEAT);
}

// ----- F4: the friend's event log ------------------------------------------------

#[test]
fn f4_two_hundred_hostile_updates_keep_the_log_bounded() {
    let (_host, mut mirror) = synced_table(4);
    let turn = SeatEvent::DirectionChanged {
        direction: Direction::Counterclockwise,
    };
    let mut received = 0;
    for _ in 0..200 {
        // As large as a host message may be.
        let mut events = Vec::new();
        let mut update = Update {
            ply: mirror.ply() + 1,
            events: Vec::new(),
            to_act: mirror.view().and_then(|v| v.to_act),
            ninety_nine_this_turn: false,
        };
        while events.len() < 4_000 {
            events.push(turn.clone());
        }
        update.events = events;
        let bytes = HostMessage::Update(update).encode();
        assert!(bytes.len() <= MAX_HOST_MESSAGE);
        let before = mirror.clone();
        let got = mirror.receive(&bytes).expect("readable");
        assert!(matches!(got, Received::Invalid(_)), "{got:?}");
        assert_eq!(mirror, before);
        // The most an update may carry is accepted, and the log still stays bounded.
        let update = Update {
            ply: mirror.ply() + 1,
            events: vec![turn.clone(); MAX_EVENTS_PER_UPDATE],
            to_act: mirror.view().and_then(|v| v.to_act),
            ninety_nine_this_turn: false,
        };
        if let Received::Updated(_) = mirror.apply(HostMessage::Update(update)) {
            received += 1;
        }
        assert!(mirror.log().len() <= MAX_LOG);
    }
    assert_eq!(received, 200);
    assert_eq!(mirror.log().len(), MAX_LOG);
}

// ----- F5: floods at the host ------------------------------------------------------

/// A table where it is the friend's turn.
fn friend_to_act(seed: u64) -> (HostSession, GuestMirror) {
    let mut rng = Rng::new(seed);
    let mut host = session(RuleSet::modern(), 3, seed);
    let mut mirror = join(&mut host, Seat(1));
    for msg in for_seat(&until_turn_of(&mut host, Seat(1), &mut rng), Seat(1)) {
        mirror.apply(msg);
    }
    (host, mirror)
}

#[test]
fn f5_a_flood_of_stale_acts_is_closed() {
    let (mut host, mirror) = friend_to_act(5);
    let view = mirror.view().expect("synced").clone();
    assert!(view.my_turn());
    let stale = GuestMessage::Act {
        seat: Seat(1),
        ply: mirror.ply().wrapping_sub(1),
        action: Action::Play(view.hand[0]),
    }
    .encode();
    let game = host.game().clone();
    let mut closed_after = None;
    for i in 1..=200 {
        let out = host.handle(Seat(1), &stale);
        if closes(&out) {
            closed_after = Some(i);
            break;
        }
    }
    let closed_after = closed_after.expect("a flood of stale acts is closed");
    assert!(closed_after > RACES_PER_PLY as usize);
    assert_eq!(*host.game(), game);
    // Also for acts out of turn, once it is someone else's turn.
    let (mut host, _) = friend_to_act(6);
    let msg = GuestMessage::Act {
        seat: Seat(1),
        ply: host.ply(),
        action: Action::Play(Card::Number(1)),
    };
    let legal = host.game().legal_actions();
    host.act_local(Seat(1), legal[0]).expect("legal");
    let mut closed = false;
    for _ in 0..200 {
        closed |= closes(&host.handle(Seat(1), &msg.encode()));
    }
    assert!(closed, "a flood of acts out of turn is closed");
}

#[test]
fn f5_a_flood_of_resyncs_is_closed() {
    let (mut host, _) = synced_table(7);
    let resync = GuestMessage::Resync.encode();
    let mut syncs = 0;
    let mut closed = false;
    for i in 0..200u64 {
        let out = host.handle_at(Seat(1), &resync, 1_000 + i);
        syncs += for_seat(&out, Seat(1))
            .iter()
            .filter(|m| matches!(m, HostMessage::Sync(_)))
            .count();
        if closes(&out) {
            closed = true;
            break;
        }
    }
    assert!(closed, "a flood of resyncs is closed");
    assert_eq!(syncs, RESYNCS_IN_WINDOW as usize);
}

#[test]
fn f5_a_flood_of_pings_is_closed() {
    let (mut host, _) = synced_table(8);
    let mut closed = false;
    let mut pongs = 0;
    for i in 0..500u32 {
        let ping = GuestMessage::Ping { nonce: i }.encode();
        let out = host.handle_at(Seat(1), &ping, 5_000);
        pongs += for_seat(&out, Seat(1))
            .iter()
            .filter(|m| matches!(m, HostMessage::Pong { .. }))
            .count();
        if closes(&out) {
            closed = true;
            break;
        }
    }
    assert!(closed, "a flood of pings is closed");
    assert_eq!(pongs, PINGS_IN_WINDOW as usize);
}

#[test]
fn f5_an_honest_friend_is_never_closed() {
    // A ping every 5 s for an hour while the match waits (a hand summary).
    let (mut host, mut mirror) = synced_table(9);
    let ply = host.ply();
    for i in 0..720u32 {
        let ping = GuestMessage::Ping { nonce: i }.encode();
        let out = host.handle_at(Seat(1), &ping, 10_000 + u64::from(i) * 5_000);
        assert!(!closes(&out), "closed after {i} pings");
        let msgs = for_seat(&out, Seat(1));
        assert_eq!(msgs, vec![HostMessage::Pong { nonce: i, ply }]);
        for m in msgs {
            mirror.apply(m);
        }
    }
    // A lost update: one resync, answered.
    let mut rng = Rng::new(9);
    let mut updates = Vec::new();
    while updates.len() < 3 {
        let t = host.game().to_act().expect("a match on");
        let legal = host.game().legal_actions();
        let out = host
            .act_local(t.seat, legal[rng.below(legal.len())])
            .expect("legal");
        updates.extend(for_seat(&out, Seat(1)));
    }
    assert_eq!(mirror.apply(updates[1].clone()), Received::NeedResync);
    let out = host.handle_at(Seat(1), &GuestMessage::Resync.encode(), 4_000_000);
    assert!(!closes(&out));
    for m in for_seat(&out, Seat(1)) {
        mirror.apply(m);
    }
    assert!(!mirror.awaiting_sync());
    assert_eq!(mirror.view(), Some(&host.game().view(Seat(1))));
    // A retry every 20 s while a sync goes missing stays within the limit.
    for i in 0..30u64 {
        let out = host.handle_at(
            Seat(1),
            &GuestMessage::Resync.encode(),
            5_000_000 + i * 20_000,
        );
        assert!(!closes(&out));
        assert!(for_seat(&out, Seat(1))
            .iter()
            .any(|m| matches!(m, HostMessage::Sync(_))));
    }
}

// ----- F9: names -----------------------------------------------------------------

#[test]
fn f9_names_lose_bidi_and_invisible_characters() {
    assert_eq!(clean_name("\u{202E}evil\u{202C}"), "evil");
    assert_eq!(
        clean_name("\u{2067}A\u{200B}n\u{200D}a\u{2069}\u{FEFF}\u{200E}\u{200F}\u{2060}\u{E0041}"),
        "Ana"
    );
    assert_eq!(clean_name(" \u{200B} Bo \u{200B} "), "Bo");
    let long = "ab".repeat(100);
    assert_eq!(clean_name(&long).chars().count(), MAX_NAME_CHARS);
    let mut rng = Rng::new(9);
    for _ in 0..5_000 {
        let name = clean_name(&hostile_name(&mut rng));
        assert!(name.len() <= MAX_NAME_BYTES && name.chars().count() <= MAX_NAME_CHARS);
        assert!(!name.chars().any(|c| BIDI.contains(&c) || c.is_control()));
        assert_eq!(clean_name(&name), name);
    }
    // The names a host sends are cleaned at the friend's mirror.
    let (host, mut mirror) = synced_table(10);
    let presence = Presence {
        name: "\u{202E}gnirts\u{202C} xx".into(),
        kind: SeatKind::Guest,
        connection: Some(Connection::Connected),
        bot_playing: false,
    };
    mirror.apply(HostMessage::SeatStatus {
        seat: Seat(2),
        presence,
    });
    assert_eq!(mirror.presence()[2].name, "gnirts xx");
    let mut welcome = mirror.welcome().expect("joined").clone();
    welcome.seats[0].name = format!("\u{2066}{}", "W".repeat(80));
    mirror.apply(HostMessage::Welcome(welcome));
    assert_eq!(mirror.presence()[0].name, "W".repeat(MAX_NAME_CHARS));
    let _ = host;
}

// ----- F11: a lost resync ----------------------------------------------------------

#[test]
fn f11_a_lost_sync_is_recovered_by_a_retried_resync() {
    let mut rng = Rng::new(11);
    let (mut host, mut mirror) = synced_table(11);
    assert_eq!(mirror.retry_request(), None);
    // An update is lost: the next one shows the gap.
    let mut updates = Vec::new();
    while updates.len() < 3 && host.game().to_act().is_some() {
        let t = host.game().to_act().expect("a turn");
        let legal = host.game().legal_actions();
        let out = host
            .act_local(t.seat, legal[rng.below(legal.len())])
            .expect("legal");
        updates.extend(for_seat(&out, Seat(1)));
    }
    assert_eq!(mirror.apply(updates[1].clone()), Received::NeedResync);
    assert!(mirror.awaiting_sync());
    // The resync's answer is lost too.
    let out = host.handle_at(Seat(1), &GuestMirror::resync_request().encode(), 1_000);
    assert!(for_seat(&out, Seat(1))
        .iter()
        .any(|m| matches!(m, HostMessage::Sync(_))));
    // Meanwhile: updates are ignored, a refusal or pong from later keeps it waiting.
    assert_eq!(mirror.apply(updates[2].clone()), Received::Ignored);
    let later = host.ply() + 5;
    mirror.apply(HostMessage::Pong {
        nonce: 1,
        ply: later,
    });
    mirror.apply(HostMessage::Refused {
        refusal: Refusal::Stale {
            ply: 0,
            current: later,
        },
        ply: later,
    });
    assert!(mirror.awaiting_sync());
    // The page retries on a timer, and the late answer is accepted.
    let retry = mirror.retry_request().expect("a retry while waiting");
    let out = host.handle_at(Seat(1), &retry.encode(), 21_000);
    for m in for_seat(&out, Seat(1)) {
        mirror.apply(m);
    }
    assert!(!mirror.awaiting_sync());
    assert_eq!(mirror.retry_request(), None);
    assert_eq!(mirror.ply(), host.ply());
    assert_eq!(mirror.view(), Some(&host.game().view(Seat(1))));
    // Joined, but the first sync never came: retry too.
    let mut fresh = GuestMirror::new();
    assert_eq!(fresh.retry_request(), None);
    let out = host.handle(Seat(2), &GuestMirror::join_request("Cy").encode());
    let welcome = for_seat(&out, Seat(2)).remove(0);
    fresh.apply(welcome);
    assert_eq!(fresh.retry_request(), Some(GuestMessage::Resync));
}

// ----- the seed ----------------------------------------------------------------------

#[test]
fn nothing_sent_to_a_friend_carries_the_draw_order() {
    let mut rng = Rng::new(12);
    for seed in 0..20 {
        let mut host = session(random_rules(&mut rng), 3 + (seed as usize % 6), seed);
        let mut out = host.handle(Seat(1), &GuestMirror::join_request("Bo").encode());
        while let Some(t) = host.game().to_act() {
            let legal = host.game().legal_actions();
            out.extend(
                host.act_local(t.seat, legal[rng.below(legal.len())])
                    .expect("legal"),
            );
            if host.ply() > 300 {
                break;
            }
        }
        out.push((Seat(1).into(), host.resume(Seat(1))));
        for msg in for_seat(&out, Seat(1)) {
            let text = String::from_utf8(msg.encode()).expect("utf-8");
            assert!(!text.contains("\"deck\"") && !text.contains("\"order\""));
            assert!(!text.contains("\"seed\""));
        }
    }
}

// ----- fuzz: a hostile host ------------------------------------------------------------

/// The messages a friend at seat 1 receives in a random match, in order,
/// with pongs, refusals, resyncs and seat changes along the way.
fn honest_stream(seed: u64) -> Vec<HostMessage> {
    let mut rng = Rng::new(seed);
    let seats = 3 + rng.below(6);
    let mut host = session(random_rules(&mut rng), seats, seed);
    let mut out = host.handle(Seat(1), &GuestMirror::join_request("Bo").encode());
    out.extend(host.handle(Seat(2), &GuestMirror::join_request("\u{202E}Cy").encode()));
    let mut now = 0;
    while let Some(t) = host.game().to_act() {
        now += 1_000;
        match rng.below(40) {
            0 => {
                out.extend(host.handle_at(Seat(1), &GuestMessage::Ping { nonce: 3 }.encode(), now))
            }
            1 => out.extend(host.handle_at(Seat(1), &GuestMessage::Resync.encode(), now * 30)),
            2 => out.extend(host.bot_takes(Seat(2))),
            3 => out.extend(host.give_back(Seat(2))),
            4 => {
                let stale = GuestMessage::Act {
                    seat: Seat(1),
                    ply: 0,
                    action: Action::DiscardFourOno,
                };
                out.extend(host.handle(Seat(1), &stale.encode()));
            }
            _ => {}
        }
        let legal = host.game().legal_actions();
        out.extend(
            host.act_local(t.seat, legal[rng.below(legal.len())])
                .expect("legal"),
        );
        if host.ply() > 700 {
            break;
        }
    }
    // "Play again", and the first actions of the new match.
    if let Some(rematch) = host.rematch(seed ^ 0x2E) {
        out.extend(rematch);
        while let Some(t) = host.game().to_act() {
            let legal = host.game().legal_actions();
            out.extend(
                host.act_local(t.seat, legal[rng.below(legal.len())])
                    .expect("legal"),
            );
            if host.ply() > 30 {
                break;
            }
        }
    }
    for_seat(&out, Seat(1))
}

#[test]
fn fuzz_hostile_host_messages_never_panic_and_refusals_change_nothing() {
    let started = Instant::now();
    let mut rng = Rng::new(0xF022);
    let (mut cases, mut refused, mut accepted, mut judged, mut honest, mut bytes_cases) =
        (0usize, 0usize, 0usize, 0usize, 0usize, 0usize);
    let mut seed = 0;
    let mut most_events = 0;
    while cases < 40_000 {
        seed += 1;
        let stream = honest_stream(seed);
        let mut mirror = GuestMirror::new();
        for msg in stream {
            // Hostile variants of the next message, each on a copy.
            for k in 0..10 {
                let mut copy = mirror.clone();
                let before = copy.clone();
                let result = if k < 8 {
                    Ok(copy.apply(mutate(&msg, mirror.ply(), &mut rng)))
                } else {
                    bytes_cases += 1;
                    copy.receive(&mutate_bytes(&msg.encode(), &mut rng))
                };
                cases += 1;
                match result {
                    Err(_) | Ok(Received::Invalid(_)) | Ok(Received::Ignored) => {
                        refused += 1;
                        assert_eq!(copy, before, "a refused message changes nothing");
                    }
                    Ok(Received::NeedResync) => {
                        assert!(copy.awaiting_sync());
                        assert_eq!(copy.view(), before.view());
                        assert_eq!(copy.log(), before.log());
                        assert_eq!(copy.ply(), before.ply());
                    }
                    Ok(_) => accepted += 1,
                }
                judged += page_work(&copy);
            }
            // Then the honest message, which is always accepted.
            if let HostMessage::Update(u) = &msg {
                most_events = most_events.max(u.events.len());
            }
            let got = mirror.apply(msg);
            assert!(
                !matches!(got, Received::Invalid(_)),
                "honest but refused: {got:?}"
            );
            honest += 1;
            page_work(&mirror);
        }
    }
    eprintln!(
        "host→friend fuzz: {cases} hostile cases ({bytes_cases} as bytes) over {seed} matches: \
         {refused} refused unchanged, {accepted} accepted, {judged} positions judged, \
         {honest} honest messages all accepted (at most {most_events} events an update), \
         in {:?}",
        started.elapsed()
    );
    assert!(most_events <= MAX_EVENTS_PER_UPDATE);
    assert!(cases >= 20_000);
}

// ----- fuzz: a hostile friend ------------------------------------------------------------

fn random_guest_message(host: &HostSession, rng: &mut Rng) -> GuestMessage {
    match rng.below(8) {
        0 => GuestMessage::Join {
            name: hostile_name(rng),
        },
        1 => GuestMessage::Ping {
            nonce: big_u32(rng),
        },
        2 => GuestMessage::Resync,
        3 => GuestMessage::Act {
            seat: any_seat(rng),
            ply: big_u32(rng),
            action: Action::Play(any_card(rng)),
        },
        _ => {
            // Mostly plausible: the friend's seat, about the right ply.
            let legal = host.game().legal_actions();
            let action = if !legal.is_empty() && rng.below(2) == 0 {
                legal[rng.below(legal.len())]
            } else if rng.below(4) == 0 {
                Action::DiscardFourOno
            } else {
                Action::Play(any_card(rng))
            };
            GuestMessage::Act {
                seat: Seat(1),
                ply: host.ply().wrapping_add(rng.below(3) as u32).wrapping_sub(1),
                action,
            }
        }
    }
}

#[test]
fn fuzz_hostile_guest_bytes_never_panic_and_refusals_change_nothing() {
    let started = Instant::now();
    let mut rng = Rng::new(0xF05);
    let (mut cases, mut refused, mut taken, mut closed) = (0usize, 0usize, 0usize, 0usize);
    let mut table = 0;
    while cases < 40_000 {
        table += 1;
        let seats = 3 + rng.below(6);
        let mut host = session(random_rules(&mut rng), seats, table);
        let mut now = 0u64;
        for _ in 0..2_000 {
            now += rng.below(3_000) as u64;
            let msg = random_guest_message(&host, &mut rng);
            let bytes = match rng.below(4) {
                0 => mutate_bytes(&msg.encode(), &mut rng),
                _ => msg.encode(),
            };
            let from = if rng.below(10) == 0 {
                any_seat(&mut rng)
            } else {
                Seat(1)
            };
            let game = host.game().clone();
            let actions = host.actions().to_vec();
            let out = if rng.below(5) == 0 {
                host.handle(from, &bytes)
            } else {
                host.handle_at(from, &bytes, now)
            };
            cases += 1;
            let was_refused = out.iter().any(|(s, o)| {
                *s == from && matches!(o, Outgoing::Message(HostMessage::Refused { .. }))
            });
            if host.actions().len() == actions.len() {
                assert_eq!(*host.game(), game, "nothing taken, nothing changed");
            } else {
                assert!(!was_refused, "a refused message is never taken");
                assert_eq!(host.actions().len(), actions.len() + 1);
                assert_eq!(host.actions()[..actions.len()], actions[..]);
                taken += 1;
            }
            refused += usize::from(was_refused);
            if closes(&out) {
                closed += 1;
                host.invite_again(Seat(1));
            }
            // The match moves on when it is not the friend's turn.
            if let Some(t) = host.game().to_act() {
                if t.seat != Seat(1) || rng.below(8) == 0 {
                    let legal = host.game().legal_actions();
                    let _ = host.act_local(t.seat, legal[rng.below(legal.len())]);
                }
            } else {
                break;
            }
        }
    }
    eprintln!(
        "friend→host fuzz: {cases} cases over {table} tables: {refused} refused unchanged, \
         {taken} actions taken, {closed} connections closed, in {:?}",
        started.elapsed()
    );
    assert!(cases >= 20_000);
}

/// The event cap of an update is far above what any action makes: whole
/// random matches at every table size, every option.
#[test]
fn honest_actions_make_far_fewer_events_than_the_cap() {
    let mut rng = Rng::new(0xCA9);
    let (mut most, mut actions) = (0, 0usize);
    for seed in 0..3_000 {
        let rules = random_rules(&mut rng);
        let mut m = Match::new(rules, 2 + (seed as usize % 7), seed).expect("valid");
        while let Some(t) = m.to_act() {
            let legal = m.legal_actions();
            let n = m
                .apply_for(t.seat, legal[rng.below(legal.len())])
                .expect("legal")
                .len();
            most = most.max(n);
            actions += 1;
        }
    }
    eprintln!("{actions} actions: at most {most} events an action");
    assert!(most * 2 <= MAX_EVENTS_PER_UPDATE);
}

#[test]
fn f7_invite_links_carry_no_query_string() {
    use ono99::online::invite_url;
    assert_eq!(
        invite_url("https://example.org/ono99/?seed=42", "ABC"),
        "https://example.org/ono99/#join=ABC"
    );
    assert_eq!(
        invite_url(
            "http://127.0.0.1:8080/ono99/index.html?seed=7&x=1#replay=Z",
            "C"
        ),
        "http://127.0.0.1:8080/ono99/index.html#join=C"
    );
    assert_eq!(invite_url("https://h/p/", "C"), "https://h/p/#join=C");
}

#[test]
fn the_session_says_which_action_a_guests_message_made_it_take() {
    // The host's page applies exactly the action the session accepted; it
    // never infers it from the match before and after.
    let (mut host, _mirror) = synced_table(21);
    let mut rng = Rng::new(21);
    until_turn_of(&mut host, Seat(1), &mut rng);
    assert_eq!(host.game().to_act().map(|t| t.seat), Some(Seat(1)));
    let legal = host.game().legal_actions();
    let action = legal[0];
    let stale = GuestMessage::Act {
        seat: Seat(1),
        ply: host.ply() + 5,
        action,
    };
    let refused = host.receive(Seat(1), &stale.encode(), 1);
    assert_eq!(refused.accepted, None);
    let before = host.actions().len();
    let good = GuestMessage::Act {
        seat: Seat(1),
        ply: host.ply(),
        action,
    };
    let handled = host.receive(Seat(1), &good.encode(), 2);
    assert_eq!(handled.accepted, Some(action));
    assert_eq!(host.actions().len(), before + 1);
    // A ping takes nothing.
    let ping = host.receive(Seat(1), &GuestMessage::Ping { nonce: 1 }.encode(), 3);
    assert_eq!(ping.accepted, None);
}

#[test]
fn a_seat_given_back_to_a_connected_friend_is_theirs_to_play_again() {
    // A bot plays for the friend (after a reload, or chosen in the lobby);
    // the friend joins meanwhile; the host gives the seat back: the friend's
    // page must learn it, or no click of theirs is ever sent.
    let mut host = session(RuleSet::modern(), 3, 33);
    host.bot_takes(Seat(1));
    let mut mirror = join(&mut host, Seat(1));
    let mut rng = Rng::new(33);
    for (seat, out) in until_turn_of(&mut host, Seat(1), &mut rng) {
        if let (true, Outgoing::Message(msg)) = (seat == Seat(1), out) {
            mirror.apply(msg);
        }
    }
    let action = host.game().legal_actions()[0];
    assert_eq!(mirror.act_request(action), None, "a bot plays the seat");
    for (seat, out) in host.give_back(Seat(1)) {
        if let (true, Outgoing::Message(msg)) = (seat == Seat(1), out) {
            mirror.apply(msg);
        }
    }
    let request = mirror
        .act_request(action)
        .expect("the friend may play again");
    let handled = host.receive(Seat(1), &request.encode(), 10);
    assert_eq!(handled.accepted, Some(action));
}
