//! The clipboard: copying a link, a code or a result.

use wasm_bindgen_futures::{spawn_local, JsFuture};

/// Puts `text` on the clipboard; `done` runs once the browser says it is
/// there. The browser may refuse (no permission, the page not focused):
/// then nothing says "Copied", and the button can be pressed again (links
/// and codes are on screen to copy by hand too).
pub fn copy_text(text: &str, done: impl FnOnce() + 'static) {
    let Some(w) = web_sys::window() else {
        return;
    };
    let promise = w.navigator().clipboard().write_text(text);
    spawn_local(async move {
        if JsFuture::from(promise).await.is_ok() {
            done();
        }
    });
}
