//! The table model (src/table): what the table shows from one seat, kept
//! event by event. Over thousands of seeded matches in every format and
//! edition, at every step:
//!
//! - the model's view is the engine's view of the seat (so the events a
//!   seat is told move a view exactly as the engine moves the match);
//! - the verdict on each card is the engine's own `check`;
//! - built at once from the view and the hand's log (a reload, a friend's
//!   resync) it equals the model built step by step;
//! - a friend's model, built from the messages an online host sends, equals
//!   the host's model of that seat;
//! - holding a new hand off the table (the final table of the last one on
//!   show) and then releasing it ends where not holding would.

mod common;
use common::random_rules;

use ono99::bots::{make_bot, Level};
use ono99::online::host::{HostSession, Mover, Outgoing, SeatKind, SeatSetup, TableSetup};
use ono99::online::watch::Peer;
use ono99::online::GuestMirror;
use ono99::rules::{redact, Action, Event, Match, Rng, Seat, SeatEvent, SeatSet};
use ono99::table::friend::{follow, players_of};
use ono99::table::{Callout, Step, TableModel, Verdict, TRAIL};

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("Seat {i}")).collect()
}

/// The seat's table at a match's start: the deal, narrated.
fn start_model(game: &Match, seat: Seat, me: Option<Seat>) -> TableModel {
    let events = redact(
        game.log(),
        seat,
        game.seat_count(),
        SeatSet::first(game.seat_count()),
    );
    let n = events.len();
    TableModel::resume(game.view(seat), &events, n, 0, me, names(game.seat_count()))
}

/// The seat's table built at once from where the match stands.
fn resumed(game: &Match, seat: Seat, last_events: usize, plays: usize) -> TableModel {
    // The hand's events as the seat knows them: the engine's log redacted
    // with the seats in the match at the match's start, then as they leave.
    let all = redact(
        game.log(),
        seat,
        game.seat_count(),
        SeatSet::first(game.seat_count()),
    );
    TableModel::resume(
        game.view(seat),
        &all,
        last_events,
        plays,
        Some(seat),
        names(game.seat_count()),
    )
}

/// Everything the table shows of the hand on it, compared one by one (a
/// model built at once knows no earlier hand).
fn assert_same_table(a: &TableModel, b: &TableModel, what: &str) {
    assert_eq!(a.view(), b.view(), "{what}: view");
    assert_eq!(
        a.announce(),
        b.announce(),
        "{what}: call-outs of the last step"
    );
    assert_eq!(
        a.hands().last(),
        b.hands().last(),
        "{what}: this hand's lines"
    );
    assert_eq!(a.trail(), b.trail(), "{what}: trail");
    for s in 0..a.view().seat_count() {
        let seat = Seat(s as u8);
        assert_eq!(a.draws(seat), b.draws(seat), "{what}: draws of {seat}");
        assert_eq!(a.marks(seat), b.marks(seat), "{what}: marks of {seat}");
    }
    assert_eq!(a.fresh(), b.fresh(), "{what}: fresh card");
    assert_eq!(a.change(), b.change(), "{what}: last change");
    assert_eq!(a.plays(), b.plays(), "{what}: plays");
    assert_eq!(a.slots(), b.slots(), "{what}: slots");
    assert_eq!(a.four_ono(), b.four_ono(), "{what}: four-ONO");
    assert_eq!(a.tip(), b.tip(), "{what}: the coach's tip");
    assert_eq!(a.exit_now(), b.exit_now(), "{what}: your exit");
}

/// The seat's own exit shows on its table exactly while the hand it went
/// out of is on the table, with the call-out that said it (the
/// arithmetic when it had cards); the winners are marked once the match
/// is over, and nobody before.
fn assert_exit_and_win(model: &TableModel, game: &Match, seat: Seat, what: &str) {
    let log = game.log();
    let hand_start = log
        .iter()
        .rposition(|e| matches!(e, Event::HandStarted { .. }))
        .unwrap_or(0);
    let out_here = log[hand_start..]
        .iter()
        .any(|e| matches!(e, Event::PlayerOut { seat: s, .. } if *s == seat));
    assert_eq!(model.exit_now().is_some(), out_here, "{what}: exit banner");
    if let Some(exit) = model.exit_now() {
        assert!(
            matches!(exit, Callout::Out { who, .. } if who.is_you()),
            "{what}: the exit says {exit:?}"
        );
        assert_eq!(model.result_lines(true).first(), Some(&exit));
        assert!(model.hands().last().is_some_and(|h| h.contains(exit)));
    }
    // What the result says, once the match is over, is about the hand on
    // the table, never an earlier one.
    for line in model
        .result_lines(true)
        .into_iter()
        .filter(|_| game.is_over())
    {
        assert!(
            model.hands().last().is_some_and(|h| h.contains(line)),
            "{what}: the result would say {line:?}, from an earlier hand"
        );
    }
    let winners = game
        .outcome()
        .map(|o| o.winners.clone())
        .unwrap_or_default();
    for s in 0..game.seat_count() {
        let other = Seat(s as u8);
        assert_eq!(
            model.marks(other).won,
            winners.contains(&other),
            "{what}: winner mark of {other}"
        );
    }
}

