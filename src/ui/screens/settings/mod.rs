//! The settings panel that the header's Settings button opens: language,
//! theme, volume, reduced motion, hints and, where there are bots to pace, their
//! speed. The preferences come from the app's context and each change goes
//! back to it at once (the app saves and applies it); the speed belongs to
//! the screen (the setup or the game), which passes it in. The network
//! settings of online tables (STUN and TURN servers and, in the whole app,
//! the relays that table links go through) fold away below, in a section
//! closed until a player who needs them opens it. Above them, in the
//! whole app, the switch for a system notification when an online match
//! waits on the player. One component a file: the panel here, the
//! language's choice (`language.rs`), the network settings
//! (`network.rs`), the relays (`relays.rs`) and the turn alert
//! (`turn_alert.rs`).

mod language;
mod network;
#[cfg(feature = "full")]
mod relays;
mod turn_alert;

use crate::i18n::{tr, Key, Lang};
use crate::ui::platform::prefs::{Prefs, Theme, MAX_VOLUME};
use crate::ui::platform::{address, sound};
use crate::ui::state::Speed;
use language::use_language_choice;
use network::NetworkSettings;
use turn_alert::turn_alerts;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The key naming a speed.
pub fn speed_key(s: Speed) -> Key {
    match s {
        Speed::Slow => Key::SpeedSlow,
        Speed::Normal => Key::SpeedNormal,
        Speed::Fast => Key::SpeedFast,
        Speed::Instant => Key::SpeedInstant,
    }
}

#[derive(Properties, PartialEq)]
pub struct SettingsPanelProps {
    /// The element's id, for the button's `aria-controls`.
    pub id: AttrValue,
    /// The bots' speed, when the screen has one to set.
    #[prop_or_default]
    pub speed: Option<Speed>,
    #[prop_or_default]
    pub on_speed: Callback<Speed>,
    /// Closes the panel (its Close button).
    pub on_close: Callback<()>,
}

/// The key naming a theme.
fn theme_key(t: Theme) -> Key {
    match t {
        Theme::Auto => Key::ThemeAuto,
        Theme::Light => Key::ThemeLight,
        Theme::Dark => Key::ThemeDark,
    }
}

/// A labelled checkbox for one on/off preference.
fn toggle(
    id: &'static str,
    label: &str,
    prefs: Prefs,
    get: fn(&Prefs) -> bool,
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
        <div class="setting check">
            <input type="checkbox" {id} checked={get(&prefs)} {onchange} />
            <label for={id}>{ label.to_string() }</label>
        </div>
    }
}

/// What the volume slider says: "70 %", or "Muted" at 0.
fn volume_text(lang: Lang, volume: u8) -> String {
    if volume == 0 {
        tr(lang, Key::VolumeMuted).to_string()
    } else {
        format!("{volume} %")
    }
}

#[function_component(SettingsPanel)]
pub fn settings_panel(props: &SettingsPanelProps) -> Html {
    let prefs = use_context::<Prefs>().unwrap_or_else(Prefs::load);
    let on_prefs = use_context::<Callback<Prefs>>().unwrap_or_default();
    let lang = prefs.lang;

    let (on_lang, new_version) = use_language_choice(prefs, on_prefs.clone());
    // The volume follows the slider as it moves; letting go plays a sample.
    let on_volume = {
        let on_prefs = on_prefs.clone();
        Callback::from(move |e: InputEvent| {
            let value = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Ok(v) = value.parse::<u8>() {
                on_prefs.emit(Prefs {
                    volume: v.min(MAX_VOLUME),
                    ..prefs
                });
            }
        })
    };
    // Read where it is shown: the select itself shows a new choice, and
    // nothing else on the panel depends on it.
    let theme = Theme::load();
    let on_theme = Callback::from(|e: Event| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        if let Some(t) = Theme::from_name(&v) {
            t.choose();
        }
    });
    let on_volume_set = Callback::from(|_: Event| sound::preview());
    let on_speed = {
        let cb = props.on_speed.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Some(s) = Speed::from_name(&v) {
                cb.emit(s);
            }
        })
    };
    let close = props.on_close.reform(|_: MouseEvent| ());

    html! {
        <div id={props.id.clone()} class="settings-panel" role="group" aria-labelledby="settings-heading" tabindex="-1">
            <h2 id="settings-heading" class="settings-heading">{ tr(lang, Key::SettingsLabel) }</h2>
            <div class="setting">
                <label for="set-lang">
                    <svg class="globe" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="1.8"/>
                        <path d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18" fill="none" stroke="currentColor" stroke-width="1.5"/>
                    </svg>
                    { tr(lang, Key::LanguageLabel) }
                </label>
                <select id="set-lang" onchange={on_lang}>
                    { for Lang::ALL.iter().map(|&l| html! {
                        <option value={l.code()} lang={l.code()} selected={l == lang}>{ l.native_name() }</option>
                    }) }
                </select>
            </div>
            if *new_version {
                <div class="setting new-version" role="alert">
                    <p>{ tr(lang, Key::NewVersionReady) }</p>
                    <button type="button" class="btn small primary" onclick={Callback::from(|_: MouseEvent| address::reload())}>{ tr(lang, Key::ReloadPage) }</button>
                </div>
            }
            <div class="setting">
                <label for="set-theme">{ tr(lang, Key::ThemeLabel) }</label>
                <select id="set-theme" onchange={on_theme}>
                    { for Theme::ALL.iter().map(|&t| html! {
                        <option value={t.name()} selected={t == theme}>{ tr(lang, theme_key(t)) }</option>
                    }) }
                </select>
            </div>
            <div class="setting volume">
                <label for="set-volume">{ tr(lang, Key::VolumeLabel) }</label>
                <input
                    id="set-volume"
                    type="range"
                    min="0"
                    max={MAX_VOLUME.to_string()}
                    step="5"
                    value={prefs.volume.to_string()}
                    aria-valuetext={volume_text(lang, prefs.volume)}
                    oninput={on_volume}
                    onchange={on_volume_set}
                />
                <output for="set-volume" class="volume-value" aria-hidden="true">{ volume_text(lang, prefs.volume) }</output>
            </div>
            { toggle("set-motion", tr(lang, Key::ReduceMotionLabel), prefs, |p| p.reduce_motion, |p, v| p.reduce_motion = v, &on_prefs) }
            { toggle("set-hints", tr(lang, Key::HintsLabel), prefs, |p| p.hints, |p, v| p.hints = v, &on_prefs) }
            if let Some(speed) = props.speed {
                <div class="setting">
                    <label for="set-speed">{ tr(lang, Key::SpeedHeading) }</label>
                    <select id="set-speed" onchange={on_speed}>
                        { for Speed::ALL.iter().map(|&s| html! {
                            <option value={s.name()} selected={s == speed}>{ tr(lang, speed_key(s)) }</option>
                        }) }
                    </select>
                </div>
            }
            { turn_alerts(lang) }
            <NetworkSettings />
            <div class="settings-foot">
                <button type="button" class="btn small" onclick={close}>{ tr(lang, Key::Close) }</button>
            </div>
        </div>
    }
}
