//! The game at this device, natively (`ono99::play`): who plays a seat in
//! every state of an online table, how a save resumes, and how it is kept
//! when storage fails. Findings of issue 18 are named `f1_…`, `f10_…`;
//! the stand-in cases `stand_in_…`.

use ono99::bots::{make_bot, Level};
use ono99::online::watch::Peer;
use ono99::online::{GuestMessage, GuestMirror, HostMessage, Outgoing};
use ono99::play::save::{
    load_save, parse_save, save_game, save_text, BadSave, Resume, SaveError, Store, StoreError,
    BAD_SAVE_KEY, SAVE_KEY,
};
use ono99::play::{GameMsg, GameSetup, GameState, SeatKind, SeatSetup, Speed, ME};
use ono99::rules::{Action, Event, Format, Rng, RuleSet, Seat, TurnStep};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

const FRIEND: Seat = Seat(1);

/// You, a friend online (seat 1) and a Medium bot, with `rules`.
fn online_setup(rules: RuleSet) -> Rc<GameSetup> {
    Rc::new(GameSetup {
        player_name: "Host".into(),
        others: vec![
            SeatSetup {
                name: "Ana".into(),
                kind: SeatKind::Guest,
            },
            SeatSetup {
                name: "Ben".into(),
                kind: SeatKind::Bot(Level::Medium),
            },
        ],
        rules,
        speed: Speed::Instant,
    })
}

fn tokens() -> RuleSet {
    RuleSet {
        format: Format::Tokens,
        ..RuleSet::modern()
    }
}

fn apply(state: &GameState, msg: GameMsg) -> GameState {
    state.update(msg).unwrap_or_else(|| state.clone())
}

/// `msg` from the friend's device, as the page passes it on.
fn from_friend(state: &GameState, msg: &GuestMessage, now_ms: u64) -> GameState {
    let text = String::from_utf8(msg.encode()).expect("JSON");
    apply(state, GameMsg::received(FRIEND, text.as_bytes(), now_ms))
}

/// The state as the lobby's Start leaves it: the host's session holds the
/// match (with the stand-ins it was saved with), and the friend joined.
fn hosted(state: GameState) -> GameState {
    let table = state.setup.table_setup(|s| format!("P{}", s.index()));
    let session = state.session_for(table).expect("the session replays");
    let state = state
        .hosted(session)
        .expect("the session is at the same match");
    from_friend(&state, &GuestMessage::Join { name: "Ana".into() }, 0)
}

/// The move a simple person makes: the first legal action.
fn first_legal(state: &GameState) -> Action {
    state.game().legal_actions()[0]
}

/// One step of the match as the page would take it, with the friend
/// playing their own seat (a message to the session) unless a bot stands
/// in. `None` once the match is over.
fn step(state: &GameState) -> Option<GameState> {
    if state.game().is_over() {
        return None;
    }
    if state.summary.is_some() {
        return Some(apply(state, GameMsg::Continue));
    }
    let turn = state.game().to_act()?;
    if let Some(msg) = state.bot_move(make_bot(Level::Medium).as_mut()) {
        return Some(apply(state, msg));
    }
    let action = first_legal(state);
    if turn.seat == FRIEND {
        let msg = GuestMessage::Act {
            seat: FRIEND,
            ply: state.actions.len() as u32,
            action,
        };
        return Some(from_friend(state, &msg, 0));
    }
    let msg = GameMsg::Act {
        seat: turn.seat,
        action,
        ply: Some(state.actions.len()),
    };
    Some(apply(state, msg))
}

/// The first state (from `seed`) where the last action was the friend's
/// and ended a hand of a match that goes on.
fn friend_ends_a_hand(seed: u64, stand_in: bool) -> Option<GameState> {
    let mut state = hosted(GameState::new(online_setup(tokens()), seed).ok()?);
    if stand_in {
        state = apply(
            &state,
            GameMsg::StandIn {
                seat: FRIEND,
                playing: true,
            },
        );
    }
    for _ in 0..5_000 {
        let before = state.game().log().len();
        state = step(&state)?;
        let ended = state.game().log()[before..]
            .iter()
            .any(|e| matches!(e, Event::HandOver { .. }));
        if ended && state.actions.last().map(|a| a.0) == Some(FRIEND) && state.summary.is_some() {
            return Some(state);
        }
    }
    None
}

