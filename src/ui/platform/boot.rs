//! The first screen index.html paints before the app runs (`#boot`: the
//! same markup as the app's first screen, in the player's language). The
//! app takes it over on its first draw, in the same task, so the page never
//! shows both or neither; a button tapped meanwhile is handed over (a
//! match it starts is the app's first draw, the boot screen showing until
//! then).

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

/// Runs `then` once the page has painted what it shows now (the boot
/// screen): the frame being drawn, then a task after it. Mounting the app
/// only then makes the first screen's paint the page's first, however fast
/// the game's code arrived, so the largest thing painted early stays the
/// one a player saw first (the app's copy is the same size, not a new
/// largest paint). A page that has painted already (the code arrived
/// after the first screen, as on a phone) mounts at once: waiting for a
/// frame there only delays a tapped match's hand (by 10-20 ms on a slow
/// phone).
pub fn after_paint(then: impl FnOnce() + 'static) {
    if painted() {
        then();
        return;
    }
    use std::cell::Cell;
    use std::rc::Rc;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let once: Rc<Cell<Option<Mount>>> = Rc::new(Cell::new(Some(Box::new(then))));
    let run = {
        let once = once.clone();
        move || {
            if let Some(f) = once.take() {
                f()
            }
        }
    };
    let painted = Closure::once_into_js(move || {
        gloo_timers::callback::Timeout::new(0, run).forget();
    });
    let asked = web_sys::window()
        .is_some_and(|w| w.request_animation_frame(painted.unchecked_ref()).is_ok());
    if !asked {
        // No frame will come: mount at once.
        if let Some(f) = once.take() {
            f()
        }
    }
}

/// Whether the page has painted anything yet (a `paint` performance
/// entry: first-paint or first-contentful-paint).
fn painted() -> bool {
    web_sys::window()
        .and_then(|w| w.performance())
        .is_some_and(|p| p.get_entries_by_type("paint").length() > 0)
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
