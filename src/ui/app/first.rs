//! The first download's parts of the app (built without the `full`
//! feature): what it does not carry (statistics, replays, reviews, online
//! tables, links) it opens on the whole app's page (`full.rs` has the same
//! functions there).

use super::{start, Opened, Overlay, OverlayActions, Request, Screen};
use crate::i18n::Lang;
use crate::ui::platform::address;
use crate::ui::screens::handover::Handover;
use crate::ui::state::GameState;
use yew::prelude::*;

/// What the page's address opened (an invite or a share link).
pub fn opened() -> Opened {
    // The page loads the whole app itself for a link (index.html);
    // one that came by another way is handed over too.
    let link = address::is_shared_link();
    Opened {
        screen: link.then_some(Screen::Elsewhere(Request::Address)),
        overlay: Overlay::None,
        error: None,
    }
}

/// A match with friends on their devices: its lobby (`fresh`: a new
/// match from the stored setup; otherwise a saved one resumed).
pub fn online(state: GameState, _lang: Lang, n: u32, fresh: bool) -> Screen {
    if !state.setup.has_online() {
        return start::offline(state, n);
    }
    Screen::Elsewhere(if fresh {
        Request::Start
    } else {
        Request::Resume
    })
}

/// The statistics, a replay or a review over the screen.
pub fn overlay(overlay: &Overlay, on: &OverlayActions) -> Html {
    let request = match overlay {
        Overlay::Stats => Request::Stats,
        Overlay::Replay(p, mine) => Request::Replay(p.clone(), *mine),
        Overlay::Review(p) => Request::Review(p.clone()),
        Overlay::None | Overlay::Rules => return Html::default(),
    };
    let request = request.encode().map(AttrValue::from);
    html! { <Handover {request} on_back={on.close.clone()} /> }
}
