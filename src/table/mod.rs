//! The table model: everything the table shows from one seat, kept up to
//! date event by event. The same model is built from a match at this
//! device, a friend's mirror of an online table and a replay step, and the
//! page's one `Table` component only draws it. Pure Rust like `rules/`
//! (no yew, web-sys or gloo), so what the table shows is tested natively.
//!
//! A [`Step`] is what one action changed, as the seat knows it (the events
//! of [`SeatEvent`], who is to act after). [`TableModel::step`] moves the
//! model on by one; nothing is worked out again from the start of the
//! match when the page draws.
//!
//! - `callout.rs`: what happened, as typed messages ([`Callout`]).
//! - `hand.rs`: your cards with the rules' verdict on each, and the hints.
//! - `friend.rs`: a friend's table, kept from their mirror of an online table.
//! - `fold.rs`: a whole match folded into tables from its deal (a reload,
//!   a replay's jump back).
//! - `replay.rs`: a finished match step by step, every seat's table.
//! - `attention.rs`: when a page tells its player an online match waits
//!   on them (the tab's title, the chime, a notification).

pub mod attention;
pub mod callout;
pub mod fold;
pub mod friend;
pub mod hand;
pub mod replay;

pub use callout::{Callout, Narrator, OutWhy, Who};
pub use fold::{fold_match, fold_played, Folded, Hold, Viewers};
pub use hand::{Hints, Slot, Then, Tip, Verdict, STUCK_WORTH_SAYING};

pub use crate::online::protocol::Connection;
use crate::rules::{Card, Direction, Event, Match, PlayerView, Seat, SeatEvent, ToAct, TurnStep};
use std::rc::Rc;

/// How many of the last plays the trail beside the pile shows.
pub const TRAIL: usize = 4;

/// What one action changed, as one seat knows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    pub events: Vec<SeatEvent>,
    /// Who is to act after it (`None`: the match is over).
    pub to_act: Option<ToAct>,
    /// Whether the seat to act already played a 99 this turn.
    pub ninety_nine_this_turn: bool,
}

impl Step {
    /// The events `game.log()[from..]` as `seat` knows them, and who acts
    /// after them: the step of the action (or actions) that made them.
    pub fn of_match(game: &Match, from: usize, seat: Seat) -> Step {
        let events = game.log().get(from..).unwrap_or_default();
        // The seats in the match before these events: a new hand is dealt
        // to them (those who left in these events were still in).
        let mut in_match = game.in_match();
        for e in events {
            if let Event::LeftMatch { seat } = e {
                in_match.insert(*seat);
            }
        }
        Step {
            events: crate::rules::redact(events, seat, game.seat_count(), in_match),
            to_act: game.to_act(),
            ninety_nine_this_turn: game.ninety_nine_this_turn(),
        }
    }
}

/// Who plays a seat, as far as the table shows it (beside its name).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Player {
    /// A bot, or a person at this device.
    #[default]
    Here,
    /// The host of an online table (on a friend's page).
    Host,
    /// A friend online: their connection, and whether a bot plays for
    /// them now.
    Friend { link: Connection, stand_in: bool },
}

/// One seat's marks on the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Marks {
    /// It is this seat's turn.
    pub playing: bool,
    /// It plays after the seat to act.
    pub next: bool,
    /// It owes two plays (a Play 2 on it).
    pub owes_two: bool,
    /// Out of this hand.
    pub out: bool,
    /// Out of the match.
    pub left: bool,
    /// Won the match (it is over).
    pub won: bool,
    /// Who plays it.
    pub player: Player,
}

