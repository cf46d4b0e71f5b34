//! The messages between the page and its search worker (src/bots/jobs.rs,
//! src/bots/jobs/wire.rs): every job and answer comes back as it was sent,
//! a bad message is refused whole and never panics, and what the worker
//! answers is what the page would have worked out itself.

mod common;

use common::random_rules;
use ono99::bots::jobs::wire::{WireError, MAX_MESSAGE, VERSION};
use ono99::bots::jobs::{handle, run, Answer, Job, Request, Response};
use ono99::bots::review::evaluate_range;
use ono99::bots::{make_bot, Level};
use ono99::codec::Writer;
use ono99::rules::{Action, Card, Match, PlayerView, Rng};

/// A seat's view at one moment of a random game, with the actions legal then.
struct Moment {
    view: PlayerView,
    legal: Vec<Action>,
}

/// Moments of `games` random games (random rules, 2–8 seats, fixed seeds)
/// played by Random bots: every seat's view every few turns, the seat to
/// act's with its legal actions, and every seat's view of the ended match.
fn moments(games: u64, salt: u64) -> Vec<Moment> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = Rng::new(seed ^ salt);
        let rules = random_rules(&mut rng);
        let seats = 2 + rng.below(7);
        let mut game = Match::new_unlogged(rules, seats, seed).expect("a valid setup");
        let mut bot = make_bot(Level::Random);
        let mut turn = 0;
        while let Some(to_act) = game.to_act() {
            let legal = game.legal_actions();
            if turn % 5 == 0 {
                for seat in game.seats() {
                    let legal = if seat == to_act.seat {
                        legal.clone()
                    } else {
                        vec![]
                    };
                    out.push(Moment {
                        view: game.view(seat),
                        legal,
                    });
                }
            }
            let action = bot.choose(&game.view(to_act.seat), &legal, &mut rng);
            game.apply(action).expect("a legal action");
            turn += 1;
        }
        for seat in game.seats() {
            out.push(Moment {
                view: game.view(seat),
                legal: vec![],
            });
        }
    }
    out
}

/// Every action there is: each card played, and the four-99 discard.
fn all_actions() -> Vec<Action> {
    Card::ALL
        .into_iter()
        .map(Action::Play)
        .chain([Action::DiscardFourOno])
        .collect()
}

/// Both kinds of job about `m`, with random numbers around them.
fn jobs_about(m: &Moment, rng: &mut Rng) -> [Job; 2] {
    let actions = all_actions();
    let any_action = actions[rng.below(actions.len())];
    [
        Job::Decide {
            view: m.view.clone(),
            legal: m.legal.clone(),
            level: Level::ALL[rng.below(Level::ALL.len())],
            millis: rng.next_u64() as f64 / 1e9,
            iterations: rng.next_u64() as u32,
            seed: rng.next_u64(),
        },
        Job::Evaluate {
            view: m.view.clone(),
            action: m.legal.first().copied().unwrap_or(any_action),
            from: rng.next_u64() as u32,
            to: rng.next_u64() as u32,
            seed: rng.next_u64(),
        },
    ]
}

/// Every kind of answer, with random numbers and texts.
fn answers(rng: &mut Rng) -> Vec<Answer> {
    let mut out: Vec<Answer> = all_actions().into_iter().map(Answer::Action).collect();
    for _ in 0..20 {
        out.push(Answer::Evaluated {
            won: rng.next_u64() as f64 / 7.0,
            counted: rng.next_u64() as u32,
        });
    }
    out.push(Answer::Evaluated {
        won: 0.0,
        counted: 0,
    });
    for text in [
        "",
        "no legal action",
        "the bot chose an illegal action",
        "à 99 — ✓",
    ] {
        out.push(Answer::Refused(text.to_string()));
    }
    out
}

fn request(id: u32, job: Job) -> Request {
    Request { id, job }
}

