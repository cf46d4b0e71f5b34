//! "Special cards": a reminder of what each card of the edition does, at
//! the table. A button under your hand opens it as a panel placed where it
//! hides neither the total nor your hand (the larger free space between
//! the header and the total, or between the total and the hand), with a
//! Close button; Escape or a press anywhere outside it closes it too, and
//! the game goes on as it was.

use crate::i18n::{tr, Key, Lang};
use crate::rules::Edition;
use crate::ui::platform::focus::{use_popover, Popover};
use crate::ui::table::deck::deck;
use web_sys::HtmlElement;
use yew::prelude::*;

/// The panel's least useful height: less room than this anywhere, and it
/// takes this much where the room is largest.
const MIN_HEIGHT: f64 = 140.0;
/// Its distance from what it leaves visible.
const GAP: f64 = 8.0;

#[derive(Properties, PartialEq)]
pub struct SpecialsProps {
    pub edition: Edition,
}

/// The top (px, in the window) of the element `selector` finds, and its
/// bottom.
fn edges(selector: &str) -> Option<(f64, f64)> {
    let el = web_sys::window()?
        .document()?
        .query_selector(selector)
        .ok()
        .flatten()?;
    let r = el.get_bounding_client_rect();
    Some((r.top(), r.bottom()))
}

/// Where the panel goes: its top and its largest height (px), in the
/// larger gap that hides neither the total nor the hand.
fn placement() -> (f64, f64) {
    let height = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .unwrap_or(640.0);
    // Every edge within the window (the page may be scrolled).
    // (Not `clamp`: its panic message would bring float formatting, 10 KB,
    // into the first download.)
    let seen = |y: f64| y.max(0.0).min(height);
    let header = edges(".topbar").map_or(0.0, |(_, bottom)| seen(bottom));
    let total =
        edges(".total[data-ply]").map_or((height / 2.0, height / 2.0), |(t, b)| (seen(t), seen(b)));
    let hand = edges(".hand").map_or(height, |(top, _)| seen(top));
    let above = (header + GAP, total.0 - GAP);
    let below = (total.1 + GAP, hand - GAP);
    let (top, bottom) = if above.1 - above.0 >= below.1 - below.0 {
        above
    } else {
        below
    };
    // Too little room anywhere: as much as it needs, kept in the window.
    let room = (bottom - top).max(MIN_HEIGHT);
    let top = top.min(height - room - GAP).max(0.0);
    (top, room)
}

#[function_component(Specials)]
pub fn specials(props: &SpecialsProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let Popover {
        open,
        wrap,
        button,
        close,
        toggle,
        onkeydown,
    } = use_popover(false);
    let panel = use_node_ref();
    let close_button = use_node_ref();
    // Opening places the panel (through its style object: the page's
    // content security policy refuses style attributes) and puts the focus
    // on Close.
    {
        let (panel, close_button) = (panel.clone(), close_button.clone());
        use_effect_with(*open, move |&open| {
            if let Some(el) = panel.cast::<HtmlElement>().filter(|_| open) {
                // Whole pixels, written as integers: formatting a float
                // would bring its machinery (10 KB) into the first download.
                let (top, room) = placement();
                let px = |v: f64| format!("{}px", v.round() as i64);
                let style = el.style();
                let _ = style.set_property("top", &px(top));
                let _ = style.set_property("max-height", &px(room));
            }
            if let Some(b) = close_button.cast::<HtmlElement>().filter(|_| open) {
                let _ = b.focus();
            }
        });
    }
    html! {
        <div class="specials" ref={wrap} {onkeydown}>
            <button type="button" class="specials-btn" ref={button} onclick={toggle}
                aria-expanded={open.to_string()} aria-controls="specials-panel">
                <span class="q" aria-hidden="true">{ "? " }</span>{ tr(lang, Key::SpecialCards) }
            </button>
            if *open {
                <section id="specials-panel" class="specials-panel" role="dialog"
                    aria-labelledby="specials-title" ref={panel}>
                    <div class="specials-head">
                        <h2 id="specials-title">{ tr(lang, Key::SpecialCards) }</h2>
                        <button type="button" class="btn ghost" ref={close_button}
                            onclick={close.reform(|_: MouseEvent| ())}>{ tr(lang, Key::Close) }</button>
                    </div>
                    { deck(lang, props.edition) }
                </section>
            }
        </div>
    }
}
