//! The table's door: which seat a friend who comes by the table link gets
//! ([`Door::admit`]), or why none. Pure: the host's page asks it for each
//! offer that passed [`super::envelope::SeenOffers`], and tells it what
//! became of each seat.
//!
//! # A seat belongs to the person who took it (issue 36)
//! The first friend seated at a seat becomes its *holder*: the door draws
//! a [`SeatKey`] for them, which the host's page sends over the new data
//! channel and their browser keeps. From then on, for the rest of the
//! table's life, the seat goes back only to a knock that proves the key
//! ([`SeatKey::verifies`]): a new tab, a reload, a reopened browser of the
//! same person. Nobody else gets it by name, by seat number or as "the
//! next free seat", whatever they ask: a link holder is never given a
//! held seat, and so never sees its hand.
//!
//! Someone else who asks for a held seat while its holder is away (or
//! who finds only held seats free) is *asked about* ([`Admit::Asked`]):
//! the host's page shows "Kim asks to take Leo's seat", and only the
//! host's [`Door::allow`] seats them (with a new key: Leo's no longer
//! opens it) or [`Door::refuse`] turns them away ([`Refused::Kept`]).
//!
//! # A friend without a key gets, in this order
//! 1. the seat they ask for ([`FriendOffer::seat`]), if no one held it yet;
//! 2. a seat no one held yet that the host named for them;
//! 3. the first seat no one held yet, unless the host locked the table.
//!
//! A name already seated (connected, or its connection being made) is
//! refused: two people of one name would confuse everyone. Names compare
//! without case and surrounding spaces. The same connection asking again
//! (a friend whose answer was lost sends its offer again, under a new
//! offer id: the same ICE user fragment and DTLS fingerprint) gets its
//! seat [`Admit::Again`]: the host sends the answer it gave, and makes no
//! second connection.
//!
//! A seat given to an offer is *opening* until its connection opens
//! ([`Door::connected`]) or [`OPENING_MS`] pass with nothing
//! ([`Door::admit`] frees it then): a replayed offer, or a friend who gave
//! up, holds no seat for long.

use super::envelope::{FriendOffer, Refused};
use super::seat_key::SeatKey;
use crate::rules::Seat;

/// How long a seat given to an offer waits for its connection to open.
pub const OPENING_MS: u64 = 30_000;
/// How long a request the host has not answered waits for its asker's
/// next knock before it is dropped (the asker gave up).
pub const REQUEST_MS: u64 = 60_000;
/// The most requests the door keeps at once (answered or not); a knock
/// past them is refused as if the table were full.
pub const MAX_REQUESTS: usize = 8;

/// How an online seat stands at the door.
#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    /// Nobody: its holder (or, with none, anyone) may take it.
    Free,
    /// Given to an offer at this time (by the host's clock); the
    /// connection is being made.
    Opening { since_ms: u64 },
    /// A friend is connected.
    Seated,
}

/// Who asks: the offer's connection (its ICE user fragment and DTLS
/// fingerprint).
type Caller = (String, Vec<u8>);

/// One online seat.
#[derive(Clone, Debug, PartialEq, Eq)]
struct DoorSeat {
    seat: Seat,
    /// The name the host gave the seat (a friend named so may take it
    /// while no one holds it).
    named: String,
    /// The name of the person who holds it, or the host's.
    name: String,
    state: State,
    /// Its holder's key: `None` while no friend took the seat.
    key: Option<SeatKey>,
    /// The connection it was given to.
    caller: Option<Caller>,
}

/// A request to take a held seat, for the host to answer.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Request {
    id: u32,
    seat: Seat,
    /// The asker's name.
    name: String,
    caller: Caller,
    /// The asker's latest offer: the one to answer when the host decides.
    offer: FriendOffer,
    /// When the asker last knocked.
    last_ms: u64,
    /// The host refused: the asker's knocks get [`Refused::Kept`].
    refused: bool,
}

