//! Friends you can keep (issue 36, items 2, 3 and 6), natively: a seat
//! goes by the name its friend typed, on every page and through the
//! host's reload; a friend's table stays on show while the host's page is
//! away; the turn limit lets a stand-in play for a silent friend, who
//! takes the seat back with "I'm back".

use ono99::bots::{make_bot, Level};
use ono99::online::host::{HostSession, Outgoing, SeatKind, SeatSetup, TableSetup};
use ono99::online::turn_limit::TurnLimit;
use ono99::online::watch::Peer;
use ono99::online::{GuestMessage, GuestMirror, Received};
use ono99::play::save::{parse_save, save_text};
use ono99::play::{GameMsg, GameSetup, GameState, Speed};
use ono99::rules::{RuleSet, Seat};
use std::rc::Rc;

const MIA: Seat = Seat(1);
const LEO: Seat = Seat(2);

/// You ("Hana") and two friends online, in seats the setup named as the
/// bots it had there ("Ana", "Ben"), and a Medium bot.
fn setup() -> Rc<GameSetup> {
    let friend = |name: &str| SeatSetup {
        name: name.into(),
        kind: SeatKind::Guest,
    };
    Rc::new(GameSetup {
        player_name: "Hana".into(),
        others: vec![
            friend("Ana"),
            friend("Ben"),
            SeatSetup {
                name: "Cleo".into(),
                kind: SeatKind::Bot(Level::Medium),
            },
        ],
        rules: RuleSet::modern(),
        speed: Speed::Instant,
    })
}

fn apply(state: &GameState, msg: GameMsg) -> GameState {
    state.update(msg).unwrap_or_else(|| state.clone())
}

/// `msg` from `seat`'s friend, as the page passes it on.
fn from(state: &GameState, seat: Seat, msg: &GuestMessage) -> GameState {
    apply(state, GameMsg::received(seat, &msg.encode(), 0))
}

/// The lobby's Start: the session (its seats as the page names them from
/// the setup) holds the match.
fn started(state: GameState) -> GameState {
    let setup = state.setup.clone();
    let table = setup.table_setup(|s| {
        if s.index() == 0 {
            setup.player_name.clone()
        } else {
            setup.others[s.index() - 1].name.clone()
        }
    });
    let session = state.session_for(table).expect("the session replays");
    state.hosted(session).expect("the same match")
}

/// One step with everyone but the friends playing (bots, and the host's
/// first legal card); `None` when it is a friend's turn or the match is
/// over.
fn step_to_a_friend(state: &GameState) -> Option<GameState> {
    let session = state.session()?;
    if state.game().is_over() || session.waiting_on_friend().is_some() {
        return None;
    }
    if state.summary.is_some() {
        return Some(apply(state, GameMsg::Continue));
    }
    if let Some(msg) = state.bot_move(make_bot(Level::Medium).as_mut()) {
        return Some(apply(state, msg));
    }
    let turn = state.game().to_act()?;
    let action = state.game().legal_actions()[0];
    Some(apply(
        state,
        GameMsg::Act {
            seat: turn.seat,
            action,
            ply: Some(state.actions.len()),
        },
    ))
}

fn to_a_friends_turn(mut state: GameState) -> GameState {
    while let Some(next) = step_to_a_friend(&state) {
        state = next;
    }
    state
}

/// Mia and Leo joined, by the names they typed.
fn joined() -> GameState {
    let state = started(GameState::new(setup(), 7).expect("valid"));
    let state = from(&state, MIA, &GuestMirror::join_request("Mia"));
    from(&state, LEO, &GuestMirror::join_request("Leo"))
}

fn name(session: &HostSession, seat: Seat) -> String {
    session.presence(seat).expect("a seat").name
}

#[test]
fn a_friends_typed_name_is_the_seats_name_everywhere_and_through_a_reload() {
    let state = to_a_friends_turn(joined());
    let session = state.session().expect("hosted");
    assert_eq!(name(session, MIA), "Mia");
    assert_eq!(name(session, LEO), "Leo");
    // Records, replays and the save name them so.
    let named = state.named_setup();
    assert_eq!(named.others[0].name, "Mia");
    assert_eq!(named.others[1].name, "Leo");
    assert_eq!(named.others[2].name, "Cleo");
    // The host's page reloads: the save holds their names, and the
    // session restored from it names the seats so before they are back.
    let text = save_text(&state);
    assert!(
        text.contains("seat online Mia") && text.contains("seat online Leo"),
        "{text}"
    );
    let resumed = started(parse_save(&text).expect("resumes"));
    let session = resumed.session().expect("hosted");
    assert_eq!(name(session, MIA), "Mia");
    assert_eq!(name(session, LEO), "Leo");
    assert_eq!(resumed.actions, state.actions);
    // The welcome a friend gets back names every seat so.
    let mut mirror = GuestMirror::new();
    let resumed = {
        let mut session = session.clone();
        for (seat, out) in session.handle(MIA, &GuestMirror::join_request("Mia").encode()) {
            if let (Peer::Seat(MIA), Outgoing::Message(msg)) = (seat, out) {
                mirror.receive(&msg.encode()).expect("readable");
            }
        }
        session
    };
    let names: Vec<&str> = mirror.presence().iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Hana", "Mia", "Leo", "Cleo"]);
    assert_eq!(name(&resumed, LEO), "Leo");
}

