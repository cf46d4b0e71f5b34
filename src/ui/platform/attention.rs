//! "Your turn" when the page is in the background, at an online table
//! (whole app only): the tab's title, the chime and, if the player allowed
//! it in Settings, a system notification. The screens only say whether the
//! match waits on this player ([`use_turn_alert`]); this module listens to
//! the page's visibility itself and does what the pure rules of
//! [`crate::table::attention`] decide. Nothing here can panic: a browser
//! without notifications (or that refuses them) only loses the
//! notification.
//!
//! The setting is kept in `localStorage` under `ono99.alerts` as
//! `notify=1` or `notify=0`; anything else reads as off. It is on only
//! after the browser granted the permission, asked from the click that
//! turned it on (browsers ignore a request that no gesture started).

use crate::i18n::{online, Lang, OnlineKey};
use crate::table::attention::{Alert, Title, TurnAlert};
use crate::ui::platform::{sound, storage};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Notification, NotificationOptions, NotificationPermission};
use yew::prelude::*;

const STORAGE_KEY: &str = "ono99.alerts";

/// What the page keeps between changes.
struct Page {
    rules: TurnAlert,
    /// The language of the texts, the one of the latest screen that asked.
    lang: Lang,
    /// The title the tab had before it said "your turn".
    title: Option<String>,
    /// The notification showing for this turn and its click handler
    /// (kept alive as long as the notification).
    notice: Option<(Notification, Closure<dyn FnMut()>)>,
}

thread_local! {
    /// `None` until a screen first asks (the listener is added then).
    static PAGE: RefCell<Option<Page>> = const { RefCell::new(None) };
}

fn document() -> Option<Document> {
    web_sys::window()?.document()
}

/// Whether the page is hidden now (another tab, a minimized window, a
/// locked phone). A browser that cannot say counts as visible.
fn page_hidden() -> bool {
    document().is_some_and(|d| d.hidden())
}

/// A screen of an online match: `waiting` is whether the match waits on
/// this page's player now. Leaving the screen counts as not waiting, so
/// that no title or notification outlives the table.
#[hook]
pub fn use_turn_alert(waiting: bool, lang: Lang) {
    use_effect_with((waiting, lang), |&(waiting, lang)| {
        report(Some(lang), |rules| rules.waiting(waiting));
    });
    use_effect_with((), |_| || report(None, |rules| rules.waiting(false)));
}

/// Tells the rules of one change and does what they answer; `lang`, the
/// screen's language when a screen reports (the page's own events know
/// none).
fn report(lang: Option<Lang>, change: impl FnOnce(&mut TurnAlert) -> Alert) {
    let first = PAGE.with(|p| p.borrow().is_none());
    if first {
        listen_to_visibility();
    }
    let alert = PAGE.with(|p| {
        let mut p = p.borrow_mut();
        let page = p.get_or_insert_with(|| Page {
            rules: TurnAlert::new(page_hidden()),
            lang: lang.unwrap_or_default(),
            title: None,
            notice: None,
        });
        if let Some(lang) = lang {
            page.lang = lang;
        }
        change(&mut page.rules)
    });
    perform(alert);
}

/// Listens for the page being hidden or shown again, for the page's life.
fn listen_to_visibility() {
    let Some(doc) = document() else {
        return;
    };
    let handler = Closure::<dyn Fn()>::new(|| {
        let hidden = page_hidden();
        report(None, |rules| rules.hidden(hidden));
    });
    let _ =
        doc.add_event_listener_with_callback("visibilitychange", handler.as_ref().unchecked_ref());
    // The page lives as long as the app: the listener is never removed.
    handler.forget();
}

