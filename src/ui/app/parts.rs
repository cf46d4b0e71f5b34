//! Two builds of one app. The first download ([`FirstLoad`]) carries what a
//! player needs to play at once: the first screen, the setup, the rules,
//! settings and the table against bots or at this device. The statistics,
//! replays, reviews and online tables are in a second module, the whole
//! app ([`Everything`]), loaded when one of them is first opened: the first
//! download then hands the page over to it, saying what to open with a
//! [`Request`] (matches travel as their share codes). Both are the same
//! [`super::App`]; only these few places differ, and the compiler leaves
//! out of the first download everything only [`Everything`] reaches.

use super::{start, Opened, Overlay, OverlayActions, Screen};
use crate::i18n::{Key, Lang};
use crate::rules::Played;
use crate::ui::online::GuestLink;
use crate::ui::platform::address;
use crate::ui::platform::prefs::NetworkPrefs;
use crate::ui::screens::guest::GuestScreen;
use crate::ui::screens::handover::Handover;
use crate::ui::screens::replay::ReplayScreen;
use crate::ui::screens::review::ReviewScreen;
use crate::ui::screens::stats::StatsScreen;
use crate::ui::state::GameState;
use std::rc::Rc;
use yew::prelude::*;

/// Where the places that differ between the two builds go.
pub trait Parts: 'static {
    /// What the page's address opened (an invite or a share link).
    fn opened() -> Opened;
    /// A match with friends on their devices: its lobby (`fresh`: a new
    /// match from the stored setup; otherwise a saved one resumed).
    fn online(state: GameState, lang: Lang, n: u32, fresh: bool) -> Screen;
    /// The statistics, a replay or a review over the screen.
    fn overlay(overlay: &Overlay, on: &OverlayActions) -> Html;
    /// An online table's lobby or a friend's page.
    fn online_screen(screen: &UseStateHandle<Screen>, lang: Lang, on_leave: Callback<()>) -> Html;
}

/// The whole app: every screen, online tables, links.
pub struct Everything;

/// The first download: what it does not carry, it asks [`Everything`] for.
pub struct FirstLoad;

impl Parts for Everything {
    fn opened() -> Opened {
        let joining =
            address::join_code().map(|code| GuestLink::open(&code, &NetworkPrefs::load()));
        let shared = address::replay_code().map(|c| Played::decode(&c));
        let error = match (&joining, &shared) {
            (Some(Err(key)), _) => Some(*key),
            (_, Some(Err(_))) => Some(Key::ShareBroken),
            _ => None,
        };
        Opened {
            screen: joining.and_then(Result::ok).map(Screen::Join),
            overlay: shared
                .and_then(Result::ok)
                .map_or(Overlay::None, |p| Overlay::Replay(Rc::new(p), false)),
            error,
        }
    }

    fn online(state: GameState, lang: Lang, n: u32, _fresh: bool) -> Screen {
        start::with_online(state, lang, n)
    }

    fn overlay(overlay: &Overlay, on: &OverlayActions) -> Html {
        let key = |s: &Played| format!("{}-{}", s.seed, s.actions.len());
        let close = on.close.clone();
        match overlay {
            Overlay::Stats => html! {
                <StatsScreen on_back={close} on_replay={on.replay.clone()} on_my_replay={on.my_replay.clone()} on_review={on.review.clone()} />
            },
            Overlay::Review(shared) => html! {
                <ReviewScreen key={key(shared)} shared={shared.clone()} on_replay={on.replay.clone()} on_close={close} />
            },
            Overlay::Replay(shared, mine) => html! {
                <ReplayScreen key={key(shared)} shared={shared.clone()} mine={*mine} on_open={on.replay.clone()} on_close={close} />
            },
            Overlay::None | Overlay::Rules => Html::default(),
        }
    }

