//! The first screen index.html paints before the app runs (`#boot`: the
//! same markup as the app's first screen, in the player's language). The
//! app takes it over on its first draw, in the same task, so the page never
//! shows both or neither; a button tapped meanwhile is handed over (a
//! match it starts is the app's first draw, the boot screen showing until
//! then).

use std::cell::Cell;
use std::rc::Rc;

/// What the player tapped on the first screen before the app was ready.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tap {
    QuickPlay,
    TodaysDeal,
    LearnToPlay,
    Rules,
    Statistics,
}

impl Tap {
    /// Whether the tap starts a match (the app then draws the match first,
    /// not the first screen it replaces at once).
    pub fn starts_match(self) -> bool {
        matches!(self, Tap::QuickPlay | Tap::TodaysDeal | Tap::LearnToPlay)
    }

    /// The tap a `data-go` name stands for.
    fn from_name(name: &str) -> Option<Tap> {
        Some(match name {
            "quick" => Tap::QuickPlay,
            "daily" => Tap::TodaysDeal,
            "learn" => Tap::LearnToPlay,
            "rules" => Tap::Rules,
            "stats" => Tap::Statistics,
            _ => return None,
        })
    }
}

/// The one object index.html's loader leaves for the game's code
/// (`window.ono99Boot`): `tap`, the first screen's button tapped before the
/// app ran, `texts`, the languages' files (`platform::texts`), and
/// `newer()`, whether the site has a newer build ([`newer`]).
const BOOT: &str = "ono99Boot";

/// index.html's `window.ono99Boot`, if the page has it.
fn kit() -> Option<wasm_bindgen::JsValue> {
    let window = web_sys::window()?;
    let kit = js_sys::Reflect::get(&window, &wasm_bindgen::JsValue::from_str(BOOT)).ok()?;
    (!kit.is_undefined() && !kit.is_null()).then_some(kit)
}

/// A field of index.html's `window.ono99Boot`.
pub fn field(name: &str) -> Option<wasm_bindgen::JsValue> {
    js_sys::Reflect::get(&kit()?, &wasm_bindgen::JsValue::from_str(name)).ok()
}

/// Removes the boot screen and returns what was tapped on it, if anything
/// (once: a second call finds nothing).
pub fn take_over() -> Option<Tap> {
    remove();
    take_tap()
}

/// What was tapped on the boot screen, left for [`take_tap`].
pub fn tapped() -> Option<Tap> {
    field("tap")?
        .as_string()
        .as_deref()
        .and_then(Tap::from_name)
}

/// Returns what was tapped on the boot screen, if anything (once: a
/// second call finds nothing); the screen stays until [`remove`].
pub fn take_tap() -> Option<Tap> {
    let tapped = tapped();
    if let Some(kit) = kit() {
        let _ = js_sys::Reflect::set(
            &kit,
            &wasm_bindgen::JsValue::from_str("tap"),
            &wasm_bindgen::JsValue::NULL,
        );
    }
    tapped
}

/// Removes the boot screen, if it is still there.
pub fn remove() {
    let boot = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"));
    if let Some(boot) = boot {
        boot.remove();
    }
}

/// What [`after_paint`] runs, once.
type Mount = Box<dyn FnOnce()>;

/// How many frames [`after_paint`] waits at most for the first screen's
/// first contentful paint (about half a second: a browser that keeps no
/// paint timing mounts then).
const PAINT_FRAMES: u32 = 30;

/// Runs `then` once the page has painted the boot screen's content: the
/// frame in which the first contentful paint is recorded, then a task
/// after it. Mounting the app only then makes the first screen's paint the
/// page's largest, however fast the game's code arrived (the app's copy is
/// the same size, not a new largest paint). When the code came first, as
/// on a fast network or in Lighthouse's unthrottled load, one frame was
/// not enough: the app's copy was then the largest paint, counted only
/// once the code had run. A page that has painted already (the code
/// arrived after the first screen, as on a phone) mounts at once, so a
/// tapped match's hand is not held back a frame.
pub fn after_paint(then: impl FnOnce() + 'static) {
    if painted() {
        then();
        return;
    }
    let once: Rc<Cell<Option<Mount>>> = Rc::new(Cell::new(Some(Box::new(then))));
    wait_for_paint(once, PAINT_FRAMES);
}

/// Looks for the first contentful paint at each frame, `left` more times.
fn wait_for_paint(once: Rc<Cell<Option<Mount>>>, left: u32) {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let next = once.clone();
    let frame = Closure::once_into_js(move || {
        if left == 0 || painted() {
            gloo_timers::callback::Timeout::new(0, move || {
                if let Some(f) = next.take() {
                    f()
                }
            })
            .forget();
        } else {
            wait_for_paint(next, left - 1);
        }
    });
    let asked =
        web_sys::window().is_some_and(|w| w.request_animation_frame(frame.unchecked_ref()).is_ok());
    if !asked {
        // No frame will come: mount at once.
        if let Some(f) = once.take() {
            f()
        }
    }
}

/// Whether the page's first contentful paint is recorded (the boot
/// screen's text, painted from the HTML).
fn painted() -> bool {
    web_sys::window()
        .and_then(|w| w.performance())
        .is_some_and(|p| p.get_entries_by_name("first-contentful-paint").length() > 0)
}

/// Whether the site now has another build than this page's (index.html's
/// `ono99Boot.newer()`: it fetches the page past every cache and compares
/// the module it names). Once per build, so a broken site is never said to
/// be new twice. `false` when it cannot tell (offline, no loader).
pub async fn newer() -> bool {
    use wasm_bindgen::JsCast;
    let Some(newer) = field("newer").and_then(|f| f.dyn_into::<js_sys::Function>().ok()) else {
        return false;
    };
    let Ok(promise) = newer.call0(&wasm_bindgen::JsValue::NULL) else {
        return false;
    };
    let Ok(promise) = promise.dyn_into::<js_sys::Promise>() else {
        return false;
    };
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}
