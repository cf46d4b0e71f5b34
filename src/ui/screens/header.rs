//! The one header bar of every screen: the wordmark, the hand number (in
//! matches of several hands), the screen's own buttons (given as children)
//! and the Settings button with its panel (language, volume, reduced
//! motion, hints and the bots' speed).
//!
//! The panel is a disclosure: the button says whether it is open; opening
//! moves focus to its first control; Escape or its Close button shut it and
//! give focus back to the button; a click or Tab outside shuts it too.

use crate::i18n::{tr, Key, Lang};
use crate::ui::platform::focus::{inside, use_popover, Popover};
use crate::ui::screens::settings::SettingsPanel;
use crate::ui::state::Speed;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HeaderProps {
    /// "Hand 2", in formats with several hands.
    #[prop_or_default]
    pub hand_label: Option<AttrValue>,
    /// How fast the bots play now, where the screen has bots to pace (the
    /// setup, the game); without it the settings have no speed control.
    #[prop_or_default]
    pub speed: Option<Speed>,
    /// Where a new speed goes.
    #[prop_or_default]
    pub on_speed: Callback<Speed>,
    /// The screen's own buttons (Rules, New game...).
    #[prop_or_default]
    pub children: Html,
}

const PANEL_ID: &str = "settings-panel";

#[cfg(feature = "full")]
thread_local! {
    /// The next header drawn opens with its settings panel open.
    static OPEN_FIRST: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The next header drawn opens with its settings panel open: the whole
/// app's page, opened from the first download's Settings for what only
/// it has (the turn alert, the relays).
#[cfg(feature = "full")]
pub fn open_settings_first() {
    OPEN_FIRST.with(|o| o.set(true));
}

/// Whether this header opens with its settings panel (once).
#[cfg(feature = "full")]
fn opens_first() -> bool {
    OPEN_FIRST.with(|o| o.replace(false))
}

/// The first download never opens its settings by itself.
#[cfg(not(feature = "full"))]
fn opens_first() -> bool {
    false
}

#[function_component(Header)]
pub fn header(props: &HeaderProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let Popover {
        open,
        wrap,
        button,
        close,
        toggle,
        onkeydown,
    } = use_popover(opens_first());

    // Opening moves focus to the panel's first control.
    {
        let wrap = wrap.clone();
        use_effect_with(*open, move |&open| {
            if open {
                let first = wrap
                    .cast::<Element>()
                    .and_then(|w| w.query_selector("select, input").ok().flatten())
                    .and_then(|el| el.dyn_into::<HtmlElement>().ok());
                if let Some(el) = first {
                    let _ = el.focus();
                }
            }
        });
    }
    // Tabbing (or clicking) to a control outside shuts it.
    let onfocusout = {
        let open = open.clone();
        let wrap = wrap.clone();
        Callback::from(move |e: FocusEvent| {
            if e.related_target().is_some() && !inside(&wrap, e.related_target()) {
                open.set(false);
            }
        })
    };

    let label = tr(lang, Key::SettingsLabel);
    html! {
        <header class="topbar">
            <div class="brand-block">
                <h1 class="brand"><span class="brand-ono">{ "ONO" }</span>{ " " }<span class="brand-99">{ "99" }</span></h1>
                if let Some(hand) = &props.hand_label {
                    <span class="hand-no">{ hand.clone() }</span>
                }
            </div>
            <div class="topbar-actions">
                { props.children.clone() }
                <div class="settings" ref={wrap} {onkeydown} {onfocusout}>
                    <button
                        ref={button}
                        type="button"
                        class={classes!("btn", "ghost", "settings-btn", open.then_some("open"))}
                        aria-expanded={if *open { "true" } else { "false" }}
                        aria-controls={PANEL_ID}
                        onclick={toggle}
                    >
                        <svg class="gear" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                            <path fill="currentColor" d="M19.14 12.94a7.07 7.07 0 0 0 .05-.94 7.07 7.07 0 0 0-.05-.94l2.03-1.58a.5.5 0 0 0 .12-.64l-1.92-3.32a.5.5 0 0 0-.6-.22l-2.39.96a7.03 7.03 0 0 0-1.63-.94l-.36-2.54a.5.5 0 0 0-.5-.42h-3.84a.5.5 0 0 0-.5.42l-.36 2.54c-.59.24-1.13.56-1.63.94l-2.39-.96a.5.5 0 0 0-.6.22L2.66 8.84a.5.5 0 0 0 .12.64l2.03 1.58a7.07 7.07 0 0 0 0 1.88l-2.03 1.58a.5.5 0 0 0-.12.64l1.92 3.32c.13.22.39.3.6.22l2.39-.96c.5.38 1.04.7 1.63.94l.36 2.54c.04.24.25.42.5.42h3.84c.25 0 .46-.18.5-.42l.36-2.54c.59-.24 1.13-.56 1.63-.94l2.39.96c.22.08.47 0 .6-.22l1.92-3.32a.5.5 0 0 0-.12-.64l-2.03-1.58ZM12 15.5A3.5 3.5 0 1 1 12 8.5a3.5 3.5 0 0 1 0 7Z"/>
                        </svg>
                        <span class="settings-word">{ label }</span>
                    </button>
                    if *open {
                        <SettingsPanel id={PANEL_ID} speed={props.speed} on_speed={props.on_speed.clone()} on_close={close} />
                    }
                </div>
            </div>
        </header>
    }
}
