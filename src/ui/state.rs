//! The UI's game state: a `Reducible` adapter over the rules engine.
//!
//! A game is its setup (rules + seats), its seed and the list of actions
//! taken: that is all a save needs, and [`GameState::replay`] rebuilds the
//! rest. The reducer only asks the engine; it holds no rule of its own. A
//! refused action is stored as `last_error` and changes nothing else.

use crate::bots::{Bot, Level};
use crate::rules::{Action, Event, Match, Rng, RuleError, RuleSet, Seat, SetupError};
use crate::ui::i18n::{self, Key, Lang};
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use yew::Reducible;

/// The seat the person at this device plays.
pub const ME: Seat = Seat(0);

/// How long a bot waits before each play.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// The pause before a bot's play, in milliseconds.
    pub fn delay_ms(self) -> u32 {
        match self {
            Speed::Slow => 1600,
            Speed::Normal => 850,
            Speed::Fast => 350,
            Speed::Instant => 0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    pub fn from_name(name: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// One bot seat of the setup.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct BotSetup {
    pub name: String,
    pub level: Level,
    /// A person plays this seat on the same device (pass-and-play).
    #[serde(default)]
    pub person: bool,
}

/// Everything the new-game screen chooses (serializable, for saving the
/// last setup and games in progress).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameSetup {
    pub player_name: String,
    /// Seats 1.. in clockwise order.
    pub bots: Vec<BotSetup>,
    pub rules: RuleSet,
    pub speed: Speed,
}

/// The levels offered on the setup screen.
pub const BOT_LEVELS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            player_name: String::new(),
            bots: (0..3).map(default_bot).collect(),
            rules: RuleSet::modern(),
            speed: Speed::Normal,
        }
    }
}

/// The default name of the `index`-th bot seat (0-based).
fn default_bot_name(index: usize, lang: Lang) -> String {
    match i18n::BOT_NAMES.get(index) {
        Some(name) => (*name).to_string(),
        None => i18n::bot_heading(lang, index + 1),
    }
}

/// The default bot for the `index`-th bot seat (0-based).
pub fn default_bot(index: usize) -> BotSetup {
    BotSetup {
        name: default_bot_name(index, Lang::default()),
        level: Level::Medium,
        person: false,
    }
}

impl GameSetup {
    pub fn seat_count(&self) -> usize {
        self.bots.len() + 1
    }

    /// Resizes the table to `players` seats (2–8), keeping the bots already set.
    pub fn set_player_count(&mut self, players: usize) {
        let bots = players.clamp(2, 8) - 1;
        while self.bots.len() < bots {
            self.bots.push(default_bot(self.bots.len()));
        }
        self.bots.truncate(bots);
    }

    /// The level playing `seat`, or `None` for the person.
    pub fn level(&self, seat: Seat) -> Option<Level> {
        seat.index()
            .checked_sub(1)
            .and_then(|i| self.bots.get(i))
            .filter(|b| !b.person)
            .map(|b| b.level)
    }

    /// Whether a person plays `seat` (seat 0 always is).
    pub fn is_person(&self, seat: Seat) -> bool {
        self.level(seat).is_none()
    }

    /// How many seats people play (more than one: pass-and-play).
    pub fn people(&self) -> usize {
        1 + self.bots.iter().filter(|b| b.person).count()
    }

    /// The display name of `seat`: the player's own name, or the bot's.
    pub fn name(&self, seat: Seat, lang: Lang) -> String {
        match seat.index().checked_sub(1) {
            None => {
                let n = self.player_name.trim();
                if n.is_empty() && self.people() > 1 {
                    // Pass-and-play: "You" would name every person.
                    format!("{} 1", i18n::tr(lang, Key::PlayerNumbered))
                } else if n.is_empty() {
                    i18n::tr(lang, Key::You).to_string()
                } else {
                    n.to_string()
                }
            }
            Some(i) => match self.bots.get(i) {
                Some(b) if !b.name.trim().is_empty() => b.name.trim().to_string(),
                _ => default_bot_name(i, lang),
            },
        }
    }
}

