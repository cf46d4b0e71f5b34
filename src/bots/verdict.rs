//! Why a reviewed decision got its label, as data a page can put into a
//! sentence: what the play made (the total, the chance the next player was
//! stuck, from the coach in `coach.rs`) and, when another option won more
//! often, what that option would have done instead and by how much.
//!
//! The label itself is [`Label::of`] (the gap to the best option's chance
//! to win, from `review.rs`); this module picks the plainest true reason
//! for it. Pure: tested natively (`tests/review.rs`).

use super::coach::{advise, Advice};
use super::review::{label_of_played, Decision, Label, OptionValue};
use crate::rules::Action;

/// A difference in the chance that the next player is stuck is worth
/// naming from this many points up.
const PRESSURE_POINTS: u32 = 5;
/// Your own second play stuck this often (in percent) is worth naming.
const OWN_RISK_POINTS: u32 = 20;

/// What one option of a decision does, as the review shows it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct OptionFacts {
    pub action: Action,
    /// The chance to win after it, in whole percent.
    pub win: u32,
    /// The total after it (`None` when the coach could not preview it).
    pub total: Option<i32>,
    /// The chance in whole percent that whoever plays next is stuck.
    pub stuck: Option<u32>,
    /// The next play is the seat's own (the second of two plays).
    pub next_is_me: bool,
    pub label: Label,
}

/// How the better option beat the play made, the plainest way true.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Edge {
    /// It left the next player stuck more often (both in percent).
    Pressure { better: u32, yours: u32 },
    /// Your play left your own second play stuck this often (percent).
    OwnRisk { yours: u32 },
    /// It kept the total lower, leaving room for the plays to come.
    Room,
    /// Nothing simple to point at: it won more often over the rest of the
    /// match.
    LongRun,
}

/// Why the decision got its label.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Reason {
    /// Every option won about as often (`win` percent): no wrong choice.
    AllAlike { win: u32 },
    /// The play made was the best one (or as good): where it took the
    /// total, how often the next player was stuck, and how far ahead of
    /// the next best option it was (in points of chance to win).
    Best {
        played: Action,
        /// The total before the play.
        before: i32,
        total: i32,
        stuck: Option<u32>,
        next_is_me: bool,
        ahead: u32,
    },
    /// `better` won `gain` more games in 100 than the play made.
    Better {
        played: Action,
        /// The total before the play.
        before: i32,
        better: Action,
        better_total: i32,
        your_total: i32,
        gain: u32,
        edge: Edge,
    },
}

/// A decision's verdict: the label of the play made, why, and every
/// option's facts, best first.
#[derive(Clone, PartialEq, Debug)]
pub struct Verdict {
    pub label: Label,
    pub reason: Reason,
    pub options: Vec<OptionFacts>,
}

fn percent(x: f64) -> u32 {
    (x.clamp(0.0, 1.0) * 100.0).round() as u32
}

/// The verdict on `decision` given its evaluated options (`values`, in any
/// order). `None` when the play made is not among them (a review cut
/// short).
pub fn verdict(decision: &Decision, values: &[OptionValue]) -> Option<Verdict> {
    let label = label_of_played(decision.played, values)?;
    let mut sorted = values.to_vec();
    sorted.sort_by(|a, b| b.chance.total_cmp(&a.chance));
    let best_chance = sorted.first()?.chance;
    let advice = advise(&decision.view, &decision.legal);
    let advice_of = |a: Action| -> Option<&Advice> { advice.iter().find(|x| x.action == a) };
    let options: Vec<OptionFacts> = sorted
        .iter()
        .map(|v| {
            let adv = advice_of(v.action);
            OptionFacts {
                action: v.action,
                win: percent(v.chance),
                total: adv.map(|a| a.total),
                stuck: adv.map(|a| percent(a.next_stuck)),
                next_is_me: adv.is_some_and(|a| a.next_is_me),
                label: Label::of(best_chance, v.chance),
            }
        })
        .collect();
    let mine = *options.iter().find(|o| o.action == decision.played)?;
    let before = decision.view.total;
    let reason = if options.iter().all(|o| o.label == Label::Best) {
        Reason::AllAlike { win: mine.win }
    } else if label == Label::Best {
        let runner_up = sorted
            .iter()
            .find(|v| v.action != decision.played)
            .map_or(0.0, |v| v.chance);
        let mine_chance = sorted
            .iter()
            .find(|v| v.action == decision.played)
            .map_or(0.0, |v| v.chance);
        Reason::Best {
            played: mine.action,
            before,
            total: mine.total.unwrap_or(before),
            stuck: mine.stuck,
            next_is_me: mine.next_is_me,
            ahead: percent((mine_chance - runner_up).max(0.0)),
        }
    } else {
        let best = options[0];
        Reason::Better {
            played: mine.action,
            before,
            better: best.action,
            better_total: best.total.unwrap_or(before),
            your_total: mine.total.unwrap_or(before),
            gain: best.win.saturating_sub(mine.win).max(1),
            edge: edge(&best, &mine),
        }
    };
    Some(Verdict {
        label,
        reason,
        options,
    })
}

/// The plainest true way `best` beat `mine`.
fn edge(best: &OptionFacts, mine: &OptionFacts) -> Edge {
    let own_risk = |o: &OptionFacts| if o.next_is_me { o.stuck } else { Some(0) };
    if let (Some(yours), Some(theirs)) = (own_risk(mine), own_risk(best)) {
        if mine.next_is_me && yours >= OWN_RISK_POINTS && theirs + PRESSURE_POINTS <= yours {
            return Edge::OwnRisk { yours };
        }
    }
    let pressure = |o: &OptionFacts| if o.next_is_me { None } else { o.stuck };
    if let (Some(better), Some(yours)) = (pressure(best), pressure(mine)) {
        if better >= yours + PRESSURE_POINTS {
            return Edge::Pressure { better, yours };
        }
    }
    match (best.total, mine.total) {
        (Some(b), Some(m)) if b < m => Edge::Room,
        _ => Edge::LongRun,
    }
}

/// The counts of Best, Good, Inaccuracy and Mistake among `labels`.
pub fn label_counts(labels: &[Label]) -> [usize; 4] {
    let mut counts = [0; 4];
    for l in labels {
        counts[match l {
            Label::Best => 0,
            Label::Good => 1,
            Label::Inaccuracy => 2,
            Label::Mistake => 3,
        }] += 1;
    }
    counts
}
