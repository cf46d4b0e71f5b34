//! Pass-and-play: the screen between two people's turns. No hand is on the
//! page while it shows; the next person opens theirs with the button.

use crate::i18n::{named, Lang, Named};
use crate::ui::platform::focus::use_focus_when;
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
    let say = |text: Named| named(lang, text, &props.name);
    // Keyboard and screen-reader users land on the button.
    let button = use_focus_when(props.name.clone());
    let on_ready = props.on_ready.reform(|_: MouseEvent| ());
    html! {
        <main class="pass-screen" aria-labelledby="pass-heading">
            <div class="pass-box">
                <span class="avatar big" aria-hidden="true">{ props.name.chars().next().unwrap_or('?').to_string() }</span>
                <h2 id="pass-heading">{ say(Named::PassHeading) }</h2>
                <p>{ say(Named::PassText) }</p>
                <button type="button" class="btn primary big" ref={button} onclick={on_ready}>{ say(Named::PassReady) }</button>
            </div>
        </main>
    }
}
