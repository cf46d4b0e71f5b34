//! The Players part of the setup form: how many play, your name, and one
//! row per other seat with its name and who plays it (a bot of some level,
//! a person on this device or a friend online).

use super::{select_value, PartProps};
use crate::bots::Level;
use crate::i18n::{self, numbered, player_count, tr, Key, Lang, Numbered};
use crate::rules::Seat;
use crate::ui::state::{GameSetup, SeatKind, SeatSetup, BOT_LEVELS};
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
struct SeatRowProps {
    /// Which of the setup's `others` the row shows (seat `index + 2`).
    index: usize,
    bot: SeatSetup,
    /// Where the seat goes once changed.
    on_change: Callback<SeatSetup>,
}

/// The Players fieldset: the player count, your own row (seat 1, your
/// name) and a [`SeatRow`] for every other seat.
pub(super) fn seats(lang: Lang, props: &PartProps) -> Html {
    let setup = &props.setup;
    let on_players = {
        let setup = setup.clone();
        let on_change = props.on_change.clone();
        Callback::from(move |e: Event| {
            if let Ok(n) = select_value(&e).parse::<usize>() {
                let mut next = setup.clone();
                next.set_player_count(n);
                on_change.emit(next);
            }
        })
    };
    let on_my_name = {
        let setup = setup.clone();
        let on_change = props.on_change.clone();
        Callback::from(move |e: InputEvent| {
            let mut next = setup.clone();
            next.player_name = e.target_unchecked_into::<HtmlInputElement>().value();
            on_change.emit(next);
        })
    };
    // A changed seat `i` goes into the setup.
    let on_seat = |i: usize| {
        let setup = setup.clone();
        let on_change = props.on_change.clone();
        Callback::from(move |bot: SeatSetup| {
            let mut next = setup.clone();
            if let Some(b) = next.others.get_mut(i) {
                *b = bot;
            }
            on_change.emit(next);
        })
    };
    // Your default name: "You", or "Player 1" in pass-and-play.
    let my_placeholder = GameSetup {
        player_name: String::new(),
        ..setup.clone()
    }
    .name(Seat(0), lang);

    html! {
        <fieldset class="panel">
            <legend>{ tr(lang, Key::PlayersHeading) }</legend>
            <div class="field players">
                <label for="players">{ tr(lang, Key::PlayerCount) }</label>
                <select id="players" onchange={on_players}>
                    { for (2..=8usize).map(|n| html! {
                        <option value={n.to_string()} selected={n == setup.seat_count()}>{ player_count(lang, n) }</option>
                    }) }
                </select>
            </div>
            <ol class="bots">
                <li class="bot-row person mine">
                    <span class="bot-tag" aria-hidden="true">{ 1 }</span>
                    <div class="field">
                        <label for="my-name">{ tr(lang, Key::YourName) }</label>
                        <input id="my-name" type="text" maxlength="16" autocomplete="nickname" placeholder={my_placeholder} value={setup.player_name.clone()} oninput={on_my_name} />
                    </div>
                </li>
                { for setup.others.iter().enumerate().map(|(i, bot)| html! {
                    { seat_row(lang, &SeatRowProps { index: i, bot: bot.clone(), on_change: on_seat(i) }) }
                }) }
            </ol>
        </fieldset>
    }
}

/// One seat after yours: its number, its name and who plays it. The labels
/// say "Bot" or "Player" after who plays it now.
fn seat_row(lang: Lang, props: &SeatRowProps) -> Html {
    let bot = &props.bot;
    let on_name = {
        let bot = bot.clone();
        let on_change = props.on_change.clone();
        Callback::from(move |e: InputEvent| {
            let mut next = bot.clone();
            next.name = e.target_unchecked_into::<HtmlInputElement>().value();
            on_change.emit(next);
        })
    };
    let on_level = {
        let bot = bot.clone();
        let on_change = props.on_change.clone();
        Callback::from(move |e: Event| {
            let v = select_value(&e);
            let mut next = bot.clone();
            // "person": pass-and-play; "online": a friend on their own
            // device.
            next.kind = match v.as_str() {
                "person" => SeatKind::Person,
                "online" => SeatKind::Guest,
                level => match level.parse::<Level>() {
                    Ok(level) => SeatKind::Bot(level),
                    Err(_) => return,
                },
            };
            on_change.emit(next);
        })
    };
    // Seat 1 is yours; the rows below are numbered by seat and named
    // by who plays them.
    let seat = props.index + 2;
    let person = !matches!(bot.kind, SeatKind::Bot(_));
    let (name_key, level_key) = if person {
        (Numbered::SeatPlayerName, Numbered::SeatPlayerLevel)
    } else {
        (Numbered::SeatBotName, Numbered::SeatBotLevel)
    };
    html! {
        <li key={props.index} class={classes!("bot-row", person.then_some("person"))}>
            <span class="bot-tag" aria-hidden="true">{ seat }</span>
            <div class="field">
                <label for={format!("seat-name-{seat}")}>{ numbered(lang, name_key, seat) }</label>
                <input id={format!("seat-name-{seat}")} type="text" maxlength="16" autocomplete="off" value={bot.name.clone()} oninput={on_name} />
            </div>
            <div class="field">
                <label for={format!("seat-level-{seat}")}>{ numbered(lang, level_key, seat) }</label>
                <select id={format!("seat-level-{seat}")} onchange={on_level}>
                    { for BOT_LEVELS.iter().map(|&l| html! {
                        <option value={l.name()} selected={bot.kind == SeatKind::Bot(l)}>{ i18n::level(lang, l) }</option>
                    }) }
                    <option value="person" selected={bot.kind == SeatKind::Person}>{ tr(lang, Key::Person) }</option>
                    <option value="online" selected={bot.kind == SeatKind::Guest}>{ tr(lang, Key::OnlineFriend) }</option>
                </select>
            </div>
        </li>
    }
}
