//! While the first download hands the page over to the whole app (for the
//! statistics, a replay, a review or an online table): "Loading…" where
//! that screen will be, or, if it cannot be loaded, why and a way back.

use crate::i18n::{tr, Key, Lang};
use crate::ui::platform::modules;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HandoverProps {
    /// What the whole app is to open, as text (`None`: nothing it could
    /// open, such as a match that does not replay).
    pub request: Option<AttrValue>,
    /// Back to where the player was.
    pub on_back: Callback<()>,
}

#[function_component(Handover)]
pub fn handover(props: &HandoverProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let failed = use_state(|| false);
    {
        let failed = failed.clone();
        use_effect_with(props.request.clone(), move |request| match request {
            Some(text) => modules::hand_over(text, move || failed.set(true)),
            None => failed.set(true),
        });
    }
    if *failed {
        html! {
            <main class="handover">
                <p class="error-text" role="alert">{ tr(lang, Key::NotLoaded) }</p>
                <button type="button" class="btn" onclick={props.on_back.reform(|_| ())}>{ tr(lang, Key::Back) }</button>
            </main>
        }
    } else {
        html! {
            <main class="handover" aria-busy="true">
                <p class="loading" role="status">{ tr(lang, Key::Loading) }</p>
            </main>
        }
    }
}
