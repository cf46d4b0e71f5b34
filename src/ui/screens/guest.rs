//! A friend's page at an online table: joining from an invite link (the
//! reply code to send back), waiting for the host to start, then the table
//! from their seat, drawn with the same `table` pieces as the host's game
//! from what their seat was told (the [`GuestMirror`]'s view and events).
//!
//! [`GuestMirror`]: crate::online::GuestMirror

use crate::i18n::{
    self, callout, named, seat_text, tr, winners_line, FriendsText, Key, Lang, Named, OnlineKey,
    SeatText, WatchText, Who,
};
use crate::online::fair::Proof;
use crate::online::protocol::SeatKind;
use crate::online::signal::Refused;
use crate::routes::Route;
use crate::rules::{Action, Played, Seat};
use crate::table::TableModel;
use crate::ui::online::{GuestLink, GuestPhase};
use crate::ui::platform::clipboard::copy_text;
use crate::ui::screens::dialog::{DialogButton, EndScreen, Standing};
use crate::ui::screens::header::Header;
use crate::ui::screens::reactions::{reaction_bar, seat_bubbles};
use crate::ui::screens::replay::ReplayScreen;
use crate::ui::screens::review::ReviewScreen;
use crate::ui::state::Speed;
use crate::ui::table::board::{Shown, Table};
use std::rc::Rc;
use web_sys::HtmlInputElement;
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
        _ => return None,
    };
    Some(i18n::online(lang, key).to_string())
}

/// The finished match, from the share code the host revealed at its end
/// (it carries the whole match and its deal's proof): what the friend's
/// result replays and reviews.
#[derive(Clone, PartialEq)]
struct Finished {
    played: Rc<Played>,
    proof: Option<Rc<Proof>>,
}

/// What shows over a friend's table: the replay of the finished match, or
/// the review of their plays in it (the table stays, hidden, and the
/// connection with it).
#[derive(Clone, PartialEq)]
enum Over {
    Replay(Finished),
    Review(Finished),
}

