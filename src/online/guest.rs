//! The guest's side of an online table: [`GuestMirror`] rebuilds what its
//! seat may know from the host's messages alone, and notices when it has
//! missed one.

use super::protocol::{
    clean_name, GuestMessage, HostMessage, Presence, ProtocolError, Refusal, SeatEvent, Sync,
    Update, Welcome, PROTOCOL_VERSION,
};
use super::reactions::Reaction;
use super::sealed::Seals;
use super::watch::Peer;
use crate::rules::card::CARD_KINDS;
use crate::rules::seat::{MAX_SEATS, MIN_SEATS};
use crate::rules::{Action, Card, PlayerView, Seat, HAND_SIZE};

/// The most events one update may carry. An action makes a handful (a play,
/// a draw or four with reshuffles, a reversal, an obligation, players out,
/// the hand's end, departures, the next deal); more is refused as invalid.
pub const MAX_EVENTS_PER_UPDATE: usize = 64;
/// The most events of the match the mirror keeps (the oldest go), and a
/// sync carries: about 90 KB of JSON at most.
pub const MAX_LOG: usize = 2_000;
/// The largest total, either way, the mirror accepts. Real totals stay at
/// or below 99; below zero they fall by at most 10 a play.
pub const MAX_TOTAL: i32 = 1_000_000;

/// What a received message meant to the mirror.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Received {
    /// The table was joined: rules, seat, who sits where.
    Welcomed,
    /// The whole view was replaced.
    Synced,
    /// The host announced a new match at this table ("Play again"):
    /// nothing changed yet, the new deal's sync follows (updates are
    /// ignored until then).
    NewMatchAnnounced,
    /// The new match's deal replaced the whole view (the table is the
    /// same; `number` is the host's count of its matches).
    NewMatch {
        number: u32,
    },
    /// An action was taken; these are its events as this seat may know them.
    Updated(Vec<SeatEvent>),
    /// The host refused this guest's last message.
    Refused(Refusal),
    /// A seat's player changed (connected, disconnected, a bot took over).
    SeatChanged(Seat),
    /// The host sealed the deal of its `number`th match: answer with
    /// [`GuestMirror::contribute`] (random bytes the page draws).
    Sealed {
        number: u32,
    },
    /// A deal went ahead without these friends' contributions.
    DealtWithout(Vec<Seat>),
    /// The host revealed the match's secret: [`GuestMirror::checked`]
    /// holds the verdict.
    Revealed,
    Pong {
        nonce: u32,
    },
    /// `seat`'s player reacted (a seat at the table, not this one's own).
    /// The page shows it through its own rate gate and mutes
    /// ([`crate::online::reactions::Board`]): the mirror keeps no clock.
    Reacted {
        seat: Seat,
        reaction: Reaction,
    },
    /// An update arrived twice or late; nothing changed.
    Ignored,
    /// The mirror missed something: send [`GuestMirror::resync_request`].
    /// Updates are ignored until a sync.
    NeedResync,
    /// The message breaks the rules (a hand too large, a seat not at the
    /// table, a pile larger than the deck...): it was refused and nothing
    /// changed. Send [`GuestMirror::resync_request`]; the reason is for logs.
    Invalid(&'static str),
    /// To a watcher: the host stopped sharing the watch link (its
    /// connection closes next).
    SharingStopped,
    /// The key of this page's seat, to keep for this table (it is what
    /// gives the seat back after a lost connection or in a new tab).
    SeatKey(crate::online::signal::SeatKey),
    /// Another page of this seat's player took the seat up: this one's
    /// connection closes next, and it must not knock again by itself.
    Replaced,
}

impl Received {
    /// Whether the guest should send [`GuestMirror::resync_request`] now.
    pub fn wants_resync(&self) -> bool {
        matches!(self, Received::NeedResync | Received::Invalid(_))
    }
}

