//! The Yew browser app (wasm32 only).

use yew::prelude::*;

#[function_component(App)]
fn app() -> Html {
    html! { <main><h1>{ "ONO 99" }</h1></main> }
}

/// Mounts the app into the page body.
pub fn start() {
    yew::Renderer::<App>::new().render();
}
