//! A friend's table carried by the link's brokers until, or instead of, a
//! direct connection (issue 38), the platform's side: the knock's brokers
//! kept with the room's key, this side's frames listened for, each frame
//! the model gives sealed and published, each heard opened and handed
//! back. When to carry, and what the frames say,
//! is the model's (`crate::online::friend`).

use super::GuestLink;
use crate::online::friend::FriendEvent;
use crate::online::signal::relay::Heard;
use crate::online::signal::{Envelope, MessageKind, Network, OfferId};
use crate::ui::online::relays::carry_sealed;
use crate::ui::platform::clock::wall_ms;
use crate::ui::platform::console;
use std::rc::Rc;

impl GuestLink {
    /// Listens on the link's brokers for the host's frames of the
    /// connection seated by `offer_id`, on the knock's own sockets, which
    /// carried the answer and are open (its trackers are left).
    pub(super) fn carry_open(self: &Rc<Self>, offer_id: OfferId) {
        let super::Ticket::Table(link) = &self.ticket else {
            return;
        };
        if !link.relays.iter().any(|r| r.network == Network::Mqtt) {
            console::warn("the brokers cannot carry the table: the link names none");
        }
        let Some((key, relays)) = self.platform.borrow_mut().relays.take() else {
            console::warn("the brokers cannot carry the table: the knock's relays are gone");
            return;
        };
        relays.keep_only(Network::Mqtt);
        relays.listen_carried(offer_id);
        let mut platform = self.platform.borrow_mut();
        platform.key = Some(key);
        platform.carrying = Some(relays);
    }

    /// Seals `frames` and publishes them on the brokers, in order.
    pub(super) fn carry(&self, offer_id: OfferId, frames: Vec<Vec<u8>>) {
        let (key, relays) = {
            let platform = self.platform.borrow();
            (platform.key.clone(), platform.carrying.clone())
        };
        let (Some(key), Some(relays)) = (key, relays) else {
            return;
        };
        carry_sealed(key, relays, MessageKind::ToHost, offer_id, frames);
    }

    /// Leaves the brokers.
    pub(super) fn carry_close(&self) {
        let relays = self.platform.borrow_mut().carrying.take();
        if let Some(relays) = relays {
            relays.stop();
        }
    }

    /// A frame a broker carried: opened with the room's key and handed to
    /// the model.
    pub(super) fn heard_carried(self: &Rc<Self>, heard: Heard) {
        let Heard::Carried { envelope } = heard else {
            return;
        };
        let Some(key) = self.platform.borrow().key.clone() else {
            return;
        };
        let this = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            this.opened_frame(&key, &envelope).await;
        });
    }

    async fn opened_frame(
        self: &Rc<Self>,
        key: &crate::ui::platform::crypto::RoomKey,
        envelope: &Envelope,
    ) {
        match key.open(envelope).await {
            Ok(frame) => self.dispatch(FriendEvent::Carried {
                frame,
                now_ms: wall_ms(),
                fresh: super::fresh(),
            }),
            Err(_) => {
                console::warn("relay: a carried frame that does not open with the table's key")
            }
        }
    }
}
