//! The game's dialogs: leaving a match in progress, the summary between
//! two hands, and the match's result (with the final standings, the way to
//! replay, review or share it, and "See the table").

use crate::i18n::{self, callout, hand_over_heading, tr, winners_line, Key, Lang};
use crate::rules::Seat;
use crate::table::Callout;
use crate::ui::screens::dialog::{DialogButton, EndScreen, Standing};
use crate::ui::state::{GameMsg, GameState, ME};
use crate::ui::table::board::Shown;
use yew::prelude::*;

/// What the result dialog offers besides playing again.
#[derive(Clone, PartialEq)]
pub struct ResultActions {
    /// "Play again"; at Today's deal, "Practice today's deal".
    pub on_again: Callback<()>,
    pub on_new: Callback<()>,
    pub on_replay: Callback<MouseEvent>,
    pub on_review: Callback<MouseEvent>,
    /// Close the result to look at the table.
    pub on_hide: Callback<MouseEvent>,
    /// Today's deal: the day, to share a result without spoilers.
    pub daily: Option<String>,
    /// The guided first game, not skipped: its result wraps the lesson up.
    pub lesson: bool,
    /// An online match: what its result says of the deal (once checked).
    pub deal: Option<super::online_bar::DealResult>,
}

#[derive(Properties, PartialEq)]
pub struct GameDialogProps {
    pub state: UseReducerHandle<GameState>,
    pub model: Shown,
    /// The person asked to leave a match in progress: stay (`false`).
    pub confirm_leave: Option<Callback<bool>>,
    /// The result is due (the final table was seen, and not closed).
    pub result: bool,
    pub actions: ResultActions,
}

/// The standings from the match as it stands (tokens and scores after the
/// hand), not from the final table on show.
fn standings(state: &GameState, model: &Shown, winners: &[Seat]) -> Vec<Standing> {
    let places = state.game().places();
    let live = state.game().view(state.viewer);
    // By place, seats sharing one in seat order: each row goes in after
    // those placed as high (a stable insertion: a slice sort would bring
    // a second copy of the standard library's sort into the first
    // download, 3.5 KB for at most eight rows).
    let mut rows: Vec<Standing> = Vec::with_capacity(live.seats.len());
    for row in live.seats.iter().map(|(seat, p)| Standing {
        name: model.0.name(seat).to_string(),
        tokens: p.tokens,
        score: p.score,
        in_match: p.in_match,
        winner: winners.contains(&seat),
        mine: seat == state.me(),
        seat,
        place: places[seat],
    }) {
        let at = rows
            .iter()
            .position(|r| r.place > row.place)
            .unwrap_or(rows.len());
        rows.insert(at, row);
    }
    rows
}

pub fn game_dialog(lang: Lang, props: &GameDialogProps) -> Html {
    let state = &props.state;
    let model = &props.model;
    let format = state.setup.rules.format;
    if let Some(answer) = &props.confirm_leave {
        let (stay, leave) = (answer.clone(), answer.clone());
        return html! {
            <EndScreen
                heading={AttrValue::from(tr(lang, Key::LeaveHeading))}
                lines={vec![tr(lang, Key::LeaveText).to_string()]}
                standings={Vec::<Standing>::new()}
                {format}
                primary={DialogButton { label: tr(lang, Key::KeepPlaying).into(), onclick: Callback::from(move |_| stay.emit(false)) }}
                secondary={Some(DialogButton { label: tr(lang, Key::LeaveGame).into(), onclick: Callback::from(move |_| leave.emit(true)) })}
            />
        };
    }
    if let Some(outcome) = state.game().outcome().filter(|_| props.result) {
        return result(lang, state, model, &outcome.winners, &props.actions);
    }
    let Some(summary) = state.summary.as_ref().filter(|s| s.open) else {
        return Html::default();
    };
    let who = |s: Seat| model.0.who(s);
    let mut lines = Vec::new();
    if let Some(l) = summary.loser {
        lines.push(i18n::went_out_line(lang, &who(l)));
        // Why: the total they faced and what each of their cards made.
        let out = model.0.hands().last().and_then(|hand| {
            hand.iter()
                .find(|c| matches!(c, Callout::Out { who: w, why: Some(_) } if *w == who(l)))
        });
        if let Some(out) = out {
            lines.push(callout(lang, out, state.setup.rules.edition));
        }
    }
    if let Some(w) = summary.winner {
        lines.push(i18n::last_in_line(lang, &who(w)));
    }
    for &s in &summary.left {
        lines.push(i18n::leaves_line(lang, &who(s)));
    }
    let next = state.clone();
    if summary.knocks_out(state.viewer) && state.setup.is_person(state.viewer) {
        // Out of the match (the last token lost): why, your place, and
        // two ways on, as equals: watch the bots play on, or the result.
        let seats = state.setup.seat_count();
        // Final already: everyone still in will finish above.
        let place = state.game().places()[state.viewer];
        lines.push(i18n::your_place(lang, place, seats));
        let skip = state.clone();
        return html! {
            <EndScreen
                heading={AttrValue::from(tr(lang, Key::YouLeftMatch))}
                {lines}
                standings={standings(state, model, &[])}
                {format}
                equal=true
                primary={DialogButton { label: tr(lang, Key::WatchTheRest).into(), onclick: Callback::from(move |_| next.dispatch(GameMsg::Continue)) }}
                secondary={Some(DialogButton { label: tr(lang, Key::SkipToResult).into(), onclick: Callback::from(move |_| {
                    skip.dispatch(GameMsg::Continue);
                    skip.dispatch(GameMsg::SkipAhead);
                }) })}
            />
        };
    }
    html! {
        <EndScreen
            heading={AttrValue::from(hand_over_heading(lang, summary.hand))}
            {lines}
            standings={standings(state, model, &[])}
            {format}
            primary={DialogButton { label: tr(lang, Key::NextHand).into(), onclick: Callback::from(move |_| next.dispatch(GameMsg::Continue)) }}
        />
    }
}

