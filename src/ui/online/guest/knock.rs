//! A friend's knocks by the table link (issue 30), the platform's side:
//! the room's key and the connection's offer, each knock sealed and sent
//! through the relays, each answer opened and handed to the model; the
//! seat kept in the tab for a reload, and its key in the browser. When to
//! knock, with which proof, and what an answer means is the model's
//! (`crate::online::friend`).

use super::GuestLink;
use crate::online::friend::FriendEvent;
use crate::online::sdp::CompactSdp;
use crate::online::signal::relay::Heard;
use crate::online::signal::seat_key::KeptSeat;
use crate::online::signal::{FriendOffer, HostAnswer, MessageKind, TableLink};
use crate::rules::Seat;
use crate::ui::platform::console;
use crate::ui::platform::crypto::{self, RoomKey};
use crate::ui::platform::storage;
use crate::ui::platform::webrtc::{IceConfig, Peer, PeerEvent, Reaches};
use std::rc::Rc;

/// Where this tab keeps the seat its table link gave (the link's code, the
/// seat, the name), for a reload.
const SEAT_KEY: &str = "ono99.table-seat";

/// Where this browser keeps the keys of the seats it held
/// ([`KeptSeat`]), for every tab and after the browser is closed.
const KEYS_KEY: &str = "ono99.seat-keys";

/// The seat and name this tab had at the table of link `code`.
pub(super) fn kept_seat(code: &str) -> Option<(Seat, String)> {
    let text = storage::tab::read(SEAT_KEY)?;
    let mut lines = text.splitn(3, '\n');
    if lines.next()? != code {
        return None;
    }
    let seat: u8 = lines.next()?.parse().ok()?;
    let name = lines.next()?.to_string();
    (seat < 8).then_some((Seat(seat), name))
}

/// Keeps `seat` and `name` in this tab for the table of link `code`.
pub(super) fn keep_tab_seat(code: &str, seat: Seat, name: &str) {
    storage::tab::write(SEAT_KEY, &format!("{code}\n{}\n{name}", seat.0));
}

/// Forgets the seat this tab kept.
pub(super) fn forget_tab_seat() {
    storage::tab::delete(SEAT_KEY);
}

/// The seat key this browser keeps for the table `table` (its secret in
/// hex), if any.
pub(super) fn kept_key(table: &str) -> Option<KeptSeat> {
    let kept = KeptSeat::read_all(&storage::read(KEYS_KEY)?);
    KeptSeat::find(&kept, table).cloned()
}

/// Keeps `this` among the browser's seat keys.
pub(super) fn store_key(this: KeptSeat) {
    let kept = storage::read(KEYS_KEY)
        .map(|text| KeptSeat::read_all(&text))
        .unwrap_or_default();
    let text = KeptSeat::write_all(&KeptSeat::keep(kept, this));
    if storage::write(KEYS_KEY, &text).is_err() {
        console::warn("the seat's key could not be kept: storage refused it");
    }
}

/// The room's key of `link` and a connection offered to the host.
pub(super) async fn offer(
    link: &TableLink,
    config: &IceConfig,
    on_event: Rc<dyn Fn(PeerEvent)>,
) -> Result<(RoomKey, Peer, CompactSdp), String> {
    let key = crypto::derive(&link.secret)
        .await
        .map_err(|why| format!("{why:?}"))?;
    let (peer, offer) = Peer::offer(config, Reaches::Host, on_event)
        .await
        .map_err(|why| format!("{why:?}"))?;
    Ok((key, peer, offer))
}

impl GuestLink {
    /// Seals `offer` with the room's key and sends it on every relay.
    pub(super) fn knock(&self, offer: FriendOffer) {
        let Some((key, relays)) = self.platform.borrow().relays.clone() else {
            return;
        };
        wasm_bindgen_futures::spawn_local(async move {
            match key
                .seal(MessageKind::Offer, offer.offer_id, &offer.plaintext())
                .await
            {
                Ok(envelope) => relays.offer(offer.offer_id, &envelope),
                Err(why) => console::warn(&format!("an offer not sealed: {why:?}")),
            }
        });
    }

    /// An answer a relay carried: opened with the room's key, read, and
    /// handed to the model (which knows whether it answers a knock). The
    /// same relays bring the host's carried frames once the brokers carry
    /// the table.
    pub(super) fn heard(self: &Rc<Self>, heard: Heard) {
        let envelope = match heard {
            Heard::Answer { envelope } => envelope,
            carried @ Heard::Carried { .. } => return self.heard_carried(carried),
            _ => return,
        };
        let Some(key) = self
            .platform
            .borrow()
            .relays
            .as_ref()
            .map(|(k, _)| k.clone())
        else {
            return;
        };
        let this = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let Ok(plain) = key.open(&envelope).await else {
                console::warn("relay: an answer that does not open with the table's key");
                return;
            };
            match HostAnswer::read(&envelope, &plain) {
                Ok(answer) => this.dispatch(FriendEvent::Answer {
                    answer,
                    now_ms: crate::ui::platform::clock::wall_ms(),
                }),
                Err(why) => console::warn(&format!("relay: an answer refused: {why}")),
            }
        });
    }
}
