//! The new-game screen: Quick play (a game at once with the last setup, or
//! the default one), then the full form: players and bots seat by seat,
//! edition, every rule option with a sentence of explanation and the match
//! format. The bots' speed is in the header's settings.

use crate::bots::Level;
use crate::rules::{
    Edition, Format, LoseAt, Negatives, NinetyNine, PointsEnd, RuleOption, RuleSet, SetupError,
};
use crate::ui::i18n::{
    self, numbered, option_help, option_label, player_count, tr, Key, Lang, Numbered,
};
use crate::ui::state::{GameSetup, BOT_LEVELS};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SetupProps {
    pub setup: GameSetup,
    pub on_change: Callback<GameSetup>,
    pub on_start: Callback<()>,
    /// Starts Today's deal.
    #[prop_or_default]
    pub on_daily: Callback<()>,
    /// Starts the guided first game.
    #[prop_or_default]
    pub on_learn: Callback<()>,
    #[prop_or_default]
    pub error: Option<SetupError>,
}

fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// A labelled `<select>` for one rule option, with its explanation.
///
/// A closed `<select>` shows its value on one line and cuts what does not
/// fit, and some values are long sentences ("Allowed, total may go
/// negative"). So the value is shown in a box that wraps, and the real
/// select lies over it, invisible but the one that is clicked, focused,
/// labelled and read.
fn option_select(
    lang: Lang,
    option: RuleOption,
    current: &str,
    values: Vec<(&'static str, &'static str)>,
    setup: &GameSetup,
    on_change: &Callback<GameSetup>,
) -> Html {
    let name = option.name();
    let id = format!("opt-{name}");
    let help = format!("help-{name}");
    let onchange = {
        let setup = setup.clone();
        let on_change = on_change.clone();
        Callback::from(move |e: Event| {
            let mut next = setup.clone();
            // The engine validates the value; a bad one changes nothing.
            if next.rules.set_option(option, &select_value(&e)).is_ok() {
                on_change.emit(next);
            }
        })
    };
    let shown = values
        .iter()
        .find(|(value, _)| *value == current)
        .map(|(_, label)| *label)
        .unwrap_or_default();
    html! {
        <div class="field">
            <label for={id.clone()}>{ option_label(lang, option) }</label>
            <div class="select-box">
                <span class="select-face" aria-hidden="true">{ shown }</span>
                <select id={id} aria-describedby={help.clone()} {onchange}>
                    { for values.into_iter().map(|(value, label)| html! {
                        <option {value} selected={value == current}>{ label }</option>
                    }) }
                </select>
            </div>
            <p class="help" id={help}>{ option_help(lang, option) }</p>
        </div>
    }
}

