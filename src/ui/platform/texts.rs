//! Fetching a language's fixed texts: Spanish, French and Portuguese are
//! data files beside the game's code (`lang/<code>-<hash>.txt`, from
//! `src/i18n/lang/`), not part of it, so a phone's first download
//! carries one language's words (`i18n::fixed`). index.html starts
//! the fetch for the language it picks before the code has arrived and
//! leaves it as `window.ono99Boot.texts = {files, lang, text}` (`files`:
//! each language's file name, `text`: a promise of the file; see
//! `platform::boot`); anything else is fetched here.

use crate::i18n::{fixed, Lang};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Makes `lang` ready to show: fetches and installs its fixed texts unless
/// it has them (English always does). On failure (offline before the file
/// was kept, a damaged file) says why; the app keeps the language it has,
/// English at the start.
pub async fn load(lang: Lang) -> Result<(), String> {
    if fixed::is_installed(lang) {
        return Ok(());
    }
    let file = fetch(lang).await?;
    fixed::install(lang, &file).map_err(|e| e.to_string())
}

/// Warns in the console that `lang` could not be shown.
pub fn warn(lang: Lang, why: &str) {
    super::console::warn(&format!("{} texts unavailable: {why}", lang.native_name()));
}

/// The text of `lang`'s file: index.html's fetch when it started that one,
/// else a new one (relative to the page's base address, like the code).
async fn fetch(lang: Lang) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let text = match started(lang) {
        Some(promise) => JsFuture::from(promise).await.map_err(describe)?,
        None => {
            let url = format!("lang/{}", file_name(lang));
            let response = JsFuture::from(window.fetch_with_str(&url))
                .await
                .map_err(describe)?
                .dyn_into::<web_sys::Response>()
                .map_err(describe)?;
            if !response.ok() {
                return Err(format!("{url}: HTTP {}", response.status()));
            }
            JsFuture::from(response.text().map_err(describe)?)
                .await
                .map_err(describe)?
        }
    };
    text.as_string().ok_or_else(|| "not text".to_string())
}

/// The name of `lang`'s file: the build names it by its content
/// (`assets/csp-hash.mjs`), so a new build never reads an old file from the
/// service worker's cache, and index.html keeps the names as
/// `ono99Boot.texts.files`.
fn file_name(lang: Lang) -> String {
    super::boot::field("texts")
        .ok_or(JsValue::NULL)
        .and_then(|started| js_sys::Reflect::get(&started, &JsValue::from_str("files")))
        .and_then(|files| js_sys::Reflect::get(&files, &JsValue::from_str(lang.code())))
        .ok()
        .and_then(|name| name.as_string())
        .unwrap_or_else(|| format!("{}.txt", lang.code()))
}

/// index.html's promise of `lang`'s file, if that is the language it
/// fetched.
fn started(lang: Lang) -> Option<js_sys::Promise> {
    let started = super::boot::field("texts")?;
    let code = js_sys::Reflect::get(&started, &JsValue::from_str("lang")).ok()?;
    if code.as_string().as_deref() != Some(lang.code()) {
        return None;
    }
    js_sys::Reflect::get(&started, &JsValue::from_str("text"))
        .ok()?
        .dyn_into()
        .ok()
}

/// A JavaScript error as text.
fn describe(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{e:?}"))
}