#[test]
fn f1_save_after_a_friends_hand_ending_play_resumes_with_its_summary() {
    for stand_in in [false, true] {
        let state = (1..200)
            .find_map(|seed| friend_ends_a_hand(seed, stand_in))
            .expect("some deal has the friend end a hand");
        let text = save_text(&state);
        assert!(text.contains("summary 1"), "{text}");
        let resumed = parse_save(&text).expect("the save resumes");
        assert_eq!(resumed.actions, state.actions);
        assert!(
            resumed.summary.is_some(),
            "the hand's summary is pending again"
        );
        assert_eq!(resumed.stand_ins(), state.stand_ins());
        assert_eq!(resumed.game().log().len(), state.game().log().len());
    }
}

/// Whenever a bot plays the seat to act (a level, or a stand-in) and
/// nothing waits for a person, the page has a move to play.
fn assert_bot_moves(state: &GameState, case: &str) {
    let Some(turn) = state.game().to_act() else {
        return;
    };
    if state.summary.is_some() || state.passing {
        return;
    }
    let bot_seat = turn.seat == Seat(2) || state.stands_in(turn.seat);
    if bot_seat {
        assert!(
            state.bot_to_act().is_some(),
            "{case}: nobody plays {:?}",
            turn
        );
        assert!(
            state
                .bot_move(make_bot(Level::Medium).as_mut())
                .and_then(|m| state.update(m))
                .is_some(),
            "{case}: the bot's move is refused"
        );
    }
}

#[test]
fn stand_in_taking_a_seat_already_to_play_is_a_new_version() {
    // The bots' timer restarts on a new version: a click while the friend's
    // seat is to act must make one, or the stand-in never moves.
    let mut state = hosted(GameState::new(online_setup(RuleSet::modern()), 3).expect("deal"));
    while state.game().to_act().map(|t| t.seat) != Some(FRIEND) {
        state = step(&state).expect("match goes on");
    }
    assert!(
        state.bot_to_act().is_none(),
        "the friend's seat waits for them"
    );
    let taken = state
        .update(GameMsg::StandIn {
            seat: FRIEND,
            playing: true,
        })
        .expect("a change");
    assert!(taken.version > state.version);
    assert_eq!(taken.bot_to_act(), Some((FRIEND, Level::Medium)));
    assert_bot_moves(&taken, "already to play");
    // Given back, the seat waits for the friend again; a second drop and
    // a new stand-in play again.
    let back = apply(
        &taken,
        GameMsg::StandIn {
            seat: FRIEND,
            playing: false,
        },
    );
    assert!(back.version > taken.version && back.bot_to_act().is_none());
    let again = apply(
        &back,
        GameMsg::StandIn {
            seat: FRIEND,
            playing: true,
        },
    );
    assert!(again.version > back.version);
    assert_bot_moves(&again, "after give back and a second drop");
    // Nobody else's seat can be stood in for.
    assert!(again
        .update(GameMsg::StandIn {
            seat: Seat(2),
            playing: true
        })
        .is_none());
}

