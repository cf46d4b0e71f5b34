//! A card drawn in the page: CSS for the body, inline SVG for the symbols.
//! Purely visual (`aria-hidden`): the button or region around it carries
//! the accessible name. Every kind has its own symbol and label, so colour
//! is never the only cue.

use crate::i18n::{card_name, Lang};
use crate::rules::{Card, Edition};
use yew::prelude::*;

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

/// The short index printed in the corners (`None`: the corner shows the
/// card's symbol instead: Reverse and Hold need no word in any language).
fn corner(card: Card) -> Option<&'static str> {
    match card {
        Card::Number(n) => {
            const N: [&str; 11] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
            Some(N[(n as usize).min(10)])
        }
        Card::MinusTen => Some("\u{2212}10"),
        Card::Reverse | Card::Hold => None,
        Card::PlayTwo => Some("\u{d7}2"),
        Card::NinetyNine => Some("99"),
    }
}

/// Whether the card's index reads as another number upside down (6 and 9,
/// 99 and 66): underlined, as on real cards.
fn underlined(card: Card) -> bool {
    matches!(card, Card::Number(6) | Card::Number(9) | Card::NinetyNine)
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

/// The middle of the face. Only language-free marks and one short word
/// (Hold's, four or five letters in every language) go inside the oval:
/// the long names ("Reverse", "Inverser", "Play 2", "ONO 99") spilled out
/// of it, so those cards show a symbol, "×2" or a big "99" instead.
fn middle(card: Card, edition: Edition, lang: Lang) -> Html {
    let u = underlined(card).then_some("u");
    match card {
        Card::Number(n) => html! { <span class={classes!("pip", u)}>{ n.to_string() }</span> },
        // The arrow for the smallest sizes (mini), "−10" on the full face.
        Card::MinusTen => html! {
            <>{ symbol(card) }<span class="pip long">{ "\u{2212}10" }</span></>
        },
        Card::Reverse => symbol(card),
        // "×2" drawn by CSS, as the corners: the button's visible text
        // must be part of its name ("Play Double Play" has no "×2").
        Card::PlayTwo => html! {
            <>{ symbol(card) }<span class="pip short" data-c="\u{d7}2"></span></>
        },
        Card::Hold => {
            let word = card_name(lang, card, edition);
            // The longer the word, the smaller its letters (a class, not a
            // style attribute: the page's CSP allows no inline style).
            let n = word.chars().count().clamp(4, 7);
            html! {
                <>{ symbol(card) }<span class={classes!("label", format!("n{n}"))}>{ word }</span></>
            }
        }
        Card::NinetyNine => html! {
            <>
                // The space keeps the face's text "ONO 99", the card's name.
                if edition == Edition::Modern { <span class="label brand">{ "ONO" }</span>{ " " } }
                <span class={classes!("pip", "short", u)}>{ "99" }</span>
            </>
        },
    }
}

/// One corner index: the short text, or the symbol when there is none.
fn corner_mark(card: Card, place: &'static str) -> Html {
    match corner(card) {
        Some(c) => html! { <span class={classes!("corner", place)} data-c={c}></span> },
        None => html! { <span class={classes!("corner", "icon", place)}>{ symbol(card) }</span> },
    }
}

/// The face of a card, with an extra class (a size: "mini", "pile-card";
/// or none: ""). A function, not a component: a table draws twenty cards
/// and more, and a component each gave every card its own scope, props
/// comparison and render pass (and the first download 1.1 KB gzip).
pub fn card_face(card: Card, edition: Edition, lang: Lang, class: &'static str) -> Html {
    let class = (!class.is_empty()).then_some(class);
    html! {
        <span class={classes!("cardface", kind_class(card), underlined(card).then_some("u"), class)} aria-hidden="true">
            // The corner indices are drawn by CSS from `data-c` (or are a
            // symbol): they are not text, so the card's text is only its
            // centre. The card button's accessible name ("Play 7") comes
            // from its label, not from the face.
            { corner_mark(card, "tl") }
            <span class="middle">{ middle(card, edition, lang) }</span>
            { corner_mark(card, "br") }
        </span>
    }
}

/// The back of a card (draw pile, opponents' hands), with a size class.
pub fn card_back(class: &'static str) -> Html {
    html! {
        <span class={classes!("cardback", class)} aria-hidden="true">
            <span class="logo">{ "99" }</span>
        </span>
    }
}
