//! The host's watch link (issue 31): a link of its own, with a secret of
//! its own, whose door lets in watchers and never gives a seat.
//!
//! An offer heard on the watch link's relays is opened with the watch
//! room's key, checked for freshness and replays ([`SeenOffers`]), and
//! answered with a new connection at a free watcher's place (a
//! [`crate::online::watch::Peer::Watcher`]) while a place is free. The
//! connection then carries what the host's session sends watchers (the
//! public table) and takes only their watch, pings and resyncs. "Stop
//! sharing" tells each watcher, closes it, forgets the secret and leaves
//! the relays: the old link admits nobody; sharing again makes a new one.

use super::door::TableLinkState;
use super::relay_door::RelayDoor;
use super::HostLink;
use crate::online::host::HostEvent;
use crate::online::signal::relay::{Heard, ReplyTo};
use crate::online::signal::{FriendOffer, Refused, Relay, SeatReply, TableLink};
use crate::online::watch::Peer as Who;
use crate::rules::Seat;
use crate::ui::online::page_base;
use crate::ui::platform::console;
use crate::ui::platform::storage;
use crate::ui::platform::webrtc::{Peer, Reaches};
use std::rc::Rc;

/// Where this tab keeps its watch link's secret: a reload of the host's
/// tab shares the same watch link again, until the host stops sharing it.
const WATCH_SECRET_KEY: &str = "ono99.watch-secret";

/// The watch link's side of the host's page.
pub(super) struct WatchShare {
    state: TableLinkState,
    door: Option<RelayDoor>,
    /// The host stopped sharing: nothing opens again until "Share a new
    /// watch link".
    stopped: bool,
    /// The relays the link goes through (kept to share again).
    relays: Vec<Relay>,
}

impl Default for WatchShare {
    fn default() -> Self {
        WatchShare {
            state: TableLinkState::Off,
            door: None,
            stopped: false,
            relays: Vec::new(),
        }
    }
}

impl WatchShare {
    /// The watch link's relays, while it is shared.
    pub(super) fn relays(&self) -> Option<Rc<crate::ui::online::relays::Relays>> {
        Some(self.door.as_ref()?.relays().clone())
    }
}

impl HostLink {
    /// Shares the table to watch through `relays` (none: no watch link).
    pub fn open_watch_door(self: &Rc<Self>, relays: Vec<Relay>) {
        {
            let mut share = self.watch.borrow_mut();
            if relays.is_empty() || share.door.is_some() || share.stopped {
                return;
            }
            if share.state == TableLinkState::Preparing {
                return;
            }
            share.relays = relays.clone();
            share.state = TableLinkState::Preparing;
        }
        let Some(secret) = super::door::tab_secret(WATCH_SECRET_KEY) else {
            self.watch.borrow_mut().state = TableLinkState::Failed;
            return;
        };
        let link = TableLink {
            secret,
            relays,
            host_name: self.host_name.clone(),
            rules: self.rules,
        };
        let weak = Rc::downgrade(self);
        wasm_bindgen_futures::spawn_local(async move {
            let door = RelayDoor::open(
                "the watch link's",
                &link,
                weak.clone(),
                HostLink::heard_watcher,
                HostLink::changed,
            );
            let door = door.await;
            let Some(this) = weak.upgrade() else { return };
            if this.table.borrow().closed() || this.watch.borrow().stopped {
                if let Ok(door) = door {
                    door.stop();
                }
                return;
            }
            let door = match door {
                Ok(door) => door,
                Err(why) => {
                    console::warn(&format!("no watch link: {why}"));
                    this.watch.borrow_mut().state = TableLinkState::Failed;
                    this.changed();
                    return;
                }
            };
            // Watchers may come at any time: the door listens as long as
            // the link is shared.
            door.relays().resume();
            console::note("the watch link is ready");
            {
                let mut share = this.watch.borrow_mut();
                share.door = Some(door);
                share.state = TableLinkState::Ready(link.watch_url(&page_base()));
            }
            this.changed();
        });
    }

    /// The watch link to share (`Off` once the host stopped sharing).
    pub fn watch_link(&self) -> TableLinkState {
        self.watch.borrow().state.clone()
    }

