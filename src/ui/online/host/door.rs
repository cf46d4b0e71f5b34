//! The host's table link: the relays it listens on, and the door that
//! seats each friend who comes by it (issue 30, docs/online.md
//! "Signaling over relays").
//!
//! An offer heard on a relay is opened with the room's key, checked for
//! freshness and replays ([`SeenOffers`]), and taken to the [`Door`]; a
//! seat given is answered with a new connection for that seat (which
//! replaces the seat's code invitation), and the answer goes back sealed
//! the way the offer came. The host listens while a friend's seat is not
//! connected, and leaves the relays while every friend is.

use super::HostLink;
use crate::online::sdp::CompactSdp;
use crate::online::signal::envelope::SeenOffers;
use crate::online::signal::relay::{Heard, ReplyTo, Role};
use crate::online::signal::replies::Replies;
use crate::online::signal::seat_key::{KeptTable, SEAT_KEY_LEN};
use crate::online::signal::{
    hex, Admit, Door, FriendOffer, HostAnswer, MessageKind, OfferId, Refused, Relay, SeatKey,
    SeatReply, SeatRequest, TableLink, SECRET_LEN,
};
use crate::online::{HostMessage, Outgoing};
use crate::rules::Seat;
use crate::ui::online::relays::{Reach, Relays};
use crate::ui::online::LinkEvent;
use crate::ui::online::{page_base, InviteLink};
use crate::ui::platform::console;
use crate::ui::platform::crypto::{self, RoomKey};
use crate::ui::platform::storage;
use crate::ui::platform::webrtc::{Peer, PeerEvent, Reaches};
use std::cell::RefCell;
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
    key: RoomKey,
    relays: Rc<Relays>,
    door: Door,
    seen: SeenOffers,
    /// The answer each seat's link connection was given, to give again to
    /// the same connection asking again.
    answers: BTreeMap<u8, CompactSdp>,
    /// Where to answer the latest knock of each asker the host has not
    /// answered yet (by its offer id): the relay it came by, and how.
    asking: BTreeMap<OfferId, (usize, ReplyTo)>,
    /// Every relay each recent offer came by, and its sealed answer: the
    /// answer goes back on all of them.
    replies: Rc<RefCell<Replies<(usize, ReplyTo)>>>,
}

/// Where this tab keeps its table's seat holders and new players
/// ([`KeptTable`]), for a reload, until the host leaves the table.
const HOLDERS_KEY: &str = "ono99.table-holders";

/// What this tab keeps of its table's seats (nothing kept: empty).
fn kept_table() -> KeptTable {
    storage::tab::read(HOLDERS_KEY)
        .map(|text| KeptTable::read(&text))
        .unwrap_or_default()
}