/// What a guest knows: the table it joined and its seat's view, rebuilt
/// from messages only, and the ply of the last update applied. Every view
/// it holds keeps the rules' bounds (see [`GuestMirror::apply`]).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GuestMirror {
    welcome: Option<Welcome>,
    view: Option<PlayerView>,
    log: Vec<SeatEvent>,
    ply: u32,
    awaiting_sync: bool,
    last_refusal: Option<Refusal>,
    /// The host's number of the match on show (0: the one joined, whose
    /// number nobody said).
    number: u32,
    /// A new match was announced: the next sync is its deal.
    announced: Option<u32>,
    /// The host's seals of its deals and this page's contributions.
    seals: Seals,
    /// A match revealed while the mirror waited for the table (a friend
    /// back after the end): checked once the sync brings its events.
    pending_reveal: Option<(u32, String)>,
    /// This page came by the watch link ([`GuestMirror::watching`]): its
    /// seat is outside the table and its view holds no hand.
    watching: bool,
    /// The ply at which this page asked to act ([`GuestMirror::act`]),
    /// until the host answers: a second ask at that ply (a double tap) is
    /// not sent, since the host takes one action a ply.
    asked_at: Option<u32>,
    /// The view is the one shown before the connection was lost
    /// ([`GuestMirror::reconnected`]): kept on show until the host's sync.
    held_over: bool,
}

impl GuestMirror {
    pub fn new() -> GuestMirror {
        GuestMirror::default()
    }

    /// Forgets the table (a new connection brings it again) but keeps the
    /// host's seals and this page's contributions, so the match sealed
    /// before a lost connection is still checked at its end, and whether
    /// this page watches.
    pub fn forget_table(&mut self) {
        let seals = std::mem::take(&mut self.seals);
        *self = GuestMirror {
            seals,
            watching: self.watching,
            ..GuestMirror::default()
        };
    }

    /// A new connection to the host after a lost one: the table on show
    /// stays (the host's page may have reloaded, and waits in its lobby
    /// until the host resumes the match), but nothing is played from it:
    /// the mirror waits for the host's sync, and a welcome to a table the
    /// view does not fit drops it ([`GuestMirror::forget_table`]).
    pub fn reconnected(&mut self) {
        if self.view.is_some() {
            self.held_over = true;
            self.awaiting_sync = true;
        }
    }

    /// Whether the table on show is the one kept from a lost connection,
    /// not synced since ([`GuestMirror::reconnected`]): the page says it
    /// waits for the host.
    pub fn held_over(&self) -> bool {
        self.held_over
    }

    /// Whether a stand-in bot plays this friend's own seat, as the host
    /// last said (never for a watcher).
    pub fn stood_in(&self) -> bool {
        !self.watching
            && self
                .welcome
                .as_ref()
                .and_then(|w| w.seats.get(w.place.seat()?.index()))
                .is_some_and(|p| p.bot_playing)
    }

    /// "I'm back": the request to take this seat back from the stand-in
    /// bot that plays it, while one does.
    pub fn back_request(&self) -> Option<GuestMessage> {
        self.stood_in().then_some(GuestMessage::Back)
    }

    /// The mirror of someone who came by the watch link: it accepts a
    /// welcome to a watcher's place only (outside the table, see
    /// [`crate::online::watch`]) and views with no hand, and never asks to
    /// act. A player's mirror ([`GuestMirror::new`]) refuses both.
    pub fn watching() -> GuestMirror {
        GuestMirror {
            watching: true,
            ..GuestMirror::default()
        }
    }

    /// Whether this mirror is a watcher's.
    pub fn is_watching(&self) -> bool {
        self.watching
    }

    /// A watcher's first message on a connection.
    pub fn watch_request(name: &str) -> GuestMessage {
        GuestMessage::Watch {
            name: clean_name(name),
        }
    }

    /// The first message on a connection.
    pub fn join_request(name: &str) -> GuestMessage {
        GuestMessage::Join {
            name: clean_name(name),
        }
    }

    pub fn resync_request() -> GuestMessage {
        GuestMessage::Resync
    }

    /// A reaction from this seat, once the table is joined (the page's
    /// gate decides whether it goes now; the host checks again).
    pub fn react_request(&self, reaction: Reaction) -> Option<GuestMessage> {
        self.welcome
            .is_some()
            .then_some(GuestMessage::React { reaction })
    }

    /// The resync to send again on a timer while one is awaited (asked for,
    /// or joined and no view yet): the host's answer may have been lost.
    /// `None` when nothing is awaited or before the table is joined.
    pub fn retry_request(&self) -> Option<GuestMessage> {
        (self.welcome.is_some() && (self.awaiting_sync || self.view.is_none()))
            .then_some(GuestMessage::Resync)
    }

