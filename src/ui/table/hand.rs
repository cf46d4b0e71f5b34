//! Your hand: one button per card. On your turn playable cards are plain
//! buttons; the others stay focusable (`aria-disabled`) and say why, with
//! the arithmetic, on hover and focus (on touch, a tap shows it above the
//! card). With hints on, each playable card shows the total it makes on
//! its bottom edge ("→ 97"), the coach's pick is ringed and starred, and
//! one tip for the turn says why, above the cards. During the others'
//! turns the hand rests: full colour, no marks.
//! Which is which comes from the engine, through the props. In a replay
//! the cards are only shown (`still`): faces, no buttons.
//! A mis-tap is forgiven: with `hold_ms`, a card you pick is held up for
//! that long before it is played, with "Undo" (or Escape) to keep it and
//! a second tap (or Enter) to play it at once; nothing is dealt or shown
//! to anyone until it goes.

use crate::i18n::{card_name, discard_four, number, play_card, tr, Key, Lang};
use crate::rules::{Action, Card, Edition};
use crate::ui::platform::motion;
use crate::ui::table::card::card_face;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Whether a card may be played now.
#[derive(Clone, PartialEq, Debug)]
pub enum SlotState {
    Playable,
    /// Not on this turn, and why.
    Unplayable(String),
    /// It is someone else's turn.
    Resting,
}

/// One card of the hand and whether it may be played now.
#[derive(Clone, PartialEq, Debug)]
pub struct CardSlot {
    pub card: Card,
    pub state: SlotState,
    /// The total the card would make (hints on).
    pub makes: Option<i32>,
    /// The coach's pick.
    pub pick: bool,
    /// Drawn since your last play.
    pub fresh: bool,
}

#[derive(Properties, PartialEq)]
pub struct HandProps {
    pub slots: Vec<CardSlot>,
    pub edition: Edition,
    /// Offer the four-ONO discard button.
    pub four_ono: bool,
    /// What the turn asks, shown above the cards.
    pub prompt: AttrValue,
    /// Highlight the prompt (it is the person's turn).
    pub active: bool,
    /// The person owes two plays: the prompt becomes a banner.
    #[prop_or_default]
    pub urgent: bool,
    /// Cards laid face up after going out (shown instead of a hand).
    #[prop_or_default]
    pub laid_down: Vec<Card>,
    /// The coach's hints show (your turn, hints on): the total each
    /// playable card makes, on the card.
    #[prop_or_default]
    pub hints: bool,
    /// The coach's one tip for the turn, shown once above the cards.
    #[prop_or_default]
    pub tip: Option<AttrValue>,
    /// The seat whose hand this is (cards travel from here to the pile).
    pub seat: usize,
    pub on_action: Callback<Action>,
    /// Buttons beside the prompt (skip, show the result).
    #[prop_or_default]
    pub actions: Html,
    /// The cards are only shown, face up, never offered (a replay).
    #[prop_or_default]
    pub still: bool,
    /// The heading over the cards ("Your hand" when not given).
    #[prop_or_default]
    pub heading: Option<AttrValue>,
    /// How long a picked card is held, undoable, before it is played (0:
    /// played at once).
    #[prop_or_default]
    pub hold_ms: u32,
}

/// A card picked and held before it is played: its place and the card.
type Held = Option<(usize, Card)>;

/// Whether keyboard focus is nowhere (on the page's body): the focused
/// card was just played, or the screen that had focus went away.
fn focus_lost() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .is_none_or(|a| a.tag_name().eq_ignore_ascii_case("body"))
}

/// Puts keyboard focus on the card list itself when it was lost: after a
/// play (the focused card left the hand) and when a game starts (the
/// button that started it is gone). Not on a card: a second Enter pressed
/// quickly would play whatever card took that place, the one just drawn.
/// The arrows and Tab go on to the cards from there.
fn keep_focus_in_hand(list: &NodeRef) {
    if !focus_lost() {
        return;
    }
    if let Some(ul) = list.cast::<web_sys::HtmlElement>() {
        // Without scrolling: the page moves only when the player scrolls.
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        let _ = ul.focus_with_options(&options);
    }
}

/// Plays `card` from the hand. When a card of the hand has keyboard focus,
/// focus moves to the card list first: the page keeps a card's element for
/// the card that takes its place (a second copy of the card, or the same
/// card drawn), so focus left there would let a second Enter play it.
fn play_from_hand(list: &NodeRef, on_action: &Callback<Action>, card: Card) {
    if let Some(ul) = list.cast::<web_sys::HtmlElement>() {
        let inside = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.active_element())
            .is_some_and(|a| !a.is_same_node(Some(&ul)) && ul.contains(Some(&a)));
        if inside {
            let options = web_sys::FocusOptions::new();
            options.set_prevent_scroll(true);
            let _ = ul.focus_with_options(&options);
        }
    }
    on_action.emit(Action::Play(card));
}

