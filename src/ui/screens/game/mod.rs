//! The game screen: owns the game reducer, paces the bots, and puts the
//! `Table` (drawn from the model `live.rs` keeps) between its own bars:
//! the header, the online bar, the coach and the dialogs between hands and
//! at the end. What to say comes from `i18n`.

mod live;

use crate::rules::{Action, Event as MatchEvent, Format, Seat};
use crate::table::{Link, Player, Step};
use crate::ui::bot_turn;
use crate::ui::i18n::{
    self, callout, hand_over_heading, reason, tr, winners_line, Callout, Key, Lang, Narrator, Who,
};
use crate::ui::i18n::{named, Named};
use crate::ui::online::{HostLink, SeatStatus};
use crate::ui::platform::storage::SaveError;
use crate::ui::screens::coach::{self, Coach, Seen};
use crate::ui::screens::dialog::{DialogButton, EndScreen, Standing};
use crate::ui::screens::header::Header;
use crate::ui::screens::lobby::SeatInvite;
use crate::ui::screens::pass::PassScreen;
use crate::ui::state::{GameMsg, GameState, Speed};
use crate::ui::table::board::{Shown, Table};
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct GameProps {
    /// The freshly dealt game.
    pub start: Rc<GameState>,
    /// An online table: the session that tells the friends what happens.
    #[prop_or_default]
    pub link: Option<Rc<HostLink>>,
    /// Stop the bots (the rules screen is open).
    pub paused: bool,
    pub on_play_again: Callback<()>,
    pub on_new_game: Callback<()>,
    pub on_rules: Callback<()>,
    /// Opens the finished match in the replay viewer.
    pub on_replay: Callback<Rc<crate::share::SharedMatch>>,
    /// Opens the review of your plays in the finished match.
    pub on_review: Callback<Rc<crate::share::SharedMatch>>,
    /// The guided first game: coach marks explain the game as it goes.
    #[prop_or_default]
    pub learn: bool,
}

/// The total just before `log[index]`.
fn total_before(log: &[MatchEvent], index: usize) -> i32 {
    log.get(..index)
        .unwrap_or(log)
        .iter()
        .rev()
        .find_map(|e| match e {
            MatchEvent::Played { total, .. } | MatchEvent::DiscardedFourOno { total, .. } => {
                Some(*total)
            }
            MatchEvent::HandStarted { .. } => Some(0),
            _ => None,
        })
        .unwrap_or(0)
}

/// Pass-and-play: what happened since `log[from]`, as the viewer was told.
fn missed_lines(
    state: &GameState,
    link: Option<&HostLink>,
    from: usize,
    lang: Lang,
) -> Vec<String> {
    let name = |s: Seat| seat_label(state, link, s, lang);
    let step = Step::of_match(&state.game, from, state.viewer);
    let me = Some(state.me()).filter(|s| s.index() < state.setup.seat_count());
    let mut narrator = Narrator::new(
        state.setup.rules,
        total_before(state.game.log(), from),
        me,
        &name,
    );
    step.events
        .iter()
        .filter_map(|e| narrator.next(e))
        .map(|c| callout(lang, &c, state.setup.rules.edition))
        .collect()
}

/// Who plays `seat`, as the table shows it beside the name.
fn player_of(state: &GameState, link: Option<&HostLink>, seat: Seat) -> Player {
    match link.filter(|_| state.setup.is_online(seat)) {
        Some(link) => Player::Friend {
            link: match link.status(seat) {
                SeatStatus::Connected => Link::Connected,
                SeatStatus::Waiting => Link::Waiting,
                SeatStatus::Disconnected => Link::Disconnected,
            },
            stand_in: state.stand_ins.contains(&seat),
        },
        None => Player::Here,
    }
}

/// How the log and the standings name `seat`: "You" for the person.
fn seat_label(state: &GameState, link: Option<&HostLink>, seat: Seat, lang: Lang) -> String {
    if seat == state.me() {
        tr(lang, Key::You).to_string()
    } else {
        seat_name(state, link, seat, lang)
    }
}

/// The name `seat` goes by at this table: for a friend online, the name
/// they joined with; otherwise the setup's.
fn seat_name(state: &GameState, link: Option<&HostLink>, seat: Seat, lang: Lang) -> String {
    link.filter(|_| state.setup.is_online(seat))
        .and_then(|link| link.presence(seat))
        .map(|p| p.name)
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| state.setup.name(seat, lang))
}

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