    fn online_screen(screen: &UseStateHandle<Screen>, lang: Lang, on_leave: Callback<()>) -> Html {
        match &**screen {
            Screen::Lobby(state, n, link) => start::lobby(screen, state, *n, link, lang, on_leave),
            Screen::Join(link) => html! { <GuestScreen link={link.clone()} {on_leave} /> },
            _ => Html::default(),
        }
    }
}

impl Parts for FirstLoad {
    fn opened() -> Opened {
        // The page loads the whole app itself for a link (index.html);
        // one that came by another way is handed over too.
        let link = address::join_code().is_some() || address::replay_code().is_some();
        Opened {
            screen: link.then_some(Screen::Elsewhere(Request::Address)),
            overlay: Overlay::None,
            error: None,
        }
    }

    fn online(state: GameState, _lang: Lang, n: u32, fresh: bool) -> Screen {
        if !state.setup.has_online() {
            return start::offline(state, n);
        }
        Screen::Elsewhere(if fresh {
            Request::Start
        } else {
            Request::Resume
        })
    }

    fn overlay(overlay: &Overlay, on: &OverlayActions) -> Html {
        let request = match overlay {
            Overlay::Stats => Request::Stats,
            Overlay::Replay(p, mine) => Request::Replay(p.clone(), *mine),
            Overlay::Review(p) => Request::Review(p.clone()),
            Overlay::None | Overlay::Rules => return Html::default(),
        };
        let request = request.encode().map(AttrValue::from);
        html! { <Handover {request} on_back={on.close.clone()} /> }
    }

    fn online_screen(
        _screen: &UseStateHandle<Screen>,
        _lang: Lang,
        _on_leave: Callback<()>,
    ) -> Html {
        // Never on screen here: online tables are handed over.
        Html::default()
    }
}

/// What the first download asks the whole app to open when it hands the
/// page over. Written as text for the hand-over ([`Request::encode`]).
#[derive(Clone, PartialEq, Debug)]
pub enum Request {
    /// What the page's address says (an invite or a share link).
    Address,
    /// The statistics, over the setup.
    Stats,
    /// A match step by step (`true`: played on this device).
    Replay(Rc<Played>, bool),
    /// The review of a match.
    Review(Rc<Played>),
    /// A new match with friends, from the stored setup: its lobby.
    Start,
    /// The saved match with friends: its lobby.
    Resume,
}

impl Request {
    /// The request as text: a word, then a match's share code. `None` when
    /// the match has no share code (it would not replay).
    pub fn encode(&self) -> Option<String> {
        Some(match self {
            Request::Address => String::new(),
            Request::Stats => "stats".into(),
            Request::Start => "start".into(),
            Request::Resume => "resume".into(),
            Request::Replay(p, mine) => {
                format!(
                    "{} {}",
                    if *mine { "mine" } else { "replay" },
                    p.encode().ok()?
                )
            }
            Request::Review(p) => format!("review {}", p.encode().ok()?),
        })
    }

    /// Reads a request; anything unreadable is [`Request::Address`] (the
    /// app opens as the address says).
    pub fn parse(text: &str) -> Request {
        let (word, code) = text.trim().split_once(' ').unwrap_or((text.trim(), ""));
        let played = || Played::decode(code).ok().map(Rc::new);
        match word {
            "stats" => Request::Stats,
            "start" => Request::Start,
            "resume" => Request::Resume,
            "mine" | "replay" => {
                played().map_or(Request::Address, |p| Request::Replay(p, word == "mine"))
            }
            "review" => played().map_or(Request::Address, Request::Review),
            _ => Request::Address,
        }
    }

    /// The overlay the whole app opens with.
    pub fn overlay(&self) -> Option<Overlay> {
        match self {
            Request::Stats => Some(Overlay::Stats),
            Request::Replay(p, mine) => Some(Overlay::Replay(p.clone(), *mine)),
            Request::Review(p) => Some(Overlay::Review(p.clone())),
            _ => None,
        }
    }
}
