//! A friend's data channel to the host, in the model: opened (the join,
//! said again until heard; the keepalive), closed (knocking again, or
//! not), what the host sends, the timers, the reactions.

use super::{
    Channel, Entry, Fresh, FriendEffect, FriendTable, Mode, Notice, TimerId, TimerKind,
    JOIN_AGAIN_MS, KEEPALIVE_MS, PING_MS, PONG_WAIT_MS,
};
use crate::online::guest::{GuestMirror, Received};
use crate::online::protocol::{clean_name, GuestMessage, ProtocolError, Refusal};
use crate::online::reactions::{Reaction, SHOWN_MS};
use crate::online::signal::seat_key::KeptSeat;
use crate::online::signal::SeatKey;
use crate::rules::Seat;

impl FriendTable {
    pub(super) fn opened(&mut self, now_ms: u64, fx: &mut Vec<FriendEffect>) {
        if self.carried.is_some() && self.channel().is_some() {
            // The direct connection opened late, while the brokers carry
            // the table: it takes over, as the host's side does when it
            // opens there. What was still on its way through the brokers
            // is made good: at the table, the table as it is is asked
            // for; in the lobby, the join goes again (the host keeps the
            // first).
            fx.push(FriendEffect::Note(
                "the direct connection opened late: it carries the table now".into(),
            ));
            self.stop_carrying(fx);
            fx.push(FriendEffect::Send(match self.mirror.view() {
                Some(_) => GuestMirror::resync_request(),
                None => self.hello(),
            }));
            fx.push(FriendEffect::Redraw);
            return;
        }
        if !matches!(
            self.mode,
            Mode::Preparing | Mode::Reply(_) | Mode::Knocking(_) | Mode::Seating(_)
        ) {
            return;
        }
        self.unopened = 0;
        self.cancel_mode_timers(fx);
        // The knock's relays are left, unless their brokers carry the
        // table now (from the answer on: `try_carrying`).
        if matches!(self.mode, Mode::Knocking(_)) && self.carried.is_none() {
            fx.push(FriendEffect::StopRelays);
        }
        // Back after a lost connection: the table shown until now stays,
        // nothing played from it, until the host's sync.
        self.mirror.reconnected();
        let keepalive = self.start_timer(
            TimerKind::Keepalive,
            now_ms.saturating_add(KEEPALIVE_MS),
            fx,
        );
        let join_again = self.start_timer(
            TimerKind::JoinAgain,
            now_ms.saturating_add(JOIN_AGAIN_MS),
            fx,
        );
        self.mode = Mode::Connected(Channel {
            heard: false,
            heard_ms: now_ms,
            asked: None,
            quiet: false,
            join_again: Some(join_again),
            keepalive,
            ticks: 0,
        });
        fx.push(FriendEffect::Send(self.hello()));
        fx.push(FriendEffect::Note("the join sent".into()));
        fx.push(FriendEffect::Redraw);
    }

    pub(super) fn closed(&mut self, fx: &mut Vec<FriendEffect>) {
        if self.carried.is_some() {
            // The direct connection that never opened, closing: the
            // brokers carry the table, and the page now says so.
            fx.push(FriendEffect::DropPeer);
            self.no_direct(fx);
            return;
        }
        match self.mode {
            // Replaced, let go or gone: stays so.
            Mode::Replaced | Mode::LetGo | Mode::Left => {
                fx.push(FriendEffect::DropPeer);
                return;
            }
            // Nothing open to close.
            Mode::Ready { .. }
            | Mode::Lost
            | Mode::Failed
            | Mode::Refused(_)
            | Mode::Unanswered
            | Mode::NoPath => return,
            // The connection the host answered closed before it opened.
            Mode::Seating(_) => return self.unopened(fx),
            _ => {}
        }
        if let Mode::Knocking(_) = self.mode {
            fx.push(FriendEffect::StopRelays);
        }
        self.cancel_mode_timers(fx);
        self.mode = Mode::Lost;
        fx.push(FriendEffect::DropPeer);
        // By the table link, the page knocks again for its seat (the host
        // reloaded, or the network changed); a watcher the same way.
        let knocks = match self.entry {
            Entry::Link { .. } => self.seat.is_some(),
            Entry::Watch => true,
            Entry::Invite => false,
        };
        if knocks {
            fx.push(FriendEffect::Note(
                "the table link: the connection was lost, knocking again".into(),
            ));
            self.join(fx);
        } else {
            fx.push(FriendEffect::Redraw);
        }
    }

