//! Quick reactions at an online table (issue 31): the "Reactions" button
//! and its panel (the preset set, each a button named by its text; a mute
//! toggle for each other seat), and the polite line screen readers hear a
//! reaction from ("Ana: Nice!"). The host's game and a friend's table both
//! put it under the hand; what the seats show comes from the same page's
//! [`Board`](crate::online::reactions::Board), through the table's
//! `reactions`. Whole app only.

use crate::i18n::{mute, reacted_line, reaction_name, reaction_text, Lang, ReactionKey};
use crate::online::reactions::{Board, Reaction, Shown};
use crate::rules::Seat;
use crate::ui::platform::clock::now_ms;
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use yew::prelude::*;

/// What a seat shows for `r`: its emoji, or its words in `lang`.
pub fn seat_text(lang: Lang, r: Reaction) -> AttrValue {
    AttrValue::from(r.emoji().unwrap_or_else(|| reaction_name(lang, r)))
}

/// What each of the `seats` shows now of `board`, seat 0 first.
pub fn seat_bubbles(lang: Lang, board: &Board, seats: usize) -> Rc<Vec<Option<AttrValue>>> {
    Rc::new(
        (0..seats)
            .map(|i| board.on(Seat(i as u8)).map(|s| seat_text(lang, s.reaction)))
            .collect(),
    )
}

/// The bar for a page whose own seat is `me`, from its `board`; `names`
/// are every seat's, seat 0 first.
pub fn reaction_bar(
    board: &Board,
    me: Seat,
    names: Rc<Vec<String>>,
    on_send: Callback<Reaction>,
    on_mute: Callback<Seat>,
) -> Html {
    let now = now_ms() as u64;
    let muted: Vec<Seat> = (0..names.len())
        .map(|i| Seat(i as u8))
        .filter(|&s| board.is_muted(s))
        .collect();
    html! {
        <ReactionBar {me} {names} latest={board.latest()} count={board.count()} muted={Rc::new(muted)}
            ready_at={now + board.wait_ms(me, now)} {on_send} {on_mute} />
    }
}

#[derive(Properties, PartialEq)]
pub struct ReactionBarProps {
    /// This page's own seat.
    pub me: Seat,
    /// Every seat's name, seat 0 first (the line screen readers hear).
    pub names: Rc<Vec<String>>,
    /// The latest reaction this page showed (another seat's is read out).
    pub latest: Option<Shown>,
    /// How many reactions this page showed (a hook for tests).
    pub count: u64,
    /// The seats this page muted.
    pub muted: Rc<Vec<Seat>>,
    /// When this page's next reaction may go, by the page's clock
    /// ([`now_ms`]; 0: now).
    pub ready_at: u64,
    pub on_send: Callback<Reaction>,
    pub on_mute: Callback<Seat>,
}

/// The Reactions button, its panel and the polite line.
#[function_component(ReactionBar)]
pub fn reaction_bar(props: &ReactionBarProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let open = use_state(|| false);
    // While this page's next reaction waits, the panel says so; a timer
    // draws it again when it may go.
    let ready_again = use_state(|| 0u32);
    let wait = props.ready_at.saturating_sub(now_ms() as u64);
    {
        let ready_again = ready_again.clone();
        use_effect_with((props.ready_at, *ready_again), move |_| {
            let timer = (wait > 0).then(|| {
                let ms = u32::try_from(wait).unwrap_or(u32::MAX);
                Timeout::new(ms, move || ready_again.set(*ready_again + 1))
            });
            move || drop(timer)
        });
    }
    let cooling = wait > 0;
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let name = |seat: Seat| props.names.get(seat.index()).cloned().unwrap_or_default();
    // Another seat's reaction is read out; this page's own is not (the
    // player just pressed it).
    let heard = props
        .latest
        .filter(|s| s.seat != props.me)
        .map(|s| (s.serial, reacted_line(lang, &name(s.seat), s.reaction)));
    let buttons = Reaction::ALL.iter().map(|&r| {
        let words = reaction_name(lang, r);
        let onclick = {
            let send = props.on_send.clone();
            Callback::from(move |_: MouseEvent| {
                if !cooling {
                    send.emit(r)
                }
            })
        };
        // An emoji's button is named by its words; a word's by itself.
        html! {
            <li>
                <button type="button" class={classes!("btn", "react", r.emoji().map(|_| "emoji"))}
                    data-reaction={r.name()} aria-disabled={cooling.then_some("true")}
                    aria-label={r.emoji().map(|_| words)} title={r.emoji().map(|_| words)} {onclick}>
                    { r.emoji().unwrap_or(words) }
                </button>
            </li>
        }
    });
    let others: Vec<Seat> = (0..props.names.len())
        .map(|i| Seat(i as u8))
        .filter(|&s| s != props.me)
        .collect();
    let mutes = others.into_iter().map(|seat| {
        let muted = props.muted.contains(&seat);
        let onclick = {
            let cb = props.on_mute.clone();
            Callback::from(move |_: MouseEvent| cb.emit(seat))
        };
        html! {
            <li key={seat.index()}>
                <button type="button" class={classes!("btn", "small", "mute", muted.then_some("on"))}
                    aria-pressed={if muted { "true" } else { "false" }} data-seat={seat.index().to_string()} {onclick}>
                    { mute(lang, &name(seat)) }
                </button>
            </li>
        }
    });
    html! {
        <section class={classes!("reactions", cooling.then_some("cooling"))} data-shown={props.count.to_string()}>
            <button type="button" class="btn reactions-toggle" aria-expanded={if *open { "true" } else { "false" }}
                aria-controls={open.then_some("reactions-panel")} onclick={toggle}>
                { reaction_text(lang, ReactionKey::Reactions) }
            </button>
            if *open {
                <div id="reactions-panel" class="reactions-panel" role="group" aria-label={reaction_text(lang, ReactionKey::Reactions)}>
                    <ul class="react-set">{ for buttons }</ul>
                    if cooling {
                        <p class="muted cooling-note">{ reaction_text(lang, ReactionKey::Cooling) }</p>
                    }
                    <p class="mute-heading">{ reaction_text(lang, ReactionKey::MuteHeading) }</p>
                    <ul class="mutes">{ for mutes }</ul>
                </div>
            }
            // Always present, so each new line is read out; a new key
            // for each reaction reads the same words again.
            <p class="sr-only heard" aria-live="polite">
                if let Some((serial, line)) = heard { <span key={serial.to_string()}>{ line }</span> }
            </p>
        </section>
    }
}
