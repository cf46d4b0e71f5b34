//! The app: which screen is showing, the setup being edited and the game
//! being played, and the player's preferences, given to every screen by
//! context (the preferences, and a callback that saves and applies a change).

use crate::rules::{Seat, SetupError};
use crate::share::SharedMatch;
use crate::ui::i18n::{tr, Key, Lang};
use crate::ui::online::{self, GuestLink, HostLink};
use crate::ui::platform::clock::{random_seed, seed_from_address};
use crate::ui::platform::prefs::NetworkPrefs;
use crate::ui::platform::prefs::Prefs;
use crate::ui::platform::storage::{self, Resume};
use crate::ui::screens::game::Game;
use crate::ui::screens::guest::GuestScreen;
use crate::ui::screens::header::Header;
use crate::ui::screens::lobby::Lobby;
use crate::ui::screens::replay::ReplayScreen;
use crate::ui::screens::review::ReviewScreen;
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
    /// A game (with its online session, when friends play from their
    /// devices); the number keys the component so "Play again" starts afresh.
    Game(Rc<GameState>, u32, Option<Rc<HostLink>>),
    /// An online table's lobby before its game (new or resumed) starts.
    Lobby(Rc<GameState>, u32, Rc<HostLink>),
    /// A friend's page, opened from an invite link.
    Join(Rc<GuestLink>),
}

/// The game with its online session, when friends play from their devices:
/// the lobby comes first (for a resumed match too: everyone is invited
/// again).
fn with_online(state: GameState, lang: Lang, n: u32) -> Screen {
    if !state.setup.has_online() {
        return Screen::Game(Rc::new(state), n, None);
    }
    let setup = state.setup.clone();
    // Friends see the host by name: "Host" when none was given.
    let table = online::table_setup(&setup, |s| {
        if s.index() == 0 && setup.player_name.trim().is_empty() {
            tr(lang, Key::HostName).to_string()
        } else {
            setup.name(s, lang)
        }
    });
    let actions = state.actions.iter().map(|&(_, a)| a).collect();
    let config = online::ice_config(&NetworkPrefs::load());
    match HostLink::new(table, state.seed, actions, config) {
        Some(link) => {
            // A bot that stood in for a friend before a reload goes on.
            for &seat in &state.stand_ins {
                link.bot_takes(seat);
            }
            Screen::Lobby(Rc::new(state), n, link)
        }
        None => Screen::Setup,
    }
}

/// The invite link the page was opened with (`#join=…`), if any.
fn join_code() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix("#join=").map(str::to_string)
}

/// The shared match the page was opened with (`#replay=…`), if any.
fn replay_code() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix("#replay=").map(str::to_string)
}

/// Drops `#join=…` from the address (the friend left the table).
fn forget_join_code() {
    if let Some(w) = web_sys::window() {
        if let Ok(history) = w.history() {
            let _ = history.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&online::page_base()),
            );
        }
    }
}

/// What a new match is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum NewMatch {
    /// The setup screen's table (Start game, Quick play, Play again).
    Setup,
    /// Today's deal.
    Daily,
    /// Learn to play: the guided first game.
    Learn,
}

/// Closes the online table on screen, if any (the host leaves it).
fn close_online(screen: &Screen) {
    if let Screen::Game(_, _, Some(link)) | Screen::Lobby(_, _, link) = screen {
        link.close_all();
    }
}

