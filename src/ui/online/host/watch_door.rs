//! The host's watch link (issue 31): a link of its own, with a secret of
//! its own, whose door lets in watchers and never gives a seat.
//!
//! An offer heard on the watch link's relays is opened with the watch
//! room's key and checked for freshness and replays, as the table link's
//! (`door.rs`); the table lets a watcher in at a free place (a
//! [`crate::online::watch::Peer::Watcher`]) while one is free. The
//! connection then carries what the host's session sends watchers (the
//! public table) and takes only their watch, pings and resyncs. "Stop
//! sharing" tells each watcher, closes it, forgets the secret and leaves
//! the relays: the old link admits nobody; sharing again makes a new one.

use super::door::TableLinkState;
use super::relay_door::RelayDoor;
use super::HostLink;
use crate::online::host::{HostEvent, LinkDoor};
use crate::online::signal::relay::Heard;
use crate::online::signal::{Relay, TableLink};
use crate::ui::online::page_base;
use crate::ui::platform::console;
use crate::ui::platform::storage;
use std::rc::Rc;

/// Where this tab keeps its watch link's secret: a reload of the host's
/// tab shares the same watch link again, until the host stops sharing it.
const WATCH_SECRET_KEY: &str = "ono99.watch-secret";

/// The watch link's side of the host's page.
pub(super) struct WatchShare {
    state: TableLinkState,
    door: Option<RelayDoor>,
    /// The relays the link goes through (kept to share again).
    relays: Vec<Relay>,
}

impl Default for WatchShare {
    fn default() -> Self {
        WatchShare {
            state: TableLinkState::Off,
            door: None,
            relays: Vec::new(),
        }
    }
}

impl WatchShare {
    /// The watch link's relays, while it is shared.
    pub(super) fn relays(&self) -> Option<Rc<crate::ui::online::relays::Relays>> {
        Some(self.door.as_ref()?.relays().clone())
    }

    /// The watch link's door on its relays, while it is shared.
    pub(super) fn door_mut(&mut self) -> Option<&mut RelayDoor> {
        self.door.as_mut()
    }
}

impl HostLink {
    /// Shares the table to watch through `relays` (none: no watch link).
    pub fn open_watch_door(self: &Rc<Self>, relays: Vec<Relay>) {
        {
            let mut share = self.watch.borrow_mut();
            if relays.is_empty() || share.door.is_some() || self.watch_stopped() {
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
            if this.table.borrow().closed() || this.watch_stopped() {
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
        self.table.borrow().watch_stopped()
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
        self.update(HostEvent::ShareWatch);
        let relays = self.watch.borrow().relays.clone();
        self.open_watch_door(relays);
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
                this.offer_heard(LinkDoor::Watch, index, reply, offer)
            });
        }
    }
}
