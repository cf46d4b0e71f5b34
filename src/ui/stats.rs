//! The player's statistics (`ono99.stats`): games played and won overall,
//! by edition and by the opponents' level, win streaks and the average
//! finishing place, and the last finished matches to replay or share
//! (`ono99.recent`). Only finished games count, each once (see
//! [`crate::ui::platform::storage::use_persistence`]); the record is for the device's own
//! seat, [`ME`].

use crate::bots::Level;
use crate::rules::{Edition, Match, Seat};
use crate::ui::platform::storage;
use crate::ui::state::{GameSetup, GameState, ME};
use std::fmt::Write as _;

pub const STATS_KEY: &str = "ono99.stats";
const STATS_VERSION: u32 = 1;
const STATS_MAGIC: &str = "ono99-stats";

/// Games played and won in one group.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    pub played: u32,
    pub won: u32,
}

impl Tally {
    fn add(&mut self, won: bool) {
        self.played = self.played.saturating_add(1);
        self.won = self.won.saturating_add(u32::from(won));
    }

    /// The share of games won, in whole percent.
    pub fn win_percent(self) -> u32 {
        if self.played == 0 {
            0
        } else {
            (u64::from(self.won) * 100 / u64::from(self.played)) as u32
        }
    }
}

/// Who the opponents were, for grouping games.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Opponents {
    Easy,
    Medium,
    Hard,
    /// Bots of different levels.
    Mixed,
    /// At least one other person (pass-and-play).
    People,
}

impl Opponents {
    pub const ALL: [Opponents; 5] = [
        Opponents::Easy,
        Opponents::Medium,
        Opponents::Hard,
        Opponents::Mixed,
        Opponents::People,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Opponents::Easy => "easy",
            Opponents::Medium => "medium",
            Opponents::Hard => "hard",
            Opponents::Mixed => "mixed",
            Opponents::People => "people",
        }
    }

    pub fn of(setup: &GameSetup) -> Opponents {
        let levels: Vec<Option<Level>> = (1..setup.seat_count())
            .map(|i| setup.level(Seat(i as u8)))
            .collect();
        if levels.iter().any(Option::is_none) {
            return Opponents::People;
        }
        let first = levels.first().copied().flatten();
        if levels.iter().any(|l| *l != first) {
            return Opponents::Mixed;
        }
        match first {
            Some(Level::Easy) => Opponents::Easy,
            Some(Level::Hard) => Opponents::Hard,
            Some(Level::Medium) => Opponents::Medium,
            _ => Opponents::Mixed,
        }
    }
}

/// The whole record.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Stats {
    pub overall: Tally,
    /// Sum of the finishing places (1 = first) over every game counted.
    pub place_sum: u64,
    pub streak: u32,
    pub best_streak: u32,
    /// Modern, then classic.
    pub by_edition: [Tally; 2],
    /// In the order of [`Opponents::ALL`].
    pub by_opponents: [Tally; 5],
}

impl Stats {
    /// The average finishing place to one decimal ("1.5"), if any game
    /// was counted. Integer arithmetic: float formatting would add
    /// kilobytes to the download for one number.
    pub fn average_place(&self) -> Option<String> {
        let n = u64::from(self.overall.played);
        (n > 0).then(|| {
            let tenths = (self.place_sum * 10 + n / 2) / n;
            format!("{}.{}", tenths / 10, tenths % 10)
        })
    }

    /// Counts one finished game.
    pub fn add(&mut self, edition: Edition, opponents: Opponents, won: bool, place: usize) {
        self.overall.add(won);
        self.by_edition[edition_index(edition)].add(won);
        self.by_opponents[opponents as usize].add(won);
        self.place_sum = self.place_sum.saturating_add(place as u64);
        self.streak = if won {
            self.streak.saturating_add(1)
        } else {
            0
        };
        self.best_streak = self.best_streak.max(self.streak);
    }
}

/// Where `seat` finished (see [`Match::places`]).
pub fn finishing_place(game: &Match, seat: Seat) -> usize {
    game.places()[seat]
}

/// The editions in the order of [`Stats::by_edition`].
pub const EDITIONS: [Edition; 2] = [Edition::Modern, Edition::Classic];

fn edition_index(edition: Edition) -> usize {
    match edition {
        Edition::Modern => 0,
        Edition::Classic => 1,
    }
}

/// The record as lines: `ono99-stats <version>`, then `name value…`.
pub fn to_text(s: &Stats) -> String {
    let mut out = format!("{STATS_MAGIC} {STATS_VERSION}\n");
    let _ = writeln!(out, "games {} {}", s.overall.played, s.overall.won);
    let _ = writeln!(out, "place_sum {}", s.place_sum);
    let _ = writeln!(out, "streak {} {}", s.streak, s.best_streak);
    for (edition, t) in EDITIONS.iter().zip(&s.by_edition) {
        let _ = writeln!(out, "edition {} {} {}", edition.name(), t.played, t.won);
    }
    for (o, t) in Opponents::ALL.iter().zip(&s.by_opponents) {
        let _ = writeln!(out, "opponents {} {} {}", o.name(), t.played, t.won);
    }
    out
}

