//! The app: which screen is showing ([`Screen`]) and what shows over it
//! ([`Overlay`]), the setup being edited, and the player's preferences,
//! given to every screen by context (the preferences, and a callback that
//! saves and applies a change). How a match starts and ends is `start.rs`.

#[cfg(feature = "full")]
mod friend;
mod request;
mod start;

// The parts that differ between the first download and the whole app: one
// of the two files is in a build, chosen by the `full` feature.
#[cfg(feature = "full")]
#[path = "full.rs"]
mod parts;
#[cfg(not(feature = "full"))]
#[path = "first.rs"]
mod parts;

use crate::i18n::{tr, Key, Lang};
use crate::rules::Played;
use crate::rules::SetupError;
use crate::ui::online;
#[cfg(feature = "full")]
use crate::ui::online::{GuestLink, HostLink};
use crate::ui::platform::address;
use crate::ui::platform::clock::seed_from_address;
use crate::ui::platform::prefs::Prefs;
use crate::ui::platform::storage::{self, Resume};
use crate::ui::screens::game::{Game, Online};
#[cfg(not(feature = "full"))]
use crate::ui::screens::handover::Handover;
use crate::ui::screens::header::Header;
use crate::ui::screens::rules::RulesScreen;
use crate::ui::screens::save_notice::SaveNotice;
use crate::ui::screens::setup::SetupScreen;
use crate::ui::state::{GameSetup, GameState, Speed};
#[cfg(feature = "full")]
pub use friend::FriendPage;
pub use request::Request;
#[cfg(feature = "full")]
pub use start::play_with_friends;
use start::{Begin, NewMatch};
use std::rc::Rc;
use yew::prelude::*;

/// The screen, with what it shows.
#[derive(Clone, PartialEq)]
pub enum Screen {
    Setup,
    /// A game (with its online session, when friends play from their
    /// devices); the number keys the component so "Play again" starts afresh.
    Game(Rc<GameState>, u32, Option<Online>),
    /// An online table's lobby before its game (new or resumed) starts.
    #[cfg(feature = "full")]
    Lobby(Rc<GameState>, u32, Rc<HostLink>),
    /// A friend's page, opened from an invite link.
    #[cfg(feature = "full")]
    Join(Rc<GuestLink>),
    /// The whole app's page is being opened (the first download does not
    /// carry online tables).
    #[cfg(not(feature = "full"))]
    Elsewhere(Request),
}

/// What shows over the screen (which stays, hidden; a game under it is
/// paused while the rules, a replay or a review show).
#[derive(Clone, PartialEq)]
pub enum Overlay {
    None,
    Rules,
    Stats,
    /// A match step by step; `true`: played on this device (seat 0 is
    /// "you").
    Replay(Rc<Played>, bool),
    Review(Rc<Played>),
}

/// Sets the bots' speed the setup keeps (and saves it).
fn set_speed(setup: &UseStateHandle<GameSetup>) -> Callback<Speed> {
    let setup = setup.clone();
    Callback::from(move |speed: Speed| {
        let next = GameSetup {
            speed,
            ..(*setup).clone()
        };
        storage::save_setup(&next);
        setup.set(next)
    })
}

/// The header of the setup, rules and statistics screens (the game has its
/// own, with its speed). Over a game, the rules screen's header has no
/// speed to set: that is the paused game's.
fn header(
    lang: Lang,
    on_setup: bool,
    overlay: &UseStateHandle<Overlay>,
    setup: &UseStateHandle<GameSetup>,
) -> Option<Html> {
    let over = (**overlay).clone();
    if !(on_setup || matches!(over, Overlay::Rules | Overlay::Stats))
        || matches!(over, Overlay::Replay(..) | Overlay::Review(_))
    {
        return None;
    }
    let speed = on_setup.then_some(setup.speed);
    let on_speed = set_speed(setup);
    let show = |o: Overlay| {
        let overlay = overlay.clone();
        Callback::from(move |_: MouseEvent| overlay.set(o.clone()))
    };
    let buttons = if over == Overlay::None {
        html! {
            <>
                <button type="button" class="btn ghost" onclick={show(Overlay::Rules)}>{ tr(lang, Key::HowToPlay) }</button>
                <button type="button" class="btn ghost" onclick={show(Overlay::Stats)}>{ tr(lang, Key::Statistics) }</button>
            </>
        }
    } else {
        Html::default()
    };
    Some(html! { <Header {speed} {on_speed}>{ buttons }</Header> })
}