/// Plays `seed`'s match with quick bots, checking every seat's model at
/// every step. Returns the number of steps checked.
fn check_match(seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let rules = random_rules(&mut rng);
    let seats = 2 + rng.below(7);
    let mut game = Match::new(rules, seats, seed).expect("valid setup");
    let mut models: Vec<TableModel> = (0..seats)
        .map(|s| start_model(&game, Seat(s as u8), Some(Seat(s as u8))))
        .collect();
    // Seat 0's table also holds each new hand until the next step.
    let mut held = start_model(&game, Seat(0), Some(Seat(0)));
    let mut bots: Vec<_> = (0..seats)
        .map(|i| make_bot([Level::Random, Level::Easy][i % 2]))
        .collect();
    let mut steps = 0;
    while let Some(turn) = game.to_act() {
        let legal = game.legal_actions();
        let view = game.view(turn.seat);
        let action = bots[turn.seat.index()].choose(&view, &legal, &mut rng);
        let from = game.log().len();
        game.apply(action).expect("a legal action");
        steps += 1;
        held.release();
        held.step(Step::of_match(&game, from, Seat(0)), true);
        for (s, model) in models.iter_mut().enumerate() {
            let seat = Seat(s as u8);
            let step = Step::of_match(&game, from, seat);
            let last = step.events.len();
            model.step(step, false);
            let what = format!("seed {seed}, step {steps}, {seat}");
            assert_eq!(model.view(), &game.view(seat), "{what}: the engine's view");
            assert_exit_and_win(model, &game, seat, &what);
            if game.to_act().is_some_and(|t| t.seat == seat) {
                for slot in model.slots() {
                    let engine = game.check(Action::Play(slot.card));
                    match (&slot.verdict, engine) {
                        (Verdict::Playable, Ok(())) => {}
                        (Verdict::Unplayable(a), Err(b)) if *a == b => {}
                        (v, e) => panic!("{what}: {} judged {v:?}, engine {e:?}", slot.card),
                    }
                }
                assert_eq!(
                    model.four_ono(),
                    game.check(Action::DiscardFourOno).is_ok(),
                    "{what}: four-ONO"
                );
            } else {
                assert!(model.slots().iter().all(|s| s.verdict == Verdict::Resting));
            }
            // A reload or a resync builds the same table from the view and
            // the hand's log (at a few steps: it redacts the whole log).
            if (steps + s) % 7 == 0 || game.is_over() {
                let at_once = resumed(&game, seat, last, steps);
                assert_same_table(model, &at_once, &format!("{what}, built at once"));
            }
        }
        // Holding: the final table of an ended hand stays until the next
        // step; nobody is to act on it.
        if held.holding() {
            assert!(held.to_act().is_none());
            assert!(held.view().hand_number < game.view(Seat(0)).hand_number);
        } else {
            assert_eq!(
                held.view(),
                models[0].view(),
                "seed {seed}: held then released"
            );
            assert_eq!(held.hands(), models[0].hands(), "seed {seed}: lines");
        }
    }
    assert!(game.is_over());
    // Every hand's lines are kept apart, the trail is short.
    let hands = models[0].hands().len() as u32;
    assert_eq!(
        hands,
        game.view(Seat(0)).hand_number,
        "seed {seed}: one group per hand"
    );
    assert!(models.iter().all(|m| m.trail().len() <= TRAIL));
    steps
}

#[test]
fn the_model_follows_the_engine_and_is_the_same_built_at_once() {
    let mut steps = 0;
    for seed in 0..1_500u64 {
        steps += check_match(seed);
    }
    // Thousands of matches' worth of steps (checked for every seat).
    assert!(steps > 100_000, "{steps} steps");
}

