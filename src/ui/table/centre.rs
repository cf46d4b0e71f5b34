//! The middle of the table: draw pile, discard pile, direction of play and
//! the total, big.

use crate::rules::{Card, Direction, Edition};
use crate::ui::i18n::{card_name, direction, number, total_label, tr, Key, Lang};
use crate::ui::table::card::{CardBack, CardFace};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CentreProps {
    pub total: i32,
    pub direction: Direction,
    pub draw_pile_len: usize,
    pub top: Option<Card>,
    /// Changes with every play, so the top card and total animate again.
    pub plays: usize,
    pub edition: Edition,
    /// Who played the top card ("You", "Ana"), this hand.
    #[prop_or_default]
    pub top_by: Option<AttrValue>,
}

#[function_component(Centre)]
pub fn centre(props: &CentreProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let arrow = match props.direction {
        Direction::Clockwise => "\u{21bb}",
        Direction::Counterclockwise => "\u{21ba}",
    };
    let danger = if props.total >= 90 {
        "hot"
    } else if props.total >= 75 {
        "warm"
    } else {
        ""
    };
    let top_name = props
        .top
        .map(|c| card_name(lang, c, props.edition))
        .unwrap_or_else(|| tr(lang, Key::EmptyPile).to_string());
    html! {
        <div class="centre">
            <div class="pile draw" role="group" aria-label={format!("{}: {}", tr(lang, Key::DrawPile), props.draw_pile_len)}>
                if props.draw_pile_len > 0 {
                    <CardBack class="pile-card" />
                } else {
                    <span class="pile-empty" aria-hidden="true" />
                }
                <span class="pile-count" aria-hidden="true">{ props.draw_pile_len }</span>
            </div>
            <div class={classes!("total", danger)} role="img" aria-label={total_label(lang, props.total)} data-ply={props.plays.to_string()}>
                <span class="total-caption" aria-hidden="true">{ tr(lang, Key::TotalWord) }</span>
                <span class="total-value" key={props.plays} aria-hidden="true">{ number(props.total) }</span>
                <span class={classes!("dir", match props.direction { Direction::Clockwise => "cw", Direction::Counterclockwise => "ccw" })} aria-hidden="true">
                    <span class="dir-arrow">{ arrow }</span>
                    <span class="dir-text">{ direction(lang, props.direction) }</span>
                </span>
            </div>
            <div class="pile discard" role="group" aria-label={format!("{}: {}", tr(lang, Key::DiscardPile), top_name)}>
                if let Some(card) = props.top {
                    <CardFace key={props.plays} {card} edition={props.edition} class="pile-card land" />
                } else {
                    <span class="pile-empty" aria-hidden="true" />
                }
                if let Some(by) = &props.top_by {
                    <span class="pile-by" aria-hidden="true">{ by.clone() }</span>
                }
            </div>
            <span class="sr-only">{ direction(lang, props.direction) }</span>
        </div>
    }
}
