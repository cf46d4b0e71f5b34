//! The preferences bar on every screen: language, sound, reduced motion and
//! hints. Each change is saved at once by the app.

use crate::ui::i18n::{tr, Key, Lang};
use crate::ui::platform::prefs::Prefs;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PrefsBarProps {
    pub prefs: Prefs,
    pub on_change: Callback<Prefs>,
}

/// A labelled switch (a checkbox) for one on/off preference.
fn toggle(
    id: &'static str,
    label: &str,
    on: bool,
    prefs: Prefs,
    set: fn(&mut Prefs, bool),
    on_change: &Callback<Prefs>,
) -> Html {
    let on_change = on_change.clone();
    let onchange = Callback::from(move |e: Event| {
        let mut next = prefs;
        set(
            &mut next,
            e.target_unchecked_into::<HtmlInputElement>().checked(),
        );
        on_change.emit(next);
    });
    html! {
        <span class="pref-toggle">
            <input type="checkbox" {id} checked={on} {onchange} />
            <label for={id}>{ label.to_string() }</label>
        </span>
    }
}

#[function_component(PrefsBar)]
pub fn prefs_bar(props: &PrefsBarProps) -> Html {
    let prefs = props.prefs;
    let lang = prefs.lang;
    let on_lang = {
        let on_change = props.on_change.clone();
        Callback::from(move |e: Event| {
            let code = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Some(l) = Lang::from_tag(&code) {
                on_change.emit(Prefs { lang: l, ..prefs });
            }
        })
    };
    html! {
        <div class="prefs-bar" role="group" aria-label={tr(lang, Key::SettingsLabel)}>
            <span class="pref-lang">
                <label for="pref-lang">
                    <svg class="globe" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="1.8"/>
                        <path d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18" fill="none" stroke="currentColor" stroke-width="1.5"/>
                    </svg>
                    { tr(lang, Key::LanguageLabel) }
                </label>
                <select id="pref-lang" onchange={on_lang}>
                    { for Lang::ALL.iter().map(|&l| html! {
                        <option value={l.code()} lang={l.code()} selected={l == lang}>{ l.native_name() }</option>
                    }) }
                </select>
            </span>
            { toggle("pref-sound", tr(lang, Key::SoundLabel), prefs.sound, prefs, |p, v| p.sound = v, &props.on_change) }
            { toggle("pref-motion", tr(lang, Key::ReduceMotionLabel), prefs.reduce_motion, prefs, |p, v| p.reduce_motion = v, &props.on_change) }
            { toggle("pref-hints", tr(lang, Key::HintsLabel), prefs.hints, prefs, |p, v| p.hints = v, &props.on_change) }
        </div>
    }
}
