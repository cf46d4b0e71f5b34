//! Moving keyboard focus to where a screen starts, so keyboard and
//! screen-reader players land on it.

use yew::prelude::*;

/// A reference to attach to an element; the element takes keyboard focus
/// after the first render and again whenever `deps` change.
#[hook]
pub fn use_focus_when<D: PartialEq + 'static>(deps: D) -> NodeRef {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with(deps, move |_| {
            if let Some(el) = node.cast::<web_sys::HtmlElement>() {
                let _ = el.focus();
            }
        });
    }
    node
}

/// Brings the element `id` into view and gives it keyboard focus, once the
/// page has drawn it (a moment from now: the setup's form is drawn a task
/// after its first screen).
pub fn reveal(id: String) {
    gloo_timers::callback::Timeout::new(60, move || {
        let el = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(&id));
        if let Some(el) = el {
            el.scroll_into_view();
            if let Ok(el) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el) {
                let _ = el.focus();
            }
        }
    })
    .forget();
}
