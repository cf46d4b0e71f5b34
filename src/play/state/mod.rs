//! The game at this device: a pure state machine over the rules engine.
//!
//! A game is its setup (rules + seats), its seed and the list of actions
//! taken: that is all a save needs, and [`GameState::resume`] rebuilds the
//! rest through the match's replayer ([`Played::take`]).
//! [`GameState::update`] only asks the engine; it holds no rule of its
//! own, sends nothing and stores nothing (the page's effects do that from
//! the new state). A refused action is stored as `last_error` and
//! changes nothing else.
//!
//! One engine holds the match: the rules' [`Match`], or at an online
//! table the host's [`HostSession`], which owns the match and checks every
//! friend's message. A friend's message goes to the session through
//! [`GameMsg::Received`]; what the session has to send back is queued in
//! the state's [`Outbox`], which the page sends after it draws.
//!
//! This file holds the state, its engine, whose turn it is and how a game
//! resumes; `update.rs` what the page can ask ([`GameMsg`]) and
//! [`GameState::update`], which answers it, with the online table's
//! messages handed to the session; `outbox.rs` the queue of messages for
//! friends.

mod outbox;
mod update;

pub use outbox::{Outbox, OUTBOX_KEPT};
pub use update::GameMsg;

use super::setup::{GameSetup, Speed, ME};
use crate::bots::{Bot, Level};
use crate::online::host::HostedTable;
use crate::online::host::RestoreError;
use crate::online::protocol::Presence;
use crate::online::reactions::Reaction;
use crate::online::turn_limit::TurnLimit;
use crate::online::{HostSession, TableSetup};
use crate::rules::{Action, Event, Match, Played, PlayerView, Rng, RuleError, Seat, SetupError};
use std::collections::BTreeSet;
use std::rc::Rc;

/// A bot's turn, as its decision needs it (on the page or in the worker).
pub struct BotTurn {
    pub seat: Seat,
    pub level: Level,
    pub view: PlayerView,
    pub legal: Vec<Action>,
    pub seed: u64,
    pub ply: usize,
}

impl BotTurn {
    /// The message that plays `action` for this turn (ignored if the game
    /// moved on meanwhile).
    pub fn act(&self, action: Action) -> GameMsg {
        GameMsg::Act {
            seat: self.seat,
            action,
            ply: Some(self.ply),
        }
    }
}

/// The summary shown between two hands of a multi-hand match (and when
/// the person leaves the match: see [`HandSummary::knocks_out`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HandSummary {
    pub hand: u32,
    pub winner: Option<Seat>,
    pub loser: Option<Seat>,
    pub left: Vec<Seat>,
    /// The summary's dialog is open (it waits a moment first, so the final
    /// table can be seen).
    pub open: bool,
}

impl HandSummary {
    /// Whether this hand put `seat` out of the match (its last token
    /// lost): the summary then offers to watch the rest or skip to the
    /// result.
    pub fn knocks_out(&self, seat: Seat) -> bool {
        self.left.contains(&seat)
    }
}

/// Who holds the match (the state lives behind an `Rc`: its size matters
/// less than not boxing the match on every clone).
#[derive(Clone)]
#[allow(clippy::large_enum_variant)]
enum Engine {
    /// This device alone.
    Here(Match),
    /// The host's session of an online table, behind its trait: a page
    /// that never hosts (the first download) links none of it.
    Hosted(Box<dyn HostedTable>),
}

/// The game in progress, as the UI sees it.
#[derive(Clone)]
pub struct GameState {
    pub setup: Rc<GameSetup>,
    pub seed: u64,
    /// Every action taken, in order: with the setup and seed, the whole game.
    pub actions: Vec<(Seat, Action)>,
    engine: Engine,
    /// What the online session has to send to friends.
    pub outbox: Outbox,
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
    /// The bots play without pauses until a person is needed ("Skip to the
    /// result").
    pub skipping: bool,
    /// Pass-and-play: the call-outs of what happened since the viewer last
    /// held the device, shown after the pass screen (log indices).
    pub missed_from: Option<usize>,
    /// Pass-and-play: for each person's seat, how much of the log they had
    /// seen when they last played.
    pub seen_upto: std::collections::BTreeMap<usize, usize>,
    /// An online table before its session starts: the friends' seats a
    /// Medium bot played for when the match was saved (it plays on after a
    /// reload). Once hosted, the session says ([`GameState::stand_ins`]).
    pub saved_stand_ins: BTreeSet<Seat>,
    /// An online table: how long a friend may be silent on their turn
    /// before a stand-in bot plays their seat (the host picks it in the
    /// lobby; [`GameMsg::TurnOver`]).
    pub turn_limit: TurnLimit,
    /// An online table: the latest quick reaction the session let through
    /// (a friend's, the host's, a bot's), numbered from 1 so the page
    /// shows each once. Nothing of the match: no new version.
    pub reaction: Option<Heard>,
}

