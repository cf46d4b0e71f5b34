//! The table's door: which seat a friend who comes by the table link gets
//! ([`Door::admit`]), or why none. Pure: the host's page asks it for each
//! offer that passed [`super::envelope::SeenOffers`], and tells it what
//! became of each seat.
//!
//! A friend gets, in this order:
//! 1. the seat they ask for ([`FriendOffer::seat`]: the one the host gave
//!    them before a reload), if it is free and holds their name, or if no
//!    friend claimed it at this door yet and the table is not locked (the
//!    host's page reloaded: its new door knows only the host's names);
//! 2. a free seat that holds their name (the host named the seat for them,
//!    or they sat there before);
//! 3. the first free seat, unless the host locked the table (one no friend
//!    sat in first: a seat keeps its friend's name for when they come back).
//!
//! A name already seated (connected, or its connection being made) is
//! refused: two pages with one name would take each other's seat back;
//! except a friend asking for that very seat by number (their page knew
//! it: a reload, or a connection lost to a change of network that the
//! host's page has not noticed yet), who takes it over with a new
//! connection.
//! Names compare without case and surrounding spaces. But the same
//! connection asking again (a friend whose answer was lost sends its offer
//! again, under a new offer id: the same ICE user fragment and DTLS
//! fingerprint) gets its seat [`Admit::Again`]: the host sends the answer
//! it gave, and makes no second connection.
//!
//! A seat given to an offer is *opening* until its connection opens
//! ([`Door::connected`]) or [`OPENING_MS`] pass with nothing
//! ([`Door::admit`] frees it then): a replayed offer, or a friend who gave
//! up, holds no seat for long.

use super::envelope::{FriendOffer, Refused};
use crate::rules::Seat;

/// How long a seat given to an offer waits for its connection to open.
pub const OPENING_MS: u64 = 30_000;

/// How an online seat stands at the door.
#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    /// Nobody: a friend may take it.
    Free,
    /// Given to an offer at this time (by the host's clock); the
    /// connection is being made.
    Opening { since_ms: u64 },
    /// A friend is connected.
    Seated,
}

/// One online seat: its name (the host's, or the friend's once they sat
/// there) and how it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
struct DoorSeat {
    seat: Seat,
    name: String,
    state: State,
    /// A friend sat here (the name is theirs, not the host's).
    claimed: bool,
    /// The connection it was given to: the offer's ICE user fragment and
    /// DTLS fingerprint.
    caller: Option<(String, Vec<u8>)>,
}

/// What [`Door::admit`] gives a friend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admit {
    /// A seat, now opening for this connection: answer it.
    Seat(Seat),
    /// The seat this very connection was given before: send the same
    /// answer again.
    Again(Seat),
}

impl Admit {
    pub fn seat(self) -> Seat {
        match self {
            Admit::Seat(s) | Admit::Again(s) => s,
        }
    }
}

/// Who asks: the offer's connection.
fn caller(offer: &FriendOffer) -> (String, Vec<u8>) {
    (
        offer.offer.ice_ufrag.clone(),
        offer.offer.fingerprint.clone(),
    )
}

/// The door of one table: its online seats, and whether the host locked it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Door {
    seats: Vec<DoorSeat>,
    locked: bool,
}

/// Names as the door compares them.
fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

impl Door {
    /// The door of a table whose online seats are `seats` (in seat order,
    /// each with the name the host gave it), all free, unlocked.
    pub fn new(seats: impl IntoIterator<Item = (Seat, String)>) -> Door {
        Door {
            seats: seats
                .into_iter()
                .map(|(seat, name)| DoorSeat {
                    seat,
                    name,
                    state: State::Free,
                    claimed: false,
                    caller: None,
                })
                .collect(),
            locked: false,
        }
    }

    /// Locks the table (`true`): no friend takes a seat that was not
    /// theirs. A friend coming back to their own seat is let in.
    pub fn lock(&mut self, locked: bool) {
        self.locked = locked;
    }

    pub fn is_locked(&self) -> bool {
        self.locked
    }

