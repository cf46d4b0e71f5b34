//! What the host's doors decide (`doors.rs` holds what they keep): each
//! offer heard by a link, each answer made, the host's lock, allow and
//! refuse, and each seat following its connection.

use super::doors::{LinkDoor, Route, TableDoor};
use super::table::{ConnId, HostEffect, HostTable, InviteLink, LinkEvent};
use super::{HostSession, Outgoing};
use crate::online::protocol::HostMessage;
use crate::online::sdp::CompactSdp;
use crate::online::signal::seat_key::KeptTable;
use crate::online::signal::{Admit, Door, FriendOffer, KeyMint, Refused, SeatReply, SeatRequest};
use crate::online::watch::Peer;
use crate::rules::Seat;
use std::collections::BTreeMap;

impl HostTable {
    /// The table link's door, if its relays are reached.
    fn door(&self) -> Option<&Door> {
        Some(&self.doors.table.as_ref()?.door)
    }

    /// Whether the host locked the table link.
    pub fn is_locked(&self) -> bool {
        self.door().is_some_and(Door::is_locked)
    }

    /// The requests to take a held seat that the host has not answered.
    pub fn seat_requests(&self) -> Vec<SeatRequest> {
        self.door().map(Door::requests).unwrap_or_default()
    }

    /// The name `seat` holds at the table link's door (the one its friend
    /// knocked with), if it is an online seat there.
    pub fn door_name(&self, seat: Seat) -> Option<&str> {
        self.door()?.name(seat)
    }

    /// Whether the host stopped sharing the watch link.
    pub fn watch_stopped(&self) -> bool {
        self.doors.watch_stopped
    }

    /// The table link's relays are reached: its door opens with what the
    /// tab `kept` (the holders and new people of a table whose page
    /// reloaded) and a mint for the keys it draws.
    pub(super) fn open_table_door(
        &mut self,
        kept: KeptTable,
        mint: KeyMint,
        fx: &mut Vec<HostEffect>,
    ) {
        if self.doors.table.is_some() {
            return;
        }
        let names: Vec<(Seat, String)> = self
            .guests
            .iter()
            .map(|&seat| {
                let name = self
                    .session
                    .as_ref()
                    .and_then(|s| s.setup().seats.get(seat.index()))
                    .map(|s| s.name.clone())
                    .unwrap_or_default();
                (seat, name)
            })
            .collect();
        let mut door = Door::new(names);
        door.restore(kept.holders.iter().cloned());
        // The new people of this match: their seats' earlier hands stay
        // hidden from them.
        let list = kept.new_players.clone();
        let restore = list.clone();
        self.for_session(
            |s| {
                s.restore_new_players(&restore);
                Vec::new()
            },
            LinkEvent::NewPlayers(list),
            fx,
        );
        self.doors.table = Some(TableDoor {
            door,
            answers: BTreeMap::new(),
            asking: BTreeMap::new(),
            kept,
            mint,
        });
        fx.push(HostEffect::Note("the table link is ready".to_string()));
        self.listen(fx);
        fx.push(HostEffect::Changed);
    }

    /// The host locks the table link (`true`): only a friend coming back
    /// to their own seat is let in.
    pub(super) fn lock(&mut self, locked: bool, fx: &mut Vec<HostEffect>) {
        if let Some(t) = self.doors.table.as_mut() {
            t.door.lock(locked);
        }
        fx.push(HostEffect::Changed);
    }

    /// The watch link is shared again (`false`: the host stopped sharing
    /// it).
    pub(super) fn share_watch(&mut self, shared: bool) {
        self.doors.watch_stopped = !shared;
    }

    /// An offer came by `link`'s relays, opened and fresh, at `wall_ms`
    /// by the host's wall clock.
    pub(super) fn offer_heard(
        &mut self,
        link: LinkDoor,
        route: Route,
        offer: FriendOffer,
        wall_ms: u64,
        fx: &mut Vec<HostEffect>,
    ) {
        match link {
            LinkDoor::Table => self.friend_offer(route, offer, wall_ms, fx),
            LinkDoor::Watch => self.watcher_offer(route, offer, fx),
        }
    }

