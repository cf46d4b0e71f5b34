//! The middle of the table: draw pile, discard pile with the trail of the
//! last plays, the direction of play and the total, big. A played card flies
//! in from whoever played it, the total counts to its new value and shows
//! the change beside it, and from 80 up a gauge and a "… to 99" line say how
//! close the limit is (not by colour alone).

use crate::i18n::{
    card_name, direction, headroom, labelled, number, numbered, total_label, tr, Key, Lang,
    Numbered,
};
use crate::rules::{Card, Direction, Edition};
use crate::ui::platform::motion;
use crate::ui::table::card::{card_back, card_face};
use yew::prelude::*;

/// One of the last plays, for the trail beside the pile.
#[derive(Clone, PartialEq, Debug)]
pub struct TrailItem {
    pub name: AttrValue,
    pub seat: usize,
    pub card: Card,
}

#[derive(Properties, PartialEq)]
pub struct CentreProps {
    pub total: i32,
    pub direction: Direction,
    pub draw_pile_len: usize,
    pub top: Option<Card>,
    /// Changes with every play, so the top card and total animate again.
    pub plays: usize,
    pub edition: Edition,
    /// The highest total a play may make (98, or 99 when only going over
    /// 99 is out).
    pub highest: i32,
    /// Who played the top card ("You", "Ana"), this hand.
    #[prop_or_default]
    pub top_by: Option<AttrValue>,
    /// The last plays of this hand, oldest first (the newest is the top card).
    #[prop_or_default]
    pub trail: Vec<TrailItem>,
}

/// How close the total is to the limit: 0 (calm) to 3 (one card from it).
fn danger_level(total: i32) -> u8 {
    match total {
        t if t >= 95 => 3,
        t if t >= 90 => 2,
        t if t >= 80 => 1,
        _ => 0,
    }
}

#[function_component(Centre)]
pub fn centre(props: &CentreProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let top_ref = use_node_ref();
    let roll_ref = use_node_ref();
    // The total before this play, for the change shown beside it.
    let shown = use_mut_ref(|| (props.plays, props.total, None::<i32>));
    let delta = {
        let mut s = shown.borrow_mut();
        if s.0 != props.plays {
            let change = props.total - s.1;
            *s = (props.plays, props.total, Some(change));
        } else if s.1 != props.total {
            // A new hand (or a resumed game): no change to show.
            *s = (props.plays, props.total, None);
        }
        s.2
    };
    {
        // The card just played flies in from its player; the total counts.
        let top_ref = top_ref.clone();
        let roll_ref = roll_ref.clone();
        let from_seat = props.trail.last().map(|t| t.seat);
        let total = props.total;
        use_effect_with(props.plays, move |_| {
            if let (Some(el), Some(seat)) = (top_ref.cast::<web_sys::Element>(), from_seat) {
                motion::fly_to_pile(&el, seat);
            }
            if let (Some(el), Some(change)) = (roll_ref.cast::<web_sys::HtmlElement>(), delta) {
                if change != 0 && !motion::reduced() {
                    motion::count(el, total - change, total, motion::TRAVEL_MS, 320.0, number);
                }
            }
        });
    }
    let arrow = match props.direction {
        Direction::Clockwise => "\u{21bb}",
        Direction::Counterclockwise => "\u{21ba}",
    };
    let danger = danger_level(props.total);
    let top_name = props
        .top
        .map(|c| card_name(lang, c, props.edition))
        .unwrap_or_else(|| tr(lang, Key::EmptyPile).to_string());
    // "Room left: N": how much a card may still add.
    let room = (props.highest - props.total).max(0);
    // The gauge fills from 0 to 99; negative totals show empty.
    let fill = (props.total.clamp(0, 99) * 20 / 99).clamp(0, 20);
    let delta_text = delta.map(|d| match d {
        0 => "\u{b1}0".to_string(),
        d if d > 0 => format!("+{d}"),
        d => number(d),
    });
    // The trail: the plays before the top card, newest nearest the pile.
    let earlier = props.trail.len().saturating_sub(1);
    html! {
        <div class="centre">
            <div class="pile draw" role="group" aria-label={labelled(lang, tr(lang, Key::DrawPile), &props.draw_pile_len.to_string())}>
                if props.draw_pile_len > 0 {
                    { card_back("pile-card") }
                } else {
                    <span class="pile-empty" aria-hidden="true" />
                }
                // "96 left": a count of cards, not another total.
                <span class="pile-count" aria-hidden="true">{ numbered(lang, Numbered::CardsLeft, props.draw_pile_len) }</span>
            </div>
            <div class={classes!("total", format!("danger-{danger}"))} role="img" aria-label={total_label(lang, props.total)} data-ply={props.plays.to_string()}>
                <span class="total-caption" aria-hidden="true">{ tr(lang, Key::TotalWord) }</span>
                <span class="total-number" aria-hidden="true">
                    <span class="total-value" key={props.plays}>{ number(props.total) }</span>
                    <span class="total-roll" ref={roll_ref} aria-hidden="true" />
                    if let Some(d) = delta_text {
                        <span class={classes!("total-delta", delta.filter(|&d| d < 0).map(|_| "down"))} key={format!("d{}", props.plays)}>{ d }</span>
                    }
                </span>
                if danger > 0 {
                    <span class="gauge" aria-hidden="true">
                        { for (0..20).map(|i| html! { <span class={classes!("tick", (i < fill).then_some("on"))} /> }) }
                    </span>
                    <span class="headroom" aria-hidden="true">{ headroom(lang, room) }</span>
                }
                <span class={classes!("dir", match props.direction { Direction::Clockwise => "cw", Direction::Counterclockwise => "ccw" })} aria-hidden="true">
                    <span class="dir-arrow">{ arrow }</span>
                    <span class="dir-text">{ direction(lang, props.direction) }</span>
                </span>
            </div>
            <div class="pile discard" role="group" aria-label={labelled(lang, tr(lang, Key::DiscardPile), &top_name)}>
                if let Some(card) = props.top {
                    <div class="pile-top" key={props.plays} ref={top_ref}>
                        { card_face(card, props.edition, lang, "pile-card") }
                    </div>
                } else {
                    <span class="pile-empty" aria-hidden="true" />
                }
                if let Some(by) = &props.top_by {
                    <span class="pile-by" aria-hidden="true">{ by.clone() }</span>
                }
            </div>
            if earlier > 0 {
                <ol class="trail" aria-hidden="true">
                    { for props.trail[..earlier].iter().rev().map(|t| html! {
                        <li>
                            { card_face(t.card, props.edition, lang, "mini") }
                            <span class="trail-name">{ t.name.clone() }</span>
                        </li>
                    }) }
                </ol>
            }
            <span class="sr-only">{ direction(lang, props.direction) }</span>
        </div>
    }
}
