//! The guest's side of an online table: [`GuestMirror`] rebuilds what its
//! seat may know from the host's messages alone, and notices when it has
//! missed one.

use super::protocol::{
    clean_name, GuestMessage, HostMessage, Presence, ProtocolError, Refusal, SeatEvent, Update,
    Welcome,
};
use crate::rules::{Action, Card, Direction, Outcome, PlayerView, Seat, HAND_SIZE};

/// What a received message meant to the mirror.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Received {
    /// The table was joined: rules, seat, who sits where.
    Welcomed,
    /// The whole view was replaced.
    Synced,
    /// An action was taken; these are its events as this seat may know them.
    Updated(Vec<SeatEvent>),
    /// The host refused this guest's last message.
    Refused(Refusal),
    /// A seat's player changed (connected, disconnected, a bot took over).
    SeatChanged(Seat),
    Pong {
        nonce: u32,
    },
    /// An update arrived twice or late; nothing changed.
    Ignored,
    /// The mirror missed something or was told something inconsistent: send
    /// [`GuestMirror::resync_request`]. Updates are ignored until a sync.
    NeedResync,
}

/// What a guest knows: the table it joined and its seat's view, rebuilt
/// from messages only, and the ply of the last update applied.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GuestMirror {
    welcome: Option<Welcome>,
    view: Option<PlayerView>,
    log: Vec<SeatEvent>,
    ply: u32,
    awaiting_sync: bool,
    last_refusal: Option<Refusal>,
}

