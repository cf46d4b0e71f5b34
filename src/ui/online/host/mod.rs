//! The host's side of an online table in the page: [`HostLink`], the
//! executor of the pure [`HostTable`].
//!
//! Every decision about the table (who is connected, what a friend's
//! message does before and after the start, the deal anyone can check,
//! watchers' places) is the model's (`crate::online::host::table`). This
//! page turns what the browser reports into [`HostEvent`]s and carries out
//! the [`HostEffect`]s: the WebRTC connections (one per friend's seat and
//! watcher, by their [`ConnId`]), a timer, the tab's storage, and the
//! screens' callbacks. At the start the game takes the session (one
//! engine); from then on what friends say goes to the game as
//! [`LinkEvent`]s and what the game's session says goes out through
//! [`HostLink::send`].

mod carried;
mod deal;
mod door;
mod effects;
mod holders;
mod invite;
mod react;
mod relay_door;
mod watch_door;

pub use door::TableLinkState;

use crate::online::fair::Secret;
use crate::online::host::{ConnId, DealNote, HostEvent, HostTable, InviteLink};
use crate::online::protocol::{Connection, Presence};
use crate::online::turn_limit::TurnLimit;
use crate::online::watch::Peer as Who;
use crate::online::{HostSession, LinkEvent, Outgoing};
use crate::rules::{RuleSet, Seat};
use crate::ui::platform::clock::now_ms;
use crate::ui::platform::console;
use crate::ui::platform::lifecycle::{on_return, Returns};
use crate::ui::platform::webrtc::{IceConfig, Peer, PeerEvent};
use gloo_timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;
use yew::Callback;

/// How long a connection stays open after a notice that closes it (a
/// watcher told the host stopped sharing, a page told another took its
/// seat), so the notice arrives.
const CLOSE_AFTER_NOTICE_MS: u32 = 1_000;

/// The host's side of an online table.
pub struct HostLink {
    /// This link itself, for what the browser calls back later.
    me: std::rc::Weak<HostLink>,
    /// The table: every decision is its.
    table: RefCell<HostTable>,
    /// The browser's connections, by their number, and the timer the
    /// table asked for.
    wires: RefCell<Wires>,
    /// The screens listening, and what waits for them.
    screen: RefCell<Screen>,
    generation: Cell<u64>,
    config: IceConfig,
    host_name: String,
    seat_count: u8,
    rules: RuleSet,
    /// The table link's relays and door, once ready.
    door: RefCell<Option<door::TableDoor>>,
    table_link: RefCell<TableLinkState>,
    /// Quick reactions at the table, as this page shows them (`react.rs`).
    reactions: RefCell<react::HostReactions>,
    /// The watch link and its door (`watch_door.rs`).
    watch: RefCell<watch_door::WatchShare>,
    /// Listens for the page coming back from the background.
    _returns: Option<Returns>,
}

/// The platform's side of the table's connections.
#[derive(Default)]
struct Wires {
    peers: BTreeMap<ConnId, Rc<Peer>>,
    /// The connections the brokers may carry, by the offer each was
    /// seated by.
    carried: BTreeMap<crate::online::signal::OfferId, ConnId>,
    /// The table's wake-ups (a deal's end, a connection not opening),
    /// each with when it is due.
    wakes: Vec<(u64, Timeout)>,
}

/// Who listens to the table on this page.
#[derive(Default)]
struct Screen {
    on_change: Option<Callback<u64>>,
    /// Where [`LinkEvent`]s go once the game holds the session, and those
    /// that came before it listened.
    on_event: Option<Callback<LinkEvent>>,
    unheard: Vec<LinkEvent>,
    /// What the start and "Play again" hand over once dealt.
    on_begin: Option<Box<dyn FnOnce(HostSession)>>,
    on_next_seed: Option<Box<dyn FnOnce(u64)>>,
}

impl PartialEq for HostLink {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl std::fmt::Debug for HostLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostLink").finish_non_exhaustive()
    }
}

impl HostLink {
    /// The transport of `session`'s table: every friend's seat waits for
    /// an invitation.
    pub fn new(session: HostSession, config: IceConfig) -> Rc<HostLink> {
        let host_name = session
            .setup()
            .seats
            .first()
            .map(|s| s.name.clone())
            .unwrap_or_default();
        console::note("a new online table");
        Rc::new_cyclic(|me: &std::rc::Weak<HostLink>| HostLink {
            _returns: {
                let me = me.clone();
                on_return(move |away_ms| {
                    if let Some(link) = me.upgrade() {
                        link.came_back(away_ms);
                    }
                })
            },
            me: me.clone(),
            seat_count: session.game().seat_count() as u8,
            rules: *session.game().rules(),
            table: RefCell::new(HostTable::new(session, deal::restored())),
            wires: RefCell::default(),
            screen: RefCell::default(),
            generation: Cell::new(0),
            config,
            host_name,
            door: RefCell::default(),
            table_link: RefCell::new(TableLinkState::Off),
            reactions: RefCell::default(),
            watch: RefCell::default(),
        })
    }

