//! A friend's knocks by the table link (issue 30): the room's key, a
//! connection offered to the host, the offer sealed and sent through the
//! relays under a new id until the host answers; the seat kept in the
//! tab for a reload, and asked for again after a lost connection.

use super::{GuestLink, GuestPhase, Ticket};
use crate::online::sdp::CompactSdp;
use crate::online::signal::knock::Outcome;
use crate::online::signal::relay::{Heard, Role};
use crate::online::signal::seat_key::KeptSeat;
use crate::online::signal::{
    hex, FriendOffer, HostAnswer, Knock, MessageKind, OfferId, SeatKey, TableLink,
};
use crate::rules::Seat;
use crate::ui::online::relays::Relays;
use crate::ui::platform::console;
use crate::ui::platform::crypto::{self, RoomKey};
use crate::ui::platform::storage;
use crate::ui::platform::webrtc::{Peer, PeerEvent, Reaches};
use gloo_timers::callback::Interval;
use std::rc::{Rc, Weak};

/// How often a friend's page looks whether a knock is due.
const KNOCK_TICK_MS: u32 = 250;

/// A table link's knocking: the room's key, the relays, the connection's
/// offer, the attempts.
pub(super) struct Knocking {
    key: RoomKey,
    relays: Rc<Relays>,
    offer: CompactSdp,
    knock: Knock,
    _timer: Interval,
}

/// Where this tab keeps the seat its table link gave (the link's code, the
/// seat, the name), for a reload.
pub(super) const SEAT_KEY: &str = "ono99.table-seat";

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

/// Where this browser keeps the keys of the seats it held
/// ([`KeptSeat`]), for every tab and after the browser is closed.
const KEYS_KEY: &str = "ono99.seat-keys";

/// The seat this browser held at a table before, which Join takes back.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Returning {
    pub seat: Seat,
    pub name: String,
}

fn wall_ms() -> u64 {
    js_sys::Date::now() as u64
}

fn random_u32() -> u32 {
    let mut bytes = [0; 4];
    let _ = getrandom::fill(&mut bytes);
    u32::from_le_bytes(bytes)
}

impl GuestLink {
    /// The table link's secret, in hex: what this browser keeps its seat
    /// key under.
    fn table_id(&self) -> Option<String> {
        match &self.ticket {
            Ticket::Table(link) if !self.watching.get() => Some(hex(&link.secret)),
            _ => None,
        }
    }

    /// The seat key this browser keeps for this table, if any.
    pub(super) fn kept_key(&self) -> Option<KeptSeat> {
        let table = self.table_id()?;
        let kept = KeptSeat::read_all(&storage::read(KEYS_KEY)?);
        KeptSeat::find(&kept, &table).cloned()
    }

    /// Keeps `key`, the host's key of this page's seat, for this table:
    /// every later knock proves it.
    pub(super) fn keep_key(&self, key: SeatKey) {
        let (Some(table), Some(seat)) = (self.table_id(), self.seat.get()) else {
            return;
        };
        let kept = storage::read(KEYS_KEY)
            .map(|text| KeptSeat::read_all(&text))
            .unwrap_or_default();
        let this = KeptSeat {
            table,
            seat,
            key,
            name: crate::online::protocol::clean_name(&self.name()),
        };
        let text = KeptSeat::write_all(&KeptSeat::keep(kept, this));
        if storage::write(KEYS_KEY, &text).is_err() {
            console::warn("the seat's key could not be kept: storage refused it");
        }
    }

    /// The seat this browser held at this table before, while this page
    /// has not knocked yet.
    pub fn returning(&self) -> Option<Returning> {
        self.returning.borrow().clone()
    }

    /// The seat this page asks for and the name of its player, while the
    /// host is asked whether this friend may take it.
    pub fn asking(&self) -> Option<(Seat, String)> {
        let knocking = self.knocking.borrow();
        let (seat, name) = knocking.as_ref()?.knock.waiting()?;
        Some((seat, name.to_string()))
    }

    /// Whether every relay failed (the page says codes are the way left).
    pub fn relays_down(&self) -> bool {
        self.knocking
            .borrow()
            .as_ref()
            .is_some_and(|k| k.relays.all_down())
    }