    /// The seat's view as rebuilt from the host's messages (once synced).
    pub fn view(&self) -> Option<&PlayerView> {
        self.view.as_ref()
    }
    pub fn welcome(&self) -> Option<&Welcome> {
        self.welcome.as_ref()
    }
    /// The match's events as this seat knows them, every hand from the
    /// deal (the latest [`MAX_LOG`]).
    pub fn log(&self) -> &[SeatEvent] {
        &self.log
    }
    /// The ply of the view: actions taken in the match so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }
    /// Whether the mirror has asked for a resync and waits for it.
    pub fn awaiting_sync(&self) -> bool {
        self.awaiting_sync
    }
    /// The host's number of the match on show: 0 for the match joined,
    /// then the number each "Play again" gave.
    pub fn match_number(&self) -> u32 {
        self.number
    }
    /// What to do about a message from the host that could not be read
    /// (garbled, cut, too large): the mirror stays as it
    /// is but waits for a sync, since what was lost may have been an
    /// update or a new match. The resync to send now, if one is not
    /// already awaited (a lost answer is asked again on the timer,
    /// [`GuestMirror::retry_request`]).
    pub fn unreadable(&mut self) -> Option<GuestMessage> {
        if self.view.is_none() || self.awaiting_sync {
            return None;
        }
        self.awaiting_sync = true;
        Some(GuestMessage::Resync)
    }
    pub fn last_refusal(&self) -> Option<&Refusal> {
        self.last_refusal.as_ref()
    }
    /// The seats' players, as last told.
    pub fn presence(&self) -> &[Presence] {
        self.welcome.as_ref().map_or(&[], |w| w.seats.as_slice())
    }

    /// The request to take `action` now, if it is this seat's turn in the
    /// mirror, no bot plays it meanwhile, and this page has not asked to
    /// act at this ply already (the host checks it again).
    pub fn act_request(&self, action: Action) -> Option<GuestMessage> {
        if self.watching || self.asked_at == Some(self.ply) {
            return None;
        }
        let view = self.view.as_ref()?;
        let bot_playing = self
            .presence()
            .get(view.seat.index())
            .is_some_and(|p| p.bot_playing);
        (!self.awaiting_sync && !bot_playing && view.my_turn()).then_some(GuestMessage::Act {
            seat: view.seat,
            ply: self.ply,
            action,
        })
    }

    /// As [`GuestMirror::act_request`], and the ask is remembered: until
    /// the host answers (the action's update, a sync, or its refusal), no
    /// other action is asked for at this ply. A double tap on a Play 2
    /// sends one card; the second needs a tap of its own once the first
    /// is taken.
    pub fn act(&mut self, action: Action) -> Option<GuestMessage> {
        let request = self.act_request(action)?;
        self.asked_at = Some(self.ply);
        Some(request)
    }

    /// Reads and applies one message from the host.
    ///
    /// # Errors
    /// The message was too large, of another protocol version or not
    /// readable; nothing changed.
    pub fn receive(&mut self, bytes: &[u8]) -> Result<Received, ProtocolError> {
        let msg = HostMessage::decode(bytes)?;
        Ok(self.apply(msg))
    }

