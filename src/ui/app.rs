//! The app: which screen is showing, the setup being edited and the game
//! being played, and the player's preferences, given to every screen by
//! context (the preferences, and a callback that saves and applies a change).

use crate::rules::SetupError;
use crate::ui::i18n::{tr, Key, Lang};
use crate::ui::platform::clock::{random_seed, seed_from_address};
use crate::ui::platform::prefs::Prefs;
use crate::ui::platform::storage::{self, Resume};
use crate::ui::screens::game::Game;
use crate::ui::screens::header::Header;
use crate::ui::screens::rules::RulesScreen;
use crate::ui::screens::save_notice::SaveNotice;
use crate::ui::screens::setup::SetupScreen;
use crate::ui::screens::stats::StatsScreen;
use crate::ui::state::{GameSetup, GameState, Speed};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Clone, PartialEq)]
enum Screen {
    Setup,
    /// A game; the number keys the component so "Play again" starts afresh.
    Game(Rc<GameState>, u32),
}

#[function_component(App)]
pub fn app() -> Html {
    let setup = use_state(|| storage::load_setup().unwrap_or_default());
    // A saved match resumes where it was; a bad save leaves a notice.
    let resumed = use_mut_ref(storage::load_save);
    let notice = use_state(|| match &*resumed.borrow() {
        Resume::Bad(bad) => Some(*bad),
        _ => None,
    });
    let screen = use_state(
        || match std::mem::replace(&mut *resumed.borrow_mut(), Resume::None) {
            Resume::Game(state) => Screen::Game(Rc::new(*state), 1),
            _ => Screen::Setup,
        },
    );
    let show_rules = use_state(|| false);
    let show_stats = use_state(|| false);
    let error = use_state(|| None::<SetupError>);
    let games = use_mut_ref(|| 1u32);
    let fixed_seed = use_mut_ref(seed_from_address);
    // Language, volume, motion and hints: saved on every change, applied
    // to the page (lang attribute, reduced motion, volume) after each
    // render. Any screen changes them through the `Callback<Prefs>` context.
    let prefs = use_state(Prefs::load);
    use_effect_with(*prefs, |p| p.apply_to_page());
    use_effect_with((), |_| crate::ui::platform::sound::unlock_on_gestures());
    let on_prefs = {
        let prefs = prefs.clone();
        use_callback((), move |p: Prefs, _| {
            p.save();
            // Turning the sound up is itself a gesture: audio may start now.
            crate::ui::platform::sound::set_volume(p.volume);
            crate::ui::platform::sound::unlock();
            prefs.set(p);
        })
    };

    let start = {
        let setup = setup.clone();
        let screen = screen.clone();
        let error = error.clone();
        let notice = notice.clone();
        Callback::from(move |()| {
            let seed = fixed_seed.borrow_mut().take().unwrap_or_else(random_seed);
            match GameState::new(Rc::new((*setup).clone()), seed) {
                Ok(state) => {
                    storage::save_setup(&setup);
                    storage::forget_bad_save();
                    notice.set(None);
                    let n = {
                        let mut g = games.borrow_mut();
                        *g += 1;
                        *g
                    };
                    error.set(None);
                    screen.set(Screen::Game(Rc::new(state), n));
                }
                Err(e) => error.set(Some(e)),
            }
        })
    };
    let on_change = {
        let setup = setup.clone();
        Callback::from(move |s: GameSetup| {
            storage::save_setup(&s);
            setup.set(s)
        })
    };
    let on_speed = {
        let setup = setup.clone();
        Callback::from(move |speed: Speed| {
            let next = GameSetup {
                speed,
                ..(*setup).clone()
            };
            storage::save_setup(&next);
            setup.set(next)
        })
    };
    let new_game = {
        let screen = screen.clone();
        let setup = setup.clone();
        Callback::from(move |()| {
            // Leaving a match (or its end screen) ends it: nothing to resume.
            storage::clear_save();
            // The setup as stored: with a speed chosen during the game.
            if let Some(stored) = storage::load_setup() {
                setup.set(stored);
            }
            screen.set(Screen::Setup)
        })
    };
    let open_stats = {
        let show_stats = show_stats.clone();
        Callback::from(move |()| show_stats.set(true))
    };
    let close_stats = {
        let show_stats = show_stats.clone();
        Callback::from(move |()| show_stats.set(false))
    };
    let dismiss_notice = {
        let notice = notice.clone();
        Callback::from(move |()| notice.set(None))
    };
    let open_rules = {
        let show_rules = show_rules.clone();
        Callback::from(move |()| show_rules.set(true))
    };
    let close_rules = {
        let show_rules = show_rules.clone();
        Callback::from(move |()| show_rules.set(false))
    };

    {
        // A new screen starts at its top, not where the last one was scrolled.
        let key = match &*screen {
            Screen::Setup => 0,
            Screen::Game(_, n) => *n,
        };
        use_effect_with((key, *show_rules, *show_stats), |_| {
            if let Some(w) = web_sys::window() {
                w.scroll_to_with_x_and_y(0.0, 0.0);
            }
        });
    }
    let rules = match &*screen {
        Screen::Game(state, _) => state.setup.rules,
        Screen::Setup => setup.rules,
    };
    // The header of the setup, rules and statistics screens (the game has
    // its own, with its speed). Over a game, the rules screen's header has
    // no speed to set: that is the paused game's.
    let on_setup = matches!(&*screen, Screen::Setup);
    let header = if on_setup || *show_rules || *show_stats {
        let speed = on_setup.then_some(setup.speed);
        let buttons = if *show_rules || *show_stats {
            Html::default()
        } else {
            html! {
                <>
                    <button type="button" class="btn ghost" onclick={open_rules.reform(|_: MouseEvent| ())}>{ tr(prefs.lang, Key::HowToPlay) }</button>
                    <button type="button" class="btn ghost" onclick={open_stats.reform(|_: MouseEvent| ())}>{ tr(prefs.lang, Key::Statistics) }</button>
                </>
            }
        };
        Some(html! { <Header {speed} {on_speed}>{ buttons }</Header> })
    } else {
        None
    };
    html! {
        <ContextProvider<Lang> context={prefs.lang}>
        <ContextProvider<Prefs> context={*prefs}>
        <ContextProvider<Callback<Prefs>> context={on_prefs}>
            { for header }
            if *show_rules {
                <RulesScreen {rules} on_back={close_rules} />
            }
            if *show_stats {
                <StatsScreen on_back={close_stats} />
            }
            <div class="screen" hidden={*show_rules || *show_stats}>
                { match &*screen {
                    Screen::Setup => html! {
                        <>
                        if let Some(bad) = *notice {
                            <SaveNotice {bad} on_dismiss={dismiss_notice} />
                        }
                        <SetupScreen
                            setup={(*setup).clone()}
                            {on_change}
                            on_start={start}
                            error={(*error).clone()}
                        />
                        </>
                    },
                    Screen::Game(state, n) => html! {
                        <Game
                            key={*n}
                            start={state.clone()}
                            paused={*show_rules}
                            on_play_again={start}
                            on_new_game={new_game}
                            on_rules={open_rules}
                        />
                    },
                } }
            </div>
        </ContextProvider<Callback<Prefs>>>
        </ContextProvider<Prefs>>
        </ContextProvider<Lang>>
    }
}