#[test]
fn going_out_is_narrated_with_the_arithmetic_and_announced() {
    // Find a step where a seat goes out, and check what its table says.
    for seed in 0..200u64 {
        let mut rng = Rng::new(seed);
        let rules = random_rules(&mut rng);
        let mut game = Match::new(rules, 3, seed).expect("valid setup");
        let mut model = start_model(&game, Seat(0), Some(Seat(0)));
        let mut bot = make_bot(Level::Random);
        while let Some(turn) = game.to_act() {
            let legal = game.legal_actions();
            let action = bot.choose(&game.view(turn.seat), &legal, &mut rng);
            let from = game.log().len();
            game.apply(action).expect("legal");
            model.step(Step::of_match(&game, from, Seat(0)), false);
            let out = model
                .announce()
                .iter()
                .find(|c| matches!(c, Callout::Out { .. }));
            if let Some(line @ Callout::Out { why: Some(why), .. }) = out {
                assert!(model.hands().iter().any(|h| h.contains(line)));
                // Each card held would have broken a rule or passed 99.
                assert!(!why.cards.is_empty());
                for (card, outcome) in &why.cards {
                    assert!(
                        outcome.as_ref().map_or(true, |&t| t >= 99),
                        "{card}: {outcome:?}"
                    );
                }
                return;
            }
        }
    }
    panic!("no seat went out in 200 matches");
}

/// A player who went out of an earlier hand and then won the match: the
/// result says nothing of that old exit ("You're out: at 98, …" under "You
/// win the match!"), only what happened in the hand that decided it.
#[test]
fn the_result_speaks_of_the_deciding_hand_only() {
    let mut found = 0;
    for seed in 0..400u64 {
        let mut rules = ono99::rules::RuleSet::classic();
        rules.tokens = 2;
        let mut game = Match::new(rules, 3, seed).expect("valid setup");
        let mut model = start_model(&game, Seat(0), Some(Seat(0)));
        let mut rng = Rng::new(seed);
        let mut bots: Vec<_> = (0..3).map(|_| make_bot(Level::Medium)).collect();
        let mut out_before = false;
        while let Some(turn) = game.to_act() {
            let legal = game.legal_actions();
            let action = bots[turn.seat.index()].choose(&game.view(turn.seat), &legal, &mut rng);
            let from = game.log().len();
            game.apply(action).expect("legal");
            model.step(Step::of_match(&game, from, Seat(0)), false);
            let you_out = model
                .announce()
                .iter()
                .any(|c| matches!(c, Callout::Out { who, .. } if who.is_you()));
            if !game.is_over() && you_out {
                out_before = true;
            }
        }
        let won = game.outcome().is_some_and(|o| o.winners.contains(&Seat(0)));
        if !(won && out_before && model.exit_now().is_none()) {
            continue;
        }
        found += 1;
        let lines = model.result_lines(true);
        assert!(
            !lines
                .iter()
                .any(|c| matches!(c, Callout::Out { who, .. } if who.is_you())),
            "seed {seed}: the winner's result says {lines:?}"
        );
    }
    assert!(found >= 3, "only {found} matches won after an earlier exit");
}

// ----- a friend's table equals the host's ----------------------------------

fn deliver(
    outbox: Vec<(Peer, Outgoing)>,
    mirrors: &mut [Option<(GuestMirror, Option<TableModel>)>],
) {
    for (to, out) in outbox {
        let Outgoing::Message(msg) = out else {
            continue;
        };
        let mirror = to.seat().and_then(|seat| mirrors.get_mut(seat.index()));
        let Some(Some((mirror, model))) = mirror else {
            continue;
        };
        let received = mirror.receive(&msg.encode()).expect("a readable message");
        follow(model, mirror, &received, &|s, _| format!("Seat {}", s.0));
    }
}