/// The table as one seat sees it.
#[derive(Clone, PartialEq, Debug)]
pub struct TableModel {
    /// What is on the table: the seat's view as it stands, or the final
    /// table of a hand whose end is held.
    view: PlayerView,
    /// Who "you" is in the call-outs (`None`: nobody at this device, as in
    /// a replay or pass-and-play with several people).
    me: Option<Seat>,
    /// How each seat is called.
    names: Vec<String>,
    /// Who plays each seat.
    players: Vec<Player>,
    /// The next hand, dealt but held off the table while the last one's
    /// final table shows.
    held: Option<Step>,
    /// The call-outs of each hand, oldest first; the last is the hand on
    /// the table. Finished hands are shared and never change again.
    hands: Vec<Rc<Vec<Callout>>>,
    /// The call-outs of the last step (the live region's lines).
    announce: Vec<Callout>,
    /// The last plays of the hand on the table, oldest first.
    trail: Vec<(Seat, Card)>,
    /// How many cards each seat drew this hand.
    draws: Vec<usize>,
    /// The card the seat drew since its last play.
    fresh: Option<Card>,
    /// The total's last change, this hand.
    change: Option<i32>,
    /// How many steps the model has taken.
    plays: usize,
    /// The seat's cards with their verdicts (and hints).
    slots: Vec<Slot>,
    /// The four-ONO discard is allowed now.
    four_ono: bool,
    /// The coach's tip for the turn (hints on, your turn).
    tip: Option<Tip>,
    /// Work out the hints.
    hints: bool,
    /// This seat's going out, the last time it went out: the call-out
    /// (with the arithmetic) and the hand it was in (an index of `hands`).
    exit: Option<(usize, Callout)>,
    /// The match's winners, once it is over.
    winners: Vec<Seat>,
}

impl TableModel {
    /// The table as `view` stands, nothing narrated yet.
    pub fn new(view: PlayerView, me: Option<Seat>, names: Vec<String>) -> TableModel {
        let seats = view.seat_count();
        let mut model = TableModel {
            view,
            me,
            names,
            players: vec![Player::Here; seats],
            held: None,
            hands: vec![Rc::new(Vec::new())],
            announce: Vec::new(),
            trail: Vec::new(),
            draws: vec![0; seats],
            fresh: None,
            change: None,
            plays: 0,
            slots: Vec::new(),
            four_ono: false,
            tip: None,
            hints: false,
            exit: None,
            winners: Vec::new(),
        };
        model.judge();
        model
    }

    /// The table built at once from a view and the events that led to it
    /// (a friend's resync, a reload): what the steps would have built. Each
    /// hand in `log` is a group of lines as the steps group them (a log
    /// cut short starts inside a hand: that hand's earlier lines are
    /// missing, and its total is worked out as near as it can be). The last
    /// `last` events are the last step's (announced); `plays` is how many
    /// steps the match has taken.
    pub fn resume(
        view: PlayerView,
        log: &[SeatEvent],
        last: usize,
        plays: usize,
        me: Option<Seat>,
        names: Vec<String>,
    ) -> TableModel {
        let mut model = TableModel::new(view, me, names);
        let split = log.len().saturating_sub(last);
        let mut total = total_before(log, 0);
        let name = |s: Seat| model.names.get(s.index()).cloned().unwrap_or_default();
        let mut narrator = Narrator::new(model.view.rules, total, me, &name);
        let mut hands: Vec<Vec<Callout>> = vec![Vec::new()];
        let mut announce = Vec::new();
        let mut notes = Vec::new();
        let mut exit = None;
        for (i, e) in log.iter().enumerate() {
            // A deal opens a new group of lines, as a step does (the
            // first deal of a table goes into its first, empty group).
            let fresh = hands.len() == 1 && hands.first().is_some_and(Vec::is_empty);
            if matches!(e, SeatEvent::HandStarted { .. }) && !fresh {
                hands.push(Vec::new());
            }
            if let Some(c) = narrator.next(e) {
                if i >= split {
                    announce.push(c.clone());
                }
                if is_out(e, model.view.seat) {
                    exit = Some((hands.len() - 1, c.clone()));
                }
                if let Some(lines) = hands.last_mut() {
                    lines.push(c);
                }
            }
            notes.push((e, total));
            total = total_after(e, total);
        }
        model.hands = hands.into_iter().map(Rc::new).collect();
        model.announce = announce;
        model.exit = exit;
        for (e, before) in notes {
            model.note(e, before);
        }
        model.plays = plays;
        model.judge();
        model
    }

