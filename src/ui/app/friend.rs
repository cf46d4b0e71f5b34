//! A friend's page alone (issue 38): the module of game code the whole
//! app's page loads for an invite, table or watch link (`ono99-friend`,
//! `src/friend_main.rs`). It carries the friend's page and the table from
//! their seat, not the setup, the host's lobby, statistics or Today's
//! deal, so it arrives in about half the time of the whole app on a
//! phone's network. Leaving the table opens the whole app on the same page
//! (the address without the link: the page's loader then loads the whole
//! app); a link it cannot read opens the whole app with the link, which
//! says what is wrong with it.

use crate::i18n::{Key, Lang};
use crate::routes::Route;
use crate::ui::online::{self, GuestLink};
use crate::ui::platform::address;
use crate::ui::platform::prefs::{NetworkPrefs, Prefs};
use crate::ui::screens::guest::GuestScreen;
use std::rc::Rc;
use yew::prelude::*;

/// The friend's link the address holds, opened; or why it cannot be
/// (`None`: no friend's link at all).
fn opened() -> Option<Result<Rc<GuestLink>, Key>> {
    let net = NetworkPrefs::load();
    match address::route() {
        Route::Join(code) => Some(GuestLink::open(&code, &net)),
        Route::Table(code) => Some(GuestLink::open_table(&code, &net)),
        Route::Watch(code) => Some(GuestLink::open_watch(&code, &net)),
        _ => None,
    }
}

/// Opens the whole app on this page, the link dropped: its setup.
fn open_whole_app() {
    address::forget_code(&online::page_base());
    address::reload();
}

/// Where a link this page could not read is noted for the page's head
/// script (`index.html`), which then loads the whole app for it: the
/// whole app says what is wrong with it on its setup screen, as it always
/// did.
const WHOLE_APP: &str = "ono99.whole-app";

/// Opens the whole app on this page with the link kept, to say what is
/// wrong with it.
fn open_whole_app_for_link() {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    use crate::ui::platform::storage::tab;
    tab::write(WHOLE_APP, &hash);
    if tab::read(WHOLE_APP).as_deref() == Some(hash.as_str()) {
        address::reload();
    } else {
        // Not noted (no storage in this tab): without the link, rather
        // than this page again.
        open_whole_app();
    }
}

/// The friend's page: the guest's screens with the preferences by
/// context, as the whole app gives them.
#[function_component(FriendPage)]
pub fn friend_page() -> Html {
    let prefs = use_state(Prefs::load);
    let lang = prefs.lang;
    let link = use_mut_ref(opened);
    use_effect_with(*prefs, |p| p.apply_to_page());
    let readable = matches!(&*link.borrow(), Some(Ok(_)));
    use_effect_with((), move |_| {
        if !readable {
            // Not a friend's link (the loader picks this module only for
            // one), or one that cannot be read: the whole app.
            open_whole_app_for_link();
            return;
        }
        crate::ui::platform::boot::take_over();
        crate::ui::platform::sound::unlock_on_gestures();
        // The offline copy of the site, as the whole app's page starts it.
        gloo_timers::callback::Timeout::new(
            crate::ui::platform::offline::AFTER_MS,
            crate::ui::platform::offline::register_service_worker,
        )
        .forget();
    });
    let on_prefs = {
        let prefs = prefs.clone();
        use_callback((), move |p: Prefs, _| {
            p.save();
            crate::ui::platform::sound::set_volume(p.volume);
            crate::ui::platform::sound::unlock();
            prefs.set(p);
        })
    };
    let body = match &*link.borrow() {
        Some(Ok(link)) => {
            let on_leave = Callback::from(|()| open_whole_app());
            html! { <GuestScreen link={link.clone()} {on_leave} /> }
        }
        _ => Html::default(),
    };
    html! {
        <ContextProvider<Lang> context={lang}>
        <ContextProvider<Prefs> context={*prefs}>
        <ContextProvider<Callback<Prefs>> context={on_prefs}>
            <div class="screen">{ body }</div>
        </ContextProvider<Callback<Prefs>>>
        </ContextProvider<Prefs>>
        </ContextProvider<Lang>>
    }
}
