//! The new-game screen: Quick play (a game at once with the last setup, or
//! the default one), then the full form: players and bots seat by seat,
//! edition, every rule option with a sentence of explanation and the match
//! format. The bots' speed is in the header's settings.
//!
//! Each part of the screen has its own file beside this one: `quick` (the
//! Quick play card), `seats` (who plays each seat) and `rules` (the
//! edition, the card rules and the match format).

mod quick;
mod rules;
mod seats;

use crate::i18n::{self, tr, Key, Lang};
use crate::rules::SetupError;
use crate::ui::state::GameSetup;
use quick::{quick_play, QuickPlayProps};
use rules::{card_rules, edition_choice, match_format};
use seats::seats;
use web_sys::HtmlSelectElement;
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

/// What each part of the form gets: the setup it shows and where a changed
/// setup goes.
#[derive(Properties, PartialEq)]
struct PartProps {
    setup: GameSetup,
    on_change: Callback<GameSetup>,
}

fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// Why the setup was refused, as an alert.
fn error_line(lang: Lang, err: &SetupError) -> Html {
    html! {
        <p class="error" role="alert">{ format!("{} {}", tr(lang, Key::SetupErrorPrefix), i18n::setup_error(lang, err)) }</p>
    }
}

/// The whole screen: the Quick play card, then the form with its parts and
/// its Start button. A refused start is explained beside the button that
/// was pressed.
#[function_component(SetupScreen)]
pub fn setup_screen(props: &SetupProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let setup = &props.setup;
    let on_change = &props.on_change;

    let start = props.on_start.clone();
    // Where a refused start is explained: beside the button that was pressed.
    let quick_pressed = use_state(|| false);
    let on_quick = {
        let start = start.clone();
        let quick_pressed = quick_pressed.clone();
        Callback::from(move |()| {
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
    let error = props.error.clone();
    let (quick_error, form_error) = if *quick_pressed {
        (error, None)
    } else {
        (None, error)
    };

    let part = PartProps {
        setup: setup.clone(),
        on_change: on_change.clone(),
    };
    // The form below Quick play is drawn a task later: the page's first
    // draw (which takes over the first screen index.html painted) stays
    // short, and the browser can answer a tap in between.
    let form_ready = use_state(|| false);
    {
        let form_ready = form_ready.clone();
        use_effect_with((), move |_| {
            gloo_timers::callback::Timeout::new(0, move || form_ready.set(true)).forget();
        });
    }
    html! {
        <main class="setup">
            { quick_play(lang, &QuickPlayProps { setup: setup.clone(), error: quick_error, on_quick,
                on_daily: props.on_daily.clone(), on_learn: props.on_learn.clone() }) }
            if *form_ready {
            <form class="setup-form" aria-labelledby="setup-heading" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                <h2 id="setup-heading" class="setup-heading">{ tr(lang, Key::SetUpGameHeading) }</h2>
                { seats(lang, &part) }
                { edition_choice(lang, &part) }
                { card_rules(lang, &part) }
                { match_format(lang, &part) }
                { for form_error.map(|err| error_line(lang, &err)) }
                <div class="start-row">
                    <button type="button" class="btn primary big" onclick={on_start}>{ tr(lang, Key::StartGame) }</button>
                </div>
            </form>
            }
        </main>
    }
}
