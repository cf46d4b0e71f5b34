//! How to play, in this project's own words: both editions, the options of
//! the game being set up or played, and the About note.

use crate::i18n::{self, option_label, tr, Key, Lang};
use crate::rules::{Edition, Format, RuleOption, RuleSet};
use crate::ui::platform::focus::use_focus_when;
use crate::ui::table::deck::deck;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct RulesProps {
    /// The rules of the game being set up or played.
    pub rules: RuleSet,
    pub on_back: Callback<()>,
    /// Starts the guided first game (offered when no game is under way).
    #[prop_or_default]
    pub on_learn: Option<Callback<()>>,
}

#[function_component(RulesScreen)]
pub fn rules_screen(props: &RulesProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let r = props.rules;
    let heading = use_focus_when(());
    let back = {
        let cb = props.on_back.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let p = |k: Key| html! { <p>{ tr(lang, k) }</p> };
    let mut options: Vec<(RuleOption, String)> = vec![
        (
            RuleOption::Negatives,
            i18n::negatives(lang, r.negatives).to_string(),
        ),
        (
            RuleOption::NinetyNine,
            i18n::ninety_nine(lang, r.ninety_nine).to_string(),
        ),
        (
            RuleOption::LoseAt,
            i18n::lose_at(lang, r.lose_at).to_string(),
        ),
        (
            RuleOption::FourOnoDiscard,
            i18n::yes_no(lang, r.four_ono_discard).to_string(),
        ),
        (
            RuleOption::Format,
            i18n::format_name(lang, r.format).to_string(),
        ),
    ];
    match r.format {
        Format::Tokens => options.push((RuleOption::Tokens, r.tokens.to_string())),
        Format::Points => {
            options.push((RuleOption::PointsLimit, r.points_limit.to_string()));
            options.push((
                RuleOption::PointsEnd,
                i18n::points_end(lang, r.points_end).to_string(),
            ));
        }
        Format::Elimination => {}
    }
    let edition_name = match r.edition {
        Edition::Modern => tr(lang, Key::EditionModern),
        Edition::Classic => tr(lang, Key::EditionClassic),
    };
    html! {
        <main class="rules-screen">
            <div class="rules-top">
                <button type="button" class="btn" onclick={back.clone()}>{ "← " }{ tr(lang, Key::Back) }</button>
                if let Some(learn) = &props.on_learn {
                    <button type="button" class="btn primary" onclick={learn.reform(|_: MouseEvent| ())}>{ tr(lang, Key::LearnToPlay) }</button>
                }
            </div>
            <article class="rules-body">
                <h1 ref={heading} tabindex="-1">{ tr(lang, Key::RulesTitle) }</h1>
                <section>
                    <h2>{ tr(lang, Key::RulesGoalHeading) }</h2>
                    { p(Key::RulesGoal) }
                </section>
                <section>
                    <h2>{ tr(lang, Key::RulesCardsHeading) }{ " — " }{ tr(lang, Key::EditionModern) }</h2>
                    { deck(lang, Edition::Modern) }
                </section>
                <section>
                    <h2>{ tr(lang, Key::RulesTurnHeading) }</h2>
                    { p(Key::RulesTurn1) }{ p(Key::RulesTurn2) }{ p(Key::RulesTurn3) }{ p(Key::RulesTurn4) }
                    { p(Key::RulesFourOno) }
                </section>
                <section>
                    <h2>{ tr(lang, Key::RulesPlayTwoHeading) }</h2>
                    { p(Key::RulesPlayTwo1) }{ p(Key::RulesPlayTwo2) }{ p(Key::RulesPlayTwo3) }
                </section>
                <section>
                    <h2>{ tr(lang, Key::RulesClassicHeading) }</h2>
                    { p(Key::RulesClassic1) }{ p(Key::RulesClassic2) }{ p(Key::RulesClassic3) }{ p(Key::RulesClassic4) }
                    { deck(lang, Edition::Classic) }
                </section>
                <section>
                    <h2>{ tr(lang, Key::RulesFormatsHeading) }</h2>
                    <ul>
                        <li>{ tr(lang, Key::RulesElimination) }</li>
                        <li>{ tr(lang, Key::RulesTokens) }</li>
                        <li>{ tr(lang, Key::RulesPoints) }</li>
                    </ul>
                </section>
                <section>
                    <h2>{ tr(lang, Key::RulesOptionsHeading) }</h2>
                    <p><strong>{ tr(lang, Key::EditionHeading) }{ i18n::colon(lang) }</strong>{ edition_name }</p>
                    <dl class="options">
                        { for options.into_iter().map(|(name, value)| html! {
                            <>
                                <dt>{ option_label(lang, name) }</dt>
                                <dd><strong>{ value }</strong>{ " — " }{ i18n::option_help(lang, name) }</dd>
                            </>
                        }) }
                    </dl>
                </section>
                <section>
                    <h2>{ tr(lang, Key::RulesKeyboardHeading) }</h2>
                    { p(Key::RulesKeyboard) }
                </section>
                <section class="about">
                    <h2>{ tr(lang, Key::AboutHeading) }</h2>
                    { p(Key::About1) }{ p(Key::About2) }
                </section>
                <button type="button" class="btn" onclick={back}>{ "← " }{ tr(lang, Key::Back) }</button>
            </article>
        </main>
    }
}
