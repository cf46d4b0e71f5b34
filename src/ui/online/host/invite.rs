//! Invitations by code (issue 14): a seat's invite link carries the
//! browser's offer; the friend's reply code carries their answer.

use super::HostLink;
use crate::i18n::Key;
use crate::online::host::{ConnId, HostEvent};
use crate::online::watch::Peer as Who;
use crate::online::{Invite, Reply};
use crate::rules::Seat;
use crate::ui::online::{code_error_key, page_base};
use crate::ui::platform::console;
use crate::ui::platform::webrtc::{Peer, Reaches};
use std::rc::Rc;

impl HostLink {
    /// Prepares a new invite link for `seat` (a first one, or after a
    /// disconnection: the seat's old connection is dropped).
    pub fn invite(self: &Rc<Self>, seat: Seat) {
        self.update(HostEvent::Invite(seat));
    }

    /// The browser prepares the offer of `seat`'s invitation `conn`.
    pub(super) fn offer(self: &Rc<Self>, seat: Seat, conn: ConnId) {
        let weak = Rc::downgrade(self);
        let on_event = self.on_peer_event(Who::Seat(seat), conn);
        let config = self.config.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let result = Peer::offer(&config, Reaches::Friend, on_event).await;
            let Some(link) = weak.upgrade() else { return };
            console::note(&format!(
                "seat {}: invitation {} {}",
                seat.0,
                conn.0,
                if result.is_ok() { "ready" } else { "failed" }
            ));
            let link_text = match result {
                Ok((peer, offer)) => {
                    if !link.adopt(Who::Seat(seat), conn, peer) {
                        return;
                    }
                    let code = Invite {
                        seat,
                        seat_count: link.seat_count,
                        host_name: link.host_name.clone(),
                        rules: link.rules,
                        offer,
                    }
                    .encode();
                    Some(crate::online::invite_url(&page_base(), &code))
                }
                Err(_) => None,
            };
            link.update(HostEvent::Offered {
                seat,
                conn,
                link: link_text,
            });
        });
    }

    /// Connects `seat` with the reply code its friend sent back.
    ///
    /// # Errors
    /// The message to show: the code is unreadable, or for another seat.
    pub fn connect(self: &Rc<Self>, seat: Seat, text: &str) -> Result<(), Key> {
        let reply = Reply::decode(text).map_err(|e| code_error_key(&e))?;
        if reply.seat != seat {
            return Err(Key::CodeOtherSeat);
        }
        console::note(&format!("seat {}: a reply code to connect", seat.0));
        let answer = reply.answer;
        let this = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let peer = {
                let table = this.table.borrow();
                let wires = this.wires.borrow();
                table
                    .conn(Who::Seat(seat))
                    .and_then(|conn| wires.peers.get(&conn).cloned())
            };
            let ok = match peer {
                Some(peer) => peer.accept(&answer).await.is_ok(),
                None => false,
            };
            if !ok {
                this.update(HostEvent::ReplyFailed(seat));
            }
        });
        Ok(())
    }
}