/// What the overlay screens can ask for (the first download's only close:
/// it opens the others on the whole app's page).
#[cfg_attr(not(feature = "full"), allow(dead_code))]
pub struct OverlayActions {
    pub replay: Callback<Rc<Played>>,
    pub my_replay: Callback<Rc<Played>>,
    pub review: Callback<Rc<Played>>,
    pub close: Callback<()>,
    /// The bots' speed of the next game, as the setup keeps it: the
    /// review's Settings set it too (issue 39).
    pub speed: Speed,
    pub on_speed: Callback<Speed>,
}

/// What shows over the screen: the rules here, the others where this
/// build has them ([`parts::overlay`]).
fn overlay_view(
    overlay: &Overlay,
    rules: crate::rules::RuleSet,
    on_learn: Option<Callback<()>>,
    on: &OverlayActions,
) -> Html {
    match overlay {
        Overlay::None => Html::default(),
        Overlay::Rules => html! { <RulesScreen {rules} on_back={on.close.clone()} {on_learn} /> },
        _ => parts::overlay(overlay, on),
    }
}

/// What the page's address opened: a friend's page from an invite link,
/// a replay from a share link, or the notice of a broken one.
pub struct Opened {
    pub screen: Option<Screen>,
    pub overlay: Overlay,
    pub error: Option<Key>,
}

/// The page around the screens: the preferences (language, volume, motion
/// and hints) saved on every change and applied to the page after each
/// render, sound unlocked by the first gesture, the search worker loaded
/// once the first screen is up, the offline copy once a game is. Returns the callback any screen changes
/// the preferences with (given by context).
#[hook]
fn use_page(prefs: &UseStateHandle<Prefs>, in_game: bool) -> Callback<Prefs> {
    use_effect_with(**prefs, |p| p.apply_to_page());
    // The offline copy, once a game's first card is on the table (or the
    // whole app's page, already downloaded, is up).
    let offline = use_mut_ref(|| false);
    use_effect_with(in_game, move |&in_game| {
        use crate::ui::platform::{modules, offline as sw};
        if (in_game || modules::on_app_page())
            && !std::mem::replace(&mut *offline.borrow_mut(), true)
        {
            gloo_timers::callback::Timeout::new(sw::AFTER_MS, sw::register_service_worker).forget();
        }
    });
    use_effect_with((), |_| crate::ui::platform::sound::unlock_on_gestures());
    use_effect_with((), |_| {
        gloo_timers::callback::Timeout::new(400, crate::ui::platform::worker::start).forget();
    });
    let prefs = prefs.clone();
    use_callback((), move |p: Prefs, _| {
        p.save();
        // Turning the sound up is itself a gesture: audio may start now.
        crate::ui::platform::sound::set_volume(p.volume);
        crate::ui::platform::sound::unlock();
        prefs.set(p);
    })
}

/// A new screen starts at its top, not where the last one was scrolled.
#[hook]
fn use_scroll_top(screen: &Screen, overlay: &Overlay) {
    let key = match screen {
        Screen::Setup => 0,
        Screen::Game(_, n, _) => *n,
        #[cfg(feature = "full")]
        Screen::Lobby(_, n, _) => n + 1_000_000,
        #[cfg(feature = "full")]
        Screen::Join(_) => u32::MAX,
        #[cfg(not(feature = "full"))]
        Screen::Elsewhere(_) => u32::MAX,
    };
    let over = matches!(overlay, Overlay::Rules | Overlay::Stats);
    use_effect_with((key, over), |_| {
        if let Some(w) = web_sys::window() {
            w.scroll_to_with_x_and_y(0.0, 0.0);
        }
    });
}

/// What a tap on index.html's first screen leads to, once the app runs.
struct BootTaps {
    /// The app's first screen is the setup (not a resumed game or a link).
    on_setup: bool,
    quick: Callback<()>,
    daily: Callback<()>,
    learn: Callback<()>,
    overlay: UseStateHandle<Overlay>,
    /// A match the tap starts comes first: the app draws nothing of its
    /// own until then ([`starting_match`]).
    starting: UseStateHandle<bool>,
}

/// Whether the app's first draw waits for the match a tap on the first
/// screen starts: drawing the setup first would cost a phone about 0.1 s
/// (issue 39: the hand on the table sooner), and the boot screen shows
/// the same meanwhile.
fn starting_match(screen: &Screen) -> bool {
    use crate::ui::platform::boot::{tapped, Tap};
    matches!(screen, Screen::Setup) && tapped().is_some_and(Tap::starts_match)
}

