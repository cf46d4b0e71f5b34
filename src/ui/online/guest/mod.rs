//! A friend's side of an online table in the page: [`GuestLink`], the thin
//! executor of the pure [`FriendTable`] (`crate::online::friend`, where
//! every decision is). It turns the browser's callbacks (the data
//! channel, the relays, timers, clicks) into [`FriendEvent`]s and carries
//! out the [`FriendEffect`]s (`effects.rs`); by the table link, the
//! relays' side of its knocks and the seat's storage are in `knock.rs`.

mod carried;
mod effects;
mod knock;
mod view;

pub use crate::online::friend::Phase as GuestPhase;
pub use crate::online::friend::Returning;

use super::{code_error_key, ice_config};
use crate::i18n::{Key, Lang};
use crate::online::friend::{Entry, Fresh, FriendEvent, FriendTable};
use crate::online::reactions::{Board, Reaction};
use crate::online::signal::{hex, TableLink};
use crate::online::{GuestMirror, Invite};
use crate::rules::{Action, RuleSet, Seat};
use crate::table::TableModel;
use crate::ui::platform::clock::wall_ms;
use crate::ui::platform::prefs::NetworkPrefs;
use crate::ui::platform::webrtc::{IceConfig, PeerEvent};
use effects::Platform;
use std::cell::{Cell, Ref, RefCell};
use std::rc::Rc;
use yew::Callback;

/// How a friend's page came to the table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Ticket {
    /// An invite link for one seat: the reply code goes back by hand.
    Code(Invite),
    /// The table link (or the watch link): the relays carry the offer and
    /// the answer.
    Table(TableLink),
}

/// A friend's side of an online table: the model, the platform's handles,
/// and the table on show.
pub struct GuestLink {
    ticket: Ticket,
    /// The ICE servers the browser will use (the page names the STUN one).
    config: IceConfig,
    model: RefCell<FriendTable>,
    platform: RefCell<Platform>,
    /// The table from this friend's seat, and the language its seats are
    /// named in (`view.rs`).
    view: RefCell<view::Shown>,
    generation: Cell<u64>,
    on_change: RefCell<Option<Callback<u64>>>,
}

impl PartialEq for GuestLink {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

/// Random bytes for an event that may need some (`None`: the browser gave
/// none).
fn fresh() -> Option<Fresh> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).ok()?;
    Some(Fresh(bytes))
}

impl GuestLink {
    /// Reads an invite link (the whole address or just its code). Nothing
    /// connects yet: [`GuestLink::join`] does, on the friend's click.
    ///
    /// # Errors
    /// The message to show for a code that cannot be read.
    pub fn open(text: &str, net: &NetworkPrefs) -> Result<Rc<GuestLink>, Key> {
        let code = text
            .rsplit_once(crate::routes::JOIN_PREFIX)
            .map_or(text, |(_, c)| c);
        let invite = Invite::decode(code).map_err(|e| code_error_key(&e))?;
        Ok(GuestLink::with(Ticket::Code(invite), Entry::Invite, net))
    }

    /// Reads a table link (the whole address or its code). The page
    /// reaches the link's relays at once (issue 38: the sockets are open by
    /// the time Join is pressed), but nothing is sent to the host until the
    /// friend presses "Join"; a reload of a tab that sat at this table goes
    /// back to its seat at once.
    ///
    /// # Errors
    /// The link cannot be read.
    pub fn open_table(text: &str, net: &NetworkPrefs) -> Result<Rc<GuestLink>, Key> {
        let link = TableLink::decode(text).map_err(|_| Key::CodeDamaged)?;
        let entry = Entry::Link {
            table: hex(&link.secret),
        };
        Ok(GuestLink::with(Ticket::Table(link), entry, net))
    }

    /// Reads a watch link (the whole address or its code). The page
    /// reaches the relays at once; nothing is sent to the host until the
    /// watcher presses "Watch".
    ///
    /// # Errors
    /// The link cannot be read (a table link is not a watch link).
    pub fn open_watch(text: &str, net: &NetworkPrefs) -> Result<Rc<GuestLink>, Key> {
        let link = TableLink::decode_watch(text).map_err(|_| Key::CodeDamaged)?;
        Ok(GuestLink::with(Ticket::Table(link), Entry::Watch, net))
    }

