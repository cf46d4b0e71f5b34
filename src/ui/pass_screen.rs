//! Pass-and-play: the screen between two people's turns. No hand is on the
//! page while it shows; the next person opens theirs with the button.

use super::text::{tr, Key, Lang};
use web_sys::HtmlElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PassProps {
    /// Who should take the device.
    pub name: AttrValue,
    pub on_ready: Callback<()>,
}

#[function_component(PassScreen)]
pub fn pass_screen(props: &PassProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let say = |key: Key| tr(lang, key).replace("{name}", &props.name);
    let button = use_node_ref();
    {
        // Keyboard and screen-reader users land on the button.
        let button = button.clone();
        use_effect_with(props.name.clone(), move |_| {
            if let Some(b) = button.cast::<HtmlElement>() {
                let _ = b.focus();
            }
        });
    }
    let on_ready = props.on_ready.reform(|_: MouseEvent| ());
    html! {
        <main class="pass-screen" aria-labelledby="pass-heading">
            <div class="pass-box">
                <span class="avatar big" aria-hidden="true">{ props.name.chars().next().unwrap_or('?').to_string() }</span>
                <h2 id="pass-heading">{ say(Key::PassHeading) }</h2>
                <p>{ say(Key::PassText) }</p>
                <button type="button" class="btn primary big" ref={button} onclick={on_ready}>{ say(Key::PassReady) }</button>
            </div>
        </main>
    }
}
