//! What the game screen does about a new state, outside the reducer: the
//! sounds, the online session told of each action, the bots' moves, and
//! the pauses before a summary, a pass or the result. Each is an effect
//! that reads the state; the reducer itself sends, stores and plays nothing.

use super::online_bar::Online;
use crate::ui::bot_turn;
#[cfg(feature = "full")]
use crate::ui::online::LinkEvent;
use crate::ui::state::{GameMsg, GameState};
use gloo_timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use yew::prelude::*;

/// A timer that dispatches `msg` after `ms`, while `when` holds; any change
/// of `deps` restarts it.
#[hook]
fn use_timer<D: PartialEq + Clone + 'static>(
    state: &UseReducerHandle<GameState>,
    deps: D,
    when: bool,
    ms: u32,
    msg: fn() -> GameMsg,
) {
    let handle = state.clone();
    use_effect_with((deps, when, ms), move |(_, when, ms)| {
        let timer = when.then(|| Timeout::new(*ms, move || handle.dispatch(msg())));
        move || drop(timer)
    });
}

/// Sound effects for what the last change added to the log (a resumed
/// game starts quiet), and a chime when the person's turn starts; a
/// short vibration then, and when the person goes out.
#[hook]
pub fn use_sounds(state: &UseReducerHandle<GameState>) {
    let heard = use_mut_ref(|| state.game().log().len());
    let handle = state.clone();
    use_effect_with(state.game().log().len(), move |&len| {
        let from = std::mem::replace(&mut *heard.borrow_mut(), len);
        if let Some(new) = handle.game().log().get(from..len) {
            crate::ui::platform::sound::for_events(new, handle.me());
            let me = handle.me();
            let out = new
                .iter()
                .any(|e| matches!(e, crate::rules::Event::PlayerOut { seat, .. } if *seat == me));
            if out {
                crate::ui::platform::haptics::you_are_out();
            }
        }
    });
    let first = use_mut_ref(|| true);
    // At an online table the turn alert chimes instead, hidden page or
    // not (`platform::attention`, whole app only: the first download's
    // code stays as it was, byte for byte).
    #[cfg(feature = "full")]
    let alert_chimes = state.setup.has_online();
    use_effect_with(state.my_turn(), move |&mine| {
        let was_first = std::mem::replace(&mut *first.borrow_mut(), false);
        if mine && !was_first {
            #[cfg(feature = "full")]
            if !alert_chimes {
                crate::ui::platform::sound::your_turn();
            }
            #[cfg(not(feature = "full"))]
            crate::ui::platform::sound::your_turn();
            crate::ui::platform::haptics::your_turn();
        }
    });
}

