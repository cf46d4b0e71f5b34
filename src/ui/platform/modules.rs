//! The site's two pages of game code: the first download (`index.html`),
//! which plays at once, and the whole app (`app/`: the same page and
//! loader, with the module that also carries statistics, replays, reviews
//! and online tables). The first download opens the whole app by a
//! navigation, with what to open in the address (`ui::app::Request`, as
//! `#stats`, `#review=<code>`…); the match in play is saved, so it is
//! there too. Each page runs one app, and a page of an older deployment
//! never asks for a file the newer one has dropped: the whole app's page
//! is fetched afresh, with the newer names in it.

use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::JsCast;

/// The whole app's page, relative to the site's base address.
const APP_PAGE: &str = "app/";

/// How long the whole app's page may take to answer before the first
/// download says it could not be loaded.
const PATIENCE_MS: u32 = 10_000;

/// The whole app's page as an absolute address, with this page's query
/// and `request` after `#`.
fn app_address(request: &str) -> Option<String> {
    let document = web_sys::window()?.document()?;
    let base = document.base_uri().ok().flatten()?;
    let page = web_sys::Url::new_with_base(APP_PAGE, &base).ok()?;
    // Nothing asked: the address's own (a link pasted into a first page).
    // Its query goes along (a deal asked for with `?seed=`).
    let location = web_sys::window()?.location();
    let own = location.hash().ok().unwrap_or_default();
    page.set_search(&location.search().ok().unwrap_or_default());
    page.set_hash(if request.is_empty() { &own } else { request });
    Some(page.href())
}

/// Whether this page is the whole app's.
pub fn on_app_page() -> bool {
    web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .is_some_and(|p| p.ends_with("/app/") || p.ends_with("/app/index.html"))
}

/// Opens the whole app's page at `request`. It is asked for first (past
/// the HTTP cache; the service worker answers offline if it kept it), so
/// that with no network and no copy kept the first download stays and
/// `failed` runs, rather than the browser's error page; as it does when
/// no answer comes within 10 s.
pub fn open_app(request: &str, failed: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else {
        return failed();
    };
    let Some(address) = app_address(request) else {
        return failed();
    };
    // Whoever takes `failed` first decides: the timer (it gives up), a
    // failed answer (it gives up), or a good one (it navigates).
    type Failed = Rc<Cell<Option<Box<dyn FnOnce()>>>>;
    let failed: Failed = Rc::new(Cell::new(Some(Box::new(failed))));
    let give_up = {
        let failed = failed.clone();
        move || {
            if let Some(f) = failed.take() {
                f()
            }
        }
    };
    let timer = gloo_timers::callback::Timeout::new(PATIENCE_MS, give_up.clone());
    let init = web_sys::RequestInit::new();
    init.set_cache(web_sys::RequestCache::NoCache);
    let page = address.split('#').next().unwrap_or_default().to_string();
    let asked = window.fetch_with_str_and_init(&page, &init);
    wasm_bindgen_futures::spawn_local(async move {
        let answer = wasm_bindgen_futures::JsFuture::from(asked).await;
        drop(timer);
        let ok = answer.is_ok_and(|r| r.dyn_into::<web_sys::Response>().is_ok_and(|r| r.ok()));
        if !ok {
            return give_up();
        }
        if let Some(f) = failed.take() {
            if window.location().assign(&address).is_err() {
                f()
            }
        }
    });
}
