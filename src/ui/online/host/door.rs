//! The host's table link: the relays it listens on, and the door that
//! seats each friend who comes by it (issue 30, docs/online.md
//! "Signaling over relays").
//!
//! An offer heard on a relay is opened with the room's key, checked for
//! freshness and replays (the [`RelayDoor`] every link's door shares), and
//! taken to the [`Door`]; a seat given is answered with a new connection
//! for that seat (which replaces the seat's code invitation), and the
//! answer goes back sealed the way the offer came. The host listens while a friend's seat is not
//! connected, and leaves the relays while every friend is.

use super::holders::{fresh_key, kept_table, HOLDERS_KEY};
use super::relay_door::RelayDoor;
use super::HostLink;
use crate::online::host::HostEvent;
use crate::online::sdp::CompactSdp;
use crate::online::signal::relay::{Heard, ReplyTo};
use crate::online::signal::{
    hex, Admit, Door, FriendOffer, OfferId, Relay, SeatReply, TableLink, SECRET_LEN,
};
use crate::online::watch::Peer as Who;
use crate::rules::Seat;
use crate::ui::online::relays::Reach;
use crate::ui::online::{page_base, InviteLink};
use crate::ui::platform::clock::now_ms;
use crate::ui::platform::clock::wall_ms;
use crate::ui::platform::console;
use crate::ui::platform::storage;
use crate::ui::platform::webrtc::{Peer, Reaches};
use std::collections::BTreeMap;
use std::rc::Rc;

/// The lobby's table link.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TableLinkState {
    /// No relay is set: codes only.
    Off,
    /// The room's key is being derived.
    Preparing,
    /// The link to share.
    Ready(String),
    /// The browser has no WebCrypto here (not a secure context): codes
    /// only.
    Failed,
}

/// The table link's side of the host's page.
pub(super) struct TableDoor {
    relay: RelayDoor,
    pub(super) door: Door,
    /// The answer each seat's link connection was given, to give again to
    /// the same connection asking again.
    answers: BTreeMap<Seat, CompactSdp>,
    /// Where to answer the latest knock of each asker the host has not
    /// answered yet (by its offer id): the relay it came by, and how.
    pub(super) asking: BTreeMap<OfferId, (usize, ReplyTo)>,
}

/// Where this tab keeps its table link's secret, until the host leaves the
/// table.
const SECRET_KEY: &str = "ono99.table-secret";

/// The secret of a link this tab keeps under `key` (`sessionStorage`), or
/// a new one, drawn and kept there: after a reload of this tab the same
/// link leads to the same room, so friends (or watchers) come back by it
/// by themselves. `None` when the browser gives no random bytes.
pub(super) fn tab_secret(key: &str) -> Option<[u8; SECRET_LEN]> {
    if let Some(kept) = storage::tab::read(key).and_then(|text| crate::codec::hex_bytes(&text)) {
        return Some(kept);
    }
    let mut secret = [0u8; SECRET_LEN];
    getrandom::fill(&mut secret).ok()?;
    storage::tab::write(key, &hex(&secret));
    Some(secret)
}

