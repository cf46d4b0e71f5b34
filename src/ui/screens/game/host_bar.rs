//! The host's bar at an online table, over its connections
//! ([`HostLink`]): whole app only (the `full` feature), so the first
//! download carries none of it.

use super::online_bar::{BarState, DealResult, OnlineTable};
use crate::i18n::{self, named, tr, Key, Lang, Named, OnlineKey, WatchText};
use crate::online::protocol::Connection;
use crate::online::protocol::Presence;
use crate::online::watch::Peer;
use crate::online::{Mover, Outgoing};
use crate::rules::Seat;
use crate::ui::online::{DealNote, HostLink, LinkEvent, TableLinkState};
use crate::ui::screens::lobby::SeatInvite;
use crate::ui::screens::reactions::{reaction_bar, seat_bubbles};
use crate::ui::state::{GameMsg, GameState};
use std::rc::Rc;
use yew::prelude::*;

impl OnlineTable for HostLink {
    fn status_with(&self, seat: Seat, presence: Option<Presence>) -> Connection {
        HostLink::status_with(self, seat, presence)
    }

    fn listen(&self, on_event: Callback<LinkEvent>, on_change: Callback<u64>) {
        self.set_on_event(on_event);
        self.set_on_change(on_change);
    }

    fn stop_listening(&self, on_event: &Callback<LinkEvent>) {
        self.clear_callbacks_of(on_event);
    }

    fn send(&self, out: &mut dyn Iterator<Item = &(Peer, Outgoing)>) {
        HostLink::send(self, out);
    }

    fn close_all(&self) {
        HostLink::close_all(self);
    }

    fn deal_next(self: Rc<Self>, then: Box<dyn FnOnce(u64)>) {
        HostLink::deal_next(&self, then);
    }

    fn deal_result(&self, lang: Lang, state: &GameState) -> Option<DealResult> {
        let DealNote::Checked(verdict, code) = self.deal_note()? else {
            return None;
        };
        let line = i18n::deal_verdict(lang, &verdict, true, state.setup.rules.edition);
        let link = crate::routes::Route::Replay(code).link(&crate::ui::online::page_base());
        let copy = i18n::online(lang, OnlineKey::CopyMatchLink).to_string();
        Some((line, Some((copy, link))))
    }

    fn match_over(&self, state: &GameState) {
        if let Some(session) = state.session() {
            self.reveal(&session.save(), session.game());
        }
    }

    fn bar(
        self: Rc<Self>,
        lang: Lang,
        state: &UseReducerHandle<GameState>,
        names: &[String],
        bar: &BarState,
    ) -> Html {
        // The turn alert rides on the bar, which every draw of an online
        // table makes: the game screen, shared with the first download,
        // then carries none of its code.
        let waiting = state.setup.has_online() && state.my_turn() && !state.game().is_over();
        html! {
            <>
                <TurnAlert {waiting} {lang} />
                <TurnTimer state={state.clone()} />
                { online_bar(lang, state, &self, names, bar) }
                { reactions_bar(state, &self, names) }
            </>
        }
    }

    fn seat_reactions(&self, lang: Lang, seats: usize) -> Rc<Vec<Option<AttrValue>>> {
        seat_bubbles(lang, &self.reactions(), seats)
    }

    fn follow_reactions(self: Rc<Self>, state: &UseReducerHandle<GameState>) {
        HostLink::follow_reactions(&self, state);
    }
}

/// The host's Reactions button and panel (from the host's seat).
fn reactions_bar(
    state: &UseReducerHandle<GameState>,
    link: &Rc<HostLink>,
    names: &[String],
) -> Html {
    let me = state.me();
    let board = link.reactions();
    let on_send = {
        let (link, state) = (link.clone(), state.clone());
        Callback::from(move |r| link.react(&state, me, r))
    };
    let on_mute = {
        let link = link.clone();
        Callback::from(move |seat| link.toggle_mute(seat))
    };
    reaction_bar(&board, me, Rc::new(names.to_vec()), on_send, on_mute)
}

#[derive(Properties, PartialEq)]
struct TurnAlertProps {
    /// The match waits on the host.
    waiting: bool,
    lang: Lang,
}

