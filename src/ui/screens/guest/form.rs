//! A friend's page before the table: the link's table, their name, and
//! where joining stands (Join, the reply code, knocking, turned away,
//! waiting for the start).

use super::reply::ReplyCode;
use super::{rules_line, turned_away};
use crate::i18n::{self, named, seat_text, tr, Key, Lang, Named, OnlineKey, SeatText, WatchText};
use crate::ui::online::{GuestLink, GuestPhase};
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct JoinFormProps {
    pub link: Rc<GuestLink>,
    /// The link's count of changes: a new one renders again.
    pub generation: u64,
    /// The connection's loss, said at the top, if so.
    pub lost: Html,
}

/// The joining form: name, Join, and what follows it.
#[function_component(JoinForm)]
pub(super) fn join_form(props: &JoinFormProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let link = &props.link;
    let name = use_state(|| link.name());
    let phase = link.phase();
    let host = link.host_name();
    let watching = link.is_watching();
    let on_name = {
        let link = link.clone();
        let name = name.clone();
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            link.set_name(&v);
            name.set(v);
        })
    };
    let joined = !matches!(
        phase,
        GuestPhase::Ready
            | GuestPhase::Refused(_)
            | GuestPhase::Unanswered
            | GuestPhase::NoPath
            | GuestPhase::Replaced
    );
    html! {
        <main class="join" aria-labelledby="join-heading">
            <h2 id="join-heading">{
                if watching { i18n::watching_table(lang, &host) } else { named(lang, Named::JoinTable, &host) }
            }</h2>
            <p class="rules-line">{ rules_line(lang, link) }</p>
            { props.lost.clone() }
            <div class="field">
                <label for="guest-name">{ tr(lang, Key::YourName) }</label>
                <input id="guest-name" type="text" maxlength="24" value={(*name).clone()} oninput={on_name} disabled={joined} autocomplete="nickname" />
            </div>
            { body(lang, link, &phase) }
        </main>
    }
}

/// A primary button that joins, labelled `label`.
fn join_button(link: &Rc<GuestLink>, label: String) -> Html {
    let onclick = {
        let link = link.clone();
        Callback::from(move |_: MouseEvent| link.join())
    };
    html! {
        <div class="row">
            <button type="button" class="btn primary" {onclick}>{ label }</button>
        </div>
    }
}

/// What the form shows below the name in `phase`.
fn body(lang: Lang, link: &Rc<GuestLink>, phase: &GuestPhase) -> Html {
    let turned_away = || {
        turned_away(lang, phase)
            .map(|why| html! { <p class="error-text refused" role="alert">{ why }</p> })
    };
    match phase {
        GuestPhase::Ready if link.is_watching() => {
            join_button(link, i18n::watch_text(lang, WatchText::Watch).to_string())
        }
        GuestPhase::Ready => ready(lang, link),
        // By a table or watch link (after a reload, say) the page reaches
        // the host; only an invite prepares a reply code.
        GuestPhase::Preparing if link.by_relays() => {
            html! { <p class="muted knocking" role="status">{ i18n::online(lang, OnlineKey::ReachingHost) }</p> }
        }
        GuestPhase::Preparing => {
            html! { <p class="muted" role="status">{ tr(lang, Key::PreparingReply) }</p> }
        }
        GuestPhase::Failed => {
            html! { <p class="error-text" role="alert">{ tr(lang, Key::JoinFailed) }</p> }
        }
        GuestPhase::Reply(code) => html! { <ReplyCode code={AttrValue::from(code.clone())} /> },
        GuestPhase::Knocking => html! {
            <>
                if let Some((_, holder)) = link.asking() {
                    <p class="notice asking" role="status">{ seat_text(lang, &SeatText::Asking { holder: &holder }) }</p>
                } else {
                    <p class="muted knocking" role="status">{ i18n::online(lang, OnlineKey::ReachingHost) }</p>
                }
                if link.host_quiet() && !link.relays_down() {
                    <p class="notice host-quiet" role="status">{ i18n::host_quiet(lang, &link.host_name()) }</p>
                }
                if link.relays_down() {
                    <p class="error-text" role="alert">{ i18n::online(lang, OnlineKey::RelaysDown) }</p>
                }
            </>
        },
        GuestPhase::Refused(_) | GuestPhase::Unanswered | GuestPhase::NoPath => html! {
            <>
                { for turned_away() }
                { join_button(link, tr(lang, Key::JoinButton).to_string()) }
            </>
        },
        GuestPhase::Replaced => html! {
            <>
                { for turned_away() }
                { join_button(link, seat_text(lang, &SeatText::PlayHere)) }
            </>
        },
        GuestPhase::Connected | GuestPhase::Playing => html! {
            <>
                <p class="waiting" role="status">{ named(lang, Named::WaitingToStart, &link.host_name()) }</p>
                if link.through_relay() {
                    <p class="notice via-relay">{ i18n::through_relay_here(lang, &link.host_name()) }</p>
                }
            </>
        },
        GuestPhase::Lost => Html::default(),
    }
}

/// Ready to join: Join, the seat this browser held here (if so), and in
/// plain words that nothing goes to the host before Join; the servers the
/// page uses (the STUN server, the relays) are named under "Connection
/// details", folded.
fn ready(lang: Lang, link: &Rc<GuestLink>) -> Html {
    let stun = match link.stun() {
        Some(server) => named(lang, Named::GuestStunNote, &server),
        None => tr(lang, Key::GuestNoStunNote).to_string(),
    };
    let relays = link.relays();
    html! {
        <>
            if let Some(back) = link.returning() {
                <p class="notice returning" role="status">{ seat_text(lang, &SeatText::Returning { name: &back.name }) }</p>
            }
            { join_button(link, tr(lang, Key::JoinButton).to_string()) }
            <p class="muted join-note">{ i18n::online(lang, OnlineKey::NothingBeforeJoin) }</p>
            <details class="muted net-details">
                <summary>{ i18n::online(lang, OnlineKey::ConnectionDetails) }</summary>
                <p class="stun-note">{ stun }</p>
                if !relays.is_empty() {
                    <div class="relay-note">
                        <p>{ i18n::online(lang, OnlineKey::RelaysUsedByFriend) }</p>
                        <ul class="relays">{ for relays.iter().map(|r| html! { <li>{ r.clone() }</li> }) }</ul>
                    </div>
                }
            </details>
        </>
    }
}
