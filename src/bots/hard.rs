//! Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse
//! 2012, single-observer ISMCTS).
//!
//! Each iteration deals the cards this seat cannot see at random, consistently
//! with everything it knows (its hand, the discard pile, laid-down hands,
//! every hand's size: [`PlayerView::determinize`]), then walks one shared tree
//! whose edges are (seat, action) pairs. A child only competes when its action
//! is legal in the current determinization; its *availability* counts those
//! occasions and replaces the parent's visit count in UCB1, as in the paper.
//! Each seat picks the child best for itself. A fast playout policy finishes
//! the hand and every seat on the path is credited with its own reward.
//!
//! The move played is the root action with the best mean reward among the
//! well-explored ones, unless Medium's choice is within one standard error
//! of it: a few hundred noisy playouts per action cannot separate close
//! actions, and there the hand-written judgement is the better bet (in the
//! arena this guard was worth about two points of win rate).
//!
//! The search is deterministic for a given RNG and iteration budget. A time
//! budget needs a [`Clock`] injected by the caller (the bot never reads the
//! system clock: `std::time::Instant` panics on `wasm32-unknown-unknown`).

use super::medium::MediumBot;
use super::Bot;
use crate::rules::seat::MAX_SEATS;
use crate::rules::{Action, Card, Format, Match, PlayerView, Rng, Seat};

/// Milliseconds since any fixed origin, e.g. `performance.now()`.
pub type Clock = Box<dyn Fn() -> f64>;

/// How long the Hard bot searches: at most `iterations` iterations, at most
/// `plays` simulated plays (tree and playouts together) and, when a clock is
/// given, at most `millis` milliseconds.
///
/// `plays` is a deterministic stand-in for time: an iteration early in a hand
/// plays the whole hand out and costs several times one near its end, so a
/// fixed iteration count alone makes the first moves of a hand the slowest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub iterations: u32,
    pub plays: Option<u64>,
    pub millis: Option<f64>,
}

impl Budget {
    /// The native default: under 20 ms a move on one core of the 2-core
    /// development machine (see `docs/bots.md`), with no clock needed.
    pub const DEFAULT: Budget = Budget {
        iterations: 3_000,
        plays: Some(DEFAULT_PLAYS),
        millis: None,
    };

    /// With a clock (the browser): up to 4,000 iterations, cut off at 25 ms.
    pub const BROWSER: Budget = Budget {
        iterations: 4_000,
        plays: None,
        millis: Some(25.0),
    };

    /// A budget of `iterations` only (deterministic).
    pub fn iterations(iterations: u32) -> Budget {
        Budget {
            iterations,
            plays: None,
            millis: None,
        }
    }
}

/// The default budget's simulated plays. A 3,000-iteration search simulates
/// about 65,000 plays on average in modern games (up to 137,000 at the start
/// of a four-seat hand); this cuts the longest searches to about 20 ms.
const DEFAULT_PLAYS: u64 = 80_000;
/// The UCB1 exploration constant, for rewards in `[0, 1]`.
const EXPLORATION: f64 = 0.7;
/// How many standard errors the search's best action must beat the
/// heuristic's by to be played instead.
const CONFIDENCE: f64 = 1.0;
/// How often (in iterations) the clock is read.
const CLOCK_EVERY: u32 = 16;
/// A playout longer than this is abandoned (a safety net: hands end long before).
const MAX_PLAYOUT_PLAYS: u32 = 2_000;

/// Rewards in `[0, 1]` per seat.
type Rewards = [f64; MAX_SEATS];

/// One node of the tree: the state reached when `seat` took `action`.
#[derive(Clone, Debug)]
struct Node {
    seat: Seat,
    action: Action,
    visits: u32,
    /// Iterations in which this node's action was legal when its parent was visited.
    avail: u32,
    /// Sum of `seat`'s rewards over the visits.
    reward: f64,
    /// Sum of their squares (for the root choice's standard errors).
    reward_sq: f64,
    children: Vec<u32>,
}

impl Node {
    fn new(seat: Seat, action: Action) -> Node {
        Node {
            seat,
            action,
            visits: 0,
            avail: 0,
            reward: 0.0,
            reward_sq: 0.0,
            children: Vec::new(),
        }
    }

    fn ucb(&self) -> f64 {
        let n = f64::from(self.visits.max(1));
        self.reward / n + EXPLORATION * (f64::from(self.avail.max(1)).ln() / n).sqrt()
    }
}

/// The searching bot.
pub struct HardBot {
    budget: Budget,
    clock: Option<Clock>,
    nodes: Vec<Node>,
    legal: Vec<Action>,
    untried: Vec<Action>,
    path: Vec<u32>,
}

