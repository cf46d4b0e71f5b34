//! The host's bar at an online table: friends who are not connected can be
//! invited again, or a bot can play for them; at their turn, waiting is a
//! choice too.

use crate::i18n::Lang;
use crate::online::protocol::Connection;
use crate::online::protocol::Presence;
use crate::online::watch::Peer;
use crate::online::Outgoing;
use crate::rules::Seat;
use crate::ui::online::LinkEvent;
use crate::ui::state::GameState;
use std::collections::BTreeSet;
use std::rc::Rc;
use yew::prelude::*;

/// What the game screen asks of an online table's connections. The game
/// reaches the host's connections (`ui::online::HostLink`, whole app only,
/// `host_bar.rs`) only through this: the first download, built without
/// them, then carries none of their code.
pub trait OnlineTable {
    /// How `seat`'s friend is connected, as the table shows it.
    fn status_with(&self, seat: Seat, presence: Option<Presence>) -> Connection;
    /// Where the friends' messages and the table's changes go.
    fn listen(&self, on_event: Callback<LinkEvent>, on_change: Callback<u64>);
    /// This screen no longer listens (if it still was the one).
    fn stop_listening(&self, on_event: &Callback<LinkEvent>);
    /// Sends what the session says to the friends, in order.
    fn send(&self, out: &mut dyn Iterator<Item = &(Peer, Outgoing)>);
    /// Closes every connection (the host leaves the table).
    fn close_all(&self);
    /// Deals the next match ("Play again") so that anyone can check it:
    /// `then` gets its seed once the friends' contributions came.
    fn deal_next(self: Rc<Self>, then: Box<dyn FnOnce(u64)>);
    /// The match on the table is over: its deal is revealed to the
    /// friends and checked.
    fn match_over(&self, state: &GameState);
    /// What the result says of the deal once checked, and a button that
    /// copies the match's link with what checks it (its label, the link).
    fn deal_result(&self, lang: Lang, state: &GameState) -> Option<DealResult>;
    /// The bar for the friends who are away or played by a bot.
    fn bar(
        self: Rc<Self>,
        lang: Lang,
        state: &UseReducerHandle<GameState>,
        names: &[String],
        bar: &BarState,
    ) -> Html;
    /// The quick reaction each of the `seats` shows now, seat 0 first, in
    /// `lang`.
    #[cfg(feature = "full")]
    fn seat_reactions(&self, lang: Lang, seats: usize) -> Rc<Vec<Option<AttrValue>>>;
    /// The game changed: show the reaction the session let through last,
    /// if not shown yet, and let a bot react to what its action did.
    #[cfg(feature = "full")]
    fn follow_reactions(self: Rc<Self>, state: &UseReducerHandle<GameState>);
}

/// What the result of an online match says of its deal: the verdict's
/// line, and a button that copies the match's link (its label, the link).
pub type DealResult = (String, Option<(String, String)>);

/// An online table on the game screen (compared by identity).
#[derive(Clone)]
pub struct Online(pub Rc<dyn OnlineTable>);

impl PartialEq for Online {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// What the bar remembers between draws: the friends invited again, and
/// the seat and ply at which the host chose to wait for an absent friend.
#[derive(Clone)]
#[cfg_attr(not(feature = "full"), allow(dead_code))]
pub struct BarState {
    pub(super) inviting: UseStateHandle<BTreeSet<u8>>,
    pub(super) waited: UseStateHandle<Option<(u8, u64)>>,
}

/// The bar's state; a friend invited again who is back needs no invitation
/// on show (the next disconnection starts with "Invite again").
#[hook]
pub fn use_bar_state(state: &UseReducerHandle<GameState>, link: Option<Online>) -> BarState {
    let inviting = use_state(BTreeSet::<u8>::new);
    let waited = use_state(|| None::<(u8, u64)>);
    {
        let inviting = inviting.clone();
        let state = state.clone();
        use_effect_with(state.version, move |_| {
            let Some(Online(link)) = link else { return };
            let back: Vec<u8> = inviting
                .iter()
                .copied()
                .filter(|&s| {
                    link.status_with(Seat(s), state.presence(Seat(s))) == Connection::Connected
                })
                .collect();
            if !back.is_empty() {
                let mut next = (*inviting).clone();
                for s in back {
                    next.remove(&s);
                }
                inviting.set(next);
            }
        });
    }
    BarState { inviting, waited }
}
