//! The cap on incoming messages per second ([`RateGate`]): a flood is
//! dropped, and a peer that keeps flooding is closed.

use super::FLOOD_CLOSE_MS;

/// What [`RateGate::admit`] says about one incoming message.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// Within the cap: pass it on.
    Pass,
    /// Over the cap: drop it.
    Drop,
    /// Over the cap for longer than [`FLOOD_CLOSE_MS`]: close the channel.
    Close,
}

/// A message-rate cap over one-second windows: at most `per_second`
/// messages pass in a window; a peer whose windows overflow without a
/// quiet one for longer than [`FLOOD_CLOSE_MS`] is to be closed.
#[derive(Clone, Debug)]
pub struct RateGate {
    per_second: u32,
    window_start: f64,
    count: u32,
    flooding_since: Option<f64>,
}

impl RateGate {
    /// A gate letting `per_second` messages through per second.
    pub fn new(per_second: u32) -> RateGate {
        RateGate {
            per_second,
            window_start: f64::NEG_INFINITY,
            count: 0,
            flooding_since: None,
        }
    }

    /// Counts one message arriving at `now` (milliseconds).
    pub fn admit(&mut self, now: f64) -> Verdict {
        // A clock going backwards also starts a new window.
        let elapsed = now - self.window_start;
        if !(0.0..1_000.0).contains(&elapsed) {
            if self.count <= self.per_second {
                self.flooding_since = None;
            }
            self.window_start = now;
            self.count = 0;
        }
        self.count = self.count.saturating_add(1);
        if self.count <= self.per_second {
            return Verdict::Pass;
        }
        let since = *self.flooding_since.get_or_insert(now);
        if now - since > FLOOD_CLOSE_MS {
            Verdict::Close
        } else {
            Verdict::Drop
        }
    }
}