    /// Moves the table on by one step. With `hold_next_hand`, a new hand
    /// the step deals is held off the table (see [`TableModel::release`])
    /// so the final table of the hand it ended stays in view; steps that
    /// come meanwhile wait behind it.
    pub fn step(&mut self, step: Step, hold_next_hand: bool) {
        self.plays += 1;
        if let Some(held) = self.held.as_mut() {
            held.events.extend(step.events);
            held.to_act = step.to_act;
            held.ninety_nine_this_turn = step.ninety_nine_this_turn;
            return;
        }
        let cut = hold_next_hand
            .then(|| {
                let over = step
                    .events
                    .iter()
                    .position(|e| matches!(e, SeatEvent::HandOver { .. }))?;
                let deal = step
                    .events
                    .iter()
                    .skip(over)
                    .position(|e| matches!(e, SeatEvent::HandStarted { .. }))?;
                Some(over + deal)
            })
            .flatten();
        let Step {
            mut events,
            to_act,
            ninety_nine_this_turn,
        } = step;
        match cut {
            Some(at) => {
                let rest = events.split_off(at);
                self.apply(&events, None, false);
                self.held = Some(Step {
                    events: rest,
                    to_act,
                    ninety_nine_this_turn,
                });
                self.judge();
            }
            None => self.apply(&events, to_act, ninety_nine_this_turn),
        }
    }

    /// Puts the held hand on the table (the player went on from the final
    /// table). Nothing held: nothing changes.
    pub fn release(&mut self) {
        if let Some(held) = self.held.take() {
            self.apply(&held.events, held.to_act, held.ninety_nine_this_turn);
        }
    }

    /// Names the seats anew (a friend's chosen name): lines already
    /// narrated keep the names they were told with.
    pub fn set_names(&mut self, names: Vec<String>) {
        self.names = names;
    }

    /// Who plays each seat (an online table's connections).
    pub fn set_players(&mut self, players: Vec<Player>) {
        if players.len() == self.players.len() {
            self.players = players;
        }
    }

    /// Work out the hints on your turns, or not.
    pub fn set_hints(&mut self, hints: bool) {
        if self.hints != hints {
            self.hints = hints;
            self.judge();
        }
    }

    /// Whether the hints are worked out.
    pub fn hints(&self) -> bool {
        self.hints
    }

    fn apply(&mut self, events: &[SeatEvent], to_act: Option<ToAct>, ninety_nine: bool) {
        let names = &self.names;
        let name = |s: Seat| names.get(s.index()).cloned().unwrap_or_default();
        let mut narrator = Narrator::new(self.view.rules, self.view.total, self.me, &name);
        let mut announce = Vec::new();
        let mut lines: Vec<Vec<Callout>> = vec![Vec::new()];
        let mut fresh_hand = self.hands.len() == 1 && self.hands[0].is_empty();
        let mut notes = Vec::new();
        for e in events {
            if matches!(e, SeatEvent::HandStarted { .. }) && !fresh_hand {
                // The hand on the table is over: a new group of lines.
                lines.push(Vec::new());
            }
            fresh_hand = false;
            if let Some(c) = narrator.next(e) {
                if is_out(e, self.view.seat) {
                    let hand = self.hands.len() + lines.len() - 2;
                    self.exit = Some((hand, c.clone()));
                }
                announce.push(c.clone());
                if let Some(l) = lines.last_mut() {
                    l.push(c);
                }
            }
            notes.push((e, self.view.total));
            // An event that does not fit is refused and leaves the view as
            // it was (a friend's mirror checked the events already; the
            // engine's always fit).
            let _ = self.view.apply(e);
        }
        for (e, before) in notes {
            self.note(e, before);
        }
        let mut groups = lines.into_iter();
        if let (Some(current), Some(first)) = (self.hands.last_mut(), groups.next()) {
            if !first.is_empty() {
                Rc::make_mut(current).extend(first);
            }
        }
        self.hands.extend(groups.map(Rc::new));
        self.announce = announce;
        self.view.to_act = to_act;
        self.view.ninety_nine_this_turn = ninety_nine;
        self.judge();
    }

