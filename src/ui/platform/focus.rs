//! Moving keyboard focus to where a screen starts, so keyboard and
//! screen-reader players land on it.

use wasm_bindgen::prelude::*;
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

/// As [`use_focus_when`], for an element that stands between `top` and
/// `bottom` (CSS selectors): the focus does not scroll the page; then, as
/// the page settles (after a new screen's scroll to the top), the page
/// scrolls just enough to show everything from the start of `top` to the
/// end of `bottom`, or, if that is taller than the window, the end of
/// `bottom`.
#[hook]
pub fn use_focus_between<D: PartialEq + 'static>(
    deps: D,
    top: &'static str,
    bottom: &'static str,
) -> NodeRef {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with(deps, move |_| {
            if let Some(el) = node.cast::<web_sys::HtmlElement>() {
                let options = web_sys::FocusOptions::new();
                options.set_prevent_scroll(true);
                let _ = el.focus_with_options(&options);
            }
            // Again as the screen settles: a new screen scrolls to the top
            // in a render of its own, and cards dealt grow the hand.
            let later: Vec<_> = [0, 250, 700]
                .into_iter()
                .map(|ms| gloo_timers::callback::Timeout::new(ms, move || show_span(top, bottom)))
                .collect();
            move || drop(later)
        });
    }
    node
}

/// Scrolls the page as [`use_focus_between`] says; nothing if either
/// element is missing.
fn show_span(top: &str, bottom: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(height) = window.inner_height().ok().and_then(|h| h.as_f64()) else {
        return;
    };
    let rect = |selector: &str| {
        window
            .document()
            .and_then(|d| d.query_selector(selector).ok().flatten())
            .map(|el| el.get_bounding_client_rect())
    };
    let (Some(top), Some(bottom)) = (rect(top), rect(bottom)) else {
        return;
    };
    let (from, to) = (top.top(), bottom.bottom());
    let by = if to - from > height || to > height {
        // The end of `bottom` at the window's: whatever fits above it.
        to - height
    } else if from < 0.0 {
        from
    } else {
        0.0
    };
    if by.abs() >= 1.0 {
        window.scroll_by_with_x_and_y(0.0, by);
    }
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

/// Whether `target` is inside the element `node` refers to.
pub fn inside(node: &NodeRef, target: Option<web_sys::EventTarget>) -> bool {
    let (Some(wrap), Some(target)) = (
        node.cast::<web_sys::Node>(),
        target.and_then(|t| t.dyn_into::<web_sys::Node>().ok()),
    ) else {
        return false;
    };
    wrap.contains(Some(&target))
}

/// A popover's handles: a button that opens and shuts a panel, both
/// inside `wrap`.
pub struct Popover {
    pub open: UseStateHandle<bool>,
    /// The element holding the button and the panel.
    pub wrap: NodeRef,
    /// The button that opens it (the focus comes back to it).
    pub button: NodeRef,
    /// Shuts it and gives the focus back to its button.
    pub close: Callback<()>,
    /// The button's click: opens or shuts it.
    pub toggle: Callback<MouseEvent>,
    /// For `wrap`: Escape shuts it.
    pub onkeydown: Callback<KeyboardEvent>,
}

/// A popover's state and ways out: its button's toggle, Escape, a press
/// anywhere outside it, each shutting it (the focus back on the button for
/// the first two). It opens first if `open_first`.
#[hook]
pub fn use_popover(open_first: bool) -> Popover {
    let open = use_state(|| open_first);
    let wrap = use_node_ref();
    let button = use_node_ref();
    use_shut_on_press_outside(&wrap, &open);
    let close = {
        let open = open.clone();
        let button = button.clone();
        Callback::from(move |()| {
            open.set(false);
            if let Some(b) = button.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        })
    };
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let onkeydown = {
        let open = *open;
        let close = close.clone();
        Callback::from(move |e: KeyboardEvent| {
            if open && e.key() == "Escape" {
                e.prevent_default();
                e.stop_propagation();
                close.emit(());
            }
        })
    };
    Popover {
        open,
        wrap,
        button,
        close,
        toggle,
        onkeydown,
    }
}

/// While `open`, a press anywhere outside the element `wrap` refers to
/// shuts it (`open` set to `false`): a popover's usual way out.
#[hook]
fn use_shut_on_press_outside(wrap: &NodeRef, open: &UseStateHandle<bool>) {
    let wrap = wrap.clone();
    let set_open = open.setter();
    use_effect_with(**open, move |&open| {
        let doc = web_sys::window().and_then(|w| w.document());
        let listener = doc.filter(|_| open).map(|doc| {
            let handler = Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
                if !inside(&wrap, e.target()) {
                    set_open.set(false);
                }
            });
            let _ = doc
                .add_event_listener_with_callback("pointerdown", handler.as_ref().unchecked_ref());
            (doc, handler)
        });
        move || {
            if let Some((doc, handler)) = listener {
                let _ = doc.remove_event_listener_with_callback(
                    "pointerdown",
                    handler.as_ref().unchecked_ref(),
                );
            }
        }
    });
}
