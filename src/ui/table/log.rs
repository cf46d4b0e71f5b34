//! The game log: every call-out so far, oldest first, grouped by hand and
//! kept scrolled to the newest. A finished hand is its own component whose
//! props never change again, so a long match stays cheap to redraw, and the
//! browser skips laying out the hands scrolled out of view.

use crate::i18n::{tr, Key, Lang};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// One line of the log.
#[derive(Clone, PartialEq, Debug)]
pub struct LogLine {
    pub text: String,
    /// A new hand starts here (shown as a divider).
    pub divider: bool,
    /// The line is about the person's own seat.
    pub mine: bool,
}

/// Lines shared by pointer: equal when they are the very same list, so
/// comparing props costs nothing however long the match.
#[derive(Clone, Debug, Default)]
pub struct Lines(pub Rc<Vec<LogLine>>);

impl PartialEq for Lines {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

#[derive(Properties, PartialEq)]
pub struct GameLogProps {
    /// One entry per hand already over.
    pub past: Vec<Lines>,
    /// The hand being played.
    pub current: Lines,
    /// How many actions the lines cover; the total carries the same number,
    /// so a reader (or a test) can tell both come from one state.
    pub ply: usize,
}

fn line(key: usize, line: &LogLine) -> Html {
    html! {
        <li key={key} class={classes!(line.divider.then_some("divider"), line.mine.then_some("mine"))}>
            { line.text.clone() }
        </li>
    }
}

#[derive(Properties, PartialEq)]
struct HandProps {
    lines: Lines,
}

/// One hand's lines. The hand being played and, once it is over, the same
/// hand among the past ones have the same key, so ending a hand moves no
/// line in the page.
#[function_component(HandLines)]
fn hand_lines(props: &HandProps) -> Html {
    html! {
        <li class="hand-group">
            <ol>{ for props.lines.0.iter().enumerate().map(|(i, l)| line(i, l)) }</ol>
        </li>
    }
}

#[function_component(GameLog)]
pub fn game_log(props: &GameLogProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let list = use_node_ref();
    {
        // Scroll to the newest line at the next frame, when the browser
        // lays the page out anyway (reading sizes now would force a layout
        // on every play).
        let list = list.clone();
        use_effect_with((props.past.len(), props.current.0.len()), move |_| {
            if let (Some(el), Some(window)) = (list.cast::<web_sys::Element>(), web_sys::window()) {
                let scroll = Closure::once_into_js(move || el.set_scroll_top(i32::MAX));
                let _ = window.request_animation_frame(scroll.unchecked_ref());
            }
        });
    }
    html! {
        <aside class="log" aria-labelledby="log-heading">
            <h2 id="log-heading">{ tr(lang, Key::GameLog) }</h2>
            <ol class="log-hands" ref={list} tabindex="0" aria-labelledby="log-heading" data-ply={props.ply.to_string()}>
                { for props.past.iter().chain(std::iter::once(&props.current)).enumerate().map(|(i, lines)| html! {
                    <HandLines key={i} lines={lines.clone()} />
                }) }
            </ol>
        </aside>
    }
}
