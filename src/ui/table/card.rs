//! A card drawn in the page: CSS for the body, inline SVG for the symbols.
//! Purely visual (`aria-hidden`): the button or region around it carries
//! the accessible name. Every kind has its own symbol and label, so colour
//! is never the only cue.

use crate::rules::{Card, Edition};
use crate::ui::i18n::{card_name, Lang};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CardFaceProps {
    pub card: Card,
    pub edition: Edition,
    /// Extra classes (size variants, animation).
    #[prop_or_default]
    pub class: Classes,
}

/// The CSS class naming a card's kind (its colour and layout).
fn kind_class(card: Card) -> String {
    match card {
        Card::Number(n) => format!("k-num v{n}"),
        Card::MinusTen => "k-minus".to_string(),
        Card::Reverse => "k-reverse".to_string(),
        Card::PlayTwo => "k-play2".to_string(),
        Card::Hold => "k-hold".to_string(),
        Card::NinetyNine => "k-99".to_string(),
    }
}

/// The short index printed in the corners.
fn corner(card: Card) -> &'static str {
    match card {
        Card::Number(n) => {
            const N: [&str; 11] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
            N[(n as usize).min(10)]
        }
        Card::MinusTen => "\u{2212}10",
        Card::Reverse => "R",
        Card::PlayTwo => "\u{d7}2",
        Card::Hold => "H",
        Card::NinetyNine => "99",
    }
}

fn symbol(card: Card) -> Html {
    match card {
        Card::Number(_) => html! {},
        Card::MinusTen => html! {
            <svg class="sym" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M12 3v15M5.5 12.5 12 19l6.5-6.5" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>
            </svg>
        },
        Card::Reverse => html! {
            <svg class="sym" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M4 8h14M14 4l4 4-4 4M20 16H6M10 12l-4 4 4 4" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>
            </svg>
        },
        Card::PlayTwo => html! {
            <svg class="sym" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <rect x="3.5" y="6" width="10" height="14" rx="2" fill="none" stroke="currentColor" stroke-width="2"/>
                <rect x="10.5" y="3" width="10" height="14" rx="2" fill="currentColor" fill-opacity="0.35" stroke="currentColor" stroke-width="2"/>
            </svg>
        },
        Card::Hold => html! {
            <svg class="sym" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <rect x="6" y="5" width="4" height="14" rx="1.2" fill="currentColor"/>
                <rect x="14" y="5" width="4" height="14" rx="1.2" fill="currentColor"/>
            </svg>
        },
        Card::NinetyNine => html! {
            <svg class="sym" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" stroke-width="2.4"/>
                <path d="M6 18 18 6" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>
            </svg>
        },
    }
}

/// The face of a card.
#[function_component(CardFace)]
pub fn card_face(props: &CardFaceProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let card = props.card;
    let centre = match card {
        Card::Number(_) => html! { <span class="pip">{ corner(card) }</span> },
        _ => html! {
            <>
                { symbol(card) }
                <span class="label">{ card_name(lang, card, props.edition) }</span>
            </>
        },
    };
    html! {
        <span class={classes!("cardface", kind_class(card), props.class.clone())} aria-hidden="true">
            // The corner indices are drawn by CSS from `data-c`: they are not
            // text, so the only text of a card is its centre, which is part
            // of the card button's accessible name ("Play 7").
            <span class="corner tl" data-c={corner(card)}></span>
            <span class="centre">{ centre }</span>
            <span class="corner br" data-c={corner(card)}></span>
        </span>
    }
}

#[derive(Properties, PartialEq)]
pub struct CardBackProps {
    #[prop_or_default]
    pub class: Classes,
}

/// The back of a card (draw pile, opponents' hands).
#[function_component(CardBack)]
pub fn card_back(props: &CardBackProps) -> Html {
    html! {
        <span class={classes!("cardback", props.class.clone())} aria-hidden="true">
            <span class="logo">{ "99" }</span>
        </span>
    }
}
