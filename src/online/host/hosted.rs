//! The host's session as the game holds it: [`HostedTable`], what a game
//! at an online table asks of the session that owns its match.
//!
//! The game's state (`play::GameState`) holds the session behind this
//! trait, not by its type. A build that never hosts (the first download)
//! then links none of the session: no code of it is reached unless a
//! session is made, and only the whole app's pages make one. The split of
//! the download happens where a page makes a session, not inside the
//! game's state.

use super::{Handled, HostSession, Outbox};
use crate::online::protocol::{GuestMessage, Presence, ProtocolError};
use crate::online::reactions::Reaction;
use crate::online::watch::Peer;
use crate::rules::{Action, Match, RuleError, Seat};
use std::any::Any;

/// What the game's state asks of the online table's session.
pub trait HostedTable: Any {
    /// The match the session owns.
    fn game(&self) -> &Match;
    /// A copy, for the game's next state.
    fn boxed(&self) -> Box<dyn HostedTable>;
    /// The session itself, for the pages that show it.
    fn as_any(&self) -> &dyn Any;
    /// The friends' seats, in seat order.
    fn guest_seats(&self) -> Vec<Seat>;
    /// How `seat`'s friend stands ([`HostSession::presence`]).
    fn presence(&self, seat: Seat) -> Option<Presence>;
    /// Whether a bot plays `seat` for its friend now.
    fn bot_playing(&self, seat: Seat) -> bool;
    /// The next match at the same table ([`HostSession::rematch`]).
    fn rematch(&mut self, seed: u64) -> Option<Outbox>;
    /// A friend's message, as the transport read it
    /// ([`HostSession::receive_read`]).
    fn receive_read(
        &mut self,
        from: Peer,
        message: Result<GuestMessage, ProtocolError>,
        now_ms: u64,
    ) -> Handled;
    /// The connection to `peer` was lost.
    fn disconnect(&mut self, peer: Peer) -> Outbox;
    /// `seat`'s friend gets a new invitation.
    fn invite_again(&mut self, seat: Seat) -> Outbox;
    /// A new person took `seat` ([`HostSession::new_player`]).
    fn new_player(&mut self, seat: Seat);
    /// The new people of the match as the host's page kept them.
    fn restore_new_players(&mut self, saved: &[(u64, Seat, usize)]);
    /// `seat`, played at the host's page, takes `action`.
    fn act_local(&mut self, seat: Seat, action: Action) -> Result<Outbox, RuleError>;
    /// A reaction of a seat played at the host's page.
    fn react_local(&mut self, seat: Seat, reaction: Reaction, now_ms: u64) -> Option<Outbox>;
    /// A Medium bot plays `seat` until it is given back.
    fn bot_takes(&mut self, seat: Seat) -> Outbox;
    /// `seat`'s friend plays their seat again.
    fn give_back(&mut self, seat: Seat) -> Outbox;
    /// `seat`'s friend was silent on their turn at `ply` for the turn limit.
    fn turn_over(&mut self, seat: Seat, ply: u32) -> Option<Outbox>;
}

impl Clone for Box<dyn HostedTable> {
    fn clone(&self) -> Self {
        self.boxed()
    }
}

impl HostedTable for HostSession {
    fn game(&self) -> &Match {
        HostSession::game(self)
    }
    fn boxed(&self) -> Box<dyn HostedTable> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn guest_seats(&self) -> Vec<Seat> {
        HostSession::guest_seats(self).collect()
    }
    fn presence(&self, seat: Seat) -> Option<Presence> {
        HostSession::presence(self, seat)
    }
    fn bot_playing(&self, seat: Seat) -> bool {
        HostSession::bot_playing(self, seat)
    }
    fn rematch(&mut self, seed: u64) -> Option<Outbox> {
        HostSession::rematch(self, seed)
    }
    fn receive_read(
        &mut self,
        from: Peer,
        message: Result<GuestMessage, ProtocolError>,
        now_ms: u64,
    ) -> Handled {
        HostSession::receive_read(self, from, message, now_ms)
    }
    fn disconnect(&mut self, peer: Peer) -> Outbox {
        HostSession::disconnect(self, peer)
    }
    fn invite_again(&mut self, seat: Seat) -> Outbox {
        HostSession::invite_again(self, seat)
    }
    fn new_player(&mut self, seat: Seat) {
        HostSession::new_player(self, seat);
    }
    fn restore_new_players(&mut self, saved: &[(u64, Seat, usize)]) {
        HostSession::restore_new_players(self, saved);
    }
    fn act_local(&mut self, seat: Seat, action: Action) -> Result<Outbox, RuleError> {
        HostSession::act_local(self, seat, action)
    }
    fn react_local(&mut self, seat: Seat, reaction: Reaction, now_ms: u64) -> Option<Outbox> {
        HostSession::react_local(self, seat, reaction, now_ms)
    }
    fn bot_takes(&mut self, seat: Seat) -> Outbox {
        HostSession::bot_takes(self, seat)
    }
    fn give_back(&mut self, seat: Seat) -> Outbox {
        HostSession::give_back(self, seat)
    }
    fn turn_over(&mut self, seat: Seat, ply: u32) -> Option<Outbox> {
        HostSession::turn_over(self, seat, ply)
    }
}
