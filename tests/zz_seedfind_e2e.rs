// Throwaway: finds seeds for the browser tests. DELETE before finishing.
use ono99::bots::{make_bot, Level};
use ono99::play::{BotSetup, GameMsg, GameSetup, GameState, Speed};
use ono99::rules::{Action, RuleSet, Seat};
use std::rc::Rc;

const ME: Seat = Seat(0);

fn setup(players: usize, rules: RuleSet, online: &[usize]) -> Rc<GameSetup> {
    Rc::new(GameSetup {
        player_name: "You".into(),
        bots: (1..players)
            .map(|i| BotSetup {
                name: format!("B{i}"),
                level: Level::Medium,
                person: false,
                online: online.contains(&i),
            })
            .collect(),
        rules,
        speed: Speed::Instant,
    })
}

fn apply(state: &GameState, msg: GameMsg) -> GameState {
    state.update(msg).unwrap_or_else(|| state.clone())
}

/// One step; `on_person(state)` is called before each non-bot decision.
fn step(state: &GameState, on_decision: &mut dyn FnMut(&GameState)) -> Option<GameState> {
    if state.game.is_over() {
        return None;
    }
    if state.summary.is_some() {
        return Some(apply(state, GameMsg::Continue));
    }
    let turn = state.game.to_act()?;
    if let Some(msg) = state.bot_move(make_bot(Level::Medium).as_mut()) {
        return Some(apply(state, msg));
    }
    on_decision(state);
    let action = state.game.legal_actions()[0];
    let msg = if state.setup.is_online(turn.seat) {
        GameMsg::Remote {
            seat: turn.seat,
            action,
        }
    } else {
        GameMsg::Act {
            seat: turn.seat,
            action,
            ply: Some(state.actions.len()),
        }
    };
    Some(apply(state, msg))
}

fn unplayable(state: &GameState, seat: Seat) -> Vec<bool> {
    let legal = state.game.legal_actions();
    state
        .game
        .view(seat)
        .hand
        .iter()
        .map(|&c| !legal.contains(&Action::Play(c)))
        .collect()
}

#[test]
fn elim8() {
    for seed in 1..400u64 {
        let mut s = GameState::new(setup(8, RuleSet::modern(), &[]), seed).unwrap();
        let mut decisions = 0;
        let mut out_at = None;
        loop {
            let mut d = 0;
            let Some(n) = step(&s, &mut |_| d += 1) else {
                break;
            };
            decisions += d;
            s = n;
            if out_at.is_none() && !s.game.in_hand().contains(ME) {
                out_at = Some((
                    decisions,
                    s.actions.len(),
                    s.game.in_hand().len(),
                    s.game.is_over(),
                ));
            }
        }
        if let Some((d, a, left, over)) = out_at {
            if !over && left >= 6 && d <= 3 {
                println!("elim8 seed {seed}: out after {d} decisions, action {a}, {left} left, total actions {}", s.actions.len());
            }
        }
    }
}

#[test]
fn tokens5() {
    let rules = RuleSet {
        tokens: 1,
        ..RuleSet::classic()
    };
    for seed in 1..400u64 {
        let mut s = GameState::new(setup(5, rules, &[]), seed).unwrap();
        let mut left = None;
        let mut summaries = 0;
        let mut decisions = 0;
        loop {
            if s.summary.is_some() && left.is_none() {
                summaries += 1;
            }
            let mut d = 0;
            let Some(n) = step(&s, &mut |_| d += 1) else {
                break;
            };
            decisions += d;
            let hand = s.game.hand_number();
            s = n;
            if left.is_none() && !s.game.in_match().contains(ME) {
                left = Some((hand, s.game.in_match().len(), s.game.is_over(), decisions));
            }
        }
        if let Some((hand, rem, over, d)) = left {
            if !over && hand >= 2 && rem >= 3 {
                println!("tokens5 seed {seed}: left in hand {hand}, {rem} remain, {summaries} summaries, {d} decisions, {} actions", s.actions.len());
            }
        }
    }
}

#[test]
fn first_decision() {
    for (label, players, rules) in [
        ("touch2", 2, RuleSet::modern()),
        ("kbd4", 4, RuleSet::modern()),
        ("axe3", 3, RuleSet::classic()),
    ] {
        let mut found = 0;
        for seed in 1..2000u64 {
            let mut s = GameState::new(setup(players, rules, &[]), seed).unwrap();
            let mut first: Option<(Vec<bool>, usize)> = None;
            let mut k = 0;
            let mut first_unplayable: Option<usize> = None;
            let mut hand1_over_at = None;
            while let Some(n) = step(&s, &mut |st| {
                let u = unplayable(st, ME);
                if first.is_none() {
                    first = Some((u.clone(), st.actions.len()));
                }
                if first_unplayable.is_none() && u.iter().any(|&x| x) && st.game.hand_number() == 1
                {
                    first_unplayable = Some(k);
                }
                k += 1;
            }) {
                if hand1_over_at.is_none() && n.summary.is_some() {
                    hand1_over_at = Some(k);
                }
                s = n;
                if s.actions.len() > 400 {
                    break;
                }
            }
            let Some((u, _)) = first else {
                println!("{label} seed {seed}: no decision");
                continue;
            };
            let ok = match label {
                "touch2" => u.iter().any(|&x| x),
                "kbd4" => u[0] && u.iter().any(|&x| !x),
                _ => first_unplayable == Some(0),
            };
            if ok {
                println!("{label} seed {seed}: first hand unplayable {u:?}, first unplayable at decision {first_unplayable:?}, hand 1 summary after {hand1_over_at:?} decisions");
                found += 1;
                if found >= 8 {
                    break;
                }
            }
        }
    }
}

#[test]
fn review3() {
    for seed in 1..300u64 {
        let mut s = GameState::new(setup(3, RuleSet::modern(), &[]), seed).unwrap();
        let mut decisions = 0;
        let mut turns = 0;
        while let Some(n) = step(&s, &mut |st| {
            turns += 1;
            if st.game.legal_actions().len() > 1 {
                decisions += 1;
            }
        }) {
            s = n;
        }
        if decisions >= 5 {
            println!("review3 seed {seed}: {decisions} decisions of {turns} turns");
        }
    }
}

#[test]
fn online3() {
    for seed in 1..100u64 {
        let mut s = GameState::new(setup(3, RuleSet::modern(), &[1]), seed).unwrap();
        let mut host_turns_after: Vec<usize> = vec![];
        while let Some(n) = step(&s, &mut |st| {
            if st.game.to_act().map(|t| t.seat) == Some(ME) && st.game.in_hand().contains(Seat(1)) {
                host_turns_after.push(st.actions.len());
            }
        }) {
            s = n;
        }
        let total = s.actions.len();
        let winner = s
            .game
            .outcome()
            .map(|o| format!("{o:?}"))
            .unwrap_or_default();
        if total >= 30 {
            println!(
                "online3 seed {seed}: {total} actions, host turns at {:?}, {winner}",
                &host_turns_after[..host_turns_after.len().min(8)]
            );
        }
    }
}
