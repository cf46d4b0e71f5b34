//! What the host's page does for its table ([`HostEffect`]): the
//! browser's connections, the relays, the timers, the tab's storage, the
//! screens' callbacks. No decision here: each effect is carried out as it
//! says.

use super::{deal, holders, HostLink, CLOSE_AFTER_NOTICE_MS};
use crate::online::host::{HostEffect, HostEvent};
use crate::ui::platform::clock::now_ms;
use crate::ui::platform::console;
use gloo_timers::callback::Timeout;

impl HostLink {
    /// Hands `event` to the table and carries out what it says.
    pub(super) fn update(&self, event: HostEvent) {
        let fx = self.table.borrow_mut().update(event);
        self.run(fx);
    }

    /// Carries out the table's effects, in order (no borrow of the table
    /// is held: an effect may come back to it).
    pub(super) fn run(&self, fx: Vec<HostEffect>) {
        let mut changed = false;
        for effect in fx {
            match effect {
                HostEffect::Offer { seat, conn } => {
                    if let Some(this) = self.me.upgrade() {
                        this.offer(seat, conn);
                    }
                }
                HostEffect::Send { conn, bytes } => {
                    let peer = self.wires.borrow().peers.get(&conn).cloned();
                    if let Some(peer) = peer {
                        peer.send(&String::from_utf8_lossy(&bytes));
                    }
                }
                HostEffect::Close { conn } => {
                    let peer = self.wires.borrow_mut().peers.remove(&conn);
                    if let Some(peer) = peer {
                        peer.close();
                    }
                }
                HostEffect::CloseSoon { conn } => {
                    let peer = self.wires.borrow_mut().peers.remove(&conn);
                    if let Some(peer) = peer {
                        // A channel closed at once may drop the notice
                        // still queued in it.
                        Timeout::new(CLOSE_AFTER_NOTICE_MS, move || peer.close()).forget();
                    }
                }
                HostEffect::Game(event) => {
                    let cb = self.screen.borrow().on_event.clone();
                    match cb {
                        Some(cb) => cb.emit(event),
                        None => self.screen.borrow_mut().unheard.push(event),
                    }
                }
                HostEffect::Answer {
                    peer,
                    conn,
                    route,
                    offer,
                    ..
                } => {
                    if let Some(this) = self.me.upgrade() {
                        this.answer(peer, conn, route, offer);
                    }
                }
                HostEffect::Reply {
                    link,
                    route,
                    offer,
                    reply,
                } => self.reply(link, &route, &offer, reply),
                HostEffect::Listen(listen) => self.listen(listen),
                HostEffect::KeepSeats(kept) => holders::keep_table(&kept),
                HostEffect::ListenCarried { conn, offer_id } => self.listen_carried(conn, offer_id),
                HostEffect::Carry {
                    offer_id, frames, ..
                } => self.carry(offer_id, frames),
                HostEffect::WakeAt { at_ms } => {
                    let delay = at_ms.saturating_sub(now_ms() as u64).min(60_000) as u32;
                    let weak = self.me.clone();
                    let timer = Timeout::new(delay, move || {
                        if let Some(link) = weak.upgrade() {
                            link.update(HostEvent::Tick {
                                now_ms: now_ms() as u64,
                            });
                        }
                    });
                    // Several may wait at once (a deal's end, a friend's
                    // connection not opening): each is kept until well
                    // after it fired (dropped sooner, it would not fire).
                    let mut wires = self.wires.borrow_mut();
                    let now = now_ms() as u64;
                    wires
                        .wakes
                        .retain(|(at, _)| at.saturating_add(120_000) > now);
                    wires.wakes.push((at_ms, timer));
                }
                HostEffect::KeepDeal(kept) => deal::keep(kept.as_deref()),
                HostEffect::Begin(session) => {
                    let then = self.screen.borrow_mut().on_begin.take();
                    if let Some(then) = then {
                        then(*session);
                    }
                }
                HostEffect::NextSeed(seed) => {
                    let then = self.screen.borrow_mut().on_next_seed.take();
                    if let Some(then) = then {
                        then(seed);
                    }
                }
                HostEffect::Changed => changed = true,
                HostEffect::Note(line) => console::note(&line),
            }
        }
        if changed {
            self.changed();
        }
    }

    /// The page came back after `away_ms` in the background (a phone's
    /// page frozen, a tab hidden): the relays of both links are reached
    /// again at once, so a friend knocking now is heard without waiting for
    /// a backoff or the next announce.
    pub(super) fn came_back(&self, away_ms: u64) {
        console::note(&format!("the page is back after {away_ms} ms away"));
        let relays: Vec<_> = [
            self.door.borrow().as_ref().map(|d| d.relays().clone()),
            self.watch.borrow().relays(),
        ]
        .into_iter()
        .flatten()
        .collect();
        for relays in relays {
            relays.wake();
        }
    }
}