/// An online table: what friends send and their connections go to the
/// game's session (in the reducer), any other change of the table (an
/// invite link ready) draws again, and what the session has to tell the
/// friends is sent after each change, from the state's outbox.
#[hook]
pub fn use_host_link(state: &UseReducerHandle<GameState>, link: Option<Online>) {
    {
        let handle = state.clone();
        let link = link.clone();
        use_effect_with((), move |_| {
            let on_event = link.as_ref().map(|Online(link)| {
                let h = handle.clone();
                let on_event = Callback::from(move |event| {
                    h.dispatch(match event {
                        #[cfg(feature = "full")]
                        LinkEvent::Message {
                            peer,
                            message,
                            now_ms,
                        } => GameMsg::Received {
                            peer,
                            message,
                            now_ms,
                        },
                        #[cfg(feature = "full")]
                        LinkEvent::Closed(peer) => GameMsg::Disconnected(peer),
                        #[cfg(feature = "full")]
                        LinkEvent::Invited(seat) => GameMsg::InvitedAgain(seat),
                        #[cfg(feature = "full")]
                        LinkEvent::NewPlayer(seat) => GameMsg::NewPlayer(seat),
                        #[cfg(feature = "full")]
                        LinkEvent::NewPlayers(list) => GameMsg::NewPlayers(list),
                        // The first download has no connection: nothing
                        // comes (and the session's reading stays out).
                        #[cfg(not(feature = "full"))]
                        _ => GameMsg::OnlineChanged,
                    })
                });
                link.listen(
                    on_event.clone(),
                    Callback::from(move |_| handle.dispatch(GameMsg::OnlineChanged)),
                );
                on_event
            });
            move || {
                // Only this screen's: after "Play again" the next match's
                // screen may listen already.
                if let (Some(Online(link)), Some(on_event)) = (link, on_event) {
                    link.stop_listening(&on_event);
                }
            }
        });
    }
    // Several changes may come before a draw: send all that was not sent.
    // (The handle reads the latest state, which a dispatch in an earlier
    // effect may have moved past this draw's.) A state comes to the screen
    // with nothing of its outbox sent: "Play again" queues the new match's
    // messages in it.
    let sent = use_mut_ref(|| 0u64);
    let handle = state.clone();
    let at_the_end = link.clone();
    use_effect_with(state.outbox.count(), move |_| {
        let from = std::mem::replace(&mut *sent.borrow_mut(), handle.outbox.count());
        if let Some(Online(link)) = link {
            match handle.outbox.since(from) {
                Some(mut out) => link.send(&mut out),
                None => {
                    if let Some(session) = handle.session() {
                        link.send(&mut session.resync_all().iter());
                    }
                }
            }
        }
    });
    // The match's end: its deal is revealed and checked on every page.
    // After the effect above, so the friends have the last move first.
    let handle = state.clone();
    use_effect_with(state.game().is_over(), move |&over| {
        if let (true, Some(Online(link))) = (over, at_the_end) {
            link.match_over(&handle);
        }
    });
}

/// Bots: one decision per timer tick, so the page keeps breathing even at
/// instant speed. Any change of state cancels a pending move.
#[hook]
pub fn use_bots(state: &UseReducerHandle<GameState>, paused: bool) {
    // A new game starts its bot timings afresh.
    use_effect_with((), |_| bot_turn::clear_timings());
    let handle = state.clone();
    let delay = state.bot_delay_ms();
    use_effect_with((state.version, paused, delay), move |(_, paused, delay)| {
        let mut timer = None;
        let live = Rc::new(Cell::new(true));
        let later: Rc<RefCell<Option<Timeout>>> = Rc::default();
        if !*paused {
            if let Some((_, level)) = handle.bot_to_act() {
                // With a pause to fill, the worker thinks for most of it;
                // at instant speed (or without a worker) the page decides
                // when the pause is over.
                let asked = *delay > 0
                    && bot_turn::ask_worker(&handle, *delay, live.clone(), later.clone());
                if !asked {
                    let h = handle.clone();
                    timer = Some(Timeout::new(*delay, move || {
                        if let Some(msg) = bot_turn::decide(&h, level) {
                            h.dispatch(msg);
                        }
                    }));
                }
            }
        }
        move || {
            live.set(false);
            drop(later.borrow_mut().take());
            drop(timer)
        }
    });
}

/// The pauses: the final table of a hand stays in view a moment before its
/// summary; in pass-and-play the device goes to the next person once the
/// last play (and what was drawn) has been seen; the match result opens
/// (`result_ready`) after the final table was seen.
#[hook]
pub fn use_pacing(
    state: &UseReducerHandle<GameState>,
    paused: bool,
    result_ready: &UseStateHandle<bool>,
) {
    let final_ms = state.final_table_ms();
    use_timer(
        state,
        state.version,
        state.summary.as_ref().is_some_and(|s| !s.open) && !paused,
        final_ms,
        || GameMsg::OpenSummary,
    );
    use_timer(
        state,
        state.version,
        state.pass_due().is_some() && !paused,
        state
            .speed
            .after_person_ms()
            .clamp(600, 1400)
            .max(state.exit_hold_ms()),
        || GameMsg::BeginPass,
    );
    let ready = result_ready.clone();
    use_effect_with(state.game().is_over(), move |&over| {
        let timer = (over && !*ready).then(|| {
            let ready = ready.clone();
            Timeout::new(final_ms, move || ready.set(true))
        });
        move || drop(timer)
    });
}
