//! The rules parts of the setup form: the edition (which resets every
//! option to its defaults), the card rules and the match format, each
//! option with a sentence of explanation.

use super::{select_value, PartProps};
use crate::i18n::{self, option_help, option_label, tr, Key, Lang};
use crate::rules::{
    Edition, Format, LoseAt, Negatives, NinetyNine, PointsEnd, RuleOption, RuleSet,
};
use crate::ui::state::GameSetup;
use web_sys::HtmlInputElement;
use yew::prelude::*;

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

/// One edition to choose, as a radio with its title and explanation;
/// choosing it resets the rules to that edition's.
fn edition_radio(
    lang: Lang,
    edition: Edition,
    label: Key,
    help: Key,
    setup: &GameSetup,
    on_change: &Callback<GameSetup>,
) -> Html {
    let chosen = setup.rules.edition == edition;
    let onchange = {
        let setup = setup.clone();
        let on_change = on_change.clone();
        Callback::from(move |_: Event| {
            let mut next = setup.clone();
            next.rules = match edition {
                Edition::Modern => RuleSet::modern(),
                Edition::Classic => RuleSet::classic(),
            };
            on_change.emit(next);
        })
    };
    let id = format!("edition-{}", edition.name());
    html! {
        <div class={classes!("choice", chosen.then_some("chosen"))}>
            <input type="radio" name="edition" id={id.clone()} value={edition.name()} checked={chosen} aria-describedby={format!("{id}-help")} {onchange} />
            <label for={id.clone()} class="choice-title">{ tr(lang, label) }</label>
            <p class="choice-help" id={format!("{id}-help")}>{ tr(lang, help) }</p>
        </div>
    }
}

/// The Edition fieldset: Modern or Classic, each explained, and a note
/// that choosing one resets the options below.
pub(super) fn edition_choice(lang: Lang, props: &PartProps) -> Html {
    let (setup, on_change) = (&props.setup, &props.on_change);
    html! {
        <fieldset class="panel">
            <legend>{ tr(lang, Key::EditionHeading) }</legend>
            <div class="choices">
                { edition_radio(lang, Edition::Modern, Key::EditionModern, Key::EditionModernHelp, setup, on_change) }
                { edition_radio(lang, Edition::Classic, Key::EditionClassic, Key::EditionClassicHelp, setup, on_change) }
            </div>
            <p class="help">{ tr(lang, Key::EditionResetNote) }</p>
        </fieldset>
    }
}

/// The Card rules fieldset: negative totals, what 99 does, the total that
/// loses, and whether four ONO 99 cards may be discarded. It is built anew
/// when the edition changes.
pub(super) fn card_rules(lang: Lang, props: &PartProps) -> Html {
    let (setup, on_change) = (&props.setup, &props.on_change);
    let rules = setup.rules;
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
    html! {
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
    }
}

/// The Match fieldset: the format, then what it needs (the tokens each
/// player has, or the points limit and how a points match ends). It is
/// built anew when the edition changes.
pub(super) fn match_format(lang: Lang, props: &PartProps) -> Html {
    let (setup, on_change) = (&props.setup, &props.on_change);
    let rules = setup.rules;
    let tokens_values: Vec<(&'static str, &'static str)> =
        ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
            .into_iter()
            .map(|v| (v, v))
            .collect();
    let mut limit_values: Vec<(&'static str, &'static str)> =
        ["100", "200", "250", "300", "500", "1000"]
            .into_iter()
            .map(|v| (v, v))
            .collect();
    let limit = rules.points_limit.to_string();
    if !limit_values.iter().any(|(v, _)| *v == limit) {
        limit_values.push(("500", "500"));
    }
    html! {
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
    }
}
