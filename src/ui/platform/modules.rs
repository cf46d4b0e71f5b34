//! The page's two modules of game code (`index.html` loads them): the
//! first download, which plays at once, and the whole app, loaded when the
//! first download is asked for a screen it does not carry. The first
//! download hands the page over: it takes itself off the page just before
//! the whole app draws, with a request saying what to open
//! (`ui::app::Request`, as text).

use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// index.html's loader: `__ono99Open(request, before, failed)` loads the
/// whole app, calls `before()`, then opens it at `request`; `failed(why)`
/// when it cannot be loaded.
const OPEN: &str = "__ono99Open";

thread_local! {
    /// What takes the first download off the page (set when it mounts).
    static LEAVE: RefCell<Option<Box<dyn FnOnce()>>> = const { RefCell::new(None) };
    /// A hand-over is under way: a second ask waits for it.
    static OPENING: RefCell<bool> = const { RefCell::new(false) };
}

/// Remembers how the first download leaves the page when it hands over.
pub fn on_leave(leave: impl FnOnce() + 'static) {
    LEAVE.with(|l| *l.borrow_mut() = Some(Box::new(leave)));
}

/// Loads the whole app and hands the page over to it at `request`.
/// `failed` runs if it cannot be loaded (offline, and not kept for offline
/// play yet); the first download then stays and may ask again.
pub fn hand_over(request: &str, failed: impl FnOnce() + 'static) {
    if OPENING.with(|o| std::mem::replace(&mut *o.borrow_mut(), true)) {
        return;
    }
    let open = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str(OPEN)).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(open) = open else {
        OPENING.with(|o| *o.borrow_mut() = false);
        failed();
        return;
    };
    let failed = std::rc::Rc::new(RefCell::new(Some(failed)));
    let fail = move || {
        OPENING.with(|o| *o.borrow_mut() = false);
        if let Some(f) = failed.borrow_mut().take() {
            f()
        }
    };
    let before = Closure::once_into_js(|| {
        if let Some(leave) = LEAVE.with(|l| l.borrow_mut().take()) {
            leave();
        }
    });
    let on_fail = {
        let fail = fail.clone();
        Closure::once_into_js(move |_why: JsValue| fail())
    };
    if open
        .call3(
            &JsValue::NULL,
            &JsValue::from_str(request),
            &before,
            &on_fail,
        )
        .is_err()
    {
        fail();
    }
}
