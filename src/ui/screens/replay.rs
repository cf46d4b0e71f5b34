//! The replay viewer: a finished match step by step with every hand face
//! up (Previous, Next, Play/Pause, a position slider and the call-outs of
//! each step), and what a match can become: a downloaded record
//! (docs/records.md, what `ono99 replay` reads), a share link, or a record
//! opened from a file.

use crate::rules::{redact, Direction, Event, Format, Seat, SeatSet};
use crate::share::SharedMatch;
use crate::ui::i18n::{self, callout, tr, Key, Lang, Narrator};
use crate::ui::platform::files;
use crate::ui::screens::header::Header;
use crate::ui::screens::lobby::copy_text;
use crate::ui::table::card::CardFace;
use crate::ui::table::centre::{Centre, TrailItem};
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// How long each step shows while playing.
const PLAY_STEP_MS: u32 = 900;

#[derive(Properties, PartialEq)]
pub struct ReplayProps {
    pub shared: Rc<SharedMatch>,
    /// Another match to show (a record opened here).
    pub on_open: Callback<Rc<SharedMatch>>,
    pub on_close: Callback<()>,
}

/// The "Move 3 of 120" line.
fn step_line(lang: Lang, step: usize, of: usize) -> String {
    i18n::move_of(lang, step, of)
}

