//! Quick reactions at an online table (issue 31): the short set a player
//! may send ([`Reaction`], no free text), the rate gate that keeps each
//! seat to one every [`REACTION_GAP_MS`] ([`RateGate`]), and what one page
//! shows of them ([`Board`]: the bubbles on the seats, the seats this page
//! muted). [`bot_reaction`] says when a bot at the host's table reacts.
//!
//! Pure like the rest of `online`: the caller gives the time (its own
//! monotonic clock, in milliseconds), and a bot's reaction is derived from
//! the ply, never drawn from a random generator, so a bot that reacts
//! plays exactly as one that does not.

use crate::rules::{Event, Seat, SeatMap};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The least time between two reactions of one seat: more are dropped
/// where they are sent and where they arrive.
pub const REACTION_GAP_MS: u64 = 2_000;
/// How long a reaction shows on its seat.
pub const SHOWN_MS: u64 = 2_000;

/// One of the preset reactions. On the wire in snake case
/// (`"thumbs_up"`, `"good_game"`...).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reaction {
    ThumbsUp,
    Sweat,
    Wow,
    Fire,
    Nice,
    Oops,
    GoodGame,
}

impl Reaction {
    /// Every reaction, in the order the panel offers them.
    pub const ALL: [Reaction; 7] = [
        Reaction::ThumbsUp,
        Reaction::Sweat,
        Reaction::Wow,
        Reaction::Fire,
        Reaction::Nice,
        Reaction::Oops,
        Reaction::GoodGame,
    ];

    /// The emoji the seat shows, for the four that are one; the words
    /// ("Nice!", "Oops", "Good game") are the page's language's.
    pub fn emoji(self) -> Option<&'static str> {
        match self {
            Reaction::ThumbsUp => Some("👍"),
            Reaction::Sweat => Some("😅"),
            Reaction::Wow => Some("😮"),
            Reaction::Fire => Some("🔥"),
            Reaction::Nice | Reaction::Oops | Reaction::GoodGame => None,
        }
    }

    /// Its name in snake case, as on the wire (for logs and test hooks).
    pub fn name(self) -> &'static str {
        match self {
            Reaction::ThumbsUp => "thumbs_up",
            Reaction::Sweat => "sweat",
            Reaction::Wow => "wow",
            Reaction::Fire => "fire",
            Reaction::Nice => "nice",
            Reaction::Oops => "oops",
            Reaction::GoodGame => "good_game",
        }
    }
}

/// When each seat last had a reaction let through: at most one every
/// [`REACTION_GAP_MS`] per seat, by the caller's clock. A seat outside
/// the largest table is never let through.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RateGate {
    /// Each seat's latest reaction let through.
    last: SeatMap<u64>,
}

impl RateGate {
    pub fn new() -> RateGate {
        RateGate::default()
    }

    /// Whether `seat` may react at `now_ms` (nothing is counted).
    pub fn ready(&self, seat: Seat, now_ms: u64) -> bool {
        self.wait_ms(seat, now_ms) == 0
    }

    /// How long `seat` must still wait at `now_ms` before its next
    /// reaction goes through (0: it may now). A clock that went back
    /// waits one whole gap from then, never longer.
    pub fn wait_ms(&self, seat: Seat, now_ms: u64) -> u64 {
        match self.last.get(seat).copied() {
            None => 0,
            Some(last) if now_ms < last => REACTION_GAP_MS,
            Some(last) => REACTION_GAP_MS.saturating_sub(now_ms - last),
        }
    }

    /// Lets `seat`'s reaction through at `now_ms` (and counts it), or
    /// drops it (false: too soon after the last one let through; a dropped
    /// one does not move the gate). A clock that went back starts the gap
    /// again from `now_ms`, so a page whose clock jumped is not held up
    /// for longer than one gap.
    pub fn allow(&mut self, seat: Seat, now_ms: u64) -> bool {
        let Some(slot) = self.last.slot(seat) else {
            return false;
        };
        match *slot {
            Some(last) if now_ms < last => {
                *slot = Some(now_ms);
                false
            }
            Some(last) if now_ms - last < REACTION_GAP_MS => false,
            _ => {
                *slot = Some(now_ms);
                true
            }
        }
    }
}

/// One reaction on show on a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shown {
    pub seat: Seat,
    pub reaction: Reaction,
    /// When it arrived, by the page's clock.
    pub at_ms: u64,
    /// Counts every reaction this board showed: a new one on the same
    /// seat is a new bubble (and a new line for screen readers).
    pub serial: u64,
}

/// What one page shows of the table's reactions: the latest on each seat
/// for [`SHOWN_MS`], after its own rate gate (per seat: a host that lets
/// too many through, or a bot, still shows at most one every
/// [`REACTION_GAP_MS`]) and the seats this page muted.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Board {
    gate: RateGate,
    muted: BTreeSet<Seat>,
    shown: Vec<Shown>,
    serial: u64,
}

impl Board {
    pub fn new() -> Board {
        Board::default()
    }

    /// `seat` reacted at `now_ms`: shown, unless the seat is muted here or
    /// reacted less than [`REACTION_GAP_MS`] ago. Returns what is shown
    /// (`None`: dropped). It replaces the seat's bubble on show.
    pub fn arrive(&mut self, seat: Seat, reaction: Reaction, now_ms: u64) -> Option<Shown> {
        if !self.gate.allow(seat, now_ms) || self.muted.contains(&seat) {
            return None;
        }
        self.serial = self.serial.saturating_add(1);
        let shown = Shown {
            seat,
            reaction,
            at_ms: now_ms,
            serial: self.serial,
        };
        self.shown.retain(|s| s.seat != seat);
        self.shown.push(shown);
        Some(shown)
    }

