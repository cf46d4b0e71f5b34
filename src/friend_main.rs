//! A friend's page alone (issue 38): the module of game code that the whole
//! app's page (`app/`) loads for an invite, table or watch link. It carries
//! the friend's page and the table from their seat only, so a friend on a
//! phone is seated sooner; leaving the table opens the whole app.

#[cfg(all(target_arch = "wasm32", feature = "full"))]
fn main() {
    ono99::ui::open_friend();
}

/// Built without the whole app's code (the cargo feature `full`), or
/// natively, it only explains itself.
#[cfg(not(all(target_arch = "wasm32", feature = "full")))]
fn main() {
    eprintln!(
        "ono99-friend is the browser game's page for a friend's link: `trunk build` builds it with the feature full (see README.md)."
    );
}
