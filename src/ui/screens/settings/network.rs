//! Settings → Online tables: the STUN and TURN servers and, in the whole
//! app, the relays.

use crate::i18n::{tr, Key, Lang};
use crate::ui::platform::prefs::NetworkPrefs;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The servers online tables may use, saved as they are typed. Folded
/// away: most players never need them.
#[function_component(NetworkSettings)]
pub fn network_settings() -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let net = use_state(NetworkPrefs::load);
    let field = |id: &'static str,
                 label: Key,
                 kind: &'static str,
                 get: fn(&NetworkPrefs) -> &String,
                 set: fn(&mut NetworkPrefs, String)| {
        let net2 = net.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let mut next = (*net2).clone();
            set(
                &mut next,
                e.target_unchecked_into::<HtmlInputElement>().value(),
            );
            next.save();
            net2.set(next);
        });
        html! {
            <div class="setting text">
                <label for={id}>{ tr(lang, label) }</label>
                <input {id} type={kind} value={get(&net).clone()} {oninput} spellcheck="false" autocomplete="off" />
            </div>
        }
    };
    html! {
        <details class="network">
            <summary>{ tr(lang, Key::NetworkHeading) }</summary>
            { field("set-stun", Key::StunServer, "text", |n| &n.stun, |n, v| n.stun = v) }
            <p class="help">{ tr(lang, Key::StunHelp) }</p>
            { field("set-turn", Key::TurnServer, "text", |n| &n.turn_url, |n, v| n.turn_url = v) }
            { field("set-turn-user", Key::TurnUser, "text", |n| &n.turn_user, |n, v| n.turn_user = v) }
            { field("set-turn-credential", Key::TurnCredential, "password", |n| &n.turn_credential, |n, v| n.turn_credential = v) }
            { relays() }
        </details>
    }
}

/// The relays' field, in the whole app only (the first download carries
/// neither it nor its words).
#[cfg(feature = "full")]
fn relays() -> Html {
    html! { <super::relays::RelaySettings /> }
}

#[cfg(not(feature = "full"))]
fn relays() -> Html {
    Html::default()
}