/// What `handle` answers to `message`.
fn answer_to(message: &[u8]) -> Response {
    Response::decode(&handle(message, None)).expect("the worker's answer reads")
}

#[test]
fn every_job_comes_back_as_it_was_sent() {
    let mut rng = Rng::new(21);
    let list = moments(60, 0x10B5);
    assert!(list.len() > 1_000, "only {} views", list.len());
    assert!(list.iter().any(|m| m.view.outcome.is_some()));
    assert!(list.iter().any(|m| m.view.to_act.is_none()));
    for (i, m) in list.iter().enumerate() {
        for job in jobs_about(m, &mut rng) {
            let sent = request(i as u32 ^ 0xA5A5_0000, job);
            assert_eq!(Request::decode(&sent.encode()), Ok(sent));
        }
    }
}

#[test]
fn every_answer_comes_back_as_it_was_sent() {
    let mut rng = Rng::new(22);
    for (i, answer) in answers(&mut rng).into_iter().enumerate() {
        let sent = Response {
            id: u32::MAX - i as u32,
            answer,
        };
        assert_eq!(Response::decode(&sent.encode()), Ok(sent));
    }
}

#[test]
fn a_long_refusal_is_cut_on_a_character_boundary() {
    let long = "é".repeat(500);
    let sent = Response {
        id: 3,
        answer: Answer::Refused(long.clone()),
    };
    let Ok(Response {
        answer: Answer::Refused(back),
        ..
    }) = Response::decode(&sent.encode())
    else {
        panic!("the refusal did not read");
    };
    assert!(!back.is_empty() && back.len() <= 200 && long.starts_with(&back));
}

#[test]
fn a_message_cut_anywhere_is_refused_and_nothing_runs() {
    let mut rng = Rng::new(23);
    let list = moments(6, 0xC07);
    for m in list.iter().step_by(7) {
        for job in jobs_about(m, &mut rng) {
            let bytes = request(9, job).encode();
            for len in 0..bytes.len() {
                let cut = &bytes[..len];
                assert!(
                    Request::decode(cut).is_err(),
                    "{len} of {} bytes read",
                    bytes.len()
                );
                let back = answer_to(cut);
                assert_eq!(back.id, 0);
                assert!(matches!(back.answer, Answer::Refused(_)), "{back:?}");
            }
            let mut longer = bytes.clone();
            longer.push(0);
            assert_eq!(Request::decode(&longer), Err(WireError::LeftOver(1)));
        }
    }
    for answer in answers(&mut rng) {
        let bytes = Response { id: 1, answer }.encode();
        for len in 0..bytes.len() {
            assert!(Response::decode(&bytes[..len]).is_err());
        }
    }
}

#[test]
fn an_oversized_or_foreign_message_is_refused() {
    let list = moments(1, 0xB16);
    let job = Job::Evaluate {
        view: list[0].view.clone(),
        action: Action::DiscardFourOno,
        from: 0,
        to: 10,
        seed: 1,
    };
    let bytes = request(5, job).encode();
    // Too long, whatever it holds.
    let mut huge = bytes.clone();
    huge.resize(MAX_MESSAGE + 1, 0);
    assert_eq!(
        Request::decode(&huge),
        Err(WireError::TooLong(MAX_MESSAGE + 1))
    );
    assert!(matches!(answer_to(&huge).answer, Answer::Refused(_)));
    // Another layout version.
    let mut other = bytes.clone();
    other[0] = VERSION + 1;
    assert_eq!(
        Request::decode(&other),
        Err(WireError::Version(VERSION + 1))
    );
    // A list that claims four billion cards is refused before anything is
    // made room for: the view's hand length follows the version, the id,
    // the job's tag, the seat and the packed rule set.
    let mut rules = Writer::new();
    rules.rules(&list[0].view.rules);
    let rules = rules.into_bytes().len();
    let mut claims = bytes;
    claims[1 + 4 + 1 + 1 + rules..][..4].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        Request::decode(&claims),
        Err(WireError::Bad { .. })
    ));
    // Text is no request.
    assert!(matches!(
        answer_to(b"{\"id\":1}").answer,
        Answer::Refused(_)
    ));
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng::new(24);
    for _ in 0..20_000 {
        let len = rng.below(400);
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        // Half of them start as a real message would, to get further in.
        if rng.below(2) == 0 && !bytes.is_empty() {
            bytes[0] = VERSION;
        }
        let _ = Request::decode(&bytes);
        let _ = Response::decode(&bytes);
        assert!(matches!(answer_to(&bytes).answer, Answer::Refused(_)));
    }
}