/// A quick reaction the host's session let through, for the page to show.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Heard {
    /// Counts the reactions let through at this table, from 1.
    pub number: u64,
    pub seat: Seat,
    pub reaction: Reaction,
    /// When the session let it through, by the page's clock: the page's
    /// own gate counts from the same moment.
    pub at_ms: u64,
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
        Ok(GameState::dealt(setup, seed, game).with_pass())
    }

    /// The state of `game`, just dealt from `seed` for `setup`, before the
    /// pass screen.
    fn dealt(setup: Rc<GameSetup>, seed: u64, game: Match) -> GameState {
        GameState {
            speed: setup.speed,
            setup,
            seed,
            actions: Vec::new(),
            engine: Engine::Here(game),
            outbox: Outbox::default(),
            last_error: None,
            summary: None,
            announce_from: 0,
            version: 0,
            viewer: ME,
            passing: false,
            skipping: false,
            missed_from: None,
            seen_upto: std::collections::BTreeMap::new(),
            saved_stand_ins: BTreeSet::new(),
            turn_limit: TurnLimit::Off,
            reaction: None,
        }
    }

    /// The match.
    pub fn game(&self) -> &Match {
        match &self.engine {
            Engine::Here(game) => game,
            Engine::Hosted(session) => session.game(),
        }
    }

    /// The online session, at an online table once it started.
    pub fn session(&self) -> Option<&HostSession> {
        match &self.engine {
            Engine::Hosted(session) => session.as_any().downcast_ref(),
            Engine::Here(_) => None,
        }
    }

    /// The host's session for this match at an online table (its seats
    /// as `table` says): the match replayed to this ply, with the friends'
    /// seats a bot played for when it was saved played by a bot again.
    ///
    /// # Errors
    /// The table does not fit the match, or an action is refused.
    pub fn session_for(&self, table: TableSetup) -> Result<HostSession, RestoreError> {
        let kinds: Vec<_> = table.seats.iter().map(|s| s.kind).collect();
        let names = table.seats.into_iter().map(|s| s.name).collect();
        let mut session = HostSession::restore(&self.played(names), &kinds)?;
        for &seat in &self.stand_ins() {
            session.bot_takes(seat);
        }
        Ok(session)
    }

    /// The setup with every friend's seat named as the session names it
    /// now: the name its friend joined with (else the setup's). The one
    /// place a seat's name is read from for what outlives the page: the
    /// save (so a host's reload keeps the friends' names), the records and
    /// replays of the match. Before the session starts, and at a table
    /// played here, the setup as it is.
    pub fn named_setup(&self) -> GameSetup {
        let mut setup = (*self.setup).clone();
        if let Engine::Hosted(session) = &self.engine {
            for seat in session.guest_seats() {
                let name = session.presence(seat).map(|p| p.name);
                let slot = seat
                    .index()
                    .checked_sub(1)
                    .and_then(|i| setup.others.get_mut(i));
                if let (Some(slot), Some(name)) = (slot, name) {
                    slot.name = name;
                }
            }
        }
        setup
    }

    /// The match as played, with the seats named `names`.
    pub fn played(&self, names: Vec<String>) -> Played {
        Played {
            rules: self.setup.rules,
            names,
            seed: self.seed,
            actions: self.actions.clone(),
        }
    }

    /// The online table starts: `session` (built for this match, at the
    /// same ply) holds the match from now on.
    ///
    /// `None` if the session is at another match or ply.
    pub fn hosted(mut self, session: HostSession) -> Option<GameState> {
        let same = session.game().seat_count() == self.game().seat_count()
            && session.game().log().len() == self.game().log().len()
            && session.actions().len() == self.actions.len();
        if !same {
            return None;
        }
        self.engine = Engine::Hosted(Box::new(session));
        self.saved_stand_ins.clear();
        Some(self)
    }

    /// The lobby's match dealt again from `seed` (an online table's deal
    /// waits for the friends' contributions): the same table, speed and
    /// stand-ins, nothing played. `None` once an action was taken.
    pub fn redealt(&self, seed: u64) -> Option<GameState> {
        if !self.actions.is_empty() {
            return None;
        }
        let mut next = GameState::new(self.setup.clone(), seed).ok()?;
        next.speed = self.speed;
        next.saved_stand_ins = self.saved_stand_ins.clone();
        next.turn_limit = self.turn_limit;
        Some(next)
    }

    /// "Play again" at the end of an online match: the next match at the
    /// same table, dealt from `seed`, on the same session, so the friends
    /// stay connected in their seats and are told
    /// ([`HostSession::rematch`]); a friend who left is offered to the host
    /// as in any match (a bot plays for them, or they are invited again).
    /// What the session has to send waits in the new state's outbox,
    /// counted from 0: the page sends it once it shows the new match.
    /// `None` when no online session holds the match, or it is still on.
    pub fn rematch(&self, seed: u64) -> Option<GameState> {
        let Engine::Hosted(session) = &self.engine else {
            return None;
        };
        let mut session = session.clone();
        let out = session.rematch(seed)?;
        let mut next = GameState::new(self.setup.clone(), seed).ok()?;
        next.speed = self.speed;
        next.turn_limit = self.turn_limit;
        next.engine = Engine::Hosted(session);
        next.outbox.push(out);
        Some(next)
    }

    /// The friends' seats a Medium bot plays for now.
    pub fn stand_ins(&self) -> BTreeSet<Seat> {
        match &self.engine {
            // Inserted one by one: collecting into a set sorts, and the
            // slice sort would cost the first download 3.5 KB.
            Engine::Hosted(session) => {
                let mut seats = BTreeSet::new();
                for s in session.guest_seats() {
                    if session.bot_playing(s) {
                        seats.insert(s);
                    }
                }
                seats
            }
            Engine::Here(_) => self.saved_stand_ins.clone(),
        }
    }

    /// Whether a Medium bot plays `seat` for its friend now.
    pub fn stands_in(&self, seat: Seat) -> bool {
        match &self.engine {
            Engine::Hosted(session) => session.bot_playing(seat),
            Engine::Here(_) => self.saved_stand_ins.contains(&seat),
        }
    }

    /// How `seat`'s friend stands at an online table (`None` for seats
    /// played here, and before the session starts).
    pub fn presence(&self, seat: Seat) -> Option<Presence> {
        self.session()?
            .presence(seat)
            .filter(|p| p.connection.is_some())
    }

    /// With several people, a new or resumed game starts on the pass
    /// screen: nobody's hand shows until its owner says they hold the device.
    fn with_pass(mut self) -> GameState {
        self.follow_turn();
        self.passing = false;
        self.begin_pass();
        self.passing = self.setup.people() > 1 && !self.game().is_over();
        self
    }

    /// The person to act next, when that is someone other than the viewer:
    /// the device must be passed to them (after a moment, so the viewer
    /// sees their own card land and what they drew).
    pub fn pass_due(&self) -> Option<Seat> {
        if self.game().is_over() || self.passing {
            return None;
        }
        let t = self.game().to_act()?;
        (t.seat != self.viewer && self.setup.is_person(t.seat)).then_some(t.seat)
    }

    /// Hands the view to the person to act, behind the pass screen.
    fn begin_pass(&mut self) {
        if let Some(seat) = self.pass_due() {
            self.viewer = seat;
            self.passing = true;
        }
    }

    fn follow_turn(&mut self) {
        if self.game().is_over() {
            self.passing = false;
            self.skipping = false;
        }
        // Skipping ends when a person is needed again.
        if self.skipping
            && self
                .game()
                .in_hand()
                .iter()
                .any(|s| self.setup.is_person(s))
        {
            let person_to_act = self
                .game()
                .to_act()
                .is_some_and(|t| self.setup.is_person(t.seat));
            if person_to_act {
                self.skipping = false;
            }
        }
    }

    /// Whether "Skip to the result" makes sense: no person is in the hand
    /// any more, and bots are still playing it.
    pub fn can_skip(&self) -> bool {
        !self.game().is_over()
            && !self.skipping
            && self.summary.is_none()
            && !self
                .game()
                .in_hand()
                .iter()
                .any(|s| self.setup.is_person(s))
    }

    /// The pause before the next bot move, in milliseconds: the speed's
    /// pause, varied a little (from the seed, so it is the same on a
    /// re-run), and longer right after a person's play.
    pub fn bot_delay_ms(&self) -> u32 {
        if self.skipping || self.speed == Speed::Instant {
            return 0;
        }
        let ply = self.actions.len() as u64;
        let mut rng = Rng::new(self.seed ^ ply.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0x5EED);
        // 75% to 135% of the usual pause.
        let base = self.speed.delay_ms();
        let varied = base * (75 + rng.below(61) as u32) / 100;
        let after_person = self
            .actions
            .last()
            .is_some_and(|&(seat, _)| self.setup.is_person(seat));
        let delay = if after_person {
            varied.max(self.speed.after_person_ms())
        } else {
            varied
        };
        delay.max(self.exit_hold_ms())
    }

    /// The hold on a person's own exit: the speed's
    /// ([`Speed::exit_hold_ms`]) if the last action put a person at this
    /// device out of the hand, else 0. Nothing moves on before it ends:
    /// the next bot, the summary, the result, the pass screen.
    pub fn exit_hold_ms(&self) -> u32 {
        if self.skipping {
            return 0;
        }
        let out = self
            .game()
            .log()
            .get(self.announce_from..)
            .unwrap_or_default()
            .iter()
            .any(|e| matches!(e, Event::PlayerOut { seat, .. } if self.setup.is_person(*seat)));
        if out {
            self.speed.exit_hold_ms()
        } else {
            0
        }
    }

    /// How long the final table of a hand or the match stays in view
    /// before its summary or result opens.
    pub fn final_table_ms(&self) -> u32 {
        self.speed.final_table_ms().max(self.exit_hold_ms())
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

    /// Rebuilds a game from its setup, seed and actions (for resuming a
    /// save): [`GameState::resume`] of the match they make.
    ///
    /// # Errors
    /// As [`GameState::resume`].
    pub fn replay(
        setup: Rc<GameSetup>,
        seed: u64,
        actions: &[(Seat, Action)],
        summary: bool,
    ) -> Result<GameState, Option<usize>> {
        // Names play no part in a replay: only their number, the seats.
        let played = Played {
            rules: setup.rules,
            names: vec![String::new(); setup.seat_count()],
            seed,
            actions: actions.to_vec(),
        };
        GameState::resume(setup, &played, summary)
    }

    /// Rebuilds the game of `played` at a table set up as `setup` (for
    /// resuming a save), through the match's replayer ([`Played::take`]),
    /// each action handled as if just taken. With `summary`, the
    /// between-hands summary the last action opened (if it ended a hand)
    /// is pending again, as it was when saved; whoever took that action
    /// (you, a bot, a friend online or the bot standing in for them),
    /// since a save is replayed by the engine alone.
    ///
    /// # Errors
    /// The setup is impossible or is not the match's (rules, seats), or
    /// the index of the first action the rules refuse. (No error text: a
    /// save that doesn't replay is simply bad, and the errors' messages
    /// would only add to the download.)
    pub fn resume(
        setup: Rc<GameSetup>,
        played: &Played,
        summary: bool,
    ) -> Result<GameState, Option<usize>> {
        if played.rules != setup.rules || played.names.len() != setup.seat_count() {
            return Err(None);
        }
        let game = played.deal().map_err(|_| None)?;
        let mut state = GameState::dealt(setup, played.seed, game).with_pass();
        // The match lives in the state's engine, so the replayer's steps
        // are taken on it one by one rather than through `Played::replay`.
        let mut index = 0;
        loop {
            let Engine::Here(game) = &mut state.engine else {
                return Err(None);
            };
            let Some(took) = played.take(game, index) else {
                break;
            };
            let took = took.map_err(|refused| Some(refused.index))?;
            // Only the last action's summary can still be pending.
            state.summary = None;
            state.took(took.seat, took.action, took.from);
            index += 1;
        }
        if !summary {
            state.summary = None;
        }
        Ok(state.with_pass())
    }

    /// `seat` takes `action` at this device (a person or a bot here).
    fn act(&mut self, seat: Seat, action: Action) -> Result<(), RuleError> {
        let before = self.game().log().len();
        match &mut self.engine {
            Engine::Here(game) => {
                game.apply_for(seat, action)?;
            }
            Engine::Hosted(session) => {
                let out = session.act_local(seat, action)?;
                self.outbox.push(out);
            }
        }
        self.took(seat, action, before);
        Ok(())
    }

    /// After the engine took `seat`'s `action`, whose events start at
    /// `log[before]`: the between-hands summary, who sees what next.
    fn took(&mut self, seat: Seat, action: Action, before: usize) {
        let events = self.game().log().get(before..).unwrap_or_default();
        let summary = hand_summary(events);
        self.actions.push((seat, action));
        self.announce_from = before;
        if self.setup.is_person(seat) {
            self.seen_upto.insert(seat.index(), self.game().log().len());
            if seat == self.viewer {
                self.missed_from = None;
            }
        }
        // The summary only pauses a match that goes on; the final screen
        // covers the last hand.
        // Nor does it wait for a person who has left the match: they just
        // watch the bots play on.
        let watching = !self
            .game()
            .in_match()
            .iter()
            .any(|s| self.setup.is_person(s));
        // Except the hand that put the person out of the match (their last
        // token lost): its summary says so, and how they went, and waits
        // for them to watch the rest or skip to the result. (At an online
        // table the friends play on without waiting for the host.)
        let knocked_out = !self.setup.has_online()
            && summary
                .as_ref()
                .is_some_and(|s| s.knocks_out(self.viewer) && self.setup.is_person(self.viewer));
        // (A friend online may act in the next hand while the summary of
        // the last one is still on this screen: it stays.)
        self.summary = if self.game().is_over() {
            None
        } else if watching {
            summary.filter(|_| knocked_out)
        } else {
            summary.or(self.summary.take())
        };
        if self.summary.is_some() {
            // A skip plays to the end of the hand; the next hand needs the
            // person again.
            self.skipping = false;
        }
        self.follow_turn();
    }

    /// The level of the bot to act now, if a bot is to act and nothing waits
    /// for the person (the summary between hands).
    pub fn bot_to_act(&self) -> Option<(Seat, Level)> {
        if self.summary.is_some() || self.passing {
            return None;
        }
        let turn = self.game().to_act()?;
        if self.setup.is_online(turn.seat) {
            // A friend's seat: a bot plays it only when the host said so.
            return self
                .stands_in(turn.seat)
                .then_some((turn.seat, Level::Medium));
        }
        self.setup.level(turn.seat).map(|l| (turn.seat, l))
    }

    /// The bot's choice for the seat to act, from that seat's view only.
    /// Its random stream is derived from the seed and the ply, so a resumed
    /// game plays on exactly as it would have.
    pub fn bot_move(&self, bot: &mut dyn Bot) -> Option<GameMsg> {
        let turn = self.bot_turn()?;
        let mut rng = Rng::new(turn.seed);
        let action = bot.choose(&turn.view, &turn.legal, &mut rng);
        Some(turn.act(action))
    }

    /// What the bot to act decides from: its seat's view, the legal
    /// actions, and its random stream's seed (from the game's seed and the
    /// ply, so a resumed game plays on exactly as it would have).
    pub fn bot_turn(&self) -> Option<BotTurn> {
        let (seat, level) = self.bot_to_act()?;
        let legal = self.game().legal_actions();
        if legal.is_empty() {
            return None;
        }
        let ply = self.actions.len();
        Some(BotTurn {
            seat,
            level,
            view: self.game().view(seat),
            legal,
            seed: self.seed ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            ply,
        })
    }

    /// Whether the viewer's seat is the one to act (and nothing is paused).
    pub fn my_turn(&self) -> bool {
        self.summary.is_none()
            && !self.passing
            && self.game().to_act().is_some_and(|t| t.seat == self.viewer)
    }
}

/// The between-hands summary a hand's last events open, if they end a
/// hand.
fn hand_summary(events: &[Event]) -> Option<HandSummary> {
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
                    open: false,
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
    summary
}
