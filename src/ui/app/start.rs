//! How a match starts and ends on this page: every new match (the setup's
//! table, "Play again", Today's deal, the guided first game) goes through
//! one callback, [`use_begin`]; an online table opens its lobby first; the
//! lobby's Start puts the game on screen; leaving goes back to the setup.

use super::Screen;
use crate::i18n::Lang;
#[cfg(feature = "full")]
use crate::i18n::{tr, Key};
use crate::rules::SetupError;
#[cfg(feature = "full")]
use crate::ui::online::{self, HostLink};
#[cfg(feature = "full")]
use crate::ui::platform::address;
use crate::ui::platform::clock::random_seed;
#[cfg(feature = "full")]
use crate::ui::platform::console::warn;
#[cfg(feature = "full")]
use crate::ui::platform::prefs::NetworkPrefs;
use crate::ui::platform::storage;
use crate::ui::screens::game::Online;
#[cfg(feature = "full")]
use crate::ui::screens::lobby::Lobby;
use crate::ui::state::{GameSetup, GameState};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// What a new match is.
#[derive(Clone, PartialEq)]
pub enum NewMatch {
    /// The setup screen's table (Start game, Quick play, Play again).
    Setup,
    /// "Play again" at the end of an online match (the match as it ended):
    /// the next one at the same table, with the friends still connected.
    /// Without an online table on screen: that game's table (the
    /// lesson's, not the setup's), dealt anew.
    Rematch(Rc<GameState>),
    /// Today's deal.
    Daily,
    /// Today's deal of that day (`YYYY-MM-DD`) again, as practice: the
    /// counted attempt is not touched.
    DailyPractice(String),
    /// Learn to play: the guided first game.
    Learn,
}

/// The game with its online session, when friends play from their devices:
/// the lobby comes first (for a resumed match too, `fresh` false: everyone
/// is invited again, and the lobby offers to resume it).
#[cfg(feature = "full")]
pub fn with_online(state: GameState, lang: Lang, n: u32, fresh: bool) -> Screen {
    if !state.setup.has_online() {
        return offline(state, n);
    }
    let setup = state.setup.clone();
    // Friends see the host by name: "Host" when none was given.
    let table = setup.table_setup(|s| {
        if s.index() == 0 && setup.player_name.trim().is_empty() {
            tr(lang, Key::HostName).to_string()
        } else {
            setup.name(s, lang)
        }
    });
    let config = online::ice_config(&NetworkPrefs::load());
    // A bot that stood in for a friend before a reload goes on.
    match state.session_for(table) {
        Ok(session) => {
            let link = HostLink::new(session, config);
            link.set_resumed(!fresh);
            // The limit the saved match had, or the one the address asks
            // for (`?turn_limit=N`, seconds: the browser tests' hook).
            link.set_turn_limit(address::turn_limit().unwrap_or(state.turn_limit));
            Screen::Lobby(Rc::new(state), n, link)
        }
        Err(_) => Screen::Setup,
    }
}

/// "Play with friends" from the first screen (its link, `#friends`): the
/// stored setup gets a friend online in the first seat after the host's
/// (unless a friend plays one already), and once the form is drawn that
/// seat's row takes focus, in view: its Start game opens the lobby with
/// the table link.
#[cfg(feature = "full")]
pub fn play_with_friends() {
    let mut setup = storage::load_setup().unwrap_or_default();
    let seat = setup.with_a_friend();
    storage::save_setup(&setup);
    focus_when_drawn(format!("seat-level-{}", seat.0 + 1), 50);
}

/// Focuses the element `id` once the page draws it (tried every 100 ms,
/// `tries` times).
#[cfg(feature = "full")]
fn focus_when_drawn(id: String, tries: u32) {
    if !crate::ui::platform::focus::reveal(&id) && tries > 0 {
        gloo_timers::callback::Timeout::new(100, move || focus_when_drawn(id, tries - 1)).forget();
    }
}

/// A match played at this device only.
pub fn offline(state: GameState, n: u32) -> Screen {
    Screen::Game(Rc::new(state), n, None)
}

/// Closes the online table on screen, if any (the host leaves it).
pub fn close_online(screen: &Screen) {
    match screen {
        Screen::Game(_, _, Some(Online(link))) => link.close_all(),
        #[cfg(feature = "full")]
        Screen::Lobby(_, _, link) => link.close_all(),
        _ => {}
    }
}

/// What starting a match changes on the page.
pub struct Begin {
    pub setup: UseStateHandle<GameSetup>,
    pub screen: UseStateHandle<Screen>,
    pub error: UseStateHandle<Option<SetupError>>,
    pub notice: UseStateHandle<Option<(crate::play::save::BadSave, bool)>>,
    pub learning: UseStateHandle<bool>,
    /// The seed the address asked for (`?seed=`), used once.
    pub fixed_seed: Rc<RefCell<Option<u64>>>,
    pub lang: Lang,
    /// How a match with friends online opens (`super::parts::online`).
    pub online: fn(GameState, Lang, u32, bool) -> Screen,
}

