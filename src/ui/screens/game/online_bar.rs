//! The host's bar at an online table: friends who are not connected can be
//! invited again, or a bot can play for them; at their turn, waiting is a
//! choice too.

use crate::i18n::{named, tr, Key, Lang, Named};
use crate::online::protocol::Presence;
use crate::online::{Mover, Outgoing};
use crate::rules::Seat;
use crate::ui::online::{HostLink, LinkEvent, SeatStatus};
use crate::ui::screens::lobby::SeatInvite;
use crate::ui::state::{GameMsg, GameState};
use std::collections::BTreeSet;
use std::rc::Rc;
use yew::prelude::*;

/// What the game screen asks of an online table's connections. The game
/// reaches [`HostLink`] only through this: the first download, which has
/// no online tables (`ui::app::Parts`), then carries none of their code.
pub trait OnlineTable {
    /// How `seat`'s friend is connected, as the table shows it.
    fn status_with(&self, seat: Seat, presence: Option<Presence>) -> SeatStatus;
    /// Where the friends' messages and the table's changes go.
    fn listen(&self, on_event: Callback<LinkEvent>, on_change: Callback<u64>);
    /// This screen no longer listens (if it still was the one).
    fn stop_listening(&self, on_event: &Callback<LinkEvent>);
    /// Sends what the session says to the friends, in order.
    fn send(&self, out: &mut dyn Iterator<Item = &(Seat, Outgoing)>);
    /// Closes every connection (the host leaves the table).
    fn close_all(&self);
    /// The bar for the friends who are away or played by a bot.
    fn bar(
        self: Rc<Self>,
        lang: Lang,
        state: &UseReducerHandle<GameState>,
        names: &[String],
        bar: &BarState,
    ) -> Html;
}

impl OnlineTable for HostLink {
    fn status_with(&self, seat: Seat, presence: Option<Presence>) -> SeatStatus {
        HostLink::status_with(self, seat, presence)
    }

    fn listen(&self, on_event: Callback<LinkEvent>, on_change: Callback<u64>) {
        self.set_on_event(on_event);
        self.set_on_change(on_change);
    }

    fn stop_listening(&self, on_event: &Callback<LinkEvent>) {
        self.clear_callbacks_of(on_event);
    }

    fn send(&self, out: &mut dyn Iterator<Item = &(Seat, Outgoing)>) {
        HostLink::send(self, out);
    }

    fn close_all(&self) {
        HostLink::close_all(self);
    }

    fn bar(
        self: Rc<Self>,
        lang: Lang,
        state: &UseReducerHandle<GameState>,
        names: &[String],
        bar: &BarState,
    ) -> Html {
        online_bar(lang, state, &self, names, bar)
    }
}

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
pub struct BarState {
    inviting: UseStateHandle<BTreeSet<u8>>,
    waited: UseStateHandle<Option<(u8, u64)>>,
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
                    link.status_with(Seat(s), state.presence(Seat(s))) == SeatStatus::Connected
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

/// The bar, for the friends who are away or played by a bot.
fn online_bar(
    lang: Lang,
    state: &UseReducerHandle<GameState>,
    link: &Rc<HostLink>,
    names: &[String],
    bar: &BarState,
) -> Html {
    let BarState { inviting, waited } = bar;
    let status = |seat: Seat| link.status_with(seat, state.presence(seat));
    let away: Vec<Seat> = link
        .guest_seats()
        .into_iter()
        .filter(|&s| status(s) != SeatStatus::Connected || state.stands_in(s))
        .collect();
    if away.is_empty() || state.game().is_over() {
        return Html::default();
    }
    let absent = match state.session().and_then(|s| s.mover()) {
        Some(Mover::Absent(seat)) => Some(seat),
        _ => None,
    };
    // "Wait" holds until the match moves on (not until any message from
    // any friend arrives).
    let ply = state.actions.len() as u64;
    let rows = away.into_iter().map(|seat| {
        let name = names.get(seat.index()).cloned().unwrap_or_default();
        let on_invite = {
            let link = link.clone();
            let inviting = inviting.clone();
            Callback::from(move |_: MouseEvent| {
                link.invite(seat);
                let mut next = (*inviting).clone();
                next.insert(seat.0);
                inviting.set(next);
            })
        };
        let standing_in = state.stands_in(seat);
        let on_bot = {
            let handle = state.clone();
            Callback::from(move |_: MouseEvent| {
                handle.dispatch(GameMsg::StandIn {
                    seat,
                    playing: !standing_in,
                })
            })
        };
        let on_wait = {
            let waited = waited.clone();
            Callback::from(move |_: MouseEvent| waited.set(Some((seat.0, ply))))
        };
        let connected = status(seat) == SeatStatus::Connected;
        let asks = absent == Some(seat) && **waited != Some((seat.0, ply));
        html! {
            <section key={seat.index()} class={classes!("online-seat", asks.then_some("asks"))} aria-label={named(lang, Named::SeatInLobby, &name)}>
                if !connected {
                    <p class="away-line">{ named(lang, Named::IsDisconnected, &name) }</p>
                }
                <div class="row">
                    if asks {
                        <button type="button" class="btn" onclick={on_wait}>{ tr(lang, Key::Wait) }</button>
                    }
                    if !connected || standing_in {
                        <button type="button" class={classes!("btn", asks.then_some("primary"))} onclick={on_bot}>
                            { named(lang, if standing_in { Named::GiveBack } else { Named::LetBotPlay }, &name) }
                        </button>
                    }
                    if !connected {
                        <button type="button" class="btn" onclick={on_invite}>{ named(lang, Named::InviteAgain, &name) }</button>
                    }
                </div>
                if inviting.contains(&seat.0) && !connected {
                    <SeatInvite link={link.clone()} {seat} name={AttrValue::from(name.clone())} generation={link.generation()} bot_button={false} />
                }
            </section>
        }
    });
    html! { <div class="online-bar">{ for rows }</div> }
}