#[test]
fn stand_in_plays_in_every_state_to_the_end_of_the_match() {
    // Owing two plays, first to play in a hand, after a hand summary,
    // after a reload (save and resume), after give back and a new drop:
    // a whole match in each format, the stand-in switched on and off, each
    // reaches its end, and every state where a bot plays has its move.
    let mut seen = BTreeMap::<&str, u32>::new();
    for (f, rules) in [RuleSet::modern(), tokens(), RuleSet::classic()]
        .into_iter()
        .enumerate()
    {
        for seed in 0..30u64 {
            let mut rng = Rng::new(seed * 31 + f as u64);
            let mut state = hosted(GameState::new(online_setup(rules), seed).expect("deal"));
            let mut steps = 0;
            while !state.game().is_over() {
                steps += 1;
                assert!(
                    steps < 20_000,
                    "the match is stuck at {:?}",
                    state.game().to_act()
                );
                // The host sometimes lets a bot play, gives the seat back, or
                // reloads (the save resumes).
                match rng.below(12) {
                    0 => {
                        let playing = !state.stands_in(FRIEND);
                        state = apply(
                            &state,
                            GameMsg::StandIn {
                                seat: FRIEND,
                                playing,
                            },
                        );
                    }
                    1 => {
                        state = hosted(parse_save(&save_text(&state)).expect("resumes"));
                        *seen.entry("reload").or_default() += 1;
                    }
                    _ => {}
                }
                if state.stands_in(FRIEND) {
                    if let Some(t) = state.game().to_act().filter(|t| t.seat == FRIEND) {
                        let key = match t.step {
                            TurnStep::Single => "single",
                            _ => "owes two",
                        };
                        *seen.entry(key).or_default() += 1;
                        if state.summary.is_some() {
                            *seen.entry("behind a summary").or_default() += 1;
                        }
                        if state
                            .game()
                            .log()
                            .last()
                            .is_some_and(|e| matches!(e, Event::HandStarted { .. }))
                        {
                            *seen.entry("first in a hand").or_default() += 1;
                        }
                    }
                }
                assert_bot_moves(&state, "whole match");
                state = step(&state).expect("goes on");
            }
        }
    }
    for case in ["single", "owes two", "behind a summary", "reload"] {
        assert!(
            seen.get(case).copied().unwrap_or(0) > 0,
            "{case} never met: {seen:?}"
        );
    }
    eprintln!("stand-in states met: {seen:?}");
}

/// A store with a quota, as `localStorage` has.
#[derive(Default)]
struct MemoryStore {
    items: RefCell<BTreeMap<String, String>>,
    quota: Option<usize>,
}

impl Store for MemoryStore {
    fn get(&self, key: &str) -> Option<String> {
        self.items.borrow().get(key).cloned()
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        let used: usize = self
            .items
            .borrow()
            .iter()
            .filter(|(k, _)| k.as_str() != key)
            .map(|(k, v)| k.len() + v.len())
            .sum();
        if self
            .quota
            .is_some_and(|q| used + key.len() + value.len() > q)
        {
            return Err(StoreError::Full);
        }
        self.items
            .borrow_mut()
            .insert(key.to_string(), value.to_string());
        Ok(())
    }
    fn remove(&self, key: &str) {
        self.items.borrow_mut().remove(key);
    }
}

fn played(seed: u64, plies: usize) -> GameState {
    let mut state = hosted(GameState::new(online_setup(RuleSet::modern()), seed).expect("deal"));
    for _ in 0..plies {
        match step(&state) {
            Some(next) => state = next,
            None => break,
        }
    }
    state
}

#[test]
fn f10_a_full_store_reports_the_failure_and_keeps_the_older_save() {
    let early = played(5, 2);
    let store = MemoryStore {
        quota: Some(save_text(&early).len() + SAVE_KEY.len() + 8),
        ..MemoryStore::default()
    };
    assert_eq!(save_game(&store, &early), Ok(()));
    let later = played(5, 40);
    assert_eq!(save_game(&store, &later), Err(SaveError::Full));
    assert_eq!(store.get(SAVE_KEY), Some(save_text(&early)));
}

#[test]
fn f10_a_broken_save_that_cannot_be_moved_aside_is_not_deleted() {
    let broken = "ono99-save 1\nseed 3\nnonsense\n";
    let store = MemoryStore {
        quota: Some(SAVE_KEY.len() + broken.len() + 4),
        ..MemoryStore::default()
    };
    store.set(SAVE_KEY, broken).expect("fits");
    match load_save(&store) {
        Resume::Bad { why, kept_aside } => {
            assert_eq!(why, BadSave::Broken);
            assert!(!kept_aside);
        }
        _ => panic!("a broken save is reported"),
    }
    assert_eq!(store.get(SAVE_KEY).as_deref(), Some(broken));
    assert_eq!(store.get(BAD_SAVE_KEY), None);
    // With room, it is moved aside: copied first, then removed.
    let roomy = MemoryStore::default();
    roomy.set(SAVE_KEY, broken).expect("fits");
    assert!(matches!(
        load_save(&roomy),
        Resume::Bad {
            why: BadSave::Broken,
            kept_aside: true
        }
    ));
    assert_eq!(roomy.get(BAD_SAVE_KEY).as_deref(), Some(broken));
    assert_eq!(roomy.get(SAVE_KEY), None);
}

