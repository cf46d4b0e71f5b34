//! What a friend's page does for its model ([`FriendEffect`]): the data
//! channel, the relays, the timers, storage, the console. No decision
//! here: each effect is carried out as it says.

use super::{fresh, knock, GuestLink, Ticket};
use crate::online::friend::{FriendEffect, FriendEvent, TimerId};
use crate::online::protocol::GuestMessage;
use crate::online::sdp::CompactSdp;
use crate::online::signal::link::TableLink;
use crate::online::Reply;
use crate::ui::online::relays::Relays;
use crate::ui::platform::clock::wall_ms;
use crate::ui::platform::console;
use crate::ui::platform::crypto::RoomKey;
use crate::ui::platform::webrtc::{Peer, PeerEvent, Reaches};
use gloo_timers::callback::Timeout;
use std::collections::HashMap;
use std::rc::{Rc, Weak};

/// The platform's handles of a friend's page.
#[derive(Default)]
pub(super) struct Platform {
    /// The connection to the host.
    peer: Option<Rc<Peer>>,
    /// A connection and the room's key just prepared by the table link,
    /// until the model opens the relays with them.
    prepared: Option<(RoomKey, Rc<Peer>)>,
    /// The table link's relays and the room's key, while knocking.
    pub(super) relays: Option<(RoomKey, Rc<Relays>)>,
    /// The link's relays reached as the page opened, before Join, for the
    /// first knock to use.
    warm: Option<(RoomKey, Rc<Relays>)>,
    /// The connection's offer made as the page opened, before Join, for
    /// the first knock to use.
    early: Option<Early>,
    /// The room's key, kept once the knock is over: the brokers may carry
    /// the table with it.
    pub(super) key: Option<RoomKey>,
    /// The brokers, while they carry the table.
    pub(super) carrying: Option<Rc<Relays>>,
    /// The model's timers.
    timers: HashMap<TimerId, Timeout>,
    /// Listens for the page coming back from the background.
    pub(super) returns: Option<crate::ui::platform::lifecycle::Returns>,
}

/// What a table link's page prepared as it opened: the room's key, a
/// connection and its offer (or why not).
type Offered = Result<(RoomKey, Peer, CompactSdp), String>;

/// The offer made as the page opened.
enum Early {
    /// Being made; `wanted`: Join was pressed meanwhile, so it is taken as
    /// soon as it is ready.
    Making {
        wanted: bool,
    },
    Ready(Offered),
}

impl Platform {
    pub(super) fn relays_down(&self) -> bool {
        self.relays.as_ref().is_some_and(|(_, r)| r.all_down())
    }

    /// The page came back after `away_ms` in the background: the relays
    /// it knocks through are reached again at once (a socket the relay
    /// dropped meanwhile would wait for its backoff).
    pub(super) fn came_back(&self, away_ms: u64) {
        console::note(&format!("the page is back after {away_ms} ms away"));
        for (_, relays) in self.relays.iter().chain(&self.warm) {
            relays.wake();
        }
        if let Some(relays) = &self.carrying {
            relays.wake();
        }
    }
}

