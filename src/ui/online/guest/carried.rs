//! A friend's table carried by the link's brokers when no direct
//! connection opens (issue 38), the platform's side: the brokers reached
//! again with the room's key kept from the knock, this side's frames
//! listened for, each frame the model gives sealed and published, each
//! heard opened and handed back. When to carry, and what the frames say,
//! is the model's (`crate::online::friend`).

use super::GuestLink;
use crate::online::friend::FriendEvent;
use crate::online::signal::relay::{Heard, Role};
use crate::online::signal::{Envelope, MessageKind, Network, OfferId};
use crate::ui::online::relays::{carry_sealed, Relays};
use crate::ui::platform::clock::wall_ms;
use crate::ui::platform::console;
use std::rc::Rc;

impl GuestLink {
    /// Reaches the link's brokers again and listens there for the host's
    /// frames of the connection seated by `offer_id`.
    pub(super) fn carry_open(self: &Rc<Self>, offer_id: OfferId) {
        let super::Ticket::Table(link) = &self.ticket else {
            return;
        };
        let Some(key) = self.platform.borrow().key.clone() else {
            console::warn("the brokers cannot carry the table: no room key");
            return;
        };
        let brokers: Vec<_> = link
            .relays
            .iter()
            .filter(|r| r.network == Network::Mqtt)
            .cloned()
            .collect();
        if brokers.is_empty() {
            console::warn("the brokers cannot carry the table: the link names none");
            return;
        }
        let relays = Relays::start(
            Role::Friend,
            key.room,
            &brokers,
            Rc::downgrade(self),
            |this, _, heard| this.heard_carried(heard),
            GuestLink::changed,
        );
        relays.listen_carried(offer_id);
        self.platform.borrow_mut().carrying = Some(relays);
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
    fn heard_carried(self: &Rc<Self>, heard: Heard) {
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