impl HardBot {
    pub fn new(budget: Budget, clock: Option<Clock>) -> HardBot {
        HardBot {
            budget,
            clock,
            nodes: Vec::new(),
            legal: Vec::with_capacity(8),
            untried: Vec::with_capacity(8),
            path: Vec::with_capacity(64),
        }
    }

    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Runs the search from `view` and returns each root action with its visit
    /// count (for the choice, tests and tooling).
    pub fn search(&mut self, view: &PlayerView, rng: &mut Rng) -> Vec<(Action, u32)> {
        self.nodes.clear();
        self.nodes
            .push(Node::new(view.seat, Action::DiscardFourOno));
        let root = RootFacts::of(view);
        let start = self.clock.as_ref().map(|c| c());
        // One deal built from the view; each iteration redeals its hidden
        // cards in place, which is much cheaper than building a match.
        let Some(base) = view.determinize(rng) else {
            return Vec::new();
        };
        let mut plays = 0u64;
        for i in 0..self.budget.iterations {
            if self.budget.plays.is_some_and(|limit| plays >= limit) {
                break;
            }
            if let (Some(limit), Some(clock), Some(start)) =
                (self.budget.millis, &self.clock, start)
            {
                if i % CLOCK_EVERY == 0 && i > 0 && clock() - start >= limit {
                    break;
                }
            }
            let mut m = base.clone();
            m.redeal_unseen(view.seat, rng);
            plays += u64::from(self.iterate(&mut m, &root, rng));
        }
        self.nodes[0]
            .children
            .iter()
            .map(|&c| (self.nodes[c as usize].action, self.nodes[c as usize].visits))
            .collect()
    }

    /// One selection–expansion–playout–backpropagation pass on `m`; returns
    /// how many plays it simulated.
    fn iterate(&mut self, m: &mut Match, root: &RootFacts, rng: &mut Rng) -> u32 {
        self.path.clear();
        let mut node = 0usize;
        let mut expanded = false;
        let mut descended = 0u32;
        while !expanded && !root.hand_is_settled(m) {
            let Some(turn) = m.to_act() else { break };
            m.legal_actions_into(&mut self.legal);
            self.untried.clear();
            self.untried.extend_from_slice(&self.legal);
            let mut best: Option<(usize, f64)> = None;
            for k in 0..self.nodes[node].children.len() {
                let c = self.nodes[node].children[k] as usize;
                let child = &mut self.nodes[c];
                if child.seat != turn.seat || !self.legal.contains(&child.action) {
                    continue;
                }
                child.avail += 1;
                self.untried.retain(|&a| a != child.action);
                let u = child.ucb();
                if best.is_none_or(|(_, b)| u > b) {
                    best = Some((c, u));
                }
            }
            let next = if self.untried.is_empty() {
                match best {
                    Some((c, _)) => c,
                    None => break,
                }
            } else {
                let action = self.untried[rng.below(self.untried.len())];
                let c = self.nodes.len();
                let mut child = Node::new(turn.seat, action);
                child.avail = 1;
                self.nodes.push(child);
                self.nodes[node].children.push(c as u32);
                expanded = true;
                c
            };
            if m.apply(self.nodes[next].action).is_err() {
                break;
            }
            descended += 1;
            self.path.push(next as u32);
            node = next;
        }
        let played = playout(m, root, rng, &mut self.legal);
        let rewards = root.rewards(m);
        self.nodes[0].visits += 1;
        for &id in &self.path {
            let n = &mut self.nodes[id as usize];
            n.visits += 1;
            let r = rewards[n.seat.index()];
            n.reward += r;
            n.reward_sq += r * r;
        }
        descended + played
    }
}

impl HardBot {
    /// The root action to play: the search's best action by mean reward,
    /// unless the `heuristic` action (Medium's) is not clearly worse. The
    /// search is noisy (a few hundred playouts per action); where it cannot
    /// tell the actions apart, the hand-written judgement is the better bet.
    fn pick(&self, legal: &[Action], heuristic: Action) -> Option<Action> {
        // (action, visits, mean reward, squared standard error of the mean)
        let stats: Vec<(Action, u32, f64, f64)> = self.nodes[0]
            .children
            .iter()
            .map(|&c| &self.nodes[c as usize])
            .filter(|n| n.visits > 0 && legal.contains(&n.action))
            .map(|n| {
                let v = f64::from(n.visits);
                let mean = n.reward / v;
                let var = (n.reward_sq / v - mean * mean).max(0.0);
                (n.action, n.visits, mean, var / v)
            })
            .collect();
        let most = stats.iter().map(|s| s.1).max()?;
        // Only well-explored actions may claim to be best.
        let &(best, _, best_mean, best_se2) = stats
            .iter()
            .filter(|s| s.1 * 4 >= most)
            .max_by(|x, y| x.2.total_cmp(&y.2))?;
        let Some(&(_, _, h_mean, h_se2)) = stats.iter().find(|s| s.0 == heuristic) else {
            return Some(best);
        };
        if best_mean - h_mean > CONFIDENCE * (best_se2 + h_se2).sqrt() {
            Some(best)
        } else {
            Some(heuristic)
        }
    }
}