    /// Keeps the trail, the draws, the fresh card and the last change;
    /// `before` is the total just before `event`.
    fn note(&mut self, event: &SeatEvent, before: i32) {
        let me = self.view.seat;
        match event {
            SeatEvent::HandStarted { .. } => {
                self.trail.clear();
                self.draws.iter_mut().for_each(|d| *d = 0);
                self.fresh = None;
                self.change = None;
            }
            SeatEvent::Played { seat, card, total } => {
                if self.trail.len() == TRAIL {
                    self.trail.remove(0);
                }
                self.trail.push((*seat, *card));
                self.change = Some(total - before);
                if *seat == me {
                    self.fresh = None;
                }
            }
            SeatEvent::DiscardedFourOno { seat, total } => {
                self.change = Some(total - before);
                if *seat == me {
                    self.fresh = None;
                }
            }
            SeatEvent::YouDrew { card } => {
                if let Some(d) = self.draws.get_mut(me.index()) {
                    *d += 1;
                }
                self.fresh = Some(*card);
            }
            SeatEvent::Drew { seat } => {
                if let Some(d) = self.draws.get_mut(seat.index()) {
                    *d += 1;
                }
            }
            SeatEvent::MatchOver { winners } => self.winners.clone_from(winners),
            _ => {}
        }
    }

    fn judge(&mut self) {
        let to_act = self.to_act();
        let (slots, four_ono, tip) = hand::judge(
            &self.view,
            to_act.is_some_and(|t| t.seat == self.view.seat),
            self.fresh,
            self.hints,
        );
        self.slots = slots;
        self.four_ono = four_ono;
        self.tip = tip;
    }

    /// The seat's view of what is on the table (the final table of a hand
    /// while its end is held).
    pub fn view(&self) -> &PlayerView {
        &self.view
    }

    /// The seat whose table this is: the seat drawn at the bottom. A
    /// watcher's table (its view's seat is outside the table, see
    /// [`TableModel::spectating`]) is drawn from the host's seat, 0.
    pub fn seat(&self) -> Seat {
        if self.spectating() {
            Seat(0)
        } else {
            self.view.seat
        }
    }

    /// Whether this is a watcher's table (by the watch link): nobody at it
    /// is "you", no hand is known, nothing is offered.
    pub fn spectating(&self) -> bool {
        crate::online::watch::Peer::from_wire(self.view.seat).is_watcher()
    }

    /// Who "you" is in the call-outs.
    pub fn me(&self) -> Option<Seat> {
        self.me
    }

    /// How `seat` is called at this table.
    pub fn name(&self, seat: Seat) -> &str {
        self.names.get(seat.index()).map_or("", String::as_str)
    }

    /// `seat` as a call-out names it: "you", or its name.
    pub fn who(&self, seat: Seat) -> Who {
        Who::of(seat, self.me, &|s| self.name(s).to_string())
    }

    /// Who is to act on the table: nobody while a hand's end is held.
    pub fn to_act(&self) -> Option<ToAct> {
        self.view.to_act.filter(|_| self.held.is_none())
    }

    /// Whether it is this seat's turn on the table.
    pub fn my_turn(&self) -> bool {
        self.to_act().is_some_and(|t| t.seat == self.view.seat)
    }

    /// Whether a new hand is held off the table (its end is on show).
    pub fn holding(&self) -> bool {
        self.held.is_some()
    }

    /// The seat that plays after the one to act, when it is another seat.
    fn next_up(&self) -> Option<Seat> {
        let t = self.to_act()?;
        if t.step == TurnStep::FirstOfTwo {
            return None;
        }
        let next = self.view.next_in_hand(t.seat, self.view.direction);
        (next != t.seat).then_some(next)
    }

    /// `seat`'s marks on the table.
    pub fn marks(&self, seat: Seat) -> Marks {
        let to_act = self.to_act();
        let p = self.view.seats.0.get(seat.index());
        Marks {
            playing: to_act.is_some_and(|t| t.seat == seat),
            next: self.next_up() == Some(seat),
            owes_two: to_act.is_some_and(|t| t.seat == seat && t.step != TurnStep::Single),
            out: p.is_some_and(|p| !p.in_hand),
            left: p.is_some_and(|p| !p.in_match),
            won: self.winners.contains(&seat),
            player: self.players.get(seat.index()).copied().unwrap_or_default(),
        }
    }

    /// This seat's going out in the hand on the table (the banner the
    /// table keeps up for the rest of that hand), with the arithmetic.
    pub fn exit_now(&self) -> Option<&Callout> {
        let hand = self.hands.len().checked_sub(1)?;
        self.exit
            .as_ref()
            .filter(|(h, _)| *h == hand)
            .map(|(_, c)| c)
    }