impl GuestLink {
    /// Carries out the model's effects, in order.
    pub(super) fn run(self: &Rc<Self>, fx: Vec<FriendEffect>) {
        let mut redraw = false;
        for effect in fx {
            match effect {
                FriendEffect::Prepare => self.prepare(),
                FriendEffect::OpenRelays => self.open_relays(),
                FriendEffect::Knock(offer) => self.knock(offer),
                FriendEffect::StopRelays => {
                    let relays = self.platform.borrow_mut().relays.take();
                    if let Some((key, relays)) = relays {
                        relays.stop();
                        self.platform.borrow_mut().key = Some(key);
                    }
                }
                FriendEffect::CarryOpen(offer_id) => self.carry_open(offer_id),
                FriendEffect::Carry { offer_id, frames } => self.carry(offer_id, frames),
                FriendEffect::CarryClose => self.carry_close(),
                FriendEffect::AcceptAnswer(answer) => {
                    let peer = self.platform.borrow().peer.clone();
                    let this = self.clone();
                    wasm_bindgen_futures::spawn_local(async move {
                        let accepted = match peer {
                            Some(peer) => peer.accept(&answer).await.is_ok(),
                            None => false,
                        };
                        if !accepted {
                            this.dispatch(FriendEvent::AnswerNotTaken);
                        }
                    });
                }
                FriendEffect::Send(msg) => {
                    self.send(&msg);
                }
                FriendEffect::AskSeatBack => {
                    self.send(&GuestMessage::Back);
                }
                FriendEffect::ClosePeer => {
                    let peer = self.platform.borrow_mut().peer.take();
                    if let Some(peer) = peer {
                        peer.close();
                    }
                }
                FriendEffect::DropPeer => {
                    let peer = self.platform.borrow_mut().peer.take();
                    drop(peer);
                }
                FriendEffect::StartTimer { id, at_ms } => self.start_timer(id, at_ms),
                FriendEffect::CancelTimer(id) => {
                    let timer = self.platform.borrow_mut().timers.remove(&id);
                    drop(timer);
                }
                FriendEffect::StoreKey(kept) => knock::store_key(kept),
                FriendEffect::KeepTabSeat { seat, name } => {
                    if let Ticket::Table(link) = &self.ticket {
                        knock::keep_tab_seat(&link.encode(), seat, &name);
                    }
                }
                FriendEffect::ForgetTabSeat => knock::forget_tab_seat(),
                FriendEffect::Note(line) => console::note(&line),
                FriendEffect::Warn(line) => console::warn(&line),
                FriendEffect::Follow(received) => {
                    let model = self.model.borrow();
                    self.view.borrow_mut().follow(&model, &received);
                }
                FriendEffect::Redraw => redraw = true,
            }
        }
        if redraw {
            self.changed();
        }
    }

    /// The channel's events, to the model (held weakly: a page gone takes
    /// nothing).
    fn on_peer_event(self: &Rc<Self>) -> Rc<dyn Fn(PeerEvent)> {
        let weak: Weak<GuestLink> = Rc::downgrade(self);
        Rc::new(move |event| {
            if let Some(link) = weak.upgrade() {
                link.peer_event(event);
            }
        })
    }

    /// Prepares a connection: the answer to an invite's offer, or the
    /// room's key and an offer for the table link.
    fn prepare(self: &Rc<Self>) {
        let weak = Rc::downgrade(self);
        let config = self.config.clone();
        let on_event = self.on_peer_event();
        match self.ticket.clone() {
            Ticket::Code(invite) => wasm_bindgen_futures::spawn_local(async move {
                let result = Peer::answer(&config, Reaches::Host, &invite.offer, on_event).await;
                let Some(link) = weak.upgrade() else { return };
                let code = match result {
                    Ok((peer, answer)) => {
                        link.platform.borrow_mut().peer = Some(Rc::new(peer));
                        Some(
                            Reply {
                                seat: invite.seat,
                                answer,
                            }
                            .encode(),
                        )
                    }
                    Err(_) => None,
                };
                link.dispatch(FriendEvent::ReplyReady(code));
            }),
            Ticket::Table(table) => {
                // The first knock takes the offer made as the page opened.
                let early = self.platform.borrow_mut().early.take();
                match early {
                    Some(Early::Ready(offered)) => {
                        let this = self.clone();
                        wasm_bindgen_futures::spawn_local(async move { this.offered(offered) });
                    }
                    Some(Early::Making { .. }) => {
                        self.platform.borrow_mut().early = Some(Early::Making { wanted: true });
                    }
                    None => wasm_bindgen_futures::spawn_local(async move {
                        let offered = knock::offer(&table, &config, on_event).await;
                        if let Some(link) = weak.upgrade() {
                            link.offered(offered);
                        }
                    }),
                }
            }
        }
    }

    /// The table link's connection was prepared: the model hears of its
    /// offer (or that there is none).
    fn offered(self: &Rc<Self>, offered: Offered) {
        let offer = match offered {
            Ok((key, peer, offer)) => {
                self.platform.borrow_mut().prepared = Some((key, Rc::new(peer)));
                Some(offer)
            }
            Err(why) => {
                console::warn(&format!("no offer for the table link: {why}"));
                None
            }
        };
        let kept = match self.model.borrow().entry() {
            crate::online::friend::Entry::Link { table } => knock::kept_key(table),
            _ => None,
        };
        self.dispatch(FriendEvent::Offered {
            offer,
            kept,
            now_ms: wall_ms(),
            fresh: fresh(),
        });
        // Not taken (the friend left meanwhile): let it go.
        self.platform.borrow_mut().prepared.take();
    }

