//! The page's clock and random source. `std::time` and a global RNG panic
//! or don't exist in the browser; everything that needs the time or a fresh
//! seed asks here.

/// Milliseconds from the page's high-resolution clock (`performance.now`),
/// or the wall clock where that is missing.
pub fn now_ms() -> f64 {
    match web_sys::window().and_then(|w| w.performance()) {
        Some(p) => p.now(),
        None => js_sys::Date::now(),
    }
}

/// Milliseconds since 1970 by the wall clock: what a message between two
/// pages carries (the other page's high-resolution clock counts from its
/// own start), and what a frozen page's own clock cannot measure.
pub fn wall_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// A fresh random seed for a new deal: the browser's crypto source, or
/// `Math.random` if that is unavailable.
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_ok() {
        return u64::from_le_bytes(bytes);
    }
    let hi = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let lo = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (hi << 32) ^ lo
}

/// `?seed=<n>` in the address deals the first game from that seed, so a
/// deal can be replayed (bug reports, tests).
pub fn seed_from_address() -> Option<u64> {
    let search = web_sys::window()?.location().search().ok()?;
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("seed="))
        .and_then(|v| v.parse().ok())
}
