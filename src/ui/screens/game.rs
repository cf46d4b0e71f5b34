//! The game screen: owns the game reducer, runs the bots on a timer and
//! lays out the table, your hand, the call-outs and the log.

use crate::rules::{Action, Event as MatchEvent, Format, Seat, TurnStep};
use crate::ui::bot_turn;
use crate::ui::i18n::{
    self, callout, hand_number, hand_over_heading, reason, tr, turn_prompt, waiting_for,
    winners_line, Callout, Key, Lang, Who,
};
use crate::ui::screens::dialog::{DialogButton, EndScreen, Standing};
use crate::ui::screens::header::Header;
use crate::ui::screens::pass::PassScreen;
use crate::ui::state::{GameMsg, GameState, Speed};
use crate::ui::table::centre::Centre;
use crate::ui::table::hand::{CardSlot, Hand};
use crate::ui::table::log::{GameLog, Lines, LogLine};
use crate::ui::table::seat::Opponent;
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct GameProps {
    /// The freshly dealt game.
    pub start: Rc<GameState>,
    /// Stop the bots (the rules screen is open).
    pub paused: bool,
    pub on_play_again: Callback<()>,
    pub on_new_game: Callback<()>,
    pub on_rules: Callback<()>,
}

/// The call-outs of `events`, as `state` names the seats.
fn callouts<'a>(
    state: &'a GameState,
    events: &'a [MatchEvent],
    lang: Lang,
) -> impl Iterator<Item = Callout> + 'a {
    let me = state.me();
    events
        .iter()
        .filter_map(move |e| Callout::from_event(e, me, &|s: Seat| state.name(s, lang)))
}

/// The call-outs of `events`, as log lines.
fn log_lines(state: &GameState, events: &[MatchEvent], lang: Lang) -> Vec<LogLine> {
    let edition = state.setup.rules.edition;
    callouts(state, events, lang)
        .map(|c| LogLine {
            text: callout(lang, &c, edition),
            divider: c.starts_hand(),
            mine: c.is_about_you(),
        })
        .collect()
}

/// Where opponent `seat` sits: seats go clockwise from your left.
fn position_class(seats: usize, seat: Seat) -> String {
    format!("pos-{seats}-{}", seat.index())
}