    /// Whether this page's own `seat` may send a reaction at `now_ms` (the
    /// panel's buttons wait while it may not).
    pub fn ready(&self, seat: Seat, now_ms: u64) -> bool {
        self.gate.ready(seat, now_ms)
    }

    /// How long `seat` must wait at `now_ms` before its next reaction.
    pub fn wait_ms(&self, seat: Seat, now_ms: u64) -> u64 {
        self.gate.wait_ms(seat, now_ms)
    }

    /// Forgets the bubbles shown for [`SHOWN_MS`] or more at `now_ms`
    /// (a clock that went back forgets them too). True if one went.
    pub fn expire(&mut self, now_ms: u64) -> bool {
        let before = self.shown.len();
        self.shown
            .retain(|s| now_ms >= s.at_ms && now_ms - s.at_ms < SHOWN_MS);
        self.shown.len() != before
    }

    /// How long after `now_ms` the next bubble on show is due to go
    /// ([`Board::expire`] forgets it then); `None` with none on show. A
    /// page's timer can fire a little before its time by the page's clock:
    /// asked again after `expire`, this says how much longer to wait.
    pub fn next_expiry_ms(&self, now_ms: u64) -> Option<u64> {
        self.shown
            .iter()
            .map(|s| s.at_ms.saturating_add(SHOWN_MS).saturating_sub(now_ms))
            .min()
    }

    /// The bubble on `seat`, if one shows.
    pub fn on(&self, seat: Seat) -> Option<Shown> {
        self.shown.iter().find(|s| s.seat == seat).copied()
    }

    /// The bubbles on show, oldest first.
    pub fn shown(&self) -> &[Shown] {
        &self.shown
    }

    /// How many reactions this board showed, ever.
    pub fn count(&self) -> u64 {
        self.serial
    }

    /// The latest reaction shown (for the page's polite announcement).
    pub fn latest(&self) -> Option<Shown> {
        self.shown.iter().max_by_key(|s| s.serial).copied()
    }

    pub fn is_muted(&self, seat: Seat) -> bool {
        self.muted.contains(&seat)
    }

    /// Mutes `seat` here (its bubble on show goes too), or hears it again.
    /// Returns whether it is muted now.
    pub fn toggle_mute(&mut self, seat: Seat) -> bool {
        if self.muted.remove(&seat) {
            false
        } else {
            self.muted.insert(seat);
            self.shown.retain(|s| s.seat != seat);
            true
        }
    }
}

/// Which bot at the host's table reacts to what one action did, and
/// with what: `events` are the match's events of the action `actor` took
/// at ply `ply` (counted from 1), `is_bot` says which seats bots play.
/// What the host's page has followed of the table's reactions: the
/// number of the session's latest one it showed, and how much of the
/// match's log the bots were asked about. Each reaction shows once; the
/// bots react only to what happened while the page watched (not to what
/// came before it, nor to a new match's first look).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Followed {
    shown: u64,
    asked: Option<usize>,
}

impl Followed {
    /// Whether the session's reaction numbered `number` is new here (it
    /// then counts as shown).
    pub fn first_sight(&mut self, number: u64) -> bool {
        let new = number > self.shown;
        self.shown = self.shown.max(number);
        new
    }

    /// The match's log is now `log`, its last action `last` (by `actor`,
    /// at `ply`): a bot's reaction to what is new since the last look, if
    /// any ([`bot_reaction`]).
    pub fn bots_react(
        &mut self,
        log: &[Event],
        actor: Option<Seat>,
        is_bot: impl Fn(Seat) -> bool,
        ply: u32,
    ) -> Option<(Seat, Reaction)> {
        let asked = self.asked.replace(log.len());
        // The first look, nothing new, or a new match (a shorter log).
        let from = asked.filter(|&from| from < log.len())?;
        bot_reaction(log.get(from..).unwrap_or_default(), actor?, is_bot, ply)
    }
}

/// Sparingly, at most one reaction an action: a bot that wins the match
/// says "Good game"; a bot that wins a hand (👍), or whose Play 2 lands on
/// someone (🔥), about one time in three. Which time is derived from the
/// ply and the seat, never drawn from a generator: the match and every
/// bot's choices are the same whether bots react or not.
pub fn bot_reaction(
    events: &[Event],
    actor: Seat,
    is_bot: impl Fn(Seat) -> bool,
    ply: u32,
) -> Option<(Seat, Reaction)> {
    let sometimes = |seat: Seat| mix(u64::from(ply), u64::from(seat.0)) % 3 == 0;
    let mut found = None;
    for event in events {
        match event {
            Event::MatchOver { winners } => {
                if let Some(&w) = winners.iter().find(|&&w| is_bot(w)) {
                    return Some((w, Reaction::GoodGame));
                }
            }
            Event::HandOver {
                winner: Some(w), ..
            } if is_bot(*w) && sometimes(*w) => {
                found = Some((*w, Reaction::ThumbsUp));
            }
            Event::ObligationPlaced { by, seat }
                if *by == actor && *seat != actor && is_bot(actor) && sometimes(actor) =>
            {
                found = found.or(Some((actor, Reaction::Fire)));
            }
            _ => {}
        }
    }
    found
}

/// A well-spread number from the ply and the seat (the finaliser of
/// SplitMix64): neighbouring plies give unrelated answers.
fn mix(ply: u64, seat: u64) -> u64 {
    let mut z = ply
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(seat.wrapping_mul(0xD1B5_4A32_D192_ED03));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