    /// Whether the host stopped sharing the watch link.
    pub fn watch_stopped(&self) -> bool {
        self.watch.borrow().stopped
    }

    /// How many watch now (their connections open).
    pub fn watcher_count(&self) -> usize {
        self.table.borrow().watcher_count()
    }

    /// "Stop sharing": every watcher is told and let go, the link's secret
    /// forgotten and its relays left, so the old link admits nobody.
    pub fn stop_watching(self: &Rc<Self>) {
        console::note("the watch link: sharing stopped");
        storage::tab::delete(WATCH_SECRET_KEY);
        {
            let mut share = self.watch.borrow_mut();
            share.stopped = true;
            share.state = TableLinkState::Off;
            if let Some(door) = share.door.take() {
                door.stop();
            }
        }
        self.update(HostEvent::StopWatchers);
    }

    /// "Share a new watch link" after stopping: a new secret, so the old
    /// link stays closed.
    pub fn share_watch_again(self: &Rc<Self>) {
        let relays = {
            let mut share = self.watch.borrow_mut();
            share.stopped = false;
            share.relays.clone()
        };
        self.open_watch_door(relays);
        self.changed();
    }

    /// Stops listening for good (the host left the table). The secret is
    /// forgotten with the table's.
    pub(super) fn close_watch_door(&self) {
        storage::tab::delete(WATCH_SECRET_KEY);
        if let Some(door) = self.watch.borrow_mut().door.take() {
            door.stop();
        }
    }

    fn heard_watcher(self: &Rc<Self>, index: usize, heard: Heard) {
        let this = self.clone();
        if let Some(door) = self.watch.borrow().door.as_ref() {
            door.read(index, heard, move |index, reply, offer| {
                this.offer_watcher(index, reply, offer)
            });
        }
    }

    /// A watcher's offer, opened: a connection at a free watcher's
    /// address, or "full".
    fn offer_watcher(self: &Rc<Self>, index: usize, reply: ReplyTo, offer: FriendOffer) {
        if self.table.borrow().closed() {
            return;
        }
        let fresh = {
            let mut share = self.watch.borrow_mut();
            let Some(door) = share.door.as_mut() else {
                return;
            };
            door.fresh(index, &reply, &offer)
        };
        if !fresh {
            return;
        }
        let Some((watcher, conn)) = self.table.borrow_mut().seat_watcher() else {
            console::note("relay: a watcher turned away: full");
            self.watcher_reply(
                index,
                &reply,
                &offer,
                SeatReply::Refused(Refused::TableFull),
            );
            return;
        };
        let who = Who::Watcher(watcher);
        console::note(&format!("relay: watcher {} at the table", watcher.index()));
        let on_event = self.on_peer_event(who, conn);
        let config = self.config.clone();
        let this = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let result = Peer::answer(&config, Reaches::Friend, &offer.offer, on_event).await;
            match result {
                Ok((peer, answer)) if !this.watch_stopped() => {
                    if this.adopt(who, conn, peer) {
                        // The answer's form names a seat at a table: seat
                        // 0 stands for "watch" (a watcher's page reads no
                        // seat from it; its address comes with the
                        // welcome).
                        let seated = SeatReply::Seated {
                            seat: Seat(0),
                            answer,
                        };
                        this.watcher_reply(index, &reply, &offer, seated);
                    }
                }
                Ok((peer, _)) => {
                    peer.close();
                    this.table.borrow_mut().not_made(who, conn);
                }
                Err(why) => {
                    console::warn(&format!(
                        "watcher {}: no answer made: {why:?}",
                        watcher.index()
                    ));
                    this.table.borrow_mut().not_made(who, conn);
                }
            }
            this.changed();
        });
    }

    /// Seals `reply` to a watcher's `offer` and sends it back on every
    /// relay of the watch link the offer came by.
    fn watcher_reply(&self, index: usize, to: &ReplyTo, offer: &FriendOffer, reply: SeatReply) {
        if let Some(door) = self.watch.borrow().door.as_ref() {
            door.reply(index, to, offer, reply);
        }
    }
}