    pub(super) fn timer(
        &mut self,
        id: TimerId,
        now_ms: u64,
        fresh: Option<Fresh>,
        fx: &mut Vec<FriendEffect>,
    ) {
        match id.kind {
            TimerKind::Knock => self.knock_tick(id, now_ms, fresh, fx),
            TimerKind::CarryTick | TimerKind::CarryWait => self.carry_timer(id, now_ms, fx),
            TimerKind::Seating => {
                if self.mode == Mode::Seating(id) {
                    self.unopened(fx);
                } else {
                    self.direct_timer(id, fx);
                }
            }
            TimerKind::JoinAgain => {
                let hello = self.hello();
                let Some(c) = self.channel_mut() else { return };
                if c.join_again != Some(id) {
                    return;
                }
                if c.heard {
                    c.join_again = None;
                    return;
                }
                let next = self.timer_id(TimerKind::JoinAgain);
                if let Some(c) = self.channel_mut() {
                    c.join_again = Some(next);
                }
                fx.push(FriendEffect::Send(hello));
                fx.push(FriendEffect::Note("the join sent again".into()));
                fx.push(FriendEffect::StartTimer {
                    id: next,
                    at_ms: now_ms.saturating_add(JOIN_AGAIN_MS),
                });
            }
            TimerKind::Keepalive => self.keepalive(id, now_ms, fx),
            TimerKind::Reaction => {
                let Some(at) = self.reaction_timers.iter().position(|t| *t == id) else {
                    return;
                };
                self.reaction_timers.remove(at);
                if self.reactions.expire(now_ms) {
                    fx.push(FriendEffect::Redraw);
                }
            }
        }
    }

    /// The keepalive's tick: a resync asked again or, at the table, a ping
    /// whose answer is looked for [`PONG_WAIT_MS`] later; none by then
    /// says the host's page may be in the background (and nothing more is
    /// asked until it is heard again).
    fn keepalive(&mut self, id: TimerId, now_ms: u64, fx: &mut Vec<FriendEffect>) {
        let retry = self.mirror.retry_request();
        let at_table = self.mirror.view().is_some();
        let carried = self.carried.is_some();
        let next = self.timer_id(TimerKind::Keepalive);
        let Some(c) = self.channel_mut() else { return };
        if c.keepalive != id {
            return;
        }
        c.keepalive = next;
        let wait = if let Some((asked, cycle)) = c.asked.take() {
            // The answer's time is up: none came, the host's page
            // may be frozen in the background (a phone's). Said
            // until it is heard again.
            if c.heard_ms < asked && !c.quiet {
                c.quiet = true;
                fx.push(FriendEffect::Note(
                    "the host's page did not answer at the table".into(),
                ));
                fx.push(FriendEffect::Redraw);
            }
            cycle.saturating_sub(PONG_WAIT_MS)
        } else if c.quiet {
            // Nothing more is asked of a page that does not
            // answer: what it was asked waits for it to be back
            // (a frozen page reads all it was sent at once, within
            // the host's limits).
            PING_MS
        } else {
            let cycle = match retry {
                Some(msg) => {
                    fx.push(FriendEffect::Send(msg));
                    KEEPALIVE_MS
                }
                // In the lobby the host holds what friends send
                // until the start: nothing to ask there. Through the
                // brokers a ping goes anyway (the host drops it): it
                // keeps each side hearing the other, as a channel's
                // own keepalive does.
                None if !at_table && carried => {
                    c.ticks = c.ticks.wrapping_add(1);
                    fx.push(FriendEffect::Send(GuestMessage::Ping { nonce: c.ticks }));
                    KEEPALIVE_MS
                }
                None if !at_table => KEEPALIVE_MS,
                None => {
                    c.ticks = c.ticks.wrapping_add(1);
                    fx.push(FriendEffect::Send(GuestMessage::Ping { nonce: c.ticks }));
                    PING_MS
                }
            };
            if at_table {
                c.asked = Some((now_ms, cycle));
                PONG_WAIT_MS
            } else {
                cycle
            }
        };
        fx.push(FriendEffect::StartTimer {
            id: next,
            at_ms: now_ms.saturating_add(wait),
        });
    }

