//! What the page can ask of the game ([`GameMsg`]) and the one function
//! that answers it, [`GameState::update`], with the online table's part:
//! a friend's message handed to the host's session, a friend's link that
//! changed.

use super::Heard;
use super::{Engine, GameState};
use crate::online::host::HostedTable;
use crate::online::host::Outbox;
use crate::online::protocol::ProtocolError;
use crate::online::reactions::Reaction;
use crate::online::watch::Peer;
use crate::online::GuestMessage;
use crate::play::setup::Speed;
use crate::rules::{Action, Seat};

/// What the UI can ask of the game.
#[derive(Clone, Debug)]
pub enum GameMsg {
    /// `seat` takes `action`. `ply` (the number of actions so far when the
    /// move was chosen) lets a late bot move be ignored.
    Act {
        seat: Seat,
        action: Action,
        ply: Option<usize>,
    },
    /// Close the between-hands summary and deal on.
    Continue,
    /// Forget the last refused action's message.
    ClearError,
    SetSpeed(Speed),
    /// The person on the pass screen holds the device: show their hand.
    Reveal,
    /// Put up the pass screen for the next person (after the last play was
    /// seen).
    BeginPass,
    /// Open the between-hands summary (after the final table was seen).
    OpenSummary,
    /// Play the bots' moves without pauses until a person is needed again
    /// (the person is out of this hand, or out of the match).
    SkipAhead,
    /// An online table: a message from `peer` (a seat's friend or a
    /// watcher), untrusted,
    /// for the host's session to check (`now_ms`: the page's clock, for
    /// the session's rate limits), as the transport read it
    /// ([`GameMsg::received`]).
    Received {
        peer: Peer,
        message: Result<GuestMessage, ProtocolError>,
        now_ms: u64,
    },
    /// An online table: the connection to `peer` was lost.
    Disconnected(Peer),
    /// An online table: `seat`'s friend gets a new invitation (their next
    /// join is welcome).
    InvitedAgain(Seat),
    /// An online table: the host let a new person take `seat` from the
    /// friend who held it (issue 36); the seat's earlier hands are hidden
    /// from them.
    NewPlayer(Seat),
    /// An online table after the host's reload: the new people of the
    /// match as the page kept them (seed, seat, length of the log).
    NewPlayers(Vec<(u64, Seat, usize)>),
    /// The host lets a Medium bot play a friend's seat (`playing`), or
    /// gives the seat back to the friend.
    StandIn {
        seat: Seat,
        playing: bool,
    },
    /// An online table: `seat`'s friend was silent on their turn at `ply`
    /// for the table's turn limit (the page's timer says so, from
    /// [`crate::online::turn_limit::TurnClock`]): a stand-in bot plays
    /// their seat. Nothing if the match moved on meanwhile.
    TurnOver {
        seat: Seat,
        ply: u32,
    },
    /// The online table changed (a friend connected, left, or a bot took
    /// their seat): draw again.
    OnlineChanged,
    /// An online table: a quick reaction from a seat played here (the
    /// host's, or a bot's), at `now_ms` by the page's clock; the session
    /// drops it within two seconds of the seat's last.
    React {
        seat: Seat,
        reaction: Reaction,
        now_ms: u64,
    },
}

impl GameMsg {
    /// A message from `from` (a seat's friend or a watcher), as its bytes
    /// came.
    pub fn received(from: impl Into<Peer>, bytes: &[u8], now_ms: u64) -> GameMsg {
        GameMsg::Received {
            peer: from.into(),
            message: GuestMessage::decode(bytes),
            now_ms,
        }
    }
}