#[test]
fn a_friends_table_equals_the_hosts_table_of_that_seat() {
    let mut checked = 0;
    for seed in 0..300u64 {
        let mut rng = Rng::new(seed ^ 0xF1E2D);
        let rules = random_rules(&mut rng);
        let n = 2 + rng.below(7);
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
        let mut host = HostSession::new(
            TableSetup {
                rules,
                seats: seats.clone(),
            },
            seed,
        )
        .expect("valid table");
        let mut mirrors: Vec<Option<(GuestMirror, Option<TableModel>)>> = seats
            .iter()
            .map(|s| (s.kind == SeatKind::Guest).then(|| (GuestMirror::new(), None)))
            .collect();
        // The host's table of each friend's seat, from the engine's events.
        let mut hosts: Vec<Option<TableModel>> = vec![None; n];
        for (i, s) in seats.iter().enumerate() {
            if s.kind == SeatKind::Guest {
                let seat = Seat(i as u8);
                let join = GuestMirror::join_request("x").encode();
                let out = host.handle(seat, &join);
                deliver(out, &mut mirrors);
                // Played by a bot standing in, so the match runs on its own.
                let out = host.bot_takes(seat);
                deliver(out, &mut mirrors);
                let game = host.game();
                let events = redact(game.log(), seat, n, SeatSet::first(n));
                hosts[i] = Some(TableModel::resume(
                    game.view(seat),
                    &events,
                    events.len(),
                    0,
                    Some(seat),
                    names(n),
                ));
            }
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
            deliver(out, &mut mirrors);
            for (i, model) in hosts.iter_mut().enumerate() {
                let Some(model) = model.as_mut() else {
                    continue;
                };
                model.step(Step::of_match(host.game(), from, Seat(i as u8)), false);
                let presence: Vec<_> = (0..n)
                    .filter_map(|s| host.presence(Seat(s as u8)))
                    .collect();
                model.set_players(players_of(&presence));
                let friend = mirrors[i]
                    .as_ref()
                    .and_then(|(_, m)| m.as_ref())
                    .expect("a friend's table");
                assert_eq!(friend, model, "seed {seed}, seat {i}, ply {}", host.ply());
                checked += 1;
            }
        }
        assert!(host.game().is_over(), "seed {seed}: the match ends");
    }
    assert!(checked > 10_000, "{checked} tables compared");
}

#[test]
fn the_host_redacts_a_deal_as_the_model_steps_it() {
    // A step's events are what `redact` makes of the engine's: a deal
    // carries only the seat's own cards.
    let game = Match::new(ono99::rules::RuleSet::modern(), 4, 5).expect("valid");
    let step = Step::of_match(&game, 0, Seat(2));
    let Some(SeatEvent::HandStarted { dealt, .. }) = step.events.first() else {
        panic!("a deal first");
    };
    assert_eq!(dealt, &game.view(Seat(2)).hand);
}

// ----- a replay: stepped on one at a time, or folded from the deal ---------

/// Plays `seed`'s match with quick bots: its rules, seats and actions.
fn played_match(seed: u64) -> (ono99::rules::RuleSet, usize, Vec<(Seat, Action)>) {
    let mut rng = Rng::new(seed ^ 0x5E_91A7);
    let rules = random_rules(&mut rng);
    let seats = 2 + rng.below(7);
    let mut game = Match::new(rules, seats, seed).expect("valid setup");
    let mut bots: Vec<_> = (0..seats)
        .map(|i| make_bot([Level::Random, Level::Easy][i % 2]))
        .collect();
    let mut actions = Vec::new();
    while let Some(turn) = game.to_act() {
        let legal = game.legal_actions();
        let action = bots[turn.seat.index()].choose(&game.view(turn.seat), &legal, &mut rng);
        game.apply(action).expect("a legal action");
        actions.push((turn.seat, action));
    }
    (rules, seats, actions)
}

