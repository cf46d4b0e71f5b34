//! A friend's table carried by the brokers until, or instead of, a direct
//! connection (issue 38), in the friend's model.
//!
//! By the table link the host's answer comes through the relays; the
//! link's brokers then carry the table at once
//! ([`FriendEffect::CarryOpen`]) while the browsers make their direct
//! connection, which takes over when it opens (about a second on a
//! phone's network, six round trips: the friend is seated before). If it
//! never does (a symmetric NAT, a firewall that lets only TCP through),
//! the brokers go on carrying, and after [`SEATING_MS`] (or as soon as
//! the browser gives the connection up) the page says the table comes
//! *through a relay*. The connection is opened at once: the join, and
//! every message after it, goes into a [`Stream`] (numbered, acknowledged,
//! cut under the brokers' limits, rate-limited) and out as
//! [`FriendEffect::Carry`]; what the host sends comes back as
//! [`FriendEvent::Carried`](super::FriendEvent::Carried). The table plays
//! the same.
//!
//! If nothing comes from the host that way within [`CARRY_WAIT_MS`] once
//! no direct connection is coming, no relay can carry the game either: the
//! page says so ([`Mode::NoPath`]). Once heard, a host silent for [`CARRY_SILENT_MS`]
//! is gone as a closed channel is: the page knocks again.

use super::{Entry, Fresh, FriendEffect, FriendTable, Mode, TimerId, TimerKind, SEATING_MS};
use crate::online::protocol::GuestMessage;
use crate::online::signal::stream::Stream;
use crate::online::signal::OfferId;

/// How often the stream is looked at for frames to send again and
/// acknowledgements owed.
pub const CARRY_TICK_MS: u64 = 250;
/// How long the host has to be heard through the brokers before the page
/// says no relay can carry the game.
pub const CARRY_WAIT_MS: u64 = 20_000;
/// How long a host heard through the brokers may stay silent (it answers
/// the keepalive every 20 s) before the connection counts as lost.
pub const CARRY_SILENT_MS: u64 = 50_000;

/// The table carried by the brokers.
#[derive(Clone, Debug)]
pub struct CarriedLine {
    /// The offer the host seated this page by: the frames' topic.
    offer_id: OfferId,
    stream: Stream,
    tick: TimerId,
    /// [`CARRY_WAIT_MS`] for the host to be heard this way, once no
    /// direct connection is coming (a direct connection may take its time
    /// on a network whose brokers cannot carry the table).
    wait: Option<TimerId>,
    /// Whether the host was heard this way (a message of its stream).
    heard: bool,
    /// When the host was last heard this way (any frame).
    heard_ms: u64,
    /// While the direct connection may still open ([`SEATING_MS`] from
    /// the answer): the page does not say "through a relay" yet.
    direct_wait: Option<TimerId>,
}

impl FriendTable {
    /// Whether the page says the table comes through a relay: the brokers
    /// carry it and no direct connection opened in time (or the browser
    /// gave it up).
    pub fn through_relay(&self) -> bool {
        self.carried
            .as_ref()
            .is_some_and(|line| line.direct_wait.is_none())
    }

    /// The brokers carry the table from the host's answer on, while the
    /// direct connection is made, if this page came by the table link and
    /// does not carry it already. Whether they do.
    pub(super) fn try_carrying(&mut self, fx: &mut Vec<FriendEffect>) -> bool {
        let Some(offer_id) = self.seated_by else {
            return false;
        };
        if self.carried.is_some() || !matches!(self.entry, Entry::Link { .. }) {
            return false;
        }
        let now = self.now_ms;
        let tick = self.start_timer(TimerKind::CarryTick, now.saturating_add(CARRY_TICK_MS), fx);
        let mut id = [0u8; 4];
        id.copy_from_slice(&offer_id.0[..4]);
        self.carried = Some(CarriedLine {
            offer_id,
            stream: Stream::new(u32::from_be_bytes(id)),
            tick,
            // Started once no direct connection is coming (`no_direct`).
            wait: None,
            heard: false,
            heard_ms: now,
            direct_wait: None,
        });
        fx.push(FriendEffect::Note(
            "the table link: the brokers carry the table while the direct connection is made"
                .into(),
        ));
        fx.push(FriendEffect::CarryOpen(offer_id));
        self.opened(now, fx);
        let direct = self.start_timer(TimerKind::Seating, now.saturating_add(SEATING_MS), fx);
        if let Some(line) = self.carried.as_mut() {
            line.direct_wait = Some(direct);
        }
        true
    }

    /// A seating timer that is not the mode's: the carried table's wait
    /// for its direct connection, over.
    pub(super) fn direct_timer(&mut self, id: TimerId, fx: &mut Vec<FriendEffect>) {
        if self
            .carried
            .as_ref()
            .is_some_and(|line| line.direct_wait == Some(id))
        {
            self.no_direct(fx);
        }
    }

