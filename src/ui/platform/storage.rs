//! What the app keeps in `localStorage`: the match in progress
//! (`ono99.save`), the settings (`ono99.settings`) and, through
//! [`crate::ui::stats`], the statistics (`ono99.stats`).
//!
//! A save is the game's setup, seed and actions, versioned; loading replays
//! the actions through the engine, so a save the rules refuse (corrupt,
//! truncated, hand-edited) is caught like any other bad input. A save that
//! can't be resumed is moved aside to `ono99.save.bad`, never silently lost,
//! until the player starts a new game. Storage being unavailable (private
//! mode, quota) only means nothing is kept: no call here can panic.

use crate::bots::Level;
use crate::rules::{Action, Card, RuleSet, Seat};
use crate::ui::state::{BotSetup, GameMsg, GameSetup, GameState, Speed};
use crate::ui::stats;
use std::fmt::Write as _;
use std::rc::Rc;
use yew::prelude::*;
use yew::Reducible;

pub const SAVE_KEY: &str = "ono99.save";
pub const BAD_SAVE_KEY: &str = "ono99.save.bad";
pub const SETTINGS_KEY: &str = "ono99.settings";

/// The save format written today: the first line is `ono99-save <version>`.
/// Older saves are refused with their own notice (there is no migration
/// yet). The format is plain lines rather than JSON to keep serde's
/// generated code out of the download.
pub const SAVE_VERSION: u32 = 1;
const SAVE_MAGIC: &str = "ono99-save";
/// The settings format written today (`ono99-settings <version>`).
const SETTINGS_VERSION: u32 = 1;
const SETTINGS_MAGIC: &str = "ono99-settings";
/// More actions than any real match takes: a bigger save is not replayed.
const MAX_ACTIONS: usize = 20_000;
/// Longest name kept (the setup's inputs allow 16 characters).
const MAX_NAME: usize = 16;

/// Why a save could not be resumed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BadSave {
    /// Not readable: not JSON, wrong shape, or refused by the rules.
    Broken,
    /// Written by an older version of the game.
    Old,
}

/// The outcome of looking for a save when the app opens.
pub enum Resume {
    None,
    Game(Box<GameState>),
    Bad(BadSave),
}

/// The setup as lines: `rules …`, `speed …`, `player <name>` and one
/// `seat <level|person> <name>` line per other seat.
fn write_setup(out: &mut String, setup: &GameSetup) {
    let _ = writeln!(out, "rules {}", setup.rules);
    let _ = writeln!(out, "speed {}", setup.speed.name());
    let _ = writeln!(out, "player {}", one_line(&setup.player_name));
    for bot in &setup.bots {
        let _ = writeln!(out, "seat {} {}", seat_kind(bot), one_line(&bot.name));
    }
}

