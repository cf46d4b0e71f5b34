//! The table from a friend's seat: the same `Table` as the host's game,
//! from the model the link keeps of what this seat was told, with the
//! quick reactions and, at the end, the result (`result.rs`).

use super::over::{Finished, Over};
use super::result::{self, Buttons};
use crate::i18n::{self, tr, Key, Lang, WatchText};
use crate::online::protocol::SeatKind;
use crate::rules::Action;
use crate::table::TableModel;
use crate::ui::online::{GuestLink, GuestPhase};
use crate::ui::screens::reactions::{reaction_bar, seat_bubbles};
use crate::ui::state::Speed;
use crate::ui::table::board::{Shown, Table};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct GuestTableProps {
    pub link: Rc<GuestLink>,
    pub generation: u64,
    pub on_leave: Callback<()>,
    /// Opens the replay or the review of the finished match.
    pub on_over: Callback<Over>,
}

/// Whether the host may still deal the next match to this page: the
/// connection stands (or is being made again), and the host did not let a
/// watcher go.
fn host_may_deal(link: &GuestLink) -> bool {
    !link.sharing_stopped()
        && !matches!(
            link.phase(),
            GuestPhase::Lost
                | GuestPhase::Failed
                | GuestPhase::Refused(_)
                | GuestPhase::Unanswered
                | GuestPhase::NoPath
                | GuestPhase::Replaced
        )
}

/// The quick reactions on the seats, and the Reactions bar, from this
/// friend's seat (a watcher sees the players' reactions but sends none).
fn reactions(
    lang: Lang,
    link: &Rc<GuestLink>,
    model: &TableModel,
) -> (Rc<Vec<Option<AttrValue>>>, Html) {
    let seats = model.view().seat_count();
    let me = model.view().seat;
    let names: Vec<String> = (0..seats)
        .map(|i| model.name(crate::rules::Seat(i as u8)).to_string())
        .collect();
    let board = link.reactions();
    let on_send = {
        let link = link.clone();
        Callback::from(move |r| link.react(r))
    };
    let on_mute = {
        let link = link.clone();
        Callback::from(move |seat| link.toggle_mute(seat))
    };
    let bar = reaction_bar(&board, me, Rc::new(names), on_send, on_mute);
    let bar = if link.is_watching() {
        Html::default()
    } else {
        bar
    };
    (seat_bubbles(lang, &board, seats), bar)
}

/// The table from a friend's seat.
#[function_component(GuestTable)]
pub(super) fn guest_table(props: &GuestTableProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let result_hidden = use_state(|| false);
    let link = &props.link;
    // As at the host's: the final table stays in view a moment before the
    // result opens over it (at once for a table that came finished).
    let over_now = link.mirror().view().is_some_and(|v| v.outcome.is_some());
    let result_ready = use_state(|| over_now);
    {
        let ready = result_ready.clone();
        use_effect_with(over_now, move |&over| {
            let timer = (over && !*ready).then(|| {
                gloo_timers::callback::Timeout::new(Speed::default().final_table_ms(), move || {
                    ready.set(true)
                })
            });
            move || drop(timer)
        });
    }
    // The finished match, from the share code the host revealed.
    let code = link.mirror().checked().map(|c| c.code.clone());
    let finished = use_memo(code, |code| Finished::read(code.as_deref()));
    let Some(model) = link.table(lang) else {
        return Html::default();
    };
    let view = model.view();
    let levels: Vec<Option<crate::bots::Level>> = link
        .mirror()
        .presence()
        .iter()
        .map(|p| match p.kind {
            SeatKind::Bot(l) => Some(l),
            _ => None,
        })
        .collect();
    let on_action = {
        let link = link.clone();
        Callback::from(move |action: Action| link.act(action))
    };
    let watching = model.spectating();
    // A watcher's bottom seat is the host's (see `TableModel::seat`).
    let my_name = AttrValue::from(if watching {
        model.name(model.seat()).to_string()
    } else {
        link.name().trim().to_string()
    });
    let refused = link.refused().then(|| {
        html! { <p class="error-text" role="alert">{ tr(lang, Key::GuestRefused) }</p> }
    });
    // A deal anyone can check: whose share did not come in time, and at
    // the end the verdict and the match's link, which carries the proof.
    let left_out = link.mirror().dealt_without().map(|(_, seats)| {
        let who: Vec<String> = seats.iter().map(|&s| model.name(s).to_string()).collect();
        html! { <p class="deal-note muted" role="status">{ i18n::dealt_without(lang, &who) }</p> }
    });
    let checked = link.mirror().checked().map(|c| {
        let line = i18n::deal_verdict(lang, &c.verdict, c.saw_seal, view.rules.edition);
        let url =
            crate::routes::Route::Replay(c.code.clone()).link(&crate::ui::online::page_base());
        (line, url)
    });
    let open = |o: fn(Finished) -> Over| {
        let on_over = props.on_over.clone();
        (*finished)
            .clone()
            .map(|f| Callback::from(move |_: MouseEvent| on_over.emit(o(f.clone()))))
    };
    let set_hidden = |to: bool| {
        let hidden = result_hidden.clone();
        Callback::from(move |_: MouseEvent| hidden.set(to))
    };
    let buttons = Buttons {
        on_replay: open(Over::Replay),
        // The review is of this seat's plays: a watcher made none.
        on_review: open(Over::Review).filter(|_| !watching),
        hide: set_hidden(true),
        on_leave: {
            let leave = props.on_leave.clone();
            let link = link.clone();
            Callback::from(move |_: MouseEvent| {
                link.leave();
                leave.emit(())
            })
        },
        leave_label: if watching {
            i18n::watch_text(lang, WatchText::Leave).to_string()
        } else {
            tr(lang, Key::LeaveTable).to_string()
        },
        waiting: host_may_deal(link),
        host: link.host_name(),
    };
    let ending = crate::table::friend::ending(&model, link.mirror().log());
    let overlay = ending
        .as_ref()
        .filter(|_| *result_ready && !*result_hidden)
        .and_then(|ending| result::end_screen(lang, &model, ending, checked.as_ref(), &buttons));
    // The result closed: the table says what it waits for, and the result
    // and the replay open again from beside the hand (as at the host's).
    let actions = (ending.is_some() && *result_hidden)
        .then(|| result::reopen(lang, &buttons, set_hidden(false)));
    let (bubbles, reactions) = reactions(lang, link, &model);
    let seats = view.seat_count();
    html! {
        <div class={classes!("game", "guest", format!("seats-{seats}"))}>
            <Table model={Shown(model.clone())} {levels} {my_name} {on_action} reactions={Some(bubbles)}
                actions={actions.unwrap_or_default()} hold_ms={Speed::default().undo_ms()}>
                if let Some(node) = refused { { node } }
                if let Some(node) = left_out { { node } }
                { reactions }
            </Table>
            <div class="dialogs">{ for overlay }</div>
        </div>
    }
}
