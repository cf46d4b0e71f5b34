//! Searches as messages: what the page asks its search worker (a bot's
//! decision, a slice of a review's playouts) and what the worker answers,
//! as bytes in the layout of [`wire`] (no serde on this path, so the page
//! carries no JSON code for it). Pure, so the worker's work is tested
//! natively; the worker's own code (`ui::platform::worker`) only moves
//! these messages.

pub mod wire;

use super::review::evaluate_range;
use super::{make_bot, Bot, Budget, Clock, HardBot, Level};
use crate::rules::{Action, PlayerView, Rng};
use serde::{Deserialize, Serialize};

/// One request to the worker; `id` comes back with the answer.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Request {
    pub id: u32,
    pub job: Job,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Job {
    /// The `level` bot's choice for the seat of `view`. Hard searches up to
    /// `iterations` or `millis` by the worker's clock.
    Decide {
        view: PlayerView,
        legal: Vec<Action>,
        level: Level,
        millis: f64,
        iterations: u32,
        seed: u64,
    },
    /// Playouts `from..to` of a review's option ([`evaluate_range`]).
    Evaluate {
        view: PlayerView,
        action: Action,
        from: u32,
        to: u32,
        seed: u64,
    },
}

/// The answer to one request.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Response {
    pub id: u32,
    pub answer: Answer,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    Action(Action),
    Evaluated {
        won: f64,
        counted: u32,
    },
    /// The request made no sense (no legal action, a malformed message).
    Refused(String),
}

/// Does one job. `clock` (milliseconds) lets Hard stop on time.
pub fn run(job: Job, clock: Option<Clock>) -> Answer {
    match job {
        Job::Decide {
            view,
            legal,
            level,
            millis,
            iterations,
            seed,
        } => {
            if legal.is_empty() {
                return Answer::Refused("no legal action".to_string());
            }
            let mut rng = Rng::new(seed);
            let action = match level {
                Level::Hard => {
                    let budget = Budget {
                        iterations,
                        plays: None,
                        millis: clock.is_some().then_some(millis),
                    };
                    HardBot::new(budget, clock).choose(&view, &legal, &mut rng)
                }
                other => make_bot(other).choose(&view, &legal, &mut rng),
            };
            if legal.contains(&action) {
                Answer::Action(action)
            } else {
                Answer::Refused("the bot chose an illegal action".to_string())
            }
        }
        Job::Evaluate {
            view,
            action,
            from,
            to,
            seed,
        } => {
            let (won, counted) = evaluate_range(&view, action, from, to.min(from + 10_000), seed);
            Answer::Evaluated { won, counted }
        }
    }
}

/// Reads a request, does it and writes the answer (the worker's whole
/// job); an unreadable request is answered with a refusal for id 0 and
/// nothing is run.
pub fn handle(message: &[u8], clock: Option<Clock>) -> Vec<u8> {
    let response = match Request::decode(message) {
        Ok(Request { id, job }) => Response {
            id,
            answer: run(job, clock),
        },
        Err(e) => Response {
            id: 0,
            answer: Answer::Refused(format!("unreadable request: {e}")),
        },
    };
    response.encode()
}
