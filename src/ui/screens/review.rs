//! "Review my plays": each decision you made in a finished match (your
//! hand, the total, what you owed, what you played) with every option's
//! chance to win from your seat's view at that moment, labelled Best,
//! Good, Inaccuracy or Mistake, and a summary line. The search runs in
//! slices in the search worker (on the page between frames when there is
//! none); a progress bar shows how far it is and Cancel stops it.

use crate::bots::jobs::{Answer, Job};
use crate::bots::review::{
    decisions, evaluate_range, review_seed, Decision, Label, OptionValue, REVIEW_PLAYOUTS,
};
use crate::rules::Played;
use crate::rules::{Action, Edition, Seat, TurnStep};
use crate::ui::i18n::{self, tr, Key, Lang};
use crate::ui::platform::worker;
use crate::ui::screens::header::Header;
use gloo_timers::callback::Timeout;
use std::cell::Cell;
use std::rc::Rc;
use yew::prelude::*;

/// Playouts per slice: one slice stays well under 50 ms.
const SLICE: u32 = 50;

#[derive(Properties, PartialEq)]
pub struct ReviewProps {
    pub shared: Rc<Played>,
    pub on_close: Callback<()>,
}

/// Where the search is: decision `d`, option `o`, playouts done `p`, and
/// the sums so far.
#[derive(Clone, PartialEq, Default)]
struct Progress {
    decision: usize,
    option: usize,
    done: u32,
    won: f64,
    counted: u32,
    /// Finished decisions' options, best first.
    results: Vec<Vec<OptionValue>>,
    cancelled: bool,
}

fn label_key(l: Label) -> Key {
    match l {
        Label::Best => Key::LabelBest,
        Label::Good => Key::LabelGood,
        Label::Inaccuracy => Key::LabelInaccuracy,
        Label::Mistake => Key::LabelMistake,
    }
}

fn action_name(lang: Lang, a: Action, edition: Edition) -> String {
    match a {
        Action::Play(c) => i18n::card_name(lang, c, edition),
        Action::DiscardFourOno => i18n::discard_four(lang, edition),
    }
}

/// The progress after a slice that won `won` of `n` playouts.
fn advance(p: &Progress, list: &[Decision], won: f64, n: u32) -> Progress {
    let mut next = p.clone();
    let Some(d) = list.get(p.decision) else {
        return next;
    };
    next.won += won;
    next.counted += n;
    next.done = (p.done + SLICE).min(REVIEW_PLAYOUTS);
    if next.done >= REVIEW_PLAYOUTS {
        let value = OptionValue {
            action: d.legal[p.option],
            chance: if next.counted == 0 {
                0.0
            } else {
                next.won / f64::from(next.counted)
            },
            playouts: next.counted,
        };
        if next.option == 0 {
            next.results.push(Vec::new());
        }
        if let Some(r) = next.results.last_mut() {
            r.push(value);
        }
        next.option += 1;
        next.done = 0;
        next.won = 0.0;
        next.counted = 0;
        if next.option >= d.legal.len() {
            if let Some(r) = next.results.last_mut() {
                r.sort_by(|a, b| b.chance.total_cmp(&a.chance));
            }
            next.option = 0;
            next.decision += 1;
        }
    }
    next
}

/// How many slices of playouts the search of `list` takes in all.
fn slices(list: &[Decision]) -> u32 {
    list.iter()
        .map(|d| d.legal.len() as u32 * REVIEW_PLAYOUTS.div_ceil(SLICE))
        .sum()
}

/// How far the search is, in percent of its slices.
fn percent_done(list: &[Decision], p: &Progress) -> u32 {
    let done = slices(&list[..p.decision.min(list.len())])
        + p.option as u32 * REVIEW_PLAYOUTS.div_ceil(SLICE)
        + p.done.div_ceil(SLICE);
    (done * 100).checked_div(slices(list)).unwrap_or(100)
}