    fn with(ticket: Ticket, entry: Entry, net: &NetworkPrefs) -> Rc<GuestLink> {
        let (tab_seat, kept) = match (&ticket, &entry) {
            (Ticket::Table(link), Entry::Link { table }) => {
                (knock::kept_seat(&link.encode()), knock::kept_key(table))
            }
            _ => (None, None),
        };
        let (model, fx) = FriendTable::new(entry, tab_seat, kept);
        let this = Rc::new(GuestLink {
            ticket,
            config: ice_config(net),
            model: RefCell::new(model),
            platform: RefCell::default(),
            view: RefCell::default(),
            generation: Cell::new(0),
            on_change: RefCell::default(),
        });
        this.platform.borrow_mut().returns = {
            let weak = Rc::downgrade(&this);
            crate::ui::platform::lifecycle::on_return(move |away_ms| {
                if let Some(link) = weak.upgrade() {
                    link.platform.borrow().came_back(away_ms);
                }
            })
        };
        this.run(fx);
        this.warm_relays();
        this
    }

    /// Hands `event` to the model and carries out what it says.
    fn dispatch(self: &Rc<Self>, event: FriendEvent) {
        let fx = self.model.borrow_mut().update(event);
        self.run(fx);
    }

    fn peer_event(self: &Rc<Self>, event: PeerEvent) {
        let now_ms = wall_ms();
        self.dispatch(match event {
            PeerEvent::Open => FriendEvent::ChannelOpen { now_ms },
            PeerEvent::Message(text) => FriendEvent::Received {
                bytes: text.into_bytes(),
                now_ms,
                fresh: fresh(),
            },
            PeerEvent::Closed => FriendEvent::ChannelClosed { now_ms },
        });
    }

    // ----- what the screens read --------------------------------------------

    /// Whether this page came by the watch link.
    pub fn is_watching(&self) -> bool {
        self.model.borrow().is_watching()
    }

    /// Whether this page came by a link of the relays (a table or watch
    /// link), not by an invite's code.
    pub fn by_relays(&self) -> bool {
        matches!(self.ticket, Ticket::Table(_))
    }

    /// Whether the host stopped sharing the watch link (this watcher was
    /// let go).
    pub fn sharing_stopped(&self) -> bool {
        self.model.borrow().sharing_stopped()
    }

    /// The host's name, as the link gave it.
    pub fn host_name(&self) -> String {
        match &self.ticket {
            Ticket::Code(invite) => invite.host_name.clone(),
            Ticket::Table(link) => link.host_name.clone(),
        }
    }

    /// The table's rules, as the link gave them.
    pub fn rules(&self) -> RuleSet {
        match &self.ticket {
            Ticket::Code(invite) => invite.rules,
            Ticket::Table(link) => link.rules,
        }
    }

    /// The number of seats, if the link says (an invite does).
    pub fn seat_count(&self) -> Option<u8> {
        match &self.ticket {
            Ticket::Code(invite) => Some(invite.seat_count),
            Ticket::Table(_) => None,
        }
    }

    /// The relays a table link goes through (none for an invite).
    pub fn relays(&self) -> Vec<String> {
        match &self.ticket {
            Ticket::Code(_) => Vec::new(),
            Ticket::Table(link) => link.relays.iter().map(|r| r.line()).collect(),
        }
    }

    /// The STUN server the browser will ask for its public address, if any
    /// (the page names it before the friend joins).
    pub fn stun(&self) -> Option<String> {
        self.config.stun.clone()
    }

    pub fn phase(&self) -> GuestPhase {
        self.model.borrow().phase()
    }

    /// Whether the brokers carry the table (no direct connection opened).
    pub fn through_relay(&self) -> bool {
        self.model.borrow().through_relay()
    }

    pub fn name(&self) -> String {
        self.model.borrow().name().to_string()
    }