/// The app takes over the first screen index.html painted, and does what
/// the player tapped on it before the app was ready. The boot screen goes
/// as the app draws a screen of its own in its place.
#[hook]
fn use_boot_screen(taps: BootTaps) {
    use crate::ui::platform::boot::{remove, take_tap, Tap};
    let starting = *taps.starting;
    use_effect_with((), move |_| {
        let tap = take_tap().filter(|_| taps.on_setup);
        match tap {
            Some(Tap::QuickPlay) => taps.quick.emit(()),
            Some(Tap::TodaysDeal) => taps.daily.emit(()),
            Some(Tap::LearnToPlay) => taps.learn.emit(()),
            Some(Tap::Rules) => taps.overlay.set(Overlay::Rules),
            Some(Tap::Statistics) => taps.overlay.set(Overlay::Stats),
            None => {}
        }
        // The match is on screen by the next draw, or the setup (with
        // what stopped it) is.
        taps.starting.set(false);
    });
    use_effect_with(starting, |&starting| {
        if !starting {
            remove();
        }
    });
}

/// The ways a new match starts; each closes what shows over the screen.
struct Starts {
    /// The setup's table (Start game, Quick play, Play again).
    start: Callback<()>,
    learn: Callback<()>,
    daily: Callback<()>,
    rematch: Callback<Rc<GameState>>,
    practice: Callback<String>,
}

fn starts(begin: &Callback<NewMatch, bool>, overlay: &UseStateHandle<Overlay>) -> Starts {
    /// A callback that starts the match `kind` makes of what it is given.
    fn start_as<T: 'static>(
        begin: &Callback<NewMatch, bool>,
        overlay: &UseStateHandle<Overlay>,
        kind: impl Fn(T) -> NewMatch + 'static,
    ) -> Callback<T> {
        let (begin, overlay) = (begin.clone(), overlay.clone());
        Callback::from(move |given: T| {
            if begin.emit(kind(given)) {
                overlay.set(Overlay::None);
            }
        })
    }
    Starts {
        start: start_as(begin, overlay, |()| NewMatch::Setup),
        learn: start_as(begin, overlay, |()| NewMatch::Learn),
        daily: start_as(begin, overlay, |()| NewMatch::Daily),
        rematch: start_as(begin, overlay, NewMatch::Rematch),
        practice: start_as(begin, overlay, NewMatch::DailyPractice),
    }
}

/// What the overlay screens open and how they close: a replay (yours or
/// another's), a review; a share link's replay closed leaves the address.
fn overlay_actions(
    overlay: &UseStateHandle<Overlay>,
    setup: &UseStateHandle<GameSetup>,
) -> OverlayActions {
    let show = |o: fn(Rc<Played>) -> Overlay| {
        let overlay = overlay.clone();
        Callback::from(move |shared: Rc<Played>| overlay.set(o(shared)))
    };
    let close = {
        let overlay = overlay.clone();
        Callback::from(move |()| {
            if matches!(*overlay, Overlay::Replay(..)) {
                address::forget_code(&online::page_base());
            }
            overlay.set(Overlay::None)
        })
    };
    OverlayActions {
        replay: show(|p| Overlay::Replay(p, false)),
        my_replay: show(|p| Overlay::Replay(p, true)),
        review: show(Overlay::Review),
        close,
        speed: setup.speed,
        on_speed: set_speed(setup),
    }
}

/// What the app opens with: nothing said (the first download, or the
/// whole app loaded for a link), or what the first download handed over.
#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    #[prop_or_default]
    pub request: Option<Request>,
}