    /// Applies one message from the host. Nothing from the host is trusted:
    /// every view the mirror would hold is checked against the rules (a
    /// hand of at most [`HAND_SIZE`] cards, seats at the table, piles within
    /// the deck, a total within [`MAX_TOTAL`]...), every name is cleaned,
    /// and a message that does not fit is [`Received::Invalid`] and changes
    /// nothing.
    pub fn apply(&mut self, msg: HostMessage) -> Received {
        match msg {
            HostMessage::Welcome(welcome) => self.welcomed(welcome),
            HostMessage::Sync(sync) => self.sync(sync),
            HostMessage::Update(update) => self.update(update),
            HostMessage::Refused { refusal, ply } => {
                // A refused action was not taken: this page may ask again.
                if answers_act(&refusal) {
                    self.asked_at = None;
                }
                self.last_refusal = Some(refusal.clone());
                if ply > self.ply && !self.awaiting_sync {
                    return self.need_resync();
                }
                Received::Refused(refusal)
            }
            HostMessage::SeatStatus { seat, presence } => {
                let Some(slot) = self
                    .welcome
                    .as_mut()
                    .and_then(|w| w.seats.get_mut(seat.index()))
                else {
                    return Received::Invalid("a seat not at the table");
                };
                *slot = clean_presence(presence);
                Received::SeatChanged(seat)
            }
            HostMessage::Pong { nonce, ply } => {
                if ply > self.ply && !self.awaiting_sync {
                    return self.need_resync();
                }
                Received::Pong { nonce }
            }
            HostMessage::NewMatch { number } => self.new_match(number),
            // A seal may come before the welcome: the first deal waits
            // for this page's contribution before the table is dealt.
            HostMessage::Sealed { number, commitment } => {
                self.seals.seal(number, commitment);
                Received::Sealed { number }
            }
            HostMessage::DealtWithout { number, seats } => {
                let at_table = self.presence().len();
                if seats.len() > at_table || seats.iter().any(|s| s.index() >= at_table) {
                    return Received::Invalid("a seat not at the table");
                }
                self.seals.dealt_without(number, seats.clone());
                Received::DealtWithout(seats)
            }
            HostMessage::Revealed { number, code } => {
                if self.view.is_none() || self.awaiting_sync {
                    self.pending_reveal = Some((number, code));
                    return Received::Ignored;
                }
                self.reveal(number, &code)
            }
            HostMessage::Reacted { seat, reaction } => {
                let at_table = self.presence().get(seat.index()).is_some();
                let own = self.welcome.as_ref().is_some_and(|w| w.place == seat);
                if !at_table || own {
                    // Harmless, so not a reason to resync: just dropped.
                    return Received::Ignored;
                }
                Received::Reacted { seat, reaction }
            }
            HostMessage::SharingStopped if self.watching => Received::SharingStopped,
            HostMessage::SharingStopped => Received::Invalid("a watchers' notice to a player"),
            HostMessage::SeatKey { .. } if self.watching => {
                Received::Invalid("a seat's key to a watcher")
            }
            HostMessage::SeatKey { key } => match crate::online::signal::SeatKey::from_hex(&key) {
                Some(key) => Received::SeatKey(key),
                None => Received::Invalid("a seat's key that is not 32 hex digits"),
            },
            HostMessage::Replaced => Received::Replaced,
        }
    }

    /// Checks the revealed match `number` (its share `code`) against the
    /// events this page holds.
    fn reveal(&mut self, number: u32, code: &str) -> Received {
        // A watcher checks what a seat outside the table is shown.
        let viewer = self
            .view
            .as_ref()
            .map(|v| v.seat)
            .filter(|_| !self.watching);
        match self.seals.reveal(number, code, viewer, &self.log) {
            Ok(_) => Received::Revealed,
            Err(why) => Received::Invalid(why),
        }
    }

    /// The message that gives the host's `number`th deal this page's
    /// `contribution` (random bytes it drew): `None` without that seal, or
    /// once given.
    pub fn contribute(
        &mut self,
        number: u32,
        contribution: super::fair::Contribution,
    ) -> Option<GuestMessage> {
        self.seals.contribute(number, contribution)
    }

    /// The last match's check, once the host revealed its secret.
    pub fn checked(&self) -> Option<&super::sealed::Checked> {
        self.seals.checked()
    }

    /// The friends left out of the last deal that left anyone out.
    pub fn dealt_without(&self) -> Option<(u32, &[Seat])> {
        self.seals.without()
    }

    /// The host dealt a new match at this table. Only after joining, with a
    /// number past the one on show, and once the match on show is over (or
    /// the mirror waits for a sync: it may have missed its end): a friend
    /// in the middle of a match is not thrown out of it.
    fn new_match(&mut self, number: u32) -> Received {
        if self.welcome.is_none() || self.view.is_none() {
            return Received::Invalid("a new match before joining");
        }
        if number <= self.number || number < 2 {
            return Received::Invalid("a new match numbered before this one");
        }
        let over = self.view.as_ref().is_some_and(|v| v.outcome.is_some());
        if !over && !self.awaiting_sync {
            return Received::Invalid("a new match while this one is on");
        }
        self.announced = Some(number);
        self.awaiting_sync = true;
        Received::NewMatchAnnounced
    }

    fn need_resync(&mut self) -> Received {
        self.awaiting_sync = true;
        Received::NeedResync
    }

