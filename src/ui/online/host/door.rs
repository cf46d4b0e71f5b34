//! The host's table link: the relays it listens on, and the door that
//! seats each friend who comes by it (issue 30, docs/online.md
//! "Signaling over relays").
//!
//! An offer heard on a relay is opened with the room's key and checked for
//! freshness and replays (the [`RelayDoor`] every link's door shares);
//! the table decides who comes in (`online::host::doors`), and this page
//! makes the answers it asks for and sends its replies back the way each
//! offer came. Both links' doors go through the same steps here
//! ([`LinkDoor`]).

use super::holders::{fresh_bytes, kept_table, HOLDERS_KEY};
use super::relay_door::RelayDoor;
use super::HostLink;
use crate::online::host::{ConnId, HostEvent, LinkDoor, Route};
use crate::online::signal::relay::{Heard, ReplyTo};
use crate::online::signal::{hex, FriendOffer, Relay, SeatReply, TableLink, SECRET_LEN};
use crate::online::watch::Peer as Who;
use crate::ui::online::page_base;
use crate::ui::online::relays::Reach;
use crate::ui::platform::clock::{now_ms, wall_ms};
use crate::ui::platform::console;
use crate::ui::platform::storage;
use crate::ui::platform::webrtc::{Peer, Reaches};
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

/// The table link's side of the host's page: its relays. Who comes in
/// by them is the table's to decide (`online::host::doors`).
pub(super) struct TableDoor {
    relay: RelayDoor,
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
            *this.door.borrow_mut() = Some(TableDoor { relay });
            // After a reload of this tab: the seats' holders and the new
            // people of this match come back with the door.
            let Some(keys) = fresh_bytes() else {
                *this.table_link.borrow_mut() = TableLinkState::Failed;
                this.changed();
                return;
            };
            this.update(HostEvent::TableDoorOpened {
                kept: kept_table(),
                keys,
            });
            *this.table_link.borrow_mut() = TableLinkState::Ready(link.url(&page_base()));
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
        self.update(HostEvent::Lock(locked));
    }

    pub fn is_locked(&self) -> bool {
        self.table.borrow().is_locked()
    }

    /// Listens on the table link's relays (`true`), or leaves them (not
    /// while the brokers carry a friend's connection).
    pub(super) fn listen(&self, listen: bool) {
        let relays = self.door.borrow().as_ref().map(|d| d.relays().clone());
        let carrying = self.table.borrow().carries_any();
        match relays {
            Some(relays) if listen => relays.resume(),
            Some(relays) if !carrying => relays.stop(),
            _ => {}
        }
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
        if let Heard::Carried { envelope } = heard {
            return self.heard_carried(envelope);
        }
        let this = self.clone();
        if let Some(d) = self.door.borrow().as_ref() {
            d.relay.read(index, heard, move |index, reply, offer| {
                this.offer_heard(LinkDoor::Table, index, reply, offer)
            });
        }
    }

    /// An offer opened on relay `index` of `link`: if it is fresh, the
    /// table decides.
    pub(super) fn offer_heard(
        &self,
        link: LinkDoor,
        index: usize,
        to: ReplyTo,
        offer: FriendOffer,
    ) {
        let fresh = self
            .relay_door(link, |door| door.fresh(index, &to, &offer))
            .unwrap_or(false);
        if fresh {
            self.update(HostEvent::OfferHeard {
                link,
                route: Route { relay: index, to },
                offer,
                wall_ms: wall_ms(),
            });
        }
    }

    /// `then` on `link`'s relay door, if it is open.
    pub(super) fn relay_door<T>(
        &self,
        link: LinkDoor,
        then: impl FnOnce(&mut RelayDoor) -> T,
    ) -> Option<T> {
        match link {
            LinkDoor::Table => self.door.borrow_mut().as_mut().map(|d| then(&mut d.relay)),
            LinkDoor::Watch => self.watch.borrow_mut().door_mut().map(then),
        }
    }

    /// Makes the answer of `peer`'s new connection `conn` to `offer`, for
    /// the table.
    pub(super) fn answer(
        self: &Rc<Self>,
        peer: Who,
        conn: ConnId,
        route: Route,
        offer: FriendOffer,
    ) {
        let on_event = self.on_peer_event(peer, conn);
        let config = self.config.clone();
        let this = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            match Peer::answer(&config, Reaches::Friend, &offer.offer, on_event).await {
                Ok((made, answer)) => {
                    if this.adopt(peer, conn, made) {
                        this.update(HostEvent::AnswerMade {
                            peer,
                            conn,
                            route,
                            offer,
                            answer,
                            now_ms: now_ms() as u64,
                        });
                    }
                }
                Err(why) => {
                    console::warn(&format!("{peer:?}: no answer made: {why:?}"));
                    this.update(HostEvent::AnswerFailed { peer, conn });
                }
            }
            this.changed();
        });
    }

    /// Seals `reply` to `offer` and sends it back by `route` on `link`'s
    /// relays, and on every other relay the offer came by.
    pub(super) fn reply(
        &self,
        link: LinkDoor,
        route: &Route,
        offer: &FriendOffer,
        reply: SeatReply,
    ) {
        self.relay_door(link, |door| {
            door.reply(route.relay, &route.to, offer, reply)
        });
    }
}
