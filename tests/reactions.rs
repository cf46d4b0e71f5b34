//! Quick reactions (issue 31): the set on the wire, the rate gate, a
//! page's board (bubbles, mutes), the host's relay and flood limit, the
//! guest's mirror, and when bots react (never touching the match).

use ono99::bots::{make_bot, Level};
use ono99::online::host::{
    HostSession, Outgoing, SeatKind, SeatSetup, TableSetup, BAD_IN_A_ROW, REACTIONS_IN_WINDOW,
};
use ono99::online::protocol::{Connection, GuestMessage, HostMessage, Refusal};
use ono99::online::reactions::{
    bot_reaction, Board, Followed, RateGate, Reaction, REACTION_GAP_MS, SHOWN_MS,
};
use ono99::online::watch::Peer;
use ono99::online::{GuestMirror, Received};
use ono99::rules::{Card, Event, Match, Rng, RuleSet, Seat};

/// Host at 0, friends at 1 and 2, a bot at 3.
fn table() -> TableSetup {
    let seat = |name: &str, kind| SeatSetup {
        name: name.to_string(),
        kind,
    };
    TableSetup {
        rules: RuleSet::modern(),
        seats: vec![
            seat("Host", SeatKind::Host),
            seat("Ana", SeatKind::Guest),
            seat("Bo", SeatKind::Guest),
            seat("Bot", SeatKind::Bot(Level::Easy)),
        ],
    }
}

/// A session whose two friends joined.
fn joined() -> HostSession {
    let mut host = HostSession::new(table(), 7).expect("valid setup");
    for (seat, name) in [(1, "Ana"), (2, "Bo")] {
        let join = GuestMessage::Join {
            name: name.to_string(),
        };
        host.handle_at(Seat(seat), &join.encode(), 0);
    }
    host
}

fn react(r: Reaction) -> Vec<u8> {
    GuestMessage::React { reaction: r }.encode()
}

