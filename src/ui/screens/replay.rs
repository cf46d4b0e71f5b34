//! The replay viewer: a finished match step by step with every hand face
//! up, drawn by the same `Table` as the game (from every seat's table
//! model, kept by the pure `table::replay`), under its own bars: the
//! controls (Previous, Play/Pause, Next, a position slider) and what a
//! match can become: a downloaded record (docs/records.md, what `ono99
//! replay` reads), a share link, or a record opened from a file. A share
//! link of a match with friends may carry its deal's proof (issue 31):
//! the verdict on the deal shows under the title.

use crate::i18n::{self, tr, Key, Lang};
use crate::online::fair::{check_shared, Proof, Verdict};
use crate::rules::Played;
use crate::rules::Seat;
use crate::table::replay::Replay;
use crate::table::TableModel;
use crate::ui::platform::clipboard::copy_text;
use crate::ui::platform::files;
use crate::ui::screens::header::Header;
use crate::ui::table::board::{FaceUp, Shown, Table};
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// How long each step shows while playing.
const PLAY_STEP_MS: u32 = 900;

#[derive(Properties, PartialEq)]
pub struct ReplayProps {
    pub shared: Rc<Played>,
    /// The step shown first (0, the deal, unless a review opened a move).
    #[prop_or_default]
    pub start: usize,
    /// The match was played on this device, from seat 0: that seat is
    /// "you" ("You play 7"), named as the game named it. A share link or
    /// a record file shows the names it carries.
    #[prop_or_default]
    pub mine: bool,
    /// With `mine`, the seat it was played from, when not seat 0 (a
    /// friend's page at an online table): that seat is "you" and shown at
    /// the bottom.
    #[prop_or_default]
    pub seat: Option<Seat>,
    /// The deal's proof the share link carried (format version 2): the
    /// deal is checked again here, offline.
    #[prop_or_default]
    pub proof: Option<Rc<Proof>>,
    /// What opens another match here, drawn for the callback that shows
    /// it from its deal: the whole app's "Open a record" ([`OpenRecord`]);
    /// none on a friend's page, whose module then carries no record
    /// reader.
    #[prop_or_default]
    pub open: Option<Callback<Callback<Rc<Played>>, Html>>,
    pub on_close: Callback<()>,
}

/// The "Move 3 of 120" line.
fn step_line(lang: Lang, step: usize, of: usize) -> String {
    i18n::move_of(lang, step, of)
}

/// The replay kept between renders, and the match it replays.
struct Kept {
    shared: Rc<Played>,
    replay: Replay,
    /// Every seat's cards at the step shown, seat 0 first.
    hands: FaceUp,
}

/// What the table shows at `step` of `shared`: `me`'s table (seat 0's
/// when nobody is "you") and every
/// seat's cards, or `None` when the match does not replay. The next step
/// costs one step on from the last one shown; a jump back folds the match
/// again from its deal.
#[hook]
fn use_replay(
    shared: &Rc<Played>,
    step: usize,
    me: Option<Seat>,
) -> Option<(Rc<TableModel>, FaceUp)> {
    let cell = use_mut_ref(|| None::<Kept>);
    let mut cell = cell.borrow_mut();
    let same = cell
        .as_ref()
        .is_some_and(|k| Rc::ptr_eq(&k.shared, shared) || k.shared == *shared);
    if !same {
        *cell = Replay::seen_by(
            me,
            shared.rules,
            shared.names.clone(),
            shared.seed,
            shared.actions.clone().into(),
        )
        .ok()
        .map(|replay| Kept {
            shared: shared.clone(),
            hands: Rc::new(replay.hands()),
            replay,
        });
    }
    let kept = cell.as_mut()?;
    if kept.replay.step() != step {
        let reached = kept.replay.seek(step);
        kept.hands = Rc::new(kept.replay.hands());
        reached.ok()?;
    }
    let bottom = me.unwrap_or(Seat(0));
    Some((kept.replay.table(bottom).clone(), kept.hands.clone()))
}

