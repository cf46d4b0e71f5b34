//! The Yew browser app (wasm32 only), in five folders:
//!
//! - `app/`: the app's root component (which screen shows, what shows over
//!   it, the setup being edited, the preferences) and how a match starts
//!   and ends, for the first download and for the whole app;
//! - `screens/`: whole screens and dialogs (the game, setup, rules,
//!   statistics, end of a hand or match, the pass screen, notices,
//!   settings, online lobbies, replays and reviews);
//! - `table/`: the pieces of the table (seats, the centre with the total and
//!   piles, your hand, a card, the deck, the game log); leaf components
//!   that get data and emit callbacks, no game logic;
//! - `online/`: online tables' glue between the pure session
//!   ([`crate::online`]) and the WebRTC transport;
//! - `platform/`: the browser edge (storage, preferences, sound, the service
//!   worker, focus, the clock, the WebRTC transport, the search worker,
//!   fetching a language's texts).
//!
//! Beside them: the game state as Yew's `Reducible` over the pure
//! [`crate::play`] state (`state`), the statistics record (`stats`), the
//! game screen's saves and statistics (`persistence`) and the bots' turns
//! in the page (`bot_turn`). The words come from the pure [`crate::i18n`]
//! (every text in every language).

mod app;
mod bot_turn;
pub mod online;
mod persistence;
pub mod platform;
mod screens;
pub mod state;
pub mod stats;
mod table;

/// Mounts the first download's app into the page body, once the first
/// screen index.html paints is on screen (the app then takes it over) and
/// the player's language is ready (English if its texts cannot be had).
/// It opens the whole app's page for what it does not carry
/// (`platform::modules`).
pub fn start() {
    when_language_ready(|| {
        yew::Renderer::<app::App>::new().render();
    });
}

/// Mounts the whole app (its own page, `app/`) at what its address asks
/// for: an invite or a share link, or what the first download opened it
/// for (`#stats`, `#review=…`; forgotten once read, so a reload does not
/// deal a second new match).
pub fn open_everything() {
    let route = platform::address::route();
    // The first download's plain links: its Settings' for what only the
    // whole app has (the turn alert, the relays), which open here; and
    // "Play with friends", which sets a friend's seat. Read once.
    #[cfg(feature = "full")]
    let route = match route {
        crate::routes::Route::Settings | crate::routes::Route::Friends => {
            if route == crate::routes::Route::Settings {
                screens::header::open_settings_first();
            } else {
                app::play_with_friends();
            }
            platform::address::forget_code(&online::page_base());
            crate::routes::Route::Home
        }
        route => route,
    };
    let request = app::Request::from_route(&route);
    if request.spent_on_reading() {
        platform::address::forget_code(&online::page_base());
    }
    // Handed the settings (the first download's Settings asked for what
    // only the whole app has): the header opens with them.
    let request = Some(request).filter(|r| *r != app::Request::Address);
    let props = app::AppProps { request };
    when_language_ready(move || {
        yew::Renderer::<app::App>::with_props(props).render();
    });
}

/// Mounts a friend's page alone (`ono99-friend`, issue 38: the module the
/// whole app's page loads for an invite, table or watch link), as
/// [`open_everything`] mounts the whole app.
#[cfg(feature = "full")]
pub fn open_friend() {
    when_language_ready(|| {
        yew::Renderer::<app::FriendPage>::new().render();
    });
}

/// Runs `mount` once the first screen is painted and the saved language's
/// texts are fetched (they are data, `crate::i18n::fixed`; index.html started the
/// fetch). Mounting waits so the first screen the app draws is in the
/// player's language; if they cannot be had, it draws in English.
fn when_language_ready(mount: impl FnOnce() + 'static) {
    let lang = platform::prefs::Prefs::load().lang;
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(why) = platform::texts::load(lang).await {
            platform::texts::warn(lang, &why);
        }
        platform::boot::after_paint(mount);
    });
}
