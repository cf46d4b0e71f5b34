//! Notes in the browser's console for what a player never sees happen (a
//! connection closing and why, a refused start): the one place the page
//! writes to the console, so every note reads "ONO 99: …".

use wasm_bindgen::JsValue;

/// A warning: something went wrong that the page recovers from or shows
/// in its own words.
pub fn warn(what: &str) {
    web_sys::console::warn_1(&JsValue::from_str(&format!("ONO 99: {what}")));
}