    /// No direct connection is coming: the page says the brokers carry
    /// the table, and if the host was not heard through them yet, gives
    /// them [`CARRY_WAIT_MS`].
    pub(super) fn no_direct(&mut self, fx: &mut Vec<FriendEffect>) {
        let Some(direct) = self
            .carried
            .as_mut()
            .and_then(|line| line.direct_wait.take())
        else {
            return;
        };
        fx.push(FriendEffect::CancelTimer(direct));
        let unheard = self
            .carried
            .as_ref()
            .is_some_and(|line| !line.heard && line.wait.is_none());
        if unheard {
            let at = self.now_ms.saturating_add(CARRY_WAIT_MS);
            let wait = self.start_timer(TimerKind::CarryWait, at, fx);
            if let Some(line) = self.carried.as_mut() {
                line.wait = Some(wait);
            }
        }
        fx.push(FriendEffect::Note(
            "the table link: no direct connection opened, the brokers carry the table".into(),
        ));
        fx.push(FriendEffect::Redraw);
    }

    /// A carried frame from the host: the messages it completes are the
    /// host's, as on a channel.
    pub(super) fn carried_frame(
        &mut self,
        frame: &[u8],
        now_ms: u64,
        fresh: Option<Fresh>,
        fx: &mut Vec<FriendEffect>,
    ) {
        let Some(line) = self.carried.as_mut() else {
            return;
        };
        let messages = match line.stream.receive(frame) {
            Ok(messages) => messages,
            Err(why) => {
                fx.push(FriendEffect::Warn(format!("the carried table ends: {why}")));
                return self.carrying_lost(fx);
            }
        };
        // Any frame of the host's stream (sealed with the table's key)
        // shows its page carries the table, an acknowledgement too: in
        // the lobby the host sends nothing else.
        line.heard_ms = now_ms;
        if messages.is_empty() {
            return;
        }
        line.heard = true;
        if let Some(wait) = line.wait.take() {
            fx.push(FriendEffect::CancelTimer(wait));
        }
        for message in messages {
            self.received(&message, now_ms, fresh, fx);
        }
    }

    /// One of the carried table's timers went off.
    pub(super) fn carry_timer(&mut self, id: TimerId, now_ms: u64, fx: &mut Vec<FriendEffect>) {
        let Some(line) = self.carried.as_ref() else {
            return;
        };
        if line.wait == Some(id) {
            fx.push(FriendEffect::Note(
                "the table link: nothing came through the brokers either".into(),
            ));
            self.stop_carrying(fx);
            self.cancel_mode_timers(fx);
            // The direct connection, given up too.
            fx.push(FriendEffect::ClosePeer);
            self.mode = Mode::NoPath;
            fx.push(FriendEffect::Redraw);
        } else if line.tick == id {
            if line.heard && now_ms.saturating_sub(line.heard_ms) >= CARRY_SILENT_MS {
                fx.push(FriendEffect::Note(
                    "the table link: the host went silent on the brokers".into(),
                ));
                return self.carrying_lost(fx);
            }
            let next = self.start_timer(
                TimerKind::CarryTick,
                now_ms.saturating_add(CARRY_TICK_MS),
                fx,
            );
            if let Some(line) = self.carried.as_mut() {
                line.tick = next;
                // What waits for an acknowledgement goes again.
                let frames = line.stream.due(now_ms);
                if !frames.is_empty() {
                    fx.push(FriendEffect::Carry {
                        offer_id: line.offer_id,
                        frames,
                    });
                }
            }
        }
    }

    /// The carried table is gone as a closed channel is (the page knocks
    /// again by the link).
    fn carrying_lost(&mut self, fx: &mut Vec<FriendEffect>) {
        self.stop_carrying(fx);
        self.closed(fx);
    }

    /// The brokers no longer carry the table: its timers stop and the page
    /// leaves them.
    pub(super) fn stop_carrying(&mut self, fx: &mut Vec<FriendEffect>) {
        if let Some(line) = self.carried.take() {
            fx.push(FriendEffect::CancelTimer(line.tick));
            for wait in [line.wait, line.direct_wait].into_iter().flatten() {
                fx.push(FriendEffect::CancelTimer(wait));
            }
            fx.push(FriendEffect::CarryClose);
        }
    }

    /// What goes to the host goes into the carried stream, while the
    /// brokers carry the table, and the frames due now go out (with what
    /// is sent, or at the stream's own times: `stream_time`).
    pub(super) fn carry_out(&mut self, stream_time: bool, fx: &mut Vec<FriendEffect>) {
        let now = self.now_ms;
        let Some(line) = self.carried.as_mut() else {
            return;
        };
        let mut out = Vec::with_capacity(fx.len());
        let mut too_much = false;
        let mut sent = stream_time;
        for effect in fx.drain(..) {
            let message = match effect {
                FriendEffect::Send(message) => message,
                FriendEffect::AskSeatBack => GuestMessage::Back,
                other => {
                    out.push(other);
                    continue;
                }
            };
            too_much |= line.stream.send(&message.encode()).is_err();
            sent = true;
        }
        let frames = if sent {
            line.stream.due(now)
        } else {
            Vec::new()
        };
        if !frames.is_empty() {
            out.push(FriendEffect::Carry {
                offer_id: line.offer_id,
                frames,
            });
        }
        *fx = out;
        if too_much {
            fx.push(FriendEffect::Warn("the carried table is backed up".into()));
            self.carrying_lost(fx);
        }
    }
}
