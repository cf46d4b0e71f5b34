//! What a friend's page says over its table: the connection lost or being
//! made again, the host away, a stand-in bot on their seat, turned away
//! or replaced, a table it could not use, a new match.

use super::turned_away;
use crate::i18n::{self, named, seat_text, tr, FriendsText, Key, Lang, Named, OnlineKey, SeatText};
use crate::ui::online::{GuestLink, GuestPhase};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct TableNoticesProps {
    pub link: Rc<GuestLink>,
    /// The link's count of changes: a new one renders again.
    pub generation: u64,
    /// The connection's loss, if so.
    pub lost: Html,
}

/// The notices over a friend's table.
#[function_component(TableNotices)]
pub(super) fn table_notices(props: &TableNoticesProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let link = &props.link;
    let phase = link.phase();
    let host = link.host_name();
    let reconnecting = matches!(phase, GuestPhase::Preparing | GuestPhase::Knocking);
    let on_join = {
        let link = link.clone();
        Callback::from(move |_: MouseEvent| link.join())
    };
    html! {
        <>
            { props.lost.clone() }
            if reconnecting {
                <p class="notice reconnecting" role="status">{ i18n::online(lang, OnlineKey::Reconnecting) }</p>
            }
            if link.through_relay() && phase == GuestPhase::Playing {
                <p class="notice via-relay">{ i18n::through_relay_here(lang, &host) }</p>
            }
            if link.host_quiet() && matches!(phase, GuestPhase::Connected | GuestPhase::Playing) {
                <p class="notice host-quiet" role="status">{ i18n::host_quiet_at_table(lang, &host) }</p>
            }
            { host_away_notice(lang, link, &phase, &host) }
            { stand_in_notice(lang, link) }
            if let Some(why) = turned_away(lang, &phase) {
                <p class="error-text lost" role="alert">{ why }</p>
            }
            if phase == GuestPhase::Replaced {
                <div class="row">
                    <button type="button" class="btn primary" onclick={on_join}>{ seat_text(lang, &SeatText::PlayHere) }</button>
                </div>
            }
            if link.other_version() {
                <p class="error-text other-version" role="alert">{ tr(lang, Key::HostOtherVersion) }</p>
            } else if link.bad_view() {
                <p class="error-text bad-view" role="alert">{ tr(lang, Key::BadViewNotice) }</p>
            }
            if link.new_match() {
                <p class="notice new-match" role="status">{ named(lang, Named::NewMatchStarted, &host) }</p>
            }
        </>
    }
}

/// The friend's table kept over a lost connection, connected again but not
/// synced: the host's page is away (it reloaded into its lobby) and the
/// table waits for the host to resume the match.
fn host_away_notice(lang: Lang, link: &GuestLink, phase: &GuestPhase, host: &str) -> Html {
    let back = matches!(phase, GuestPhase::Connected | GuestPhase::Playing);
    if !(back && link.mirror().held_over()) {
        return Html::default();
    }
    html! { <p class="notice host-away" role="status">{ i18n::waiting_for_host(lang, host) }</p> }
}

/// A stand-in bot plays this friend's seat (the turn limit ran out, or the
/// host let it play while they were away): said, with "I'm back" to take
/// the seat back.
fn stand_in_notice(lang: Lang, link: &Rc<GuestLink>) -> Html {
    if !link.mirror().stood_in() {
        return Html::default();
    }
    let on_back = {
        let link = link.clone();
        Callback::from(move |_: MouseEvent| link.take_seat_back())
    };
    html! {
        <div class="notice stood-in" role="status">
            <p>{ i18n::friends_text(lang, FriendsText::StoodIn) }</p>
            <button type="button" class="btn primary" onclick={on_back}>{ i18n::friends_text(lang, FriendsText::ImBack) }</button>
        </div>
    }
}
