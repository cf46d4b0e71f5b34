//! The whole app's entry point: the module of game code that the whole
//! app's page (`app/`) loads. It mounts the app at what the page's address
//! asks for (an invite or share link, or what the first download opened it
//! for).

#[cfg(target_arch = "wasm32")]
fn main() {
    ono99::ui::open_everything();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "ono99-full is the browser game's whole app: `trunk build` builds it (see README.md)."
    );
}
