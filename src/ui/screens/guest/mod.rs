//! A friend's page at an online table: joining from an invite link (the
//! reply code to send back) or the table link, waiting for the host to
//! start, then the table from their seat, drawn with the same `table`
//! pieces as the host's game from what their seat was told (the
//! [`GuestMirror`]'s view and events).
//!
//! One component a file: [`GuestScreen`] here (the page), the joining
//! form (`form.rs`, with the reply code of `reply.rs`), the notices over
//! the table (`notices.rs`), the table (`table.rs`, with the result of
//! `result.rs`), the replay or review over it (`over.rs`).
//!
//! [`GuestMirror`]: crate::online::GuestMirror

mod form;
mod notices;
mod over;
mod reply;
mod result;
mod table;

use crate::i18n::{self, seat_text, tr, FriendsText, Key, Lang, OnlineKey, SeatText, WatchText};
use crate::online::signal::Refused;
use crate::ui::online::{GuestLink, GuestPhase};
use crate::ui::screens::header::Header;
use form::JoinForm;
use notices::TableNotices;
use over::{over_view, Over};
use std::rc::Rc;
use table::GuestTable;
use yew::prelude::*;

/// The table's rules in one line: "Modern · Elimination · 4 players".
fn rules_line(lang: Lang, link: &GuestLink) -> String {
    let rules = link.rules();
    let edition = match rules.edition {
        crate::rules::Edition::Modern => tr(lang, Key::EditionModernShort),
        crate::rules::Edition::Classic => tr(lang, Key::EditionClassicShort),
    };
    let format = i18n::format_name(lang, rules.format);
    match link.seat_count() {
        Some(n) => format!(
            "{edition} · {format} · {}",
            i18n::player_count(lang, usize::from(n))
        ),
        None => format!("{edition} · {format}"),
    }
}

/// Why the table link did not seat this friend (or no longer does), if
/// so.
fn turned_away(lang: Lang, phase: &GuestPhase) -> Option<String> {
    let key = match phase {
        GuestPhase::Refused(Refused::TableFull) => OnlineKey::RefusedFull,
        GuestPhase::Refused(Refused::Locked) => OnlineKey::RefusedLocked,
        GuestPhase::Refused(Refused::NameTaken) => OnlineKey::RefusedName,
        GuestPhase::Refused(Refused::Kept { name, .. }) => {
            return Some(seat_text(lang, &SeatText::Kept { holder: name }))
        }
        GuestPhase::Replaced => return Some(seat_text(lang, &SeatText::Replaced)),
        GuestPhase::Unanswered => OnlineKey::HostNoAnswer,
        GuestPhase::NoPath => {
            return Some(i18n::friends_text(lang, FriendsText::NoPathHere).to_string())
        }
        _ => return None,
    };
    Some(i18n::online(lang, key).to_string())
}

#[derive(Properties, PartialEq)]
pub struct GuestProps {
    pub link: Rc<GuestLink>,
    pub on_leave: Callback<()>,
}

/// A friend's page, from the invite link to the end of the match.
#[function_component(GuestScreen)]
pub fn guest_screen(props: &GuestProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let generation = use_state(|| props.link.generation());
    // A replay or review of the finished match over the table; a new match
    // at the table closes it (there is a hand to play).
    let over = use_state(|| None::<Over>);
    {
        let over = over.clone();
        use_effect_with(props.link.mirror().match_number(), move |_| {
            if over.is_some() {
                over.set(None);
            }
        });
    }
    {
        let link = props.link.clone();
        let generation = generation.clone();
        use_effect_with((), move |_| {
            link.set_on_change(Callback::from(move |g| generation.set(g)));
        });
    }
    // The match waiting on this friend: said in the tab's title (and
    // more) while the page is hidden. Not once the host is gone.
    let my_turn = props.link.mirror().view().is_some_and(|v| v.my_turn())
        && !matches!(props.link.phase(), GuestPhase::Lost);
    crate::ui::platform::attention::use_turn_alert(my_turn, lang);
    let link = &props.link;
    let host = link.host_name();
    let on_leave = {
        let link = link.clone();
        let cb = props.on_leave.clone();
        Callback::from(move |_: MouseEvent| {
            link.leave();
            cb.emit(())
        })
    };
    let watching = link.is_watching();
    let leave_label = if watching {
        i18n::watch_text(lang, WatchText::Leave)
    } else {
        tr(lang, Key::LeaveTable)
    };
    let header = html! {
        <Header>
            <button type="button" class="btn ghost" onclick={on_leave}>{ leave_label }</button>
        </Header>
    };
    // A watcher the host let go is told why, not that the host is lost.
    let lost = if link.sharing_stopped() {
        html! { <p class="error-text lost sharing-stopped" role="alert">{ i18n::stopped_sharing(lang, &host) }</p> }
    } else if matches!(link.phase(), GuestPhase::Lost) {
        html! { <p class="error-text lost" role="alert">{ tr(lang, Key::HostLost) }</p> }
    } else {
        Html::default()
    };
    if link.mirror().view().is_none() {
        return html! {
            <>
                { header }
                <JoinForm link={link.clone()} generation={*generation} {lost} />
            </>
        };
    }
    let me = link.mirror().view().map(|v| v.seat).filter(|_| !watching);
    let on_over = {
        let over = over.clone();
        Callback::from(move |o: Over| over.set(Some(o)))
    };
    let on_close = {
        let over = over.clone();
        Callback::from(move |()| over.set(None))
    };
    html! {
        <>
        if let Some(o) = &*over { { over_view(o, me, on_close) } }
        <div class="screen" hidden={over.is_some()}>
            { header }
            if watching {
                <h2 class="watching-heading">{ i18n::watching_table(lang, &host) }</h2>
            }
            <TableNotices link={link.clone()} generation={*generation} {lost} />
            // A new match is a new table: its result starts unseen.
            <GuestTable key={link.mirror().match_number()} link={link.clone()} generation={*generation} on_leave={props.on_leave.clone()} {on_over} />
        </div>
        </>
    }
}
