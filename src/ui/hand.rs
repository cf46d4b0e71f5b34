//! Your hand: one button per card. Playable cards are plain buttons; the
//! others stay focusable (`aria-disabled`) and say why on hover and focus.
//! Which is which comes from the engine, through the props.

use super::card::CardFace;
use super::text::{discard_four, play_card, tr, Key, Lang};
use crate::rules::{Action, Card, Edition};
use yew::prelude::*;

/// One card of the hand and whether it may be played now.
#[derive(Clone, PartialEq, Debug)]
pub struct CardSlot {
    pub card: Card,
    /// `None` when the card is playable now; otherwise why not.
    pub reason: Option<String>,
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
    /// Cards laid face up after going out (shown instead of a hand).
    #[prop_or_default]
    pub laid_down: Vec<Card>,
    pub on_action: Callback<Action>,
}

#[function_component(Hand)]
pub fn hand(props: &HandProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let cards = props.slots.iter().enumerate().map(|(i, slot)| {
        let card = slot.card;
        let on_action = props.on_action.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_action.emit(Action::Play(card)));
        let why_id = format!("why-{i}");
        let playable = slot.reason.is_none();
        html! {
            <li class="slot" key={format!("{i}-{}", card.code())}>
                <button
                    type="button"
                    class={classes!("card-btn", if playable { "playable" } else { "unplayable" })}
                    aria-label={play_card(lang, card, props.edition)}
                    aria-disabled={(!playable).then_some("true")}
                    aria-describedby={(!playable).then(|| why_id.clone())}
                    data-card={card.code()}
                    {onclick}
                >
                    <CardFace {card} edition={props.edition} />
                </button>
                if let Some(reason) = &slot.reason {
                    <span class="why" role="tooltip" id={why_id}>{ reason.clone() }</span>
                }
            </li>
        }
    });
    let four = props.four_ono.then(|| {
        let on_action = props.on_action.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_action.emit(Action::DiscardFourOno));
        html! {
            <button type="button" class="btn four-ono" {onclick}>
                { discard_four(lang, props.edition) }
            </button>
        }
    });
    html! {
        <section class="hand" aria-labelledby="hand-heading">
            <div class="hand-head">
                <h2 id="hand-heading">{ tr(lang, Key::YourHand) }</h2>
                <p class={classes!("prompt", props.active.then_some("active"))}>{ props.prompt.clone() }</p>
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
                <ul class="cards">{ for cards }</ul>
            }
            { for four }
        </section>
    }
}