/// A new seat key, from the browser's random source.
fn fresh_key() -> Option<SeatKey> {
    let mut key = [0u8; SEAT_KEY_LEN];
    getrandom::fill(&mut key).ok()?;
    Some(SeatKey(key))
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

/// The wall clock, in milliseconds since 1970: offers carry the time they
/// were sent.
fn wall_ms() -> u64 {
    js_sys::Date::now() as u64
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
            let session = self.session.borrow();
            self.guests
                .iter()
                .map(|&seat| {
                    let name = session
                        .as_ref()
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
            let key = crypto::derive(&link.secret).await;
            let Some(this) = weak.upgrade() else { return };
            if this.closed.get() {
                return;
            }
            let key = match key {
                Ok(key) => key,
                Err(why) => {
                    console::warn(&format!("no table link: {why:?}"));
                    *this.table_link.borrow_mut() = TableLinkState::Failed;
                    this.changed();
                    return;
                }
            };
            let relays = Relays::start(
                Role::Host,
                key.room,
                &link.relays,
                weak.clone(),
                HostLink::heard,
                HostLink::changed,
            );
            console::note("the table link is ready");
            // After a reload of this tab: the seats' holders, and the new
            // people of this match (their seats' earlier hands stay
            // hidden from them).
            let kept = kept_table();
            let mut door = Door::new(names);
            door.restore(kept.holders.iter().cloned());
            let new_players = kept.new_players.clone();
            this.to_session(
                |s| {
                    s.restore_new_players(&new_players);
                    Vec::new()
                },
                LinkEvent::NewPlayers(kept.new_players),
            );
            *this.door.borrow_mut() = Some(TableDoor {
                key,
                relays,
                door,
                seen: SeenOffers::new(),
                answers: BTreeMap::new(),
                asking: BTreeMap::new(),
                replies: Rc::default(),
            });
            *this.table_link.borrow_mut() = TableLinkState::Ready(link.url(&page_base()));
            this.listen_while_room();
            this.changed();
        });
    }

    pub fn table_link(&self) -> TableLinkState {
        self.table_link.borrow().clone()
    }

    /// The relays of the table link and how each stands.
    pub fn relay_reach(&self) -> Vec<(Relay, Reach)> {
        self.door
            .borrow()
            .as_ref()
            .map(|d| d.relays.reach())
            .unwrap_or_default()
    }

    /// Whether the relays are all down (the lobby says to use codes).
    pub fn relays_down(&self) -> bool {
        self.door
            .borrow()
            .as_ref()
            .is_some_and(|d| d.relays.all_down())
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
    pub(super) fn listen_while_room(self: &Rc<Self>) {
        let room = !self.closed.get()
            && self
                .guests
                .iter()
                .any(|&s| !self.open.borrow().get(&s.0).copied().unwrap_or(false));
        let relays = self.door.borrow().as_ref().map(|d| d.relays.clone());
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
    pub(super) fn door_follows(self: &Rc<Self>, seat: Seat, event: &PeerEvent) {
        let mut held = false;
        if let Some(d) = self.door.borrow_mut().as_mut() {
            match event {
                PeerEvent::Open => {
                    d.door.connected(seat);
                    let by_code = matches!(
                        self.invites.borrow().get(&seat.0),
                        Some(InviteLink::Ready(_))
                    );
                    if let (true, Some(fresh)) = (by_code, fresh_key()) {
                        d.door.given_by_host(seat, fresh);
                    }
                    held = d.door.is_held(seat);
                }
                PeerEvent::Closed => {
                    d.door.left(seat);
                    d.answers.remove(&seat.0);
                }
                PeerEvent::Message(_) => return,
            }
        }
        if held {
            self.keep_holders();
        }
        self.listen_while_room();
    }

    /// Sends `seat`'s friend their seat's key, if the seat is held (sent
    /// at each of their joins: the channel carries messages by then).
    pub(super) fn send_seat_key(&self, seat: Seat) {
        let key = self.door.borrow().as_ref().and_then(|d| d.door.key(seat));
        if let Some(key) = key {
            self.send(&[(
                seat,
                Outgoing::Message(HostMessage::SeatKey { key: key.hex() }),
            )]);
        }
    }

    /// Keeps the seats' holders and this match's new people in this tab,
    /// for a reload.
    fn keep_holders(&self) {
        let Some(holders) = self.door.borrow().as_ref().map(|d| d.door.holders()) else {
            return;
        };
        let session_new = self
            .session
            .borrow()
            .as_ref()
            .map(|s| (s.save().seed, s.new_players().to_vec()));
        // Once the game holds the session, this page keeps its own list.
        let mut kept = kept_table();
        kept.holders = holders;
        if let Some((seed, list)) = session_new {
            kept.new_players = list
                .into_iter()
                .map(|(seat, from)| (seed, seat, from))
                .collect();
        }
        storage::tab::write(HOLDERS_KEY, &kept.write());
    }

    /// A new person's seat, kept for a reload: `seed` is the match's,
    /// `from` the length of its log when they took the seat.
    fn keep_new_player(&self, seed: u64, seat: Seat, from: usize) {
        let mut kept = kept_table();
        kept.new_players
            .retain(|&(s, st, _)| s == seed && st != seat);
        kept.new_players.push((seed, seat, from));
        storage::tab::write(HOLDERS_KEY, &kept.write());
    }

    /// The requests to take a held seat that the host has not answered.
    pub fn seat_requests(&self) -> Vec<SeatRequest> {
        self.door
            .borrow()
            .as_ref()
            .map(|d| d.door.requests())
            .unwrap_or_default()
    }

    /// The host allows request `id`: its asker takes the seat (a new key
    /// is theirs; the holder's no longer opens it), sees nothing of its
    /// earlier hands, and is answered at once. `point` is the match's
    /// seed and the length of its log now, once the game holds it (in the
    /// lobby the session here says).
    pub fn allow_request(self: &Rc<Self>, id: u32, point: Option<(u64, usize)>) {
        let point = point.or_else(|| {
            let session = self.session.borrow();
            session
                .as_ref()
                .map(|s| (s.save().seed, s.game().log().len()))
        });
        let (Some(fresh), Some((seed, log_len))) = (fresh_key(), point) else {
            return;
        };
        let decided = {
            let mut slot = self.door.borrow_mut();
            let Some(d) = slot.as_mut() else { return };
            let Some(decided) = d.door.allow(id, wall_ms(), fresh) else {
                return;
            };
            let route = d.asking.remove(&decided.offer.offer_id);
            route.map(|r| (decided, r))
        };
        let Some((decided, (index, reply))) = decided else {
            self.changed();
            return;
        };
        let seat = decided.seat;
        console::note(&format!("the host lets a new person take seat {}", seat.0));
        // The session hides the seat's earlier hands from them before
        // anything reaches their page.
        self.to_session(
            |s| {
                s.new_player(seat);
                Vec::new()
            },
            LinkEvent::NewPlayer(seat),
        );
        self.keep_new_player(seed, seat, log_len);
        self.keep_holders();
        self.seat_by_link(index, reply, decided.offer, seat);
        self.changed();
    }

    /// The host refuses request `id`: its asker is told the seat is kept
    /// for its player.
    pub fn refuse_request(&self, id: u32) {
        let decided = {
            let mut slot = self.door.borrow_mut();
            let Some(d) = slot.as_mut() else { return };
            let Some(decided) = d.door.refuse(id) else {
                return;
            };
            let route = d.asking.remove(&decided.offer.offer_id);
            let name = d.door.name(decided.seat).unwrap_or_default().to_string();
            route.map(|r| (decided, r, name))
        };
        if let Some((decided, (index, reply), name)) = decided {
            let why = Refused::Kept {
                seat: decided.seat,
                name,
            };
            self.reply(index, &reply, &decided.offer, SeatReply::Refused(why));
        }
        self.changed();
    }

    /// Stops listening for good (the host left the table).
    pub(super) fn close_door(&self) {
        storage::tab::delete(SECRET_KEY);
        storage::tab::delete(HOLDERS_KEY);
        if let Some(d) = self.door.borrow_mut().take() {
            d.relays.stop();
        }
    }

    fn heard(self: &Rc<Self>, index: usize, heard: Heard) {
        let Heard::Offer { envelope, reply } = heard else {
            return;
        };
        let Some(key) = self.door.borrow().as_ref().map(|d| d.key.clone()) else {
            return;
        };
        let this = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let Ok(plain) = key.open(&envelope).await else {
                console::warn("relay: an offer that does not open with the table's key");
                return;
            };
            match FriendOffer::read(&envelope, &plain) {
                Ok(offer) => this.offer(index, reply, offer),
                Err(why) => console::warn(&format!("relay: an offer refused: {why}")),
            }
        });
    }

    /// A friend's offer, opened: a seat or a refusal, answered.
    fn offer(self: &Rc<Self>, index: usize, reply: ReplyTo, offer: FriendOffer) {
        if self.closed.get() {
            return;
        }
        let now = wall_ms();
        let Some(fresh) = fresh_key() else { return };
        let admitted = {
            let mut slot = self.door.borrow_mut();
            let Some(d) = slot.as_mut() else { return };
            // The same offer by another relay: answered there too, once
            // the answer is sealed (it may be lost on the first one).
            let answered = d
                .replies
                .borrow_mut()
                .heard(offer.offer_id, (index, reply.clone()));
            if !d.seen.admit(&offer, now) {
                if let Some(envelope) = answered {
                    console::note("relay: an offer answered before, answered on this relay too");
                    d.relays.answer(index, &reply, &envelope);
                } else {
                    console::warn("relay: an offer seen before or out of time, ignored");
                }
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
                    .and_then(|d| d.answers.get(&seat.0).cloned());
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
        let open = self.open.borrow().get(&seat.0).copied().unwrap_or(false);
        if !open {
            return;
        }
        let Some((_, old)) = self.peers.borrow_mut().remove(&seat.0) else {
            return;
        };
        console::note(&format!(
            "seat {}: taken up by another page of its holder",
            seat.0
        ));
        let bytes = HostMessage::Replaced.encode();
        old.send(&String::from_utf8_lossy(&bytes));
        self.open.borrow_mut().insert(seat.0, false);
        gloo_timers::callback::Timeout::new(1_000, move || old.close()).forget();
    }

    /// Answers `offer` with a new connection for `seat`.
    fn seat_by_link(self: &Rc<Self>, index: usize, reply: ReplyTo, offer: FriendOffer, seat: Seat) {
        let id = self.new_connection(seat);
        let on_event = self.on_peer_event(seat, id);
        let config = self.config.clone();
        let this = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let result = Peer::answer(&config, Reaches::Friend, &offer.offer, on_event).await;
            let replaced = this.latest.borrow().get(&seat.0) != Some(&id);
            match result {
                Ok((peer, answer)) if !replaced && !this.closed.get() => {
                    this.peers.borrow_mut().insert(seat.0, (id, Rc::new(peer)));
                    this.invites
                        .borrow_mut()
                        .insert(seat.0, InviteLink::ByTableLink);
                    if let Some(d) = this.door.borrow_mut().as_mut() {
                        d.answers.insert(seat.0, answer.clone());
                    }
                    this.reply(index, &reply, &offer, SeatReply::Seated { seat, answer });
                }
                Ok((peer, _)) => peer.close(),
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
    fn reply(&self, index: usize, to: &ReplyTo, offer: &FriendOffer, reply: SeatReply) {
        let Some((key, relays, replies)) = self.door.borrow().as_ref().map(|d| {
            d.replies
                .borrow_mut()
                .heard(offer.offer_id, (index, to.clone()));
            (d.key.clone(), d.relays.clone(), d.replies.clone())
        }) else {
            return;
        };
        let answer = HostAnswer {
            offer_id: offer.offer_id,
            sent_at_ms: wall_ms(),
            reply,
        };
        wasm_bindgen_futures::spawn_local(async move {
            match key
                .seal(MessageKind::Answer, answer.offer_id, &answer.plaintext())
                .await
            {
                Ok(envelope) => {
                    let routes = replies
                        .borrow_mut()
                        .sealed(answer.offer_id, envelope.clone());
                    for (index, to) in routes {
                        relays.answer(index, &to, &envelope);
                    }
                }
                Err(why) => console::warn(&format!("relay: an answer not sealed: {why:?}")),
            }
        });
    }
}