    /// What the match's result says ended it: with `own_exit`, this seat's
    /// going out in the hand that decided the match (never an earlier
    /// hand's), then the last step's call-outs of going out, losing or ending a
    /// hand and leaving the match, each once.
    pub fn result_lines(&self, own_exit: bool) -> Vec<&Callout> {
        let exit = self.exit_now().filter(|_| own_exit);
        let mut lines: Vec<&Callout> = exit.into_iter().collect();
        for c in &self.announce {
            let ending = matches!(
                c,
                Callout::Out { .. }
                    | Callout::HandLost { .. }
                    | Callout::HandLastIn { .. }
                    | Callout::HandOver { .. }
                    | Callout::LeftMatch { .. }
            );
            // Your own exit is said first already.
            let said = exit.is_some() && matches!(c, Callout::Out { who, .. } if who.is_you());
            if ending && !said {
                lines.push(c);
            }
        }
        lines
    }

    /// The match's winners, once it is over.
    pub fn winners(&self) -> &[Seat] {
        &self.winners
    }

    /// The seats other than this one, in play order from its left.
    pub fn others(&self) -> impl Iterator<Item = Seat> + '_ {
        let n = self.view.seat_count();
        let me = self.seat().index();
        (1..n).map(move |i| Seat(((me + i) % n) as u8))
    }

    /// The call-outs of each hand so far (this model's), oldest first; the
    /// last is the hand on the table.
    pub fn hands(&self) -> &[Rc<Vec<Callout>>] {
        &self.hands
    }

    /// The call-outs of the last step.
    pub fn announce(&self) -> &[Callout] {
        &self.announce
    }

    /// The last plays of the hand on the table, oldest first.
    pub fn trail(&self) -> &[(Seat, Card)] {
        &self.trail
    }

    /// How many cards `seat` drew this hand.
    pub fn draws(&self, seat: Seat) -> usize {
        self.draws.get(seat.index()).copied().unwrap_or(0)
    }

    /// The card this seat drew since its last play.
    pub fn fresh(&self) -> Option<Card> {
        self.fresh
    }

    /// The total's last change this hand.
    pub fn change(&self) -> Option<i32> {
        self.change
    }

    /// How many steps the table has taken.
    pub fn plays(&self) -> usize {
        self.plays
    }

    /// This seat's cards, with the rules' verdict on each (and the hints).
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// Whether the four-ONO discard is allowed now.
    pub fn four_ono(&self) -> bool {
        self.four_ono
    }

    /// The coach's tip for your turn (hints on).
    pub fn tip(&self) -> Option<&Tip> {
        self.tip.as_ref()
    }

    /// The direction of play, for the table's arrows.
    pub fn direction(&self) -> Direction {
        self.view.direction
    }
}

/// The total on the table just before `log[index]`. A log that lost the
/// hand's deal (a friend's is capped) starts from the total its first play
/// made, as near as it can know.
fn total_before(log: &[SeatEvent], index: usize) -> i32 {
    let earlier = log.get(..index).unwrap_or(log);
    earlier
        .iter()
        .rev()
        .find_map(|e| match e {
            SeatEvent::HandStarted { .. } => Some(0),
            SeatEvent::Played { total, .. } | SeatEvent::DiscardedFourOno { total, .. } => {
                Some(*total)
            }
            _ => None,
        })
        .or_else(|| {
            log.iter().find_map(|e| match e {
                SeatEvent::Played { total, .. } | SeatEvent::DiscardedFourOno { total, .. } => {
                    Some(*total)
                }
                _ => None,
            })
        })
        .unwrap_or(0)
}

/// The total after `event`, from `before`.
fn total_after(event: &SeatEvent, before: i32) -> i32 {
    match event {
        SeatEvent::HandStarted { .. } => 0,
        SeatEvent::Played { total, .. } | SeatEvent::DiscardedFourOno { total, .. } => *total,
        _ => before,
    }
}

/// Whether `event` is `seat` going out of the hand.
fn is_out(event: &SeatEvent, seat: Seat) -> bool {
    matches!(event, SeatEvent::PlayerOut { seat: s, .. } if *s == seat)
}
