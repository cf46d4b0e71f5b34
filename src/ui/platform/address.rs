//! The page's address: the invite link (`#join=…`) or share link
//! (`#replay=…`) it was opened with, and dropping it once used.

/// The invite link the page was opened with (`#join=…`), if any.
pub fn join_code() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix("#join=").map(str::to_string)
}

/// The table link the page was opened with (`#table=…`), if any.
pub fn table_code() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix("#table=").map(str::to_string)
}

/// The watch link the page was opened with (`#watch=…`), if any.
pub fn watch_code() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix("#watch=").map(str::to_string)
}

/// The shared match the page was opened with (`#replay=…`), if any.
pub fn replay_code() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix("#replay=").map(str::to_string)
}

/// Drops `#join=…` or `#replay=…` from the address, keeping the page
/// (`base`).
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
