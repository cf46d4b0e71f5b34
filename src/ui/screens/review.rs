//! "Review my plays": each decision you made in a finished match (your
//! hand, the total, what you owed, what you played) with every option's
//! chance to win from your seat's view at that moment, labelled Best,
//! Good, Inaccuracy or Mistake (each with its own mark and colour), why
//! (from `bots::verdict`), a summary at the top, and a button that opens
//! the replay at that move. The search runs in
//! slices in the search worker (on the page between frames when there is
//! none); a progress bar shows how far it is and Cancel stops it.

use crate::bots::jobs::{Answer, Job};
use crate::bots::review::{
    decisions, evaluate_range, review_seed, Decision, Label, OptionValue, REVIEW_PLAYOUTS,
};
use crate::bots::verdict::{label_counts, verdict, Verdict};
use crate::i18n::{self, tr, Key, Lang};
use crate::rules::Played;
use crate::rules::{Action, Edition, Seat, TurnStep};
use crate::ui::platform::worker;
use crate::ui::screens::header::Header;
use crate::ui::screens::replay::ReplayScreen;
use crate::ui::state::Speed;
use gloo_timers::callback::Timeout;
use std::cell::Cell;
use std::rc::Rc;
use yew::prelude::*;

/// Playouts per slice: one slice stays well under 50 ms.
const SLICE: u32 = 50;

#[derive(Properties, PartialEq)]
pub struct ReviewProps {
    pub shared: Rc<Played>,
    /// What opens another match in the replay of a decision (the whole
    /// app's "Open a record": see
    /// [`ReplayProps::open`](crate::ui::screens::replay::ReplayProps::open)).
    #[prop_or_default]
    pub open: Option<Callback<Callback<Rc<Played>>, Html>>,
    /// The bots' speed of the next game, for the Settings (none on a
    /// friend's page: the host's bots are the host's).
    #[prop_or_default]
    pub speed: Option<Speed>,
    #[prop_or_default]
    pub on_speed: Callback<Speed>,
    pub on_close: Callback<()>,
    /// The seat reviewed, when not seat 0 (a friend's page at an online
    /// table reviews its own seat).
    #[prop_or_default]
    pub seat: Option<Seat>,
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

/// The mark of a verdict: a star for Best, a tick for Good, a warning
/// triangle for Inaccuracy, a cross for Mistake, so verdicts differ in
/// shape as well as colour.
fn verdict_icon(l: Label) -> Html {
    // Filled (the star) or stroked: the stylesheet paints each by its class.
    let d = match l {
        Label::Best => {
            "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z"
        }
        Label::Good => "M4.5 12.5l5 5 10-11",
        Label::Inaccuracy => "M12 3L22 20H2zM12 9.5v5M12 17.4v.2",
        Label::Mistake => "M6 6l12 12M18 6L6 18",
    };
    html! {
        <svg class="verdict-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path {d} /></svg>
    }
}

/// The class naming a verdict: `v-best`, `v-good`, `v-inaccuracy`, `v-mistake`.
fn verdict_class(l: Label) -> &'static str {
    match l {
        Label::Best => "v-best",
        Label::Good => "v-good",
        Label::Inaccuracy => "v-inaccuracy",
        Label::Mistake => "v-mistake",
    }
}

/// A verdict as a badge: its mark and its word.
fn verdict_badge(lang: Lang, l: Label) -> Html {
    html! {
        <span class={classes!("verdict", verdict_class(l))}>
            { verdict_icon(l) }<span class="verdict-word">{ tr(lang, label_key(l)) }</span>
        </span>
    }
}

