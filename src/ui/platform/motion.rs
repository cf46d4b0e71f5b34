//! Motion on the table, measured in the page: a card flies from where it
//! came from (a seat, your hand, the draw pile) to where it lands, and the
//! total counts to its new value. Elements get CSS variables (`--from-x`,
//! `--from-y`) and a class whose keyframes move them on `transform` only;
//! with reduced motion the stylesheet turns those animations off, so nothing
//! travels and the highlights stay.

use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

thread_local! {
    /// The count running now: a newer one stops the older (there is one
    /// total on the page).
    static COUNT: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// Where the person's last played card was on screen: (seat, x, y, time).
    static ORIGIN: RefCell<Option<(usize, f64, f64, f64)>> = const { RefCell::new(None) };
}

fn centre(el: &Element) -> (f64, f64) {
    let r = el.get_bounding_client_rect();
    (r.left() + r.width() / 2.0, r.top() + r.height() / 2.0)
}

fn query(selector: &str) -> Option<Element> {
    web_sys::window()?
        .document()?
        .query_selector(selector)
        .ok()
        .flatten()
}

/// Remembers where a card the person played was, just before it leaves
/// the hand.
pub fn remember_origin(seat: usize, el: &Element) {
    let (x, y) = centre(el);
    let now = super::clock::now_ms();
    ORIGIN.with(|o| *o.borrow_mut() = Some((seat, x, y, now)));
}

/// Starts `class`'s animation on `el` from the point `(x, y)`.
fn start_from(el: &Element, (x, y): (f64, f64), class: &str) {
    let Some(html) = el.dyn_ref::<HtmlElement>() else {
        return;
    };
    let (tx, ty) = centre(el);
    let style = html.style();
    // Whole pixels, formatted as integers: float formatting would add its
    // tables to the download.
    let _ = style.set_property("--from-x", &format!("{}px", (x - tx).round() as i32));
    let _ = style.set_property("--from-y", &format!("{}px", (y - ty).round() as i32));
    let list = el.class_list();
    let _ = list.remove_1(class);
    // Reading a layout value restarts the animation on an element reused
    // from the last render.
    let _ = html.offset_width();
    let _ = list.add_1(class);
}

/// Flies `el` in from the element `from_selector` names.
pub fn fly_from(el: &Element, from_selector: &str, class: &str) {
    if let Some(from) = query(from_selector) {
        start_from(el, centre(&from), class);
    }
}

/// Flies the card just played (`el`, on the pile) in from `seat`: from the
/// very card the person clicked when that was the play, otherwise from the
/// seat's place at the table.
pub fn fly_to_pile(el: &Element, seat: usize) {
    let now = super::clock::now_ms();
    let clicked = ORIGIN.with(|o| o.borrow_mut().take());
    let origin = match clicked {
        Some((s, x, y, t)) if s == seat && now - t < 3000.0 => Some((x, y)),
        _ => query(&format!("[data-seat=\"{seat}\"]")).map(|e| centre(&e)),
    };
    if let Some(point) = origin {
        start_from(el, point, "travel");
    }
}

/// How long a played card takes to fly to the pile: the `travel`
/// animation's duration in `main.css`. The total starts counting, and the
/// line that says the play shows, when the card lands.
pub const TRAVEL_MS: f64 = 300.0;

/// Counts the number shown in `el` from `from` to `to` over `ms`, one step
/// a frame, after `delay_ms` showing `from`; the element's own text is
/// left alone (it holds the true value for readers), `el` is a decorative
/// overlay.
pub fn count(
    el: HtmlElement,
    from: i32,
    to: i32,
    delay_ms: f64,
    ms: f64,
    format: fn(i32) -> String,
) {
    let id = COUNT.with(|c| {
        c.set(c.get().wrapping_add(1));
        c.get()
    });
    let _ = el.class_list().add_1("counting");
    let run = Counting {
        el,
        from,
        to,
        ms,
        format,
        start: super::clock::now_ms() + delay_ms,
        id,
    };
    run.next_frame();
}

/// One count of the total in progress.
struct Counting {
    el: HtmlElement,
    from: i32,
    to: i32,
    ms: f64,
    format: fn(i32) -> String,
    start: f64,
    id: u32,
}

impl Counting {
    fn next_frame(self) {
        let Some(window) = web_sys::window() else {
            return;
        };
        // A fresh one-shot callback a frame: nothing refers to itself, and
        // nothing is left behind when the count ends.
        let cb = Closure::once_into_js(move || self.step());
        let _ = window.request_animation_frame(cb.unchecked_ref());
    }

    fn step(self) {
        if COUNT.with(|c| c.get()) != self.id {
            // A newer count took over; it owns the overlay now.
            return;
        }
        let t = ((super::clock::now_ms() - self.start) / self.ms).clamp(0.0, 1.0);
        // Ease out: quick at first, settling on the value.
        let eased = 1.0 - (1.0 - t) * (1.0 - t);
        let value = self.from + ((self.to - self.from) as f64 * eased).round() as i32;
        self.el.set_text_content(Some(&(self.format)(value)));
        if t < 1.0 {
            self.next_frame();
        } else {
            let _ = self.el.class_list().remove_1("counting");
        }
    }
}

/// Whether the page asks for reduced motion (the setting or the system).
pub fn reduced() -> bool {
    let Some(window) = web_sys::window() else {
        return true;
    };
    let by_setting = window
        .document()
        .and_then(|d| d.document_element())
        .and_then(|e| e.get_attribute("data-motion"))
        .is_some_and(|v| v == "reduce");
    let by_system = window
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    by_setting || by_system
}