/// The replay or review over the table: "you" is `me`, this friend's seat
/// (none for a watcher, who replays the match as anyone would).
fn over_view(over: &Over, me: Option<Seat>, on_close: Callback<()>) -> Html {
    let key = |f: &Finished| format!("{}-{}", f.played.seed, f.played.actions.len());
    match over {
        Over::Replay(f) => html! {
            <ReplayScreen key={key(f)} shared={f.played.clone()} mine={me.is_some()} seat={me}
                proof={f.proof.clone()} on_open={Callback::from(|_| ())} {on_close} />
        },
        Over::Review(f) => html! {
            <ReviewScreen key={key(f)} shared={f.played.clone()} seat={me}
                on_replay={Callback::from(|_| ())} {on_close} />
        },
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
    let name = use_state(|| props.link.name());
    let copied = use_state(|| false);
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
    let phase = link.phase();
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
            <button type="button" class="btn ghost" onclick={on_leave.clone()}>{ leave_label }</button>
        </Header>
    };
    // A watcher the host let go is told why, not that the host is lost.
    let lost = if link.sharing_stopped() {
        Some(
            html! { <p class="error-text lost sharing-stopped" role="alert">{ i18n::stopped_sharing(lang, &host) }</p> },
        )
    } else {
        matches!(phase, GuestPhase::Lost).then(|| {
            html! { <p class="error-text lost" role="alert">{ tr(lang, Key::HostLost) }</p> }
        })
    };
    if link.mirror().view().is_some() {
        let reconnecting = matches!(phase, GuestPhase::Preparing | GuestPhase::Knocking);
        let me = link.mirror().view().map(|v| v.seat).filter(|_| !watching);
        let on_over = {
            let over = over.clone();
            Callback::from(move |o: Over| over.set(Some(o)))
        };
        let on_close = {
            let over = over.clone();
            Callback::from(move |()| over.set(None))
        };
        return html! {
            <>
            if let Some(o) = &*over { { over_view(o, me, on_close) } }
            <div class="screen" hidden={over.is_some()}>
                { header }
                if watching {
                    <h2 class="watching-heading">{ i18n::watching_table(lang, &host) }</h2>
                }
                if let Some(node) = lost { { node } }
                if reconnecting {
                    <p class="notice reconnecting" role="status">{ i18n::online(lang, OnlineKey::Reconnecting) }</p>
                }
                { host_away_notice(lang, link, &phase, &host) }
                { stand_in_notice(lang, link) }
                if let Some(why) = turned_away(lang, &phase) {
                    <p class="error-text lost" role="alert">{ why }</p>
                }
                if phase == GuestPhase::Replaced {
                    <div class="row">
                        <button type="button" class="btn primary" onclick={
                            let link = link.clone();
                            Callback::from(move |_: MouseEvent| link.join())
                        }>{ seat_text(lang, &SeatText::PlayHere) }</button>
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
                // A new match is a new table: its result starts unseen.
                <GuestTable key={link.mirror().match_number()} link={link.clone()} generation={*generation} on_leave={props.on_leave.clone()} {on_over} />
            </div>
            </>
        };
    }
    let on_name = {
        let link = link.clone();
        let name = name.clone();
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            link.set_name(&v);
            name.set(v);
        })
    };
    let on_join = {
        let link = link.clone();
        Callback::from(move |_: MouseEvent| link.join())
    };
    let join_again = html! {
        <div class="row">
            <button type="button" class="btn primary" onclick={on_join.clone()}>{ tr(lang, Key::JoinButton) }</button>
        </div>
    };
    let body = match &phase {
        GuestPhase::Ready if watching => html! {
            <div class="row">
                <button type="button" class="btn primary" onclick={on_join}>{ i18n::watch_text(lang, WatchText::Watch) }</button>
            </div>
        },
        GuestPhase::Ready => {
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
                    <div class="row">
                        <button type="button" class="btn primary" onclick={on_join}>{ tr(lang, Key::JoinButton) }</button>
                    </div>
                    <p class="muted stun-note">{ stun }</p>
                    if !relays.is_empty() {
                        <div class="muted relay-note">
                            <p>{ i18n::online(lang, OnlineKey::RelaysUsedByFriend) }</p>
                            <ul class="relays">{ for relays.iter().map(|r| html! { <li>{ r.clone() }</li> }) }</ul>
                        </div>
                    }
                </>
            }
        }
        GuestPhase::Preparing => {
            html! { <p class="muted" role="status">{ tr(lang, Key::PreparingReply) }</p> }
        }
        GuestPhase::Failed => {
            html! { <p class="error-text" role="alert">{ tr(lang, Key::JoinFailed) }</p> }
        }
        GuestPhase::Reply(code) => {
            let on_copy = {
                let code = code.clone();
                let copied = copied.clone();
                Callback::from(move |_: MouseEvent| {
                    let copied = copied.clone();
                    copy_text(&code, move || copied.set(true));
                })
            };
            let select_all = Callback::from(|e: FocusEvent| {
                e.target_unchecked_into::<HtmlInputElement>().select();
            });
            html! {
                <>
                    <div class="field">
                        <label for="reply-code">{ tr(lang, Key::ReplyCode) }</label>
                        <input id="reply-code" type="text" readonly=true value={code.clone()} onfocus={select_all} spellcheck="false" />
                    </div>
                    <div class="row">
                        <button type="button" class="btn primary" onclick={on_copy}>{ tr(lang, Key::CopyReplyCode) }</button>
                        if *copied {
                            <span class="copied" role="status">{ tr(lang, Key::Copied) }</span>
                        }
                    </div>
                    <p class="muted">{ tr(lang, Key::JoinHelp) }</p>
                </>
            }
        }
        GuestPhase::Knocking => html! {
            <>
                if let Some((_, holder)) = link.asking() {
                    <p class="notice asking" role="status">{ seat_text(lang, &SeatText::Asking { holder: &holder }) }</p>
                } else {
                    <p class="muted knocking" role="status">{ i18n::online(lang, OnlineKey::ReachingHost) }</p>
                }
                if link.relays_down() {
                    <p class="error-text" role="alert">{ i18n::online(lang, OnlineKey::RelaysDown) }</p>
                }
            </>
        },
        GuestPhase::Refused(_) | GuestPhase::Unanswered => html! {
            <>
                if let Some(why) = turned_away(lang, &phase) {
                    <p class="error-text refused" role="alert">{ why }</p>
                }
                { join_again }
            </>
        },
        GuestPhase::Replaced => html! {
            <>
                if let Some(why) = turned_away(lang, &phase) {
                    <p class="error-text refused" role="alert">{ why }</p>
                }
                <div class="row">
                    <button type="button" class="btn primary" onclick={on_join.clone()}>{ seat_text(lang, &SeatText::PlayHere) }</button>
                </div>
            </>
        },
        GuestPhase::Connected | GuestPhase::Playing => html! {
            <p class="waiting" role="status">{ named(lang, Named::WaitingToStart, &host) }</p>
        },
        GuestPhase::Lost => Html::default(),
    };
    let joined = !matches!(
        phase,
        GuestPhase::Ready | GuestPhase::Refused(_) | GuestPhase::Unanswered | GuestPhase::Replaced
    );
    html! {
        <>
            { header }
            <main class="join" aria-labelledby="join-heading">
                <h2 id="join-heading">{
                    if watching { i18n::watching_table(lang, &host) } else { named(lang, Named::JoinTable, &host) }
                }</h2>
                <p class="rules-line">{ rules_line(lang, link) }</p>
                if let Some(node) = lost { { node } }
                <div class="field">
                    <label for="guest-name">{ tr(lang, Key::YourName) }</label>
                    <input id="guest-name" type="text" maxlength="24" value={(*name).clone()} oninput={on_name} disabled={joined} autocomplete="nickname" />
                </div>
                { body }
            </main>
        </>
    }
}