#[test]
fn f10_a_newer_versions_save_is_left_alone_with_its_own_notice() {
    let newer = save_text(&played(8, 6)).replacen("ono99-save 1", "ono99-save 7", 1);
    let store = MemoryStore::default();
    store.set(SAVE_KEY, &newer).expect("fits");
    for _ in 0..3 {
        assert!(matches!(
            load_save(&store),
            Resume::Bad {
                why: BadSave::Newer,
                ..
            }
        ));
        assert_eq!(store.get(SAVE_KEY).as_deref(), Some(newer.as_str()));
        assert_eq!(store.get(BAD_SAVE_KEY), None);
    }
    // A new game started on this (older) page is not saved over it.
    let game = played(9, 3);
    assert_eq!(save_game(&store, &game), Err(SaveError::NewerKept));
    assert_eq!(store.get(SAVE_KEY).as_deref(), Some(newer.as_str()));
}

#[test]
fn saves_fuzzed_past_their_header_never_panic_and_resume_only_whole_games() {
    // Real saves of random matches, mutated line by line and byte by byte:
    // each either resumes to a game the rules accept or is refused.
    let mut rng = Rng::new(18);
    let (mut cases, mut resumed, mut refused) = (0u32, 0u32, 0u32);
    for seed in 0..60u64 {
        let plies = rng.below(120);
        let mut state = GameState::new(online_setup(tokens()), seed).expect("deal");
        for _ in 0..plies {
            match step(&state) {
                Some(next) => state = next,
                None => break,
            }
        }
        let text = save_text(&state);
        assert!(parse_save(&text).is_ok());
        for _ in 0..400 {
            cases += 1;
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            let i = rng.below(lines.len());
            match rng.below(8) {
                0 => {
                    lines.remove(i);
                }
                1 => lines.insert(i, lines[i].clone()),
                2 => lines[i].push_str(" 9:99"),
                3 => lines[i] = lines[i].replace(' ', "  "),
                4 => {
                    let words: Vec<&str> = lines[i].split(' ').collect();
                    let cut = rng.below(words.len() + 1);
                    lines[i] = words[..cut].join(" ");
                }
                5 => lines[i] = format!("{} {}", lines[i], u64::MAX),
                6 => lines.insert(i, format!("stand_ins {}", rng.below(300))),
                _ => {
                    let mut bytes = lines[i].clone().into_bytes();
                    if !bytes.is_empty() {
                        let b = rng.below(bytes.len());
                        bytes[b] = b"0123456789: -ab\x00\xff"[rng.below(17)];
                    }
                    lines[i] = String::from_utf8_lossy(&bytes).into_owned();
                }
            }
            let mutated = lines.join("\n") + "\n";
            match parse_save(&mutated) {
                Ok(game) => {
                    resumed += 1;
                    // What resumed replays again from its own save.
                    assert!(parse_save(&save_text(&game)).is_ok());
                }
                Err(_) => refused += 1,
            }
        }
    }
    eprintln!("saves fuzzed: {cases} cases, {resumed} resumed, {refused} refused");
    assert!(refused > 0 && resumed > 0);
}

// ----- one engine at the host ------------------------------------------------

/// The messages queued for the friend since `sent`, read by `mirror` as the
/// friend's page reads them.
fn deliver(state: &GameState, sent: &mut u64, mirror: &mut GuestMirror) -> Vec<HostMessage> {
    let out: Vec<_> = state
        .outbox
        .since(*sent)
        .expect("nothing was dropped")
        .filter(|(seat, _)| *seat == FRIEND)
        .filter_map(|(_, out)| match out {
            Outgoing::Message(msg) => Some(msg.clone()),
            Outgoing::Close => None,
        })
        .collect();
    *sent = state.outbox.count();
    for msg in &out {
        let received = mirror.receive(&msg.encode()).expect("readable");
        assert!(!received.wants_resync(), "the friend missed nothing");
    }
    out
}