impl HostLink {
    /// Shares the table by one link through `relays` (none: codes only).
    pub fn open_door(self: &Rc<Self>, relays: Vec<Relay>) {
        if relays.is_empty() || self.door.borrow().is_some() {
            return;
        }
        // The same link after a reload of this tab: the friends come back
        // by it by themselves.
        let Some(secret) = tab_secret(SECRET_KEY) else {
            *self.table_link.borrow_mut() = TableLinkState::Failed;
            return;
        };
        let link = TableLink {
            secret,
            relays,
            host_name: self.host_name.clone(),
            rules: self.rules,
        };
        let names: Vec<(Seat, String)> = {
            let table = self.table.borrow();
            table
                .guest_seats()
                .iter()
                .map(|&seat| {
                    let name = table
                        .session()
                        .and_then(|s| s.setup().seats.get(seat.index()))
                        .map(|s| s.name.clone())
                        .unwrap_or_default();
                    (seat, name)
                })
                .collect()
        };
        *self.table_link.borrow_mut() = TableLinkState::Preparing;
        let weak = Rc::downgrade(self);
        wasm_bindgen_futures::spawn_local(async move {
            let relay = RelayDoor::open(
                "the table's",
                &link,
                weak.clone(),
                HostLink::heard,
                HostLink::changed,
            );
            let relay = relay.await;
            let Some(this) = weak.upgrade() else { return };
            if this.table.borrow().closed() {
                if let Ok(relay) = relay {
                    relay.stop();
                }
                return;
            }
            let relay = match relay {
                Ok(relay) => relay,
                Err(why) => {
                    console::warn(&format!("no table link: {why}"));
                    *this.table_link.borrow_mut() = TableLinkState::Failed;
                    this.changed();
                    return;
                }
            };
            console::note("the table link is ready");
            // After a reload of this tab: the seats' holders, and the new
            // people of this match (their seats' earlier hands stay
            // hidden from them).
            let kept = kept_table();
            let mut door = Door::new(names);
            door.restore(kept.holders.iter().cloned());
            this.update(HostEvent::NewPlayers(kept.new_players.clone()));
            *this.door.borrow_mut() = Some(TableDoor {
                relay,
                door,
                answers: BTreeMap::new(),
                asking: BTreeMap::new(),
            });
            *this.table_link.borrow_mut() = TableLinkState::Ready(link.url(&page_base()));
            this.listen_while_room();
            this.changed();
        });
    }
}

impl TableDoor {
    /// The table link's relays.
    pub(super) fn relays(&self) -> &Rc<crate::ui::online::relays::Relays> {
        self.relay.relays()
    }
}

impl HostLink {
    pub fn table_link(&self) -> TableLinkState {
        self.table_link.borrow().clone()
    }

    /// The relays of the table link and how each stands.
    pub fn relay_reach(&self) -> Vec<(Relay, Reach)> {
        self.door
            .borrow()
            .as_ref()
            .map(|d| d.relay.reach())
            .unwrap_or_default()
    }

    /// Whether the relays are all down (the lobby says to use codes).
    pub fn relays_down(&self) -> bool {
        self.door
            .borrow()
            .as_ref()
            .is_some_and(|d| d.relay.relays().all_down())
    }

    /// Locks the table (`true`): only a friend coming back to their own
    /// seat is let in.
    pub fn lock(&self, locked: bool) {
        if let Some(d) = self.door.borrow_mut().as_mut() {
            d.door.lock(locked);
        }
        self.changed();
    }

    pub fn is_locked(&self) -> bool {
        self.door
            .borrow()
            .as_ref()
            .is_some_and(|d| d.door.is_locked())
    }

    /// Listens on the relays while a friend's seat is not connected, and
    /// leaves them once every friend is.
    pub(super) fn listen_while_room(&self) {
        let room = {
            let table = self.table.borrow();
            !table.closed() && !table.all_seated()
        };
        let relays = self
            .door
            .borrow()
            .as_ref()
            .map(|d| d.relay.relays().clone());
        if let Some(relays) = relays {
            if room {
                relays.resume();
            } else {
                relays.stop();
            }
        }
    }

    /// A seat's connection opened or closed: the door follows (a friend
    /// the host invited by a code holds their seat from now on too).
    pub(super) fn door_follows(&self, seat: Seat, open: bool) {
        let mut held = false;
        let by_code = matches!(self.invite_link(seat), InviteLink::Ready(_));
        if let Some(d) = self.door.borrow_mut().as_mut() {
            if open {
                d.door.connected(seat);
                if let (true, Some(fresh)) = (by_code, fresh_key()) {
                    d.door.given_by_host(seat, fresh);
                }
                held = d.door.is_held(seat);
            } else {
                d.door.left(seat);
                d.answers.remove(&seat);
            }
        }
        if held {
            self.keep_holders();
        }
        self.listen_while_room();
    }

    /// Stops listening for good (the host left the table).
    pub(super) fn close_door(&self) {
        storage::tab::delete(SECRET_KEY);
        storage::tab::delete(HOLDERS_KEY);
        if let Some(d) = self.door.borrow_mut().take() {
            d.relay.stop();
        }
    }

    fn heard(self: &Rc<Self>, index: usize, heard: Heard) {
        let this = self.clone();
        if let Some(d) = self.door.borrow().as_ref() {
            d.relay.read(index, heard, move |index, reply, offer| {
                this.friend_offer(index, reply, offer)
            });
        }
    }