    /// The seat's mirror, to read the table from.
    pub fn mirror(&self) -> Ref<'_, GuestMirror> {
        Ref::map(self.model.borrow(), |m| m.mirror())
    }

    /// This page's reactions board (bubbles, mutes, this friend's gate).
    pub fn reactions(&self) -> Ref<'_, Board> {
        Ref::map(self.model.borrow(), |m| m.reactions())
    }

    /// Whether the host refused the last move, and nothing moved since.
    pub fn refused(&self) -> bool {
        self.model.borrow().refused()
    }

    /// Whether the host's last table could not be used (a notice shows;
    /// the page has asked for it again).
    pub fn bad_view(&self) -> bool {
        self.model.borrow().bad_view()
    }

    /// Whether the host's page speaks another version of the protocol.
    pub fn other_version(&self) -> bool {
        self.model.borrow().other_version()
    }

    /// Whether the host started a new match at this table ("Play again")
    /// and this friend has not played in it yet.
    pub fn new_match(&self) -> bool {
        self.model.borrow().new_match()
    }

    /// The seat this browser held at this table before, while this page
    /// has not knocked yet.
    pub fn returning(&self) -> Option<Returning> {
        self.model.borrow().returning().cloned()
    }

    /// The seat this page asks for and the name of its player, while the
    /// host is asked whether this friend may take it.
    pub fn asking(&self) -> Option<(Seat, String)> {
        let model = self.model.borrow();
        let (seat, name) = model.asking()?;
        Some((seat, name.to_string()))
    }

    /// Whether the host has not answered the knocks for a while: its page
    /// may be in the background.
    pub fn host_quiet(&self) -> bool {
        self.model.borrow().host_quiet()
    }

    /// Whether every relay failed while knocking (the page says codes are
    /// the way left).
    pub fn relays_down(&self) -> bool {
        self.model.borrow().knocking() && self.platform.borrow().relays_down()
    }

    /// The table from this friend's seat, its seats named in `lang`.
    pub fn table(&self, lang: Lang) -> Option<Rc<TableModel>> {
        self.view.borrow_mut().table(&self.model.borrow(), lang)
    }

    pub fn generation(&self) -> u64 {
        self.generation.get()
    }

    pub fn set_on_change(&self, cb: Callback<u64>) {
        *self.on_change.borrow_mut() = Some(cb);
    }

    fn changed(&self) {
        self.generation.set(self.generation.get() + 1);
        let cb = self.on_change.borrow().clone();
        if let Some(cb) = cb {
            cb.emit(self.generation.get());
        }
    }

    // ----- what the friend does ---------------------------------------------

    /// The name sent to the host when the connection opens.
    pub fn set_name(self: &Rc<Self>, name: &str) {
        self.dispatch(FriendEvent::Name(name.to_string()));
    }

    /// "Join" ("Watch", "Join again", "Play here").
    pub fn join(self: &Rc<Self>) {
        self.dispatch(FriendEvent::Join);
    }

    /// Asks the host to take `action` for this seat: once a ply.
    pub fn act(self: &Rc<Self>, action: Action) {
        self.dispatch(FriendEvent::Act(action));
    }

    /// "I'm back": asks the host for this seat back from the stand-in bot.
    pub fn take_seat_back(self: &Rc<Self>) {
        self.dispatch(FriendEvent::Back);
    }

    /// Sends `reaction` from this friend's seat, unless their last went
    /// less than two seconds ago.
    pub fn react(self: &Rc<Self>, reaction: Reaction) {
        self.dispatch(FriendEvent::React {
            reaction,
            now_ms: wall_ms(),
        });
    }

    /// Mutes `seat`'s reactions on this page, or hears them again.
    pub fn toggle_mute(self: &Rc<Self>, seat: Seat) {
        self.dispatch(FriendEvent::Mute(seat));
    }

    /// Closes the connection (the friend leaves the table).
    pub fn leave(self: &Rc<Self>) {
        self.dispatch(FriendEvent::Leave);
    }
}