/// Every new match, whatever starts it: the setup screen's table (and
/// "Play again"), Today's deal, or the guided first game. Returns whether
/// the match started (an impossible setup leaves its error on screen).
#[hook]
pub fn use_begin(begin: Begin) -> Callback<NewMatch, bool> {
    let games = use_mut_ref(|| 1u32);
    let counter = games.clone();
    let next_n = move || {
        let mut g = counter.borrow_mut();
        *g += 1;
        *g
    };
    Callback::from(move |kind: NewMatch| {
        #[cfg(feature = "full")]
        crate::ui::platform::console::note(match &kind {
            NewMatch::Setup => "a new match: the setup's",
            NewMatch::Rematch(_) => "a new match: play again",
            NewMatch::Daily => "a new match: today's deal",
            NewMatch::DailyPractice(_) => "a new match: today's deal, practice",
            NewMatch::Learn => "a new match: learn to play",
        });
        let setup = &begin.setup;
        if let NewMatch::Rematch(state) = &kind {
            if let Screen::Game(_, _, Some(link)) = &*begin.screen {
                if state.session().is_some_and(|s| s.game().is_over()) {
                    // The next match at the same table, dealt once the
                    // friends' contributions came (a deal anyone can check).
                    let (state, link) = (state.clone(), link.clone());
                    let (screen, error) = (begin.screen.clone(), begin.error.clone());
                    let (learning, games) = (begin.learning.clone(), games.clone());
                    link.0.clone().deal_next(Box::new(move |seed| {
                        let Some(next) = state.rematch(seed) else {
                            return;
                        };
                        storage::forget_bad_save();
                        error.set(None);
                        learning.set(false);
                        let n = {
                            let mut g = games.borrow_mut();
                            *g += 1;
                            *g
                        };
                        screen.set(Screen::Game(Rc::new(next), n, Some(link)));
                    }));
                    return true;
                }
            }
        }
        let (table, seed) = match kind.clone() {
            // Play again at a table that is not the setup's (the lesson:
            // you and its two Easy bots): that table, dealt anew, without
            // the coach.
            NewMatch::Rematch(state) => (
                GameSetup {
                    speed: setup.speed,
                    ..(*state.setup).clone()
                },
                random_seed(),
            ),
            NewMatch::Setup => (
                (**setup).clone(),
                begin
                    .fixed_seed
                    .borrow_mut()
                    .take()
                    .unwrap_or_else(random_seed),
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
            NewMatch::DailyPractice(day) => (
                GameSetup::daily(&setup.player_name, setup.speed),
                crate::ui::state::daily_seed(&day),
            ),
            // A fixed deal against two Easy bots.
            NewMatch::Learn => (
                crate::ui::screens::coach::learn_setup(&setup.player_name),
                crate::ui::screens::coach::LEARN_SEED,
            ),
        };
        let state = match GameState::new(Rc::new(table), seed) {
            Ok(state) => state,
            Err(e) => {
                begin.error.set(Some(e));
                return false;
            }
        };
        if matches!(kind, NewMatch::Setup | NewMatch::Rematch(_)) {
            storage::save_setup(setup);
            begin.notice.set(None);
        }
        storage::forget_bad_save();
        let n = next_n();
        begin.error.set(None);
        begin.learning.set(kind == NewMatch::Learn);
        close_online(&begin.screen);
        begin.screen.set((begin.online)(state, begin.lang, n, true));
        true
    })
}

/// Leaving a match (or its end screen, or a friend's table): back to the
/// setup, with nothing to resume.
pub fn leave(screen: UseStateHandle<Screen>, setup: UseStateHandle<GameSetup>) -> Callback<()> {
    Callback::from(move |()| {
        close_online(&screen);
        #[cfg(feature = "full")]
        if matches!(&*screen, Screen::Join(_)) {
            // A friend leaving an online table: their own setup is
            // untouched (it never held the table).
            address::forget_code(&online::page_base());
            screen.set(Screen::Setup);
            return;
        }
        storage::clear_save();
        // The setup as stored: with a speed chosen during the game.
        if let Some(stored) = storage::load_setup() {
            setup.set(stored);
        }
        screen.set(Screen::Setup)
    })
}

/// An online table's lobby; its Start puts the game on screen, which holds
/// the session (with the seats the host let a bot play there) from then on.
#[cfg(feature = "full")]
pub fn lobby(
    screen: &UseStateHandle<Screen>,
    state: &Rc<GameState>,
    n: u32,
    link: &Rc<HostLink>,
    lang: Lang,
    on_leave: Callback<()>,
) -> Html {
    let seats = link
        .guest_seats()
        .into_iter()
        .map(|seat| (seat, AttrValue::from(state.setup.name(seat, lang))))
        .collect::<Vec<_>>();
    let on_start = {
        let (screen, state, link) = (screen.clone(), state.clone(), link.clone());
        Callback::from(move |()| {
            if link.started() || link.shuffling() {
                // A second press while the first one's table is dealt.
                warn("the lobby's Start was pressed again after the match started");
                return;
            }
            let (screen, state, online) = (screen.clone(), state.clone(), link.clone());
            link.start_fairly(move |session| {
                // Dealt again from the friends' contributions, or as it was.
                let seed = session.save().seed;
                let base = if seed == state.seed {
                    Some((*state).clone())
                } else {
                    state.redealt(seed)
                };
                match base.and_then(|b| b.hosted(session)) {
                    Some(mut game) => {
                        game.turn_limit = online.turn_limit();
                        let table = Online(online.clone());
                        screen.set(Screen::Game(Rc::new(game), n, Some(table)))
                    }
                    // The session was built for this very match: not reached.
                    None => {
                        warn("the online session is at another match than the lobby's");
                        online.close_all();
                        screen.set(Screen::Setup)
                    }
                }
            });
        })
    };
    // A match saved mid-way (the host's page reloaded): the lobby says so.
    let resumed = link
        .resumed()
        .then(|| (state.game().hand_number(), state.actions.len()));
    html! { <Lobby key={n} link={link.clone()} {seats} {on_start} {on_leave} {resumed} /> }
}