    fn welcomed(&mut self, mut welcome: Welcome) -> Received {
        let seats = welcome.seats.len();
        // A player's place is a seat at the table; a watcher's, a
        // watcher's (outside the table).
        let seat_fits = match welcome.place {
            Peer::Watcher(_) => self.watching,
            Peer::Seat(seat) => !self.watching && seat.index() < seats,
        };
        if welcome.version != PROTOCOL_VERSION
            || !(MIN_SEATS..=MAX_SEATS).contains(&seats)
            || !seat_fits
            || welcome.rules.validate().is_err()
        {
            return Received::Invalid("a table outside the rules");
        }
        if let Some(view) = &self.view {
            if Peer::from_wire(view.seat) != welcome.place
                || view.seats.len() != seats
                || view.rules != welcome.rules
            {
                if !self.held_over {
                    return Received::Invalid("a table that does not fit the view");
                }
                // Back after a lost connection at another table (the host
                // left the last one): the table kept is dropped for it.
                self.forget_table();
            }
        }
        welcome.seats = welcome.seats.into_iter().map(clean_presence).collect();
        self.welcome = Some(welcome);
        Received::Welcomed
    }

    fn sync(&mut self, sync: Sync) -> Received {
        let Sync { ply, view, mut log } = sync;
        if let Err(why) = check_view(&view, self.welcome.as_ref(), self.watching) {
            return Received::Invalid(why);
        }
        log.drain(..log.len().saturating_sub(MAX_LOG));
        if log.iter().any(|e| check_event(e, &view).is_none()) {
            return Received::Invalid("an event outside the rules");
        }
        self.view = Some(view);
        self.log = log;
        self.ply = ply;
        self.awaiting_sync = false;
        // The table as the host has it: an action asked for and not in it
        // was not taken.
        self.asked_at = None;
        self.held_over = false;
        if let Some((number, code)) = self.pending_reveal.take() {
            // What the host revealed before this sync, checked against it
            // (the page reads the verdict from `checked`).
            let _ = self.reveal(number, &code);
        }
        match self.announced.take() {
            Some(number) => {
                self.number = number;
                self.last_refusal = None;
                Received::NewMatch { number }
            }
            None => Received::Synced,
        }
    }

    fn update(&mut self, update: Update) -> Received {
        if self.awaiting_sync {
            return Received::Ignored;
        }
        let Some(view) = self.view.as_ref() else {
            return self.need_resync();
        };
        if update.ply <= self.ply {
            return Received::Ignored;
        }
        if Some(update.ply) != self.ply.checked_add(1) {
            return self.need_resync();
        }
        if update.events.len() > MAX_EVENTS_PER_UPDATE {
            return Received::Invalid("too many events in one update");
        }
        // Applied to a copy: a message that does not fit leaves the mirror as it was.
        let mut next = view.clone();
        for event in &update.events {
            if check_event(event, &next).is_none() || next.apply(event).is_none() {
                return Received::Invalid("an event that does not fit the view");
            }
        }
        next.to_act = update.to_act;
        next.ninety_nine_this_turn = update.ninety_nine_this_turn;
        if let Err(why) = check_view(&next, self.welcome.as_ref(), self.watching) {
            return Received::Invalid(why);
        }
        self.view = Some(next);
        // The log is the match's, every hand (the oldest events go first).
        self.log.extend(update.events.iter().cloned());
        let excess = self.log.len().saturating_sub(MAX_LOG);
        self.log.drain(..excess);
        self.ply = update.ply;
        Received::Updated(update.events)
    }
}

/// Whether `refusal` answers an action this page asked for (not a
/// reaction, a ping or a join said again): the action was not taken.
fn answers_act(refusal: &Refusal) -> bool {
    matches!(
        refusal,
        Refusal::NotYourSeat { .. }
            | Refusal::NotYourTurn { .. }
            | Refusal::Stale { .. }
            | Refusal::Illegal { .. }
            | Refusal::BotPlaying
    )
}

/// A seat's player as the host described it, with its name cleaned.
fn clean_presence(presence: Presence) -> Presence {
    Presence {
        name: clean_name(&presence.name),
        ..presence
    }
}

