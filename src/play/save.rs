//! The save of the match in progress: its text format and how it is kept.
//!
//! A save is the game's setup and the match as [`Played`] (its seed and
//! actions), versioned ([`Saved`]); resuming
//! replays the actions through the engine, so a save the rules refuse
//! (corrupt, truncated, hand-edited) is caught like any other bad input.
//! The format is plain lines rather than JSON to keep serde's generated
//! code out of the download.
//!
//! Where it is kept is a [`Store`] (the browser's `localStorage` in the
//! page, a map in tests), whose writes may fail. Nothing here deletes a
//! save it could not copy first: a save that can't be resumed is moved
//! aside to [`BAD_SAVE_KEY`] only once the copy is written; a save written
//! by a newer version of the game is left where it is.

use super::setup::{GameSetup, SeatKind, Speed};
use super::state::GameState;
use crate::bots::Level;
use crate::online::turn_limit::TurnLimit;
use crate::online::SeatSetup;
use crate::rules::{Action, Card, Played, RuleSet, Seat};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::rc::Rc;

pub const SAVE_KEY: &str = "ono99.save";
pub const BAD_SAVE_KEY: &str = "ono99.save.bad";
pub const SETTINGS_KEY: &str = "ono99.settings";

/// The save format written today: the first line is `ono99-save <version>`.
/// Older saves are refused with their own notice (there is no migration
/// yet); newer ones are left alone with theirs.
pub const SAVE_VERSION: u32 = 1;
const SAVE_MAGIC: &str = "ono99-save";
/// The settings format written today (`ono99-settings <version>`).
const SETTINGS_VERSION: u32 = 1;
const SETTINGS_MAGIC: &str = "ono99-settings";
/// More actions than any real match takes: a bigger save is not replayed.
const MAX_ACTIONS: usize = 20_000;
/// Longest name kept: a friend's, as the protocol keeps it (the setup's
/// inputs allow 16 characters; a friend's page 24).
const MAX_NAME: usize = crate::online::protocol::MAX_NAME_CHARS;

/// Why a write to the store failed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StoreError {
    /// The browser's quota for this site is used up.
    Full,
    /// Storage is switched off or refused the write for another reason.
    Unavailable,
}

/// A place for named texts: the browser's `localStorage`, or a map.
pub trait Store {
    fn get(&self, key: &str) -> Option<String>;
    /// # Errors
    /// The text was not written; what was there before is unchanged.
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError>;
    fn remove(&self, key: &str);
}

/// Why a save could not be resumed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BadSave {
    /// Not readable: wrong shape, cut short, or refused by the rules.
    Broken,
    /// Written by an older version of the game.
    Old,
    /// Written by a newer version of the game (an old copy of the page
    /// opened after a newer one): left where it is, for the newer page.
    Newer,
}

/// The outcome of looking for a save when the app opens.
pub enum Resume {
    None,
    Game(Box<GameState>),
    /// The save can't be resumed. `kept_aside`: it was copied to
    /// [`BAD_SAVE_KEY`] (or, for [`BadSave::Newer`], left in place).
    Bad {
        why: BadSave,
        kept_aside: bool,
    },
}

/// The setup as lines: `rules …`, `speed …`, `player <name>` and one
/// `seat <level|person|online> <name>` line per other seat.
fn write_setup(out: &mut String, setup: &GameSetup) {
    let _ = writeln!(out, "rules {}", setup.rules);
    let _ = writeln!(out, "speed {}", setup.speed.name());
    let _ = writeln!(out, "player {}", one_line(&setup.player_name));
    for seat in &setup.others {
        let _ = writeln!(
            out,
            "seat {} {}",
            seat_kind(seat.kind),
            one_line(&seat.name)
        );
    }
}

fn seat_kind(kind: SeatKind) -> &'static str {
    match kind {
        SeatKind::Guest => "online",
        SeatKind::Host | SeatKind::Person => "person",
        SeatKind::Bot(level) => level.name(),
    }
}

fn one_line(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME)
        .collect()
}

/// Reads one setup line into `setup`; `None` if it isn't a setup line,
/// `Some(false)` if it is one but is bad.
fn read_setup_line(setup: &mut GameSetup, line: &str) -> Option<bool> {
    let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
    Some(match tag {
        "rules" => {
            let mut words = rest.split_whitespace();
            match words.next().map(RuleSet::preset) {
                Some(Ok(mut rules)) => {
                    let ok =
                        words.all(|w| rules.set_assignment(w).is_ok()) && rules.validate().is_ok();
                    setup.rules = rules;
                    ok
                }
                _ => false,
            }
        }
        "speed" => match Speed::from_name(rest) {
            Some(speed) => {
                setup.speed = speed;
                true
            }
            None => false,
        },
        "player" => {
            setup.player_name = one_line(rest);
            true
        }
        "seat" => {
            let (kind, name) = rest.split_once(' ').unwrap_or((rest, ""));
            let kind = match kind {
                "person" => SeatKind::Person,
                "online" => SeatKind::Guest,
                other => match other.parse::<Level>() {
                    Ok(level) => SeatKind::Bot(level),
                    Err(_) => return Some(false),
                },
            };
            setup.others.push(SeatSetup {
                name: one_line(name),
                kind,
            });
            setup.others.len() <= 7
        }
        _ => return None,
    })
}