impl Bot for HardBot {
    fn choose(&mut self, view: &PlayerView, legal: &[Action], rng: &mut Rng) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let heuristic = MediumBot.choose(view, legal, rng);
        self.search(view, rng);
        self.pick(legal, heuristic).unwrap_or(heuristic)
    }
}

/// The facts about the root that turn a finished playout into rewards.
struct RootFacts {
    seat: Seat,
    seats: usize,
    format: Format,
    hand_number: u32,
    tokens: Vec<u8>,
    scores: Vec<u32>,
}

impl RootFacts {
    fn of(view: &PlayerView) -> RootFacts {
        RootFacts {
            seat: view.seat,
            seats: view.seat_count(),
            format: view.rules.format,
            hand_number: view.hand_number,
            tokens: view.seats.0.iter().map(|p| p.tokens).collect(),
            scores: view.seats.0.iter().map(|p| p.score).collect(),
        }
    }

    /// Whether the search may stop here: the match or the hand is over, or
    /// (in `elimination`) the searching seat is out and can no longer win.
    fn hand_is_settled(&self, m: &Match) -> bool {
        m.is_over()
            || m.hand_number() != self.hand_number
            || (self.format == Format::Elimination && !m.in_hand().contains(self.seat))
    }

    /// Each seat's reward in `[0, 1]` once the playout has stopped: the match
    /// result when it is over, else the result of the hand for the format.
    fn rewards(&self, m: &Match) -> Rewards {
        let mut r = [0.0; MAX_SEATS];
        if let Some(outcome) = m.outcome() {
            for w in &outcome.winners {
                r[w.index()] = 1.0;
            }
            return r;
        }
        match self.format {
            Format::Elimination => {
                // The root seat is out: the rest share its chances evenly.
                let left = m.in_hand().len().max(1) as f64;
                for s in m.in_hand().iter() {
                    r[s.index()] = 1.0 / left;
                }
            }
            Format::Tokens => {
                // The hand's loser is the one who lost a token or left.
                for s in m.in_match().iter() {
                    r[s.index()] = 1.0;
                }
                for (i, &t) in m.tokens().0.iter().enumerate().take(self.seats) {
                    if t < self.tokens[i] {
                        r[i] = 0.0;
                    }
                }
            }
            Format::Points => {
                let gained: Vec<u32> = (0..self.seats)
                    .map(|i| m.scores().0[i].saturating_sub(self.scores[i]))
                    .collect();
                let worst = f64::from(gained.iter().copied().max().unwrap_or(0).max(1));
                for s in m.in_match().iter() {
                    r[s.index()] = 1.0 - f64::from(gained[s.index()]) / worst;
                }
            }
        }
        r
    }
}

/// Finishes the hand with the playout policy: a four-99 discard when
/// possible, else mostly the highest number that fits (keeping the defensive
/// cards), with some uniform moves so the search sees varied opponents.
/// Returns how many plays it made.
fn playout(m: &mut Match, root: &RootFacts, rng: &mut Rng, legal: &mut Vec<Action>) -> u32 {
    let mut plays = 0;
    while !root.hand_is_settled(m) && plays < MAX_PLAYOUT_PLAYS {
        m.legal_actions_into(legal);
        if legal.is_empty() {
            break;
        }
        let action = policy(legal, rng);
        if m.apply(action).is_err() {
            break;
        }
        plays += 1;
    }
    plays
}

/// The playout policy's choice among `legal` (not empty).
fn policy(legal: &[Action], rng: &mut Rng) -> Action {
    if rng.below(4) == 0 {
        return legal[rng.below(legal.len())];
    }
    let mut best = None;
    for &a in legal {
        match a {
            Action::DiscardFourOno => return a,
            Action::Play(Card::Number(n)) if n > 0 && best.is_none_or(|(_, b)| n > b) => {
                best = Some((a, n));
            }
            _ => {}
        }
    }
    match best {
        Some((a, _)) => a,
        None => legal[rng.below(legal.len())],
    }
}