    /// The name of `seat`'s friend if they were seated by the table link
    /// but no direct connection opened: the lobby says why.
    pub fn no_direct_path(&self, seat: Seat) -> Option<String> {
        if !self.table.borrow().no_direct_path(seat) {
            return None;
        }
        // The name the friend knocked with (the lobby's seat still has
        // the setup's: no join came).
        let table = self.table.borrow();
        Some(table.door_name(seat).unwrap_or_default().to_string())
    }

    /// Whether `seat`'s friend is said to be connected through a relay
    /// (the brokers carry their connection, and no direct one opened
    /// within 12 s or the browser gave it up).
    pub fn through_relay(&self, seat: Seat) -> bool {
        self.table.borrow().through_relay(Who::Seat(seat))
    }

    /// Whether the lobby is of a saved match, resumed after a reload.
    pub fn resumed(&self) -> bool {
        self.table.borrow().resumed()
    }

    /// The lobby is of a saved match (`true`), or of a new one.
    pub fn set_resumed(&self, resumed: bool) {
        self.table.borrow_mut().set_resumed(resumed);
    }

    /// The turn limit chosen in the lobby (the game keeps it once started).
    pub fn turn_limit(&self) -> TurnLimit {
        self.table.borrow().turn_limit()
    }

    /// The lobby's choice of a turn limit.
    pub fn set_turn_limit(&self, limit: TurnLimit) {
        self.table.borrow_mut().set_turn_limit(limit);
        self.changed();
    }

    /// The friends' seats, in seat order.
    pub fn guest_seats(&self) -> Vec<Seat> {
        self.table.borrow().guest_seats().to_vec()
    }

    /// Bumped on every change a screen shows.
    pub fn generation(&self) -> u64 {
        self.generation.get()
    }

    /// Where changes are reported (the screen showing the table or lobby).
    pub fn set_on_change(&self, cb: Callback<u64>) {
        self.screen.borrow_mut().on_change = Some(cb);
    }

    /// Where the friends' messages and connection changes go once the
    /// match started (the game's reducer); those that came before it
    /// listened go there now.
    pub fn set_on_event(&self, cb: Callback<LinkEvent>) {
        let unheard = std::mem::take(&mut self.screen.borrow_mut().unheard);
        for event in unheard {
            cb.emit(event);
        }
        self.screen.borrow_mut().on_event = Some(cb);
    }

    /// Forgets the screens' callbacks (the screen is gone; they would keep
    /// it, and this link, alive).
    pub fn clear_callbacks(&self) {
        let mut screen = self.screen.borrow_mut();
        screen.on_change = None;
        screen.on_event = None;
    }

    /// Forgets the callbacks of the game screen that listened with
    /// `on_event`, unless another has listened since (the next match's
    /// screen, after "Play again": it keeps the link).
    pub fn clear_callbacks_of(&self, on_event: &Callback<LinkEvent>) {
        let same = self.screen.borrow().on_event.as_ref() == Some(on_event);
        if same {
            self.clear_callbacks();
        }
    }

    fn changed(&self) {
        self.generation.set(self.generation.get() + 1);
        let cb = self.screen.borrow().on_change.clone();
        if let Some(cb) = cb {
            cb.emit(self.generation.get());
        }
    }

    /// The STUN server the browser will ask, if any (the lobby names it).
    pub fn stun(&self) -> Option<String> {
        self.config.stun.clone()
    }

    pub fn invite_link(&self, seat: Seat) -> InviteLink {
        self.table.borrow().invite_link(seat)
    }

    /// How `seat`'s friend stands in the lobby.
    pub fn status(&self, seat: Seat) -> Connection {
        self.status_with(seat, self.presence(seat))
    }

    /// How `seat`'s friend stands, with `presence` as the session says,
    /// and this page's connection to them ([`Connection::in_lobby`]).
    pub fn status_with(&self, seat: Seat, presence: Option<Presence>) -> Connection {
        self.table.borrow().status_with(seat, presence)
    }

    /// `seat`'s friend as the session in the lobby says.
    pub fn presence(&self, seat: Seat) -> Option<Presence> {
        self.table.borrow().session()?.presence(seat)
    }

    /// The name `seat` goes by in the lobby: the one its friend gave, once
    /// they said it, else the setup's (the session's word).
    pub fn seat_name(&self, seat: Seat) -> Option<String> {
        self.presence(seat)
            .map(|p| p.name)
            .filter(|n| !n.trim().is_empty())
    }

    /// Whether a bot plays `seat` for the friend meanwhile (in the lobby).
    pub fn bot_playing(&self, seat: Seat) -> bool {
        self.presence(seat).is_some_and(|p| p.bot_playing)
    }