#[test]
fn a_name_longer_than_the_setups_inputs_is_kept_whole_by_the_save() {
    let state = started(GameState::new(setup(), 7).expect("valid"));
    let long = "Maria Fernanda Lopes";
    let state = from(&state, MIA, &GuestMirror::join_request(long));
    let resumed = parse_save(&save_text(&state)).expect("resumes");
    assert_eq!(resumed.setup.others[0].name, long);
}

#[test]
fn in_the_lobby_a_held_join_names_the_seat_and_nothing_else_does() {
    let state = GameState::new(setup(), 7).expect("valid");
    let table = state.setup.table_setup(|s| format!("P{}", s.index()));
    let mut session = state.session_for(table).expect("replays");
    session.named(MIA, "  Mia\u{200b}  ");
    assert_eq!(name(&session, MIA), "Mia");
    // An empty name, or a seat that is not a friend's, changes nothing.
    session.named(LEO, " \u{200b} ");
    assert_eq!(name(&session, LEO), "P2");
    session.named(Seat(3), "Mallory");
    session.named(Seat(0), "Mallory");
    session.named(Seat(9), "Mallory");
    assert_eq!(name(&session, Seat(3)), "P3");
    assert_eq!(name(&session, Seat(0)), "P0");
    // Nobody is seated by it: the start reads the join.
    assert_eq!(
        session.presence(MIA).and_then(|p| p.connection),
        Some(ono99::online::protocol::Connection::Waiting)
    );
}

#[test]
fn a_silent_friend_gets_a_stand_in_at_the_turn_limit_and_takes_the_seat_back() {
    let mut state = to_a_friends_turn(joined());
    state.turn_limit = TurnLimit::ON;
    let session = state.session().expect("hosted");
    let friend = session.waiting_on_friend().expect("a friend's turn");
    let ply = session.ply();
    // A timer of another turn (the match moved on) changes nothing.
    assert!(state
        .update(GameMsg::TurnOver {
            seat: friend,
            ply: ply + 1
        })
        .is_none());
    let other = if friend == MIA { LEO } else { MIA };
    assert!(state
        .update(GameMsg::TurnOver { seat: other, ply })
        .is_none());
    // The limit: a stand-in plays the seat, and the friend is told.
    let timed = apply(&state, GameMsg::TurnOver { seat: friend, ply });
    assert!(timed.stands_in(friend));
    assert!(timed.version > state.version, "the bots' timers start over");
    let told = timed
        .outbox
        .since(state.outbox.count())
        .expect("kept")
        .any(|(seat, out)| {
            *seat == friend
                && matches!(
                    out,
                    Outgoing::Message(ono99::online::HostMessage::SeatStatus { presence, .. })
                        if presence.bot_playing
                )
        });
    assert!(told, "the friend's page is told a bot plays for them");
    // The stand-in plays their turn.
    let played = apply(
        &timed,
        timed
            .bot_move(make_bot(Level::Medium).as_mut())
            .expect("the stand-in moves"),
    );
    assert!(played.actions.len() > timed.actions.len());
    // Twice is nothing new.
    assert!(timed
        .update(GameMsg::TurnOver { seat: friend, ply })
        .is_none());
    // "I'm back": the seat is theirs again.
    let back = from(&played, friend, &GuestMessage::Back);
    assert!(!back.stands_in(friend));
    // Said again (it crossed the host's own give-back): nothing changes.
    let again = from(&back, friend, &GuestMessage::Back);
    assert!(!again.stands_in(friend));
    assert_eq!(again.actions, back.actions);
}

#[test]
fn the_turn_limit_is_saved_and_older_saves_have_none() {
    let mut state = to_a_friends_turn(joined());
    let text = save_text(&state);
    assert!(!text.contains("turn_limit"), "off is not written: {text}");
    assert_eq!(
        parse_save(&text).expect("resumes").turn_limit,
        TurnLimit::Off
    );
    state.turn_limit = TurnLimit::ON;
    let text = save_text(&state);
    assert!(text.contains("turn_limit 60\n"), "{text}");
    assert_eq!(
        parse_save(&text).expect("resumes").turn_limit,
        TurnLimit::ON
    );
    let bad = text.replace("turn_limit 60", "turn_limit soon");
    assert!(parse_save(&bad).is_err());
    // The rematch and the redeal keep the table's limit.
    let mut fresh = GameState::new(setup(), 3).expect("valid");
    fresh.turn_limit = TurnLimit::ON;
    assert_eq!(fresh.redealt(4).map(|s| s.turn_limit), Some(TurnLimit::ON));
}

