//! The screens between hands and at the end of the match: what happened,
//! the standings, and what to do next.

use crate::i18n::{tr, Key, Lang};
use crate::rules::Format;
use crate::ui::platform::clipboard::copy_text;
use crate::ui::platform::focus::use_focus_when;
use crate::ui::table::seat::coins;
use yew::prelude::*;

/// One row of the standings table.
#[derive(Clone, PartialEq, Debug)]
pub struct Standing {
    pub name: String,
    pub tokens: u8,
    pub score: u32,
    pub in_match: bool,
    pub winner: bool,
    pub mine: bool,
    pub seat: crate::rules::Seat,
    /// 1 for the best, in the order shown.
    pub place: usize,
}

/// A button of the dialog.
#[derive(Clone, PartialEq)]
pub struct DialogButton {
    pub label: AttrValue,
    pub onclick: Callback<MouseEvent>,
}

#[derive(Properties, PartialEq)]
pub struct EndScreenProps {
    pub heading: AttrValue,
    pub lines: Vec<String>,
    pub standings: Vec<Standing>,
    pub format: Format,
    /// The winning message is celebrated.
    #[prop_or_default]
    pub celebrate: bool,
    pub primary: DialogButton,
    #[prop_or_default]
    pub secondary: Option<DialogButton>,
    /// The two are equal choices (drawn alike), not a way on and another.
    #[prop_or_default]
    pub equal: bool,
    /// Closes the dialog to look at the table behind it (Escape does too).
    #[prop_or_default]
    pub close: Option<DialogButton>,
    /// More ways on (the replay of a finished match).
    #[prop_or_default]
    pub extra: Vec<DialogButton>,
    /// A button that copies a text (its label, the text): "Copied" shows
    /// in a status message once it did.
    #[prop_or_default]
    pub copy: Option<(AttrValue, AttrValue)>,
    /// A section under the lines, above the standings (the guided game's
    /// wrap-up).
    #[prop_or_default]
    pub note: Option<Html>,
}

#[function_component(EndScreen)]
pub fn end_screen(props: &EndScreenProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    // Move focus into the dialog so keyboard players land on its button.
    let primary = use_focus_when(props.heading.clone());
    let copied = use_state(|| false);
    let extra_col = match props.format {
        Format::Elimination => None,
        Format::Tokens => Some(tr(lang, Key::Tokens)),
        Format::Points => Some(tr(lang, Key::Score)),
    };
    let rows = props.standings.iter().map(|s| {
        let status = if s.winner {
            tr(lang, Key::Winner)
        } else if !s.in_match {
            tr(lang, Key::OutOfMatch)
        } else {
            ""
        };
        html! {
            <tr class={classes!(s.winner.then_some("winner"), s.mine.then_some("mine"), (!s.in_match).then_some("gone"))}>
                <td class="place">{ s.place }</td>
                <th scope="row">{ s.name.clone() }</th>
                if extra_col.is_some() {
                    if props.format == Format::Points {
                        <td>{ s.score }</td>
                    } else {
                        <td class="tokens-cell">
                            <span class="tokens" aria-hidden="true">{ coins(s.tokens) }</span>
                            { s.tokens }
                        </td>
                    }
                }
                <td>{ status }</td>
            </tr>
        }
    });
    let onkeydown = props.close.as_ref().map(|c| {
        let onclick = c.onclick.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                e.prevent_default();
                if let Ok(click) = web_sys::MouseEvent::new("click") {
                    onclick.emit(click);
                }
            }
        })
    });
    html! {
        <div class="overlay" {onkeydown}>
            if props.celebrate {
                <div class="confetti" aria-hidden="true">
                    { for (0..24).map(|i| html! { <span class={format!("bit b{}", i % 12)} /> }) }
                </div>
            }
            <div class={classes!("dialog", props.celebrate.then_some("celebrate"))} role="dialog" aria-modal="true" aria-labelledby="end-heading">
                <h2 id="end-heading">{ props.heading.clone() }</h2>
                { for props.lines.iter().map(|l| html! { <p>{ l.clone() }</p> }) }
                if let Some(note) = &props.note { { note.clone() } }
                if !props.standings.is_empty() {
                <table class="standings">
                    <caption>{ tr(lang, Key::Standings) }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ tr(lang, Key::Place) }</th>
                            <th scope="col">{ tr(lang, Key::Player) }</th>
                            if let Some(c) = extra_col { <th scope="col">{ c }</th> }
                            <th scope="col"><span class="sr-only">{ tr(lang, Key::Status) }</span></th>
                        </tr>
                    </thead>
                    <tbody>{ for rows }</tbody>
                </table>
                }
                <div class="dialog-buttons">
                    <button ref={primary} type="button" class="btn primary" onclick={props.primary.onclick.clone()}>
                        { props.primary.label.clone() }
                    </button>
                    if let Some(b) = &props.secondary {
                        <button type="button" class={classes!("btn", props.equal.then_some("primary"))} onclick={b.onclick.clone()}>{ b.label.clone() }</button>
                    }
                    { for props.extra.iter().map(|b| html! {
                        <button type="button" class="btn" onclick={b.onclick.clone()}>{ b.label.clone() }</button>
                    }) }
                    if let Some((label, text)) = &props.copy {
                        <button type="button" class="btn" onclick={on_copy(text, &copied)}>{ label.clone() }</button>
                    }
                    if let Some(b) = &props.close {
                        <button type="button" class="btn ghost" onclick={b.onclick.clone()}>{ b.label.clone() }</button>
                    }
                    // In the buttons' bar, which stays on screen at the
                    // dialog's foot: below it, a phone cut "Copied" off.
                    if *copied {
                        <p class="copied" role="status">{ tr(lang, Key::Copied) }</p>
                    }
                </div>
            </div>
        </div>
    }
}

/// Copies `text` and says so.
fn on_copy(text: &AttrValue, copied: &UseStateHandle<bool>) -> Callback<MouseEvent> {
    let (text, copied) = (text.clone(), copied.clone());
    Callback::from(move |_| {
        let copied = copied.clone();
        copy_text(&text, move || copied.set(true));
    })
}