/// The `focusout` handler of the card list: focus moved somewhere else on
/// purpose, so stop following it. (A removed card gives no related target:
/// keep the place then.)
fn on_focus_out(list: &NodeRef, focused: &Rc<RefCell<Option<usize>>>) -> Callback<FocusEvent> {
    let list = list.clone();
    let focused = focused.clone();
    Callback::from(move |e: FocusEvent| {
        let inside = match (e.related_target(), list.cast::<web_sys::Node>()) {
            (Some(t), Some(ul)) => t
                .dyn_into::<web_sys::Node>()
                .is_ok_and(|n| ul.contains(Some(&n))),
            (None, _) => true,
            _ => false,
        };
        if !inside {
            *focused.borrow_mut() = None;
        }
    })
}

/// The `keydown` handler of the card list: left and right arrows move
/// between the cards (Tab works too).
fn on_arrow_keys(list: &NodeRef, focused: &Rc<RefCell<Option<usize>>>) -> Callback<KeyboardEvent> {
    let list = list.clone();
    let focused = focused.clone();
    Callback::from(move |e: KeyboardEvent| {
        let step: i64 = match e.key().as_str() {
            "ArrowLeft" => -1,
            "ArrowRight" => 1,
            _ => return,
        };
        let Some(ul) = list.cast::<web_sys::Element>() else {
            return;
        };
        let buttons = ul.get_elements_by_class_name("card-btn");
        let n = i64::from(buttons.length());
        if n == 0 {
            return;
        }
        e.prevent_default();
        // From the list itself (after a play, or at the start), the arrows
        // land on the card in the last place (or the first card).
        let on_list = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|t| t == ul);
        let current = *focused.borrow();
        let next = match current {
            Some(i) if on_list => (i as i64).min(n - 1) as u32,
            Some(i) => (i as i64 + step).rem_euclid(n) as u32,
            None if step > 0 => 0,
            None => (n - 1) as u32,
        };
        if let Some(el) = buttons
            .item(next)
            .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = el.focus();
        }
    })
}

/// What drawing one card of the hand needs from the component: its props,
/// the language and its state.
struct CardContext<'a> {
    props: &'a HandProps,
    lang: Lang,
    /// On touch, the card whose reason a tap opened.
    shown_reason: &'a UseStateHandle<Option<usize>>,
    /// The last pointer was a touch.
    touch: &'a Rc<RefCell<bool>>,
    /// Which card last had focus, while focus is in the hand.
    focused: &'a Rc<RefCell<Option<usize>>>,
    /// The card held before it is played.
    held: &'a UseStateHandle<Held>,
    /// The card list.
    list: &'a NodeRef,
}

/// The key of the `i`th slot: its card and occurrence, so the cards that
/// stay keep their place in the page when one is played.
fn slot_key(slots: &[CardSlot], i: usize) -> String {
    let card = slots[i].card;
    let nth = slots[..i].iter().filter(|s| s.card == card).count();
    format!("{}#{nth}", card.code())
}

/// The id of the tip's line, which the coach's pick is described by.
const TIP_ID: &str = "hand-tip";

/// The `click` handler of the `i`th card: plays it, or on touch shows why
/// an unplayable card may not be played.
fn on_card_click(ctx: &CardContext, i: usize, slot: &CardSlot) -> Callback<MouseEvent> {
    let card = slot.card;
    let on_action = ctx.props.on_action.clone();
    let shown = ctx.shown_reason.clone();
    let touch = ctx.touch.clone();
    let unplayable = matches!(slot.state, SlotState::Unplayable(_));
    let seat = ctx.props.seat;
    let hold = ctx.props.hold_ms > 0;
    let held = ctx.held.clone();
    let list = ctx.list.clone();
    Callback::from(move |e: MouseEvent| {
        if unplayable && *touch.borrow() {
            // A tap on an unplayable card shows why, in place.
            shown.set(Some(i));
            return;
        }
        if let Some(el) = e
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            motion::remember_origin(seat, &el);
        }
        if unplayable {
            // Refused by the engine, with its reason: nothing to hold.
            on_action.emit(Action::Play(card));
        } else if hold && *held != Some((i, card)) {
            // Held up first: Undo keeps it, a second tap plays it now.
            held.set(Some((i, card)));
        } else {
            held.set(None);
            play_from_hand(&list, &on_action, card);
        }
    })
}