#[test]
fn a_replay_stepped_on_one_at_a_time_equals_the_match_folded_from_its_deal() {
    use ono99::table::replay::Replay;
    use std::rc::Rc;
    let (mut checked, mut folds) = (0, 0);
    for seed in 0..200u64 {
        let (rules, n, actions) = played_match(seed);
        let actions: Rc<[(Seat, Action)]> = actions.into();
        let len = actions.len();
        let fresh = || Replay::new(rules, names(n), seed, actions.clone()).expect("valid setup");
        let mut walk = fresh();
        // The table the page drew last, kept aside as its props keep it.
        let mut drawn = walk.table(Seat(0)).clone();
        let mut rng = Rng::new(seed);
        let mut engine = Match::new(rules, n, seed).expect("valid setup");
        for k in 1..=len {
            let before: Vec<u32> = (0..n)
                .map(|s| engine.view(Seat(s as u8)).hand_number)
                .collect();
            walk.forward().expect("the match replays");
            let (seat, action) = actions[k - 1];
            engine.apply_for(seat, action).expect("the match replays");
            let what = format!("seed {seed}, step {k}");
            assert_eq!(walk.step(), k, "{what}");
            // Folded again from the deal (as after a jump back), by way of
            // a step on the way (a jump ahead): the same tables. At every
            // step of a match up to 160 actions, at every 16th of a longer
            // one (the folds cost the square of its length).
            if len <= 160 || k % 16 == 0 || k == len {
                let mut folded = fresh();
                folded.seek(rng.below(k + 1)).expect("the match replays");
                folded.seek(k).expect("the match replays");
                assert_eq!(folded.step(), k, "{what}");
                for s in 0..n {
                    let seat = Seat(s as u8);
                    assert_eq!(
                        walk.table(seat),
                        folded.table(seat),
                        "{what}: {seat}'s table"
                    );
                }
                assert_eq!(walk.hands(), folded.hands(), "{what}: hands");
                folds += 1;
            }
            // What each table shows: the engine's table, or the final
            // table of the hand this step ended while the next deal waits.
            let hands = walk.hands();
            for s in 0..n {
                let seat = Seat(s as u8);
                let table = walk.table(seat);
                assert_eq!(table.me(), None, "{what}: nobody is you");
                assert_eq!(table.plays(), k, "{what}: plays");
                assert_eq!(hands[s], table.view().hand, "{what}: {seat}'s cards");
                let now = engine.view(seat);
                if now.hand_number > before[s] && !engine.is_over() {
                    assert!(table.holding(), "{what}: the hand's end shows");
                    assert_eq!(
                        table.view().hand_number,
                        before[s],
                        "{what}: the ended hand"
                    );
                    assert!(table.to_act().is_none(), "{what}: nobody acts on it");
                } else {
                    assert!(!table.holding(), "{what}: nothing held");
                    assert_eq!(table.view(), &now, "{what}: {seat}'s view");
                }
            }
            // The table drawn before is left as it was.
            assert_eq!(drawn.plays(), k - 1, "{what}: the last table drawn");
            drawn = walk.table(Seat(0)).clone();
            checked += 1;
        }
        assert!(walk.game().is_over(), "seed {seed}: the match ends");
        // Past the end stays at the end; a jump back is the match folded
        // from its deal.
        walk.forward().expect("nothing to take");
        assert_eq!(walk.step(), len, "seed {seed}: the end");
        let back = rng.below(len + 1);
        walk.seek(back).expect("the match replays");
        let mut folded = fresh();
        folded.seek(back).expect("the match replays");
        for s in 0..n {
            let seat = Seat(s as u8);
            assert_eq!(
                walk.table(seat),
                folded.table(seat),
                "seed {seed}: back to {back}"
            );
        }
    }
    assert!(checked > 20_000, "{checked} steps checked");
    assert!(folds > 10_000, "{folds} folds compared");
}

// ----- a whole match folded at once equals the table stepped on ------------

#[test]
fn a_match_folded_from_its_deal_equals_the_tables_stepped_on() {
    use ono99::table::fold::DoesNotReplay;
    use ono99::table::{fold_match, Hold, Viewers};
    let (mut plain, mut held) = (0, 0);
    for seed in 0..150u64 {
        let (rules, n, actions) = played_match(seed);
        let len = actions.len();
        let seats: Vec<Seat> = (0..n).map(|s| Seat(s as u8)).collect();
        let me = Some(Seat(0));
        let viewers = |hold| Viewers {
            seats: seats.clone(),
            me,
            names: names(n),
            hold,
        };
        let fold = |k: usize, hold| {
            fold_match(rules, n, seed, &viewers(hold), &actions[..k]).expect("valid setup")
        };
        let mut game = Match::new(rules, n, seed).expect("valid setup");
        let mut models: Vec<TableModel> = seats
            .iter()
            .map(|&seat| start_model(&game, seat, me))
            .collect();
        let mut rng = Rng::new(seed);
        for (k, &(seat, action)) in actions.iter().enumerate().map(|(i, a)| (i + 1, a)) {
            let what = format!("seed {seed}, step {k}");
            let from = game.log().len();
            game.apply_for(seat, action).expect("the match replays");
            let steps: Vec<Step> = seats
                .iter()
                .map(|&s| Step::of_match(&game, from, s))
                .collect();
            let ended = steps[0].events.iter().find_map(|e| match e {
                SeatEvent::HandOver { hand, .. } => Some(*hand),
                _ => None,
            });
            // The end of a hand whose summary is pending stays on show.
            if let Some(hand) = ended {
                let stepped: Vec<TableModel> = models
                    .iter()
                    .zip(&steps)
                    .map(|(m, step)| {
                        let mut m = m.clone();
                        m.step(step.clone(), true);
                        m
                    })
                    .collect();
                let folded = fold(k, Hold::HandEnd(hand));
                assert_eq!(folded.tables, stepped, "{what}: held");
                assert_eq!(
                    folded.tables[0].holding(),
                    !game.is_over(),
                    "{what}: the next deal waits"
                );
                held += 1;
            }
            for (model, step) in models.iter_mut().zip(steps) {
                model.step(step, false);
            }
            if k == len || rng.below(len) < 6 {
                let folded = fold(k, Hold::Nothing);
                assert_eq!(folded.refused, None, "{what}");
                assert_eq!(folded.taken, k, "{what}");
                assert_eq!(folded.game, game, "{what}: the match");
                assert_eq!(folded.tables, models, "{what}: the tables");
                plain += 1;
            }
        }
        // An action the rules refuse ends the fold before it.
        let mut more = actions.clone();
        more.push(actions[len - 1]);
        let folded =
            fold_match(rules, n, seed, &viewers(Hold::Nothing), &more).expect("valid setup");
        assert_eq!(folded.taken, len, "seed {seed}");
        assert!(
            matches!(folded.refused, Some(DoesNotReplay { index, .. }) if index == len),
            "seed {seed}: {:?}",
            folded.refused
        );
        assert_eq!(folded.tables, models, "seed {seed}: stopped at the end");
    }
    assert!(plain > 1_000, "{plain} folds compared");
    assert!(held > 300, "{held} held hand ends compared");
}