/// Whether `view` keeps the rules' bounds (and fits `welcome`): the checks
/// that let the friend's page build a match from it without surprises. A
/// watcher's view (`watching`) has its seat outside the table and no hand;
/// a player's has its seat at the table, its hand as large as the table
/// says.
fn check_view(
    view: &PlayerView,
    welcome: Option<&Welcome>,
    watching: bool,
) -> Result<(), &'static str> {
    let seats = view.seats.len();
    let in_range = |seat: Seat| seat.index() < seats;
    let seat_fits = if watching {
        Peer::from_wire(view.seat).is_watcher() && view.hand.is_empty()
    } else {
        in_range(view.seat)
    };
    if !(MIN_SEATS..=MAX_SEATS).contains(&seats) || !seat_fits {
        return Err("a seat count or seat outside the rules");
    }
    if let Some(w) = welcome {
        if w.place != Peer::from_wire(view.seat) || w.seats.len() != seats || w.rules != view.rules
        {
            return Err("a view that does not fit the table");
        }
    }
    if view.rules.validate().is_err() {
        return Err("rules out of range");
    }
    if !in_range(view.dealer)
        || view.to_act.is_some_and(|t| !in_range(t.seat))
        || view
            .outcome
            .as_ref()
            .is_some_and(|o| o.winners.len() > seats || o.winners.iter().any(|&w| !in_range(w)))
    {
        return Err("a seat not at the table");
    }
    if !(-MAX_TOTAL..=MAX_TOTAL).contains(&view.total) {
        return Err("a total out of range");
    }
    let mine = view.seats.0.get(view.seat.index()).map(|p| p.hand_len);
    if view.hand.len() > HAND_SIZE || (!watching && mine != Some(view.hand.len())) {
        return Err("a hand outside the rules");
    }
    let deck = view.rules.edition.deck_counts();
    let mut cards = view
        .draw_pile_len
        .checked_add(view.discard_pile.len())
        .ok_or("a pile larger than the deck")?;
    let mut seen = [0usize; CARD_KINDS];
    let mut see = |c: &Card| {
        if let Some(n) = seen.get_mut(c.index()) {
            *n = n.saturating_add(1);
        }
    };
    view.hand.iter().for_each(&mut see);
    view.discard_pile.iter().for_each(&mut see);
    for (_, p) in view.seats.iter() {
        if p.hand_len > HAND_SIZE || p.laid_down.len() > HAND_SIZE {
            return Err("a hand outside the rules");
        }
        p.laid_down.iter().for_each(&mut see);
        cards = cards
            .saturating_add(p.hand_len)
            .saturating_add(p.laid_down.len());
    }
    if cards > deck.total()
        || Card::ALL
            .iter()
            .any(|&c| seen[c.index()] > deck.get(c).into())
    {
        return Err("more cards than the deck");
    }
    Ok(())
}

/// Whether `event` keeps the rules' bounds at the table of `view` (what
/// the page reads from the log without the view: seats, totals, cards).
fn check_event(event: &SeatEvent, view: &PlayerView) -> Option<()> {
    let seats = view.seats.len();
    let deck = view.rules.edition.deck_counts().total();
    let seat_ok = |s: &Seat| s.index() < seats;
    let total_ok = |t: &i32| (-MAX_TOTAL..=MAX_TOTAL).contains(t);
    let fine = match event {
        SeatEvent::HandStarted {
            dealer,
            first,
            dealt,
            draw_pile_len,
            ..
        } => {
            seat_ok(dealer) && seat_ok(first) && dealt.len() <= HAND_SIZE && *draw_pile_len <= deck
        }
        SeatEvent::Played { seat, total, .. } | SeatEvent::DiscardedFourOno { seat, total } => {
            seat_ok(seat) && total_ok(total)
        }
        SeatEvent::YouDrew { .. } | SeatEvent::DirectionChanged { .. } => true,
        SeatEvent::Reshuffled { draw_pile_len } => *draw_pile_len <= deck,
        SeatEvent::Drew { seat } | SeatEvent::LeftMatch { seat } => seat_ok(seat),
        SeatEvent::ObligationPlaced { seat: a, by: b }
        | SeatEvent::ObligationMoved { from: a, to: b } => seat_ok(a) && seat_ok(b),
        SeatEvent::PlayerOut { seat, laid_down } => seat_ok(seat) && laid_down.len() <= HAND_SIZE,
        SeatEvent::HandOver {
            winner,
            loser,
            tokens,
            scores,
            ..
        } => {
            winner.as_ref().is_none_or(seat_ok)
                && loser.as_ref().is_none_or(seat_ok)
                && tokens.as_ref().is_none_or(|t| t.len() == seats)
                && scores.as_ref().is_none_or(|s| s.len() == seats)
        }
        SeatEvent::MatchOver { winners } => winners.len() <= seats && winners.iter().all(seat_ok),
    };
    fine.then_some(())
}