/// What Quick play starts, in one line: "4 players · Modern · Medium bots".
fn summary(lang: Lang, setup: &GameSetup) -> String {
    let rules = setup.rules;
    let (edition, defaults) = match rules.edition {
        Edition::Modern => (Key::EditionModernShort, RuleSet::modern()),
        Edition::Classic => (Key::EditionClassicShort, RuleSet::classic()),
    };
    let mut parts = vec![
        player_count(lang, setup.seat_count()),
        tr(lang, edition).to_string(),
    ];
    if rules.format != defaults.format {
        parts.push(i18n::format_name(lang, rules.format).to_string());
    }
    if setup.people() > 1 {
        parts.push(numbered(lang, Numbered::PeopleCount, setup.people()));
    }
    let mut levels = setup
        .bots
        .iter()
        .filter(|b| !b.person && !b.online)
        .map(|b| b.level);
    if let Some(first) = levels.next() {
        let bots = if levels.all(|l| l == first) {
            match first {
                Level::Easy => Some(Key::BotsEasy),
                Level::Medium => Some(Key::BotsMedium),
                Level::Hard => Some(Key::BotsHard),
                // Only a hand-edited setup has random bots: not worth a word.
                Level::Random => None,
            }
        } else {
            Some(Key::BotsMixed)
        };
        if let Some(bots) = bots {
            parts.push(tr(lang, bots).to_string());
        }
    }
    parts.join(" · ")
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
                    // "person": pass-and-play; "online": a friend on their
                    // own device. Either way the seat keeps its bot level.
                    b.person = v == "person";
                    b.online = v == "online";
                    if let Ok(level) = v.parse::<Level>() {
                        b.level = level;
                    }
                    on_change.emit(next);
                }
            })
        };
        // Seat 1 is yours; the rows below are numbered by seat and named
        // by who plays them.
        let seat = i + 2;
        let (name_key, level_key) = if bot.person || bot.online {
            (Numbered::SeatPlayerName, Numbered::SeatPlayerLevel)
        } else {
            (Numbered::SeatBotName, Numbered::SeatBotLevel)
        };
        html! {
            <li class={classes!("bot-row", (bot.person || bot.online).then_some("person"))} key={i}>
                <span class="bot-tag" aria-hidden="true">{ seat }</span>
                <div class="field">
                    <label for={format!("seat-name-{seat}")}>{ numbered(lang, name_key, seat) }</label>
                    <input id={format!("seat-name-{seat}")} type="text" maxlength="16" autocomplete="off" value={bot.name.clone()} oninput={on_name} />
                </div>
                <div class="field">
                    <label for={format!("seat-level-{seat}")}>{ numbered(lang, level_key, seat) }</label>
                    <select id={format!("seat-level-{seat}")} onchange={on_level}>
                        { for BOT_LEVELS.iter().map(|&l| html! {
                            <option value={l.name()} selected={!bot.person && !bot.online && l == bot.level}>{ i18n::level(lang, l) }</option>
                        }) }
                        <option value="person" selected={bot.person && !bot.online}>{ tr(lang, Key::Person) }</option>
                        <option value="online" selected={bot.online}>{ tr(lang, Key::OnlineFriend) }</option>
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
    let start = props.on_start.clone();
    // Where a refused start is explained: beside the button that was pressed.
    let quick_pressed = use_state(|| false);
    let on_quick = {
        let start = start.clone();
        let quick_pressed = quick_pressed.clone();
        Callback::from(move |_: MouseEvent| {
            quick_pressed.set(true);
            start.emit(())
        })
    };
    let on_start = {
        let quick_pressed = quick_pressed.clone();
        Callback::from(move |_: MouseEvent| {
            quick_pressed.set(false);
            start.emit(())
        })
    };
    let error = props.error.as_ref().map(|err| {
        html! {
            <p class="error" role="alert">{ format!("{} {}", tr(lang, Key::SetupErrorPrefix), i18n::setup_error(lang, err)) }</p>
        }
    });
    let (quick_error, form_error) = if *quick_pressed {
        (error, None)
    } else {
        (None, error)
    };
    // Your default name: "You", or "Player 1" in pass-and-play.
    let my_placeholder = GameSetup {
        player_name: String::new(),
        ..setup.clone()
    }
    .name(crate::rules::Seat(0), lang);

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
            <section class="quick">
                <p class="tagline">{ tr(lang, Key::Tagline) }</p>
                <button id="quick-play" type="button" class="btn primary big quick-btn" aria-describedby="quick-what" onclick={on_quick}>
                    <svg class="play-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M8 5.5v13a1 1 0 0 0 1.52.85l10.4-6.5a1 1 0 0 0 0-1.7L9.52 4.65A1 1 0 0 0 8 5.5Z"/></svg>
                    { tr(lang, Key::QuickPlay) }
                </button>
                <p class="quick-what" id="quick-what">{ summary(lang, setup) }</p>
                { for quick_error }
                <div class="daily">
                    <button type="button" class="btn daily-btn" aria-describedby="daily-what" onclick={props.on_daily.reform(|_: MouseEvent| ())}>{ tr(lang, Key::TodaysDeal) }</button>
                    <p class="quick-what" id="daily-what">{ tr(lang, Key::TodaysDealHelp) }</p>
                </div>
                <div class="daily">
                    <button type="button" class="btn learn-btn" aria-describedby="learn-what" onclick={props.on_learn.reform(|_: MouseEvent| ())}>{ tr(lang, Key::LearnToPlay) }</button>
                    <p class="quick-what" id="learn-what">{ tr(lang, Key::LearnHelp) }</p>
                </div>
            </section>
            <form class="setup-form" aria-labelledby="setup-heading" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                <h2 id="setup-heading" class="setup-heading">{ tr(lang, Key::SetUpGameHeading) }</h2>
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
                        { for bots }
                    </ol>
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
                        { option_select(lang, RuleOption::Negatives, rules.negatives.name(),
                            Negatives::ALL.iter().map(|&v| (v.name(), i18n::negatives(lang, v))).collect(), setup, on_change) }
                        { option_select(lang, RuleOption::NinetyNine, rules.ninety_nine.name(),
                            NinetyNine::ALL.iter().map(|&v| (v.name(), i18n::ninety_nine(lang, v))).collect(), setup, on_change) }
                        { option_select(lang, RuleOption::LoseAt, rules.lose_at.name(),
                            LoseAt::ALL.iter().map(|&v| (v.name(), i18n::lose_at(lang, v))).collect(), setup, on_change) }
                        <div class="field check">
                            <input id="opt-four_ono_discard" type="checkbox" checked={rules.four_ono_discard} aria-describedby="help-four_ono_discard" onchange={on_four} />
                            <label for="opt-four_ono_discard">{ option_label(lang, RuleOption::FourOnoDiscard) }</label>
                            <p class="help" id="help-four_ono_discard">{ option_help(lang, RuleOption::FourOnoDiscard) }</p>
                        </div>
                    </div>
                </fieldset>

                <fieldset class="panel" key={format!("match-{}", rules.edition.name())}>
                    <legend>{ tr(lang, Key::MatchHeading) }</legend>
                    <div class="grid">
                        { option_select(lang, RuleOption::Format, rules.format.name(),
                            Format::ALL.iter().map(|&v| (v.name(), i18n::format_name(lang, v))).collect(), setup, on_change) }
                        if rules.format == Format::Tokens {
                            { option_select(lang, RuleOption::Tokens, &rules.tokens.to_string(), tokens_values, setup, on_change) }
                        }
                        if rules.format == Format::Points {
                            { option_select(lang, RuleOption::PointsLimit, &limit, limit_values, setup, on_change) }
                            { option_select(lang, RuleOption::PointsEnd, rules.points_end.name(),
                                PointsEnd::ALL.iter().map(|&v| (v.name(), i18n::points_end(lang, v))).collect(), setup, on_change) }
                        }
                    </div>
                </fieldset>

                { for form_error }
                <div class="start-row">
                    <button type="button" class="btn primary big" onclick={on_start}>{ tr(lang, Key::StartGame) }</button>
                </div>
            </form>
        </main>
    }
}