/// The search of every decision of `list`, one slice of playouts at a time
/// until every decision is done (or Cancel is pressed): in the search
/// worker when it runs, otherwise on the page between frames. Returns where
/// it is; setting `cancelled` stops it.
#[hook]
fn use_review_search(list: Rc<Vec<Decision>>) -> UseStateHandle<Progress> {
    let progress = use_state(Progress::default);
    {
        let progress = progress.clone();
        use_effect_with((*progress).clone(), move |p| {
            let live = Rc::new(Cell::new(true));
            let mut timer = None;
            if !p.cancelled && p.decision < list.len() {
                let d = &list[p.decision];
                let seed = review_seed(d.ply, &d.view);
                let action = d.legal[p.option];
                let to = (p.done + SLICE).min(REVIEW_PLAYOUTS);
                let finish = {
                    let p = p.clone();
                    let list = list.clone();
                    let live = live.clone();
                    move |won: f64, n: u32| {
                        if live.get() {
                            progress.set(advance(&p, &list, won, n));
                        }
                    }
                };
                let job = Job::Evaluate {
                    view: d.view.clone(),
                    action,
                    from: p.done,
                    to,
                    seed,
                };
                let in_worker = {
                    let finish = finish.clone();
                    let view = d.view.clone();
                    let from = p.done;
                    let live = live.clone();
                    worker::ask(job, move |answer| match answer {
                        Answer::Evaluated { won, counted } => finish(won, counted),
                        // Refused: do the slice here, unless the review
                        // was closed or cancelled meanwhile.
                        _ if live.get() => {
                            let (won, n) = evaluate_range(&view, action, from, to, seed);
                            finish(won, n)
                        }
                        _ => {}
                    })
                };
                if !in_worker {
                    let view = d.view.clone();
                    let from = p.done;
                    timer = Some(Timeout::new(0, move || {
                        let (won, n) = evaluate_range(&view, action, from, to, seed);
                        finish(won, n)
                    }));
                }
            }
            move || {
                live.set(false);
                drop(timer)
            }
        });
    }
    progress
}

#[derive(Properties, PartialEq)]
struct SearchProgressProps {
    /// How far the search is, in percent.
    percent: u32,
    /// Whether every decision is done.
    finished: bool,
    cancelled: bool,
    on_cancel: Callback<()>,
}

/// Where the search is: a progress bar with Cancel while it runs, a line
/// saying it was cancelled once it is; nothing when it is done.
fn search_progress(lang: Lang, props: &SearchProgressProps) -> Html {
    let percent = props.percent;
    html! {
        <>
        if !props.finished && !props.cancelled {
            <div class="review-progress">
                <label for="review-bar">{ tr(lang, Key::ReviewProgress) }</label>
                <progress id="review-bar" max="100" value={percent.to_string()}>{ format!("{percent} %") }</progress>
                <button type="button" class="btn" onclick={props.on_cancel.reform(|_: MouseEvent| ())}>{ tr(lang, Key::Cancel) }</button>
            </div>
        }
        if props.cancelled && !props.finished {
            <p role="status">{ tr(lang, Key::ReviewCancelled) }</p>
        }
        </>
    }
}

#[derive(Properties, PartialEq)]
struct DecisionsProps {
    /// Every decision of the reviewed seat.
    list: Rc<Vec<Decision>>,
    /// The options of the decisions searched so far, best first.
    results: Vec<Vec<OptionValue>>,
    /// How the searched decisions' plays compare with the best.
    labels: Vec<Option<Label>>,
    edition: Edition,
}

/// The list of decisions searched so far, each as a [`DecisionItem`].
fn decisions_list(lang: Lang, props: &DecisionsProps) -> Html {
    let rows = props.list.iter().zip(props.results.iter()).enumerate();
    html! {
        <ol class="decisions">
            { for rows.map(|(i, (d, values))| html! {
                { decision_item(lang, i, &DecisionItemProps { decision: d.clone(), values: values.clone(),
                    label: props.labels.get(i).copied().flatten(), edition: props.edition }) }
            }) }
        </ol>
    }
}

#[derive(Properties, PartialEq)]
struct DecisionItemProps {
    decision: Decision,
    /// Its options with their chances, best first.
    values: Vec<OptionValue>,
    /// How the play made compares with the best.
    label: Option<Label>,
    edition: Edition,
}