#[test]
fn one_engine_the_session_holds_the_match_and_the_friend_sees_each_step() {
    // The host's session is the one engine: every action (the host's, a
    // bot's, the friend's message, a stand-in's) is taken once, and the
    // friend's mirror, fed only the state's outbox, shows its seat's view
    // of that one match at every step.
    for (f, rules) in [RuleSet::modern(), tokens(), RuleSet::classic()]
        .into_iter()
        .enumerate()
    {
        for seed in 0..12u64 {
            let mut rng = Rng::new(seed * 7 + f as u64);
            let mut state = hosted(GameState::new(online_setup(rules), seed).expect("deal"));
            let mut mirror = GuestMirror::new();
            let mut sent = 0;
            deliver(&state, &mut sent, &mut mirror);
            let mut steps = 0;
            while !state.game().is_over() {
                steps += 1;
                assert!(steps < 20_000, "stuck");
                if rng.below(15) == 0 {
                    let playing = !state.stands_in(FRIEND);
                    state = apply(
                        &state,
                        GameMsg::StandIn {
                            seat: FRIEND,
                            playing,
                        },
                    );
                }
                state = step(&state).expect("goes on");
                deliver(&state, &mut sent, &mut mirror);
                let session = state.session().expect("hosted");
                assert_eq!(session.actions().len(), state.actions.len());
                assert!(std::ptr::eq(session.game(), state.game()), "one match");
                assert_eq!(mirror.ply() as usize, state.actions.len());
                assert_eq!(
                    mirror.view(),
                    Some(&state.game().view(FRIEND)),
                    "the friend's view at ply {}",
                    state.actions.len()
                );
            }
        }
    }
}

#[test]
fn one_engine_a_hostile_message_changes_nothing_but_the_reply() {
    let mut state = hosted(GameState::new(online_setup(RuleSet::modern()), 3).expect("deal"));
    while state.game().to_act().map(|t| t.seat) != Some(FRIEND) {
        state = step(&state).expect("match goes on");
    }
    let mut mirror = GuestMirror::new();
    let mut sent = 0;
    deliver(&state, &mut sent, &mut mirror);
    let ply = state.actions.len() as u32;
    let legal = state.game().legal_actions();
    let illegal = state
        .game()
        .view(FRIEND)
        .hand
        .iter()
        .map(|&c| Action::Play(c))
        .find(|a| !legal.contains(a));
    let mut bad = vec![
        GuestMessage::Act {
            seat: Seat(2),
            ply,
            action: legal[0],
        },
        GuestMessage::Act {
            seat: FRIEND,
            ply: ply + 1,
            action: legal[0],
        },
        GuestMessage::Join { name: "x".into() },
    ];
    bad.extend(illegal.map(|action| GuestMessage::Act {
        seat: FRIEND,
        ply,
        action,
    }));
    let garbage = ["", "{", "{\"v\":2,\"msg\":{\"act\":{}}}", "\u{0}\u{ffff}"];
    let texts = bad
        .iter()
        .map(|m| String::from_utf8(m.encode()).expect("JSON"))
        .chain(garbage.iter().map(|g| g.to_string()));
    for text in texts {
        let next = apply(&state, GameMsg::received(FRIEND, text.as_bytes(), 0));
        assert_eq!(next.version, state.version, "{text}: a new version");
        assert_eq!(next.actions, state.actions, "{text}: an action was taken");
        assert_eq!(next.game().log(), state.game().log());
        let replies = deliver(&next, &mut sent, &mut mirror);
        assert!(
            matches!(replies.as_slice(), [HostMessage::Refused { .. }]),
            "{text}: {replies:?}"
        );
        state = next;
    }
    // The friend's own legal move is still taken, once.
    let next = from_friend(
        &state,
        &GuestMessage::Act {
            seat: FRIEND,
            ply,
            action: legal[0],
        },
        0,
    );
    assert_eq!(next.actions.len(), state.actions.len() + 1);
    assert_eq!(next.actions.last(), Some(&(FRIEND, legal[0])));
    assert!(next.version > state.version);
}