/// The first line's version, if it is `<magic> <version>`.
fn version_of(first: Option<&str>, magic: &str) -> Option<u32> {
    first?
        .strip_prefix(magic)?
        .strip_prefix(' ')?
        .trim()
        .parse()
        .ok()
}

/// What a save holds: the table (who plays each seat, the bots' speed),
/// the match as [`Played`] (its rules, names, seed and actions), and how
/// the page stood (playing speed, a pending summary, the seats a bot
/// stands in for).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Saved {
    pub setup: GameSetup,
    pub played: Played,
    pub playing_speed: Speed,
    pub summary: bool,
    pub stand_ins: BTreeSet<Seat>,
    /// An online table's turn limit (off in saves from before it).
    pub turn_limit: TurnLimit,
}

impl Saved {
    /// What the save of `state` holds.
    pub fn of(state: &GameState) -> Saved {
        // Friends' seats under the names they joined with.
        let setup = state.named_setup();
        Saved {
            played: state.played(seat_names(&setup)),
            setup,
            playing_speed: state.speed,
            summary: state.summary.is_some(),
            stand_ins: state.stand_ins(),
            turn_limit: state.turn_limit,
        }
    }

    /// The save text: `ono99-save 1`, then one line each.
    pub fn text(&self) -> String {
        let mut out = format!("{SAVE_MAGIC} {SAVE_VERSION}\n");
        let _ = writeln!(out, "seed {}", self.played.seed);
        write_setup(&mut out, &self.setup);
        let _ = writeln!(out, "playing_speed {}", self.playing_speed.name());
        let _ = writeln!(out, "summary {}", u8::from(self.summary));
        if !self.stand_ins.is_empty() {
            // Written only when a bot stands in: a save without one still
            // reads in versions that know no stand-ins (they refuse one with).
            out.push_str("stand_ins");
            for seat in &self.stand_ins {
                let _ = write!(out, " {}", seat.0);
            }
            out.push('\n');
        }
        // Only online tables have one.
        if self.turn_limit != TurnLimit::Off {
            // Written only when on, as the stand-ins.
            let _ = writeln!(out, "turn_limit {}", self.turn_limit.seconds());
        }
        out.push_str("actions");
        for (seat, action) in &self.played.actions {
            match action {
                Action::Play(card) => {
                    let _ = write!(out, " {}:{card}", seat.0);
                }
                Action::DiscardFourOno => {
                    let _ = write!(out, " {}:four", seat.0);
                }
            }
        }
        out.push_str("\nend\n");
        out
    }
}

/// Every seat's name as a save writes it, seat 0 (you) first.
fn seat_names(setup: &GameSetup) -> Vec<String> {
    let mut names = vec![one_line(&setup.player_name)];
    for seat in &setup.others {
        names.push(one_line(&seat.name));
    }
    names
}

/// The save text of a game.
pub fn save_text(state: &GameState) -> String {
    Saved::of(state).text()
}

fn parse_action(word: &str) -> Option<(Seat, Action)> {
    let (seat, what) = word.split_once(':')?;
    let seat = Seat(seat.parse().ok()?);
    let action = match what {
        "four" => Action::DiscardFourOno,
        card => Action::Play(card.parse::<Card>().ok()?),
    };
    Some((seat, action))
}

