//! The search worker: bots' decisions and review playouts in a Web Worker
//! (`ono99-worker`, built by Trunk beside the app and loaded after the
//! first screen), so the page never waits on a search.
//!
//! - In the worker, [`serve`] answers each message with
//!   [`crate::bots::jobs::handle`].
//! - In the page, [`start`] spawns it; [`ask`] sends a job and calls back
//!   with the answer. Until the worker says it is ready, and for good if it
//!   fails to start or errs, [`ask`] returns `false` and the caller does the
//!   work on the page as before.
//!
//! The worker is a module worker. Its files are named by their content, so
//! a page only ever starts its own build's worker, even after a deployment:
//! the build (`assets/csp-hash.mjs`) writes the name of its entry file,
//! `ono99-worker-<hash>_loader.js`, into `data-worker` on `<html>`. A page
//! without it (a build that did not run the hook) has no worker.
//!
//! Jobs and answers cross as bytes (a `Uint8Array`, laid out by
//! [`crate::bots::jobs::wire`]); only the worker's first message, [`READY`],
//! is text.

use crate::bots::jobs::{Answer, Job, Request, Response};
use js_sys::Uint8Array;
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, Worker, WorkerOptions, WorkerType};

/// The first message the worker sends, once its WebAssembly runs.
const READY: &str = "ready";
/// The attribute of `<html>` that names the worker's entry file, relative
/// to the page.
const NAMED_BY: &str = "data-worker";

/// In the worker: answers every message.
pub fn serve() {
    let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
        return;
    };
    let clock_scope = scope.clone();
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        // Anything but bytes is read as an empty (so refused) request.
        let request = e
            .data()
            .dyn_into::<Uint8Array>()
            .map(|a| a.to_vec())
            .unwrap_or_default();
        let perf = clock_scope.performance();
        let clock: Option<crate::bots::Clock> =
            perf.map(|p| Box::new(move || p.now()) as crate::bots::Clock);
        let answer = crate::bots::jobs::handle(&request, clock);
        let _ = reply_scope.post_message(&Uint8Array::from(answer.as_slice()));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(READY));
}

type Pending = Box<dyn FnOnce(Answer)>;

#[derive(Default)]
struct Client {
    worker: Option<Worker>,
    ready: bool,
    failed: bool,
    next_id: u32,
    pending: HashMap<u32, Pending>,
}

thread_local! {
    static CLIENT: RefCell<Client> = RefCell::new(Client::default());
}

/// In the page: spawns the worker (once). Quietly does nothing where
/// workers are not available.
pub fn start() {
    let already = CLIENT.with(|c| {
        let c = c.borrow();
        c.worker.is_some() || c.failed
    });
    if already {
        return;
    }
    let Some(worker) = spawn() else {
        CLIENT.with(|c| c.borrow_mut().failed = true);
        return;
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| {
        let data = e.data();
        if data.as_string().is_some_and(|text| text == READY) {
            CLIENT.with(|c| c.borrow_mut().ready = true);
            return;
        }
        let Ok(bytes) = data.dyn_into::<Uint8Array>() else {
            return;
        };
        // An answer this page cannot read, or one to a request the worker
        // could not read (id 0), leaves a job unanswered: the worker is
        // given up, and every job waiting is done on the page instead.
        let response = match Response::decode(&bytes.to_vec()) {
            Ok(response) if response.id != 0 => response,
            _ => return fail(),
        };
        let done = CLIENT.with(|c| c.borrow_mut().pending.remove(&response.id));
        if let Some(done) = done {
            done(response.answer);
        }
    });
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|_| fail());
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_message.forget();
    on_error.forget();
    CLIENT.with(|c| c.borrow_mut().worker = Some(worker));
}

/// A module worker on the entry file `<html data-worker>` names; `None`
/// where there is no such name or the browser refuses the worker.
fn spawn() -> Option<Worker> {
    let root = web_sys::window()?.document()?.document_element()?;
    // Relative to the page; the CSP (`worker-src 'self'`) refuses any
    // other site.
    let entry = root.get_attribute(NAMED_BY)?;
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    Worker::new_with_options(&entry, &options).ok()
}

/// The worker is gone for good: every job waiting is answered with a
/// refusal (its caller then works on the page).
fn fail() {
    let pending: Vec<Pending> = CLIENT.with(|c| {
        let mut c = c.borrow_mut();
        c.failed = true;
        c.ready = false;
        if let Some(w) = c.worker.take() {
            w.terminate();
        }
        c.pending.drain().map(|(_, p)| p).collect()
    });
    for done in pending {
        done(Answer::Refused("the worker stopped".to_string()));
    }
}

/// The page is done with this worker (handed over to the whole app, which
/// starts its own): it stops, and answers nothing more.
pub fn stop() {
    CLIENT.with(|c| {
        let mut c = c.borrow_mut();
        c.failed = true;
        c.ready = false;
        c.pending.clear();
        if let Some(w) = c.worker.take() {
            w.terminate();
        }
    });
}

/// Whether jobs go to the worker now.
pub fn ready() -> bool {
    CLIENT.with(|c| {
        let c = c.borrow();
        c.ready && !c.failed
    })
}

/// Sends `job` to the worker; `done` gets the answer. `false` (and `done`
/// dropped) when the worker is not ready: the caller does the work itself.
pub fn ask(job: Job, done: impl FnOnce(Answer) + 'static) -> bool {
    if !ready() {
        return false;
    }
    let sent = CLIENT.with(|c| {
        let mut c = c.borrow_mut();
        c.next_id = c.next_id.wrapping_add(1).max(1);
        let id = c.next_id;
        let request = Request { id, job }.encode();
        let Some(worker) = c.worker.clone() else {
            return false;
        };
        if worker
            .post_message(&Uint8Array::from(request.as_slice()))
            .is_err()
        {
            return false;
        }
        c.pending.insert(id, Box::new(done));
        true
    });
    sent
}
