//! When to try a relay again: exponential backoff with jitter.
//!
//! Attempt `n` (from 0) waits between half and all of
//! `min(cap, base × 2^n)`, the place in between set by a random number
//! the caller passes in ("equal jitter"): never less than half, so a
//! failing relay is not hammered, and never the same for two pages, so
//! friends who lost the host together do not all come back at once.

/// A backoff policy, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    /// The first attempt's ceiling.
    pub base_ms: u64,
    /// No wait is longer.
    pub cap_ms: u64,
}

impl Backoff {
    /// Sending an offer again while no answer came: quick at first (a
    /// reload should be back within 10 s: waits of up to 0.5, 1, 2, 4 s
    /// add up to 7.5 s at most), then every 5 to 10 s.
    pub const OFFER: Backoff = Backoff {
        base_ms: 500,
        cap_ms: 10_000,
    };

    /// Sending an offer again after a minute with no answer: the host's
    /// page may be in the background for minutes (a phone's), and a knock
    /// every 15 to 30 s is heard soon after it is back without weighing on
    /// the relays.
    pub const PATIENT: Backoff = Backoff {
        base_ms: 10_000,
        cap_ms: 30_000,
    };

    /// Opening a relay's socket again after it failed or closed: public
    /// relays go down for minutes, so up to 1 to 2 min between attempts.
    pub const RECONNECT: Backoff = Backoff {
        base_ms: 1_000,
        cap_ms: 120_000,
    };

    /// The ceiling of attempt `attempt`: `min(cap, base × 2^attempt)`.
    pub fn ceiling_ms(&self, attempt: u32) -> u64 {
        let factor = 1u64.checked_shl(attempt).unwrap_or(u64::MAX);
        self.base_ms.saturating_mul(factor).min(self.cap_ms)
    }

    /// How long to wait before attempt `attempt` (0 for the first retry),
    /// with `random` uniform over all `u32` values (from the browser's
    /// `crypto.getRandomValues` or `Math.random`): from half the ceiling
    /// (`random` = 0) to just under all of it.
    pub fn delay_ms(&self, attempt: u32, random: u32) -> u64 {
        let ceiling = self.ceiling_ms(attempt);
        let half = ceiling / 2;
        let spread = ceiling - half;
        half + ((u128::from(spread) * u128::from(random)) >> 32) as u64
    }
}