    /// Makes the table link's offer as the page opens, before Join (on a
    /// phone, creating the connection and gathering its candidates is
    /// most of 0.2 s): the first knock takes it. Nothing is sent.
    fn make_early_offer(self: &Rc<Self>, table: &TableLink) {
        let waits = matches!(
            self.model.borrow().mode(),
            crate::online::friend::Mode::Ready { .. }
        );
        if !waits {
            // Already knocking (a reload of a seated page): its own offer.
            return;
        }
        self.platform.borrow_mut().early = Some(Early::Making { wanted: false });
        let (weak, table) = (Rc::downgrade(self), table.clone());
        let (config, on_event) = (self.config.clone(), self.on_peer_event());
        wasm_bindgen_futures::spawn_local(async move {
            let offered = knock::offer(&table, &config, on_event).await;
            let Some(this) = weak.upgrade() else { return };
            let early = this.platform.borrow_mut().early.take();
            match early {
                Some(Early::Making { wanted: true }) => this.offered(offered),
                Some(Early::Making { wanted: false }) => {
                    this.platform.borrow_mut().early = Some(Early::Ready(offered));
                }
                // Taken or let go meanwhile.
                _ => {}
            }
        });
    }

    /// Listens on the table link's relays with the connection prepared.
    fn open_relays(self: &Rc<Self>) {
        let Ticket::Table(link) = &self.ticket else {
            return;
        };
        let Some((key, peer)) = self.platform.borrow_mut().prepared.take() else {
            return;
        };
        let warm = self.platform.borrow_mut().warm.take();
        if let Some((_, relays)) = warm.filter(|(k, _)| k.room == key.room) {
            let mut platform = self.platform.borrow_mut();
            platform.peer = Some(peer);
            platform.relays = Some((key, relays));
            return;
        }
        let relays = Relays::start(
            crate::online::signal::relay::Role::Friend,
            key.room,
            &link.relays,
            Rc::downgrade(self),
            |this, _, heard| this.heard(heard),
            GuestLink::changed,
        );
        let mut platform = self.platform.borrow_mut();
        platform.peer = Some(peer);
        platform.relays = Some((key, relays));
    }

    /// Reaches a table link's relays as the page opens, so the sockets are
    /// open (and a broker has accepted) by the time the first knock goes:
    /// on a phone's network that is most of half a second. Nothing is sent
    /// on them but what each relay's handshake asks; a knock that started
    /// first opens its own, and these are let go.
    pub(super) fn warm_relays(self: &Rc<Self>) {
        let Ticket::Table(link) = &self.ticket else {
            return;
        };
        self.make_early_offer(link);
        let (secret, lines) = (link.secret, link.relays.clone());
        let weak = Rc::downgrade(self);
        wasm_bindgen_futures::spawn_local(async move {
            let Ok(key) = crate::ui::platform::crypto::derive(&secret).await else {
                return;
            };
            let Some(this) = weak.upgrade() else { return };
            let busy = {
                let platform = this.platform.borrow();
                platform.relays.is_some() || platform.prepared.is_some()
            };
            if busy || lines.is_empty() {
                return;
            }
            let relays = Relays::start(
                crate::online::signal::relay::Role::Friend,
                key.room,
                &lines,
                Rc::downgrade(&this),
                |this, _, heard| this.heard(heard),
                GuestLink::changed,
            );
            this.platform.borrow_mut().warm = Some((key, relays));
        });
    }

    fn start_timer(self: &Rc<Self>, id: TimerId, at_ms: u64) {
        let delay = at_ms.saturating_sub(wall_ms()).min(u64::from(u32::MAX)) as u32;
        let weak = Rc::downgrade(self);
        let timer = Timeout::new(delay, move || {
            let Some(link) = weak.upgrade() else { return };
            link.platform.borrow_mut().timers.remove(&id);
            link.dispatch(FriendEvent::Timer {
                id,
                now_ms: wall_ms().max(at_ms),
                fresh: fresh(),
            });
        });
        self.platform.borrow_mut().timers.insert(id, timer);
    }

    /// Sends `msg` to the host; `false` if it could not go (no connection,
    /// the channel not open, the browser refused it).
    fn send(&self, msg: &GuestMessage) -> bool {
        let bytes = msg.encode();
        let peer = self.platform.borrow().peer.clone();
        peer.is_some_and(|peer| peer.send(&String::from_utf8_lossy(&bytes)))
    }
}