/// The reactions in `out`, as (to, seat, reaction).
fn reacted(out: &[(Peer, Outgoing)]) -> Vec<(Seat, Seat, Reaction)> {
    out.iter()
        .filter_map(|(to, o)| match o {
            Outgoing::Message(HostMessage::Reacted { seat, reaction }) => {
                Some((to.seat().expect("no watcher here"), *seat, *reaction))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn reactions_travel_in_snake_case_and_old_pages_refuse_them_unread() {
    let bytes = react(Reaction::GoodGame);
    assert_eq!(
        String::from_utf8_lossy(&bytes),
        r#"{"v":2,"msg":{"react":{"reaction":"good_game"}}}"#
    );
    assert_eq!(
        GuestMessage::decode(&bytes),
        Ok(GuestMessage::React {
            reaction: Reaction::GoodGame
        })
    );
    let relayed = HostMessage::Reacted {
        seat: Seat(2),
        reaction: Reaction::ThumbsUp,
    };
    assert_eq!(
        String::from_utf8_lossy(&relayed.encode()),
        r#"{"v":2,"msg":{"reacted":{"seat":2,"reaction":"thumbs_up"}}}"#
    );
    assert_eq!(HostMessage::decode(&relayed.encode()), Ok(relayed));
    // No free text: a reaction outside the set is not readable.
    assert!(GuestMessage::decode(br#"{"v":2,"msg":{"react":{"reaction":"you suck"}}}"#).is_err());
    for r in Reaction::ALL {
        let name = serde_json::to_string(&r).expect("serializes");
        assert_eq!(name, format!("\"{}\"", r.name()));
    }
}

#[test]
fn the_gate_lets_one_through_every_two_seconds_per_seat() {
    let mut gate = RateGate::new();
    assert!(gate.allow(Seat(1), 10_000));
    assert!(!gate.allow(Seat(1), 10_001));
    assert!(!gate.allow(Seat(1), 10_000 + REACTION_GAP_MS - 1));
    // Another seat has its own gap.
    assert!(gate.allow(Seat(2), 10_500));
    assert_eq!(gate.wait_ms(Seat(1), 11_000), 1_000);
    // Dropped ones did not move the gate.
    assert!(gate.allow(Seat(1), 10_000 + REACTION_GAP_MS));
    // A clock that went back waits one gap from then, no more.
    assert!(!gate.allow(Seat(1), 5_000));
    assert!(!gate.allow(Seat(1), 5_000 + REACTION_GAP_MS - 1));
    assert!(gate.allow(Seat(1), 5_000 + REACTION_GAP_MS));
    // A burst of ten clicks in two seconds: one goes.
    let mut gate = RateGate::new();
    let through = (0..10)
        .filter(|i| gate.allow(Seat(0), 50_000 + i * 150))
        .count();
    assert_eq!(through, 1);
}

/// The host's page forgets a bubble on a timer of two seconds; a timer
/// that fires a millisecond early by the page's clock (as browsers' do)
/// left the bubble on the seat for good (found by the reactions scenario:
/// a thumbs-up still on the seat 10 s later). The board says how much
/// longer to wait, so the page looks again.
#[test]
fn a_bubble_not_yet_due_says_how_much_longer_it_shows() {
    let mut board = Board::new();
    assert_eq!(board.next_expiry_ms(0), None);
    board
        .arrive(Seat(1), Reaction::ThumbsUp, 1_000)
        .expect("shown");
    board.arrive(Seat(2), Reaction::Nice, 1_500).expect("shown");
    // The timer for seat 1 fires a millisecond early: nothing goes, and
    // the next look is due in a millisecond.
    let early = 1_000 + SHOWN_MS - 1;
    assert!(!board.expire(early));
    assert_eq!(board.next_expiry_ms(early), Some(1));
    assert!(board.expire(early + 1));
    assert_eq!(board.on(Seat(1)), None);
    // Seat 2's bubble is due 500 ms later.
    assert_eq!(board.next_expiry_ms(early + 1), Some(500));
    assert!(board.expire(1_500 + SHOWN_MS));
    assert_eq!(board.next_expiry_ms(1_500 + SHOWN_MS), None);
}

#[test]
fn a_board_shows_each_seat_for_two_seconds_and_mutes_per_seat() {
    let mut board = Board::new();
    let first = board.arrive(Seat(1), Reaction::Nice, 1_000).expect("shown");
    assert_eq!(board.on(Seat(1)).map(|s| s.reaction), Some(Reaction::Nice));
    // Over the rate: dropped, the first stays.
    assert_eq!(board.arrive(Seat(1), Reaction::Oops, 1_500), None);
    assert_eq!(board.on(Seat(1)), Some(first));
    assert!(board.arrive(Seat(2), Reaction::Fire, 1_600).is_some());
    assert_eq!(board.latest().map(|s| s.seat), Some(Seat(2)));
    assert!(!board.expire(1_000 + SHOWN_MS - 1));
    assert!(board.expire(1_000 + SHOWN_MS));
    assert_eq!(board.on(Seat(1)), None);
    assert!(board.on(Seat(2)).is_some());
    // Muting a seat takes its bubble away and drops what it sends.
    assert!(board.toggle_mute(Seat(2)));
    assert_eq!(board.on(Seat(2)), None);
    assert!(board.is_muted(Seat(2)));
    assert_eq!(board.arrive(Seat(2), Reaction::Fire, 9_000), None);
    assert!(!board.toggle_mute(Seat(2)));
    assert!(board.arrive(Seat(2), Reaction::Fire, 12_000).is_some());
    // Own seat: ready again after the gap.
    assert!(board.arrive(Seat(0), Reaction::Wow, 20_000).is_some());
    assert!(!board.ready(Seat(0), 21_999));
    assert!(board.ready(Seat(0), 22_000));
}

#[test]
fn the_host_relays_a_friends_reaction_to_every_other_friend_at_the_rate() {
    let mut host = joined();
    let handled = host.receive(Seat(1), &react(Reaction::Nice), 5_000);
    assert_eq!(handled.reacted, Some(Reaction::Nice));
    assert_eq!(handled.accepted, None);
    assert_eq!(
        reacted(&handled.out),
        vec![(Seat(2), Seat(1), Reaction::Nice)]
    );
    // A burst: dropped unanswered, nothing relayed.
    for i in 1..10 {
        let handled = host.receive(Seat(1), &react(Reaction::Fire), 5_000 + i * 100);
        assert_eq!(handled.reacted, None);
        assert!(handled.out.is_empty(), "{:?}", handled.out);
    }
    let handled = host.receive(Seat(1), &react(Reaction::Fire), 5_000 + REACTION_GAP_MS);
    assert_eq!(handled.reacted, Some(Reaction::Fire));
    // The match did not move.
    assert_eq!(host.ply(), 0);
}

#[test]
fn a_reaction_before_joining_is_refused() {
    let mut host = HostSession::new(table(), 7).expect("valid setup");
    let handled = host.receive(Seat(1), &react(Reaction::Nice), 0);
    assert_eq!(handled.reacted, None);
    assert!(matches!(
        handled.out.as_slice(),
        [(
            _,
            Outgoing::Message(HostMessage::Refused {
                refusal: Refusal::NotJoined,
                ..
            })
        )]
    ));
}

#[test]
fn a_flood_of_reactions_closes_the_connection() {
    let mut host = joined();
    let mut closed_at = None;
    for i in 0..(REACTIONS_IN_WINDOW + BAD_IN_A_ROW + 5) {
        let out = host.handle_at(Seat(1), &react(Reaction::Oops), 1_000 + u64::from(i));
        if out.iter().any(|(_, o)| *o == Outgoing::Close) {
            closed_at = Some(i);
            break;
        }
    }
    assert_eq!(closed_at, Some(REACTIONS_IN_WINDOW + BAD_IN_A_ROW - 1));
    assert_eq!(
        host.presence(Seat(1)).and_then(|p| p.connection),
        Some(Connection::Closed)
    );
    // An honest page (one every two seconds) is never closed.
    let mut host = joined();
    for i in 0..200u64 {
        let out = host.handle_at(Seat(2), &react(Reaction::Wow), i * REACTION_GAP_MS);
        assert!(!out.iter().any(|(_, o)| *o == Outgoing::Close));
        assert_eq!(reacted(&out).len(), 1);
    }
}

#[test]
fn the_host_and_its_bots_react_through_the_same_gate() {
    let mut host = joined();
    let out = host
        .react_local(Seat(0), Reaction::ThumbsUp, 1_000)
        .expect("let through");
    assert_eq!(
        reacted(&out),
        vec![
            (Seat(1), Seat(0), Reaction::ThumbsUp),
            (Seat(2), Seat(0), Reaction::ThumbsUp)
        ]
    );
    assert_eq!(host.react_local(Seat(0), Reaction::Fire, 2_000), None);
    assert!(host.react_local(Seat(3), Reaction::Fire, 2_000).is_some());
    // A friend's seat reacts by its own messages only.
    assert_eq!(host.react_local(Seat(1), Reaction::Fire, 9_000), None);
    // A friend who left is not sent anything.
    host.disconnect(Seat(2));
    let out = host
        .react_local(Seat(0), Reaction::Wow, 9_000)
        .expect("let through");
    assert_eq!(reacted(&out), vec![(Seat(1), Seat(0), Reaction::Wow)]);
}

#[test]
fn the_mirror_passes_on_other_seats_reactions_only() {
    let mut host = joined();
    let mut mirror = GuestMirror::new();
    assert_eq!(mirror.react_request(Reaction::Nice), None);
    let mut ana = HostSession::new(table(), 7).expect("valid setup");
    let welcome = ana.handle_at(
        Seat(1),
        &GuestMessage::Join {
            name: "Ana".to_string(),
        }
        .encode(),
        0,
    );
    for (_, o) in welcome {
        if let Outgoing::Message(m) = o {
            mirror.apply(m);
        }
    }
    assert_eq!(
        mirror.react_request(Reaction::Nice),
        Some(GuestMessage::React {
            reaction: Reaction::Nice
        })
    );
    let out = host.react_local(Seat(3), Reaction::Fire, 0).expect("sent");
    let to_ana = out
        .into_iter()
        .find(|(to, _)| *to == Seat(1))
        .and_then(|(_, o)| match o {
            Outgoing::Message(m) => Some(m),
            Outgoing::Close => None,
        })
        .expect("Ana is told");
    assert_eq!(
        mirror.receive(&to_ana.encode()),
        Ok(Received::Reacted {
            seat: Seat(3),
            reaction: Reaction::Fire
        })
    );
    // Its own seat, or a seat not at the table: dropped, no resync.
    for seat in [Seat(1), Seat(7)] {
        let got = mirror.apply(HostMessage::Reacted {
            seat,
            reaction: Reaction::Oops,
        });
        assert_eq!(got, Received::Ignored);
        assert!(!got.wants_resync());
    }
}

#[test]
fn bots_react_sparingly_to_wins_and_play_twos() {
    let bots = |s: Seat| s.0 >= 2;
    let over = [Event::MatchOver {
        winners: vec![Seat(3)],
    }];
    assert_eq!(
        bot_reaction(&over, Seat(0), bots, 40),
        Some((Seat(3), Reaction::GoodGame))
    );
    // A person's win: no bot speaks for them.
    let mine = [Event::MatchOver {
        winners: vec![Seat(0)],
    }];
    assert_eq!(bot_reaction(&mine, Seat(1), bots, 40), None);
    let play_two = |ply| {
        bot_reaction(
            &[
                Event::Played {
                    seat: Seat(2),
                    card: Card::PlayTwo,
                    total: 30,
                },
                Event::ObligationPlaced {
                    seat: Seat(0),
                    by: Seat(2),
                },
            ],
            Seat(2),
            bots,
            ply,
        )
    };
    let fired: Vec<u32> = (1..=300).filter(|&p| play_two(p).is_some()).collect();
    // About one time in three, and the same each time for the same ply.
    assert!((60..=140).contains(&fired.len()), "{}", fired.len());
    assert!(fired
        .iter()
        .all(|&p| play_two(p) == Some((Seat(2), Reaction::Fire))));
    // A person's Play 2 makes no bot react.
    let persons = |_: Seat| false;
    assert!((1..=300).all(|p| bot_reaction(
        &[Event::ObligationPlaced {
            seat: Seat(2),
            by: Seat(0)
        }],
        Seat(0),
        persons,
        p
    )
    .is_none()));
}

#[test]
fn bots_reacting_leave_the_match_as_it_was() {
    // A whole bots' match, asking after every action whether a bot
    // reacts: the actions and the end are those of the same match played
    // without asking (the reaction draws from no generator).
    let play = |ask: bool| {
        let mut game = Match::new(RuleSet::modern(), 4, 99).expect("valid");
        let mut rng = Rng::new(5);
        let mut actions = Vec::new();
        let mut reactions = 0;
        while let Some(turn) = game.to_act() {
            let legal = game.legal_actions();
            let action = make_bot(Level::Medium).choose(&game.view(turn.seat), &legal, &mut rng);
            let before = game.log().len();
            game.apply_for(turn.seat, action).expect("legal");
            actions.push(action);
            if ask {
                let events = &game.log()[before..];
                reactions += usize::from(
                    bot_reaction(events, turn.seat, |_| true, actions.len() as u32).is_some(),
                );
            }
        }
        (actions, reactions)
    };
    let (quiet, none) = play(false);
    let (asked, some) = play(true);
    assert_eq!(quiet, asked);
    assert_eq!(none, 0);
    assert!(some >= 1, "the winner says good game at least");
}

#[test]
fn reaction_words_are_translated_with_french_spacing() {
    use ono99::i18n::{mute, reacted_line, reaction_name, reaction_text, Lang, ReactionKey};
    let foreign = [Lang::Es, Lang::Fr, Lang::Pt];
    let mut problems = Vec::new();
    for lang in [Lang::En, Lang::Es, Lang::Fr, Lang::Pt] {
        // The panel's texts and every reaction's name (one section).
        let words: Vec<&str> = ReactionKey::ALL
            .iter()
            .map(|&k| reaction_text(lang, k))
            .collect();
        for r in Reaction::ALL {
            if !words.contains(&reaction_name(lang, r)) {
                problems.push(format!("{lang:?}: {r:?} has no name of its own"));
            }
        }
        for w in &words {
            if w.trim().is_empty() {
                problems.push(format!("{lang:?}: an empty text"));
            }
        }
        let mut unique = words.clone();
        unique.sort_unstable();
        unique.dedup();
        if unique.len() != words.len() {
            problems.push(format!("{lang:?}: two texts are the same: {words:?}"));
        }
        if !mute(lang, "Ana").contains("Ana") {
            problems.push(format!("{lang:?}: the mute button lost the name"));
        }
        if !reacted_line(lang, "Ana", Reaction::Nice).starts_with("Ana") {
            problems.push(format!("{lang:?}: the heard line lost the name"));
        }
    }
    for lang in foreign {
        if reaction_text(lang, ReactionKey::Reactions)
            == reaction_text(Lang::En, ReactionKey::Reactions)
        {
            problems.push(format!("{lang:?}: the Reactions button is still English"));
        }
    }
    for t in Reaction::ALL
        .iter()
        .map(|&r| reaction_name(Lang::Fr, r).to_string())
        .chain([reacted_line(Lang::Fr, "Ana", Reaction::Oops)])
    {
        let chars: Vec<char> = t.chars().collect();
        for (i, c) in chars.iter().enumerate() {
            if matches!(c, ':' | ';' | '!' | '?') && (i == 0 || chars[i - 1] != '\u{202f}') {
                problems.push(format!("Fr: no narrow no-break space before {c:?}: {t}"));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The host's page shows each of the session's reactions once, and its
/// bots react only to what happened while it watched: not on the first
/// look, not to a new match's shorter log.
#[test]
fn the_host_page_follows_reactions_once_and_bots_only_what_is_new() {
    let mut followed = Followed::default();
    assert!(followed.first_sight(1));
    assert!(!followed.first_sight(1), "the same reaction shows once");
    assert!(followed.first_sight(3));
    assert!(!followed.first_sight(2), "an older one is not shown");
    let bot = |s: Seat| s == Seat(2);
    let won = Event::MatchOver {
        winners: vec![Seat(2)],
    };
    // The page's first look at a match already over: no reaction.
    let log = vec![won.clone()];
    assert_eq!(followed.bots_react(&log, Some(Seat(2)), bot, 9), None);
    // Nothing new: none.
    assert_eq!(followed.bots_react(&log, Some(Seat(2)), bot, 9), None);
    // A new match: a shorter log, then its end seen as it happens.
    let short: Vec<Event> = Vec::new();
    assert_eq!(followed.bots_react(&short, None, bot, 0), None);
    let log = vec![won];
    assert_eq!(
        followed.bots_react(&log, Some(Seat(2)), bot, 4),
        Some((Seat(2), Reaction::GoodGame))
    );
}
