//! A friend's result at the end of a match: the same dialog as the host's
//! (winners, places, how they went out, the deal's verdict), with what the
//! page waits for next; and, once closed, the buttons beside the hand that
//! open it again.

use crate::i18n::{self, callout, named, tr, winners_line, Key, Lang, Named, OnlineKey, Who};
use crate::table::friend::Ending;
use crate::table::TableModel;
use crate::ui::screens::dialog::{DialogButton, EndScreen, Standing};
use yew::prelude::*;

/// What the result's buttons do, and what the page waits for.
pub(super) struct Buttons {
    pub on_review: Option<Callback<MouseEvent>>,
    pub on_replay: Option<Callback<MouseEvent>>,
    /// Closes the result (the table shows).
    pub hide: Callback<MouseEvent>,
    pub on_leave: Callback<MouseEvent>,
    pub leave_label: String,
    /// The host may deal the next match to this page.
    pub waiting: bool,
    pub host: String,
}

/// The result over the table of the finished match: `checked` is the
/// deal's verdict line and the match's link, once the host revealed it.
pub(super) fn end_screen(
    lang: Lang,
    model: &TableModel,
    ending: &Ending<'_>,
    checked: Option<&(String, String)>,
    buttons: &Buttons,
) -> Option<Html> {
    let view = model.view();
    let outcome = view.outcome.as_ref()?;
    let rules = view.rules;
    let seats = view.seat_count();
    let me = view.seat;
    let winners: Vec<Who> = outcome.winners.iter().map(|&s| model.who(s)).collect();
    // The places as the host's result gives them.
    let mut rows: Vec<Standing> = view
        .seats
        .iter()
        .map(|(seat, p)| Standing {
            name: model.name(seat).to_string(),
            tokens: p.tokens,
            score: p.score,
            in_match: p.in_match,
            winner: outcome.winners.contains(&seat),
            mine: seat == me,
            seat,
            place: ending.places.get(seat.index()).copied().unwrap_or(0),
        })
        .collect();
    rows.sort_by_key(|r| r.place);
    // As the host's result: how you went out (with the arithmetic) and
    // what ended the match, your place, the deal's verdict.
    let mut lines: Vec<String> = ending
        .lines
        .iter()
        .map(|c| callout(lang, c, rules.edition))
        .collect();
    if let Some(place) = ending.mine {
        lines.push(i18n::your_place(lang, place, seats));
    }
    let copy = checked.map(|(line, url)| {
        lines.push(line.clone());
        (
            AttrValue::from(i18n::online(lang, OnlineKey::CopyMatchLink)),
            AttrValue::from(url.clone()),
        )
    });
    let extra: Vec<DialogButton> = [
        (Key::ReviewMyPlays, buttons.on_review.clone()),
        (Key::Replay, buttons.on_replay.clone()),
    ]
    .into_iter()
    .filter_map(|(key, onclick)| {
        onclick.map(|onclick| DialogButton {
            label: tr(lang, key).into(),
            onclick,
        })
    })
    .collect();
    let leave = DialogButton {
        label: buttons.leave_label.clone().into(),
        onclick: buttons.on_leave.clone(),
    };
    // While the host may deal the next match, that is what this page waits
    // for; leaving is the other way.
    let (primary, secondary, close) = if buttons.waiting {
        (
            DialogButton {
                label: named(lang, Named::WaitingToDealAgain, &buttons.host).into(),
                onclick: buttons.hide.clone(),
            },
            Some(leave),
            None,
        )
    } else {
        (
            leave,
            None,
            Some(DialogButton {
                label: tr(lang, Key::SeeTheTable).into(),
                onclick: buttons.hide.clone(),
            }),
        )
    };
    Some(html! {
        <EndScreen
            heading={AttrValue::from(winners_line(lang, &winners))}
            {lines}
            {copy}
            standings={rows}
            format={rules.format}
            celebrate={outcome.winners.contains(&me)}
            {primary}
            {secondary}
            {close}
            {extra}
        />
    })
}

/// Beside the hand once the result is closed: what the table waits for,
/// and the result and the replay again (as at the host's).
pub(super) fn reopen(lang: Lang, buttons: &Buttons, show: Callback<MouseEvent>) -> Html {
    html! {
        <>
            if buttons.waiting {
                <p class="waiting-deal" role="status">{ named(lang, Named::WaitingToDealAgain, &buttons.host) }</p>
            }
            <button type="button" class="btn primary" onclick={show}>{ tr(lang, Key::ShowTheResult) }</button>
            if let Some(onclick) = buttons.on_replay.clone() {
                <button type="button" class="btn" {onclick}>{ tr(lang, Key::Replay) }</button>
            }
        </>
    }
}