#[test]
fn one_engine_messages_lost_before_sending_are_replaced_by_a_resync() {
    // More replies queued than the outbox keeps (pings a minute apart, so
    // none is over the rate limit): the page can't send what it lost, and
    // sends the whole table instead.
    let mut state = hosted(GameState::new(online_setup(RuleSet::modern()), 3).expect("deal"));
    assert!(state.outbox.since(0).is_some());
    for i in 0..300u32 {
        state = from_friend(
            &state,
            &GuestMessage::Ping { nonce: i },
            u64::from(i) * 61_000,
        );
    }
    assert!(state.outbox.since(0).is_none(), "the first were dropped");
    let recent = state.outbox.count() - 10;
    assert_eq!(state.outbox.since(recent).map(Iterator::count), Some(10));
    let resync = state.session().expect("hosted").resync_all();
    let mut mirror = GuestMirror::new();
    let welcome = state.session().expect("hosted").clone().receive(
        FRIEND,
        &GuestMessage::Join { name: "A".into() }.encode(),
        0,
    );
    // (A fresh mirror needs the welcome first; the resync then sets it.)
    for (_, out) in welcome.out.iter().chain(&resync) {
        if let Outgoing::Message(msg) = out {
            if matches!(msg, HostMessage::Welcome(_) | HostMessage::Sync(_)) {
                mirror.receive(&msg.encode()).expect("readable");
            }
        }
    }
    assert!(matches!(
        resync.as_slice(),
        [(Peer::Seat(FRIEND), Outgoing::Message(HostMessage::Sync(_)))]
    ));
    assert_eq!(mirror.view(), Some(&state.game().view(FRIEND)));
}

// ----- your own exit ----------------------------------------------------------

/// You against three Medium bots, modern rules, at `speed`, as the setup
/// screen's default table is.
fn default_table(speed: Speed) -> Rc<GameSetup> {
    Rc::new(GameSetup {
        speed,
        ..GameSetup::default()
    })
}

/// Your move as the browser scenarios make it: the first playable card in
/// your hand's order, else the four-ONO discard.
fn first_playable(state: &GameState) -> Option<Action> {
    let legal = state.game().legal_actions();
    let view = state.game().view(ME);
    view.hand
        .iter()
        .map(|&c| Action::Play(c))
        .find(|a| legal.contains(a))
        .or_else(|| legal.first().copied())
}

/// Plays `seed`'s default match at `speed` (you play the first playable
/// card, the bots as Medium, every summary closed) until `stop` holds of
/// the state; `None` if the match ends first.
fn play_until(
    seed: u64,
    speed: Speed,
    mut stop: impl FnMut(&GameState) -> bool,
) -> Option<GameState> {
    let mut state = GameState::new(default_table(speed), seed).ok()?;
    for _ in 0..2_000 {
        if stop(&state) {
            return Some(state);
        }
        if state.game().is_over() {
            return None;
        }
        if state.summary.is_some() {
            state = apply(&state, GameMsg::Continue);
            continue;
        }
        state = match state.bot_move(make_bot(Level::Medium).as_mut()) {
            Some(msg) => apply(&state, msg),
            None => {
                let action = first_playable(&state)?;
                let msg = GameMsg::Act {
                    seat: ME,
                    action,
                    ply: Some(state.actions.len()),
                };
                apply(&state, msg)
            }
        };
    }
    None
}

/// Plays `seed`'s default match until you go out: the state right after.
fn until_you_go_out(seed: u64, speed: Speed) -> Option<GameState> {
    let mut read = 0;
    play_until(seed, speed, |state| {
        let log = state.game().log();
        let out = log[read..]
            .iter()
            .any(|e| matches!(e, Event::PlayerOut { seat, .. } if *seat == ME));
        read = log.len();
        out
    })
}

