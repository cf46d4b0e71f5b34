//! The player's statistics, without the browser: games played and won
//! overall, by edition and by the opponents' level, win streaks and the
//! average finishing place (`ono99.stats`); Today's deal's counted results
//! (`ono99.daily`); the last finished matches to replay or share
//! (`ono99.recent`). The record is for the device's own seat, [`ME`].
//!
//! Each format is plain lines, read back leniently where a bad line can be
//! skipped (daily results, recent matches) and refused whole where it
//! can't (the record). Where they are kept is a [`Store`] (the browser's
//! `localStorage` in the page, a map in tests), and the day is passed in
//! (`YYYY-MM-DD`, UTC): nothing here reads a clock. Only finished games
//! count, each once ([`CountOnce`]).

use super::save::Store;
use super::setup::{daily_seed, GameSetup, ME};
use super::state::GameState;
use crate::bots::Level;
use crate::rules::{Edition, Match, Seat};
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
pub fn load(store: &dyn Store) -> Stats {
    store
        .get(STATS_KEY)
        .and_then(|raw| from_text(&raw))
        .unwrap_or_default()
}

/// Forgets every game counted.
pub fn reset(store: &dyn Store) {
    store.remove(STATS_KEY);
}

/// Whether the game on screen is still to be counted: a game that was
/// already over when the screen opened (resumed after its end) was counted
/// before; one that ends on screen is counted the first time it is seen
/// over, and never again.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CountOnce {
    counted: bool,
}

impl CountOnce {
    /// For the game the screen opens with.
    pub fn new(state: &GameState) -> CountOnce {
        CountOnce {
            counted: state.game().is_over(),
        }
    }

    /// Whether `state` is to be counted now (then it never is again).
    pub fn due(&mut self, state: &GameState) -> bool {
        let due = state.game().is_over() && !self.counted;
        self.counted |= due;
        due
    }
}

/// Counts the finished game in `state` for the device's seat (nothing if
/// it isn't finished): the record, the recent matches (with `names`, each
/// seat's name as a share link gives it, and `today`), and Today's deal's
/// result when this was its counted attempt.
pub fn record_game(store: &dyn Store, state: &GameState, today: &str, names: Vec<String>) {
    let Some(outcome) = state.game().outcome() else {
        return;
    };
    let won = outcome.winners.contains(&ME);
    let place = finishing_place(state.game(), ME);
    let mut stats = load(store);
    stats.add(
        state.setup.rules.edition,
        Opponents::of(&state.setup),
        won,
        place,
    );
    let _ = store.set(STATS_KEY, &to_text(&stats));
    remember(store, state, names, today, place);
    daily_finish(store, state, place);
}

/// Where Today's deal keeps its counted attempts.
pub const DAILY_KEY: &str = "ono99.daily";
const DAILY_MAGIC: &str = "ono99-daily 1";
/// Days of results kept.
pub const DAILY_KEEP: usize = 400;
/// The result an abandoned counted attempt gets: last of four.
const DAILY_ABANDONED: (usize, usize) = (4, 4);

/// The counted attempt of one day's deal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DailyResult {
    pub day: String,
    pub place: usize,
    pub seats: usize,
    /// Your own plays in that match.
    pub plays: usize,
}

impl DailyResult {
    fn abandoned(day: String) -> DailyResult {
        DailyResult {
            day,
            place: DAILY_ABANDONED.0,
            seats: DAILY_ABANDONED.1,
            plays: 0,
        }
    }
}

/// Today's deal so far: the counted attempt under way (its day), the last
/// counted attempt that ended, and the counted results, oldest first.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Daily {
    pub attempt: Option<String>,
    /// The counted attempt that ended last: its day and the match's
    /// [`fingerprint`], so the finished match, resumed by a reload, is
    /// still known as the counted one (not as practice of the same deal).
    pub ended: Option<(String, u64)>,
    pub results: Vec<DailyResult>,
}

/// A match told apart from any other of the same deal: its seed and every
/// action, hashed (FNV-1a, 64 bits, over the save's words for them).
pub fn fingerprint(state: &GameState) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    eat(&state.seed.to_le_bytes());
    for (seat, action) in &state.actions {
        eat(&[seat.0]);
        match action {
            crate::rules::Action::Play(card) => eat(card.code().as_bytes()),
            crate::rules::Action::DiscardFourOno => eat(b"four"),
        }
        eat(b" ");
    }
    h
}

