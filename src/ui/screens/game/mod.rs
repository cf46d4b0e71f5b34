//! The game screen: owns the game reducer, paces the bots, and puts the
//! `Table` (drawn from the model `live.rs` keeps) between its own bars:
//! the header, the online bar, the coach and the dialogs between hands and
//! at the end. What to say comes from `i18n`.

mod dialogs;
mod effects;
#[cfg(feature = "full")]
mod host_bar;
mod live;
mod online_bar;

use crate::i18n::{self, callout, reason, tr, Key, Lang, Narrator};
use crate::rules::Played;
use crate::rules::{Event as MatchEvent, Format, Seat};
use crate::table::{Player, Step};
use crate::ui::platform::storage::SaveError;
use crate::ui::screens::coach::{self, Coach, Seen};
use crate::ui::screens::header::Header;
use crate::ui::screens::pass::PassScreen;
use crate::ui::state::{GameMsg, GameState, Speed};
use crate::ui::table::board::{Shown, Table};
use dialogs::{game_dialog, GameDialogProps, ResultActions};
use online_bar::use_bar_state;
pub use online_bar::{Online, OnlineTable};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct GameProps {
    /// The freshly dealt game.
    pub start: Rc<GameState>,
    /// An online table: the session that tells the friends what happens.
    #[prop_or_default]
    pub link: Option<Online>,
    /// Stop the bots (the rules screen is open).
    pub paused: bool,
    pub on_play_again: Callback<()>,
    /// "Play again" at an online table: the next match with the same
    /// friends, from the match as it ended here.
    #[prop_or_default]
    pub on_rematch: Callback<Rc<GameState>>,
    pub on_new_game: Callback<()>,
    /// Today's deal again, as practice: the deal of that day (`YYYY-MM-DD`).
    #[prop_or_default]
    pub on_practice: Callback<String>,
    pub on_rules: Callback<()>,
    /// Opens the finished match in the replay viewer.
    pub on_replay: Callback<Rc<crate::rules::Played>>,
    /// Opens the review of your plays in the finished match.
    pub on_review: Callback<Rc<crate::rules::Played>>,
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
    link: Option<&dyn OnlineTable>,
    from: usize,
    lang: Lang,
) -> Vec<String> {
    let name = |s: Seat| seat_label(state, link, s, lang);
    let step = Step::of_match(state.game(), from, state.viewer);
    let me = Some(state.me()).filter(|s| s.index() < state.setup.seat_count());
    let mut narrator = Narrator::new(
        state.setup.rules,
        total_before(state.game().log(), from),
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
fn player_of(state: &GameState, link: Option<&dyn OnlineTable>, seat: Seat) -> Player {
    match link.filter(|_| state.setup.is_online(seat)) {
        Some(link) => Player::Friend {
            link: link.status_with(seat, state.presence(seat)),
            stand_in: state.stands_in(seat),
        },
        None => Player::Here,
    }
}

/// How the log and the standings name `seat`: "You" for the person.
fn seat_label(state: &GameState, link: Option<&dyn OnlineTable>, seat: Seat, lang: Lang) -> String {
    if seat == state.me() {
        tr(lang, Key::You).to_string()
    } else {
        seat_name(state, link, seat, lang)
    }
}

/// The name `seat` goes by at this table: for a friend online, the name
/// they joined with; otherwise the setup's.
fn seat_name(state: &GameState, link: Option<&dyn OnlineTable>, seat: Seat, lang: Lang) -> String {
    link.filter(|_| state.setup.is_online(seat))
        .and_then(|_| state.presence(seat))
        .map(|p| p.name)
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| state.setup.name(seat, lang))
}

/// The finished match, to replay, download, share or review.
fn finished(state: &GameState, lang: Lang) -> Rc<Played> {
    // Friends under the names they joined with.
    let setup = state.named_setup();
    let names = (0..setup.seat_count())
        .map(|i| setup.shared_name(Seat(i as u8), lang))
        .collect();
    Rc::new(state.played(names))
}

/// Why the last action was refused, with a button to dismiss it.
fn error_line(state: &UseReducerHandle<GameState>, lang: Lang, waiting: &str) -> Option<Html> {
    let e = state.last_error.as_ref()?;
    let edition = state.setup.rules.edition;
    let dismiss = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(GameMsg::ClearError))
    };
    Some(html! {
        <div class="error" role="alert">
            <span>{ format!("{} {}", tr(lang, Key::ErrorPrefix), reason(lang, e, edition, waiting)) }</span>
            <button type="button" class="btn small" onclick={dismiss}>{ tr(lang, Key::Dismiss) }</button>
        </div>
    })
}