#[function_component(App)]
pub fn app() -> Html {
    let setup = use_state(|| storage::load_setup().unwrap_or_default());
    // A saved match resumes where it was; a bad save leaves a notice.
    let resumed = use_mut_ref(storage::load_save);
    let notice = use_state(|| match &*resumed.borrow() {
        Resume::Bad { why, kept_aside } => Some((*why, *kept_aside)),
        _ => None,
    });
    let prefs = use_state(Prefs::load);
    // An invite link opens the friend's page; a broken one says so.
    let joining =
        use_mut_ref(|| join_code().map(|code| GuestLink::open(&code, &NetworkPrefs::load())));
    // A share link opens the replay viewer; a broken one says so.
    let shared_link = use_mut_ref(|| replay_code().map(|code| SharedMatch::decode(&code)));
    let join_error = use_state(|| match (&*joining.borrow(), &*shared_link.borrow()) {
        (Some(Err(key)), _) => Some(*key),
        (_, Some(Err(_))) => Some(Key::ShareBroken),
        _ => None,
    });
    // The replay viewer shows over the screen (which stays, hidden).
    let replay = use_state(|| match &*shared_link.borrow() {
        Some(Ok(shared)) => Some(Rc::new(shared.clone())),
        _ => None,
    });
    // The review of your plays, over the screen like the replay.
    let review = use_state(|| None::<Rc<SharedMatch>>);
    let screen = use_state(|| {
        if let Some(Ok(link)) = joining.borrow_mut().take() {
            return Screen::Join(link);
        }

        match std::mem::replace(&mut *resumed.borrow_mut(), Resume::None) {
            Resume::Game(state) => with_online(*state, prefs.lang, 1),
            _ => Screen::Setup,
        }
    });
    let show_rules = use_state(|| false);
    // The game on screen is the guided first game.
    let learning = use_state(|| false);
    let show_stats = use_state(|| false);
    let error = use_state(|| None::<SetupError>);
    let games = use_mut_ref(|| 1u32);
    let fixed_seed = use_mut_ref(seed_from_address);
    // Language, volume, motion and hints: saved on every change, applied
    // to the page (lang attribute, reduced motion, volume) after each
    // render. Any screen changes them through the `Callback<Prefs>` context.
    use_effect_with(*prefs, |p| p.apply_to_page());
    use_effect_with((), |_| crate::ui::platform::sound::unlock_on_gestures());
    // The search worker loads once the first screen is up.
    use_effect_with((), |_| {
        gloo_timers::callback::Timeout::new(400, crate::ui::platform::worker::start).forget();
    });
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

    // Every new match, whatever starts it: the setup screen's table (and
    // "Play again"), Today's deal, or the guided first game.
    let begin = {
        let setup = setup.clone();
        let screen = screen.clone();
        let error = error.clone();
        let notice = notice.clone();
        let lang = prefs.lang;
        let games = games.clone();
        let learning = learning.clone();
        let show_rules = show_rules.clone();
        Callback::from(move |kind: NewMatch| {
            let (table, seed) = match kind {
                NewMatch::Setup => (
                    (*setup).clone(),
                    fixed_seed.borrow_mut().take().unwrap_or_else(random_seed),
                ),
                // The same table and seed for everyone on this UTC day; the
                // first attempt counts. The last setup stays as it was.
                NewMatch::Daily => {
                    let day = crate::ui::stats::today();
                    crate::ui::stats::daily_begin(&day);
                    (
                        GameSetup::daily(&setup.player_name, setup.speed),
                        crate::ui::state::daily_seed(&day),
                    )
                }
                // A fixed deal against two Easy bots.
                NewMatch::Learn => (
                    crate::ui::screens::coach::learn_setup(&setup.player_name),
                    crate::ui::screens::coach::LEARN_SEED,
                ),
            };
            let state = match GameState::new(Rc::new(table), seed) {
                Ok(state) => state,
                Err(e) => return error.set(Some(e)),
            };
            if kind == NewMatch::Setup {
                storage::save_setup(&setup);
                notice.set(None);
            }
            if kind == NewMatch::Learn {
                show_rules.set(false);
            }
            storage::forget_bad_save();
            let n = {
                let mut g = games.borrow_mut();
                *g += 1;
                *g
            };
            error.set(None);
            learning.set(kind == NewMatch::Learn);
            close_online(&screen);
            screen.set(with_online(state, lang, n));
        })
    };
    let start = begin.reform(|()| NewMatch::Setup);
    let on_learn = begin.reform(|()| NewMatch::Learn);
    let on_daily = begin.reform(|()| NewMatch::Daily);
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
            close_online(&screen);
            if matches!(&*screen, Screen::Join(_)) {
                // A friend leaving an online table: their own setup is
                // untouched (it never held the table).
                forget_join_code();
                screen.set(Screen::Setup);
                return;
            }
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
    // The replay viewer opens over whatever shows; closing it goes back.
    let open_replay = {
        let replay = replay.clone();
        let show_stats = show_stats.clone();
        Callback::from(move |shared: Rc<SharedMatch>| {
            show_stats.set(false);
            replay.set(Some(shared));
        })
    };
    let open_review = {
        let review = review.clone();
        let show_stats = show_stats.clone();
        Callback::from(move |shared: Rc<SharedMatch>| {
            show_stats.set(false);
            review.set(Some(shared));
        })
    };
    let close_review = {
        let review = review.clone();
        Callback::from(move |()| review.set(None))
    };
    let close_replay = {
        let replay = replay.clone();
        Callback::from(move |()| {
            forget_join_code();
            replay.set(None);
        })
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
            Screen::Game(_, n, _) => *n,
            Screen::Lobby(_, n, _) => n + 1_000_000,
            Screen::Join(_) => u32::MAX,
        };
        use_effect_with((key, *show_rules, *show_stats), |_| {
            if let Some(w) = web_sys::window() {
                w.scroll_to_with_x_and_y(0.0, 0.0);
            }
        });
    }
    let rules = match &*screen {
        Screen::Game(state, _, _) | Screen::Lobby(state, _, _) => state.setup.rules,
        Screen::Join(link) => link.invite.rules,
        Screen::Setup => setup.rules,
    };
    // The header of the setup, rules and statistics screens (the game has
    // its own, with its speed). Over a game, the rules screen's header has
    // no speed to set: that is the paused game's.
    let on_setup = matches!(&*screen, Screen::Setup | Screen::Lobby(..));
    let header = if (on_setup || *show_rules || *show_stats) && replay.is_none() && review.is_none()
    {
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
                <RulesScreen {rules} on_back={close_rules} on_learn={on_setup.then(|| on_learn.clone())} />
            }
            if *show_stats {
                <StatsScreen on_back={close_stats} on_replay={open_replay.clone()} on_review={open_review.clone()} />
            }
            if let Some(shared) = &*review {
                <ReviewScreen key={format!("{}-{}", shared.seed, shared.actions.len())} shared={shared.clone()} on_close={close_review} />
            }
            if let Some(shared) = (*replay).as_ref().filter(|_| review.is_none()) {
                <ReplayScreen key={format!("{}-{}", shared.seed, shared.actions.len())} shared={shared.clone()} on_open={open_replay.clone()} on_close={close_replay} />
            }
            <div class="screen" hidden={*show_rules || *show_stats || replay.is_some() || review.is_some()}>
                { match &*screen {
                    Screen::Setup => html! {
                        <>
                        if let Some((bad, kept_aside)) = *notice {
                            <SaveNotice {bad} {kept_aside} on_dismiss={dismiss_notice} />
                        }
                        if let Some(key) = *join_error {
                            <p class="error-text notice" role="alert">{ tr(prefs.lang, key) }</p>
                        }
                        <SetupScreen
                            setup={(*setup).clone()}
                            {on_change}
                            on_start={start}
                            {on_daily}
                            on_learn={on_learn.clone()}
                            error={(*error).clone()}
                        />
                        </>
                    },
                    Screen::Lobby(state, n, link) => {
                        let lang = prefs.lang;
                        let seats = state
                            .setup
                            .bots
                            .iter()
                            .enumerate()
                            .filter(|(_, b)| b.online)
                            .map(|(i, _)| {
                                let seat = Seat(i as u8 + 1);
                                (seat, AttrValue::from(state.setup.name(seat, lang)))
                            })
                            .collect::<Vec<_>>();
                        let on_start = {
                            let screen = screen.clone();
                            let state = state.clone();
                            let n = *n;
                            let link = link.clone();
                            Callback::from(move |()| {
                                link.start();
                                // The seats the host let a bot play in the
                                // lobby are the game's stand-ins.
                                let mut game = (*state).clone();
                                game.stand_ins = link
                                    .guest_seats()
                                    .into_iter()
                                    .filter(|&s| link.bot_playing(s))
                                    .collect();
                                screen.set(Screen::Game(Rc::new(game), n, Some(link.clone())))
                            })
                        };
                        html! {
                            <Lobby key={*n} link={link.clone()} {seats} {on_start} on_leave={new_game.clone()} />
                        }
                    }
                    Screen::Join(link) => html! {
                        <GuestScreen link={link.clone()} on_leave={new_game.clone()} />
                    },
                    Screen::Game(state, n, link) => html! {
                        <Game
                            key={*n}
                            start={state.clone()}
                            link={link.clone()}
                            paused={*show_rules || replay.is_some() || review.is_some()}
                            on_play_again={start}
                            on_new_game={new_game}
                            on_rules={open_rules}
                            on_replay={open_replay.clone()}
                            on_review={open_review.clone()}
                            learn={*learning}
                        />
                    },
                } }
            </div>
        </ContextProvider<Callback<Prefs>>>
        </ContextProvider<Prefs>>
        </ContextProvider<Lang>>
    }
}