/// Reads [`to_text`]'s format; `None` for anything else.
pub fn from_text(raw: &str) -> Option<Stats> {
    let mut lines = raw.lines();
    let version: u32 = lines
        .next()?
        .strip_prefix(STATS_MAGIC)?
        .trim()
        .parse()
        .ok()?;
    if version != STATS_VERSION {
        return None;
    }
    let mut s = Stats::default();
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        let num = |i: usize| words.get(i).and_then(|w| w.parse::<u32>().ok());
        let tally = |i: usize| {
            let (played, won) = (num(i)?, num(i + 1)?);
            (won <= played).then_some(Tally { played, won })
        };
        match words.first().copied() {
            Some("games") => s.overall = tally(1)?,
            Some("place_sum") => s.place_sum = words.get(1)?.parse().ok()?,
            Some("streak") => (s.streak, s.best_streak) = (num(1)?, num(2)?),
            Some("edition") => {
                let e = EDITIONS
                    .iter()
                    .position(|e| Some(&e.name()) == words.get(1))?;
                s.by_edition[e] = tally(2)?;
            }
            Some("opponents") => {
                let o = Opponents::ALL
                    .iter()
                    .position(|o| Some(&o.name()) == words.get(1))?;
                s.by_opponents[o] = tally(2)?;
            }
            _ => return None,
        }
    }
    Some(s)
}

/// The stored record (an unreadable one counts as empty).
pub fn load() -> Stats {
    storage::read(STATS_KEY)
        .and_then(|raw| from_text(&raw))
        .unwrap_or_default()
}

/// Counts the finished game in `state` for the device's seat.
pub fn record_game(state: &GameState) {
    let Some(outcome) = state.game.outcome() else {
        return;
    };
    let won = outcome.winners.contains(&ME);
    let place = finishing_place(&state.game, ME);
    let mut stats = load();
    stats.add(
        state.setup.rules.edition,
        Opponents::of(&state.setup),
        won,
        place,
    );
    let _ = storage::write(STATS_KEY, &to_text(&stats));
    remember(state, place);
    daily_finish(state, place);
}

/// Where Today's deal keeps its counted attempts.
pub const DAILY_KEY: &str = "ono99.daily";
const DAILY_MAGIC: &str = "ono99-daily 1";
/// Days of results kept.
const DAILY_KEEP: usize = 400;

/// The counted attempt of one day's deal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DailyResult {
    pub day: String,
    pub place: usize,
    pub seats: usize,
    /// Your own plays in that match.
    pub plays: usize,
}

/// Today's deal so far: the counted attempt under way (its day), and the
/// counted results, oldest first.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Daily {
    pub attempt: Option<String>,
    pub results: Vec<DailyResult>,
}

impl Daily {
    pub fn load() -> Daily {
        let mut d = Daily::default();
        let Some(raw) = storage::read(DAILY_KEY) else {
            return d;
        };
        let mut lines = raw.lines();
        if lines.next() != Some(DAILY_MAGIC) {
            return d;
        }
        for line in lines {
            let w: Vec<&str> = line.split(' ').collect();
            match w.as_slice() {
                ["attempt", day] if day.len() == 10 => d.attempt = Some((*day).to_string()),
                ["result", day, place, seats, plays] if day.len() == 10 => {
                    if let (Ok(place), Ok(seats), Ok(plays)) =
                        (place.parse(), seats.parse(), plays.parse())
                    {
                        d.results.push(DailyResult {
                            day: (*day).to_string(),
                            place,
                            seats,
                            plays,
                        });
                    }
                }
                _ => {}
            }
        }
        d
    }

    fn save(&self) {
        let mut text = String::from(DAILY_MAGIC);
        if let Some(day) = &self.attempt {
            let _ = write!(text, "\nattempt {day}");
        }
        let skip = self.results.len().saturating_sub(DAILY_KEEP);
        for r in self.results.iter().skip(skip) {
            let _ = write!(
                text,
                "\nresult {} {} {} {}",
                r.day, r.place, r.seats, r.plays
            );
        }
        let _ = storage::write(DAILY_KEY, &text);
    }

    /// The counted result of `day`, if any.
    pub fn result(&self, day: &str) -> Option<&DailyResult> {
        self.results.iter().find(|r| r.day == day)
    }

    /// Days in a row with a counted result, up to `today` (or yesterday,
    /// while today's deal is still to play).
    pub fn streak(&self, today: &str) -> usize {
        let mut day = day_number(today);
        if self.result(today).is_none() {
            day -= 1;
        }
        let days: std::collections::BTreeSet<i64> =
            self.results.iter().map(|r| day_number(&r.day)).collect();
        let mut n = 0;
        while days.contains(&day) {
            n += 1;
            day -= 1;
        }
        n
    }
}

