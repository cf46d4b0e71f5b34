//! While the first download opens the whole app's page (for the
//! statistics, a replay, a review or an online table): "Loading…" where
//! that screen will be, or, if it cannot be loaded, why, Retry and a way
//! back.

use crate::i18n::{tr, Key, Lang};
use crate::ui::platform::modules;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HandoverProps {
    /// What the whole app is to open, as its address's `#…` (`None`:
    /// nothing it could open, such as a match that does not replay).
    pub request: Option<AttrValue>,
    /// Back to where the player was.
    pub on_back: Callback<()>,
}

#[function_component(Handover)]
pub fn handover(props: &HandoverProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let failed = use_state(|| false);
    // Each try is a new effect: Retry asks again.
    let tries = use_state(|| 0u32);
    {
        let failed = failed.clone();
        use_effect_with(
            (props.request.clone(), *tries),
            move |(request, _)| match request {
                Some(text) => modules::open_app(text, move || failed.set(true)),
                None => failed.set(true),
            },
        );
    }
    let retry = {
        let (failed, tries) = (failed.clone(), tries.clone());
        Callback::from(move |_: MouseEvent| {
            failed.set(false);
            tries.set(*tries + 1);
        })
    };
    if *failed {
        html! {
            <main class="handover">
                <p class="error-text" role="alert">{ tr(lang, Key::NotLoaded) }</p>
                <p class="boot-actions">
                    if props.request.is_some() {
                        <button type="button" class="btn primary" onclick={retry}>{ tr(lang, Key::Retry) }</button>
                    }
                    <button type="button" class="btn" onclick={props.on_back.reform(|_| ())}>{ tr(lang, Key::Back) }</button>
                </p>
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
