//! Offline play: registers the service worker (`sw.js`, generated at build
//! time by `assets/sw-build.mjs`) that keeps every file of the build. It is
//! registered once the first game's first card is on the table (or once
//! the whole app's page is up), a few seconds later: what it fetches never
//! competes with the first download. Registered from here rather than an
//! inline script, so the page's Content-Security-Policy stays strict.

use wasm_bindgen::prelude::*;

/// How long after the first card (or the whole app's page) the service
/// worker is registered.
pub const AFTER_MS: u32 = 3_000;

/// Registers `sw.js` next to the page (its URL resolves against the
/// page's `<base>`, so the app works under a sub-path). Without service
/// workers (insecure context, old browser) the game simply stays online.
pub fn register_service_worker() {
    let Some(window) = web_sys::window() else {
        return;
    };
    if !window.is_secure_context() {
        return;
    }
    let navigator = window.navigator();
    // `serviceWorker` is missing from some browsers' navigators.
    let has_sw =
        js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).unwrap_or(false);
    if !has_sw {
        return;
    }
    let promise = navigator.service_worker().register("sw.js");
    // A failed registration (e.g. storage disabled) is not the game's
    // problem: swallow it rather than log an unhandled rejection.
    let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
    let _ = promise.catch(&ignore);
    ignore.forget();
}
