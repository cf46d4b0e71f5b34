//! Settings → Online tables → Relays (the whole app only).

use crate::i18n::Lang;
use yew::prelude::*;

/// Settings → Online tables → Relays: the relays table links go through,
/// one a line. Saved as typed while every line is a relay; otherwise the
/// text stays in the field, unsaved, and the refused line is named.
#[function_component(RelaySettings)]
pub fn relay_settings() -> Html {
    use crate::i18n::{online, relay_line_bad, OnlineKey};
    use crate::ui::platform::prefs::RelayPrefs;
    let lang = use_context::<Lang>().unwrap_or_default();
    let text = use_state(|| RelayPrefs::load().text);
    let bad_line = use_state(|| None::<usize>);
    let oninput = {
        let text = text.clone();
        let bad_line = bad_line.clone();
        Callback::from(move |e: InputEvent| {
            // A textarea's value (web-sys's textarea type is not compiled in).
            let Some(typed) = e
                .target()
                .and_then(|t| {
                    js_sys::Reflect::get(&t, &wasm_bindgen::JsValue::from_str("value")).ok()
                })
                .and_then(|v| v.as_string())
            else {
                return;
            };
            let prefs = RelayPrefs { text: typed };
            bad_line.set(prefs.save().err());
            text.set(prefs.text);
        })
    };
    let described = if bad_line.is_some() {
        "set-relays-help set-relays-error"
    } else {
        "set-relays-help"
    };
    html! {
        <>
            <div class="setting relays">
                <label for="set-relays">{ online(lang, OnlineKey::Relays) }</label>
                <textarea id="set-relays" rows="6" value={(*text).clone()} {oninput}
                    spellcheck="false" autocomplete="off" autocapitalize="off"
                    aria-describedby={described} aria-invalid={if bad_line.is_some() { "true" } else { "false" }} />
            </div>
            if let Some(line) = *bad_line {
                <p class="error-text" id="set-relays-error" role="alert">{ relay_line_bad(lang, line) }</p>
            }
            <p class="help" id="set-relays-help">{ online(lang, OnlineKey::RelaysHelp) }</p>
        </>
    }
}