#[function_component(Game)]
pub fn game(props: &GameProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let start = props.start.clone();
    let state = use_reducer(move || (*start).clone());
    crate::ui::platform::storage::use_persistence(&state);
    let past_hands = use_mut_ref(|| (lang, Vec::<Lines>::new()));
    let confirm_leave = use_state(|| false);
    let hints_on = use_context::<crate::ui::platform::prefs::Prefs>().is_some_and(|p| p.hints);
    // Sound effects for what the last change added to the log (a resumed
    // game starts quiet).
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
    // A new game starts its bot timings afresh.
    use_effect_with((), |_| bot_turn::clear_timings());

    // Bots: one decision per timer tick, so the page keeps breathing even
    // at instant speed. Any change of state cancels a pending move.
    {
        let handle = state.clone();
        use_effect_with(
            (state.version, props.paused || *confirm_leave, state.speed),
            move |(_, paused, speed)| {
                let mut timer = None;
                if !*paused {
                    if let Some((_, level)) = handle.bot_to_act() {
                        let h = handle.clone();
                        timer = Some(Timeout::new(speed.delay_ms(), move || {
                            if let Some(msg) = bot_turn::decide(&h, level) {
                                h.dispatch(msg);
                            }
                        }));
                    }
                }
                move || drop(timer)
            },
        );
    }

    let game = &state.game;
    let setup = &state.setup;
    let rules = setup.rules;
    let edition = rules.edition;
    let seats = setup.seat_count();
    let to_act = game.to_act();
    let owes = game.owes_two();
    // Whose hand shows: the person playing now (pass-and-play) or you.
    let viewer = state.viewer;
    let view = game.view(viewer);
    let name = |s: Seat| state.name(s, lang);
    let who = |s: Seat| Who::of(s, state.me(), &name);
    let who_all = |seats: &[Seat]| seats.iter().map(|&s| who(s)).collect::<Vec<_>>();

    // Opponents around the table.
    let opponents = (1..seats).map(|i| {
        // Seats go round from the viewer's left.
        let seat = Seat(((viewer.index() + i) % seats) as u8);
        let p = &view.seats[seat];
        html! {
            <Opponent
                key={i}
                name={AttrValue::from(setup.name(seat, lang))}
                level={setup.level(seat)}
                hand_len={p.hand_len}
                in_hand={p.in_hand}
                in_match={p.in_match}
                laid_down={p.laid_down.clone()}
                tokens={p.tokens}
                score={p.score}
                format={rules.format}
                {edition}
                to_act={state.summary.is_none() && to_act.is_some_and(|t| t.seat == seat)}
                owes_two={owes == Some(seat)}
                position={AttrValue::from(position_class(seats, Seat(i as u8)))}
            />
        }
    });

    // Your hand, with the engine's verdict on each card.
    let my_turn = state.my_turn();
    let me = &view.seats[viewer];
    let waiting_name = to_act
        .map(|t| state.setup.name(t.seat, lang))
        .unwrap_or_default();
    // The coach, from your seat's view only, when hints are on.
    let advice = if my_turn && hints_on {
        crate::bots::coach::advise(&view, &game.legal_actions())
    } else {
        Vec::new()
    };
    let slots: Vec<CardSlot> = view
        .hand
        .iter()
        .map(|&card| {
            let verdict = if my_turn {
                game.check(Action::Play(card))
            } else {
                Err(crate::rules::RuleError::NotYourTurn {
                    seat: viewer,
                    to_act: to_act.map(|t| t.seat).unwrap_or(viewer),
                })
            };
            CardSlot {
                card,
                reason: verdict
                    .err()
                    .map(|e| reason(lang, &e, edition, &waiting_name)),
                hint: advice
                    .iter()
                    .find(|a| a.action == Action::Play(card))
                    .map(|a| {
                        let percent = (a.next_stuck * 100.0).round().clamp(0.0, 100.0) as u32;
                        i18n::next_stuck(lang, percent, a.next_is_me)
                    }),
            }
        })
        .collect();
    let four_ono = my_turn && game.check(Action::DiscardFourOno).is_ok();
    let prompt = if game.is_over() {
        String::new()
    } else if !me.in_match {
        tr(lang, Key::YouLeftMatch).to_string()
    } else if !me.in_hand {
        tr(lang, Key::YouAreOut).to_string()
    } else if my_turn && four_ono && slots.iter().all(|s| s.reason.is_some()) {
        tr(lang, Key::OnlyFourOno).to_string()
    } else if my_turn {
        turn_prompt(
            lang,
            to_act.map(|t| t.step).unwrap_or(TurnStep::Single),
            edition,
        )
    } else if state.summary.is_some() {
        String::new()
    } else {
        waiting_for(lang, &waiting_name)
    };
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

    // Call-outs of the last action, for the live region and the banner.
    let current: Vec<String> = game
        .log()
        .get(state.announce_from..)
        .unwrap_or_default()
        .iter()
        .filter(|e| !matches!(e, MatchEvent::Drew { .. } | MatchEvent::Reshuffled { .. }))
        .filter_map(|e| Callout::from_event(e, state.me(), &name))
        .map(|c| callout(lang, &c, edition))
        .collect();
    // The log: each finished hand is worked out once and kept; only the
    // hand being played is redone on every change.
    let starts: Vec<usize> = game
        .log()
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, MatchEvent::HandStarted { .. }))
        .map(|(i, _)| i)
        .collect();
    let past: Vec<Lines> = {
        let mut cache = past_hands.borrow_mut();
        let done = starts.len().saturating_sub(1);
        if cache.0 != lang || cache.1.len() > done {
            *cache = (lang, Vec::new());
        }
        while cache.1.len() < done {
            let i = cache.1.len();
            let events = game.log().get(starts[i]..starts[i + 1]).unwrap_or_default();
            cache
                .1
                .push(Lines(Rc::new(log_lines(&state, events, lang))));
        }
        cache.1.clone()
    };
    let current_start = starts.last().copied().unwrap_or(0);
    let current_lines = Lines(Rc::new(log_lines(
        &state,
        game.log().get(current_start..).unwrap_or_default(),
        lang,
    )));

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

    let standings = |winners: &[Seat]| -> Vec<Standing> {
        let mut rows: Vec<Standing> = view
            .seats
            .iter()
            .map(|(seat, p)| Standing {
                name: state.name(seat, lang),
                tokens: p.tokens,
                score: p.score,
                in_match: p.in_match,
                winner: winners.contains(&seat),
                mine: seat == state.me(),
                seat,
                place: 0,
            })
            .collect();
        let places = game.places();
        for r in rows.iter_mut() {
            r.place = places[r.seat];
        }
        rows.sort_by_key(|r| r.place);
        rows
    };

    // What ended the match, above the final standings.
    let last_hand_lines: Vec<String> = game
        .log()
        .get(state.announce_from..)
        .unwrap_or_default()
        .iter()
        .filter(|e| {
            matches!(
                e,
                MatchEvent::PlayerOut { .. }
                    | MatchEvent::HandOver { .. }
                    | MatchEvent::LeftMatch { .. }
            )
        })
        .filter_map(|e| Callout::from_event(e, state.me(), &name))
        .map(|c| callout(lang, &c, edition))
        .collect();
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
    } else if let Some(outcome) = game.outcome() {
        let again = props.on_play_again.clone();
        let new = props.on_new_game.clone();
        let won = outcome.winners.iter().any(|&w| setup.is_person(w));
        Some(html! {
            <EndScreen
                heading={AttrValue::from(winners_line(lang, &who_all(&outcome.winners)))}
                lines={last_hand_lines}
                standings={standings(&outcome.winners)}
                format={rules.format}
                celebrate={won}
                primary={DialogButton { label: tr(lang, Key::PlayAgain).into(), onclick: Callback::from(move |_| again.emit(())) }}
                secondary={Some(DialogButton { label: tr(lang, Key::NewGame).into(), onclick: Callback::from(move |_| new.emit(())) })}
            />
        })
    } else if let Some(summary) = &state.summary {
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
    let hand_label = (rules.format != Format::Elimination)
        .then(|| AttrValue::from(hand_number(lang, view.hand_number)));
    let on_rules = {
        let cb = props.on_rules.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let on_reveal = {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(GameMsg::Reveal))
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
    let my_standing = match rules.format {
        Format::Elimination => None,
        Format::Tokens => Some(i18n::tokens_count(lang, me.tokens)),
        Format::Points => Some(i18n::points_count(lang, me.score)),
    };
    let top = view.discard_pile.last().copied();
    let top_by = game
        .log()
        .get(current_start..)
        .unwrap_or_default()
        .iter()
        .rev()
        .find_map(|e| match e {
            MatchEvent::Played { seat, .. } => Some(AttrValue::from(state.name(*seat, lang))),
            _ => None,
        });

    html! {
        <div class={classes!("game", format!("seats-{seats}"))}>
            <Header hand_label={hand_label} speed={state.speed} {on_speed}>
                <button type="button" class="btn ghost" onclick={on_rules}>{ tr(lang, Key::Rules) }</button>
                <button type="button" class="btn ghost" onclick={on_new}>{ tr(lang, Key::Menu) }</button>
            </Header>
            if state.passing {
                <PassScreen name={AttrValue::from(setup.name(viewer, lang))} on_ready={on_reveal} />
            } else {
            <main class="play">
                <div class={classes!("felt", format!("n{seats}"))} aria-label={tr(lang, Key::Table)} role="region">
                    { for opponents }
                    <Centre
                        total={view.total}
                        direction={view.direction}
                        draw_pile_len={view.draw_pile_len}
                        {top}
                        {top_by}
                        plays={state.actions.len()}
                        {edition}
                    />
                    <div class="callout" aria-live="polite" aria-atomic="true">
                        { for current.iter().map(|l| html! { <p>{ l.clone() }</p> }) }
                    </div>
                    <div class={classes!("me", my_turn.then_some("to-act"), (!me.in_hand).then_some("is-out"))}>
                        <span class="name">{ setup.name(viewer, lang) }</span>
                        if let Some(s) = my_standing { <span class="standing">{ s }</span> }
                        if my_turn { <span class="mark turn">{ tr(lang, Key::Turn) }</span> }
                        if owes == Some(viewer) { <span class="mark owes">{ tr(lang, Key::OwesTwo) }</span> }
                        if !me.in_hand { <span class="mark out">{ tr(lang, Key::Out) }</span> }
                    </div>
                </div>
                <Hand
                    {slots}
                    {edition}
                    {four_ono}
                    prompt={AttrValue::from(prompt)}
                    active={my_turn}
                    urgent={my_turn && owes == Some(viewer)}
                    laid_down={me.laid_down.clone()}
                    {on_action}
                />
                { for error }
            </main>
            <GameLog {past} current={current_lines} ply={state.actions.len()} />
            }
            { for overlay }
        </div>
    }
}