/// The notice of a save that failed.
fn save_notice(lang: Lang, failed: Option<SaveError>) -> Option<Html> {
    let key = match failed? {
        SaveError::Full => Key::SaveFailedFull,
        SaveError::Unavailable => Key::SaveFailedUnavailable,
        SaveError::NewerKept => Key::SaveFailedNewerKept,
    };
    Some(html! { <p class="error-text save-failed" role="alert">{ tr(lang, key) }</p> })
}

/// Pass-and-play: what happened while this person waited for the device.
fn missed_section(lang: Lang, missed: &[String]) -> Html {
    html! {
        if !missed.is_empty() {
            <section class="missed" aria-labelledby="missed-heading">
                <h2 id="missed-heading">{ tr(lang, Key::SinceYourTurn) }</h2>
                <ol>{ for missed.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ol>
            </section>
        }
    }
}

/// The header's note on the hand: today's deal counted or practice, or
/// "Hand 3" ("Hand 1" says nothing in a one-hand match).
fn hand_label(
    lang: Lang,
    daily: &Option<(bool, String)>,
    state: &GameState,
    hand: u32,
) -> Option<AttrValue> {
    match daily {
        Some((true, _)) => Some(AttrValue::from(tr(lang, Key::DailyCounted))),
        Some((false, _)) => Some(AttrValue::from(tr(lang, Key::DailyPractice))),
        None => (state.setup.rules.format != Format::Elimination)
            .then(|| AttrValue::from(i18n::hand_number(lang, hand))),
    }
}

/// The Menu button: leaving a game in progress asks first (`confirm`); a
/// finished one just goes.
fn leave(go: Callback<()>, confirm: UseStateHandle<bool>, over: bool) -> Callback<MouseEvent> {
    Callback::from(
        move |_: MouseEvent| {
            if over {
                go.emit(())
            } else {
                confirm.set(true)
            }
        },
    )
}

/// The answer to "leave this game?": go (`true`) or stay.
fn answer_leave(confirm: &UseStateHandle<bool>, go: &Callback<()>) -> Callback<bool> {
    let (confirm, go) = (confirm.clone(), go.clone());
    Callback::from(move |leave: bool| {
        if leave {
            go.emit(())
        } else {
            confirm.set(false)
        }
    })
}

/// The guided game's coach card for `mark`.
fn coach_box(
    lesson: &UseStateHandle<Option<Seen>>,
    mark: coach::Mark,
    pick: Option<AttrValue>,
) -> Html {
    let got = {
        let l = lesson.clone();
        Callback::from(move |()| l.set(l.map(|s| s.with(mark))))
    };
    let skip = {
        let l = lesson.clone();
        Callback::from(move |()| l.set(None))
    };
    html! { <Coach {mark} {pick} on_got_it={got} on_skip={skip} /> }
}

/// A callback that sends `msg` to the game.
fn send<E>(state: &UseReducerHandle<GameState>, msg: GameMsg) -> Callback<E> {
    let state = state.clone();
    Callback::from(move |_| state.dispatch(msg.clone()))
}

/// The names of every seat, as `name_of` gives one.
fn seat_names(
    state: &GameState,
    link: Option<&dyn OnlineTable>,
    lang: Lang,
    name_of: fn(&GameState, Option<&dyn OnlineTable>, Seat, Lang) -> String,
) -> Vec<String> {
    (0..state.setup.seat_count())
        .map(|i| name_of(state, link, Seat(i as u8), lang))
        .collect()
}

/// How the table names and marks every seat: the names "You" stands for
/// the person in, and who plays each seat (here, or a friend online and
/// how their connection is).
fn table_seats(
    state: &GameState,
    link: Option<&dyn OnlineTable>,
    lang: Lang,
) -> (Vec<String>, Vec<Player>) {
    let players = (0..state.setup.seat_count())
        .map(|i| player_of(state, link, Seat(i as u8)))
        .collect();
    (seat_names(state, link, lang, seat_label), players)
}

/// What the result offers: play again (with the same friends at an online
/// table, today's deal again as practice), a new game, the replay and the
/// review of the finished match, and closing it to look at the table.
fn result_actions(
    props: &GameProps,
    state: &UseReducerHandle<GameState>,
    lang: Lang,
    daily: &Option<(bool, String)>,
    result_hidden: &UseStateHandle<bool>,
    lesson: bool,
) -> ResultActions {
    let open = |cb: Callback<Rc<Played>>| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| cb.emit(finished(&state, lang)))
    };
    // At an online table the next match keeps the friends: it starts from
    // this screen's state, whose session holds their connections.
    let on_again = match (&props.link, state.session()) {
        (Some(_), Some(_)) => {
            let (state, cb) = (state.clone(), props.on_rematch.clone());
            Callback::from(move |()| cb.emit(Rc::new((*state).clone())))
        }
        // Today's deal: the same deal again, as practice (the result's
        // button says so), never an ordinary game in its place.
        _ => match daily {
            Some((_, day)) => {
                let (day, cb) = (day.clone(), props.on_practice.clone());
                Callback::from(move |()| cb.emit(day.clone()))
            }
            // The lesson's table is not the setup's: Play again keeps it
            // (skipped or not).
            None if props.learn => {
                let (state, cb) = (state.clone(), props.on_rematch.clone());
                Callback::from(move |()| cb.emit(Rc::new((*state).clone())))
            }
            None => props.on_play_again.clone(),
        },
    };
    ResultActions {
        on_again,
        on_new: props.on_new_game.clone(),
        on_replay: open(props.on_replay.clone()),
        on_review: open(props.on_review.clone()),
        on_hide: {
            let h = result_hidden.clone();
            Callback::from(move |_| h.set(true))
        },
        daily: daily.as_ref().map(|(_, day)| day.clone()),
        lesson,
        deal: props
            .link
            .as_ref()
            .and_then(|Online(l)| l.deal_result(lang, state)),
    }
}