// ----- the coach's advice does not depend on the hidden cards --------------

/// One turn of a random match played by Random bots: the match before the
/// move, the view of the seat to act, its legal actions and the match's
/// random source (a check may draw from it before the bot does).
struct Turn<'a> {
    seed: u64,
    seat: Seat,
    game: &'a Match,
    view: ono99::rules::PlayerView,
    legal: Vec<Action>,
    rng: &'a mut Rng,
}

impl Turn<'_> {
    /// "seed 3, ply 41", for a failing assertion.
    fn what(&self) -> String {
        format!("seed {}, ply {}", self.seed, self.game.log().len())
    }
}

/// Calls `check` on every turn of `seeds` random matches (random rules and
/// 2 to 8 seats, each match's random source salted with `salt`), each
/// played on by a Random bot.
fn each_turn(seeds: u64, salt: u64, mut check: impl FnMut(&mut Turn)) {
    for seed in 0..seeds {
        let mut rng = Rng::new(seed ^ salt);
        let rules = random_rules(&mut rng);
        let n = 2 + rng.below(7);
        let mut game = Match::new(rules, n, seed).expect("valid setup");
        let mut bot = make_bot(Level::Random);
        while let Some(to_act) = game.to_act() {
            let mut turn = Turn {
                seed,
                seat: to_act.seat,
                game: &game,
                view: game.view(to_act.seat),
                legal: game.legal_actions(),
                rng: &mut rng,
            };
            check(&mut turn);
            let Turn { view, legal, .. } = turn;
            let action = bot.choose(&view, &legal, &mut rng);
            game.apply(action).expect("a legal action");
        }
    }
}

#[test]
fn the_coachs_advice_is_the_same_from_any_deal_the_view_allows() {
    use ono99::bots::coach::{advise, advise_on};
    let mut checked = 0;
    each_turn(200, 0xC0AC, |turn| {
        let what = turn.what();
        let (view, legal, rng) = (&turn.view, &turn.legal, &mut *turn.rng);
        let advice = advise(view, legal);
        assert_eq!(
            advise_on(view, turn.game, legal),
            advice,
            "{what}: the real deal"
        );
        let deal = view.determinize(rng).expect("a deal");
        assert_eq!(advise_on(view, &deal, legal), advice, "{what}: a deal");
        checked += 1;
    });
    assert!(checked > 10_000, "{checked} positions");
}

// ----- an event that does not fit leaves a view as it was ------------------

/// Events that cannot fit `view` (`me`'s): seats not at the table, a card
/// the seat does not hold, a figure per seat too many...
fn misfits(view: &ono99::rules::PlayerView) -> Vec<SeatEvent> {
    let me = view.seat;
    let n = view.seat_count();
    let away = Seat(200);
    let missing = ono99::rules::Card::ALL
        .into_iter()
        .find(|c| !view.hand.contains(c))
        .expect("a card not held");
    vec![
        SeatEvent::HandStarted {
            hand: view.hand_number + 1,
            dealer: away,
            first: me,
            dealt: Vec::new(),
            draw_pile_len: 0,
        },
        SeatEvent::Played {
            seat: me,
            card: missing,
            total: 1,
        },
        SeatEvent::Played {
            seat: away,
            card: missing,
            total: 1,
        },
        SeatEvent::DiscardedFourOno {
            seat: me,
            total: view.total + 1,
        },
        SeatEvent::Drew { seat: me },
        SeatEvent::Drew { seat: away },
        SeatEvent::ObligationMoved { from: me, to: away },
        SeatEvent::PlayerOut {
            seat: away,
            laid_down: Vec::new(),
        },
        // Good tokens, scores one too many: nothing is written.
        SeatEvent::HandOver {
            hand: view.hand_number,
            winner: None,
            loser: None,
            tokens: Some(vec![0; n]),
            scores: Some(vec![7; n + 1]),
        },
        SeatEvent::LeftMatch { seat: away },
        SeatEvent::MatchOver {
            winners: vec![me, away],
        },
    ]
}