#[function_component(ReplayScreen)]
pub fn replay_screen(props: &ReplayProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let shared = props.shared.clone();
    let total_steps = shared.actions.len();
    let step = use_state(|| 0usize);
    let playing = use_state(|| false);
    let share = use_state(|| None::<String>);
    let notice = use_state(|| None::<Key>);
    // Playing moves one step at a time until the end.
    {
        let step = step.clone();
        let playing = playing.clone();
        use_effect_with((*step, *playing), move |&(s, on)| {
            let timer = (on && s < total_steps).then(|| {
                let step = step.clone();
                Timeout::new(PLAY_STEP_MS, move || step.set(s + 1))
            });
            if on && s >= total_steps {
                playing.set(false);
            }
            move || drop(timer)
        });
    }
    // The match at this step, the one before it (for the final table of a
    // hand this step ends) and whether the whole match replays to its end:
    // each worked out once per step, not on every render.
    let at_step = use_memo((shared.clone(), *step), |(shared, step)| {
        (
            shared.at(*step).ok(),
            step.checked_sub(1).and_then(|s| shared.at(s).ok()),
        )
    });
    let complete = use_memo(shared.clone(), |shared| {
        shared
            .at(shared.actions.len())
            .is_ok_and(|(end, _)| end.is_over())
    });
    let Some((m, from)) = at_step.0.as_ref().map(|(m, from)| (m, *from)) else {
        return html! { <p class="error-text" role="alert">{ tr(lang, Key::RecordDoesNotReplay) }</p> };
    };
    let names = shared.names.clone();
    let name = move |s: Seat| {
        names
            .get(s.index())
            .cloned()
            .unwrap_or_else(|| i18n::bot_heading(lang, s.index()))
    };
    let rules = shared.rules;
    let edition = rules.edition;
    let full_log = m.log();
    // A step that ends a hand also deals the next one (in tokens and
    // points): it shows the hand's end, its final table, not the new deal.
    let ended_hand = *step > 0
        && full_log
            .get(from..)
            .unwrap_or_default()
            .iter()
            .any(|e| matches!(e, Event::HandOver { .. }));
    let cut = if ended_hand {
        full_log
            .iter()
            .skip(from)
            .position(|e| matches!(e, Event::HandStarted { .. }))
            .map_or(full_log.len(), |k| from + k)
    } else {
        full_log.len()
    };
    let log = full_log.get(..cut).unwrap_or(full_log);
    // Each seat's view at this step (the final table of an ended hand).
    let before = ended_hand.then_some(at_step.1.as_ref()).flatten();
    let view_of = |seat: Seat| match &before {
        Some((pm, _)) => {
            let mut v = pm.view(seat);
            let events = log.get(from..).unwrap_or_default();
            for e in redact(events, seat, pm.seat_count(), pm.in_match()) {
                let _ = v.apply(&e);
            }
            v
        }
        None => m.view(seat),
    };
    // The call-outs of this step; the running lines of this hand.
    let hand_start = log
        .iter()
        .rposition(|e| matches!(e, Event::HandStarted { .. }))
        .unwrap_or(0);
    // Told as seat 0 is, with nobody as "you" (its draws are not told).
    let told = redact(log, Seat(0), m.seat_count(), SeatSet::first(m.seat_count()));
    let mut narrator = Narrator::new(rules, 0, None, &name);
    let mut lines: Vec<(usize, String)> = Vec::new();
    for (i, e) in told.iter().enumerate().skip(hand_start) {
        if let Some(c) = narrator.next(e) {
            if !matches!(c, i18n::Callout::YouDrew { .. }) {
                lines.push((i, callout(lang, &c, edition)));
            }
        }
    }
    let now: Vec<String> = if *step == 0 {
        lines.iter().map(|(_, l)| l.clone()).collect()
    } else {
        lines
            .iter()
            .filter(|(i, _)| *i >= from)
            .map(|(_, l)| l.clone())
            .collect()
    };
    let trail: Vec<TrailItem> = log
        .iter()
        .skip(hand_start)
        .filter_map(|e| match e {
            Event::Played { seat, card, .. } => Some(TrailItem {
                name: AttrValue::from(name(*seat)),
                seat: seat.index(),
                card: *card,
            }),
            _ => None,
        })
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .take(4)
        .rev()
        .collect();
    let view = view_of(Seat(0));
    let to_act = if ended_hand { None } else { m.to_act() };
    // Every hand face up.
    let seats = m.seats().map(|seat| {
        let hand = view_of(seat).hand;
        let p = &view.seats[seat];
        let standing = match rules.format {
            Format::Elimination => None,
            Format::Tokens => Some(i18n::tokens_count(lang, p.tokens)),
            Format::Points => Some(i18n::points_count(lang, p.score)),
        };
        let cards = if p.in_hand { hand } else { p.laid_down.clone() };
        let acting = to_act.is_some_and(|t| t.seat == seat);
        html! {
            <li key={seat.index()} class={classes!("replay-seat", acting.then_some("to-act"), (!p.in_hand).then_some("is-out"))} aria-current={acting.then_some("true")}>
                <span class="name">{ name(seat) }</span>
                if let Some(s) = standing { <span class="standing">{ s }</span> }
                if !p.in_match { <span class="mark out">{ tr(lang, Key::OutOfMatch) }</span> }
                else if !p.in_hand { <span class="mark out">{ tr(lang, Key::Out) }</span> }
                <span class="sr-only">{ cards.iter().map(|&c| i18n::card_name(lang, c, edition)).collect::<Vec<_>>().join(", ") }</span>
                <ul class="mini-cards" aria-hidden="true">
                    { for cards.iter().map(|&card| html! { <li><CardFace {card} {edition} class="mini" /></li> }) }
                </ul>
            </li>
        }
    });

    let go = |to: usize| {
        let step = step.clone();
        let playing = playing.clone();
        Callback::from(move |_: MouseEvent| {
            playing.set(false);
            step.set(to.min(total_steps));
        })
    };
    let on_prev = go(step.saturating_sub(1));
    let on_next = go(*step + 1);
    let on_play = {
        let playing = playing.clone();
        let step = step.clone();
        Callback::from(move |_: MouseEvent| {
            if !*playing && *step >= total_steps {
                step.set(0);
            }
            playing.set(!*playing)
        })
    };
    let on_slide = {
        let step = step.clone();
        let playing = playing.clone();
        Callback::from(move |e: InputEvent| {
            if let Ok(v) = e
                .target_unchecked_into::<HtmlInputElement>()
                .value()
                .parse::<usize>()
            {
                playing.set(false);
                step.set(v.min(total_steps));
            }
        })
    };
    let on_download = {
        let shared = shared.clone();
        let notice = notice.clone();
        Callback::from(move |_: MouseEvent| match shared.to_record() {
            Ok(record) => {
                files::download(
                    &format!("ono99-{:016x}.json", shared.seed),
                    &record.to_json(),
                );
            }
            Err(_) => notice.set(Some(Key::RecordDoesNotReplay)),
        })
    };
    let on_share = {
        let shared = shared.clone();
        let share = share.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(code) = shared.encode() {
                let link = format!("{}#replay={code}", crate::ui::online::page_base());
                copy_text(&link);
                share.set(Some(link));
            }
        })
    };
    let on_file = {
        let on_open = props.on_open.clone();
        let notice = notice.clone();
        let step = step.clone();
        let playing = playing.clone();
        Callback::from(move |e: web_sys::Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let on_open = on_open.clone();
            let notice = notice.clone();
            let step = step.clone();
            let playing = playing.clone();
            files::read_record(&input, move |result| match result {
                Ok(shared) => {
                    // The opened match starts from its deal (it may be
                    // the very match on show).
                    notice.set(None);
                    playing.set(false);
                    step.set(0);
                    on_open.emit(Rc::new(shared))
                }
                Err(key) => notice.set(Some(key)),
            });
        })
    };
    // A record needs the whole match, finished, whatever step shows.
    let finished = *complete;
    let close = props.on_close.reform(|_: MouseEvent| ());
    let current = Rc::new(lines.iter().map(|(_, l)| l.clone()).collect::<Vec<_>>());
    html! {
        <>
        <Header>
            <button type="button" class="btn ghost" onclick={close}>{ tr(lang, Key::Close) }</button>
        </Header>
        <main class="replay" aria-labelledby="replay-heading">
            <h2 id="replay-heading">{ tr(lang, Key::ReplayHeading) }</h2>
            <div class="replay-table">
                <ul class="replay-seats" aria-label={tr(lang, Key::Table)}>{ for seats }</ul>
                <div class={classes!("replay-centre", match view.direction { Direction::Clockwise => "cw", Direction::Counterclockwise => "ccw" })}>
                    <Centre
                        total={view.total}
                        direction={view.direction}
                        draw_pile_len={view.draw_pile_len}
                        top={view.discard_pile.last().copied()}
                        top_by={trail.last().map(|t| t.name.clone())}
                        {trail}
                        plays={*step}
                        {edition}
                    />
                    <div class="callout" aria-live="polite" aria-atomic="true">
                        { for now.iter().map(|l| html! { <p>{ l.clone() }</p> }) }
                    </div>
                </div>
            </div>
            <div class="replay-controls">
                <button type="button" class="btn" onclick={on_prev} disabled={*step == 0}>{ tr(lang, Key::Previous) }</button>
                <button type="button" class="btn primary" onclick={on_play}>{ tr(lang, if *playing { Key::Pause } else { Key::Play }) }</button>
                <button type="button" class="btn" onclick={on_next} disabled={*step >= total_steps}>{ tr(lang, Key::NextStep) }</button>
                <label class="slider">
                    <span>{ step_line(lang, *step, total_steps) }</span>
                    <input type="range" min="0" max={total_steps.to_string()} value={step.to_string()} oninput={on_slide}
                        aria-label={tr(lang, Key::ReplayPosition)} aria-valuetext={step_line(lang, *step, total_steps)} />
                </label>
            </div>
            <div class="replay-files">
                if finished {
                    <button type="button" class="btn" onclick={on_download}>{ tr(lang, Key::DownloadRecord) }</button>
                }
                <button type="button" class="btn" onclick={on_share}>{ tr(lang, Key::CopyShareLink) }</button>
                <label class="btn file">
                    { tr(lang, Key::OpenRecord) }
                    <input type="file" accept=".json,application/json" class="sr-only" onchange={on_file} />
                </label>
            </div>
            if let Some(link) = &*share {
                <div class="field">
                    <label for="share-link">{ tr(lang, Key::ShareLink) }</label>
                    <input id="share-link" type="text" readonly=true value={link.clone()} />
                </div>
            }
            if let Some(key) = *notice {
                <p class="error-text" role="alert">{ tr(lang, key) }</p>
            }
            <section class="replay-log" aria-labelledby="replay-log-heading">
                <h3 id="replay-log-heading">{ tr(lang, Key::GameLog) }</h3>
                <ol>{ for current.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ol>
            </section>
        </main>
        </>
    }
}
