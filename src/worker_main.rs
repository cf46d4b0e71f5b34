//! The search worker's entry point: a Web Worker that Trunk builds beside
//! the app (`index.html`, `data-type="worker"`); it answers the page's
//! search jobs (see `ui::platform::worker`).

#[cfg(target_arch = "wasm32")]
fn main() {
    ono99::ui::platform::worker::serve();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ono99-worker is the browser game's search worker: `trunk build` builds it (see README.md).");
}
