//! Settings → the turn alert (the whole app only; the first download
//! links to the whole app's settings instead).

use crate::i18n::Lang;
#[cfg(not(feature = "full"))]
use crate::i18n::{tr, Key};
#[cfg(feature = "full")]
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The turn alert's switch, in the whole app only (the first download
/// carries neither it nor its words).
#[cfg(feature = "full")]
pub fn turn_alerts(_: Lang) -> Html {
    html! { <TurnAlertSetting /> }
}

/// The first download carries neither the turn alert nor the relays: a
/// row saying where they are, whose link opens the whole app's page with
/// its settings open (what needs the whole app loads it; a plain link,
/// so the first download stays as small).
#[cfg(not(feature = "full"))]
pub fn turn_alerts(lang: Lang) -> Html {
    html! {
        <a class="btn small online-elsewhere" href="app/#settings">{ tr(lang, Key::OpenOnlineSettings) }</a>
    }
}

/// Settings → "Tell me when it's my turn (system notification)". Turning it
/// on asks the browser's permission from that click; it stays on only if
/// the browser grants it, and says why otherwise. Shown on only while the
/// browser still allows it (the player may have withdrawn it since).
#[cfg(feature = "full")]
#[function_component(TurnAlertSetting)]
fn turn_alert_setting() -> Html {
    use crate::i18n::{online, OnlineKey};
    use crate::ui::platform::attention::{self, Asked};
    use web_sys::NotificationPermission;
    let lang = use_context::<Lang>().unwrap_or_default();
    let on = use_state(|| {
        attention::notify_wanted()
            && attention::permission() == Some(NotificationPermission::Granted)
    });
    let problem = use_state(|| None::<OnlineKey>);
    // Only the latest click's answer counts.
    let asked = use_mut_ref(|| 0u32);
    let onchange = {
        let on = on.clone();
        let problem = problem.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let ask = {
                let mut asked = asked.borrow_mut();
                *asked = asked.wrapping_add(1);
                *asked
            };
            problem.set(None);
            if !input.checked() {
                attention::set_notify_wanted(false);
                on.set(false);
                return;
            }
            let on = on.clone();
            let problem = problem.clone();
            let asked = asked.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let answer = attention::ask().await;
                if *asked.borrow() != ask {
                    return;
                }
                let granted = answer == Asked::Granted;
                attention::set_notify_wanted(granted);
                // The box was ticked by the click: untick it by hand, as
                // the state may not have changed (it was off already).
                input.set_checked(granted);
                on.set(granted);
                problem.set(match answer {
                    Asked::Granted => None,
                    Asked::Refused => Some(OnlineKey::TurnAlertsRefused),
                    Asked::Missing => Some(OnlineKey::TurnAlertsUnsupported),
                });
            });
        })
    };
    let described = if problem.is_some() {
        "set-turn-alerts-help set-turn-alerts-error"
    } else {
        "set-turn-alerts-help"
    };
    html! {
        <>
            <div class="setting check turn-alerts">
                <input type="checkbox" id="set-turn-alerts" checked={*on} {onchange} aria-describedby={described} />
                <label for="set-turn-alerts">{ online(lang, OnlineKey::TurnAlerts) }</label>
            </div>
            if let Some(key) = *problem {
                <p class="error-text" id="set-turn-alerts-error" role="alert">{ online(lang, key) }</p>
            }
            <p class="help" id="set-turn-alerts-help">{ online(lang, OnlineKey::TurnAlertsHelp) }</p>
        </>
    }
}