impl Daily {
    /// Reads [`Daily::to_text`]'s format, skipping lines it can't read
    /// (empty for another format).
    pub fn from_text(raw: &str) -> Daily {
        let mut d = Daily::default();
        let mut lines = raw.lines();
        if lines.next() != Some(DAILY_MAGIC) {
            return d;
        }
        for line in lines {
            let w: Vec<&str> = line.split(' ').collect();
            match w.as_slice() {
                ["attempt", day] if day.len() == 10 => d.attempt = Some((*day).to_string()),
                ["ended", day, print] if day.len() == 10 => {
                    if let Ok(print) = print.parse() {
                        d.ended = Some(((*day).to_string(), print));
                    }
                }
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

    /// As lines: `ono99-daily 1`, the attempt under way, the counted
    /// attempt that ended last (`ended <day> <fingerprint>`: a line
    /// earlier versions skip), then the last [`DAILY_KEEP`] results.
    pub fn to_text(&self) -> String {
        let mut text = String::from(DAILY_MAGIC);
        if let Some(day) = &self.attempt {
            let _ = write!(text, "\nattempt {day}");
        }
        if let Some((day, print)) = &self.ended {
            let _ = write!(text, "\nended {day} {print}");
        }
        let skip = self.results.len().saturating_sub(DAILY_KEEP);
        for r in self.results.iter().skip(skip) {
            let _ = write!(
                text,
                "\nresult {} {} {} {}",
                r.day, r.place, r.seats, r.plays
            );
        }
        text
    }

    /// The stored results (none if unreadable).
    pub fn load(store: &dyn Store) -> Daily {
        store
            .get(DAILY_KEY)
            .map(|raw| Daily::from_text(&raw))
            .unwrap_or_default()
    }

    fn save(&self, store: &dyn Store) {
        let _ = store.set(DAILY_KEY, &self.to_text());
    }

    /// The counted result of `day`, if any.
    pub fn result(&self, day: &str) -> Option<&DailyResult> {
        self.results.iter().find(|r| r.day == day)
    }

    /// Days in a row with a counted result, up to `today` (or yesterday,
    /// while today's deal is still to play).
    pub fn streak(&self, today: &str) -> usize {
        let number = |day: &str| day_number(day).unwrap_or(i64::MIN / 2);
        let mut day = number(today);
        if self.result(today).is_none() {
            day -= 1;
        }
        let days: std::collections::BTreeSet<i64> =
            self.results.iter().map(|r| number(&r.day)).collect();
        let mut n = 0;
        while days.contains(&day) {
            n += 1;
            day -= 1;
        }
        n
    }

    /// Starting the deal of `day`: whether this attempt is the one that
    /// counts (the first of the day). A first attempt left unfinished
    /// counts as a last place when the deal is started again, or when an
    /// attempt of a later day begins.
    pub fn begin(&mut self, day: &str) -> bool {
        if self.result(day).is_some() {
            return false;
        }
        if self.attempt.as_deref() == Some(day) {
            self.results.push(DailyResult::abandoned(day.to_string()));
            self.attempt = None;
            return false;
        }
        // An earlier day's first attempt left unfinished counts as last place.
        if let Some(old) = self.attempt.take() {
            if self.result(&old).is_none() {
                self.results.push(DailyResult::abandoned(old));
            }
        }
        self.attempt = Some(day.to_string());
        true
    }

    /// Whether `state` is the counted attempt under way: its day when it is.
    fn under_way(&self, state: &GameState) -> Option<String> {
        if !state.setup.is_daily() {
            return None;
        }
        let day = self.attempt.clone()?;
        (daily_seed(&day) == state.seed).then_some(day)
    }

    /// Whether `state` is a counted attempt: the one under way, or the one
    /// that ended (the very same match, finished); its day when it is.
    /// Anything else of the deal is practice.
    pub fn counting(&self, state: &GameState) -> Option<String> {
        if let Some(day) = self.under_way(state) {
            return Some(day);
        }
        let (day, print) = self.ended.as_ref()?;
        (state.setup.is_daily()
            && state.game().is_over()
            && daily_seed(day) == state.seed
            && *print == fingerprint(state))
        .then(|| day.clone())
    }

    /// Counts the finished `state` (where you came `place`) if it is the
    /// counted attempt under way, once; whether anything changed.
    pub fn finish(&mut self, state: &GameState, place: usize) -> bool {
        let Some(day) = self.under_way(state) else {
            return false;
        };
        self.attempt = None;
        if self.result(&day).is_none() {
            self.ended = Some((day.clone(), fingerprint(state)));
            self.results.push(DailyResult {
                day,
                place,
                seats: state.setup.seat_count(),
                plays: my_plays(state),
            });
        }
        true
    }
}

/// Days since 1970-01-01 of a `YYYY-MM-DD` date (days past the end of a
/// month, up to 31, run on into the next, as the browser's `Date.parse`
/// does); `None` for anything else.
pub fn day_number(day: &str) -> Option<i64> {
    let b = day.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        b[r].iter().try_fold(0, |n, &c| {
            c.is_ascii_digit().then(|| n * 10 + i64::from(c - b'0'))
        })
    };
    let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    // Days from the civil date (H. Hinnant's algorithm), years from March.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// Starting Today's deal on `day`: whether this attempt is the one that
/// counts (see [`Daily::begin`]).
pub fn daily_begin(store: &dyn Store, day: &str) -> bool {
    let mut d = Daily::load(store);
    if d.result(day).is_some() {
        return false;
    }
    let counts = d.begin(day);
    d.save(store);
    counts
}

/// Whether `state` is the counted attempt of Today's deal under way: its
/// day when it is.
pub fn daily_counting(store: &dyn Store, state: &GameState) -> Option<String> {
    if !state.setup.is_daily() {
        return None;
    }
    Daily::load(store).counting(state)
}

/// The day of the deal `state` plays, if it is a Today's deal (counted or
/// practice; the counted one keeps its day after midnight).
pub fn daily_day(store: &dyn Store, state: &GameState, today: &str) -> Option<String> {
    if !state.setup.is_daily() {
        return None;
    }
    daily_counting(store, state)
        .or_else(|| (daily_seed(today) == state.seed).then(|| today.to_string()))
}

/// Your own plays in `state`'s match.
pub fn my_plays(state: &GameState) -> usize {
    state.actions.iter().filter(|(s, _)| *s == ME).count()
}

fn daily_finish(store: &dyn Store, state: &GameState, place: usize) {
    let mut d = Daily::load(store);
    if d.finish(state, place) {
        d.save(store);
    }
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

/// Reads [`recent_to_text`]'s format: the first [`RECENT_MAX`] matches,
/// newest first (unreadable lines are skipped; another format is empty).
pub fn recent_from_text(raw: &str) -> Vec<RecentMatch> {
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

/// As lines: `ono99-recent 1`, then `day place seats code` per match.
pub fn recent_to_text(list: &[RecentMatch]) -> String {
    let mut text = String::from(RECENT_MAGIC);
    for m in list {
        let _ = write!(text, "\n{} {} {} {}", m.day, m.place, m.seats, m.code);
    }
    text
}

/// Puts `m` at the top of `list`, keeping [`RECENT_MAX`].
pub fn push_recent(list: &mut Vec<RecentMatch>, m: RecentMatch) {
    list.insert(0, m);
    list.truncate(RECENT_MAX);
}

/// The kept matches, newest first.
pub fn recent(store: &dyn Store) -> Vec<RecentMatch> {
    store
        .get(RECENT_KEY)
        .map(|raw| recent_from_text(&raw))
        .unwrap_or_default()
}

/// Keeps the finished match in `state` at the top of the recent list.
fn remember(store: &dyn Store, state: &GameState, names: Vec<String>, today: &str, place: usize) {
    let Ok(code) = state.played(names).encode() else {
        return;
    };
    let mut list = recent(store);
    push_recent(
        &mut list,
        RecentMatch {
            day: today.to_string(),
            place,
            seats: state.setup.seat_count(),
            code,
        },
    );
    let _ = store.set(RECENT_KEY, &recent_to_text(&list));
}