impl GameState {
    /// The state after `msg`, or `None` when it changes nothing. Pure: what
    /// the page must do about the change (tell friends, save, play a
    /// sound, start a timer) it reads from the new state.
    pub fn update(&self, msg: GameMsg) -> Option<GameState> {
        let mut next = match msg {
            GameMsg::Act { seat, action, ply } => {
                if ply.is_some_and(|p| p != self.actions.len()) || self.summary.is_some() {
                    return None;
                }
                if self.setup.is_online(seat) && !self.stands_in(seat) {
                    // A friend's seat moves by their messages only.
                    return None;
                }
                let mut next = self.clone();
                match next.act(seat, action) {
                    Ok(()) => next.last_error = None,
                    Err(e) => {
                        // A refused action changes nothing but the message.
                        next = self.clone();
                        next.last_error = Some(e);
                    }
                }
                next
            }
            GameMsg::Continue => {
                self.summary.as_ref()?;
                let mut next = self.clone();
                next.summary = None;
                next
            }
            GameMsg::ClearError => {
                self.last_error.as_ref()?;
                let mut next = self.clone();
                next.last_error = None;
                next
            }
            GameMsg::Reveal => {
                if !self.passing {
                    return None;
                }
                let mut next = self.clone();
                next.passing = false;
                // What happened since this person last played, to show
                // once their hand is back.
                next.missed_from = next.seen_upto.get(&next.viewer.index()).copied();
                next
            }
            GameMsg::BeginPass => {
                self.pass_due()?;
                let mut next = self.clone();
                next.begin_pass();
                next
            }
            GameMsg::OpenSummary => match &self.summary {
                Some(s) if !s.open => {
                    let mut next = self.clone();
                    if let Some(s) = next.summary.as_mut() {
                        s.open = true;
                    }
                    next
                }
                _ => return None,
            },
            GameMsg::SkipAhead => {
                if !self.can_skip() {
                    return None;
                }
                let mut next = self.clone();
                next.skipping = true;
                next
            }
            GameMsg::Received {
                peer,
                message,
                now_ms,
            } => {
                self.session()?;
                let mut next = self.clone();
                if !next.receive(peer, message, now_ms) {
                    // Nothing but who is connected changed: a new state to
                    // draw, but no new version, so no timer (bots,
                    // summaries, passing) starts over.
                    return Some(next);
                }
                next
            }
            // Who is connected: no new version either.
            GameMsg::Disconnected(peer) => return self.link_changed(|s| s.disconnect(peer)),
            GameMsg::InvitedAgain(seat) => return self.link_changed(|s| s.invite_again(seat)),
            GameMsg::NewPlayer(seat) => {
                return self.link_changed(|s| {
                    s.new_player(seat);
                    Vec::new()
                })
            }
            GameMsg::NewPlayers(list) => {
                return self.link_changed(|s| {
                    s.restore_new_players(&list);
                    Vec::new()
                })
            }
            // Only the page changed (an invite link is ready).
            GameMsg::OnlineChanged => return Some(self.clone()),
            // Nothing of the match: no new version.
            GameMsg::React {
                seat,
                reaction,
                now_ms,
            } => {
                let mut next = self.clone();
                let Engine::Hosted(session) = &mut next.engine else {
                    return None;
                };
                let out = session.react_local(seat, reaction, now_ms)?;
                next.outbox.push(out);
                next.heard(seat, reaction, now_ms);
                return Some(next);
            }
            GameMsg::StandIn { seat, playing } => {
                if !self.setup.is_online(seat) || self.stands_in(seat) == playing {
                    return None;
                }
                let mut next = self.clone();
                match &mut next.engine {
                    Engine::Hosted(session) => {
                        let out = if playing {
                            session.bot_takes(seat)
                        } else {
                            session.give_back(seat)
                        };
                        next.outbox.push(out);
                    }
                    Engine::Here(_) if playing => {
                        next.saved_stand_ins.insert(seat);
                    }
                    Engine::Here(_) => {
                        next.saved_stand_ins.remove(&seat);
                    }
                }
                next
            }
            GameMsg::TurnOver { seat, ply } => {
                let mut next = self.clone();
                let Engine::Hosted(session) = &mut next.engine else {
                    return None;
                };
                let out = session.turn_over(seat, ply)?;
                next.outbox.push(out);
                next
            }
            GameMsg::SetSpeed(speed) => {
                let mut next = self.clone();
                next.speed = speed;
                next
            }
        };
        next.version += 1;
        Some(next)
    }
}

impl GameState {
    /// A message from `peer`: the session checks it, and the action it
    /// accepted (if any, a seat's friend's) is the match's next. `None`:
    /// nothing changed that the table shows (a ping, a refusal: only
    /// messages to send, if any).
    fn receive(
        &mut self,
        peer: Peer,
        message: Result<GuestMessage, ProtocolError>,
        now_ms: u64,
    ) -> bool {
        let Engine::Hosted(session) = &mut self.engine else {
            return false;
        };
        let before = session.game().log().len();
        let handled = session.receive_read(peer, message, now_ms);
        self.outbox.push(handled.out);
        // A watcher neither reacts nor acts: the session lets through
        // only a seat's.
        let Peer::Seat(seat) = peer else {
            return false;
        };
        if let Some(reaction) = handled.reacted {
            self.heard(seat, reaction, now_ms);
        }
        match handled.accepted {
            Some(action) => {
                self.took(seat, action, before);
                true
            }
            None => false,
        }
    }

    /// `seat`'s reaction, let through by the session: the page shows it.
    fn heard(&mut self, seat: Seat, reaction: Reaction, at_ms: u64) {
        let number = self.reaction.map_or(1, |h| h.number.saturating_add(1));
        self.reaction = Some(Heard {
            number,
            seat,
            reaction,
            at_ms,
        });
    }

    /// A change of a friend's link in the session (`change` returns what
    /// to tell the friends).
    fn link_changed(
        &self,
        change: impl FnOnce(&mut dyn HostedTable) -> Outbox,
    ) -> Option<GameState> {
        let mut next = self.clone();
        let Engine::Hosted(session) = &mut next.engine else {
            return None;
        };
        let out = change(session.as_mut());
        next.outbox.push(out);
        Some(next)
    }
}
