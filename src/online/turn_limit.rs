//! The turn limit of an online table (issue 36): a friend silent for that
//! long on their turn is replaced by a stand-in bot
//! ([`HostSession::turn_over`](super::HostSession::turn_over)), and told
//! so when back, with a way to take the seat back.
//!
//! Pure: the clock is an argument (the page's, in milliseconds), so when a
//! turn is over its limit is decided here and tested natively; the page
//! only sets a timer for [`TurnClock::due_in`] and asks again.

use crate::rules::Seat;

/// How long a friend may take on a turn, as the host picks it in the
/// lobby: off (the default: the host decides, with "Let a bot play"), or
/// a number of seconds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum TurnLimit {
    #[default]
    Off,
    Seconds(u32),
}

/// The limit the lobby offers besides Off.
pub const DEFAULT_SECONDS: u32 = 60;
/// The longest limit a save or an address may set (ten minutes); longer
/// is read as this.
pub const MAX_SECONDS: u32 = 600;

impl TurnLimit {
    /// The limit the lobby offers besides Off: [`DEFAULT_SECONDS`].
    pub const ON: TurnLimit = TurnLimit::Seconds(DEFAULT_SECONDS);

    /// A limit of `seconds` (0: off; over [`MAX_SECONDS`]: that).
    pub fn of_seconds(seconds: u32) -> TurnLimit {
        match seconds {
            0 => TurnLimit::Off,
            s => TurnLimit::Seconds(s.min(MAX_SECONDS)),
        }
    }

    /// The limit in seconds (0: off), as a save writes it.
    pub fn seconds(self) -> u32 {
        match self {
            TurnLimit::Off => 0,
            TurnLimit::Seconds(s) => s,
        }
    }

    fn millis(self) -> Option<u64> {
        match self {
            TurnLimit::Off => None,
            TurnLimit::Seconds(s) => Some(u64::from(s) * 1000),
        }
    }

    /// Reads a limit as a save or an address writes it: a number of
    /// seconds. `None` for anything else.
    pub fn parse(text: &str) -> Option<TurnLimit> {
        text.trim().parse::<u32>().ok().map(TurnLimit::of_seconds)
    }
}

/// Whose turn the page is timing: the friend's seat the match waits on,
/// at which ply (actions taken so far), since when by the page's clock.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TurnClock {
    turn: Option<(Seat, u32, u64)>,
}

impl TurnClock {
    pub fn new() -> TurnClock {
        TurnClock::default()
    }

    /// Follows the table at `now_ms`: the match waits on `waiting_on` (a
    /// friend's seat no bot plays for, connected or not; `None` for
    /// anyone else's turn, or the match over) at `ply`. A new turn (another
    /// seat, or the same seat at a later ply: a Play 2's second card is a
    /// turn of its own) starts the clock again.
    pub fn follow(&mut self, waiting_on: Option<Seat>, ply: u32, now_ms: u64) {
        self.turn = match (waiting_on, self.turn) {
            (None, _) => None,
            (Some(seat), Some((s, p, since))) if s == seat && p == ply => Some((s, p, since)),
            (Some(seat), _) => Some((seat, ply, now_ms)),
        };
    }

    /// The seat whose turn is over `limit` at `now_ms`, if one is: the
    /// friend silent since the turn came to them for that long or longer.
    pub fn over(&self, limit: TurnLimit, now_ms: u64) -> Option<(Seat, u32)> {
        let (seat, ply, since) = self.turn?;
        let limit = limit.millis()?;
        (now_ms.saturating_sub(since) >= limit).then_some((seat, ply))
    }

