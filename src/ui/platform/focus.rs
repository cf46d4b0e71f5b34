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

/// Gives the element `id` keyboard focus, which brings it into view;
/// `false` if the page has no such element (not drawn yet).
pub fn reveal(id: &str) -> bool {
    let el = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id));
    match el.map(wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>) {
        Some(Ok(el)) => el.focus().is_ok(),
        _ => false,
    }
}