/// Reads a save text, without replaying it.
///
/// # Errors
/// [`BadSave::Old`] or [`BadSave::Newer`] for a save of another format
/// version; [`BadSave::Broken`] for anything that isn't a complete save (a
/// save missing its `end` line was cut short).
pub fn read_save(raw: &str) -> Result<Saved, BadSave> {
    let mut lines = raw.lines();
    match version_of(lines.next(), SAVE_MAGIC) {
        Some(SAVE_VERSION) => {}
        Some(v) if v < SAVE_VERSION => return Err(BadSave::Old),
        Some(_) => return Err(BadSave::Newer),
        None => return Err(BadSave::Broken),
    }
    let mut setup = GameSetup {
        others: Vec::new(),
        ..GameSetup::default()
    };
    let (mut seed, mut speed, mut summary, mut actions, mut ended) =
        (None, None, false, None, false);
    let mut stand_ins = BTreeSet::new();
    let mut turn_limit = TurnLimit::Off;
    for line in lines {
        if ended {
            return Err(BadSave::Broken);
        }
        match read_setup_line(&mut setup, line) {
            Some(true) => continue,
            Some(false) => return Err(BadSave::Broken),
            None => {}
        }
        let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
        match tag {
            "seed" => seed = Some(rest.parse::<u64>().map_err(|_| BadSave::Broken)?),
            "playing_speed" => speed = Some(Speed::from_name(rest).ok_or(BadSave::Broken)?),
            "summary" => summary = rest == "1",
            "stand_ins" => {
                // One insert at a time: collecting into a set sorts, and a
                // slice sort costs the first download 3.5 KB.
                stand_ins = BTreeSet::new();
                for w in rest.split_whitespace() {
                    stand_ins.insert(Seat(w.parse::<u8>().map_err(|_| BadSave::Broken)?));
                }
            }
            "turn_limit" => turn_limit = TurnLimit::parse(rest).ok_or(BadSave::Broken)?,
            "actions" => {
                let list = rest
                    .split_whitespace()
                    .map(parse_action)
                    .collect::<Option<Vec<_>>>()
                    .ok_or(BadSave::Broken)?;
                actions = Some(list);
            }
            "end" => ended = true,
            _ => return Err(BadSave::Broken),
        }
    }
    let (Some(seed), Some(actions), true) = (seed, actions, ended) else {
        return Err(BadSave::Broken);
    };
    if actions.len() > MAX_ACTIONS || setup.others.is_empty() {
        return Err(BadSave::Broken);
    }
    // Only a friend's seat can have a bot standing in.
    if !stand_ins.iter().all(|&s| setup.is_online(s)) {
        return Err(BadSave::Broken);
    }
    Ok(Saved {
        played: Played {
            rules: setup.rules,
            names: seat_names(&setup),
            seed,
            actions,
        },
        // A save from before the playing speed was kept: the setup's.
        playing_speed: speed.unwrap_or(setup.speed),
        setup,
        summary,
        stand_ins,
        turn_limit,
    })
}

/// Parses and replays a stored save.
///
/// # Errors
/// As [`read_save`]; [`BadSave::Broken`] too for a match the rules refuse.
pub fn parse_save(raw: &str) -> Result<GameState, BadSave> {
    let saved = read_save(raw)?;
    let setup = Rc::new(saved.setup.clone());
    // The match as played, replayed by the one replayer.
    let mut state =
        GameState::resume(setup, &saved.played, saved.summary).map_err(|_| BadSave::Broken)?;
    state.speed = saved.playing_speed;
    state.saved_stand_ins = saved.stand_ins;
    state.turn_limit = saved.turn_limit;
    Ok(state)
}

/// Looks for a saved match. One that can't be resumed is copied to
/// [`BAD_SAVE_KEY`] and then removed; if the copy can't be written it stays
/// where it is. A newer version's save is never touched.
pub fn load_save(store: &dyn Store) -> Resume {
    let Some(raw) = store.get(SAVE_KEY) else {
        return Resume::None;
    };
    match parse_save(&raw) {
        Ok(state) => Resume::Game(Box::new(state)),
        Err(BadSave::Newer) => Resume::Bad {
            why: BadSave::Newer,
            kept_aside: true,
        },
        Err(why) => {
            let kept_aside = store.set(BAD_SAVE_KEY, &raw).is_ok();
            if kept_aside {
                store.remove(SAVE_KEY);
            }
            Resume::Bad { why, kept_aside }
        }
    }
}

/// Why the match in progress was not saved.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SaveError {
    /// The store is full: the last save kept is an older one.
    Full,
    /// Storage is unavailable (switched off, private mode).
    Unavailable,
    /// A newer version's save holds the place: it is kept, and this match
    /// is not saved (reloading brings the newer version, which resumes it).
    NewerKept,
}

/// Writes the match in progress (after every action).
///
/// # Errors
/// The save was not written (the player is told; nothing was deleted).
pub fn save_game(store: &dyn Store, state: &GameState) -> Result<(), SaveError> {
    if let Some(old) = store.get(SAVE_KEY) {
        if matches!(version_of(old.lines().next(), SAVE_MAGIC), Some(v) if v > SAVE_VERSION) {
            // Never replaced from an older page: the newer one resumes it.
            return Err(SaveError::NewerKept);
        }
    }
    store.set(SAVE_KEY, &save_text(state)).map_err(|e| match e {
        StoreError::Full => SaveError::Full,
        StoreError::Unavailable => SaveError::Unavailable,
    })
}

/// The last game setup (which holds the bots' speed), if one was stored and
/// is usable.
pub fn parse_setup(raw: &str) -> Option<GameSetup> {
    let mut lines = raw.lines();
    if version_of(lines.next(), SETTINGS_MAGIC) != Some(SETTINGS_VERSION) {
        return None;
    }
    let mut setup = GameSetup {
        others: Vec::new(),
        ..GameSetup::default()
    };
    for line in lines {
        if read_setup_line(&mut setup, line) != Some(true) {
            return None;
        }
    }
    // Only a table the setup screen can show, with rules the engine accepts.
    if setup.others.is_empty()
        || crate::rules::Match::new(setup.rules, setup.seat_count(), 0).is_err()
    {
        return None;
    }
    Some(setup)
}

/// The text that remembers a setup for the next visit.
pub fn setup_text(setup: &GameSetup) -> String {
    let mut out = format!("{SETTINGS_MAGIC} {SETTINGS_VERSION}\n");
    write_setup(&mut out, setup);
    out
}