    pub(super) fn received(
        &mut self,
        bytes: &[u8],
        now_ms: u64,
        fresh: Option<Fresh>,
        fx: &mut Vec<FriendEffect>,
    ) {
        let Some(c) = self.channel_mut() else { return };
        c.heard = true;
        c.heard_ms = now_ms;
        if std::mem::take(&mut c.quiet) {
            fx.push(FriendEffect::Redraw);
        }
        let received = self.mirror.receive(bytes);
        if let Ok(r) = &received {
            fx.push(FriendEffect::Follow(r.clone()));
        }
        match received {
            Ok(Received::Invalid(_)) => {
                self.notice(Notice::BadView);
                fx.push(FriendEffect::Send(GuestMirror::resync_request()));
            }
            Ok(r) if r.wants_resync() => {
                fx.push(FriendEffect::Send(GuestMirror::resync_request()));
            }
            // A join said again that crossed the table; with no table yet,
            // its welcome was lost on the way (the brokers carried it when
            // the direct connection took over): the table as it is.
            Ok(Received::Refused(Refusal::AlreadyJoined)) if self.mirror.view().is_none() => {
                fx.push(FriendEffect::Send(GuestMirror::resync_request()));
            }
            Ok(Received::Refused(Refusal::AlreadyJoined)) => {}
            Ok(Received::Refused(_)) => {
                self.notices.retain(|n| !matches!(n, Notice::RefusedAt(_)));
                self.notice(Notice::RefusedAt(self.mirror.ply()));
            }
            Ok(Received::Synced) => self.notices.retain(|n| *n != Notice::BadView),
            Ok(Received::Sealed { number }) => self.contribute(number, fresh, fx),
            Ok(Received::Revealed) => {
                if let Some(checked) = self.mirror.checked() {
                    fx.push(FriendEffect::Note(format!(
                        "deal {}: checked, {:?}",
                        checked.number, checked.verdict
                    )));
                }
            }
            Ok(Received::Reacted { seat, reaction }) => self.show(seat, reaction, now_ms, fx),
            // The host turned the watch link off: this watcher is let go
            // (the host closes the connection next; nothing knocks again).
            Ok(Received::SharingStopped) => {
                self.cancel_mode_timers(fx);
                self.mode = Mode::LetGo;
                fx.push(FriendEffect::Redraw);
                return;
            }
            Ok(Received::SeatKey(key)) => self.keep_key(key, fx),
            // Another page of this player took the seat up: this one stops
            // here (the host closes it next).
            Ok(Received::Replaced) => {
                self.cancel_mode_timers(fx);
                self.mode = Mode::Replaced;
                fx.push(FriendEffect::ForgetTabSeat);
                fx.push(FriendEffect::Redraw);
                return;
            }
            Ok(Received::NewMatch { .. }) => {
                self.notices.retain(|n| matches!(n, Notice::OtherVersion));
                self.notice(Notice::NewMatch);
            }
            Err(ProtocolError::WrongVersion { .. }) => self.notice(Notice::OtherVersion),
            // Unreadable: nothing changes, but what was lost may have been
            // an update or a new match; ask for the table.
            Err(_) => {
                self.notice(Notice::BadView);
                if let Some(msg) = self.mirror.unreadable() {
                    fx.push(FriendEffect::Send(msg));
                }
            }
            _ => {}
        }
        fx.push(FriendEffect::Redraw);
        let synced = self.mirror.view().is_some() && !self.mirror.held_over();
        if synced {
            if let Mode::Connected(c) = &mut self.mode {
                let mut c = c.clone();
                if let Some(t) = c.join_again.take() {
                    fx.push(FriendEffect::CancelTimer(t));
                }
                // At the table the host is pinged every PING_MS from now
                // (the lobby's next check may be up to KEEPALIVE_MS away).
                fx.push(FriendEffect::CancelTimer(c.keepalive));
                c.asked = None;
                c.keepalive =
                    self.start_timer(TimerKind::Keepalive, now_ms.saturating_add(PING_MS), fx);
                self.mode = Mode::Playing(c);
            }
        }
    }

    /// Gives the host's sealed deal `number` this page's share: random
    /// bytes drawn by the page, so the host alone does not choose the deal.
    pub(super) fn contribute(
        &mut self,
        number: u32,
        fresh: Option<Fresh>,
        fx: &mut Vec<FriendEffect>,
    ) {
        // A watcher plays no part in the deal.
        if self.is_watching() {
            return;
        }
        let Some(fresh) = fresh else {
            fx.push(FriendEffect::Warn(
                "no random bytes for the deal: nothing contributed".into(),
            ));
            return;
        };
        if let Some(msg) = self.mirror.contribute(number, fresh.contribution()) {
            fx.push(FriendEffect::Send(msg));
        }
    }

    /// Keeps `key`, the host's key of this page's seat: every later knock
    /// proves it. A watcher (or an invite) keeps none.
    pub(super) fn keep_key(&mut self, key: SeatKey, fx: &mut Vec<FriendEffect>) {
        let (Entry::Link { table }, Some(seat)) = (&self.entry, self.seat) else {
            return;
        };
        let kept = KeptSeat {
            table: table.clone(),
            seat,
            key,
            name: clean_name(&self.name),
        };
        self.kept = Some(kept.clone());
        fx.push(FriendEffect::StoreKey(kept));
    }

    /// Sends `reaction` from this friend's seat, unless their last went
    /// less than two seconds ago. It shows on their own seat here too.
    pub(super) fn react(&mut self, reaction: Reaction, now_ms: u64, fx: &mut Vec<FriendEffect>) {
        if self.is_watching() || self.channel().is_none() {
            return;
        }
        let Some(me) = self.mirror.view().map(|v| v.seat) else {
            return;
        };
        if !self.reactions.ready(me, now_ms) {
            return;
        }
        if let Some(msg) = self.mirror.react_request(reaction) {
            fx.push(FriendEffect::Send(msg));
            self.show(me, reaction, now_ms, fx);
        }
    }

    /// `seat`'s reaction shows here (unless muted or too soon after its
    /// last), and goes [`SHOWN_MS`] later.
    pub(super) fn show(
        &mut self,
        seat: Seat,
        reaction: Reaction,
        now_ms: u64,
        fx: &mut Vec<FriendEffect>,
    ) {
        if self.reactions.arrive(seat, reaction, now_ms).is_none() {
            return;
        }
        let id = self.start_timer(TimerKind::Reaction, now_ms.saturating_add(SHOWN_MS), fx);
        self.reaction_timers.push(id);
        fx.push(FriendEffect::Redraw);
    }
}