/// Does what the rules asked. Each part takes the page's state for a
/// moment only: the chime and the browser's calls run outside it.
fn perform(alert: Alert) {
    let lang = PAGE.with(|p| p.borrow().as_ref().map(|p| p.lang).unwrap_or_default());
    match alert.title {
        Title::Keep => {}
        Title::YourTurn => {
            if let Some(doc) = document() {
                let before = doc.title();
                PAGE.with(|p| {
                    if let Some(page) = p.borrow_mut().as_mut() {
                        page.title = Some(before);
                    }
                });
                doc.set_title(online(lang, OnlineKey::YourTurnTitle));
            }
        }
        Title::Restore => {
            let before = PAGE.with(|p| p.borrow_mut().as_mut().and_then(|page| page.title.take()));
            if let (Some(doc), Some(before)) = (document(), before) {
                doc.set_title(&before);
            }
        }
    }
    if alert.close_notice {
        let notice = PAGE.with(|p| p.borrow_mut().as_mut().and_then(|page| page.notice.take()));
        if let Some((notice, _handler)) = notice {
            notice.close();
        }
    }
    if alert.chime {
        // A hidden page's audio may have been put to sleep: wake it.
        sound::your_turn_waking();
    }
    if alert.notify && notify_wanted() && permission() == Some(NotificationPermission::Granted) {
        if let Some(shown) = show_notice(lang) {
            PAGE.with(|p| {
                if let Some(page) = p.borrow_mut().as_mut() {
                    page.notice = Some(shown);
                }
            });
        }
    }
}

/// The notification for this turn; a click on it brings the page back.
/// `None` where the browser refuses to make one here (some phones only
/// show notifications from a service worker).
fn show_notice(lang: Lang) -> Option<(Notification, Closure<dyn FnMut()>)> {
    let options = NotificationOptions::new();
    options.set_body(online(lang, OnlineKey::YourTurnNotice));
    options.set_icon("icons/icon-192.png");
    options.set_lang(lang.code());
    // One notification for the table at a time: a new turn replaces it.
    options.set_tag("ono99-your-turn");
    let notice = Notification::new_with_options("ONO 99", &options).ok()?;
    let shown = notice.clone();
    let handler = Closure::<dyn FnMut()>::new(move || {
        if let Some(window) = web_sys::window() {
            let _ = window.focus();
        }
        shown.close();
    });
    notice.set_onclick(Some(handler.as_ref().unchecked_ref()));
    Some((notice, handler))
}

/// Whether this browser has the Notification API at all (calling it
/// where it is missing would throw).
pub fn notifications_exist() -> bool {
    web_sys::window().is_some_and(|w| {
        js_sys::Reflect::has(&w, &JsValue::from_str("Notification")).unwrap_or(false)
    })
}

/// The browser's answer so far: granted, denied or not asked (`Default`);
/// `None` without the Notification API.
pub fn permission() -> Option<NotificationPermission> {
    notifications_exist().then(Notification::permission)
}

/// Whether the player turned the notification on (Settings).
pub fn notify_wanted() -> bool {
    storage::read(STORAGE_KEY).is_some_and(|text| {
        text.lines()
            .filter_map(|l| l.split_once('='))
            .any(|(name, value)| name.trim() == "notify" && value.trim() == "1")
    })
}

/// Keeps the setting for the next visit (quietly, if storage is full or
/// forbidden).
pub fn set_notify_wanted(on: bool) {
    let _ = storage::write(STORAGE_KEY, if on { "notify=1\n" } else { "notify=0\n" });
}

/// What asking the browser for notifications gave.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Asked {
    Granted,
    /// The browser or the player said no (or closed its prompt).
    Refused,
    /// No Notification API here.
    Missing,
}

/// Asks the browser's permission to notify; call from the click that
/// turned the setting on. Already granted or denied, answers at once.
pub async fn ask() -> Asked {
    match permission() {
        None => return Asked::Missing,
        Some(NotificationPermission::Granted) => return Asked::Granted,
        Some(NotificationPermission::Denied) => return Asked::Refused,
        Some(_) => {}
    }
    // Older Safari answers through a callback and returns no promise.
    let Ok(promise) = Notification::request_permission() else {
        return Asked::Refused;
    };
    if !JsValue::from(promise.clone()).is_instance_of::<js_sys::Promise>() {
        return Asked::Refused;
    }
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    if permission() == Some(NotificationPermission::Granted) {
        Asked::Granted
    } else {
        Asked::Refused
    }
}
