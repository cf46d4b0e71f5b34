//! The browser app's entry point: it only mounts the Yew app.

#[cfg(target_arch = "wasm32")]
fn main() {
    ono99::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ono99-web is the browser game: build it with `trunk build` (see README.md).");
}
