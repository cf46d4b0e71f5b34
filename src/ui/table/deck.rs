//! The edition's deck, card by card: each kind's face, how many there
//! are and what it does. The rules screen shows it, and the table keeps it
//! as a reminder under your hand ("Special cards").

use crate::i18n::{card_effect, card_name, Lang};
use crate::rules::{Card, Edition};
use crate::ui::table::card::card_face;
use yew::prelude::*;

/// The deck of `edition`: the numbers in one row, then each special card.
pub fn deck(lang: Lang, edition: Edition) -> Html {
    let counts = edition.deck_counts();
    let mut kinds: Vec<Card> = Vec::new();
    for card in Card::ALL {
        if counts.get(card) > 0 {
            kinds.push(card);
        }
    }
    // Numbers share one row in the text; show their range compactly.
    let numbers: Vec<Card> = kinds
        .iter()
        .copied()
        .filter(|c| matches!(c, Card::Number(_)))
        .collect();
    let specials: Vec<Card> = kinds
        .iter()
        .copied()
        .filter(|c| !matches!(c, Card::Number(_)))
        .collect();
    let number_count: usize = numbers.iter().map(|&c| counts.get(c) as usize).sum();
    let range = match (numbers.first(), numbers.last()) {
        (Some(a), Some(b)) => format!(
            "{}–{}",
            card_name(lang, *a, edition),
            card_name(lang, *b, edition)
        ),
        _ => String::new(),
    };
    html! {
        <ul class="deck">
            <li>
                <span class="deck-cards" aria-hidden="true">
                    { card_face(Card::Number(7), edition, lang, "mini") }
                </span>
                <span class="deck-text">
                    <strong>{ format!("{range} ×{number_count}") }</strong>
                    { " " }{ card_effect(lang, Card::Number(7), edition) }
                </span>
            </li>
            { for specials.into_iter().map(|card| html! {
                <li>
                    <span class="deck-cards" aria-hidden="true">{ card_face(card, edition, lang, "mini") }</span>
                    <span class="deck-text">
                        <strong>{ format!("{} ×{}", card_name(lang, card, edition), counts.get(card)) }</strong>
                        { " " }{ card_effect(lang, card, edition) }
                    </span>
                </li>
            }) }
        </ul>
    }
}
