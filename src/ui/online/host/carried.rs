//! A friend's connection carried by the table link's brokers when no
//! direct one opens (issue 38), in the host's page: the table
//! (`online::host::carried`) decides; this page listens on the brokers
//! for the connections it names, opens each frame with the room's key and
//! hands it over, and seals and publishes what the table sends.

use super::HostLink;
use crate::online::host::{ConnId, HostEvent, LinkDoor};
use crate::online::signal::{Envelope, MessageKind, OfferId};
use crate::ui::online::relays::carry_sealed;
use crate::ui::platform::clock::now_ms;
use crate::ui::platform::console;

impl HostLink {
    /// Listens on the brokers for the frames of `conn`, seated by the offer
    /// `offer_id`.
    pub(super) fn listen_carried(&self, conn: ConnId, offer_id: OfferId) {
        self.wires.borrow_mut().carried.insert(offer_id, conn);
        if let Some(d) = self.door.borrow().as_ref() {
            d.relays().listen_carried(offer_id);
        }
    }

    /// Seals `frames` of the connection seated by `offer_id` and publishes
    /// them on the brokers, in order.
    pub(super) fn carry(&self, offer_id: OfferId, frames: Vec<Vec<u8>>) {
        let Some((key, relays)) =
            self.relay_door(LinkDoor::Table, |d| (d.key().clone(), d.relays().clone()))
        else {
            return;
        };
        carry_sealed(key, relays, MessageKind::ToFriend, offer_id, frames);
    }

    /// A carried frame heard on a broker: opened with the room's key, it
    /// goes to the table as its connection's.
    pub(super) fn heard_carried(&self, envelope: Envelope) {
        let conn = self.wires.borrow().carried.get(&envelope.offer_id).copied();
        let (Some(conn), Some(key)) = (conn, self.relay_door(LinkDoor::Table, |d| d.key().clone()))
        else {
            return;
        };
        let me = self.me.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let Ok(frame) = key.open(&envelope).await else {
                console::warn("relay: a carried frame that does not open with the table's key");
                return;
            };
            if let Some(link) = me.upgrade() {
                link.update(HostEvent::Carried {
                    conn,
                    frame,
                    now_ms: now_ms() as u64,
                });
            }
        });
    }
}