/// The `i`th card of the hand as a button, with its marks, the reason it
/// may not be played or the coach's hint.
fn card_slot(ctx: &CardContext, i: usize, slot: &CardSlot) -> Html {
    let (props, lang) = (ctx.props, ctx.lang);
    let card = slot.card;
    let playable = slot.state == SlotState::Playable;
    let onclick = on_card_click(ctx, i, slot);
    let onpointerdown = {
        let touch = ctx.touch.clone();
        Callback::from(move |e: PointerEvent| *touch.borrow_mut() = e.pointer_type() == "touch")
    };
    let onfocus = {
        let focused = ctx.focused.clone();
        Callback::from(move |_: FocusEvent| *focused.borrow_mut() = Some(i))
    };
    let why_id = format!("why-{i}");
    let key = slot_key(&props.slots, i);
    let hint_id = format!("hint-{i}");
    // With hints on, the total a playable card makes, on the card ("→ 97");
    // read out as "New total 97", then the tip for the coach's pick.
    let makes = slot.makes.filter(|_| playable && props.hints);
    let described_by = match &slot.state {
        SlotState::Unplayable(_) => Some(why_id.clone()),
        _ => {
            let tip = (slot.pick && props.tip.is_some()).then_some(TIP_ID);
            match (makes, tip) {
                (Some(_), Some(t)) => Some(format!("{hint_id} {t}")),
                (Some(_), None) => Some(hint_id.clone()),
                (None, t) => t.map(str::to_string),
            }
        }
    };
    let class = match slot.state {
        SlotState::Playable => "playable",
        SlotState::Unplayable(_) => "unplayable",
        SlotState::Resting => "resting",
    };
    let held = ctx.held.is_some_and(|(at, _)| at == i);
    html! {
        <li class={classes!("slot", slot.fresh.then_some("fresh"), (**ctx.shown_reason == Some(i)).then_some("show-why"), held.then_some("held"))} key={key}>
            <button
                type="button"
                class={classes!("card-btn", class, slot.pick.then_some("pick"))}
                aria-label={play_card(lang, card, props.edition)}
                aria-disabled={(!playable).then_some("true")}
                aria-describedby={described_by}
                data-card={card.code()}
                {onclick}
                {onpointerdown}
                {onfocus}
            >
                { card_face(card, props.edition, lang, "") }
            </button>
            // Beside the button, not in it: the button's visible text must
            // stay its name ("Play 7"); the total is its description.
            if let Some(t) = makes {
                <span class="makes" aria-hidden="true">{ format!("\u{2192}\u{a0}{}", number(t)) }</span>
            }
            if slot.fresh { <span class="new-mark" aria-hidden="true">{ tr(lang, Key::NewCard) }</span> }
            if slot.pick { <span class="pick-mark" title={tr(lang, Key::CoachPick)}>{ "\u{2605}" }<span class="sr-only">{ tr(lang, Key::CoachPick) }</span></span> }
            if let SlotState::Unplayable(reason) = &slot.state {
                <span class="why" role="tooltip" id={why_id}>{ reason.clone() }</span>
            }
            if let Some(t) = makes {
                <span class="sr-only" id={hint_id}>{ format!("{} {}", tr(lang, Key::HintMakes), number(t)) }</span>
            }
        </li>
    }
}

/// The cards only shown, face up (a replay).
fn still_cards(props: &HandProps, lang: Lang) -> Html {
    html! {
        <ul class="cards still">
            { for props.slots.iter().enumerate().map(|(i, slot)| html! {
                <li class="slot" key={slot_key(&props.slots, i)}>
                    { card_face(slot.card, props.edition, lang, "") }
                    <span class="sr-only">{ card_name(lang, slot.card, props.edition) }</span>
                </li>
            }) }
        </ul>
    }
}

/// The cards laid face up after going out.
fn laid_down(props: &HandProps, lang: Lang) -> Html {
    html! {
        <div class="laid-down mine">
            <span class="laid-label">{ tr(lang, Key::LaidDown) }</span>
            <ul class="mini-cards">
                { for props.laid_down.iter().map(|&card| html! {
                    <li>{ card_face(card, props.edition, lang, "mini") }</li>
                }) }
            </ul>
        </div>
    }
}

/// The four-ONO discard button, when it is offered.
fn four_ono_button(props: &HandProps, lang: Lang) -> Option<Html> {
    props.four_ono.then(|| {
        let on_action = props.on_action.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_action.emit(Action::DiscardFourOno));
        html! {
            <button type="button" class="btn primary four-ono" {onclick}>
                { discard_four(lang, props.edition) }
            </button>
        }
    })
}