/// The summary at the top: the line counting each verdict, a badge per
/// verdict with its count, and what the numbers below mean.
fn review_summary(lang: Lang, summary: String, counts: [usize; 4]) -> Html {
    let labels = [Label::Best, Label::Good, Label::Inaccuracy, Label::Mistake];
    html! {
        <section class="review-top">
            <p class="review-summary" role="status">{ summary }</p>
            <ul class="verdict-counts">
                { for labels.iter().zip(counts).filter(|(_, n)| *n > 0).map(|(&l, n)| html! {
                    <li>{ verdict_badge(lang, l) }<span class="count">{ format!("× {n}") }</span></li>
                }) }
            </ul>
            <p class="review-explain">{ tr(lang, Key::ReviewExplain) }</p>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct DecisionsProps {
    /// Every decision of the reviewed seat.
    list: Rc<Vec<Decision>>,
    /// The verdicts of the decisions searched so far.
    verdicts: Rc<Vec<Option<Verdict>>>,
    edition: Edition,
    /// Every action of the match (the replay's last move).
    moves: usize,
    /// Opens the replay at a step, from decision `i`: (step, i).
    on_replay: Callback<(usize, usize)>,
}

/// The list of decisions searched so far, each as a [`decision_item`].
fn decisions_list(lang: Lang, props: &DecisionsProps) -> Html {
    let rows = props.list.iter().zip(props.verdicts.iter()).enumerate();
    html! {
        <ol class="decisions">
            { for rows.map(|(i, (d, v))| decision_item(lang, i, d, v.as_ref(), props)) }
        </ol>
    }
}

/// One decision: the hand number, total and move (and whether two plays
/// were owed) with the verdict, the hand, the play made, why it got its
/// verdict, a table of every option (the total it makes, the chance the
/// next player is stuck, the chance to win, its verdict) and a button that
/// opens the replay at this move.
fn decision_item(
    lang: Lang,
    i: usize,
    d: &Decision,
    verdict: Option<&Verdict>,
    props: &DecisionsProps,
) -> Html {
    let edition = props.edition;
    let owes = d.view.to_act.is_some_and(|t| t.step != TurnStep::Single);
    let hand: Vec<String> = d
        .view
        .hand
        .iter()
        .map(|&c| i18n::card_name(lang, c, edition))
        .collect();
    // This play is "Move 15 of 40"; the replay opens at the decision,
    // the table just before it (14 moves made), with the hand it was
    // made from and the total it met.
    let step = (d.ply + 1).min(props.moves);
    let at = d.ply.min(props.moves);
    let head_id = format!("decision-{i}-head");
    let label = verdict.map(|v| v.label);
    let on_open = props.on_replay.reform(move |_: MouseEvent| (at, i));
    html! {
        <li key={i} id={format!("decision-{i}")} class={classes!("decision", label.map(verdict_class))}>
            <div class="decision-head">
                <h3 id={head_id.clone()}>
                    { i18n::decision_line(lang, d.view.hand_number, d.view.total) }
                    <span class="move">{ format!(" · {}", i18n::move_of(lang, step, props.moves)) }</span>
                    if owes { <span class="owed">{ format!(" · {}", tr(lang, Key::ReviewOwesTwo)) }</span> }
                </h3>
                if let Some(l) = label { { verdict_badge(lang, l) } }
            </div>
            <p>{ i18n::labelled(lang, tr(lang, Key::ReviewHand), &hand.join(", ")) }</p>
            <p class="played">{ i18n::labelled(lang, tr(lang, Key::ReviewYouPlayed), &action_name(lang, d.played, edition)) }</p>
            if let Some(v) = verdict {
                <p class="reason">{ i18n::review_reason(lang, &v.reason, edition) }</p>
                { options_table(lang, d, v, edition) }
            }
            <button type="button" class="btn open-replay" id={format!("review-open-{i}")}
                aria-describedby={head_id} onclick={on_open}>{ tr(lang, Key::ReviewOpenReplay) }</button>
        </li>
    }
}

/// Every option of a decision, best first, under visible column headings.
fn options_table(lang: Lang, d: &Decision, v: &Verdict, edition: Edition) -> Html {
    let pct = |n: u32| i18n::percent(lang, n);
    html! {
        <div class="options-wrap">
            <table class="review-options">
                <caption class="sr-only">{ tr(lang, Key::ReviewChance) }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ tr(lang, Key::ReviewColPlay) }</th>
                        <th scope="col" class="num">{ tr(lang, Key::ReviewColTotal) }</th>
                        <th scope="col" class="num">{ tr(lang, Key::ReviewColStuck) }</th>
                        <th scope="col" class="num">{ tr(lang, Key::ReviewColWin) }</th>
                        <th scope="col">{ tr(lang, Key::ReviewColVerdict) }</th>
                    </tr>
                </thead>
                <tbody>
                    { for v.options.iter().map(|o| {
                        let mine = o.action == d.played;
                        html! {
                            <tr class={classes!(mine.then_some("mine"))}>
                                <th scope="row">
                                    { action_name(lang, o.action, edition) }
                                    if mine { <span class="yours">{ tr(lang, Key::ReviewYours) }</span> }
                                </th>
                                <td class="num">{ o.total.map(i18n::number).unwrap_or_else(|| "–".into()) }</td>
                                <td class="num">{ o.stuck.map(pct).unwrap_or_else(|| "–".into()) }</td>
                                <td class="num">{ pct(o.win) }</td>
                                <td class={classes!("verdict-cell", verdict_class(o.label))}>
                                    { verdict_icon(o.label) }<span class="verdict-word">{ tr(lang, label_key(o.label)) }</span>
                                </td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </div>
    }
}

/// The review screen: the header with Close, the heading, and (when there
/// were decisions) the search's progress, the summary and the list of
/// decisions. A decision's "Open in the replay" shows the replay at its
/// move over the review, which stays as it was (its search goes on) and
/// takes the focus back to that decision when the replay closes.
#[function_component(ReviewScreen)]
pub fn review_screen(props: &ReviewProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let shared = props.shared.clone();
    let seat = props.seat.unwrap_or(Seat(0));
    let list: Rc<Vec<Decision>> = use_memo((shared.clone(), seat), |(s, seat)| {
        decisions(s, *seat).unwrap_or_default()
    });
    let progress = use_review_search(list.clone());
    let finished = progress.decision >= list.len();
    // (step, decision) of the replay on show.
    let replay = use_state(|| None::<(usize, usize)>);
    let last_opened = use_mut_ref(|| None::<usize>);
    {
        let last_opened = last_opened.clone();
        use_effect_with(*replay, move |shown| match shown {
            Some((_, i)) => {
                *last_opened.borrow_mut() = Some(*i);
                if let Some(w) = web_sys::window() {
                    w.scroll_to_with_x_and_y(0.0, 0.0);
                }
            }
            None => {
                if let Some(i) = last_opened.borrow_mut().take() {
                    focus_by_id(&format!("review-open-{i}"));
                }
            }
        });
    }

    let verdicts: Rc<Vec<Option<Verdict>>> =
        use_memo((list.clone(), progress.results.len()), |(list, _)| {
            list.iter()
                .zip(progress.results.iter())
                .map(|(d, r)| verdict(d, r))
                .collect()
        });
    let labels: Vec<Label> = verdicts.iter().flatten().map(|v| v.label).collect();
    let counts = label_counts(&labels);
    let summary = i18n::review_summary(lang, verdicts.len(), counts);
    let on_cancel = {
        let progress = progress.clone();
        Callback::from(move |()| {
            let mut next = (*progress).clone();
            next.cancelled = true;
            progress.set(next);
        })
    };
    let on_replay = {
        let replay = replay.clone();
        Callback::from(move |at: (usize, usize)| replay.set(Some(at)))
    };
    let back = {
        let replay = replay.clone();
        Callback::from(move |()| replay.set(None))
    };
    let close = props.on_close.reform(|_: MouseEvent| ());
    let replay_view = replay.map(|(step, _)| {
        html! {
            <ReplayScreen key={step} shared={shared.clone()} start={step} mine=true seat={props.seat}
                open={props.open.clone()} on_close={back} />
        }
    });
    html! {
        <>
        { for replay_view }
        <div class="review-page" hidden={replay.is_some()}>
            <Header speed={props.speed} on_speed={props.on_speed.clone()}>
                <button type="button" class="btn ghost" onclick={close}>{ tr(lang, Key::Close) }</button>
            </Header>
            <main class="review" aria-labelledby="review-heading">
                <h2 id="review-heading">{ tr(lang, Key::ReviewHeading) }</h2>
                if list.is_empty() {
                    <p>{ tr(lang, Key::ReviewNoDecisions) }</p>
                } else {
                    { search_progress(lang, &SearchProgressProps { percent: percent_done(&list, &progress), finished,
                        cancelled: progress.cancelled, on_cancel }) }
                    { review_summary(lang, summary, counts) }
                    { decisions_list(lang, &DecisionsProps { list: list.clone(), verdicts: verdicts.clone(),
                        edition: shared.rules.edition, moves: shared.actions.len(), on_replay }) }
                }
            </main>
        </div>
        </>
    }
}

/// Gives the keyboard focus (and the view) to the element with this id.
fn focus_by_id(id: &str) {
    use wasm_bindgen::JsCast;
    let el = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(el) = el {
        let _ = el.focus();
    }
}
