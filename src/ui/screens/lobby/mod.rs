//! Inviting friends to an online table: one card per friend's seat with
//! its invite link (text, copy button, QR code), the box for the reply code
//! they send back, and their status. The lobby opens before a match starts
//! (and again when the host resumes one); the game screen shows the same
//! card for a friend invited again mid-match. The watch link's card is
//! its own file (`watch_link.rs`).

mod watch_link;

use crate::i18n::{self, named, tr, FriendsText, Key, Lang, Named, OnlineKey};
use crate::online::protocol::Connection;
use crate::online::qr::QrCode;
use crate::online::turn_limit::TurnLimit;
use crate::rules::Seat;
use crate::ui::online::{HostLink, InviteLink, Reach, TableLinkState};
use crate::ui::platform::clipboard::copy_text;
use std::rc::Rc;
use watch_link::WatchLinkCard;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// A link to send a friend, as the lobby shows it.
struct LinkToSend {
    lang: Lang,
    /// The text field's id.
    id: String,
    url: String,
    /// The field's label (read by screen readers only if not `label_shown`).
    label: String,
    label_shown: bool,
    /// The Copy button's words and class.
    copy: String,
    copy_class: &'static str,
    /// The QR code's accessible name.
    qr: String,
    /// Set once the link is on the clipboard.
    copied: UseStateHandle<bool>,
}

