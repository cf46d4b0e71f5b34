//! The whole app's parts of the app (built with the `full` feature): what
//! its address opens (an invite or a share link), online tables, and the
//! statistics, replays and reviews over the screen. The first download has
//! the same functions in `first.rs`, which open the whole app's page
//! instead; only one of the two is in a build.

use super::{start, Opened, Overlay, OverlayActions, Screen};
use crate::i18n::{Key, Lang};
use crate::online::fair::Proof;
use crate::routes::Route;
use crate::rules::Played;
use crate::ui::online::GuestLink;
use crate::ui::platform::address;
use crate::ui::platform::prefs::NetworkPrefs;
use crate::ui::screens::guest::GuestScreen;
use crate::ui::screens::replay::{OpenRecord, ReplayScreen};
use crate::ui::screens::review::ReviewScreen;
use crate::ui::screens::stats::StatsScreen;
use crate::ui::state::GameState;
use std::rc::Rc;
use yew::prelude::*;

/// What the page's address opened (an invite or a share link).
pub fn opened() -> Opened {
    let net = NetworkPrefs::load();
    let route = address::route();
    let joining = match &route {
        Route::Join(code) => Some(GuestLink::open(code, &net)),
        Route::Table(code) => Some(GuestLink::open_table(code, &net)),
        Route::Watch(code) => Some(GuestLink::open_watch(code, &net)),
        _ => None,
    };
    let shared = match &route {
        Route::Replay(code) => Some(Played::decode(code)),
        _ => None,
    };
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

/// A match with friends on their devices: its lobby (`fresh`: a new
/// match from the stored setup; otherwise a saved one resumed).
pub fn online(state: GameState, lang: Lang, n: u32, fresh: bool) -> Screen {
    start::with_online(state, lang, n, fresh)
}

/// The replay's "Open a record": the match opened shows from its deal
/// (`from_deal`, the replay's own) and in the replay (`replay`).
fn open_record(replay: Callback<Rc<Played>>) -> Callback<Callback<Rc<Played>>, Html> {
    Callback::from(move |from_deal: Callback<Rc<Played>>| {
        let replay = replay.clone();
        let on_open = Callback::from(move |shared: Rc<Played>| {
            from_deal.emit(shared.clone());
            replay.emit(shared);
        });
        html! { <OpenRecord {on_open} /> }
    })
}

/// The statistics, a replay or a review over the screen.
pub fn overlay(overlay: &Overlay, on: &OverlayActions) -> Html {
    let key = |s: &Played| format!("{}-{}", s.seed, s.actions.len());
    let close = on.close.clone();
    match overlay {
        Overlay::Stats => html! {
            <StatsScreen on_back={close} on_replay={on.replay.clone()} on_my_replay={on.my_replay.clone()} on_review={on.review.clone()} />
        },
        Overlay::Review(shared) => html! {
            <ReviewScreen key={key(shared)} shared={shared.clone()} open={open_record(on.replay.clone())} on_close={close}
                speed={Some(on.speed)} on_speed={on.on_speed.clone()} />
        },
        Overlay::Replay(shared, mine) => html! {
            <ReplayScreen key={key(shared)} shared={shared.clone()} mine={*mine} proof={shared_proof(shared, *mine)} open={open_record(on.replay.clone())} on_close={close} />
        },
        Overlay::None | Overlay::Rules => Html::default(),
    }
}

/// An online table's lobby or a friend's page.
pub fn online_screen(screen: &UseStateHandle<Screen>, lang: Lang, on_leave: Callback<()>) -> Html {
    match &**screen {
        Screen::Lobby(state, n, link) => start::lobby(screen, state, *n, link, lang, on_leave),
        Screen::Join(link) => html! { <GuestScreen link={link.clone()} {on_leave} /> },
        _ => Html::default(),
    }
}

/// The deal's proof the address's share link carries (format version 2,
/// issue 31), when that link is the match on show: the replay checks the
/// deal again. A match played here, or opened another way, has none.
fn shared_proof(shared: &Played, mine: bool) -> Option<Rc<Proof>> {
    if mine {
        return None;
    }
    let Route::Replay(code) = address::route() else {
        return None;
    };
    let (played, proof) = Played::decode_with_proof(&code).ok()?;
    (played == *shared).then_some(Rc::new(proof?))
}
