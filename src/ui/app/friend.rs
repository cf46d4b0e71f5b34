//! A friend's page alone (issue 38): the module of game code the whole
//! app's page loads for an invite, table or watch link (`ono99-friend`,
//! `src/friend_main.rs`). It carries the friend's page and the table from
//! their seat, not the setup, the host's lobby, statistics or Today's
//! deal, so it arrives in about half the time of the whole app on a
//! phone's network. Leaving the table, or a link it cannot read, opens the
//! whole app on the same page (the address without the link: the page's
//! loader then loads the whole app).

use crate::i18n::{tr, Key, Lang};
use crate::routes::Route;
use crate::ui::online::{self, GuestLink};
use crate::ui::platform::address;
use crate::ui::platform::prefs::{NetworkPrefs, Prefs};
use crate::ui::screens::guest::GuestScreen;
use crate::ui::screens::header::Header;
use std::rc::Rc;
use yew::prelude::*;

/// The friend's link the address holds, opened; or the message for one
/// that cannot be read (`None`: no friend's link at all).
fn opened() -> Option<Result<Rc<GuestLink>, Key>> {
    let net = NetworkPrefs::load();
    match address::route() {
        Route::Join(code) => Some(GuestLink::open(&code, &net)),
        Route::Table(code) => Some(GuestLink::open_table(&code, &net)),
        Route::Watch(code) => Some(GuestLink::open_watch(&code, &net)),
        _ => None,
    }
}

/// Opens the whole app on this page, the link dropped: its setup (a
/// broken link's message is said there, as the whole app says it).
fn open_whole_app() {
    address::forget_code(&online::page_base());
    address::reload();
}

/// The friend's page: the guest's screens with the preferences by
/// context, as the whole app gives them.
#[function_component(FriendPage)]
pub fn friend_page() -> Html {
    let prefs = use_state(Prefs::load);
    let lang = prefs.lang;
    let link = use_mut_ref(opened);
    use_effect_with(*prefs, |p| p.apply_to_page());
    let whole_app = link.borrow().is_none();
    use_effect_with((), move |_| {
        if whole_app {
            // Not a friend's link (the loader picks this module only for
            // one): the whole app.
            open_whole_app();
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
        Some(Err(key)) => broken(lang, *key),
        None => Html::default(),
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

/// A link that cannot be read: its message, and Back to the whole app.
fn broken(lang: Lang, key: Key) -> Html {
    let onclick = Callback::from(|_: MouseEvent| open_whole_app());
    html! {
        <>
        <Header />
        <main class="join">
            <p class="error-text notice" role="alert">{ tr(lang, key) }</p>
            <div class="row">
                <button type="button" class="btn primary" {onclick}>{ tr(lang, Key::Back) }</button>
            </div>
        </main>
        </>
    }
}