    fn friend_offer(
        &mut self,
        route: Route,
        offer: FriendOffer,
        wall_ms: u64,
        fx: &mut Vec<HostEffect>,
    ) {
        let Some(t) = self.doors.table.as_mut() else {
            return;
        };
        let fresh = t.mint.draw();
        let admitted = t.door.admit(&offer, wall_ms, fresh);
        if let Ok(Admit::Asked { .. }) = &admitted {
            // Only the asker's latest knock is answered.
            let latest = t.door.latest_offers();
            t.asking.retain(|id, _| latest.contains(id));
            t.asking.insert(offer.offer_id, route.clone());
        }
        fx.push(HostEffect::Note(format!(
            "relay: an offer from a friend: {}",
            match &admitted {
                Ok(Admit::Seat(s)) => format!("seat {}", s.0),
                Ok(Admit::Again(s)) => format!("seat {} again", s.0),
                Ok(Admit::Asked { seat, .. }) => format!("asks for held seat {}", seat.0),
                Err(why) => format!("refused ({why:?})"),
            }
        )));
        let reply = match admitted {
            Err(why) => SeatReply::Refused(why),
            Ok(Admit::Again(seat)) => match t.answers.get(&seat).cloned() {
                Some((conn, answer)) if self.is_latest(Peer::Seat(seat), conn) => {
                    SeatReply::Seated { seat, answer }
                }
                // Its answer is being made (it goes when it is), or its
                // connection was replaced since (the host invited the seat
                // by a code): nothing to give again.
                _ => return,
            },
            Ok(Admit::Asked { seat, holder }) => {
                fx.push(HostEffect::Changed);
                SeatReply::Asked { seat, name: holder }
            }
            Ok(Admit::Seat(seat)) => return self.seat_by_link(seat, route, offer, fx),
        };
        fx.push(HostEffect::Reply {
            link: LinkDoor::Table,
            route,
            offer,
            reply,
        });
    }

    /// `seat` is given to `offer`: its holder's other page, if one is
    /// still connected, is told and let go, and a new connection answers.
    fn seat_by_link(
        &mut self,
        seat: Seat,
        route: Route,
        offer: FriendOffer,
        fx: &mut Vec<HostEffect>,
    ) {
        self.replace(seat, fx);
        let peer = Peer::Seat(seat);
        let Some(conn) = self.connect(peer, fx) else {
            return;
        };
        fx.push(HostEffect::Answer {
            link: LinkDoor::Table,
            peer,
            conn,
            route,
            offer,
        });
    }

    fn watcher_offer(&mut self, route: Route, offer: FriendOffer, fx: &mut Vec<HostEffect>) {
        if self.doors.watch_stopped {
            return;
        }
        match self.seat_watcher() {
            Some((watcher, conn)) => {
                fx.push(HostEffect::Note(format!(
                    "relay: watcher {} at the table",
                    watcher.index()
                )));
                fx.push(HostEffect::Answer {
                    link: LinkDoor::Watch,
                    peer: Peer::Watcher(watcher),
                    conn,
                    route,
                    offer,
                });
            }
            None => {
                fx.push(HostEffect::Note(
                    "relay: a watcher turned away: full".to_string(),
                ));
                fx.push(HostEffect::Reply {
                    link: LinkDoor::Watch,
                    route,
                    offer,
                    reply: SeatReply::Refused(Refused::TableFull),
                });
            }
        }
    }

    /// The page made `answer` for `peer`'s connection `conn` at `now_ms`:
    /// it goes back as the reply to `offer`.
    pub(super) fn answer_made(
        &mut self,
        peer: Peer,
        conn: ConnId,
        (route, offer): (Route, FriendOffer),
        answer: CompactSdp,
        now_ms: u64,
        fx: &mut Vec<HostEffect>,
    ) {
        if !self.is_latest(peer, conn) {
            fx.push(HostEffect::Close { conn });
            return;
        }
        let (link, reply) = match peer {
            Peer::Seat(seat) => {
                self.answered(seat, conn, now_ms, fx);
                self.may_carry(conn, offer.offer_id, fx);
                if let Some(t) = self.doors.table.as_mut() {
                    t.answers.insert(seat, (conn, answer.clone()));
                }
                (LinkDoor::Table, SeatReply::Seated { seat, answer })
            }
            Peer::Watcher(_) if self.doors.watch_stopped => {
                fx.push(HostEffect::Close { conn });
                self.not_made(peer, conn);
                return;
            }
            Peer::Watcher(_) => (LinkDoor::Watch, SeatReply::Watching { answer }),
        };
        fx.push(HostEffect::Reply {
            link,
            route,
            offer,
            reply,
        });
        fx.push(HostEffect::Changed);
    }

    /// No answer could be made for `peer`'s connection `conn`: a seat is
    /// free again at the door, a watcher's place too.
    pub(super) fn answer_failed(&mut self, peer: Peer, conn: ConnId) {
        if !self.is_latest(peer, conn) {
            return;
        }
        match peer {
            Peer::Seat(seat) => {
                if let Some(t) = self.doors.table.as_mut() {
                    t.door.left(seat);
                }
            }
            Peer::Watcher(_) => self.not_made(peer, conn),
        }
    }