/// The quick reactions on the seats, and the Reactions bar, from this
/// friend's seat.
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
    (
        seat_bubbles(lang, &board, seats),
        reaction_bar(&board, me, Rc::new(names), on_send, on_mute),
    )
}

#[derive(Properties, PartialEq)]
struct GuestTableProps {
    link: Rc<GuestLink>,
    generation: u64,
    on_leave: Callback<()>,
    /// Opens the replay or the review of the finished match.
    on_over: Callback<Over>,
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
                | GuestPhase::Replaced
        )
}

/// The table from a friend's seat: the same `Table` as the host's game,
/// from the model the link keeps of what this seat was told.
#[function_component(GuestTable)]
fn guest_table(props: &GuestTableProps) -> Html {
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
    let finished = use_memo(code, |code| {
        let (played, proof) = Played::decode_with_proof(code.as_deref()?).ok()?;
        Some(Finished {
            played: Rc::new(played),
            proof: proof.map(Rc::new),
        })
    });
    let Some(model) = link.table(lang) else {
        return Html::default();
    };
    let view = model.view();
    let me = view.seat;
    let rules = view.rules;
    let seats = view.seat_count();
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
    // A watcher's bottom seat is the host's (see `TableModel::seat`).
    let my_name = AttrValue::from(if model.spectating() {
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
        let line = i18n::deal_verdict(lang, &c.verdict, c.saw_seal, rules.edition);
        let url = Route::Replay(c.code.clone()).link(&crate::ui::online::page_base());
        (line, url)
    });
    let host = link.host_name();
    let waiting = host_may_deal(link);
    let watching = model.spectating();
    let open = |o: fn(Finished) -> Over| {
        let on_over = props.on_over.clone();
        (*finished)
            .clone()
            .map(|f| Callback::from(move |_: MouseEvent| on_over.emit(o(f.clone()))))
    };
    let on_replay = open(Over::Replay);
    // The review is of this seat's plays: a watcher made none.
    let on_review = open(Over::Review).filter(|_| !watching);
    let hide = {
        let hidden = result_hidden.clone();
        Callback::from(move |_: MouseEvent| hidden.set(true))
    };
    let on_leave = {
        let leave = props.on_leave.clone();
        let link = link.clone();
        Callback::from(move |_: MouseEvent| {
            link.leave();
            leave.emit(())
        })
    };
    let leave_label = if watching {
        i18n::watch_text(lang, WatchText::Leave)
    } else {
        tr(lang, Key::LeaveTable)
    };
    let ending = crate::table::friend::ending(&model, link.mirror().log());
    let overlay = ending
        .as_ref()
        .zip(view.outcome.as_ref())
        .filter(|_| *result_ready && !*result_hidden)
        .map(|(ending, outcome)| {
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
            // As the host's result: how you went out (with the arithmetic)
            // and what ended the match, your place, the deal's verdict.
            let mut lines: Vec<String> = ending
                .lines
                .iter()
                .map(|c| callout(lang, c, rules.edition))
                .collect();
            if let Some(place) = ending.mine {
                lines.push(i18n::your_place(lang, place, seats));
            }
            let copy = checked.as_ref().map(|(line, url)| {
                lines.push(line.clone());
                (
                    AttrValue::from(i18n::online(lang, OnlineKey::CopyMatchLink)),
                    AttrValue::from(url.clone()),
                )
            });
            let extra: Vec<DialogButton> = [
                (Key::ReviewMyPlays, on_review.clone()),
                (Key::Replay, on_replay.clone()),
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
                label: leave_label.into(),
                onclick: on_leave.clone(),
            };
            // While the host may deal the next match, that is what this
            // page waits for; leaving is the other way.
            let (primary, secondary, close) = if waiting {
                (
                    DialogButton {
                        label: named(lang, Named::WaitingToDealAgain, &host).into(),
                        onclick: hide.clone(),
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
                        onclick: hide.clone(),
                    }),
                )
            };
            html! {
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
            }
        });
    // The result closed: the table says what it waits for, and the result
    // and the replay open again from beside the hand (as at the host's).
    let actions = (ending.is_some() && *result_hidden).then(|| {
        let show = {
            let hidden = result_hidden.clone();
            Callback::from(move |_: MouseEvent| hidden.set(false))
        };
        html! {
            <>
                if waiting {
                    <p class="waiting-deal" role="status">{ named(lang, Named::WaitingToDealAgain, &host) }</p>
                }
                <button type="button" class="btn primary" onclick={show}>{ tr(lang, Key::ShowTheResult) }</button>
                if let Some(onclick) = on_replay.clone() {
                    <button type="button" class="btn" {onclick}>{ tr(lang, Key::Replay) }</button>
                }
            </>
        }
    });
    let (bubbles, reactions) = reactions(lang, link, &model);
    // A watcher sees the players' reactions but sends none.
    let reactions = if link.is_watching() {
        Html::default()
    } else {
        reactions
    };
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