/// A request as the host's page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRequest {
    /// What [`Door::allow`] and [`Door::refuse`] take.
    pub id: u32,
    pub seat: Seat,
    /// Who asks.
    pub asker: String,
    /// Whose seat it is.
    pub holder: String,
}

/// What [`Door::admit`] gives a friend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Admit {
    /// A seat, now opening for this connection: answer it.
    Seat(Seat),
    /// The seat this very connection was given before: send the same
    /// answer again.
    Again(Seat),
    /// `seat` is held by `holder`, away: the host is asked (the page says
    /// so to the friend and shows the request).
    Asked { seat: Seat, holder: String },
}

/// What the host decided of a request: the seat and the asker's latest
/// offer, to answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decided {
    pub seat: Seat,
    pub offer: FriendOffer,
}

/// Who asks: the offer's connection.
fn caller(offer: &FriendOffer) -> Caller {
    (
        offer.offer.ice_ufrag.clone(),
        offer.offer.fingerprint.clone(),
    )
}

/// The door of one table: its online seats, the requests for held ones,
/// and whether the host locked it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Door {
    seats: Vec<DoorSeat>,
    requests: Vec<Request>,
    next_request: u32,
    locked: bool,
}

/// Names as the door compares them.
fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

impl Door {
    /// The door of a table whose online seats are `seats` (in seat order,
    /// each with the name the host gave it), all free, none held,
    /// unlocked.
    pub fn new(seats: impl IntoIterator<Item = (Seat, String)>) -> Door {
        Door {
            seats: seats
                .into_iter()
                .map(|(seat, name)| DoorSeat {
                    seat,
                    named: name.clone(),
                    name,
                    state: State::Free,
                    key: None,
                    caller: None,
                })
                .collect(),
            requests: Vec::new(),
            next_request: 1,
            locked: false,
        }
    }

    /// The holders this table had (a reload of the host's page): each
    /// seat's holder's name and key, as [`Door::holders`] gave them. A
    /// seat that is not online here is passed over.
    pub fn restore(&mut self, holders: impl IntoIterator<Item = (Seat, String, SeatKey)>) {
        for (seat, name, key) in holders {
            if let Some(s) = self.seats.iter_mut().find(|s| s.seat == seat) {
                s.name = name;
                s.key = Some(key);
            }
        }
    }

    /// Every held seat with its holder's name and key, to keep for a
    /// reload of the host's page.
    pub fn holders(&self) -> Vec<(Seat, String, SeatKey)> {
        self.seats
            .iter()
            .filter_map(|s| s.key.map(|k| (s.seat, s.name.clone(), k)))
            .collect()
    }

    /// Locks the table (`true`): no one takes a seat that no one held
    /// yet, and no one asks for a held one. A holder coming back to their
    /// own seat is let in.
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

    /// The key of `seat`'s holder, to send them once their connection
    /// opens.
    pub fn key(&self, seat: Seat) -> Option<SeatKey> {
        self.seats.iter().find(|s| s.seat == seat)?.key
    }

    /// `seat` was given by the host's own invitation (a code): its friend
    /// holds it from now on, under `fresh`, and the key is theirs to keep.
    /// `None` if `seat` is not an online seat here.
    pub fn given_by_host(&mut self, seat: Seat, fresh: SeatKey) -> Option<SeatKey> {
        let s = self.seats.iter_mut().find(|s| s.seat == seat)?;
        s.key = Some(fresh);
        s.state = State::Seated;
        s.caller = None;
        Some(fresh)
    }

    /// The requests the host has not answered yet, oldest first.
    pub fn requests(&self) -> Vec<SeatRequest> {
        self.requests
            .iter()
            .filter(|r| !r.refused)
            .map(|r| SeatRequest {
                id: r.id,
                seat: r.seat,
                asker: r.name.clone(),
                holder: self.name(r.seat).unwrap_or_default().to_string(),
            })
            .collect()
    }

