//! Who holds each seat of the table link (issue 36): the keys the door
//! gives, what the host's tab keeps of them for a reload, and the host's
//! answer to someone asking for a held seat.

use super::HostLink;
use crate::online::host::HostEvent;
use crate::online::signal::seat_key::{KeptTable, SEAT_KEY_LEN};
use crate::online::signal::{Refused, SeatKey, SeatReply, SeatRequest};
use crate::online::{HostMessage, Outgoing};
use crate::rules::Seat;
use crate::ui::platform::clock::wall_ms;
use crate::ui::platform::console;
use crate::ui::platform::storage;
use std::rc::Rc;

/// Where this tab keeps its table's seat holders and new players
/// ([`KeptTable`]), for a reload, until the host leaves the table.
pub(super) const HOLDERS_KEY: &str = "ono99.table-holders";

/// What this tab keeps of its table's seats (nothing kept: empty).
pub(super) fn kept_table() -> KeptTable {
    storage::tab::read(HOLDERS_KEY)
        .map(|text| KeptTable::read(&text))
        .unwrap_or_default()
}

/// A new seat key, from the browser's random source.
pub(super) fn fresh_key() -> Option<SeatKey> {
    let mut key = [0u8; SEAT_KEY_LEN];
    getrandom::fill(&mut key).ok()?;
    Some(SeatKey(key))
}

impl HostLink {
    /// Sends `seat`'s friend their seat's key, if the seat is held (sent
    /// at each of their joins: the channel carries messages by then).
    pub(super) fn send_seat_key(&self, seat: Seat) {
        let key = self.door.borrow().as_ref().and_then(|d| d.door.key(seat));
        if let Some(key) = key {
            self.send(&[(
                seat.into(),
                Outgoing::Message(HostMessage::SeatKey { key: key.hex() }),
            )]);
        }
    }

    /// Keeps the seats' holders and this match's new people in this tab,
    /// for a reload.
    pub(super) fn keep_holders(&self) {
        let Some(holders) = self.door.borrow().as_ref().map(|d| d.door.holders()) else {
            return;
        };
        let session_new = self
            .table
            .borrow()
            .session()
            .map(|s| (s.save().seed, s.new_players().to_vec()));
        // Once the game holds the session, this page keeps its own list.
        let mut kept = kept_table();
        kept.holders = holders;
        if let Some((seed, list)) = session_new {
            kept.new_players = list
                .into_iter()
                .map(|(seat, from)| (seed, seat, from))
                .collect();
        }
        storage::tab::write(HOLDERS_KEY, &kept.write());
    }

    /// A new person's seat, kept for a reload: `seed` is the match's,
    /// `from` the length of its log when they took the seat.
    fn keep_new_player(&self, seed: u64, seat: Seat, from: usize) {
        let mut kept = kept_table();
        kept.new_players
            .retain(|&(s, st, _)| s == seed && st != seat);
        kept.new_players.push((seed, seat, from));
        storage::tab::write(HOLDERS_KEY, &kept.write());
    }

    /// The requests to take a held seat that the host has not answered.
    pub fn seat_requests(&self) -> Vec<SeatRequest> {
        self.door
            .borrow()
            .as_ref()
            .map(|d| d.door.requests())
            .unwrap_or_default()
    }

    /// The host allows request `id`: its asker takes the seat (a new key
    /// is theirs; the holder's no longer opens it), sees nothing of its
    /// earlier hands, and is answered at once. `point` is the match's
    /// seed and the length of its log now, once the game holds it (in the
    /// lobby the session here says).
    pub fn allow_request(self: &Rc<Self>, id: u32, point: Option<(u64, usize)>) {
        let point = point.or_else(|| {
            let table = self.table.borrow();
            table
                .session()
                .map(|s| (s.save().seed, s.game().log().len()))
        });
        let (Some(fresh), Some((seed, log_len))) = (fresh_key(), point) else {
            return;
        };
        let decided = {
            let mut slot = self.door.borrow_mut();
            let Some(d) = slot.as_mut() else { return };
            let Some(decided) = d.door.allow(id, wall_ms(), fresh) else {
                return;
            };
            let route = d.asking.remove(&decided.offer.offer_id);
            route.map(|r| (decided, r))
        };
        let Some((decided, (index, reply))) = decided else {
            self.changed();
            return;
        };
        let seat = decided.seat;
        console::note(&format!("the host lets a new person take seat {}", seat.0));
        // The session hides the seat's earlier hands from them before
        // anything reaches their page.
        self.update(HostEvent::NewPlayer(seat));
        self.keep_new_player(seed, seat, log_len);
        self.keep_holders();
        self.seat_by_link(index, reply, decided.offer, seat);
        self.changed();
    }

    /// The host refuses request `id`: its asker is told the seat is kept
    /// for its player.
    pub fn refuse_request(&self, id: u32) {
        let decided = {
            let mut slot = self.door.borrow_mut();
            let Some(d) = slot.as_mut() else { return };
            let Some(decided) = d.door.refuse(id) else {
                return;
            };
            let route = d.asking.remove(&decided.offer.offer_id);
            let name = d.door.name(decided.seat).unwrap_or_default().to_string();
            route.map(|r| (decided, r, name))
        };
        if let Some((decided, (index, reply), name)) = decided {
            let why = Refused::Kept {
                seat: decided.seat,
                name,
            };
            self.reply(index, &reply, &decided.offer, SeatReply::Refused(why));
        }
        self.changed();
    }
}
