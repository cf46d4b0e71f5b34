//! The new-game screen: players and bots, edition, every rule option with a
//! sentence of explanation, the match format and the bots' speed.

use crate::bots::Level;
use crate::rules::{
    Edition, Format, LoseAt, Negatives, NinetyNine, PointsEnd, RuleSet, SetupError,
};
use crate::ui::i18n::{self, bot_heading, option_help, option_label, player_count, tr, Key, Lang};
use crate::ui::state::{GameSetup, Speed, BOT_LEVELS};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SetupProps {
    pub setup: GameSetup,
    pub on_change: Callback<GameSetup>,
    pub on_start: Callback<()>,
    pub on_rules: Callback<()>,
    #[prop_or_default]
    pub on_stats: Callback<()>,
    #[prop_or_default]
    pub error: Option<SetupError>,
}

fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// A labelled `<select>` for one rule option, with its explanation.
fn option_select(
    lang: Lang,
    name: &'static str,
    current: &str,
    values: Vec<(&'static str, &'static str)>,
    setup: &GameSetup,
    on_change: &Callback<GameSetup>,
) -> Html {
    let id = format!("opt-{name}");
    let help = format!("help-{name}");
    let onchange = {
        let setup = setup.clone();
        let on_change = on_change.clone();
        Callback::from(move |e: Event| {
            let mut next = setup.clone();
            // The engine validates the value; a bad one changes nothing.
            if next.rules.set(name, &select_value(&e)).is_ok() {
                on_change.emit(next);
            }
        })
    };
    html! {
        <div class="field">
            <label for={id.clone()}>{ option_label(lang, name) }</label>
            <select id={id} aria-describedby={help.clone()} {onchange}>
                { for values.into_iter().map(|(value, label)| html! {
                    <option {value} selected={value == current}>{ label }</option>
                }) }
            </select>
            <p class="help" id={help}>{ option_help(lang, name) }</p>
        </div>
    }
}

