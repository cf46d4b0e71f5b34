//! The page coming back (issue 38): shown again after being hidden,
//! resumed after a phone froze it, or restored from the browser's
//! back/forward cache. A phone puts a page in the background as soon as
//! its player looks at another app; its timers then run late or not at
//! all, and the relays may have dropped its silent sockets. What listens
//! here reconnects at once instead of waiting for its next timer.

use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The document's events that say the page goes away or comes back, and
/// the window's.
const DOCUMENT_EVENTS: [&str; 3] = ["visibilitychange", "freeze", "resume"];
const WINDOW_EVENTS: [&str; 2] = ["pagehide", "pageshow"];

/// How long the page must have been away for its return to count (a
/// glance at another tab does not).
pub const AWAY_MS: u64 = 5_000;

/// Listens while it lives: dropped, it stops listening.
pub struct Returns {
    handler: Closure<dyn Fn(web_sys::Event)>,
}

/// Calls `back` with how long the page was away (in milliseconds) each
/// time it comes back after at least [`AWAY_MS`]: visible again, resumed
/// after being frozen, or shown from the back/forward cache. `None` when the page has no
/// document (nothing to listen to).
pub fn on_return(back: impl Fn(u64) + 'static) -> Option<Returns> {
    let window = web_sys::window()?;
    let document = window.document()?;
    let doc = document.clone();
    // When the page went away, by the wall clock (a frozen page's own
    // clock does not run).
    let away_since: Rc<Cell<Option<f64>>> = Rc::default();
    let handler = Closure::<dyn Fn(web_sys::Event)>::new(move |event: web_sys::Event| {
        let now = js_sys::Date::now();
        let going = match event.type_().as_str() {
            "freeze" | "pagehide" => true,
            "visibilitychange" => doc.hidden(),
            _ => false,
        };
        if going {
            away_since.set(away_since.get().or(Some(now)));
            return;
        }
        if let Some(since) = away_since.take() {
            let away = (now - since).max(0.0) as u64;
            if away >= AWAY_MS {
                back(away);
            }
        }
    });
    let f = handler.as_ref().unchecked_ref();
    for kind in DOCUMENT_EVENTS {
        let _ = document.add_event_listener_with_callback(kind, f);
    }
    for kind in WINDOW_EVENTS {
        let _ = window.add_event_listener_with_callback(kind, f);
    }
    Some(Returns { handler })
}

impl Drop for Returns {
    fn drop(&mut self) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let f = self.handler.as_ref().unchecked_ref();
        if let Some(document) = window.document() {
            for kind in DOCUMENT_EVENTS {
                let _ = document.remove_event_listener_with_callback(kind, f);
            }
        }
        for kind in WINDOW_EVENTS {
            let _ = window.remove_event_listener_with_callback(kind, f);
        }
    }
}
