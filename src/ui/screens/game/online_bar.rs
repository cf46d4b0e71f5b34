//! The host's bar at an online table: friends who are not connected can be
//! invited again, or a bot can play for them; at their turn, waiting is a
//! choice too.

use crate::rules::Seat;
use crate::ui::i18n::{named, tr, Key, Lang, Named};
use crate::ui::online::{HostLink, SeatStatus};
use crate::ui::screens::lobby::SeatInvite;
use crate::ui::state::{GameMsg, GameState};
use std::collections::BTreeSet;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct OnlineBarProps {
    pub state: UseReducerHandle<GameState>,
    pub link: Rc<HostLink>,
    /// How each seat is called.
    pub names: Rc<Vec<String>>,
    /// The link's generation: changes whenever a friend's connection does
    /// (the game state does not).
    pub generation: u64,
}

#[function_component(OnlineBar)]
pub fn online_bar(props: &OnlineBarProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let state = &props.state;
    let link = &props.link;
    let inviting = use_state(BTreeSet::<u8>::new);
    // The seat and ply at which the host chose to wait for an absent friend.
    let waited = use_state(|| None::<(u8, u64)>);
    {
        // A friend invited again who is back needs no invitation on show
        // (the next disconnection starts with "Invite again").
        let inviting = inviting.clone();
        let link = link.clone();
        use_effect_with(state.version, move |_| {
            let back: Vec<u8> = inviting
                .iter()
                .copied()
                .filter(|&s| link.status(Seat(s)) == SeatStatus::Connected)
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
    let away: Vec<Seat> = link
        .guest_seats()
        .into_iter()
        .filter(|&s| link.status(s) != SeatStatus::Connected || state.stand_ins.contains(&s))
        .collect();
    if away.is_empty() || state.game.is_over() {
        return Html::default();
    }
    let absent = link.absent();
    // "Wait" holds until the match moves on (not until any message from
    // any friend arrives).
    let ply = state.actions.len() as u64;
    let rows = away.into_iter().map(|seat| {
        let name = props.names.get(seat.index()).cloned().unwrap_or_default();
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
        let standing_in = state.stand_ins.contains(&seat);
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
        let connected = link.status(seat) == SeatStatus::Connected;
        let asks = absent == Some(seat) && *waited != Some((seat.0, ply));
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
                    <SeatInvite link={link.clone()} {seat} name={AttrValue::from(name.clone())} generation={props.generation} bot_button={false} />
                }
            </section>
        }
    });
    html! { <div class="online-bar">{ for rows }</div> }
}