    /// How long until the turn timed is over `limit` (0: it is); `None`
    /// when nothing is timed or the limit is off. A clock that went back
    /// counts from the turn's start.
    pub fn due_in(&self, limit: TurnLimit, now_ms: u64) -> Option<u64> {
        let (_, _, since) = self.turn?;
        let limit = limit.millis()?;
        Some(limit.saturating_sub(now_ms.saturating_sub(since)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIA: Seat = Seat(1);
    const LEO: Seat = Seat(2);
    const MINUTE: TurnLimit = TurnLimit::ON;

    #[test]
    fn off_never_times_a_turn_out() {
        let mut clock = TurnClock::new();
        clock.follow(Some(MIA), 3, 1_000);
        assert_eq!(clock.over(TurnLimit::Off, u64::MAX), None);
        assert_eq!(clock.due_in(TurnLimit::Off, 1_000), None);
    }

    #[test]
    fn a_friend_silent_for_the_limit_is_over_it_not_a_moment_before() {
        let mut clock = TurnClock::new();
        clock.follow(Some(MIA), 3, 10_000);
        assert_eq!(clock.over(MINUTE, 69_999), None);
        assert_eq!(clock.due_in(MINUTE, 69_999), Some(1));
        assert_eq!(clock.over(MINUTE, 70_000), Some((MIA, 3)));
        assert_eq!(clock.due_in(MINUTE, 70_000), Some(0));
        assert_eq!(clock.over(MINUTE, 500_000), Some((MIA, 3)));
    }

    #[test]
    fn following_the_same_turn_keeps_its_start() {
        let mut clock = TurnClock::new();
        clock.follow(Some(MIA), 3, 10_000);
        // Every draw follows the table again: the turn started at 10 s.
        clock.follow(Some(MIA), 3, 40_000);
        clock.follow(Some(MIA), 3, 69_000);
        assert_eq!(clock.over(MINUTE, 70_000), Some((MIA, 3)));
    }

    #[test]
    fn a_new_turn_starts_the_clock_again() {
        let mut clock = TurnClock::new();
        clock.follow(Some(MIA), 3, 0);
        // Mia played the first card of a Play 2: her second is a new turn.
        clock.follow(Some(MIA), 4, 50_000);
        assert_eq!(clock.over(MINUTE, 100_000), None);
        assert_eq!(clock.over(MINUTE, 110_000), Some((MIA, 4)));
        // Then Leo's turn.
        clock.follow(Some(LEO), 5, 111_000);
        assert_eq!(clock.over(MINUTE, 170_000), None);
        assert_eq!(clock.over(MINUTE, 171_000), Some((LEO, 5)));
    }

    #[test]
    fn nobody_waited_on_stops_the_clock() {
        let mut clock = TurnClock::new();
        clock.follow(Some(MIA), 3, 0);
        // The host's turn, a bot's, or a stand-in now plays Mia's seat.
        clock.follow(None, 4, 10_000);
        assert_eq!(clock.over(MINUTE, 1_000_000), None);
        assert_eq!(clock.due_in(MINUTE, 1_000_000), None);
        // Mia's turn again later: timed from then.
        clock.follow(Some(MIA), 7, 2_000_000);
        assert_eq!(clock.over(MINUTE, 2_059_999), None);
        assert_eq!(clock.over(MINUTE, 2_060_000), Some((MIA, 7)));
    }

    #[test]
    fn a_clock_that_goes_back_waits_the_whole_limit() {
        let mut clock = TurnClock::new();
        clock.follow(Some(MIA), 3, 50_000);
        assert_eq!(clock.over(MINUTE, 10_000), None);
        assert_eq!(clock.due_in(MINUTE, 10_000), Some(60_000));
    }

    #[test]
    fn limits_read_and_write_as_seconds() {
        assert_eq!(TurnLimit::parse("60"), Some(TurnLimit::ON));
        assert_eq!(TurnLimit::parse("0"), Some(TurnLimit::Off));
        assert_eq!(TurnLimit::parse("5"), Some(TurnLimit::Seconds(5)));
        assert_eq!(
            TurnLimit::parse("99999"),
            Some(TurnLimit::Seconds(MAX_SECONDS))
        );
        assert_eq!(TurnLimit::parse("-1"), None);
        assert_eq!(TurnLimit::parse("soon"), None);
        for limit in [TurnLimit::Off, TurnLimit::ON, TurnLimit::Seconds(5)] {
            assert_eq!(TurnLimit::parse(&limit.seconds().to_string()), Some(limit));
        }
        assert_eq!(TurnLimit::default(), TurnLimit::Off);
    }
}