#[function_component(SetupScreen)]
pub fn setup_screen(props: &SetupProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let setup = &props.setup;
    let rules = setup.rules;
    let on_change = &props.on_change;

    let on_players = {
        let setup = setup.clone();
        let on_change = on_change.clone();
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
        let on_change = on_change.clone();
        Callback::from(move |e: InputEvent| {
            let mut next = setup.clone();
            next.player_name = e.target_unchecked_into::<HtmlInputElement>().value();
            on_change.emit(next);
        })
    };

    let bots = setup.bots.iter().enumerate().map(|(i, bot)| {
        let on_name = {
            let setup = setup.clone();
            let on_change = on_change.clone();
            Callback::from(move |e: InputEvent| {
                let mut next = setup.clone();
                if let Some(b) = next.bots.get_mut(i) {
                    b.name = e.target_unchecked_into::<HtmlInputElement>().value();
                }
                on_change.emit(next);
            })
        };
        let on_level = {
            let setup = setup.clone();
            let on_change = on_change.clone();
            Callback::from(move |e: Event| {
                let v = select_value(&e);
                let mut next = setup.clone();
                if let Some(b) = next.bots.get_mut(i) {
                    // "person": pass-and-play; the seat keeps its bot level.
                    b.person = v == "person";
                    if let Ok(level) = v.parse::<Level>() {
                        b.level = level;
                    }
                    on_change.emit(next);
                }
            })
        };
        let n = i + 1;
        let heading = if bot.person {
            format!("{} {}", tr(lang, Key::PlayerNumbered), n + 1)
        } else {
            bot_heading(lang, n)
        };
        html! {
            <li class={classes!("bot-row", bot.person.then_some("person"))} key={i}>
                <span class="bot-tag" aria-hidden="true">{ n }</span>
                <div class="field">
                    <label for={format!("bot-name-{n}")}>{ format!("{heading} {}", tr(lang, Key::BotName).to_ascii_lowercase()) }</label>
                    <input id={format!("bot-name-{n}")} type="text" maxlength="16" autocomplete="off" value={bot.name.clone()} oninput={on_name} />
                </div>
                <div class="field">
                    <label for={format!("bot-level-{n}")}>{ format!("{heading} {}", tr(lang, Key::BotLevel).to_ascii_lowercase()) }</label>
                    <select id={format!("bot-level-{n}")} onchange={on_level}>
                        { for BOT_LEVELS.iter().map(|&l| html! {
                            <option value={l.name()} selected={!bot.person && l == bot.level}>{ i18n::level(lang, l) }</option>
                        }) }
                        <option value="person" selected={bot.person}>{ tr(lang, Key::Person) }</option>
                    </select>
                </div>
            </li>
        }
    });

    let edition_radio = |edition: Edition, label: Key, help: Key| {
        let setup = setup.clone();
        let on_change = on_change.clone();
        let onchange = Callback::from(move |_: Event| {
            let mut next = setup.clone();
            next.rules = match edition {
                Edition::Modern => RuleSet::modern(),
                Edition::Classic => RuleSet::classic(),
            };
            on_change.emit(next);
        });
        let id = format!("edition-{}", edition.name());
        html! {
            <div class={classes!("choice", (rules.edition == edition).then_some("chosen"))}>
                <input type="radio" name="edition" id={id.clone()} value={edition.name()} checked={rules.edition == edition} aria-describedby={format!("{id}-help")} {onchange} />
                <label for={id.clone()} class="choice-title">{ tr(lang, label) }</label>
                <p class="choice-help" id={format!("{id}-help")}>{ tr(lang, help) }</p>
            </div>
        }
    };

    let on_four = {
        let setup = setup.clone();
        let on_change = on_change.clone();
        Callback::from(move |e: Event| {
            let on = e.target_unchecked_into::<HtmlInputElement>().checked();
            let mut next = setup.clone();
            if next
                .rules
                .set("four_ono_discard", if on { "true" } else { "false" })
                .is_ok()
            {
                on_change.emit(next);
            }
        })
    };
    let on_speed = {
        let setup = setup.clone();
        let on_change = on_change.clone();
        Callback::from(move |e: Event| {
            if let Some(speed) = Speed::from_name(&select_value(&e)) {
                let mut next = setup.clone();
                next.speed = speed;
                on_change.emit(next);
            }
        })
    };
    let on_start = {
        let cb = props.on_start.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let on_rules = {
        let cb = props.on_rules.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };

    let tokens_values: Vec<(&'static str, &'static str)> =
        ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
            .into_iter()
            .map(|v| (v, v))
            .collect();
    let limit_values: Vec<(&'static str, &'static str)> =
        ["100", "200", "250", "300", "500", "1000"]
            .into_iter()
            .map(|v| (v, v))
            .collect();
    let limit = rules.points_limit.to_string();
    let mut limit_values = limit_values;
    if !limit_values.iter().any(|(v, _)| *v == limit) {
        limit_values.push(("500", "500"));
    }

    html! {
        <main class="setup">
            <header class="setup-head">
                <h1 class="brand big"><span class="brand-ono">{ "ONO" }</span><span class="brand-99">{ "99" }</span></h1>
                <p class="tagline">{ tr(lang, Key::Tagline) }</p>
                <div class="head-buttons">
                    <button type="button" class="btn ghost" onclick={on_rules}>{ tr(lang, Key::HowToPlay) }</button>
                    <button type="button" class="btn ghost" onclick={props.on_stats.reform(|_: MouseEvent| ())}>{ tr(lang, Key::Statistics) }</button>
                </div>
            </header>
            <form class="setup-form" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                <h2 class="sr-only">{ tr(lang, Key::NewGameHeading) }</h2>
                <fieldset class="panel">
                    <legend>{ tr(lang, Key::PlayersHeading) }</legend>
                    <div class="row">
                        <div class="field">
                            <label for="players">{ tr(lang, Key::PlayerCount) }</label>
                            <select id="players" onchange={on_players}>
                                { for (2..=8usize).map(|n| html! {
                                    <option value={n.to_string()} selected={n == setup.seat_count()}>{ player_count(lang, n) }</option>
                                }) }
                            </select>
                        </div>
                        <div class="field">
                            <label for="my-name">{ tr(lang, Key::YourName) }</label>
                            <input id="my-name" type="text" maxlength="16" autocomplete="nickname" placeholder={tr(lang, Key::You)} value={setup.player_name.clone()} oninput={on_my_name} />
                        </div>
                    </div>
                    <ol class="bots">{ for bots }</ol>
                </fieldset>

                <fieldset class="panel">
                    <legend>{ tr(lang, Key::EditionHeading) }</legend>
                    <div class="choices">
                        { edition_radio(Edition::Modern, Key::EditionModern, Key::EditionModernHelp) }
                        { edition_radio(Edition::Classic, Key::EditionClassic, Key::EditionClassicHelp) }
                    </div>
                    <p class="help">{ tr(lang, Key::EditionResetNote) }</p>
                </fieldset>

                <fieldset class="panel" key={format!("cards-{}", rules.edition.name())}>
                    <legend>{ tr(lang, Key::CardRulesHeading) }</legend>
                    <div class="grid">
                        { option_select(lang, "negatives", rules.negatives.name(),
                            Negatives::ALL.iter().map(|&v| (v.name(), i18n::negatives(lang, v))).collect(), setup, on_change) }
                        { option_select(lang, "ninety_nine", rules.ninety_nine.name(),
                            NinetyNine::ALL.iter().map(|&v| (v.name(), i18n::ninety_nine(lang, v))).collect(), setup, on_change) }
                        { option_select(lang, "lose_at", rules.lose_at.name(),
                            LoseAt::ALL.iter().map(|&v| (v.name(), i18n::lose_at(lang, v))).collect(), setup, on_change) }
                        <div class="field check">
                            <input id="opt-four_ono_discard" type="checkbox" checked={rules.four_ono_discard} aria-describedby="help-four_ono_discard" onchange={on_four} />
                            <label for="opt-four_ono_discard">{ option_label(lang, "four_ono_discard") }</label>
                            <p class="help" id="help-four_ono_discard">{ option_help(lang, "four_ono_discard") }</p>
                        </div>
                    </div>
                </fieldset>

                <fieldset class="panel" key={format!("match-{}", rules.edition.name())}>
                    <legend>{ tr(lang, Key::MatchHeading) }</legend>
                    <div class="grid">
                        { option_select(lang, "format", rules.format.name(),
                            Format::ALL.iter().map(|&v| (v.name(), i18n::format_name(lang, v))).collect(), setup, on_change) }
                        if rules.format == Format::Tokens {
                            { option_select(lang, "tokens", &rules.tokens.to_string(), tokens_values, setup, on_change) }
                        }
                        if rules.format == Format::Points {
                            { option_select(lang, "points_limit", &limit, limit_values, setup, on_change) }
                            { option_select(lang, "points_end", rules.points_end.name(),
                                PointsEnd::ALL.iter().map(|&v| (v.name(), i18n::points_end(lang, v))).collect(), setup, on_change) }
                        }
                    </div>
                </fieldset>

                <fieldset class="panel">
                    <legend>{ tr(lang, Key::SpeedHeading) }</legend>
                    <div class="field">
                        <label for="speed">{ tr(lang, Key::SpeedLabel) }</label>
                        <select id="speed" onchange={on_speed}>
                            { for Speed::ALL.iter().map(|&s| html! {
                                <option value={s.name()} selected={s == setup.speed}>{ tr(lang, match s {
                                    Speed::Slow => Key::SpeedSlow,
                                    Speed::Normal => Key::SpeedNormal,
                                    Speed::Fast => Key::SpeedFast,
                                    Speed::Instant => Key::SpeedInstant,
                                }) }</option>
                            }) }
                        </select>
                    </div>
                </fieldset>

                if let Some(err) = &props.error {
                    <p class="error" role="alert">{ format!("{} {}", tr(lang, Key::SetupErrorPrefix), i18n::setup_error(lang, err)) }</p>
                }
                <div class="start-row">
                    <button type="button" class="btn primary big" onclick={on_start}>{ tr(lang, Key::StartGame) }</button>
                </div>
            </form>
        </main>
    }
}
