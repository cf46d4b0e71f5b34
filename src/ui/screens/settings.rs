//! The settings panel that the header's Settings button opens: language,
//! theme, volume, reduced motion, hints and, where there are bots to pace, their
//! speed. The preferences come from the app's context and each change goes
//! back to it at once (the app saves and applies it); the speed belongs to
//! the screen (the setup or the game), which passes it in. The network
//! settings of online tables (STUN and TURN servers and, in the whole app,
//! the relays that table links go through) fold away below, in a section
//! closed until a player who needs them opens it. Above them, in the
//! whole app, the switch for a system notification when an online match
//! waits on the player.

use crate::i18n::{fixed, tr, Key, Lang};
use crate::ui::platform::prefs::{NetworkPrefs, Prefs, Theme, MAX_VOLUME};
use crate::ui::platform::{address, boot, sound, texts};
use crate::ui::state::Speed;
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

    // A language whose texts are not here yet (they are data, fetched:
    // `platform::texts`) applies once they arrive; until then the old one
    // stays, and stays if they cannot be had. Only the latest choice
    // applies.
    let asked = use_mut_ref(|| 0u32);
    let new_version = use_state(|| false);
    let on_lang = {
        let new_version = new_version.clone();
        let on_prefs = on_prefs.clone();
        Callback::from(move |e: Event| {
            let select = e.target_unchecked_into::<HtmlSelectElement>();
            let Some(l) = Lang::from_tag(&select.value()) else {
                return;
            };
            let ask = {
                let mut asked = asked.borrow_mut();
                *asked = asked.wrapping_add(1);
                *asked
            };
            if fixed::is_installed(l) {
                on_prefs.emit(Prefs { lang: l, ..prefs });
                return;
            }
            let on_prefs = on_prefs.clone();
            let asked = asked.clone();
            let new_version = new_version.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let loaded = texts::load(l).await;
                if *asked.borrow() != ask {
                    return;
                }
                match loaded {
                    Ok(()) => on_prefs.emit(Prefs { lang: l, ..prefs }),
                    // This page's build is gone from the site (a new one
                    // was deployed, its files named anew): the new build
                    // has the texts. The choice is kept for the reload.
                    Err(_) if boot::newer().await => {
                        Prefs { lang: l, ..prefs }.save();
                        new_version.set(true);
                    }
                    Err(why) => {
                        texts::warn(l, &why);
                        select.set_value(prefs.lang.code());
                    }
                }
            });
        })
    };
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

/// The servers online tables may use, saved as they are typed. Folded
/// away: most players never need them.
#[function_component(NetworkSettings)]
fn network_settings() -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let net = use_state(NetworkPrefs::load);
    let field = |id: &'static str,
                 label: Key,
                 kind: &'static str,
                 get: fn(&NetworkPrefs) -> &String,
                 set: fn(&mut NetworkPrefs, String)| {
        let net2 = net.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let mut next = (*net2).clone();
            set(
                &mut next,
                e.target_unchecked_into::<HtmlInputElement>().value(),
            );
            next.save();
            net2.set(next);
        });
        html! {
            <div class="setting text">
                <label for={id}>{ tr(lang, label) }</label>
                <input {id} type={kind} value={get(&net).clone()} {oninput} spellcheck="false" autocomplete="off" />
            </div>
        }
    };
    html! {
        <details class="network">
            <summary>{ tr(lang, Key::NetworkHeading) }</summary>
            { field("set-stun", Key::StunServer, "text", |n| &n.stun, |n, v| n.stun = v) }
            <p class="help">{ tr(lang, Key::StunHelp) }</p>
            { field("set-turn", Key::TurnServer, "text", |n| &n.turn_url, |n, v| n.turn_url = v) }
            { field("set-turn-user", Key::TurnUser, "text", |n| &n.turn_user, |n, v| n.turn_user = v) }
            { field("set-turn-credential", Key::TurnCredential, "password", |n| &n.turn_credential, |n, v| n.turn_credential = v) }
            { relays() }
        </details>
    }
}

/// The relays' field, in the whole app only (the first download carries
/// neither it nor its words).
#[cfg(feature = "full")]
fn relays() -> Html {
    html! { <RelaySettings /> }
}

#[cfg(not(feature = "full"))]
fn relays() -> Html {
    Html::default()
}