    /// The offer ids of every request's latest knock (the ones to answer
    /// when the host decides).
    pub fn latest_offers(&self) -> Vec<super::OfferId> {
        self.requests.iter().map(|r| r.offer.offer_id).collect()
    }

    /// The seat `offer`'s friend gets at `now_ms` (now marked opening
    /// for their connection; `fresh` is its key if they are its first
    /// holder), the seat their connection already has, or a request for
    /// the host; or why they are turned away (nothing changes then).
    ///
    /// # Errors
    /// [`Refused::NameTaken`], [`Refused::Locked`], [`Refused::Kept`] or
    /// [`Refused::TableFull`], as the module says.
    pub fn admit(
        &mut self,
        offer: &FriendOffer,
        now_ms: u64,
        fresh: SeatKey,
    ) -> Result<Admit, Refused> {
        self.expire(now_ms);
        let who = caller(offer);
        if let Some(s) = self
            .seats
            .iter()
            .find(|s| s.state != State::Free && s.caller.as_ref() == Some(&who))
        {
            return Ok(Admit::Again(s.seat));
        }
        // The holder, back with their key: their seat, whatever stands
        // there now (a new tab of theirs replaces the old one).
        if let (Some(seat), Some(proof)) = (offer.seat, offer.proof) {
            if let Some(s) = self.seats.iter_mut().find(|s| {
                s.seat == seat
                    && s.key
                        .is_some_and(|k| k.verifies(&proof, &offer.offer_id, &offer.offer))
            }) {
                if !offer.name.trim().is_empty() {
                    s.name = offer.name.clone();
                }
                s.caller = Some(who.clone());
                s.state = State::Opening { since_ms: now_ms };
                self.requests.retain(|r| r.caller != who);
                return Ok(Admit::Seat(seat));
            }
        }
        // Someone who asked before: still waiting, or refused.
        if let Some(r) = self.requests.iter_mut().find(|r| r.caller == who) {
            r.offer = offer.clone();
            r.last_ms = now_ms;
            let (seat, refused) = (r.seat, r.refused);
            let holder = self.name(seat).unwrap_or_default().to_string();
            return if refused {
                Err(Refused::Kept { seat, name: holder })
            } else {
                Ok(Admit::Asked { seat, holder })
            };
        }
        if self
            .seats
            .iter()
            .any(|s| s.state != State::Free && same_name(&s.name, &offer.name))
        {
            return Err(Refused::NameTaken);
        }
        if let Some(i) = self.unheld_seat(offer) {
            let s = &mut self.seats[i];
            s.name = offer.name.clone();
            s.key = Some(fresh);
            s.caller = Some(who);
            s.state = State::Opening { since_ms: now_ms };
            return Ok(Admit::Seat(s.seat));
        }
        if self.locked {
            let free = self.seats.iter().any(|s| s.state == State::Free);
            return Err(if free {
                Refused::Locked
            } else {
                Refused::TableFull
            });
        }
        let Some(seat) = self.held_seat(offer) else {
            return Err(Refused::TableFull);
        };
        if self.requests.len() >= MAX_REQUESTS {
            return Err(Refused::TableFull);
        }
        let id = self.next_request;
        self.next_request = self.next_request.wrapping_add(1);
        self.requests.push(Request {
            id,
            seat,
            name: offer.name.clone(),
            caller: who,
            offer: offer.clone(),
            last_ms: now_ms,
            refused: false,
        });
        let holder = self.name(seat).unwrap_or_default().to_string();
        Ok(Admit::Asked { seat, holder })
    }