/// The card held before it is played: played when the hold ends (the
/// hand lets it go when it changes under it).
#[hook]
fn use_held(props: &HandProps, list: &NodeRef) -> UseStateHandle<Held> {
    let held = use_state(|| None::<(usize, Card)>);
    {
        let (setter, on_action, ms) = (held.clone(), props.on_action.clone(), props.hold_ms);
        let list = list.clone();
        use_effect_with(*held, move |now| {
            let timer = now.map(|(_, card)| {
                gloo_timers::callback::Timeout::new(ms, move || {
                    setter.set(None);
                    play_from_hand(&list, &on_action, card);
                })
            });
            // Undone or played sooner: the timer goes with this effect.
            move || drop(timer)
        });
    }
    held
}

#[function_component(Hand)]
pub fn hand(props: &HandProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let hints = props.hints;
    let list = use_node_ref();
    // On touch, the card whose reason a tap opened.
    let shown_reason = use_state(|| None::<usize>);
    let touch = use_mut_ref(|| false);
    let held = use_held(props, &list);
    {
        // The hand changed under them (a play, the turn moved on, a new
        // deal): a tapped reason closes, a held card is let go (each only
        // when there is one, so no render is spent on nothing), and focus
        // lost with a played card comes back to the hand.
        let (shown, held, list) = (shown_reason.clone(), held.clone(), list.clone());
        use_effect_with(props.slots.clone(), move |_| {
            if shown.is_some() {
                shown.set(None);
            }
            if held.is_some() {
                held.set(None);
            }
            keep_focus_in_hand(&list);
        });
    }
    {
        // The card drawn since your last play slides in from the draw pile.
        let list = list.clone();
        let fresh = props.slots.iter().position(|s| s.fresh);
        let key = props
            .slots
            .iter()
            .map(|s| s.card.code())
            .collect::<String>();
        use_effect_with((fresh, key), move |(fresh, _)| {
            if let (Some(i), Some(ul)) = (fresh, list.cast::<web_sys::Element>()) {
                if let Some(el) = ul.get_elements_by_class_name("slot").item(*i as u32) {
                    motion::fly_from(&el, ".pile.draw", "arrive");
                }
            }
        });
    }
    // Which card last had focus, while focus is in the hand.
    let focused = use_mut_ref(|| None::<usize>);
    let onfocusout = on_focus_out(&list, &focused);
    let onkeydown = {
        let arrows = on_arrow_keys(&list, &focused);
        let held = held.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" && held.is_some() {
                e.prevent_default();
                held.set(None);
            } else {
                arrows.emit(e);
            }
        })
    };
    let ctx = CardContext {
        props,
        lang,
        shown_reason: &shown_reason,
        touch: &touch,
        focused: &focused,
        held: &held,
        list: &list,
    };
    let undo = held.is_some().then(|| {
        let held = held.clone();
        let onclick = Callback::from(move |_: MouseEvent| held.set(None));
        html! {
            <div class="held-bar" role="status">
                <span>{ tr(lang, Key::UndoHint) }</span>
                <button type="button" class="btn undo" {onclick}>{ tr(lang, Key::Undo) }</button>
            </div>
        }
    });
    let four = four_ono_button(props, lang);
    html! {
        <section class="hand" aria-labelledby="hand-heading">
            <div class="hand-head">
                <h2 id="hand-heading">{ props.heading.clone().unwrap_or_else(|| tr(lang, Key::YourHand).into()) }</h2>
                // Keyed by its words: a new prompt ("Cleo is playing…") is a
                // new line, which shows when the card before it lands.
                <div class="prompt-box">
                    <p key={props.prompt.to_string()} class={classes!("prompt", props.active.then_some("active"), props.urgent.then_some("urgent"))}>{ props.prompt.clone() }</p>
                </div>
                <div class="hand-actions">{ props.actions.clone() }</div>
            </div>
            if let Some(tip) = props.tip.clone().filter(|_| hints) {
                <p class="tip" id={TIP_ID}><span class="tip-mark" aria-hidden="true">{ "\u{2605}" }</span>{ tip }</p>
            }
            if props.still && !props.slots.is_empty() {
                { still_cards(props, lang) }
            } else if props.slots.is_empty() && !props.laid_down.is_empty() {
                { laid_down(props, lang) }
            } else {
                <ul class={classes!("cards", hints.then_some("hinted"))} ref={list.clone()} tabindex="-1" aria-labelledby="hand-heading" {onfocusout} {onkeydown}>
                    { for props.slots.iter().enumerate().map(|(i, slot)| card_slot(&ctx, i, slot)) }
                </ul>
            }
            if let Some(node) = four { { node } }
            if let Some(node) = undo { { node } }
        </section>
    }
}
