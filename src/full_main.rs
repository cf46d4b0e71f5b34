//! The whole app's entry point: the second module of game code, which
//! index.html loads for an invite or share link, and the first download
//! (`main.rs`) when a screen it does not carry is opened. Its `open`
//! mounts the app at what was asked.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::wasm_bindgen;

/// Opens the whole app at `request` (empty: as the page's address says).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn open(request: &str) {
    ono99::ui::open_everything(request);
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "ono99-full is the browser game's second module: `trunk build` builds it (see README.md)."
    );
}