impl GuestMirror {
    pub fn new() -> GuestMirror {
        GuestMirror::default()
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

    /// The seat's view as rebuilt from the host's messages (once synced).
    pub fn view(&self) -> Option<&PlayerView> {
        self.view.as_ref()
    }
    pub fn welcome(&self) -> Option<&Welcome> {
        self.welcome.as_ref()
    }
    /// The current hand's events as this seat knows them.
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
    pub fn last_refusal(&self) -> Option<&Refusal> {
        self.last_refusal.as_ref()
    }
    /// The seats' players, as last told.
    pub fn presence(&self) -> &[Presence] {
        self.welcome.as_ref().map_or(&[], |w| w.seats.as_slice())
    }

    /// The request to take `action` now, if it is this seat's turn in the
    /// mirror and no bot plays it meanwhile (the host checks it again).
    pub fn act_request(&self, action: Action) -> Option<GuestMessage> {
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

    /// Reads and applies one message from the host.
    ///
    /// # Errors
    /// The message was too large, of another protocol version or not
    /// readable; nothing changed.
    pub fn receive(&mut self, bytes: &[u8]) -> Result<Received, ProtocolError> {
        let msg = HostMessage::decode(bytes)?;
        Ok(self.apply(msg))
    }

    /// Applies one message from the host. Nothing from the host is trusted
    /// to be consistent: a seat out of range or a card not in the hand asks
    /// for a resync rather than panicking.
    pub fn apply(&mut self, msg: HostMessage) -> Received {
        match msg {
            HostMessage::Welcome(welcome) => {
                self.welcome = Some(welcome);
                Received::Welcomed
            }
            HostMessage::Sync(sync) => {
                let fits = self.welcome.as_ref().is_none_or(|w| {
                    w.seat == sync.view.seat && w.seats.len() == sync.view.seats.len()
                });
                let seats = sync.view.seats.len();
                if !fits || !(2..=8).contains(&seats) || sync.view.seat.index() >= seats {
                    return self.need_resync();
                }
                self.view = Some(sync.view);
                self.log = sync.log;
                self.ply = sync.ply;
                self.awaiting_sync = false;
                Received::Synced
            }
            HostMessage::Update(update) => self.update(update),
            HostMessage::Refused { refusal, ply } => {
                self.last_refusal = Some(refusal.clone());
                if ply > self.ply && !self.awaiting_sync {
                    return self.need_resync();
                }
                Received::Refused(refusal)
            }
            HostMessage::SeatStatus { seat, presence } => {
                if let Some(slot) = self
                    .welcome
                    .as_mut()
                    .and_then(|w| w.seats.get_mut(seat.index()))
                {
                    *slot = presence;
                }
                Received::SeatChanged(seat)
            }
            HostMessage::Pong { nonce, ply } => {
                if ply > self.ply && !self.awaiting_sync {
                    return self.need_resync();
                }
                Received::Pong { nonce }
            }
        }
    }

    fn need_resync(&mut self) -> Received {
        self.awaiting_sync = true;
        Received::NeedResync
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
        if update.ply != self.ply + 1 {
            return self.need_resync();
        }
        // Applied to a copy: a message that does not fit leaves the mirror as it was.
        let mut next = view.clone();
        let mut log = self.log.clone();
        for event in &update.events {
            if apply_event(&mut next, event).is_none() {
                return self.need_resync();
            }
            if matches!(event, SeatEvent::HandStarted { .. }) {
                log.clear();
            }
            log.push(event.clone());
        }
        if let Some(t) = update.to_act {
            if t.seat.index() >= next.seats.len() {
                return self.need_resync();
            }
        }
        next.to_act = update.to_act;
        next.ninety_nine_this_turn = update.ninety_nine_this_turn;
        self.view = Some(next);
        self.log = log;
        self.ply = update.ply;
        Received::Updated(update.events)
    }
}

/// Moves `view` on by one event; `None` if the event does not fit it.
fn apply_event(view: &mut PlayerView, event: &SeatEvent) -> Option<()> {
    let me = view.seat;
    match event {
        SeatEvent::HandStarted {
            hand,
            dealer,
            dealt,
            draw_pile_len,
            ..
        } => {
            check_seat(view, *dealer)?;
            view.hand_number = *hand;
            view.dealer = *dealer;
            view.discard_pile.clear();
            for (seat, p) in view.seats.0.iter_mut().enumerate() {
                p.laid_down.clear();
                p.in_hand = p.in_match;
                p.hand_len = if seat == me.index() {
                    dealt.len()
                } else if p.in_match {
                    HAND_SIZE
                } else {
                    0
                };
            }
            view.hand = dealt.clone();
            view.total = 0;
            view.direction = Direction::Clockwise;
            view.draw_pile_len = *draw_pile_len;
        }
        SeatEvent::Played { seat, card, total } => {
            if *seat == me {
                let at = view.hand.iter().position(|c| c == card)?;
                view.hand.remove(at);
            }
            let p = view.seats.0.get_mut(seat.index())?;
            p.hand_len = p.hand_len.checked_sub(1)?;
            view.discard_pile.push(*card);
            view.total = *total;
        }
        SeatEvent::DiscardedFourOno { seat, total } => {
            let p = view.seats.0.get_mut(seat.index())?;
            // Four ONO 99 cards and nothing else (RULES.md): face up now.
            let n = std::mem::take(&mut p.hand_len);
            if *seat == me {
                view.hand.clear();
            }
            view.discard_pile
                .extend(std::iter::repeat_n(Card::NinetyNine, n));
            view.total = *total;
        }
        SeatEvent::YouDrew { card } => {
            view.hand.push(*card);
            draw_one(view, me)?;
        }
        SeatEvent::Drew { seat } => {
            if *seat == me {
                return None;
            }
            draw_one(view, *seat)?;
        }
        SeatEvent::Reshuffled { draw_pile_len } => {
            view.draw_pile_len = *draw_pile_len;
            view.discard_pile.clear();
        }
        SeatEvent::DirectionChanged { direction } => view.direction = *direction,
        SeatEvent::ObligationPlaced { seat, by } => {
            check_seat(view, *seat)?;
            check_seat(view, *by)?;
        }
        SeatEvent::ObligationMoved { from, to } => {
            check_seat(view, *from)?;
            check_seat(view, *to)?;
        }
        SeatEvent::PlayerOut { seat, laid_down } => {
            let p = view.seats.0.get_mut(seat.index())?;
            p.laid_down = laid_down.clone();
            p.hand_len = 0;
            p.in_hand = false;
            if *seat == me {
                view.hand.clear();
            }
        }
        SeatEvent::HandOver { tokens, scores, .. } => {
            if let Some(tokens) = tokens {
                if tokens.len() != view.seats.len() {
                    return None;
                }
                for (p, &t) in view.seats.0.iter_mut().zip(tokens) {
                    p.tokens = t;
                }
            }
            if let Some(scores) = scores {
                if scores.len() != view.seats.len() {
                    return None;
                }
                for (p, &s) in view.seats.0.iter_mut().zip(scores) {
                    p.score = s;
                }
            }
        }
        SeatEvent::LeftMatch { seat } => {
            view.seats.0.get_mut(seat.index())?.in_match = false;
        }
        SeatEvent::MatchOver { winners } => {
            for &w in winners {
                check_seat(view, w)?;
            }
            view.outcome = Some(Outcome {
                winners: winners.clone(),
            });
        }
    }
    Some(())
}

fn check_seat(view: &PlayerView, seat: Seat) -> Option<()> {
    (seat.index() < view.seats.len()).then_some(())
}

fn draw_one(view: &mut PlayerView, seat: Seat) -> Option<()> {
    let p = view.seats.0.get_mut(seat.index())?;
    p.hand_len += 1;
    view.draw_pile_len = view.draw_pile_len.checked_sub(1)?;
    Some(())
}