/// The summary shown between two hands of a multi-hand match.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HandSummary {
    pub hand: u32,
    pub winner: Option<Seat>,
    pub loser: Option<Seat>,
    pub left: Vec<Seat>,
}

/// What the UI can ask of the game.
#[derive(Clone, Debug)]
pub enum GameMsg {
    /// `seat` takes `action`. `ply` (the number of actions so far when the
    /// move was chosen) lets a late bot move be ignored.
    Act {
        seat: Seat,
        action: Action,
        ply: Option<usize>,
    },
    /// Close the between-hands summary and deal on.
    Continue,
    /// Forget the last refused action's message.
    ClearError,
    SetSpeed(Speed),
    /// The person on the pass screen holds the device: show their hand.
    Reveal,
}

/// The game in progress, as the UI sees it.
#[derive(Clone)]
pub struct GameState {
    pub setup: Rc<GameSetup>,
    pub seed: u64,
    /// Every action taken, in order: with the setup and seed, the whole game.
    pub actions: Vec<(Seat, Action)>,
    pub game: Match,
    pub speed: Speed,
    /// Why the person's last action was refused.
    pub last_error: Option<RuleError>,
    /// Set between the hands of a multi-hand match until the player goes on.
    pub summary: Option<HandSummary>,
    /// Index in the match log where the last action's events start: these
    /// are the current call-outs.
    pub announce_from: usize,
    /// Bumped on every change, so effects can depend on it cheaply.
    pub version: u64,
    /// The person whose hand and hints show (pass-and-play: the last
    /// person to have had a turn; otherwise always [`ME`]).
    pub viewer: Seat,
    /// Pass-and-play: every hand is hidden until `viewer` says they are
    /// the one holding the device.
    pub passing: bool,
}

impl PartialEq for GameState {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version && self.seed == other.seed
    }
}

impl GameState {
    /// A new match for `setup`, dealt from `seed`.
    ///
    /// # Errors
    /// An impossible setup (seat count or an option out of range).
    pub fn new(setup: Rc<GameSetup>, seed: u64) -> Result<GameState, SetupError> {
        let game = Match::new(setup.rules, setup.seat_count(), seed)?;
        Ok(GameState {
            speed: setup.speed,
            setup,
            seed,
            actions: Vec::new(),
            game,
            last_error: None,
            summary: None,
            announce_from: 0,
            version: 0,
            viewer: ME,
            passing: false,
        }
        .with_pass())
    }

    /// With several people, a new or resumed game starts on the pass
    /// screen: nobody's hand shows until its owner says they hold the device.
    fn with_pass(mut self) -> GameState {
        self.follow_turn();
        self.passing = self.setup.people() > 1 && !self.game.is_over();
        self
    }

    /// Hands the view to the person to act if that is someone else, behind
    /// the pass screen.
    fn follow_turn(&mut self) {
        if let Some(t) = self.game.to_act() {
            if t.seat != self.viewer && self.setup.is_person(t.seat) {
                self.viewer = t.seat;
                self.passing = true;
            }
        }
        if self.game.is_over() {
            self.passing = false;
        }
    }

    /// Whether the game may call a seat "you": only with a single person.
    pub fn me(&self) -> Seat {
        if self.setup.people() > 1 {
            // No seat: every call-out names its player.
            Seat(u8::MAX)
        } else {
            ME
        }
    }

    /// Rebuilds a game from its setup, seed and actions (for resuming a save).
    ///
    /// # Errors
    /// The setup is impossible, or the index of the first action the rules
    /// refuse. (No error text: a save that doesn't replay is simply bad,
    /// and the errors' messages would only add to the download.)
    pub fn replay(
        setup: Rc<GameSetup>,
        seed: u64,
        actions: &[(Seat, Action)],
    ) -> Result<GameState, Option<usize>> {
        let mut state = GameState::new(setup, seed).map_err(|_| None)?;
        for (i, &(seat, action)) in actions.iter().enumerate() {
            state.act(seat, action).map_err(|_| Some(i))?;
        }
        state.summary = None;
        Ok(state.with_pass())
    }

