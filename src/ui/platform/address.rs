//! The page's address: what it opens ([`Route`]: an invite, table, watch
//! or share link, or what the first download asked the whole app's page
//! for), and dropping it once used.

use crate::routes::Route;

/// What the page's address opens (`crate::routes`): anything unreadable
/// is [`Route::Home`].
pub fn route() -> Route {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .map_or(Route::Home, |hash| Route::read(&hash))
}

/// The game's first page, as anyone may open it ([`crate::routes::home_link`]).
pub fn home_link() -> String {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    crate::routes::home_link(&href)
}

/// Whether the page's address is a link people share (`#join=`,
/// `#table=`, `#watch=`, `#replay=`: [`Route::is_shared_address`]).
pub fn is_shared_link() -> bool {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .is_some_and(|hash| Route::is_shared_address(&hash))
}

/// Drops the address's fragment (`#join=…`, `#replay=…`), keeping the
/// page (`base`).
pub fn forget_code(base: &str) {
    if let Some(w) = web_sys::window() {
        if let Ok(history) = w.history() {
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(base));
        }
    }
}

/// Loads the page again (into the site's newest build, keeping its
/// address: the saved match resumes).
pub fn reload() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}

/// The turn limit the address asks an online table's lobby to preselect
/// (`?turn_limit=N`, in seconds): the browser tests' hook, as `?seed=`
/// is for a fixed deal, so a silent friend's turn ends in a few seconds.
#[cfg(feature = "full")]
pub fn turn_limit() -> Option<crate::online::turn_limit::TurnLimit> {
    let search = web_sys::window()?.location().search().ok()?;
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("turn_limit="))
        .and_then(crate::online::turn_limit::TurnLimit::parse)
}
