//! What the first download asks the whole app's page to open, in that
//! page's address.

use super::Overlay;
use crate::routes::Route;
use crate::rules::Played;
use std::rc::Rc;

/// What the first download asks the whole app's page to open: its
/// address's `#…` ([`Request::encode`]): a [`Route`], with a match's
/// share code for a replay or a review.
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
    /// The request as the address's `#…` (`crate::routes`). `None` when
    /// the match has no share code (it would not replay).
    // The whole app reads requests; only the first download writes them.
    #[cfg_attr(feature = "full", allow(dead_code))]
    pub fn encode(&self) -> Option<String> {
        let route = match self {
            Request::Address => Route::Home,
            Request::Stats => Route::Stats,
            Request::Start => Route::Start,
            Request::Resume => Route::Resume,
            Request::Replay(p, true) => Route::Mine(p.encode().ok()?),
            Request::Replay(p, false) => Route::Replay(p.encode().ok()?),
            Request::Review(p) => Route::Review(p.encode().ok()?),
        };
        Some(route.fragment())
    }

    /// The request the address's route makes (`crate::routes`):
    /// [`Request::Address`] for the links people share (the app opens them as the address says) and for a
    /// match's code that does not read.
    pub fn from_route(route: &Route) -> Request {
        let played = |code: &str| Played::decode(code).ok().map(Rc::new);
        match route {
            Route::Stats => Request::Stats,
            Route::Start => Request::Start,
            Route::Resume => Request::Resume,
            Route::Mine(code) => {
                played(code).map_or(Request::Address, |p| Request::Replay(p, true))
            }
            Route::Replay(code) => {
                played(code).map_or(Request::Address, |p| Request::Replay(p, false))
            }
            Route::Review(code) => played(code).map_or(Request::Address, Request::Review),
            _ => Request::Address,
        }
    }

    /// Whether the address should forget the request once it is read: a
    /// reload then opens the app as it is (a second "start" would deal a
    /// new match). Invite and share links stay until they are used.
    pub fn spent_on_reading(&self) -> bool {
        !matches!(self, Request::Address | Request::Replay(_, false))
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