/// The match's result: who won, what ended it, your place, the standings.
fn result(
    lang: Lang,
    state: &GameState,
    model: &Shown,
    winners: &[Seat],
    actions: &ResultActions,
) -> Html {
    let seats = state.setup.seat_count();
    let edition = state.setup.rules.edition;
    let won = winners.iter().any(|&w| state.setup.is_person(w));
    let extra = vec![
        DialogButton {
            label: tr(lang, Key::ReviewMyPlays).into(),
            onclick: actions.on_review.clone(),
        },
        DialogButton {
            label: tr(lang, Key::Replay).into(),
            onclick: actions.on_replay.clone(),
        },
    ];
    // Today's deal: a result to share without spoilers (the day, the
    // place, how many plays it took), and the game's link.
    let copy = actions.daily.as_ref().map(|day| {
        let text = format!(
            "{}\n{}",
            i18n::daily_share(
                lang,
                day,
                state.game().places()[ME],
                seats,
                crate::ui::stats::my_plays(state),
            ),
            crate::ui::platform::address::home_link()
        );
        (
            AttrValue::from(tr(lang, Key::CopyResult)),
            AttrValue::from(text),
        )
    });
    // What ended the match (and how you went out in the hand that decided
    // it), above the final standings.
    let mut lines: Vec<String> = model
        .0
        .result_lines(state.me() == ME)
        .into_iter()
        .map(|c| callout(lang, c, edition))
        .collect();
    if state.me() == ME {
        lines.push(i18n::your_place(lang, state.game().places()[ME], seats));
    }
    // An online match: its deal, checked like every friend's page does.
    let mut copy = copy;
    if let Some((line, link)) = &actions.deal {
        lines.push(line.clone());
        if let (None, Some((label, link))) = (&copy, link) {
            copy = Some((
                AttrValue::from(label.clone()),
                AttrValue::from(link.clone()),
            ));
        }
    }
    // The guided game ends on what was learned and where to go next.
    let wrap_up = actions.lesson.then(|| {
        html! {
            <section class="wrap-up" aria-labelledby="wrap-up-title">
                <h3 id="wrap-up-title">{ tr(lang, Key::CoachDoneTitle) }</h3>
                <p>{ tr(lang, Key::CoachDoneBody) }</p>
            </section>
        }
    });
    let heading: Vec<_> = winners.iter().map(|&s| model.0.who(s)).collect();
    let (again, new) = (actions.on_again.clone(), actions.on_new.clone());
    let again_key = match actions.daily {
        Some(_) => Key::PracticeTodaysDeal,
        None => Key::PlayAgain,
    };
    html! {
        <EndScreen
            heading={AttrValue::from(winners_line(lang, &heading))}
            {lines}
            standings={standings(state, model, winners)}
            format={state.setup.rules.format}
            celebrate={won}
            primary={DialogButton { label: tr(lang, again_key).into(), onclick: Callback::from(move |_| again.emit(())) }}
            secondary={Some(DialogButton { label: tr(lang, Key::NewGame).into(), onclick: Callback::from(move |_| new.emit(())) })}
            close={Some(DialogButton { label: tr(lang, Key::SeeTheTable).into(), onclick: actions.on_hide.clone() })}
            {extra}
            {copy}
            note={wrap_up}
        />
    }
}