    /// Whether a friend could still take a seat: one is free (or opening
    /// for longer than [`OPENING_MS`] at `now_ms`). With none, the host
    /// stops listening on the relays.
    pub fn has_room(&self, now_ms: u64) -> bool {
        self.seats.iter().any(|s| match s.state {
            State::Free => true,
            State::Opening { since_ms } => now_ms.saturating_sub(since_ms) >= OPENING_MS,
            State::Seated => false,
        })
    }

    /// The seat `offer`'s friend gets at `now_ms`, now marked opening with
    /// their name and connection; the seat their connection already has;
    /// or why they are turned away (nothing changes then).
    ///
    /// # Errors
    /// [`Refused::NameTaken`], [`Refused::Locked`] or
    /// [`Refused::TableFull`], as the module says.
    pub fn admit(&mut self, offer: &FriendOffer, now_ms: u64) -> Result<Admit, Refused> {
        for s in &mut self.seats {
            if let State::Opening { since_ms } = s.state {
                if now_ms.saturating_sub(since_ms) >= OPENING_MS {
                    s.state = State::Free;
                }
            }
        }
        let who = caller(offer);
        if let Some(s) = self
            .seats
            .iter()
            .find(|s| s.state != State::Free && s.caller.as_ref() == Some(&who))
        {
            return Ok(Admit::Again(s.seat));
        }
        // A friend asking for their own seat by number while it still
        // holds a connection (theirs, dropped, which this page has not
        // noticed yet: a change of network) takes it over.
        if let Some(s) = offer.seat.and_then(|seat| {
            self.seats.iter_mut().find(|s| {
                s.seat == seat && s.state != State::Free && same_name(&s.name, &offer.name)
            })
        }) {
            s.caller = Some(who);
            s.state = State::Opening { since_ms: now_ms };
            return Ok(Admit::Seat(s.seat));
        }
        if self
            .seats
            .iter()
            .any(|s| s.state != State::Free && same_name(&s.name, &offer.name))
        {
            return Err(Refused::NameTaken);
        }
        let theirs = |s: &DoorSeat| s.state == State::Free && same_name(&s.name, &offer.name);
        // The seat asked for: theirs by name, or (the host's page reloaded,
        // its door new) one no friend claimed since, unless locked.
        let locked = self.locked;
        let asked = offer.seat.and_then(|seat| {
            self.seats.iter().position(|s| {
                s.seat == seat && (theirs(s) || (s.state == State::Free && !s.claimed && !locked))
            })
        });
        let named = || self.seats.iter().position(theirs);
        // A seat a friend sat in waits for them while another is free.
        let any = || {
            let free =
                |claimed: bool| move |s: &DoorSeat| s.state == State::Free && s.claimed == claimed;
            (!self.locked)
                .then(|| {
                    let seats = self.seats.iter();
                    seats
                        .clone()
                        .position(free(false))
                        .or_else(|| seats.clone().position(free(true)))
                })
                .flatten()
        };
        let Some(i) = asked.or_else(named).or_else(any) else {
            let free = self.seats.iter().any(|s| s.state == State::Free);
            return Err(if free && self.locked {
                Refused::Locked
            } else {
                Refused::TableFull
            });
        };
        let s = &mut self.seats[i];
        s.name = offer.name.clone();
        s.claimed = true;
        s.caller = Some(who);
        s.state = State::Opening { since_ms: now_ms };
        Ok(Admit::Seat(s.seat))
    }

    /// `seat`'s connection opened: the friend is seated.
    pub fn connected(&mut self, seat: Seat) {
        if let Some(s) = self.seats.iter_mut().find(|s| s.seat == seat) {
            s.state = State::Seated;
        }
    }

    /// `seat`'s friend is gone (their connection closed or never opened):
    /// the seat is free again, and keeps their name, so they find it
    /// when they come back.
    pub fn left(&mut self, seat: Seat) {
        if let Some(s) = self.seats.iter_mut().find(|s| s.seat == seat) {
            s.state = State::Free;
            s.caller = None;
        }
    }

    /// The name `seat` holds now, if it is an online seat.
    pub fn name(&self, seat: Seat) -> Option<&str> {
        self.seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| s.name.as_str())
    }
}
