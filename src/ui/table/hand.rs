//! Your hand: one button per card. Playable cards are plain buttons; the
//! others stay focusable (`aria-disabled`) and say why on hover and focus.
//! Which is which comes from the engine, through the props.

use crate::rules::{Action, Card, Edition};
use crate::ui::i18n::{discard_four, play_card, tr, Key, Lang};
use crate::ui::table::card::CardFace;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// One card of the hand and whether it may be played now.
#[derive(Clone, PartialEq, Debug)]
pub struct CardSlot {
    pub card: Card,
    /// `None` when the card is playable now; otherwise why not.
    pub reason: Option<String>,
    /// The coach's hint on a playable card, when hints are on.
    pub hint: Option<String>,
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
    pub on_action: Callback<Action>,
}

/// After a play the focused card leaves the hand (and the page loses
/// focus): put keyboard focus back on the card now in that place.
fn restore_focus(list: &NodeRef, index: usize) {
    let Some(ul) = list.cast::<web_sys::Element>() else {
        return;
    };
    let lost = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .is_none_or(|a| a.tag_name().eq_ignore_ascii_case("body"));
    if !lost {
        return;
    }
    let buttons = ul.get_elements_by_class_name("card-btn");
    let n = buttons.length();
    if n == 0 {
        return;
    }
    let i = (index as u32).min(n - 1);
    if let Some(el) = buttons
        .item(i)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

#[function_component(Hand)]
pub fn hand(props: &HandProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let hints = use_context::<crate::ui::platform::prefs::Prefs>().is_some_and(|p| p.hints);
    let list = use_node_ref();
    // Which card last had focus, while focus is in the hand.
    let focused = use_mut_ref(|| None::<usize>);
    {
        let list = list.clone();
        let focused = focused.clone();
        use_effect_with(props.slots.clone(), move |_| {
            // Copy the index out first: focusing fires our focus handlers,
            // which write to the same cell.
            let index = *focused.borrow();
            if let Some(i) = index {
                restore_focus(&list, i);
            }
        });
    }
    let onfocusout = {
        let focused = focused.clone();
        let list = list.clone();
        Callback::from(move |e: FocusEvent| {
            // Focus moved somewhere else on purpose: stop following it. (A
            // removed card gives no related target: keep the place then.)
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
    };
    // Left and right arrows move between the cards (Tab works too).
    let onkeydown = {
        let list = list.clone();
        let focused = focused.clone();
        Callback::from(move |e: KeyboardEvent| {
            let step: i64 = match e.key().as_str() {
                "ArrowLeft" => -1,
                "ArrowRight" => 1,
                _ => return,
            };
            let current = *focused.borrow();
            let (Some(i), Some(ul)) = (current, list.cast::<web_sys::Element>()) else {
                return;
            };
            let buttons = ul.get_elements_by_class_name("card-btn");
            let n = i64::from(buttons.length());
            if n == 0 {
                return;
            }
            e.prevent_default();
            let next = (i as i64 + step).rem_euclid(n) as u32;
            if let Some(el) = buttons
                .item(next)
                .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = el.focus();
            }
        })
    };
    let cards = props.slots.iter().enumerate().map(|(i, slot)| {
        let card = slot.card;
        let on_action = props.on_action.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_action.emit(Action::Play(card)));
        let onfocus = {
            let focused = focused.clone();
            Callback::from(move |_: FocusEvent| *focused.borrow_mut() = Some(i))
        };
        let why_id = format!("why-{i}");
        // Keyed by card and occurrence, so the cards that stay keep their
        // place in the page when one is played.
        let nth = props.slots[..i].iter().filter(|s| s.card == card).count();
        let key = format!("{}#{nth}", card.code());
        let playable = slot.reason.is_none();
        // With hints on, a playable card says so and carries the coach's
        // figure in its description (its name stays "Play 7").
        let hint_id = format!("hint-{i}");
        let hint = (playable && hints).then(|| match &slot.hint {
            Some(h) => format!("{} \u{b7} {h}", tr(lang, Key::HintSafe)),
            None => tr(lang, Key::HintSafe).to_string(),
        });
        let described_by = if !playable {
            Some(why_id.clone())
        } else {
            hint.as_ref().map(|_| hint_id.clone())
        };
        html! {
            <li class="slot" key={key}>
                <button
                    type="button"
                    class={classes!("card-btn", if playable { "playable" } else { "unplayable" })}
                    aria-label={play_card(lang, card, props.edition)}
                    aria-disabled={(!playable).then_some("true")}
                    aria-describedby={described_by}
                    data-card={card.code()}
                    {onclick}
                    {onfocus}
                >
                    <CardFace {card} edition={props.edition} />
                </button>
                if let Some(reason) = &slot.reason {
                    <span class="why" role="tooltip" id={why_id}>{ reason.clone() }</span>
                }
                if let Some(h) = hint {
                    <span class="hint" id={hint_id}>{ h }</span>
                }
            </li>
        }
    });
    let four = props.four_ono.then(|| {
        let on_action = props.on_action.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_action.emit(Action::DiscardFourOno));
        html! {
            <button type="button" class="btn primary four-ono" {onclick}>
                { discard_four(lang, props.edition) }
            </button>
        }
    });
    html! {
        <section class="hand" aria-labelledby="hand-heading">
            <div class="hand-head">
                <h2 id="hand-heading">{ tr(lang, Key::YourHand) }</h2>
                <p class={classes!("prompt", props.active.then_some("active"), props.urgent.then_some("urgent"))}>{ props.prompt.clone() }</p>
            </div>
            if props.slots.is_empty() && !props.laid_down.is_empty() {
                <div class="laid-down mine">
                    <span class="laid-label">{ tr(lang, Key::LaidDown) }</span>
                    <ul class="mini-cards">
                        { for props.laid_down.iter().map(|&card| html! {
                            <li><CardFace {card} edition={props.edition} class="mini" /></li>
                        }) }
                    </ul>
                </div>
            } else {
                <ul class="cards" ref={list} {onfocusout} {onkeydown}>{ for cards }</ul>
            }
            { for four }
        </section>
    }
}