/// The host's turn alert (`platform::attention`): draws nothing.
#[function_component(TurnAlert)]
fn turn_alert(props: &TurnAlertProps) -> Html {
    crate::ui::platform::attention::use_turn_alert(props.waiting, props.lang);
    Html::default()
}

#[derive(Properties, PartialEq)]
struct TurnTimerProps {
    state: UseReducerHandle<GameState>,
}

/// The table's turn limit (`online::turn_limit`): times the turn of the
/// friend the match waits on, and at the limit asks the game to let a
/// stand-in bot play their seat ([`GameMsg::TurnOver`], which the session
/// refuses if the match moved on meanwhile). Draws nothing.
#[function_component(TurnTimer)]
fn turn_timer(props: &TurnTimerProps) -> Html {
    use crate::online::turn_limit::TurnClock;
    use crate::ui::platform::clock::now_ms;
    let state = &props.state;
    let limit = state.turn_limit;
    // Between hands the match waits on the host's summary, not the friend.
    let waiting = state
        .session()
        .filter(|_| state.summary.is_none())
        .and_then(|s| s.waiting_on_friend());
    let ply = state.actions.len() as u32;
    let clock = use_mut_ref(TurnClock::new);
    {
        let handle = state.clone();
        use_effect_with((waiting, ply, limit), move |&(waiting, ply, limit)| {
            let now = now_ms() as u64;
            clock.borrow_mut().follow(waiting, ply, now);
            let due = clock.borrow().due_in(limit, now);
            let timer = due.map(|ms| {
                let ms = u32::try_from(ms).unwrap_or(u32::MAX);
                gloo_timers::callback::Timeout::new(ms, move || {
                    let over = clock.borrow().over(limit, now_ms() as u64);
                    if let Some((seat, ply)) = over {
                        handle.dispatch(GameMsg::TurnOver { seat, ply });
                    }
                })
            });
            move || drop(timer)
        });
    }
    Html::default()
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
        .filter(|&s| status(s) != Connection::Connected || state.stands_in(s))
        .collect();
    let deal = deal_line(lang, link, names);
    let watchers = watch_bar(lang, link);
    // Someone asks for a held seat: the host answers, match on or over.
    let point = Some((state.seed, state.game().log().len()));
    let requests = crate::ui::screens::seat_requests::seat_requests(lang, link, point);
    if away.is_empty() || state.game().is_over() {
        return html! { <>{ requests }{ watchers }{ for deal }</> };
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
        let connected = status(seat) == Connection::Connected;
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
    html! { <>{ requests }{ watchers }<div class="online-bar">{ for deal }{ for rows }</div></> }
}

/// The deal's note while the match is on: the friends' shares coming in,
/// or whose share did not come in time (the result says the rest).
fn deal_line(lang: Lang, link: &HostLink, names: &[String]) -> Option<Html> {
    let text = match link.deal_note()? {
        DealNote::Shuffling => i18n::online(lang, OnlineKey::DealShuffling).to_string(),
        DealNote::Without(seats) => {
            let who: Vec<String> = seats
                .iter()
                .filter_map(|s| names.get(s.index()).cloned())
                .collect();
            i18n::dealt_without(lang, &who)
        }
        DealNote::Checked(..) => return None,
    };
    Some(html! { <p class="deal-note muted" role="status">{ text }</p> })
}

/// While the watch link is shared: "2 watching", and "Stop sharing".
fn watch_bar(lang: Lang, link: &Rc<HostLink>) -> Html {
    if !matches!(link.watch_link(), TableLinkState::Ready(_)) {
        return Html::default();
    }
    let on_stop = {
        let link = link.clone();
        Callback::from(move |_: MouseEvent| link.stop_watching())
    };
    html! {
        <div class="online-bar watch-bar">
            <p class="watching-count" role="status" aria-live="polite">{ i18n::watching_count(lang, link.watcher_count()) }</p>
            <button type="button" class="btn ghost stop-sharing" onclick={on_stop}>{ i18n::watch_text(lang, WatchText::StopSharing) }</button>
        </div>
    }
}