/// Settings → Online tables → Relays: the relays table links go through,
/// one a line. Saved as typed while every line is a relay; otherwise the
/// text stays in the field, unsaved, and the refused line is named.
#[cfg(feature = "full")]
#[function_component(RelaySettings)]
fn relay_settings() -> Html {
    use crate::i18n::{online, relay_line_bad, OnlineKey};
    use crate::ui::platform::prefs::RelayPrefs;
    let lang = use_context::<Lang>().unwrap_or_default();
    let text = use_state(|| RelayPrefs::load().text);
    let bad_line = use_state(|| None::<usize>);
    let oninput = {
        let text = text.clone();
        let bad_line = bad_line.clone();
        Callback::from(move |e: InputEvent| {
            // A textarea's value (web-sys's textarea type is not compiled in).
            let Some(typed) = e
                .target()
                .and_then(|t| {
                    js_sys::Reflect::get(&t, &wasm_bindgen::JsValue::from_str("value")).ok()
                })
                .and_then(|v| v.as_string())
            else {
                return;
            };
            let prefs = RelayPrefs { text: typed };
            bad_line.set(prefs.save().err());
            text.set(prefs.text);
        })
    };
    let described = if bad_line.is_some() {
        "set-relays-help set-relays-error"
    } else {
        "set-relays-help"
    };
    html! {
        <>
            <div class="setting relays">
                <label for="set-relays">{ online(lang, OnlineKey::Relays) }</label>
                <textarea id="set-relays" rows="6" value={(*text).clone()} {oninput}
                    spellcheck="false" autocomplete="off" autocapitalize="off"
                    aria-describedby={described} aria-invalid={if bad_line.is_some() { "true" } else { "false" }} />
            </div>
            if let Some(line) = *bad_line {
                <p class="error-text" id="set-relays-error" role="alert">{ relay_line_bad(lang, line) }</p>
            }
            <p class="help" id="set-relays-help">{ online(lang, OnlineKey::RelaysHelp) }</p>
        </>
    }
}

/// The turn alert's switch, in the whole app only (the first download
/// carries neither it nor its words).
#[cfg(feature = "full")]
fn turn_alerts(_: Lang) -> Html {
    html! { <TurnAlertSetting /> }
}

/// The first download carries neither the turn alert nor the relays: a
/// row saying where they are, whose link opens the whole app's page with
/// its settings open (what needs the whole app loads it; a plain link,
/// so the first download stays as small).
#[cfg(not(feature = "full"))]
fn turn_alerts(lang: Lang) -> Html {
    html! {
        <a class="btn small online-elsewhere" href="app/#settings">{ tr(lang, Key::OpenOnlineSettings) }</a>
    }
}

/// Settings → "Tell me when it's my turn (system notification)". Turning it
/// on asks the browser's permission from that click; it stays on only if
/// the browser grants it, and says why otherwise. Shown on only while the
/// browser still allows it (the player may have withdrawn it since).
#[cfg(feature = "full")]
#[function_component(TurnAlertSetting)]
fn turn_alert_setting() -> Html {
    use crate::i18n::{online, OnlineKey};
    use crate::ui::platform::attention::{self, Asked};
    use web_sys::NotificationPermission;
    let lang = use_context::<Lang>().unwrap_or_default();
    let on = use_state(|| {
        attention::notify_wanted()
            && attention::permission() == Some(NotificationPermission::Granted)
    });
    let problem = use_state(|| None::<OnlineKey>);
    // Only the latest click's answer counts.
    let asked = use_mut_ref(|| 0u32);
    let onchange = {
        let on = on.clone();
        let problem = problem.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let ask = {
                let mut asked = asked.borrow_mut();
                *asked = asked.wrapping_add(1);
                *asked
            };
            problem.set(None);
            if !input.checked() {
                attention::set_notify_wanted(false);
                on.set(false);
                return;
            }
            let on = on.clone();
            let problem = problem.clone();
            let asked = asked.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let answer = attention::ask().await;
                if *asked.borrow() != ask {
                    return;
                }
                let granted = answer == Asked::Granted;
                attention::set_notify_wanted(granted);
                // The box was ticked by the click: untick it by hand, as
                // the state may not have changed (it was off already).
                input.set_checked(granted);
                on.set(granted);
                problem.set(match answer {
                    Asked::Granted => None,
                    Asked::Refused => Some(OnlineKey::TurnAlertsRefused),
                    Asked::Missing => Some(OnlineKey::TurnAlertsUnsupported),
                });
            });
        })
    };
    let described = if problem.is_some() {
        "set-turn-alerts-help set-turn-alerts-error"
    } else {
        "set-turn-alerts-help"
    };
    html! {
        <>
            <div class="setting check turn-alerts">
                <input type="checkbox" id="set-turn-alerts" checked={*on} {onchange} aria-describedby={described} />
                <label for="set-turn-alerts">{ online(lang, OnlineKey::TurnAlerts) }</label>
            </div>
            if let Some(key) = *problem {
                <p class="error-text" id="set-turn-alerts-error" role="alert">{ online(lang, key) }</p>
            }
            <p class="help" id="set-turn-alerts-help">{ online(lang, OnlineKey::TurnAlertsHelp) }</p>
        </>
    }
}