    /// By the table link: the room's key, a connection offered to the
    /// host, and the knocks through the relays until the host answers.
    pub(super) fn join_by_link(self: &Rc<Self>, link: TableLink) {
        let weak = Rc::downgrade(self);
        let config = self.config.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let key = crypto::derive(&link.secret).await;
            let on_event: Rc<dyn Fn(PeerEvent)> = {
                let weak: Weak<GuestLink> = weak.clone();
                Rc::new(move |event| {
                    if let Some(link) = weak.upgrade() {
                        link.peer_event(event);
                    }
                })
            };
            let offered = match key {
                Ok(key) => Peer::offer(&config, Reaches::Host, on_event)
                    .await
                    .map(|(peer, offer)| (key, peer, offer))
                    .map_err(|why| format!("{why:?}")),
                Err(why) => Err(format!("{why:?}")),
            };
            let Some(this) = weak.upgrade() else { return };
            if *this.phase.borrow() != GuestPhase::Preparing {
                return;
            }
            let (key, peer, offer) = match offered {
                Ok(parts) => parts,
                Err(why) => {
                    console::warn(&format!("no offer for the table link: {why}"));
                    *this.phase.borrow_mut() = GuestPhase::Failed;
                    this.changed();
                    return;
                }
            };
            *this.peer.borrow_mut() = Some(Rc::new(peer));
            let relays = Relays::start(
                Role::Friend,
                key.room,
                &link.relays,
                weak.clone(),
                |this, _, heard| this.heard(heard),
                GuestLink::changed,
            );
            let timer = {
                let weak = weak.clone();
                Interval::new(KNOCK_TICK_MS, move || {
                    if let Some(this) = weak.upgrade() {
                        this.knock_tick();
                    }
                })
            };
            *this.knocking.borrow_mut() = Some(Knocking {
                key,
                relays,
                offer,
                knock: Knock::new(),
                _timer: timer,
            });
            *this.phase.borrow_mut() = GuestPhase::Knocking;
            this.changed();
            this.knock_tick();
        });
    }

    /// A knock if one is due; the end of knocking after the last one.
    fn knock_tick(self: &Rc<Self>) {
        let now = wall_ms();
        let mut id = [0u8; 8];
        if getrandom::fill(&mut id).is_err() {
            return;
        }
        let id = OfferId(id);
        let sending = {
            let mut slot = self.knocking.borrow_mut();
            let Some(k) = slot.as_mut() else { return };
            if k.knock.due(now, id, random_u32()) {
                let seat = self.seat.get();
                // The proof of this seat's key, if this browser holds it.
                let proof = self
                    .kept_key()
                    .filter(|kept| Some(kept.seat) == seat)
                    .map(|kept| kept.key.proof(&id, &k.offer));
                let offer = FriendOffer {
                    offer_id: id,
                    sent_at_ms: now,
                    name: self.name.borrow().trim().to_string(),
                    seat,
                    offer: k.offer.clone(),
                    proof,
                };
                Some((k.key.clone(), k.relays.clone(), offer))
            } else {
                None
            }
        };
        if let Some((key, relays, offer)) = sending {
            console::note(&format!("the table link: knock {}", offer.offer_id.hex()));
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
        let unanswered = self
            .knocking
            .borrow()
            .as_ref()
            .is_some_and(|k| k.knock.outcome() == Some(&Outcome::NoAnswer));
        if unanswered {
            self.stop_knocking();
            *self.phase.borrow_mut() = GuestPhase::Unanswered;
            if let Some(peer) = self.peer.borrow_mut().take() {
                peer.close();
            }
            self.changed();
        }
    }

    /// Leaves the relays: seated, turned away, or gone.
    pub(super) fn stop_knocking(&self) {
        if let Some(k) = self.knocking.borrow_mut().take() {
            k.relays.stop();
        }
    }

    /// An answer a relay carried: opened, and if it answers one of this
    /// friend's knocks, it decides.
    fn heard(self: &Rc<Self>, heard: Heard) {
        let Heard::Answer { envelope } = heard else {
            return;
        };
        let Some(key) = self.knocking.borrow().as_ref().map(|k| k.key.clone()) else {
            return;
        };
        let this = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let Ok(plain) = key.open(&envelope).await else {
                console::warn("relay: an answer that does not open with the table's key");
                return;
            };
            let answer = match HostAnswer::read(&envelope, &plain) {
                Ok(answer) => answer,
                Err(why) => {
                    console::warn(&format!("relay: an answer refused: {why}"));
                    return;
                }
            };
            let outcome = {
                let mut slot = this.knocking.borrow_mut();
                let Some(k) = slot.as_mut() else { return };
                k.knock.answered(&answer).cloned()
            };
            this.returning.borrow_mut().take();
            match outcome {
                Some(Outcome::Seated { seat, answer }) => {
                    console::note(&format!("the table link: seat {} given", seat.0));
                    this.stop_knocking();
                    // A watcher holds no seat: the host's reply names
                    // seat 0 for its form's sake, and nothing is kept.
                    let seated = !this.watching.get();
                    if seated {
                        this.seat.set(Some(seat));
                    }
                    if let (true, Ticket::Table(link)) = (seated, &this.ticket) {
                        let kept = format!("{}\n{}\n{}", link.encode(), seat.0, this.name());
                        storage::tab::write(SEAT_KEY, &kept);
                    }
                    let peer = this.peer.borrow().clone();
                    let accepted = match peer {
                        Some(peer) => peer.accept(&answer).await.is_ok(),
                        None => false,
                    };
                    if !accepted && *this.phase.borrow() == GuestPhase::Knocking {
                        *this.phase.borrow_mut() = GuestPhase::Failed;
                        this.changed();
                    }
                }
                Some(Outcome::Refused(why)) => {
                    this.stop_knocking();
                    if let Some(peer) = this.peer.borrow_mut().take() {
                        peer.close();
                    }
                    *this.phase.borrow_mut() = GuestPhase::Refused(why);
                    this.changed();
                }
                // The host is asked (the page says so), or nothing new.
                Some(Outcome::NoAnswer) | None => this.changed(),
            }
        });
    }
}