#[test]
fn your_exit_holds_the_table_before_the_next_bot_plays() {
    let mut met = 0;
    for seed in 0..40u64 {
        for speed in Speed::ALL {
            let Some(state) = until_you_go_out(seed, speed) else {
                continue;
            };
            met += 1;
            let hold = speed.exit_hold_ms();
            assert_eq!(state.exit_hold_ms(), hold, "seed {seed}, {speed:?}");
            assert!(state.final_table_ms() >= hold);
            if state.bot_to_act().is_some() {
                assert!(
                    state.bot_delay_ms() >= hold,
                    "seed {seed}, {speed:?}: the next bot plays after {} ms",
                    state.bot_delay_ms()
                );
            }
            // The next action ends the hold.
            if let Some(msg) = state.bot_move(make_bot(Level::Medium).as_mut()) {
                let next = apply(&state, msg);
                let still_out = next.game().log()[next.announce_from..]
                    .iter()
                    .any(|e| matches!(e, Event::PlayerOut { seat, .. } if *seat == ME));
                if !still_out {
                    assert_eq!(next.exit_hold_ms(), 0);
                }
            }
        }
    }
    assert!(Speed::Normal.exit_hold_ms() >= 2_500);
    assert!(Speed::Fast.exit_hold_ms() < Speed::Normal.exit_hold_ms());
    assert_eq!(Speed::Instant.exit_hold_ms(), 0);
    assert!(met > 20, "you went out in only {met} matches");
}

#[test]
fn seed_277_you_go_out_early_with_bots_still_in() {
    // The browser scenario "your exit" (tests/e2e/table.mjs) plays this
    // deal at Normal speed: you go out after 15 actions and three bots play
    // on, so the next bot's play waits for the hold.
    let state = until_you_go_out(277, Speed::Normal).expect("you go out");
    assert_eq!(state.actions.len(), 15);
    assert_eq!(state.game().in_hand().len(), 3);
    assert!(state.bot_to_act().is_some());
    assert!(state.bot_delay_ms() >= 2_600);
}

/// Plays `seed`'s default match at Instant speed until a Play 2 lands on
/// you: the state with you owing two plays.
fn until_you_owe_two(seed: u64) -> Option<GameState> {
    play_until(seed, Speed::Instant, |state| {
        state.my_turn() && state.game().view(ME).owes_two()
    })
}

#[test]
fn seed_12_a_play_two_lands_on_you_early() {
    // The browser scenario "you owe two plays" (tests/e2e/fit.mjs) plays
    // this deal: a Play 2 lands on you after 9 actions, and your hand and
    // the total must stay in view under its banner.
    let state = until_you_owe_two(12).expect("a Play 2 lands on you");
    assert_eq!(state.actions.len(), 9);
    assert!(state.game().view(ME).owes_two());
}

#[test]
fn a_match_as_played_resumes_only_at_a_table_of_its_rules_and_seats() {
    let setup = online_setup(RuleSet::modern());
    let state = played(5, 40);
    let names = vec![String::new(); setup.seat_count()];
    let match_played = state.played(names);
    let resumed = GameState::resume(setup.clone(), &match_played, true).expect("it resumes");
    assert_eq!(resumed.actions, state.actions);
    assert_eq!(resumed.game(), state.game());
    let by_parts =
        GameState::replay(setup.clone(), state.seed, &state.actions, true).expect("it replays");
    assert_eq!(by_parts.game(), resumed.game());
    assert_eq!(by_parts.summary, resumed.summary);
    assert_eq!(by_parts.viewer, resumed.viewer);
    // Another table: other rules, or a seat more.
    let mut other = match_played.clone();
    other.rules = tokens();
    assert!(GameState::resume(setup.clone(), &other, true).is_err());
    let mut other = match_played.clone();
    other.names.push(String::new());
    assert!(GameState::resume(setup.clone(), &other, true).is_err());
    // An action the rules refuse is named by its place.
    let mut other = match_played;
    let last = *other.actions.last().expect("some actions");
    other.actions.push(last);
    assert_eq!(
        GameState::resume(setup, &other, true).err(),
        Some(Some(state.actions.len()))
    );
}