/// A link to send: its text (selected whole on focus), Copy with its
/// "Copied", and its QR code.
fn link_to_send(l: &LinkToSend) -> Html {
    let qr = QrCode::encode(l.url.as_bytes())
        .map(|q| Html::from_html_unchecked(AttrValue::from(q.to_svg())))
        .unwrap_or_default();
    let on_copy = {
        let url = l.url.clone();
        let copied = l.copied.clone();
        Callback::from(move |_: MouseEvent| {
            let copied = copied.clone();
            copy_text(&url, move || copied.set(true));
        })
    };
    let select_all = Callback::from(|e: FocusEvent| {
        e.target_unchecked_into::<HtmlInputElement>().select();
    });
    html! {
        <div class="invite-link">
            <div class="field">
                <label for={l.id.clone()} class={classes!((!l.label_shown).then_some("sr-only"))}>{ l.label.clone() }</label>
                <input id={l.id.clone()} type="text" readonly=true value={l.url.clone()} onfocus={select_all} spellcheck="false" />
            </div>
            <div class="row">
                <button type="button" class={l.copy_class} onclick={on_copy}>{ l.copy.clone() }</button>
                if *l.copied {
                    <span class="copied" role="status">{ tr(l.lang, Key::Copied) }</span>
                }
            </div>
            <div class="qr" role="img" aria-label={l.qr.clone()}>{ qr }</div>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct SeatInviteProps {
    pub link: Rc<HostLink>,
    pub seat: Seat,
    pub name: AttrValue,
    /// The link's generation: changes whenever the card may show otherwise.
    pub generation: u64,
    /// Offer "Let a bot play" here (the game screen has its own).
    #[prop_or(true)]
    pub bot_button: bool,
    /// The table link is shared: the invite link and reply code fold away
    /// under "Connect with codes instead".
    #[prop_or(false)]
    pub fold_codes: bool,
}

/// One friend's seat: invite link, QR code, reply code, status.
#[function_component(SeatInvite)]
pub fn seat_invite(props: &SeatInviteProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let reply = use_state(String::new);
    let error = use_state(|| None::<Key>);
    let copied = use_state(|| false);
    let seat = props.seat;
    let name = props.name.to_string();
    let id = |what: &str| format!("{what}-{}", seat.index());
    let status = props.link.status(seat);
    let bot = props.link.bot_playing(seat);

    let invite = match props.link.invite_link(seat) {
        InviteLink::Preparing => html! { <p class="muted">{ tr(lang, Key::PreparingInvite) }</p> },
        InviteLink::ByTableLink => Html::default(),
        InviteLink::Failed => {
            html! { <p class="error-text" role="alert">{ tr(lang, Key::InviteFailed) }</p> }
        }
        InviteLink::Ready(url) => link_to_send(&LinkToSend {
            lang,
            id: id("invite"),
            url,
            label: named(lang, Named::InviteLinkFor, &name),
            label_shown: true,
            copy: named(lang, Named::CopyInviteLinkFor, &name),
            copy_class: "btn",
            qr: named(lang, Named::QrCodeFor, &name),
            copied: copied.clone(),
        }),
    };

    let on_reply = {
        let reply = reply.clone();
        let error = error.clone();
        Callback::from(move |e: InputEvent| {
            reply.set(e.target_unchecked_into::<HtmlInputElement>().value());
            error.set(None);
        })
    };
    let on_connect = {
        let link = props.link.clone();
        let reply = reply.clone();
        let error = error.clone();
        Callback::from(move |_: MouseEvent| match link.connect(seat, &reply) {
            Ok(()) => error.set(None),
            Err(key) => error.set(Some(key)),
        })
    };
    let on_bot = {
        let link = props.link.clone();
        Callback::from(move |_: MouseEvent| {
            if link.bot_playing(seat) {
                link.give_back(seat)
            } else {
                link.bot_takes(seat)
            }
        })
    };
    let connected = status == Connection::Connected;
    let codes = html! {
        <>
            { invite }
            <div class="field">
                <label for={id("reply")}>{ named(lang, Named::ReplyCodeFrom, &name) }</label>
                <input id={id("reply")} type="text" value={(*reply).clone()} oninput={on_reply} spellcheck="false" autocomplete="off" />
            </div>
            if let Some(key) = *error {
                <p class="error-text" role="alert">{ tr(lang, key) }</p>
            }
            <div class="row">
                <button type="button" class="btn primary" onclick={on_connect}>{ named(lang, Named::Connect, &name) }</button>
            </div>
        </>
    };
    // Closed (after bad messages) looks as disconnected: a new invite.
    let css = match status {
        Connection::Waiting => "waiting",
        Connection::Connected => "connected",
        Connection::Disconnected | Connection::Closed => "disconnected",
    };
    // A connection that failed or dropped before the start needs a new
    // invite link: the old one cannot connect again.
    let dead = status.is_away() || matches!(props.link.invite_link(seat), InviteLink::Failed);
    let on_again = {
        let link = props.link.clone();
        Callback::from(move |_: MouseEvent| link.invite(seat))
    };
    html! {
        <section class={classes!("seat-invite", format!("status-{css}"))} aria-label={named(lang, Named::SeatInLobby, &name)}>
            <h3>
                <span class="who">{ name.clone() }</span>
                <span class="status" data-status={css}>{ i18n::connection(lang, status) }</span>
                if props.link.through_relay(seat) {
                    <span class="via-relay">{ i18n::friends_text(lang, FriendsText::ThroughRelay) }</span>
                }
                if bot {
                    <span class="bot-badge">{ tr(lang, Key::BotPlayingBadge) }</span>
                }
            </h3>
            if let Some(who) = props.link.no_direct_path(seat) {
                <p class="notice no-path" role="status">{ i18n::no_direct_path(lang, if who.is_empty() { &name } else { &who }) }</p>
            }
            if dead && props.bot_button {
                <div class="row">
                    <button type="button" class="btn primary" onclick={on_again}>{ named(lang, Named::InviteAgain, &name) }</button>
                </div>
            }
            // A seat the table link filled has no invite link left: if its
            // friend leaves, "Invite … again" makes one.
            if !connected && props.link.invite_link(seat) != InviteLink::ByTableLink {
                if props.fold_codes {
                    <details class="codes">
                        <summary>{ i18n::online(lang, OnlineKey::CodesInstead) }</summary>
                        <div class="codes-body">{ codes }</div>
                    </details>
                } else {
                    { codes }
                }
            }
            if props.bot_button && (!connected || bot) {
                <div class="row">
                    <button type="button" class="btn" onclick={on_bot}>
                        { named(lang, if bot { Named::GiveBack } else { Named::LetBotPlay }, &name) }
                    </button>
                </div>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct LobbyProps {
    pub link: Rc<HostLink>,
    /// Each friend's seat with its name.
    pub seats: Vec<(Seat, AttrValue)>,
    pub on_start: Callback<()>,
    pub on_leave: Callback<()>,
    /// A match resumed after a reload: its hand and how many plays were
    /// made (the lobby says it is in progress, and offers Resume).
    #[prop_or_default]
    pub resumed: Option<(u32, usize)>,
}

/// A resumed match, at the top of the lobby: in progress, at which hand
/// and play, and its one Resume button (in view at every size: the rest
/// of the lobby is below it).
fn resume_card(
    lang: Lang,
    (hand, plays): (u32, usize),
    ready: bool,
    on_start: Callback<MouseEvent>,
) -> Html {
    let text = |t| i18n::friends_text(lang, t);
    html! {
        <section class="resume-card" aria-labelledby="resume-heading">
            <h3 id="resume-heading">{ text(FriendsText::MatchInProgress) }</h3>
            <p class="match-progress">{ i18n::match_progress(lang, hand, plays) }</p>
            if !ready {
                <p class="muted">{ text(FriendsText::ResumeWaits) }</p>
            }
            <div class="row">
                <button type="button" class="btn primary big resume-btn" disabled={!ready} onclick={on_start}>{ text(FriendsText::Resume) }</button>
            </div>
        </section>
    }
}

/// The lobby's choice of a turn limit: Off, 60 s (and the limit the
/// address asked for, in the browser tests). Kept by the link until the
/// start, then by the game (and its save).
fn turn_limit_choice(lang: Lang, link: &Rc<HostLink>) -> Html {
    let text = |t| i18n::friends_text(lang, t);
    let chosen = link.turn_limit();
    let mut offered = vec![TurnLimit::Off, TurnLimit::ON];
    if !offered.contains(&chosen) {
        offered.push(chosen);
    }
    let onchange = {
        let link = link.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            if let Some(limit) = TurnLimit::parse(&value) {
                link.set_turn_limit(limit);
            }
        })
    };
    html! {
        <div class="turn-limit">
            <label for="turn-limit">{ text(FriendsText::TurnLimit) }</label>
            <select id="turn-limit" {onchange} aria-describedby="turn-limit-help">
                { for offered.into_iter().map(|limit| html! {
                    <option value={limit.seconds().to_string()} selected={limit == chosen}>{
                        match limit {
                            TurnLimit::Off => text(FriendsText::TurnLimitOff).to_string(),
                            TurnLimit::Seconds(s) => i18n::turn_seconds(lang, s),
                        }
                    }</option>
                }) }
            </select>
            <p class="help muted" id="turn-limit-help">{ text(FriendsText::TurnLimitHelp) }</p>
        </div>
    }
}

/// The lobby: every friend's invitation, then Start game.
#[function_component(Lobby)]
pub fn lobby(props: &LobbyProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let generation = use_state(|| props.link.generation());
    {
        let link = props.link.clone();
        let generation = generation.clone();
        use_effect_with((), move |_| {
            link.set_on_change(Callback::from(move |g| generation.set(g)));
            for seat in link.guest_seats() {
                if matches!(link.invite_link(seat), InviteLink::Preparing) {
                    link.invite(seat);
                }
            }
            link.open_door(crate::ui::online::table_relays());
            link.open_watch_door(crate::ui::online::table_relays());
        });
    }
    let ready = props.link.ready();
    // The deal waits for the friends' shares (a deal anyone can check).
    let shuffling = props.link.shuffling();
    let stun = match props.link.stun() {
        Some(server) => named(lang, Named::StunNote, &server),
        None => tr(lang, Key::NoStunNote).to_string(),
    };
    let on_start = props.on_start.reform(|_: MouseEvent| ());
    let on_leave = props.on_leave.reform(|_: MouseEvent| ());
    let table_link = props.link.table_link();
    let fold_codes = matches!(
        table_link,
        TableLinkState::Ready(_) | TableLinkState::Preparing
    );
    let resumed = props.resumed;
    html! {
        <main class="lobby" aria-labelledby="lobby-heading">
            <h2 id="lobby-heading">{ tr(lang, Key::OnlineTableHeading) }</h2>
            { crate::ui::screens::seat_requests::seat_requests(lang, &props.link, None) }
            if let Some(resumed) = resumed {
                { resume_card(lang, resumed, ready && !shuffling, on_start.clone()) }
            }
            if fold_codes {
                <TableLinkCard link={props.link.clone()} generation={*generation} />
                <WatchLinkCard link={props.link.clone()} generation={*generation} />
            } else {
                <p>{ tr(lang, Key::LobbyIntro) }</p>
            }
            <p class="muted">{ stun }</p>
            { for props.seats.iter().map(|(seat, name)| {
                // The name the friend gave, once they said it.
                let name = props.link.seat_name(*seat).map_or_else(|| name.clone(), AttrValue::from);
                html! {
                    <SeatInvite key={seat.index()} link={props.link.clone()} seat={*seat} {name} generation={*generation} {fold_codes} />
                }
            }) }
            { turn_limit_choice(lang, &props.link) }
            if !ready && resumed.is_none() {
                <p class="muted">{ tr(lang, Key::LobbyNeedsEveryone) }</p>
            }
            if shuffling {
                <p class="muted deal-note" role="status">{ i18n::online(lang, OnlineKey::DealShuffling) }</p>
            }
            // Start game stays in view at the foot of the screen however
            // long the lobby is; a resumed match has its Resume at the top.
            <div class={classes!("row", "lobby-actions", resumed.is_none().then_some("sticky"))}>
                <button type="button" class="btn ghost" onclick={on_leave}>{ tr(lang, Key::BackToStart) }</button>
                if resumed.is_none() {
                    <button type="button" class="btn primary" disabled={!ready || shuffling} onclick={on_start}>{ tr(lang, Key::StartGame) }</button>
                }
            </div>
        </main>
    }
}

#[derive(Properties, PartialEq)]
pub struct TableLinkProps {
    pub link: Rc<HostLink>,
    /// The link's generation: changes whenever the card may show otherwise.
    pub generation: u64,
}

/// The one link for every friend: its text, Copy, its QR code, the lock,
/// and the relays it goes through with how each stands.
#[function_component(TableLinkCard)]
pub fn table_link_card(props: &TableLinkProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let copied = use_state(|| false);
    let link = &props.link;
    let body = match link.table_link() {
        TableLinkState::Ready(url) => {
            let on_lock = {
                let link = link.clone();
                Callback::from(move |e: Event| {
                    link.lock(e.target_unchecked_into::<HtmlInputElement>().checked());
                })
            };
            html! {
                <>
                    { link_to_send(&LinkToSend {
                        lang,
                        id: "table-link".to_string(),
                        url,
                        label: i18n::online(lang, OnlineKey::TableLink).to_string(),
                        label_shown: false,
                        copy: i18n::online(lang, OnlineKey::CopyTableLink).to_string(),
                        copy_class: "btn primary",
                        qr: i18n::online(lang, OnlineKey::TableLinkQr).to_string(),
                        copied: copied.clone(),
                    }) }
                    <div class="lock-row">
                        <input id="lock-table" type="checkbox" checked={link.is_locked()} onchange={on_lock} aria-describedby="lock-help" />
                        <label for="lock-table">{ i18n::online(lang, OnlineKey::LockTable) }</label>
                    </div>
                    <p class="help muted" id="lock-help">{ i18n::online(lang, OnlineKey::LockTableHelp) }</p>
                </>
            }
        }
        _ => html! { <p class="muted" role="status">{ tr(lang, Key::PreparingInvite) }</p> },
    };
    let reach = link.relay_reach();
    html! {
        <section class="table-link" aria-labelledby="table-link-heading">
            <h3 id="table-link-heading">{ i18n::online(lang, OnlineKey::TableLink) }</h3>
            <p>{ i18n::online(lang, OnlineKey::TableLinkHelp) }</p>
            { body }
            <div class="muted relay-note">
                <p>{ i18n::online(lang, OnlineKey::RelaysUsed) }</p>
                <ul class="relays">
                    { for reach.iter().map(|(relay, reach)| {
                        let (state, word) = match reach {
                            Reach::Up => ("up", OnlineKey::RelayReached),
                            Reach::Down => ("down", OnlineKey::RelayUnreachable),
                            Reach::Trying => ("trying", OnlineKey::RelayTrying),
                            Reach::Idle => ("idle", OnlineKey::RelayIdle),
                        };
                        html! {
                            <li data-reach={state}>
                                <span class="address">{ relay.line() }</span>
                                { " " }<span class="reach">{ i18n::online(lang, word) }</span>
                            </li>
                        }
                    }) }
                </ul>
            </div>
            if link.relays_down() {
                <p class="error-text" role="alert">{ i18n::online(lang, OnlineKey::RelaysDown) }</p>
            }
        </section>
    }
}