/// One decision: the hand number and total (and whether two plays were
/// owed), the hand, the play made with its label, and a table of every
/// option with its chance to win and its label.
fn decision_item(lang: Lang, key: usize, props: &DecisionItemProps) -> Html {
    let (d, values, label, edition) = (&props.decision, &props.values, props.label, props.edition);
    let owes = d.view.to_act.is_some_and(|t| t.step != TurnStep::Single);
    let hand: Vec<String> = d
        .view
        .hand
        .iter()
        .map(|&c| i18n::card_name(lang, c, edition))
        .collect();
    let head = i18n::decision_line(lang, d.view.hand_number, d.view.total);
    let best = values.first().map(|v| v.chance).unwrap_or(0.0);
    html! {
        <li {key} class={classes!("decision", label.map(|l| format!("{l:?}").to_lowercase()))}>
            <h3>{ head }
                if owes { <span class="owed">{ format!(" · {}", tr(lang, Key::ReviewOwesTwo)) }</span> }
            </h3>
            <p>{ format!("{}: {}", tr(lang, Key::ReviewHand), hand.join(", ")) }</p>
            <p class="played">
                { format!("{}: {}", tr(lang, Key::ReviewYouPlayed), action_name(lang, d.played, edition)) }
                if let Some(l) = label { <span class={classes!("label", format!("{l:?}").to_lowercase())}>{ tr(lang, label_key(l)) }</span> }
            </p>
            <table class="options">
                <caption class="sr-only">{ tr(lang, Key::ReviewChance) }</caption>
                <tbody>
                    { for values.iter().map(|v| html! {
                        <tr class={classes!((v.action == d.played).then_some("mine"))}>
                            <th scope="row">{ action_name(lang, v.action, edition) }</th>
                            <td>{ format!("{} %", (v.chance * 100.0).round() as i64) }</td>
                            <td>{ tr(lang, label_key(Label::of(best, v.chance))) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </li>
    }
}

/// The review screen: the header with Close, the heading, and (when there
/// were decisions) the search's progress, the summary line and the list of
/// decisions.
#[function_component(ReviewScreen)]
pub fn review_screen(props: &ReviewProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let shared = props.shared.clone();
    let list: Rc<Vec<Decision>> = use_memo(shared.clone(), |s| {
        decisions(s.rules, s.names.len(), s.seed, &s.actions, Seat(0)).unwrap_or_default()
    });
    let progress = use_review_search(list.clone());
    let finished = progress.decision >= list.len();

    let labels: Vec<Option<Label>> = list
        .iter()
        .zip(progress.results.iter())
        .map(|(d, r)| crate::bots::review::label_of_played(d.played, r))
        .collect();
    let count = |l: Label| labels.iter().filter(|x| **x == Some(l)).count();
    let summary = i18n::review_summary(
        lang,
        labels.len(),
        [
            count(Label::Best),
            count(Label::Good),
            count(Label::Inaccuracy),
            count(Label::Mistake),
        ],
    );
    let on_cancel = {
        let progress = progress.clone();
        Callback::from(move |()| {
            let mut next = (*progress).clone();
            next.cancelled = true;
            progress.set(next);
        })
    };
    let close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <>
        <Header>
            <button type="button" class="btn ghost" onclick={close}>{ tr(lang, Key::Close) }</button>
        </Header>
        <main class="review" aria-labelledby="review-heading">
            <h2 id="review-heading">{ tr(lang, Key::ReviewHeading) }</h2>
            if list.is_empty() {
                <p>{ tr(lang, Key::ReviewNoDecisions) }</p>
            } else {
                { search_progress(lang, &SearchProgressProps { percent: percent_done(&list, &progress), finished,
                    cancelled: progress.cancelled, on_cancel }) }
                <p class="review-summary" role="status">{ summary }</p>
                { decisions_list(lang, &DecisionsProps { list: list.clone(), results: progress.results.clone(), labels,
                    edition: shared.rules.edition }) }
            }
        </main>
        </>
    }
}