#[test]
fn an_event_that_does_not_fit_leaves_the_view_as_it_was() {
    let mut refused = 0;
    for seed in 0..100u64 {
        let mut rng = Rng::new(seed ^ 0xBAD);
        let rules = random_rules(&mut rng);
        let n = 2 + rng.below(7);
        let mut game = Match::new(rules, n, seed).expect("valid setup");
        let mut bot = make_bot(Level::Random);
        let mut views: Vec<_> = (0..n).map(|s| game.view(Seat(s as u8))).collect();
        while let Some(turn) = game.to_act() {
            let legal = game.legal_actions();
            let action = bot.choose(&game.view(turn.seat), &legal, &mut rng);
            let from = game.log().len();
            game.apply(action).expect("a legal action");
            for (s, view) in views.iter_mut().enumerate() {
                let seat = Seat(s as u8);
                let step = Step::of_match(&game, from, seat);
                for event in &step.events {
                    for bad in misfits(view) {
                        let mut tried = view.clone();
                        assert_eq!(tried.apply(&bad), None, "seed {seed}: {bad:?}");
                        assert_eq!(&tried, view, "seed {seed}: {bad:?} changed the view");
                        refused += 1;
                    }
                    view.apply(event).expect("the engine's events fit");
                }
                view.to_act = step.to_act;
                view.ninety_nine_this_turn = step.ninety_nine_this_turn;
                assert_eq!(view, &game.view(seat), "seed {seed}: {seat}'s view");
            }
        }
    }
    assert!(refused > 10_000, "{refused} events refused");
}

// ----- the coach's tip: one sentence's worth for the turn ------------------

/// The seat to act's judged hand with hints on.
fn judged_at(hands: &[&str], total: i32) -> (Vec<ono99::table::Slot>, Option<ono99::table::Tip>) {
    use ono99::rules::{Position, RuleSet};
    let p = Position::new(RuleSet::modern(), hands, total).expect("position");
    let game = Match::from_position(p).expect("match");
    let (slots, _, tip) = ono99::table::hand::judge(&game.view(Seat(0)), true, None, true);
    (slots, tip)
}

#[test]
fn the_tip_names_the_only_card_and_keeps_the_total_it_leaves() {
    use ono99::rules::Card;
    // At 90 only the Reverse may be played: it keeps the total at 90.
    let (slots, tip) = judged_at(&["10 10 10 R", "1 2 3 4", "1 2 3 4"], 90);
    let tip = tip.expect("a tip on a turn with a legal play");
    assert_eq!(tip.action, Action::Play(Card::Reverse));
    assert_eq!((tip.before, tip.total, tip.only), (90, 90, true));
    // The pick is the card the tip names, marked on its slot alone.
    let picks: Vec<_> = slots
        .iter()
        .filter(|s| s.hints.is_some_and(|h| h.pick))
        .map(|s| s.card)
        .collect();
    assert_eq!(picks, vec![Card::Reverse]);
    // Hints off, or not your turn: no tip.
    use ono99::rules::{Position, RuleSet};
    let p = Position::new(RuleSet::modern(), &["10 10 10 R", "1 2 3 4", "1 2 3 4"], 90)
        .expect("position");
    let game = Match::from_position(p).expect("match");
    let view = game.view(Seat(0));
    assert_eq!(ono99::table::hand::judge(&view, true, None, false).2, None);
    assert_eq!(ono99::table::hand::judge(&view, false, None, true).2, None);
}