    /// The host allows request `id` at `wall_ms`: its asker takes the
    /// seat (a new key is theirs; the holder's no longer opens it), sees
    /// nothing of its earlier hands, and is answered at once. `point` is
    /// the match's seed and the length of its log now, once the game holds
    /// the session (in the lobby the session here says).
    pub(super) fn allow(
        &mut self,
        id: u32,
        point: Option<(u64, usize)>,
        wall_ms: u64,
        fx: &mut Vec<HostEffect>,
    ) {
        let point = point.or_else(|| {
            self.session
                .as_ref()
                .map(|s| (s.save().seed, s.game().log().len()))
        });
        let (Some(t), Some((seed, log_len))) = (self.doors.table.as_mut(), point) else {
            return;
        };
        let fresh = t.mint.draw();
        let Some(decided) = t.door.allow(id, wall_ms, fresh) else {
            fx.push(HostEffect::Changed);
            return;
        };
        let route = t.asking.remove(&decided.offer.offer_id);
        let seat = decided.seat;
        // A new person's seat, kept for a reload.
        t.kept
            .new_players
            .retain(|&(s, st, _)| s == seed && st != seat);
        t.kept.new_players.push((seed, seat, log_len));
        fx.push(HostEffect::Note(format!(
            "the host lets a new person take seat {}",
            seat.0
        )));
        // The session hides the seat's earlier hands from them before
        // anything reaches their page.
        self.for_session(
            |s| {
                s.new_player(seat);
                Vec::new()
            },
            LinkEvent::NewPlayer(seat),
            fx,
        );
        self.keep_seats(fx);
        if let Some(route) = route {
            self.seat_by_link(seat, route, decided.offer, fx);
        }
        fx.push(HostEffect::Changed);
    }

    /// The host refuses request `id`: its asker is told the seat is kept
    /// for its player.
    pub(super) fn refuse(&mut self, id: u32, fx: &mut Vec<HostEffect>) {
        let Some(t) = self.doors.table.as_mut() else {
            return;
        };
        if let Some(decided) = t.door.refuse(id) {
            let name = t.door.name(decided.seat).unwrap_or_default().to_string();
            if let Some(route) = t.asking.remove(&decided.offer.offer_id) {
                fx.push(HostEffect::Reply {
                    link: LinkDoor::Table,
                    route,
                    offer: decided.offer,
                    reply: SeatReply::Refused(Refused::Kept {
                        seat: decided.seat,
                        name,
                    }),
                });
            }
        }
        fx.push(HostEffect::Changed);
    }

    /// `seat`'s connection opened (`true`) or closed: the door follows (a
    /// friend the host invited by a code holds their seat from now on
    /// too), and the relays are listened to while a seat is free.
    pub(super) fn door_follows(&mut self, seat: Seat, open: bool, fx: &mut Vec<HostEffect>) {
        let by_code = matches!(self.invites.get(seat), Some(InviteLink::Ready(_)));
        let Some(t) = self.doors.table.as_mut() else {
            return;
        };
        if open {
            t.door.connected(seat);
            if by_code {
                let fresh = t.mint.draw();
                t.door.given_by_host(seat, fresh);
            }
            if t.door.is_held(seat) {
                self.keep_seats(fx);
            }
        } else {
            t.door.left(seat);
            t.answers.remove(&seat);
        }
        self.listen(fx);
    }

    /// Sends `seat`'s friend their seat's key, if the seat is held (at
    /// each of their joins: the channel carries messages by then).
    pub(super) fn send_seat_key(&mut self, seat: Seat, fx: &mut Vec<HostEffect>) {
        let key = self.door().and_then(|d| d.key(seat));
        if let Some(key) = key {
            let message = HostMessage::SeatKey { key: key.hex() };
            self.send(vec![(Peer::Seat(seat), Outgoing::Message(message))], fx);
        }
    }

    /// What the tab keeps of the seats, for a reload: the holders, and
    /// this match's new people (the session's, while the table holds it).
    fn keep_seats(&mut self, fx: &mut Vec<HostEffect>) {
        let from_session = self.session.as_ref().map(new_players);
        let Some(t) = self.doors.table.as_mut() else {
            return;
        };
        t.kept.holders = t.door.holders();
        if let Some(list) = from_session {
            t.kept.new_players = list;
        }
        fx.push(HostEffect::KeepSeats(t.kept.clone()));
    }

    /// The table link's relays are listened to while a friend's seat is
    /// not connected, and left once every friend is.
    pub(super) fn listen(&self, fx: &mut Vec<HostEffect>) {
        if self.doors.table.is_some() {
            fx.push(HostEffect::Listen(!self.closed() && !self.all_seated()));
        }
    }
}

/// The new people of `session`'s match, as the tab keeps them.
fn new_players(session: &HostSession) -> Vec<(u64, Seat, usize)> {
    let seed = session.save().seed;
    session
        .new_players()
        .iter()
        .map(|&(seat, from)| (seed, seat, from))
        .collect()
}
