//! The game log: every call-out so far, oldest first, kept scrolled to the
//! newest.

use super::text::{tr, Key, Lang};
use std::rc::Rc;
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

#[derive(Properties, PartialEq)]
pub struct GameLogProps {
    pub lines: Rc<Vec<LogLine>>,
}

#[function_component(GameLog)]
pub fn game_log(props: &GameLogProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let list = use_node_ref();
    {
        let list = list.clone();
        use_effect_with(props.lines.len(), move |_| {
            if let Some(el) = list.cast::<web_sys::Element>() {
                el.set_scroll_top(el.scroll_height());
            }
        });
    }
    html! {
        <aside class="log" aria-labelledby="log-heading">
            <h2 id="log-heading">{ tr(lang, Key::GameLog) }</h2>
            <ol ref={list} tabindex="0" aria-labelledby="log-heading">
                { for props.lines.iter().enumerate().map(|(i, line)| html! {
                    <li key={i} class={classes!(line.divider.then_some("divider"), line.mine.then_some("mine"))}>
                        { line.text.clone() }
                    </li>
                }) }
            </ol>
        </aside>
    }
}