fn seat_kind(bot: &BotSetup) -> &'static str {
    if bot.online {
        "online"
    } else if bot.person {
        "person"
    } else {
        bot.level.name()
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
            let online = kind == "online";
            let (level, person) = match kind {
                "person" => (Level::Medium, true),
                "online" => (Level::Medium, false),
                other => match other.parse::<Level>() {
                    Ok(level) => (level, false),
                    Err(_) => return Some(false),
                },
            };
            setup.bots.push(BotSetup {
                name: one_line(name),
                level,
                person,
                online,
            });
            setup.bots.len() <= 7
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

/// The save text of a game.
pub fn save_text(state: &GameState) -> String {
    let mut out = format!("{SAVE_MAGIC} {SAVE_VERSION}\n");
    let _ = writeln!(out, "seed {}", state.seed);
    write_setup(&mut out, &state.setup);
    let _ = writeln!(out, "playing_speed {}", state.speed.name());
    let _ = writeln!(out, "summary {}", u8::from(state.summary.is_some()));
    out.push_str("actions");
    for (seat, action) in &state.actions {
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

fn parse_action(word: &str) -> Option<(Seat, Action)> {
    let (seat, what) = word.split_once(':')?;
    let seat = Seat(seat.parse().ok()?);
    let action = match what {
        "four" => Action::DiscardFourOno,
        card => Action::Play(card.parse::<Card>().ok()?),
    };
    Some((seat, action))
}

/// Parses and replays a stored save.
///
/// # Errors
/// [`BadSave::Old`] for a save of an older format; [`BadSave::Broken`] for
/// anything that isn't a complete save the rules accept (a save missing its
/// `end` line was cut short).
pub fn parse_save(raw: &str) -> Result<GameState, BadSave> {
    let mut lines = raw.lines();
    match version_of(lines.next(), SAVE_MAGIC) {
        Some(SAVE_VERSION) => {}
        Some(v) if v < SAVE_VERSION => return Err(BadSave::Old),
        _ => return Err(BadSave::Broken),
    }
    let mut setup = GameSetup {
        bots: Vec::new(),
        ..GameSetup::default()
    };
    let (mut seed, mut speed, mut summary, mut actions, mut ended) =
        (None, None, false, None, false);
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
    if actions.len() > MAX_ACTIONS || setup.bots.is_empty() {
        return Err(BadSave::Broken);
    }
    let setup = Rc::new(setup);
    // Replayed up to the last action, which goes through the reducer so the
    // between-hands summary it opened comes back too.
    let (last, before) = match actions.split_last() {
        Some((last, before)) if summary => (Some(*last), before),
        _ => (None, &actions[..]),
    };
    let mut state = GameState::replay(setup, seed, before).map_err(|_| BadSave::Broken)?;
    state.speed = speed.unwrap_or(state.speed);
    if let Some((seat, action)) = last {
        let n = state.actions.len();
        let next = Rc::new(state).reduce(GameMsg::Act {
            seat,
            action,
            ply: None,
        });
        if next.actions.len() != n + 1 {
            return Err(BadSave::Broken);
        }
        state = (*next).clone();
    }
    Ok(state)
}

/// The page's `localStorage`, if the browser lets us have it (gloo's
/// `LocalStorage::raw` would panic instead when storage is disabled).
fn raw_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn set_raw(key: &str, value: &str) {
    if let Some(s) = raw_storage() {
        let _ = s.set_item(key, value);
    }
}

fn get_raw(key: &str) -> Option<String> {
    raw_storage()?.get_item(key).ok().flatten()
}

/// Forgets `key` (nothing to do if storage is unavailable).
pub fn delete(key: &str) {
    if let Some(s) = raw_storage() {
        let _ = s.remove_item(key);
    }
}

/// Reads `key`; for [`crate::ui::stats`].
pub fn read(key: &str) -> Option<String> {
    get_raw(key)
}

/// Writes `key`; for [`crate::ui::stats`].
pub fn write(key: &str, value: &str) {
    set_raw(key, value);
}

/// Looks for a saved match. A bad one is moved to [`BAD_SAVE_KEY`].
pub fn load_save() -> Resume {
    let Some(raw) = get_raw(SAVE_KEY) else {
        return Resume::None;
    };
    match parse_save(&raw) {
        Ok(state) => Resume::Game(Box::new(state)),
        Err(bad) => {
            set_raw(BAD_SAVE_KEY, &raw);
            delete(SAVE_KEY);
            Resume::Bad(bad)
        }
    }
}

/// Writes the match in progress (after every action).
pub fn save_game(state: &GameState) {
    set_raw(SAVE_KEY, &save_text(state));
}

/// Forgets the match in progress (the player left it).
pub fn clear_save() {
    delete(SAVE_KEY);
}

/// A new game was started: the bad save kept aside can go.
pub fn forget_bad_save() {
    delete(BAD_SAVE_KEY);
}

/// The last game setup (which holds the bots' speed), if one was stored and
/// is usable. Language, sound and motion live in `ono99.prefs`.
pub fn load_setup() -> Option<GameSetup> {
    let raw = get_raw(SETTINGS_KEY)?;
    let mut lines = raw.lines();
    if version_of(lines.next(), SETTINGS_MAGIC) != Some(SETTINGS_VERSION) {
        return None;
    }
    let mut setup = GameSetup {
        bots: Vec::new(),
        ..GameSetup::default()
    };
    for line in lines {
        if read_setup_line(&mut setup, line) != Some(true) {
            return None;
        }
    }
    // Only a table the setup screen can show, with rules the engine accepts.
    if setup.bots.is_empty()
        || crate::rules::Match::new(setup.rules, setup.seat_count(), 0).is_err()
    {
        return None;
    }
    Some(setup)
}

/// Remembers the setup (and so the bots' speed) for the next visit.
pub fn save_setup(setup: &GameSetup) {
    let mut out = format!("{SETTINGS_MAGIC} {SETTINGS_VERSION}\n");
    write_setup(&mut out, setup);
    set_raw(SETTINGS_KEY, &out);
}

/// Remembers a speed chosen during a game as the default for the next.
pub fn save_speed(speed: Speed) {
    if let Some(mut setup) = load_setup() {
        if setup.speed != speed {
            setup.speed = speed;
            save_setup(&setup);
        }
    }
}

/// The game screen's persistence: saves after every change, counts a
/// finished game in the statistics once (a game that was already over when
/// the screen opened, i.e. resumed after its end, is not counted again) and
/// keeps a speed chosen mid-game for next time.
#[hook]
pub fn use_persistence(state: &UseReducerHandle<GameState>) {
    let counted = use_mut_ref(|| state.game.is_over());
    let speed = use_mut_ref(|| state.speed);
    let handle = state.clone();
    use_effect_with(state.version, move |_| {
        save_game(&handle);
        if handle.game.is_over() && !*counted.borrow() {
            *counted.borrow_mut() = true;
            stats::record_game(&handle);
        }
        if *speed.borrow() != handle.speed {
            *speed.borrow_mut() = handle.speed;
            save_speed(handle.speed);
        }
    });
}