#[test]
fn the_tip_says_the_next_player_is_stuck_only_when_the_chance_is_worth_saying() {
    use ono99::rules::Card;
    use ono99::table::Then;
    // At 88, a 10 makes 98: only 0s, −10s, Reverses and Play 2s follow it,
    // so the next player (seat 1), down to two cards, is often stuck. (With
    // four cards they are stuck 17% of the time: not worth a word.)
    let (_, tip) = judged_at(&["10 99 99 99", "1 2", "1 2 3 4"], 88);
    let tip = tip.expect("a tip");
    assert_eq!(tip.action, Action::Play(Card::Number(10)));
    assert_eq!((tip.total, tip.only), (98, true));
    match tip.then {
        Then::NextStuck {
            seat,
            percent,
            certain,
        } => {
            assert_eq!(seat, Seat(1));
            assert!((35..=50).contains(&percent), "{percent}%");
            assert!(!certain, "cards the next player could play are unseen");
        }
        other => panic!("expected the next player stuck, got {other:?}"),
    }
    let (_, tip) = judged_at(&["10 99 99 99", "1 2 3 4", "1 2 3 4"], 88);
    assert_eq!(
        tip.map(|t| t.then),
        Some(Then::Nothing),
        "17% is not worth saying"
    );
    // At 10 a 2 leaves them every card: nothing about them to say.
    let (_, tip) = judged_at(&["2 99 99 99", "1 2 3 4", "1 2 3 4"], 10);
    let tip = tip.expect("a tip");
    assert_eq!((tip.total, tip.then), (12, Then::Nothing));
    // A Play 2 onto seat 1 (no one stuck at 20): they must play twice.
    let (_, tip) = judged_at(&["P2 99 99 99", "1 2 3 4", "1 2 3 4"], 20);
    let tip = tip.expect("a tip");
    assert_eq!(tip.then, Then::PlaysTwice { seat: Seat(1) });
}

/// Over many seeded positions: a tip on every turn with a legal play, for
/// the pick the hand marks, with the total that card's slot shows, and a
/// stuck chance only when it is worth saying and about someone else.
#[test]
fn the_tip_is_the_picks_on_every_turn_and_says_no_chance_below_the_bar() {
    use ono99::table::{Then, STUCK_WORTH_SAYING};
    let mut turns = 0;
    let mut stuck_said = 0;
    each_turn(60, 0x7159, |turn| {
        let (view, legal) = (&turn.view, &turn.legal);
        let (slots, _, tip) = ono99::table::hand::judge(view, true, None, true);
        let what = turn.what();
        let tip = tip.unwrap_or_else(|| panic!("{what}: no tip"));
        assert!(legal.contains(&tip.action), "{what}: {tip:?}");
        assert_eq!(tip.before, view.total, "{what}");
        assert_eq!(tip.only, legal.len() == 1, "{what}");
        let picks = slots
            .iter()
            .filter(|s| s.hints.is_some_and(|h| h.pick))
            .count();
        let one = usize::from(matches!(tip.action, Action::Play(_)));
        assert_eq!(picks, one, "{what}: {picks} cards marked as the pick");
        if let Action::Play(card) = tip.action {
            let slot = slots
                .iter()
                .find(|s| s.card == card)
                .and_then(|s| s.hints)
                .unwrap_or_else(|| panic!("{what}: no hints on the pick"));
            assert!(slot.pick, "{what}: the pick is not marked");
            assert_eq!(slot.makes, tip.total, "{what}");
        }
        match tip.then {
            Then::NextStuck { seat, percent, .. } => {
                assert!(percent >= STUCK_WORTH_SAYING, "{what}: {percent}%");
                assert_ne!(seat, turn.seat, "{what}: stuck is about another seat");
                stuck_said += 1;
            }
            Then::PlaysTwice { seat } => assert_ne!(seat, turn.seat, "{what}"),
            _ => {}
        }
        turns += 1;
    });
    assert!(turns > 2_000, "{turns} turns");
    assert!(stuck_said > 50, "{stuck_said} tips name a stuck player");
}

/// A friend's result ranks the seats as the host's does: the places worked
/// out from a seat's view and its redacted log equal the engine's, in
/// every format, for every seat, over many finished matches.
#[test]
fn a_friends_result_gives_the_hosts_places() {
    let mut formats = [0usize; 3];
    for index in 0..600u64 {
        let mut rng = ono99::rules::Rng::new(0x91ACE ^ index);
        let rules = random_rules(&mut rng);
        let n = 2 + rng.below(7);
        let Ok(mut game) = ono99::rules::Match::new(rules, n, rng.next_u64()) else {
            continue;
        };
        while game.to_act().is_some() {
            let legal = game.legal_actions();
            let action = legal[rng.below(legal.len())];
            game.apply(action).expect("a legal action");
        }
        formats[rules.format as usize] += 1;
        let places = game.places();
        for seat in game.seats() {
            let log = ono99::rules::redact(game.log(), seat, n, ono99::rules::SeatSet::first(n));
            let friend = ono99::table::friend::places(&game.view(seat), &log);
            assert_eq!(
                friend, places.0,
                "match {index}, seat {seat:?}, {:?}",
                rules.format
            );
        }
    }
    assert!(
        formats.iter().all(|&f| f > 50),
        "formats played: {formats:?}"
    );
}