    /// Whether the match can start: every friend connected or replaced.
    pub fn ready(&self) -> bool {
        self.table.borrow().ready()
    }

    pub fn started(&self) -> bool {
        self.table.borrow().started()
    }

    /// Starts (or resumes) the match, after a deal anyone can check when
    /// it is a new one (the friends whose join came are sent the seal of
    /// a secret, and the match is dealt from it and their contributions);
    /// `then` gets the session once dealt.
    pub fn start_fairly(self: &Rc<Self>, then: impl FnOnce(HostSession) + 'static) {
        if self.started() || self.shuffling() {
            return;
        }
        self.screen.borrow_mut().on_begin = Some(Box::new(then));
        self.update(HostEvent::Start {
            now_ms: now_ms() as u64,
            secret: fresh_secret(),
            fixed: crate::ui::platform::clock::seed_from_address().is_some(),
        });
    }

    /// Deals the next match at this table ("Play again") the same way:
    /// `then` gets its seed once the connected friends' contributions
    /// came, or the wait ended.
    pub fn deal_next(self: &Rc<Self>, then: impl FnOnce(u64) + 'static) {
        if self.shuffling() {
            console::warn("a deal was asked while one waits: ignored");
            return;
        }
        self.screen.borrow_mut().on_next_seed = Some(Box::new(then));
        self.update(HostEvent::DealNext {
            now_ms: now_ms() as u64,
            secret: fresh_secret(),
            seed: crate::ui::platform::clock::random_seed(),
        });
    }

    /// What the host's page shows of the deal now, if anything.
    pub fn deal_note(&self) -> Option<DealNote> {
        self.table.borrow().deal_note()
    }

    /// Whether a deal waits for contributions (Start and Play again wait).
    pub fn shuffling(&self) -> bool {
        self.table.borrow().deals().waiting()
    }

    /// The match `played` (on the table as `game`) is over: its share code
    /// with the proof goes to every page connected, and this page checks
    /// it as theirs do (once per match).
    pub fn reveal(&self, played: &crate::rules::Played, game: &crate::rules::Match) {
        let fx = self.table.borrow_mut().reveal(played, game);
        self.run(fx);
    }

    /// The friends' seats whose connection is open now (watchers not).
    pub fn open_seats(&self) -> Vec<Seat> {
        self.table.borrow().open_seats()
    }

    /// What connection `conn` of `who` reports goes to the table.
    fn on_peer_event(self: &Rc<Self>, who: Who, conn: ConnId) -> Rc<dyn Fn(PeerEvent)> {
        let weak = Rc::downgrade(self);
        Rc::new(move |event| {
            if let Some(link) = weak.upgrade() {
                link.update(match event {
                    PeerEvent::Open => HostEvent::Opened { peer: who, conn },
                    PeerEvent::Closed => HostEvent::Closed { peer: who, conn },
                    PeerEvent::Message(text) => HostEvent::Received {
                        peer: who,
                        conn,
                        bytes: text.into_bytes(),
                        now_ms: now_ms() as u64,
                    },
                });
            }
        })
    }

    /// The browser's connection `peer` is `who`'s connection `conn`, if
    /// that is still the latest (else it is closed: a newer one replaced
    /// it, or the table closed). Whether it was taken.
    fn adopt(&self, who: Who, conn: ConnId, peer: Peer) -> bool {
        let table = self.table.borrow();
        if table.closed() || !table.is_latest(who, conn) {
            peer.close();
            return false;
        }
        self.wires.borrow_mut().peers.insert(conn, Rc::new(peer));
        true
    }

    /// In the lobby: a Medium bot plays `seat` until it is given back.
    pub fn bot_takes(&self, seat: Seat) {
        self.update(HostEvent::BotTakes(seat));
    }

    /// In the lobby: the friend plays their seat again.
    pub fn give_back(&self, seat: Seat) {
        self.update(HostEvent::GiveBack(seat));
    }

    /// Sends what the game's session says to the friends (in order).
    pub fn send<'a>(&self, out: impl IntoIterator<Item = &'a (Who, Outgoing)>) {
        let out = out.into_iter().cloned().collect();
        self.update(HostEvent::Send {
            out,
            now_ms: now_ms() as u64,
        });
    }

    /// Closes every connection (the host leaves the table).
    pub fn close_all(&self) {
        console::note("the table's connections are all closed");
        self.update(HostEvent::Close);
        self.close_door();
        self.close_watch_door();
        self.wires.borrow_mut().wakes.clear();
        let peers = std::mem::take(&mut self.wires.borrow_mut().peers);
        for peer in peers.into_values() {
            peer.close();
        }
        self.clear_callbacks();
    }
}

/// Fresh random bytes for a deal's seal (`None`: the browser gave none).
fn fresh_secret() -> Option<Secret> {
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).ok()?;
    Some(Secret(secret))
}