/// A real message with a few bytes changed either reads as exactly those
/// bytes (the layout has one spelling for each message) or is refused;
/// it never panics, and nothing it names lies outside its table.
#[test]
fn changed_bytes_are_refused_or_read_exactly() {
    let mut rng = Rng::new(25);
    let list = moments(10, 0xF1);
    let mut read = 0;
    for m in &list {
        for job in jobs_about(m, &mut rng) {
            let bytes = request(77, job).encode();
            for _ in 0..20 {
                let mut changed = bytes.clone();
                for _ in 0..1 + rng.below(3) {
                    let at = rng.below(changed.len());
                    changed[at] = rng.next_u64() as u8;
                }
                if let Ok(r) = Request::decode(&changed) {
                    assert_eq!(r.encode(), changed);
                    read += 1;
                }
            }
        }
    }
    assert!(read > 0, "no changed message read at all");
}

#[test]
fn a_decision_through_the_worker_is_the_page_s_own() {
    let mut rng = Rng::new(26);
    let list = moments(12, 0xDEC1);
    let mut decided = 0;
    for (i, m) in list.iter().filter(|m| !m.legal.is_empty()).enumerate() {
        let level = Level::ALL[i % Level::ALL.len()];
        let seed = rng.next_u64();
        let job = Job::Decide {
            view: m.view.clone(),
            legal: m.legal.clone(),
            level,
            millis: 5.0,
            iterations: 60,
            seed,
        };
        let id = i as u32 + 1;
        let back = answer_to(&request(id, job.clone()).encode());
        assert_eq!(back.id, id);
        let direct = run(job, None);
        assert_eq!(back.answer, direct, "{level}");
        let Answer::Action(action) = direct else {
            panic!("{level} refused: {direct:?}");
        };
        assert!(m.legal.contains(&action));
        // Below Hard, `run` is the bot itself.
        if level != Level::Hard {
            let own = make_bot(level).choose(&m.view, &m.legal, &mut Rng::new(seed));
            assert_eq!(action, own, "{level}");
        }
        decided += 1;
    }
    assert!(decided > 100, "only {decided} decisions");
}

#[test]
fn a_review_slice_through_the_worker_is_the_page_s_own() {
    let list = moments(4, 0x5EE);
    for (i, m) in list
        .iter()
        .filter(|m| !m.legal.is_empty())
        .take(30)
        .enumerate()
    {
        let (action, seed) = (m.legal[i % m.legal.len()], i as u64 * 31);
        let job = Job::Evaluate {
            view: m.view.clone(),
            action,
            from: 10,
            to: 30,
            seed,
        };
        let (won, counted) = evaluate_range(&m.view, action, 10, 30, seed);
        assert_eq!(
            answer_to(&request(4, job).encode()),
            Response {
                id: 4,
                answer: Answer::Evaluated { won, counted }
            }
        );
    }
}

#[test]
fn a_decision_without_a_legal_action_is_refused_with_its_id() {
    let list = moments(1, 0xE);
    let job = Job::Decide {
        view: list[0].view.clone(),
        legal: vec![],
        level: Level::Hard,
        millis: 1.0,
        iterations: 10,
        seed: 1,
    };
    let back = answer_to(&request(12, job).encode());
    assert_eq!(back.id, 12);
    assert!(matches!(back.answer, Answer::Refused(_)));
}