    /// A friend's offer, opened: a seat or a refusal, answered.
    fn friend_offer(self: &Rc<Self>, index: usize, reply: ReplyTo, offer: FriendOffer) {
        if self.table.borrow().closed() {
            return;
        }
        let now = wall_ms();
        let Some(fresh) = fresh_key() else { return };
        let admitted = {
            let mut slot = self.door.borrow_mut();
            let Some(d) = slot.as_mut() else { return };
            if !d.relay.fresh(index, &reply, &offer) {
                return;
            }
            let admitted = d.door.admit(&offer, now, fresh);
            if let Ok(Admit::Asked { .. }) = &admitted {
                // Only the asker's latest knock is answered.
                let asked: Vec<OfferId> = d.door.latest_offers();
                d.asking.retain(|id, _| asked.contains(id));
                d.asking.insert(offer.offer_id, (index, reply.clone()));
            }
            admitted
        };
        console::note(&format!(
            "relay: an offer from a friend: {}",
            match &admitted {
                Ok(Admit::Seat(s)) => format!("seat {}", s.0),
                Ok(Admit::Again(s)) => format!("seat {} again", s.0),
                Ok(Admit::Asked { seat, .. }) => format!("asks for held seat {}", seat.0),
                Err(why) => format!("refused ({why:?})"),
            }
        ));
        match admitted {
            Err(why) => self.reply(index, &reply, &offer, SeatReply::Refused(why)),
            Ok(Admit::Again(seat)) => {
                let answer = self
                    .door
                    .borrow()
                    .as_ref()
                    .and_then(|d| d.answers.get(&seat).cloned());
                if let Some(answer) = answer {
                    self.reply(index, &reply, &offer, SeatReply::Seated { seat, answer });
                }
            }
            Ok(Admit::Asked { seat, holder }) => {
                self.reply(
                    index,
                    &reply,
                    &offer,
                    SeatReply::Asked { seat, name: holder },
                );
                self.changed();
            }
            Ok(Admit::Seat(seat)) => {
                self.replace_open(seat);
                self.seat_by_link(index, reply, offer, seat)
            }
        }
    }

    /// `seat`'s holder came back by another page while this one's
    /// connection is still open (a new tab): the old page is told, so it
    /// does not knock again by itself, and closed a moment later (a close
    /// at once could drop the notice).
    fn replace_open(&self, seat: Seat) {
        self.update(HostEvent::Replace(seat));
    }

    /// Answers `offer` with a new connection for `seat`.
    pub(super) fn seat_by_link(
        self: &Rc<Self>,
        index: usize,
        reply: ReplyTo,
        offer: FriendOffer,
        seat: Seat,
    ) {
        let mut fx = Vec::new();
        let conn = self.table.borrow_mut().connect(Who::Seat(seat), &mut fx);
        self.run(fx);
        let Some(conn) = conn else { return };
        let on_event = self.on_peer_event(Who::Seat(seat), conn);
        let config = self.config.clone();
        let this = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let result = Peer::answer(&config, Reaches::Friend, &offer.offer, on_event).await;
            match result {
                Ok((peer, answer)) => {
                    if !this.adopt(Who::Seat(seat), conn, peer) {
                        return;
                    }
                    this.update(HostEvent::Answered {
                        seat,
                        conn,
                        now_ms: now_ms() as u64,
                    });
                    if let Some(d) = this.door.borrow_mut().as_mut() {
                        d.answers.insert(seat, answer.clone());
                    }
                    this.reply(index, &reply, &offer, SeatReply::Seated { seat, answer });
                }
                Err(why) => {
                    console::warn(&format!("seat {}: no answer made: {why:?}", seat.0));
                    if let Some(d) = this.door.borrow_mut().as_mut() {
                        d.door.left(seat);
                    }
                }
            }
            this.changed();
        });
    }

    /// Seals `reply` to `offer` and sends it back on relay `index`, and on
    /// every other relay the offer came by.
    pub(super) fn reply(&self, index: usize, to: &ReplyTo, offer: &FriendOffer, reply: SeatReply) {
        if let Some(d) = self.door.borrow().as_ref() {
            d.relay.reply(index, to, offer, reply);
        }
    }
}
