//! Quick reactions on a friend's page (issue 31): this friend's own, sent
//! at most one every two seconds, and the other seats' as the host relays
//! them, shown on the seat for two seconds through this page's own gate
//! (a host that lets too many through still shows one every two seconds
//! a seat here) and mutes.

use super::GuestLink;
use crate::online::reactions::{Board, Reaction, SHOWN_MS};
use crate::rules::Seat;
use crate::ui::platform::clock::now_ms;
use gloo_timers::callback::Timeout;
use std::rc::Rc;

impl GuestLink {
    /// This page's reactions board (bubbles, mutes, this friend's gate).
    pub fn reactions(&self) -> std::cell::Ref<'_, Board> {
        self.reactions.borrow()
    }

    /// Sends `reaction` from this friend's seat, unless their last went
    /// less than two seconds ago (then nothing is sent: the panel shows
    /// it waits). It shows on their own seat here too.
    pub fn react(self: &Rc<Self>, reaction: Reaction) {
        let Some(me) = self.mirror.borrow().view().map(|v| v.seat) else {
            return;
        };
        if !self.reactions.borrow().ready(me, now_ms() as u64) {
            return;
        }
        let request = self.mirror.borrow().react_request(reaction);
        if let Some(msg) = request {
            if self.send(&msg) {
                self.show(me, reaction);
            }
        }
    }

    /// Mutes `seat`'s reactions on this page, or hears them again.
    pub fn toggle_mute(&self, seat: Seat) {
        self.reactions.borrow_mut().toggle_mute(seat);
        self.changed();
    }

    /// `seat`'s reaction shows here (unless muted or too soon after its
    /// last), and goes [`SHOWN_MS`] later.
    pub(super) fn show(self: &Rc<Self>, seat: Seat, reaction: Reaction) {
        let now = now_ms() as u64;
        if self
            .reactions
            .borrow_mut()
            .arrive(seat, reaction, now)
            .is_none()
        {
            return;
        }
        self.changed();
        let weak = Rc::downgrade(self);
        Timeout::new(SHOWN_MS as u32, move || {
            if let Some(link) = weak.upgrade() {
                let gone = link.reactions.borrow_mut().expire(now_ms() as u64);
                if gone {
                    link.changed();
                }
            }
        })
        .forget();
    }
}