#[function_component(ReplayScreen)]
pub fn replay_screen(props: &ReplayProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let shared = props.shared.clone();
    let total_steps = shared.actions.len();
    let step = use_state(|| props.start.min(total_steps));
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
    // Your own match: your seat (seat 0 at this device) is "you", and a
    // seat the game called "You" (no name given, stored as "Player 1" for
    // others) is called so again.
    let me = props.mine.then_some(props.seat.unwrap_or(Seat(0)));
    let shown_as = use_memo((shared.clone(), me, lang), |(shared, me, lang)| {
        let mut names = shared.names.clone();
        if let Some(me) = me {
            if let Some(name) = names.get_mut(me.index()) {
                if i18n::is_nameless_player(name, me.index()) {
                    *name = tr(*lang, Key::You).to_string();
                }
            }
        }
        Rc::new(Played {
            names,
            ..(**shared).clone()
        })
    });
    let shown = use_replay(&shown_as, *step, me);
    // A record needs the whole match, finished, whatever step shows.
    let finished = use_memo(shared.clone(), |shared| {
        shared
            .at(shared.actions.len())
            .is_ok_and(|(end, _)| end.is_over())
    });
    // The deal's verdict: the proof's seal opens, and the match replays
    // from the seed it gives. Once per match and proof.
    let verdict = use_memo((shared.clone(), props.proof.clone()), |(shared, proof)| {
        proof.as_ref().map(|p| check_shared(shared, p))
    });
    let Some((model, hands)) = shown else {
        return html! { <p class="error-text" role="alert">{ tr(lang, Key::RecordDoesNotReplay) }</p> };
    };
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
    // A record opened here starts from its deal (it may be the very match
    // on show).
    let open = props.open.as_ref().map(|open| {
        let step = step.clone();
        let playing = playing.clone();
        open.emit(Callback::from(move |_: Rc<Played>| {
            playing.set(false);
            step.set(0);
        }))
    });
    let close = props.on_close.reform(|_: MouseEvent| ());
    let controls = html! {
        <div class="replay-bar">
            <h2 id="replay-heading">{ tr(lang, Key::ReplayHeading) }</h2>
            if let (Some(verdict), Some(proof)) = (&*verdict, &props.proof) {
                { deal_verdict(lang, verdict, proof, &shown_as) }
            }
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
        </div>
    };
    let bottom = me.unwrap_or(Seat(0)).index();
    let my_name = AttrValue::from(shown_as.names.get(bottom).cloned().unwrap_or_default());
    let seats = shared.names.len();
    html! {
        <div class={classes!("game", "replay-game", format!("seats-{seats}"))}>
            <Header>
                <button type="button" class="btn ghost" onclick={close}>{ tr(lang, Key::Close) }</button>
            </Header>
            <Table
                model={Shown(model)}
                levels={Vec::new()}
                {my_name}
                on_action={Callback::from(|_| ())}
                above={controls}
                face_up={Some(hands)}
            >
                { record_bar(lang, &shared, props.proof.clone(), *finished, &share, &notice, open.unwrap_or_default()) }
            </Table>
        </div>
    }
}

/// The verdict on the deal under the title: a tick and "Deal verified: …",
/// or a cross and "Deal not verified: …" naming what does not match. A
/// polite status: a screen reader says it once the replay opens.
fn deal_verdict(lang: Lang, verdict: &Verdict, proof: &Proof, shown_as: &Played) -> Html {
    let seat = match verdict {
        Verdict::LeftOut(seat) => Some(*seat),
        Verdict::CardDiffers { seat, .. } => *seat,
        _ => None,
    };
    let name = seat.and_then(|s| shown_as.names.get(s.index()));
    let text = lang.replay_texts().deal_verdict(
        verdict,
        proof.contributions.len(),
        name.map(String::as_str),
        shown_as.rules.edition,
    );
    let (class, d) = if verdict.is_verified() {
        ("verified", "M4.5 12.5l5 5 10-11")
    } else {
        ("refused", "M6 6l12 12M18 6L6 18")
    };
    html! {
        <p class={classes!("deal-verdict", class)} role="status">
            <svg class="verdict-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path {d} /></svg>
            <span>{ text }</span>
        </p>
    }
}

/// What the match can become: a downloaded record (once it is over), a
/// share link (with the deal's proof, if it came with one), or another
/// match (`open`); and why not (`notice`).
fn record_bar(
    lang: Lang,
    shared: &Rc<Played>,
    proof: Option<Rc<Proof>>,
    finished: bool,
    share: &UseStateHandle<Option<String>>,
    notice: &UseStateHandle<Option<Key>>,
    open: Html,
) -> Html {
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
            let code = match &proof {
                Some(proof) => shared.encode_with_proof(proof),
                None => shared.encode(),
            };
            if let Ok(code) = code {
                let link = crate::routes::Route::Replay(code).link(&crate::ui::online::page_base());
                // The link shows beside the button either way.
                copy_text(&link, || ());
                share.set(Some(link));
            }
        })
    };
    html! {
        <>
            <div class="replay-files">
                if finished {
                    <button type="button" class="btn" onclick={on_download}>{ tr(lang, Key::DownloadRecord) }</button>
                }
                <button type="button" class="btn" onclick={on_share}>{ tr(lang, Key::CopyShareLink) }</button>
                { open }
            </div>
            if let Some(link) = &**share {
                <div class="field">
                    <label for="share-link">{ tr(lang, Key::ShareLink) }</label>
                    <input id="share-link" type="text" readonly=true value={link.clone()} />
                </div>
            }
            if let Some(key) = **notice {
                <p class="error-text" role="alert">{ tr(lang, key) }</p>
            }
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct OpenRecordProps {
    /// The match of the record opened.
    pub on_open: Callback<Rc<Played>>,
}

/// "Open a record": another match from a record file, checked by replaying
/// it, or why it cannot be shown. Only the whole app offers it (a
/// friend's page shows only its own match).
#[function_component(OpenRecord)]
pub fn open_record(props: &OpenRecordProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let notice = use_state(|| None::<Key>);
    let on_file = {
        let notice = notice.clone();
        let on_open = props.on_open.clone();
        Callback::from(move |e: web_sys::Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let on_open = on_open.clone();
            let notice = notice.clone();
            files::read_record(&input, move |result| match result {
                Ok(shared) => {
                    notice.set(None);
                    on_open.emit(Rc::new(shared))
                }
                Err(key) => notice.set(Some(key)),
            });
        })
    };
    html! {
        <>
            <label class="btn file">
                { tr(lang, Key::OpenRecord) }
                <input type="file" accept=".json,application/json" class="sr-only" onchange={on_file} />
            </label>
            if let Some(key) = *notice {
                <p class="error-text" role="alert">{ tr(lang, key) }</p>
            }
        </>
    }
}