/// The one source of seats' names (`play::SeatNames`): the setup's names
/// as typed, the bots' defaults, and what a language words ("You",
/// "Player 1", "Bot 8") for every page.
#[test]
fn seat_names_come_from_the_setup_with_one_set_of_defaults() {
    use ono99::i18n::{seat_name, Lang};
    use ono99::play::{SeatName, SeatNames, BOT_NAMES};
    let mut setup = GameSetup::default();
    let names = setup.seat_names();
    assert_eq!(names.name(Seat(0)), SeatName::You);
    assert_eq!(names.shared(Seat(0)), SeatName::Player(1));
    assert_eq!(names.name(Seat(1)), SeatName::Named("Ana"));
    assert_eq!(seat_name(Lang::Es, names.name(Seat(0))), "Tú");
    assert_eq!(seat_name(Lang::En, names.shared(Seat(0))), "Player 1");
    // The setup's bots are named by the same defaults the names fall back on.
    for (i, seat) in setup.others.iter().enumerate() {
        assert_eq!(SeatName::Named(&seat.name), SeatNames::default_bot(i));
    }
    setup.set_player_count(8);
    let all: Vec<String> = setup.others.iter().map(|s| s.name.clone()).collect();
    assert_eq!(all, BOT_NAMES.map(String::from).to_vec());
    // Past the defaults: no English in the setup, the seat's number in the
    // language shown.
    assert_eq!(SeatNames::default_bot(BOT_NAMES.len()), SeatName::Bot(8));
    assert_eq!(SeatNames::default_bot_name(BOT_NAMES.len()), "");
    assert_eq!(seat_name(Lang::En, SeatName::Bot(8)), "Bot 8");
    // Names as typed, without their spaces; a blank name is no name.
    setup.player_name = "  Hana ".into();
    setup.others[2].name = "   ".into();
    setup.others[3].name = " Kim".into();
    let names = setup.seat_names();
    assert_eq!(names.name(Seat(0)), SeatName::Named("Hana"));
    assert_eq!(names.shared(Seat(0)), SeatName::Named("Hana"));
    assert_eq!(names.name(Seat(3)), SeatName::Named("Cleo"));
    assert_eq!(names.name(Seat(4)), SeatName::Named("Kim"));
    // Pass-and-play: a nameless first person is "Player 1", not "You".
    setup.player_name.clear();
    setup.others[0].kind = SeatKind::Person;
    assert_eq!(setup.seat_names().name(Seat(0)), SeatName::Player(1));
}

/// A tokens match that puts the person out before its end (issue 39: it
/// went on in silence): the hand that takes their last token leaves its
/// summary open, saying they leave the match, until they choose; then the
/// bots play on, as after any summary. A hand that takes a bot out while
/// the person is already out opens none.
#[test]
fn the_person_knocked_out_of_a_tokens_match_gets_its_summary() {
    let rules = RuleSet {
        format: Format::Tokens,
        tokens: 1,
        ..RuleSet::classic()
    };
    let setup = Rc::new(GameSetup {
        player_name: "You".into(),
        others: (1..4)
            .map(|i| SeatSetup {
                name: format!("Bot {i}"),
                kind: SeatKind::Bot(Level::Easy),
            })
            .collect(),
        rules,
        speed: Speed::Instant,
    });
    let mut knocked = 0;
    for seed in 0..40 {
        let mut state = GameState::new(setup.clone(), seed).expect("deals");
        let mut out_summaries = 0;
        let mut summaries_after = 0;
        for _ in 0..3_000 {
            if state.game().is_over() {
                break;
            }
            if let Some(s) = &state.summary {
                let me_out = !state.game().in_match().contains(ME);
                if s.knocks_out(ME) {
                    assert!(me_out, "seed {seed}: a knockout summary while still in");
                    out_summaries += 1;
                } else if me_out {
                    summaries_after += 1;
                }
                state = state.update(GameMsg::Continue).expect("goes on");
                continue;
            }
            let Some(turn) = state.game().to_act() else {
                break;
            };
            let action = state.game().legal_actions()[0];
            state = state
                .update(GameMsg::Act {
                    seat: turn.seat,
                    action,
                    ply: Some(state.actions.len()),
                })
                .expect("a legal action");
        }
        assert!(state.game().is_over(), "seed {seed}: the match ends");
        let out_early = !state.game().in_match().contains(ME)
            && state
                .game()
                .outcome()
                .is_some_and(|o| !o.winners.contains(&ME));
        if out_early && out_summaries == 1 {
            knocked += 1;
        }
        assert!(
            out_summaries <= 1,
            "seed {seed}: told {out_summaries} times"
        );
        assert_eq!(summaries_after, 0, "seed {seed}: the bots' hands paused");
    }
    assert!(
        knocked >= 5,
        "only {knocked} of 40 matches put the person out first"
    );
}