/// Every message of `out` for `seat`, applied to `mirror`.
fn deliver(out: Vec<(Peer, Outgoing)>, seat: Seat, mirror: &mut GuestMirror) -> Vec<Received> {
    out.into_iter()
        .filter_map(|(s, o)| match o {
            Outgoing::Message(msg) if s == seat => Some(mirror.receive(&msg.encode()).expect("ok")),
            _ => None,
        })
        .collect()
}

#[test]
fn a_friends_table_stays_over_the_hosts_reload_until_the_host_resumes() {
    // Mia at the table, a few plays in.
    let host = to_a_friends_turn(joined());
    let mut s = host.session().expect("hosted").clone();
    let mut mia = GuestMirror::new();
    s.invite_again(MIA);
    deliver(
        s.handle(MIA, &GuestMirror::join_request("Mia").encode()),
        MIA,
        &mut mia,
    );
    let view = mia.view().cloned().expect("at the table");
    // The host's page reloads: Mia's connection is new, her table stays,
    // nothing can be played from it until the host's sync.
    mia.reconnected();
    assert!(mia.held_over());
    assert_eq!(mia.view(), Some(&view));
    let any = view_action(&view);
    assert_eq!(mia.act_request(any), None);
    // The host resumes: welcome and sync; the table is the host's again.
    let mut resumed = started(parse_save(&save_text(&host)).expect("resumes"))
        .session()
        .expect("hosted")
        .clone();
    let got = deliver(
        resumed.handle(MIA, &GuestMirror::join_request("Mia").encode()),
        MIA,
        &mut mia,
    );
    assert!(got.contains(&Received::Synced), "{got:?}");
    assert!(!mia.held_over());
    assert_eq!(mia.view(), Some(&resumed.game().view(MIA)));
    // A first connection (nothing on show) keeps nothing.
    let mut fresh = GuestMirror::new();
    fresh.reconnected();
    assert!(!fresh.held_over());
}

#[test]
fn a_kept_table_gives_way_to_another_tables_welcome() {
    let host = started(GameState::new(setup(), 7).expect("valid"));
    let mut s = host.session().expect("hosted").clone();
    let mut leo = GuestMirror::new();
    deliver(
        s.handle(LEO, &GuestMirror::join_request("Leo").encode()),
        LEO,
        &mut leo,
    );
    assert!(leo.view().is_some());
    // The host left that table and opened one of three seats.
    leo.reconnected();
    let other = TableSetup {
        rules: RuleSet::modern(),
        seats: vec![
            SeatSetup {
                name: "Hana".into(),
                kind: SeatKind::Host,
            },
            SeatSetup {
                name: "Ana".into(),
                kind: SeatKind::Guest,
            },
            SeatSetup {
                name: "Ben".into(),
                kind: SeatKind::Guest,
            },
        ],
    };
    let mut other = HostSession::new(other, 1).expect("valid");
    let got = deliver(
        other.handle(LEO, &GuestMirror::join_request("Leo").encode()),
        LEO,
        &mut leo,
    );
    assert_eq!(got.first(), Some(&Received::Welcomed), "{got:?}");
    assert_eq!(leo.view(), Some(&other.game().view(LEO)));
    assert!(!leo.held_over());
}

#[test]
fn only_a_friend_a_bot_plays_for_may_ask_for_the_seat_back() {
    let host = started(GameState::new(setup(), 7).expect("valid"));
    let mut s = host.session().expect("hosted").clone();
    let mut mia = GuestMirror::new();
    deliver(
        s.handle(MIA, &GuestMirror::join_request("Mia").encode()),
        MIA,
        &mut mia,
    );
    assert!(!mia.stood_in());
    assert_eq!(mia.back_request(), None);
    deliver(s.bot_takes(MIA), MIA, &mut mia);
    assert!(mia.stood_in());
    let back = mia.back_request().expect("I'm back");
    deliver(s.handle(MIA, &back.encode()), MIA, &mut mia);
    assert!(!s.bot_playing(MIA));
    assert!(!mia.stood_in());
    // A watcher never asks.
    assert_eq!(GuestMirror::watching().back_request(), None);
}

/// Some action (the mirror refuses it anyway while it waits).
fn view_action(view: &ono99::rules::PlayerView) -> ono99::rules::Action {
    view.hand
        .first()
        .map_or(ono99::rules::Action::DiscardFourOno, |&c| {
            ono99::rules::Action::Play(c)
        })
}