    fn act(&mut self, seat: Seat, action: Action) -> Result<(), RuleError> {
        let before = self.game.log().len();
        let events = self.game.apply_for(seat, action)?;
        let mut summary = None;
        for e in events {
            match e {
                Event::HandOver {
                    hand,
                    winner,
                    loser,
                    ..
                } => {
                    summary = Some(HandSummary {
                        hand: *hand,
                        winner: *winner,
                        loser: *loser,
                        left: Vec::new(),
                    })
                }
                Event::LeftMatch { seat } => {
                    if let Some(s) = summary.as_mut() {
                        s.left.push(*seat);
                    }
                }
                _ => {}
            }
        }
        self.actions.push((seat, action));
        self.announce_from = before;
        // The summary only pauses a match that goes on; the final screen
        // covers the last hand.
        // Nor does it wait for a person who has left the match: they just
        // watch the bots play on.
        let watching = !self.game.in_match().iter().any(|s| self.setup.is_person(s));
        self.summary = if self.game.is_over() || watching {
            None
        } else {
            summary
        };
        self.follow_turn();
        Ok(())
    }

    /// The level of the bot to act now, if a bot is to act and nothing waits
    /// for the person (the summary between hands).
    pub fn bot_to_act(&self) -> Option<(Seat, Level)> {
        if self.summary.is_some() {
            return None;
        }
        let turn = self.game.to_act()?;
        self.setup.level(turn.seat).map(|l| (turn.seat, l))
    }

    /// The bot's choice for the seat to act, from that seat's view only.
    /// Its random stream is derived from the seed and the ply, so a resumed
    /// game plays on exactly as it would have.
    pub fn bot_move(&self, bot: &mut dyn Bot) -> Option<GameMsg> {
        let (seat, _) = self.bot_to_act()?;
        let legal = self.game.legal_actions();
        if legal.is_empty() {
            return None;
        }
        let ply = self.actions.len();
        let mut rng = Rng::new(self.seed ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let action = bot.choose(&self.game.view(seat), &legal, &mut rng);
        Some(GameMsg::Act {
            seat,
            action,
            ply: Some(ply),
        })
    }

    /// How the log and the standings name `seat`: "You" for the person.
    pub fn name(&self, seat: Seat, lang: Lang) -> String {
        if seat == self.me() {
            i18n::tr(lang, Key::You).to_string()
        } else {
            self.setup.name(seat, lang)
        }
    }

    /// Whether the viewer's seat is the one to act (and nothing is paused).
    pub fn my_turn(&self) -> bool {
        self.summary.is_none()
            && !self.passing
            && self.game.to_act().is_some_and(|t| t.seat == self.viewer)
    }
}

impl Reducible for GameState {
    type Action = GameMsg;

    fn reduce(self: Rc<Self>, msg: GameMsg) -> Rc<Self> {
        let mut next = match msg {
            GameMsg::Act { seat, action, ply } => {
                if ply.is_some_and(|p| p != self.actions.len()) || self.summary.is_some() {
                    return self;
                }
                let mut next = (*self).clone();
                match next.act(seat, action) {
                    Ok(()) => next.last_error = None,
                    Err(e) => {
                        // A refused action changes nothing but the message.
                        next = (*self).clone();
                        next.last_error = Some(e);
                    }
                }
                next
            }
            GameMsg::Continue => {
                if self.summary.is_none() {
                    return self;
                }
                let mut next = (*self).clone();
                next.summary = None;
                next
            }
            GameMsg::ClearError => {
                if self.last_error.is_none() {
                    return self;
                }
                let mut next = (*self).clone();
                next.last_error = None;
                next
            }
            GameMsg::Reveal => {
                if !self.passing {
                    return self;
                }
                let mut next = (*self).clone();
                next.passing = false;
                next
            }
            GameMsg::SetSpeed(speed) => {
                let mut next = (*self).clone();
                next.speed = speed;
                next
            }
        };
        next.version += 1;
        Rc::new(next)
    }
}