/// The app, as the first download ([`FirstLoad`]) or whole ([`Everything`]).
#[function_component]
pub fn App(props: &AppProps) -> Html {
    let setup = use_state(|| storage::load_setup().unwrap_or_default());
    // A saved match resumes where it was; a bad save leaves a notice.
    let resumed = use_mut_ref(storage::load_save);
    let notice = use_state(|| match &*resumed.borrow() {
        Resume::Bad { why, kept_aside } => Some((*why, *kept_aside)),
        _ => None,
    });
    let prefs = use_state(Prefs::load);
    let lang = prefs.lang;
    // An invite link opens the friend's page; a share link the replay
    // viewer; a broken one says so. What the first download handed over
    // comes first.
    let opened = use_mut_ref(parts::opened);
    let join_error = use_state(|| opened.borrow().error);
    let overlay = use_state(|| {
        props
            .request
            .as_ref()
            .and_then(Request::overlay)
            .unwrap_or_else(|| opened.borrow().overlay.clone())
    });
    let screen = use_state(|| {
        if let Some(screen) = opened.borrow_mut().screen.take() {
            return screen;
        }
        match std::mem::replace(&mut *resumed.borrow_mut(), Resume::None) {
            Resume::Game(state) => parts::online(*state, lang, 1, false),
            _ => Screen::Setup,
        }
    });
    let starting = use_state(|| starting_match(&screen));
    // The game on screen is the guided first game.
    let learning = use_state(|| false);
    let error = use_state(|| None::<SetupError>);
    let fixed_seed = use_mut_ref(seed_from_address);
    let on_prefs = use_page(&prefs, matches!(*screen, Screen::Game(..)));
    let begin = start::use_begin(Begin {
        setup: setup.clone(),
        screen: screen.clone(),
        error: error.clone(),
        notice: notice.clone(),
        learning: learning.clone(),
        fixed_seed,
        lang,
        online: parts::online,
    });
    let Starts {
        start,
        learn: on_learn,
        daily: on_daily,
        rematch: on_rematch,
        practice: on_practice,
    } = starts(&begin, &overlay);
    let on_change = {
        let setup = setup.clone();
        Callback::from(move |s: GameSetup| {
            storage::save_setup(&s);
            setup.set(s)
        })
    };
    let new_game = start::leave(screen.clone(), setup.clone());
    let actions = overlay_actions(&overlay, &setup);
    let open_rules = {
        let overlay = overlay.clone();
        Callback::from(move |()| overlay.set(Overlay::Rules))
    };
    use_scroll_top(&screen, &overlay);
    use_boot_screen(BootTaps {
        on_setup: matches!(*screen, Screen::Setup),
        quick: start.clone(),
        daily: on_daily.clone(),
        learn: on_learn.clone(),
        overlay: overlay.clone(),
        starting: starting.clone(),
    });
    // Handed a new match with friends: its lobby opens at once.
    {
        let (start, fresh) = (start.clone(), props.request == Some(Request::Start));
        use_effect_with((), move |_| {
            if fresh {
                start.emit(())
            }
        });
    }
    let rules = match &*screen {
        Screen::Game(state, _, _) => state.setup.rules,
        #[cfg(feature = "full")]
        Screen::Lobby(state, _, _) => state.setup.rules,
        #[cfg(feature = "full")]
        Screen::Join(link) => link.rules(),
        Screen::Setup => setup.rules,
        #[cfg(not(feature = "full"))]
        Screen::Elsewhere(_) => setup.rules,
    };
    #[cfg(feature = "full")]
    let on_setup = matches!(&*screen, Screen::Setup | Screen::Lobby(..));
    #[cfg(not(feature = "full"))]
    let on_setup = matches!(&*screen, Screen::Setup);
    let header = header(lang, on_setup && !*starting, &overlay, &setup);
    let dismiss_notice = {
        let notice = notice.clone();
        Callback::from(move |()| notice.set(None))
    };
    let body = match &*screen {
        // The boot screen shows until the tapped match is drawn.
        Screen::Setup if *starting => Html::default(),
        Screen::Setup => html! {
            <>
            if let Some((bad, kept_aside)) = *notice {
                <SaveNotice {bad} {kept_aside} on_dismiss={dismiss_notice} />
            }
            if let Some(key) = *join_error {
                <p class="error-text notice" role="alert">{ tr(lang, key) }</p>
            }
            <SetupScreen setup={(*setup).clone()} {on_change} on_start={start.clone()} {on_daily}
                on_learn={on_learn.clone()} error={(*error).clone()} />
            </>
        },
        #[cfg(feature = "full")]
        Screen::Lobby(..) | Screen::Join(_) => parts::online_screen(&screen, lang, new_game),
        #[cfg(not(feature = "full"))]
        Screen::Elsewhere(request) => {
            // Not loaded (offline, say): back to the setup, the save kept.
            let on_back = {
                let screen = screen.clone();
                Callback::from(move |()| screen.set(Screen::Setup))
            };
            let request = request.encode().map(AttrValue::from);
            html! { <Handover {request} {on_back} /> }
        }
        Screen::Game(state, n, link) => html! {
            <Game key={*n} start={state.clone()} link={link.clone()}
                paused={*overlay != Overlay::None && *overlay != Overlay::Stats}
                on_play_again={start} {on_rematch} {on_practice} on_new_game={new_game} on_rules={open_rules}
                on_replay={if state.setup.people() == 1 { actions.my_replay.clone() } else { actions.replay.clone() }}
                on_review={actions.review.clone()} learn={*learning} />
        },
    };
    html! {
        <ContextProvider<Lang> context={lang}>
        <ContextProvider<Prefs> context={*prefs}>
        <ContextProvider<Callback<Prefs>> context={on_prefs}>
            { for header }
            { overlay_view(&overlay, rules, on_setup.then_some(on_learn), &actions) }
            <div class="screen" hidden={*overlay != Overlay::None}>{ body }</div>
        </ContextProvider<Callback<Prefs>>>
        </ContextProvider<Prefs>>
        </ContextProvider<Lang>>
    }
}