#[function_component(Game)]
pub fn game(props: &GameProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let start = props.start.clone();
    let state = use_reducer(move || (*start).clone());
    let save_failed = crate::ui::persistence::use_persistence(&state);
    let link_rc = props.link.clone();
    let link = link_rc.as_deref();
    let confirm_leave = use_state(|| false);
    // The match result: shown a moment after the last play, closable to
    // look at the final table ("See the table"), reopened on demand.
    let result_ready = use_state(|| state.game.is_over());
    let result_hidden = use_state(|| false);
    let hints_on = use_context::<crate::ui::platform::prefs::Prefs>().is_some_and(|p| p.hints);
    // Learn to play: the marks shown so far (None: no lesson, or skipped).
    let lesson = use_state(|| props.learn.then(Seen::default));
    let coach_mark = lesson.and_then(|seen| {
        let me = state.me();
        coach::due(
            seen,
            &state.game.view(me),
            state.game.log(),
            state.my_turn() && !state.game.is_over(),
        )
    });
    let paused = props.paused || *confirm_leave || coach_mark.is_some();
    // Sound effects for what the last change added to the log (a resumed
    // game starts quiet), and a chime when the person's turn starts.
    {
        let heard = use_mut_ref(|| state.game.log().len());
        let handle = state.clone();
        use_effect_with(state.game.log().len(), move |&len| {
            let from = std::mem::replace(&mut *heard.borrow_mut(), len);
            if let Some(new) = handle.game.log().get(from..len) {
                crate::ui::platform::sound::for_events(new, handle.me());
            }
        });
    }
    {
        let my_turn = state.my_turn();
        let first = use_mut_ref(|| true);
        use_effect_with(my_turn, move |&mine| {
            let was_first = std::mem::replace(&mut *first.borrow_mut(), false);
            if mine && !was_first {
                crate::ui::platform::sound::your_turn();
            }
        });
    }
    // A new game starts its bot timings afresh.
    use_effect_with((), |_| bot_turn::clear_timings());
    // An online table: friends' accepted moves come in through the
    // session; any change of the table (connections, bots standing in)
    // draws again.
    {
        let handle = state.clone();
        let link = link_rc.clone();
        use_effect_with((), move |_| {
            if let Some(link) = &link {
                let h = handle.clone();
                link.set_on_remote(Callback::from(move |(seat, action)| {
                    h.dispatch(GameMsg::Remote { seat, action })
                }));
                link.set_on_change(Callback::from(move |_| {
                    handle.dispatch(GameMsg::OnlineChanged)
                }));
            }
            move || {
                if let Some(link) = link {
                    link.clear_callbacks();
                }
            }
        });
    }
    // Today's deal: whether this attempt counts, as it was when it began.
    let daily = use_state(|| {
        crate::ui::stats::daily_day(&state)
            .map(|day| (crate::ui::stats::daily_counting(&state).is_some(), day))
    });
    let inviting = use_state(std::collections::BTreeSet::<u8>::new);
    {
        // A friend invited again who is back needs no invitation on show
        // (the next disconnection starts with "Invite again").
        let inviting = inviting.clone();
        let link = link_rc.clone();
        use_effect_with(state.version, move |_| {
            if let Some(link) = link {
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
            }
        });
    }
    // The seat and ply at which the host chose to wait for an absent friend.
    let waited = use_state(|| None::<(u8, u64)>);
    // An online table: the session hears of every action taken at this
    // device (you, people here, bots, bots standing in for friends) and of
    // who a bot plays for, from the new state; the reducer sends nothing.
    {
        let handle = state.clone();
        let link = link_rc.clone();
        use_effect_with(state.version, move |_| {
            if let Some(link) = link {
                link.follow(&handle.actions, &handle.stand_ins);
            }
        });
    }

    // Bots: one decision per timer tick, so the page keeps breathing even
    // at instant speed. Any change of state cancels a pending move.
    {
        let handle = state.clone();
        let delay = state.bot_delay_ms();
        use_effect_with((state.version, paused, delay), move |(_, paused, delay)| {
            let mut timer = None;
            let live = Rc::new(std::cell::Cell::new(true));
            let later: Rc<std::cell::RefCell<Option<Timeout>>> = Rc::default();
            if !*paused {
                if let Some((_, level)) = handle.bot_to_act() {
                    // With a pause to fill, the worker thinks for most of
                    // it; at instant speed (or without a worker) the page
                    // decides when the pause is over, as before.
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
    // The final table of a hand stays in view a moment before its summary.
    let final_ms = state.speed.final_table_ms();
    use_timer(
        &state,
        state.version,
        state.summary.as_ref().is_some_and(|s| !s.open) && !paused,
        final_ms,
        || GameMsg::OpenSummary,
    );
    // Pass-and-play: the device goes to the next person once the last
    // play (and what was drawn) has been seen.
    use_timer(
        &state,
        state.version,
        state.pass_due().is_some() && !paused,
        state.speed.after_person_ms().clamp(600, 1400),
        || GameMsg::BeginPass,
    );
    {
        // The match result opens after the final table was seen.
        let ready = result_ready.clone();
        let over = state.game.is_over();
        use_effect_with(over, move |&over| {
            let timer = (over && !*ready).then(|| {
                let ready = ready.clone();
                Timeout::new(final_ms, move || ready.set(true))
            });
            move || drop(timer)
        });
    }

    let game = &state.game;
    let setup = &state.setup;
    let rules = setup.rules;
    let edition = rules.edition;
    let seats = setup.seat_count();
    // Whose hand shows: the person playing now (pass-and-play) or you.
    let viewer = state.viewer;
    // The table, kept step by step from the game state (the final table
    // of a hand whose summary is pending).
    let names: Vec<String> = (0..seats)
        .map(|i| seat_label(&state, link, Seat(i as u8), lang))
        .collect();
    let players: Vec<Player> = (0..seats)
        .map(|i| player_of(&state, link, Seat(i as u8)))
        .collect();
    let model = live::use_live_table(&state, lang, names, players, hints_on.then_some(state.seed));
    let name = |s: Seat| seat_label(&state, link, s, lang);
    let who = |s: Seat| Who::of(s, Some(state.me()), &name);
    let who_all = |seats: &[Seat]| seats.iter().map(|&s| who(s)).collect::<Vec<_>>();
    let waiting_name = model
        .to_act()
        .map(|t| seat_name(&state, link, t.seat, lang))
        .unwrap_or_default();
    let levels: Vec<_> = (0..seats).map(|i| setup.level(Seat(i as u8))).collect();
    let on_action = {
        let state = state.clone();
        Callback::from(move |action: Action| {
            state.dispatch(GameMsg::Act {
                seat: viewer,
                action,
                ply: None,
            })
        })
    };
    // Pass-and-play: what happened while this person waited for the device.
    let missed: Vec<String> = state
        .missed_from
        .map(|from| missed_lines(&state, link, from, lang))
        .unwrap_or_default();

    let error = state.last_error.as_ref().map(|e| {
        let dismiss = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(GameMsg::ClearError))
        };
        html! {
            <div class="error" role="alert">
                <span>{ format!("{} {}", tr(lang, Key::ErrorPrefix), reason(lang, e, edition, &waiting_name)) }</span>
                <button type="button" class="btn small" onclick={dismiss}>{ tr(lang, Key::Dismiss) }</button>
            </div>
        }
    });

    // The standings come from the match as it stands (tokens and scores
    // after the hand), not from the final table on show.
    let live = game.view(viewer);
    let standings = |winners: &[Seat]| -> Vec<Standing> {
        let places = game.places();
        let mut rows: Vec<Standing> = live
            .seats
            .iter()
            .map(|(seat, p)| Standing {
                name: seat_label(&state, link, seat, lang),
                tokens: p.tokens,
                score: p.score,
                in_match: p.in_match,
                winner: winners.contains(&seat),
                mine: seat == state.me(),
                seat,
                place: places[seat],
            })
            .collect();
        rows.sort_by_key(|r| r.place);
        rows
    };

    // What ended the match, above the final standings.
    let last_hand_lines: Vec<String> = model
        .announce()
        .iter()
        .filter(|c| {
            matches!(
                c,
                Callout::Out { .. }
                    | Callout::HandLost { .. }
                    | Callout::HandLastIn { .. }
                    | Callout::HandOver { .. }
                    | Callout::LeftMatch { .. }
            )
        })
        .map(|c| callout(lang, c, edition))
        .collect();
    // The finished match, to replay, download, share or review.
    let finished_match = |cb: Callback<Rc<crate::share::SharedMatch>>| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let names = (0..state.setup.seat_count())
                .map(|i| state.setup.shared_name(Seat(i as u8), lang))
                .collect();
            cb.emit(Rc::new(crate::share::SharedMatch {
                rules: state.setup.rules,
                names,
                seed: state.seed,
                actions: state.actions.clone(),
            }))
        })
    };
    let on_replay = finished_match(props.on_replay.clone());
    let on_review = finished_match(props.on_review.clone());
    let show_result = {
        let hidden = result_hidden.clone();
        Callback::from(move |_: MouseEvent| hidden.set(false))
    };
    let overlay = if *confirm_leave {
        let leave = props.on_new_game.clone();
        let stay = confirm_leave.clone();
        Some(html! {
            <EndScreen
                heading={AttrValue::from(tr(lang, Key::LeaveHeading))}
                lines={vec![tr(lang, Key::LeaveText).to_string()]}
                standings={Vec::<Standing>::new()}
                format={rules.format}
                primary={DialogButton { label: tr(lang, Key::KeepPlaying).into(), onclick: Callback::from(move |_| stay.set(false)) }}
                secondary={Some(DialogButton { label: tr(lang, Key::LeaveGame).into(), onclick: Callback::from(move |_| leave.emit(())) })}
            />
        })
    } else if let Some(outcome) = game.outcome().filter(|_| *result_ready && !*result_hidden) {
        let again = props.on_play_again.clone();
        let new = props.on_new_game.clone();
        let hide = {
            let hidden = result_hidden.clone();
            Callback::from(move |_: MouseEvent| hidden.set(true))
        };
        let won = outcome.winners.iter().any(|&w| setup.is_person(w));
        let mut extra_buttons = vec![
            DialogButton {
                label: tr(lang, Key::ReviewMyPlays).into(),
                onclick: on_review.clone(),
            },
            DialogButton {
                label: tr(lang, Key::Replay).into(),
                onclick: on_replay.clone(),
            },
        ];
        if let Some((_, day)) = &*daily {
            // A result to share without spoilers: the day, the place, how
            // many plays it took.
            let text = i18n::daily_share(
                lang,
                day,
                game.places()[crate::ui::state::ME],
                seats,
                crate::ui::stats::my_plays(&state),
            );
            extra_buttons.push(DialogButton {
                label: tr(lang, Key::CopyResult).into(),
                onclick: Callback::from(move |_| crate::ui::screens::lobby::copy_text(&text)),
            });
        }
        let mut lines = last_hand_lines;
        if state.me() == crate::ui::state::ME {
            let place = game.places()[crate::ui::state::ME];
            lines.push(i18n::your_place(lang, place, seats));
        }
        Some(html! {
            <EndScreen
                heading={AttrValue::from(winners_line(lang, &who_all(&outcome.winners)))}
                {lines}
                standings={standings(&outcome.winners)}
                format={rules.format}
                celebrate={won}
                primary={DialogButton { label: tr(lang, Key::PlayAgain).into(), onclick: Callback::from(move |_| again.emit(())) }}
                secondary={Some(DialogButton { label: tr(lang, Key::NewGame).into(), onclick: Callback::from(move |_| new.emit(())) })}
                close={Some(DialogButton { label: tr(lang, Key::SeeTheTable).into(), onclick: hide })}
                extra={extra_buttons}
            />
        })
    } else if let Some(summary) = state.summary.as_ref().filter(|s| s.open) {
        let state2 = state.clone();
        let mut lines = Vec::new();
        if let Some(l) = summary.loser {
            lines.push(i18n::went_out_line(lang, &who(l)));
        }
        if let Some(w) = summary.winner {
            lines.push(i18n::last_in_line(lang, &who(w)));
        }
        for &s in &summary.left {
            lines.push(i18n::leaves_line(lang, &who(s)));
        }
        Some(html! {
            <EndScreen
                heading={AttrValue::from(hand_over_heading(lang, summary.hand))}
                {lines}
                standings={standings(&[])}
                format={rules.format}
                primary={DialogButton { label: tr(lang, Key::NextHand).into(), onclick: Callback::from(move |_| state2.dispatch(GameMsg::Continue)) }}
            />
        })
    } else {
        None
    };

    let on_speed = {
        let state = state.clone();
        Callback::from(move |s: Speed| state.dispatch(GameMsg::SetSpeed(s)))
    };
    // "Hand 1" says nothing in a one-hand match.
    let hand_label = match &*daily {
        Some((true, _)) => Some(AttrValue::from(tr(lang, Key::DailyCounted))),
        Some((false, _)) => Some(AttrValue::from(tr(lang, Key::DailyPractice))),
        None => (rules.format != Format::Elimination)
            .then(|| AttrValue::from(i18n::hand_number(lang, model.view().hand_number))),
    };
    let on_rules = {
        let cb = props.on_rules.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let on_reveal = {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(GameMsg::Reveal))
    };
    let on_skip = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(GameMsg::SkipAhead))
    };
    let on_new = {
        // Leaving a game in progress asks first; a finished one just goes.
        let cb = props.on_new_game.clone();
        let confirm = confirm_leave.clone();
        let over = game.is_over();
        Callback::from(
            move |_: MouseEvent| {
                if over {
                    cb.emit(())
                } else {
                    confirm.set(true)
                }
            },
        )
    };
    // The actions the hand area offers besides cards.
    let actions = html! {
        <>
            if state.can_skip() {
                <button type="button" class="btn primary skip" onclick={on_skip}>{ tr(lang, Key::SkipToResult) }</button>
            }
            if game.is_over() && *result_ready && *result_hidden {
                <button type="button" class="btn primary" onclick={show_result}>{ tr(lang, Key::ShowTheResult) }</button>
                <button type="button" class="btn" onclick={on_replay.clone()}>{ tr(lang, Key::Replay) }</button>
            }
        </>
    };

    let coach_box = coach_mark.map(|mark| {
        let got = {
            let lesson = lesson.clone();
            Callback::from(move |()| lesson.set(lesson.map(|s| s.with(mark))))
        };
        let skip = {
            let lesson = lesson.clone();
            Callback::from(move |()| lesson.set(None))
        };
        html! { <Coach {mark} on_got_it={got} on_skip={skip} /> }
    });
    // Friends who are not connected: invite them again, or let a bot play
    // for them; at their turn, waiting is a choice too.
    let online_bar = link_rc.as_ref().and_then(|link| {
        let away: Vec<Seat> = link
            .guest_seats()
            .into_iter()
            .filter(|&s| link.status(s) != SeatStatus::Connected || state.stand_ins.contains(&s))
            .collect();
        if away.is_empty() || game.is_over() {
            return None;
        }
        let absent = link.absent();
        let rows = away.into_iter().map(|seat| {
            let name = seat_name(&state, Some(link), seat, lang);
            let generation = link.generation();
            // "Wait" holds until the match moves on (not until any message
            // from any friend arrives).
            let ply = state.actions.len() as u64;
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
                        if !connected || state.stand_ins.contains(&seat) {
                            <button type="button" class={classes!("btn", asks.then_some("primary"))} onclick={on_bot}>
                                { named(lang, if state.stand_ins.contains(&seat) { Named::GiveBack } else { Named::LetBotPlay }, &name) }
                            </button>
                        }
                        if !connected {
                            <button type="button" class="btn" onclick={on_invite}>{ named(lang, Named::InviteAgain, &name) }</button>
                        }
                    </div>
                    if inviting.contains(&seat.0) && !connected {
                        <SeatInvite link={link.clone()} {seat} name={AttrValue::from(name.clone())} {generation} bot_button={false} />
                    }
                </section>
            }
        });
        Some(html! { <div class="online-bar">{ for rows }</div> })
    });

    let before_hand = html! {
        if !missed.is_empty() {
            <section class="missed" aria-labelledby="missed-heading">
                <h2 id="missed-heading">{ tr(lang, Key::SinceYourTurn) }</h2>
                <ol>{ for missed.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ol>
            </section>
        }
    };
    html! {
        <div class={classes!("game", format!("seats-{seats}"), state.skipping.then_some("skipping"))}>
            <Header {hand_label} speed={state.speed} {on_speed}>
                <button type="button" class="btn ghost" onclick={on_rules}>{ tr(lang, Key::Rules) }</button>
                <button type="button" class="btn ghost" onclick={on_new}>{ tr(lang, Key::Menu) }</button>
            </Header>
            if state.passing {
                <PassScreen name={AttrValue::from(setup.name(viewer, lang))} on_ready={on_reveal} />
            } else {
                <Table
                    model={Shown(model.clone())}
                    {levels}
                    my_name={AttrValue::from(setup.name(viewer, lang))}
                    hints={hints_on}
                    {on_action}
                    {actions}
                    {before_hand}
                >
                    // `if let`, not `for` over the Option: a `for` adds its items
                    // straight into this list, and Yew pairs unkeyed children by
                    // place from the end, so a message appearing here would
                    // rebuild the hand before it.
                    if let Some(node) = error { { node } }
                    if let Some(node) = online_bar { { node } }
                    if let Some(failed) = save_failed {
                        <p class="error-text save-failed" role="alert">{ tr(lang, match failed {
                            SaveError::Full => Key::SaveFailedFull,
                            SaveError::Unavailable => Key::SaveFailedUnavailable,
                            SaveError::NewerKept => Key::SaveFailedNewerKept,
                        }) }</p>
                    }
                    if let Some(node) = coach_box { { node } }
                </Table>
            }
            // Always present, so opening or closing a dialog never shifts
            // the table's elements (Yew pairs unkeyed children by place).
            <div class="dialogs">{ for overlay }</div>
        </div>
    }
}
