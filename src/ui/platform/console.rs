//! Notes in the browser's console for what a player never sees happen (a
//! connection closing and why, a refused start) and of what an online
//! table did: the one place the page writes to the console, so every note
//! reads "ONO 99: …" (the browser tests keep them, to print on a failure).

use wasm_bindgen::JsValue;

/// A warning: something went wrong that the page recovers from or shows
/// in its own words.
pub fn warn(what: &str) {
    web_sys::console::warn_1(&JsValue::from_str(&format!("ONO 99: {what}")));
}

/// A note of what the page did (an online table's invitations and
/// connections), for a failed test or a player's bug report to read back.
pub fn note(what: &str) {
    web_sys::console::info_1(&JsValue::from_str(&format!("ONO 99: {what}")));
}

/// What a browser error says (its message, or the value as text), at most
/// 120 characters: for notes and errors that name it.
pub fn error_text(error: &wasm_bindgen::JsValue) -> String {
    use wasm_bindgen::JsCast;
    let text = error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "unknown error".to_string());
    text.chars().take(120).collect()
}
