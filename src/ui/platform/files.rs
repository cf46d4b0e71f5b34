//! Files in and out: saving a text as a download (a game record) and
//! reading a record the player picks with a file input. A file that is too
//! large, unreadable or not a valid record gives a message key and changes
//! nothing.

use crate::i18n::Key;
use crate::rules::GameRecord;
use crate::rules::Played;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, HtmlInputElement, Url};

/// Records larger than this are refused unread (a long 8-player match is
/// a few hundred kilobytes).
pub const MAX_RECORD_BYTES: f64 = 4.0 * 1024.0 * 1024.0;

/// Offers `text` as a download named `name` (quietly does nothing if the
/// browser refuses).
pub fn download(name: &str, text: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = BlobPropertyBag::new();
    options.set_type("application/json");
    let Ok(blob) = Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Some(a) = document
        .create_element("a")
        .ok()
        .and_then(|e| e.dyn_into::<HtmlAnchorElement>().ok())
    {
        a.set_href(&url);
        a.set_download(name);
        let body = document.body();
        if let Some(body) = &body {
            let _ = body.append_child(&a);
        }
        a.click();
        a.remove();
    }
    // The download starts after this task: free the object a moment later.
    gloo_timers::callback::Timeout::new(10_000, move || {
        let _ = Url::revoke_object_url(&url);
    })
    .forget();
}

/// Reads the record chosen in `input` and gives its match (checked by
/// replaying it) or the message to show. The input is cleared, so the same
/// file can be chosen again.
pub fn read_record(input: &HtmlInputElement, done: impl FnOnce(Result<Played, Key>) + 'static) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    input.set_value("");
    if file.size() > MAX_RECORD_BYTES {
        done(Err(Key::RecordTooLarge));
        return;
    }
    let promise = file.text();
    wasm_bindgen_futures::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(promise)
            .await
            .ok()
            .and_then(|v| v.as_string());
        let result = match text {
            None => Err(Key::RecordBroken),
            Some(text) => match GameRecord::from_json(&text) {
                Err(_) => Err(Key::RecordBroken),
                Ok(record) => Played::from_record(&record).map_err(|_| Key::RecordDoesNotReplay),
            },
        };
        done(result);
    });
}