    /// A seat no one held yet for a friend without a key: the one asked
    /// for, one the host named for them, or the first (unless locked).
    fn unheld_seat(&self, offer: &FriendOffer) -> Option<usize> {
        let unheld = |s: &DoorSeat| s.state == State::Free && s.key.is_none();
        let named = |s: &DoorSeat| unheld(s) && same_name(&s.named, &offer.name);
        let asked = offer.seat.and_then(|seat| {
            self.seats
                .iter()
                .position(|s| s.seat == seat && (named(s) || (unheld(s) && !self.locked)))
        });
        asked
            .or_else(|| self.seats.iter().position(named))
            .or_else(|| {
                (!self.locked)
                    .then(|| self.seats.iter().position(unheld))
                    .flatten()
            })
    }

    /// The held seat a friend without its key asks the host for: the one
    /// they asked for, one held under their name (a holder who lost their
    /// key), or the first free one.
    fn held_seat(&self, offer: &FriendOffer) -> Option<Seat> {
        let away = |s: &&DoorSeat| s.state == State::Free && s.key.is_some();
        let seats = || self.seats.iter().filter(away);
        offer
            .seat
            .and_then(|seat| seats().find(|s| s.seat == seat))
            .or_else(|| seats().find(|s| same_name(&s.name, &offer.name)))
            .or_else(|| seats().next())
            .map(|s| s.seat)
    }

    /// Frees seats whose connection did not open in time, and drops
    /// requests whose asker stopped knocking.
    fn expire(&mut self, now_ms: u64) {
        for s in &mut self.seats {
            if let State::Opening { since_ms } = s.state {
                if now_ms.saturating_sub(since_ms) >= OPENING_MS {
                    s.state = State::Free;
                    s.caller = None;
                }
            }
        }
        self.requests
            .retain(|r| now_ms.saturating_sub(r.last_ms) < REQUEST_MS);
    }

    /// The host allows request `id` at `now_ms`: its seat is the asker's
    /// from now on, under `fresh` (the old holder's key no longer opens
    /// it), and opening for their connection. `None` (nothing changes) if
    /// the request is gone or answered, or its seat is no longer free
    /// (its holder came back meanwhile).
    pub fn allow(&mut self, id: u32, now_ms: u64, fresh: SeatKey) -> Option<Decided> {
        let i = self
            .requests
            .iter()
            .position(|r| r.id == id && !r.refused)?;
        let seat = self.requests[i].seat;
        let s = self
            .seats
            .iter_mut()
            .find(|s| s.seat == seat && s.state == State::Free)?;
        let r = self.requests.remove(i);
        s.name = r.name;
        s.key = Some(fresh);
        s.caller = Some(r.caller);
        s.state = State::Opening { since_ms: now_ms };
        // Anyone else who asked for this seat now asks for a taken one:
        // they are asked about afresh at their next knock.
        self.requests.retain(|q| q.seat != seat || q.refused);
        Some(Decided {
            seat,
            offer: r.offer,
        })
    }

    /// The host refuses request `id`: its asker's knocks get
    /// [`Refused::Kept`] from now on. `None` if the request is gone or
    /// answered.
    pub fn refuse(&mut self, id: u32) -> Option<Decided> {
        let r = self
            .requests
            .iter_mut()
            .find(|r| r.id == id && !r.refused)?;
        r.refused = true;
        Some(Decided {
            seat: r.seat,
            offer: r.offer.clone(),
        })
    }

    /// `seat`'s connection opened: the friend is seated. Requests for it
    /// are void (its holder is back): their askers are asked about afresh
    /// at their next knock.
    pub fn connected(&mut self, seat: Seat) {
        if let Some(s) = self.seats.iter_mut().find(|s| s.seat == seat) {
            s.state = State::Seated;
        }
        self.requests.retain(|r| r.seat != seat || r.refused);
    }

    /// `seat`'s friend is gone (their connection closed or never opened):
    /// the seat is free again, and stays its holder's.
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

    /// Whether someone holds `seat` (a friend took it).
    pub fn is_held(&self, seat: Seat) -> bool {
        self.key(seat).is_some()
    }
}
