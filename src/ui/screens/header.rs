//! The one header bar of the game screen: the wordmark, the hand number and
//! the screen's own buttons (given as children), plus the bots' speed.

use crate::ui::i18n::{tr, Key, Lang};
use crate::ui::state::Speed;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HeaderProps {
    /// "Hand 2", in formats with several hands.
    #[prop_or_default]
    pub hand_label: Option<AttrValue>,
    /// How fast the bots play now, and where a new choice goes.
    pub speed: Speed,
    pub on_speed: Callback<Speed>,
    /// The screen's own buttons (Rules, New game).
    #[prop_or_default]
    pub children: Html,
}

/// The key naming a speed.
pub fn speed_key(s: Speed) -> Key {
    match s {
        Speed::Slow => Key::SpeedSlow,
        Speed::Normal => Key::SpeedNormal,
        Speed::Fast => Key::SpeedFast,
        Speed::Instant => Key::SpeedInstant,
    }
}

#[function_component(Header)]
pub fn header(props: &HeaderProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let on_speed = {
        let cb = props.on_speed.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Some(s) = Speed::from_name(&v) {
                cb.emit(s);
            }
        })
    };
    html! {
        <header class="topbar">
            <h1 class="brand"><span class="brand-ono">{ "ONO" }</span><span class="brand-99">{ "99" }</span></h1>
            if let Some(hand) = &props.hand_label {
                <span class="hand-no">{ hand.clone() }</span>
            }
            <label class="speed">
                <span>{ tr(lang, Key::SpeedHeading) }</span>
                <select onchange={on_speed}>
                    { for Speed::ALL.iter().map(|&s| html! {
                        <option value={s.name()} selected={s == props.speed}>{ tr(lang, speed_key(s)) }</option>
                    }) }
                </select>
            </label>
            { props.children.clone() }
        </header>
    }
}