/// The actions the hand area offers besides cards: why the hints are off
/// (`held_back`), skipping ahead, and, once the result was closed
/// (`reopen`), the result again (`result_hidden` unset) and the replay.
fn hand_actions(
    lang: Lang,
    state: &UseReducerHandle<GameState>,
    held_back: bool,
    reopen: bool,
    result_hidden: &UseStateHandle<bool>,
    on_replay: Callback<MouseEvent>,
) -> Html {
    let show_result = {
        let h = result_hidden.clone();
        Callback::from(move |_: MouseEvent| h.set(false))
    };
    html! {
        <>
            // Where the hints would show: the counted attempt says they are
            // off (when Settings has them on), so nothing seems broken.
            if held_back {
                <p class="no-hints">{ tr(lang, Key::HintsHeldBack) }</p>
            }
            if state.can_skip() {
                <button type="button" class="btn primary skip" onclick={send(state, GameMsg::SkipAhead)}>{ tr(lang, Key::SkipToResult) }</button>
            }
            if reopen {
                <button type="button" class="btn primary" onclick={show_result}>{ tr(lang, Key::ShowTheResult) }</button>
                <button type="button" class="btn" onclick={on_replay}>{ tr(lang, Key::Replay) }</button>
            }
        </>
    }
}

#[function_component(Game)]
pub fn game(props: &GameProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let start = props.start.clone();
    let state = use_reducer(move || (*start).clone());
    let save_failed = crate::ui::persistence::use_persistence(&state, !props.learn);
    let link = props.link.as_ref().map(|Online(l)| &**l);
    let confirm_leave = use_state(|| false);
    // The match result: shown a moment after the last play, closable to
    // look at the final table ("See the table"), reopened on demand.
    let result_ready = use_state(|| state.game().is_over());
    let result_hidden = use_state(|| false);
    let hints_wanted = use_context::<crate::ui::platform::prefs::Prefs>().is_some_and(|p| p.hints);
    // Learn to play: the marks shown so far (None: no lesson, or skipped).
    let lesson = use_state(|| props.learn.then(Seen::default));
    let my_turn = state.my_turn() && !state.game().is_over();
    let coach_mark = lesson.and_then(|seen| {
        coach::due(
            seen,
            &state.game().view(state.me()),
            state.game().log(),
            my_turn,
        )
    });
    let paused = props.paused || *confirm_leave || coach_mark.is_some();
    effects::use_sounds(&state);
    effects::use_host_link(&state, props.link.clone());
    // Quick reactions: the whole app's link does the work (the first
    // download has no online table).
    #[cfg(feature = "full")]
    {
        let (handle, link) = (state.clone(), props.link.clone());
        let heard = state.reaction.map(|h| h.number);
        use_effect_with((state.version, heard), move |_| {
            if let Some(Online(link)) = link {
                link.follow_reactions(&handle);
            }
        });
    }
    effects::use_bots(&state, paused);
    effects::use_pacing(&state, paused, &result_ready);
    let bar = use_bar_state(&state, props.link.clone());
    // Today's deal: whether this attempt counts, as it was when it began.
    let daily = use_state(|| {
        crate::ui::stats::daily_day(&state)
            .map(|day| (crate::ui::stats::daily_counting(&state).is_some(), day))
    });
    // The counted attempt is played without the coach's hints, whatever
    // Settings says, until it is over; practice may have them.
    let counting = matches!(*daily, Some((true, _))) && !state.game().is_over();
    // The guided game shows the coach's pick whatever Settings says: the
    // lesson is won by following it.
    let hints_on = (hints_wanted || lesson.is_some()) && !counting;

    let setup = &state.setup;
    let seats = setup.seat_count();
    let viewer = state.viewer;
    // The table from the viewer's seat (the person playing now in
    // pass-and-play, or you), kept step by step from the game state (the
    // final table of a hand whose summary is pending).
    let (names, players) = table_seats(&state, link, lang);
    let model = live::use_live_table(&state, lang, names, players, hints_on);
    let waiting = model
        .to_act()
        .map(|t| seat_name(&state, link, t.seat, lang))
        .unwrap_or_default();
    let on_action = {
        let state = state.clone();
        Callback::from(move |action| {
            state.dispatch(GameMsg::Act {
                seat: viewer,
                action,
                ply: None,
            })
        })
    };
    let missed: Vec<String> = state
        .missed_from
        .map(|from| missed_lines(&state, link, from, lang))
        .unwrap_or_default();
    let result_actions = result_actions(
        props,
        &state,
        lang,
        &daily,
        &result_hidden,
        lesson.is_some(),
    );
    let hand_label = hand_label(lang, &daily, &state, model.view().hand_number);
    // Leaving a game in progress asks first; a finished one just goes.
    let on_new = leave(
        props.on_new_game.clone(),
        confirm_leave.clone(),
        state.game().is_over(),
    );
    let actions = hand_actions(
        lang,
        &state,
        hints_wanted && counting,
        state.game().is_over() && *result_ready && *result_hidden,
        &result_hidden,
        result_actions.on_replay.clone(),
    );
    // The coach names the card it would play, as the ★ marks it.
    let coach_box = coach_mark.map(|mark| {
        let pick = model.tip().and_then(|t| match t.action {
            crate::rules::Action::Play(card) => Some(AttrValue::from(format!(
                "{} ★",
                i18n::play_card(lang, card, setup.rules.edition)
            ))),
            crate::rules::Action::DiscardFourOno => None,
        });
        coach_box(&lesson, mark, pick)
    });
    let names = seat_names(&state, link, lang, seat_name);
    let online_bar = props
        .link
        .as_ref()
        .map(|Online(l)| l.clone().bar(lang, &state, &names, &bar));
    let levels: Vec<_> = (0..seats).map(|i| setup.level(Seat(i as u8))).collect();
    #[cfg(feature = "full")]
    let reactions = link.map(|l| l.seat_reactions(lang, seats));
    #[cfg(not(feature = "full"))]
    let reactions = None;
    html! {
        <div class={classes!("game", format!("seats-{seats}"), state.skipping.then_some("skipping"), lesson.is_some().then_some("lesson"))}
            data-coach={coach_mark.map(|m| m.name())}>
            <Header {hand_label} speed={state.speed} on_speed={Callback::from({ let s = state.clone(); move |v: Speed| s.dispatch(GameMsg::SetSpeed(v)) })}>
                <button type="button" class="btn ghost" onclick={props.on_rules.reform(|_| ())}>{ tr(lang, Key::Rules) }</button>
                <button type="button" class="btn ghost" onclick={on_new}>{ tr(lang, Key::Menu) }</button>
            </Header>
            if state.passing {
                <PassScreen name={AttrValue::from(setup.name(viewer, lang))} on_ready={send(&state, GameMsg::Reveal)} />
            } else {
                <Table model={Shown(model.clone())} {levels} my_name={AttrValue::from(setup.name(viewer, lang))}
                    hints={hints_on} {on_action} {actions}
                    before_hand={html! { <>{ missed_section(lang, &missed) }{ coach_box.unwrap_or_default() }</> }}
                    hold_ms={state.speed.undo_ms()} {reactions}>
                    // `if let`, not `for` over the Option: a `for` adds its items
                    // straight into this list, and Yew pairs unkeyed children by
                    // place from the end, so a message appearing here would
                    // rebuild the hand before it.
                    if let Some(node) = error_line(&state, lang, &waiting) { { node } }
                    if let Some(node) = online_bar { { node } }
                    if let Some(node) = save_notice(lang, save_failed) { { node } }
                </Table>
            }
            // Always present, so opening or closing a dialog never shifts
            // the table's elements (Yew pairs unkeyed children by place).
            <div class="dialogs">
                { game_dialog(lang, &GameDialogProps { state: state.clone(), model: Shown(model.clone()),
                    confirm_leave: confirm_leave.then(|| answer_leave(&confirm_leave, &props.on_new_game)),
                    result: *result_ready && !*result_hidden, actions: result_actions }) }
            </div>
        </div>
    }
}