/// Days since 1970-01-01 of a `YYYY-MM-DD` date.
fn day_number(day: &str) -> i64 {
    let ms = js_sys::Date::parse(&format!("{day}T00:00:00Z"));
    if ms.is_finite() {
        (ms / 86_400_000.0).floor() as i64
    } else {
        i64::MIN / 2
    }
}

/// Starting Today's deal on `day`: whether this attempt is the one that
/// counts (the first of the day). A first attempt left unfinished counts
/// as a last place when the deal is started again.
pub fn daily_begin(day: &str) -> bool {
    let mut d = Daily::load();
    if d.result(day).is_some() {
        return false;
    }
    if d.attempt.as_deref() == Some(day) {
        d.results.push(DailyResult {
            day: day.to_string(),
            place: 4,
            seats: 4,
            plays: 0,
        });
        d.attempt = None;
        d.save();
        return false;
    }
    // An earlier day's first attempt left unfinished counts as last place.
    if let Some(old) = d.attempt.take() {
        if d.result(&old).is_none() {
            d.results.push(DailyResult {
                day: old,
                place: 4,
                seats: 4,
                plays: 0,
            });
        }
    }
    d.attempt = Some(day.to_string());
    d.save();
    true
}

/// Whether `state` is the counted attempt of Today's deal under way: its
/// day when it is.
pub fn daily_counting(state: &GameState) -> Option<String> {
    if !state.setup.is_daily() {
        return None;
    }
    let day = Daily::load().attempt?;
    (crate::ui::state::daily_seed(&day) == state.seed).then_some(day)
}

/// The day of the deal `state` plays, if it is a Today's deal (counted or
/// practice; the counted one keeps its day after midnight).
pub fn daily_day(state: &GameState) -> Option<String> {
    if !state.setup.is_daily() {
        return None;
    }
    daily_counting(state).or_else(|| {
        let day = today();
        (crate::ui::state::daily_seed(&day) == state.seed).then_some(day)
    })
}

/// Your own plays in `state`'s match.
pub fn my_plays(state: &GameState) -> usize {
    state.actions.iter().filter(|(s, _)| *s == ME).count()
}

fn daily_finish(state: &GameState, place: usize) {
    let Some(day) = daily_counting(state) else {
        return;
    };
    let mut d = Daily::load();
    d.attempt = None;
    if d.result(&day).is_none() {
        d.results.push(DailyResult {
            day,
            place,
            seats: state.setup.seat_count(),
            plays: my_plays(state),
        });
    }
    d.save();
}

/// Where the last finished matches are kept, newest first.
pub const RECENT_KEY: &str = "ono99.recent";
/// How many finished matches are kept to replay or share.
pub const RECENT_MAX: usize = 20;
const RECENT_MAGIC: &str = "ono99-recent 1";

/// A finished match kept to replay or share: its share code (the whole
/// match: rules, names, seed, actions), the day it ended, your place.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecentMatch {
    /// `YYYY-MM-DD` (UTC).
    pub day: String,
    pub place: usize,
    pub seats: usize,
    pub code: String,
}

/// The kept matches, newest first (unreadable lines are skipped).
pub fn recent() -> Vec<RecentMatch> {
    let Some(raw) = storage::read(RECENT_KEY) else {
        return Vec::new();
    };
    let mut lines = raw.lines();
    if lines.next() != Some(RECENT_MAGIC) {
        return Vec::new();
    }
    lines
        .filter_map(|line| {
            let mut w = line.split(' ');
            let day = w.next()?.to_string();
            let place = w.next()?.parse().ok()?;
            let seats = w.next()?.parse().ok()?;
            let code = w.next()?.to_string();
            (day.len() == 10 && !code.is_empty()).then_some(RecentMatch {
                day,
                place,
                seats,
                code,
            })
        })
        .take(RECENT_MAX)
        .collect()
}

/// Today's date, `YYYY-MM-DD` in UTC.
pub fn today() -> String {
    let iso = String::from(js_sys::Date::new_0().to_iso_string());
    iso.get(..10).unwrap_or("1970-01-01").to_string()
}

/// Keeps the finished match in `state` at the top of the recent list.
fn remember(state: &GameState, place: usize) {
    let names = (0..state.setup.seat_count())
        .map(|i| {
            state
                .setup
                .shared_name(Seat(i as u8), crate::ui::i18n::Lang::default())
        })
        .collect();
    let shared = crate::share::SharedMatch {
        rules: state.setup.rules,
        names,
        seed: state.seed,
        actions: state.actions.clone(),
    };
    let Ok(code) = shared.encode() else {
        return;
    };
    let mut list = recent();
    list.insert(
        0,
        RecentMatch {
            day: today(),
            place,
            seats: state.setup.seat_count(),
            code,
        },
    );
    list.truncate(RECENT_MAX);
    let mut text = String::from(RECENT_MAGIC);
    for m in &list {
        let _ = write!(text, "\n{} {} {} {}", m.day, m.place, m.seats, m.code);
    }
    let _ = storage::write(RECENT_KEY, &text);
}

/// Forgets every game counted.
pub fn reset() {
    storage::delete(STATS_KEY);
}
