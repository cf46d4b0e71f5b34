//! A friend's page at an online table: joining from an invite link (the
//! reply code to send back), waiting for the host to start, then the table
//! from their seat, drawn with the same `table` pieces as the host's game
//! from what their seat was told (the [`GuestMirror`]'s view and events).
//!
//! [`GuestMirror`]: crate::online::GuestMirror

use crate::online::protocol::{Connection, SeatEvent, SeatKind};
use crate::rules::{Action, Direction, Event, Format, PlayerView, Rng, Seat, TurnStep};
use crate::ui::i18n::{
    self, callout, named, reason, tr, turn_prompt, waiting_for, winners_line, Key, Lang, Named,
    Narrator, Who,
};
use crate::ui::online::{GuestLink, GuestPhase};
use crate::ui::screens::dialog::{DialogButton, EndScreen, Standing};
use crate::ui::screens::header::Header;
use crate::ui::screens::lobby::copy_text;
use crate::ui::table::centre::{Centre, TrailItem};
use crate::ui::table::hand::{CardSlot, Hand, SlotState};
use crate::ui::table::log::{GameLog, Lines, LogLine};
use crate::ui::table::seat::Opponent;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The engine event a seat's event stands for, as far as the call-outs
/// need it (`None` for another seat's draw, which shows no card).
fn as_event(e: &SeatEvent, me: Seat) -> Option<Event> {
    Some(match e.clone() {
        SeatEvent::HandStarted {
            hand,
            dealer,
            first,
            ..
        } => Event::HandStarted {
            hand,
            dealer,
            first,
            deck: Vec::new(),
        },
        SeatEvent::Played { seat, card, total } => Event::Played { seat, card, total },
        SeatEvent::DiscardedFourOno { seat, total } => Event::DiscardedFourOno { seat, total },
        SeatEvent::YouDrew { card } => Event::Drew { seat: me, card },
        SeatEvent::Drew { .. } => return None,
        SeatEvent::Reshuffled { .. } => Event::Reshuffled { order: Vec::new() },
        SeatEvent::DirectionChanged { direction } => Event::DirectionChanged { direction },
        SeatEvent::ObligationPlaced { seat, by } => Event::ObligationPlaced { seat, by },
        SeatEvent::ObligationMoved { from, to } => Event::ObligationMoved { from, to },
        SeatEvent::PlayerOut { seat, laid_down } => Event::PlayerOut { seat, laid_down },
        SeatEvent::HandOver {
            hand,
            winner,
            loser,
            tokens,
            scores,
        } => Event::HandOver {
            hand,
            winner,
            loser,
            tokens,
            scores,
        },
        SeatEvent::LeftMatch { seat } => Event::LeftMatch { seat },
        SeatEvent::MatchOver { winners } => Event::MatchOver { winners },
    })
}

/// The table's rules in one line: "Modern · Elimination · 4 players".
fn rules_line(lang: Lang, link: &GuestLink) -> String {
    let rules = link.invite.rules;
    let edition = match rules.edition {
        crate::rules::Edition::Modern => tr(lang, Key::EditionModernShort),
        crate::rules::Edition::Classic => tr(lang, Key::EditionClassicShort),
    };
    format!(
        "{edition} · {} · {}",
        i18n::format_name(lang, rules.format),
        i18n::player_count(lang, usize::from(link.invite.seat_count))
    )
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
    let name = use_state(String::new);
    let copied = use_state(|| false);
    {
        let link = props.link.clone();
        let generation = generation.clone();
        use_effect_with((), move |_| {
            link.set_on_change(Callback::from(move |g| generation.set(g)));
        });
    }
    let link = &props.link;
    let host = link.invite.host_name.clone();
    let phase = link.phase();
    let on_leave = {
        let link = link.clone();
        let cb = props.on_leave.clone();
        Callback::from(move |_: MouseEvent| {
            link.leave();
            cb.emit(())
        })
    };
    let header = html! {
        <Header>
            <button type="button" class="btn ghost" onclick={on_leave.clone()}>{ tr(lang, Key::LeaveTable) }</button>
        </Header>
    };
    let lost = matches!(phase, GuestPhase::Lost).then(|| {
        html! { <p class="error-text lost" role="alert">{ tr(lang, Key::HostLost) }</p> }
    });
    if link.mirror().view().is_some() {
        return html! {
            <>
                { header }
                if let Some(node) = lost { { node } }
                if link.bad_view() {
                    <p class="error-text bad-view" role="alert">{ tr(lang, Key::BadViewNotice) }</p>
                }
                <GuestTable link={link.clone()} generation={*generation} on_leave={props.on_leave.clone()} />
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
    let body = match &phase {
        GuestPhase::Ready => {
            let on_join = {
                let link = link.clone();
                Callback::from(move |_: MouseEvent| link.join())
            };
            let stun = match link.stun() {
                Some(server) => named(lang, Named::GuestStunNote, &server),
                None => tr(lang, Key::GuestNoStunNote).to_string(),
            };
            html! {
                <>
                    <div class="row">
                        <button type="button" class="btn primary" onclick={on_join}>{ tr(lang, Key::JoinButton) }</button>
                    </div>
                    <p class="muted stun-note">{ stun }</p>
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
                    copy_text(&code);
                    copied.set(true);
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
        GuestPhase::Connected | GuestPhase::Playing => html! {
            <p class="waiting" role="status">{ named(lang, Named::WaitingToStart, &host) }</p>
        },
        GuestPhase::Lost => Html::default(),
    };
    let joined = matches!(
        phase,
        GuestPhase::Connected | GuestPhase::Playing | GuestPhase::Lost
    );
    html! {
        <>
            { header }
            <main class="join" aria-labelledby="join-heading">
                <h2 id="join-heading">{ named(lang, Named::JoinTable, &host) }</h2>
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

#[derive(Properties, PartialEq)]
struct GuestTableProps {
    link: Rc<GuestLink>,
    generation: u64,
    on_leave: Callback<()>,
}

/// The seat that plays after `from` among those still in the hand.
fn next_in_hand(view: &PlayerView, from: Seat, direction: Direction) -> Option<Seat> {
    let n = view.seat_count();
    (1..n)
        .map(|k| match direction {
            Direction::Clockwise => (from.index() + k) % n,
            Direction::Counterclockwise => (from.index() + n * 2 - k) % n,
        })
        .map(|i| Seat(i as u8))
        .find(|&s| view.seats[s].in_hand)
        .filter(|&s| s != from)
}

/// The table from a friend's seat.
#[function_component(GuestTable)]
fn guest_table(props: &GuestTableProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let result_hidden = use_state(|| false);
    let link = &props.link;
    // Legality from this seat's view alone: any match consistent with it
    // answers the same for this seat's own cards. Dealt once per change of
    // the table, not on every render.
    let judge = use_memo(props.generation, {
        let link = link.clone();
        move |_| {
            let mirror = link.mirror();
            let view = mirror.view()?;
            if !view.my_turn() || mirror.awaiting_sync() {
                return None;
            }
            view.determinize(&mut Rng::new(0x0E57))
        }
    });
    let mirror = link.mirror();
    let Some(view) = mirror.view().cloned() else {
        return Html::default();
    };
    let presence = mirror.presence().to_vec();
    let events: Vec<SeatEvent> = mirror.log().to_vec();
    let ply = mirror.ply() as usize;
    let awaiting = mirror.awaiting_sync();
    drop(mirror);
    let me = view.seat;
    let rules = view.rules;
    let edition = rules.edition;
    let seats = view.seat_count();
    let seat_name = |s: Seat| -> String {
        if s == me {
            tr(lang, Key::You).to_string()
        } else {
            presence
                .get(s.index())
                .map(|p| p.name.clone())
                .filter(|n| !n.trim().is_empty())
                .unwrap_or_else(|| i18n::bot_heading(lang, s.index()))
        }
    };
    let to_act = view.to_act;
    let next_up = to_act.and_then(|t| {
        if t.step == TurnStep::FirstOfTwo {
            Some(t.seat)
        } else {
            next_in_hand(&view, t.seat, view.direction)
        }
    });
    let owes = to_act
        .filter(|t| t.step != TurnStep::Single)
        .map(|t| t.seat);
    let draws_of = |seat: Seat| {
        events
            .iter()
            .filter(|e| matches!(e, SeatEvent::Drew { seat: s } if *s == seat))
            .count()
    };
    let opponents = (1..seats).map(|i| {
        let seat = Seat(((me.index() + i) % seats) as u8);
        let p = &view.seats[seat];
        let who = presence.get(seat.index());
        let level = match who.map(|p| p.kind) {
            Some(SeatKind::Bot(l)) => Some(l),
            _ => None,
        };
        // The host and the other friends say so, with their connection.
        let kind_note = who.and_then(|p| match p.kind {
            SeatKind::Host => Some(tr(lang, Key::HostName).to_string()),
            SeatKind::Guest => {
                let mut note = tr(lang, Key::OnlineFriend).to_string();
                if p.connection != Some(Connection::Connected) {
                    note = format!("{note} · {}", tr(lang, Key::StatusDisconnected));
                }
                if p.bot_playing {
                    note = format!("{note} · {}", tr(lang, Key::BotPlayingBadge));
                }
                Some(note)
            }
            _ => None,
        });
        let away = who.is_some_and(|p| {
            p.kind == SeatKind::Guest && p.connection != Some(Connection::Connected)
        });
        html! {
            <Opponent
                key={i}
                seat={seat.index()}
                name={AttrValue::from(seat_name(seat))}
                {level}
                hand_len={p.hand_len}
                in_hand={p.in_hand}
                in_match={p.in_match}
                laid_down={p.laid_down.clone()}
                tokens={p.tokens}
                score={p.score}
                format={rules.format}
                {edition}
                to_act={to_act.is_some_and(|t| t.seat == seat)}
                next={next_up == Some(seat) && to_act.is_some_and(|t| t.seat != seat)}
                owes_two={owes == Some(seat)}
                draws={draws_of(seat)}
                position={AttrValue::from(format!("pos-{seats}-{i}"))}
                kind_note={kind_note.map(AttrValue::from)}
                {away}
            />
        }
    });

    let my_turn = view.my_turn() && !awaiting;
    let waiting_name = to_act.map(|t| seat_name(t.seat)).unwrap_or_default();
    let slots: Vec<CardSlot> = view
        .hand
        .iter()
        .map(|&card| {
            let state = match judge.as_ref() {
                Some(m) => match m.check(Action::Play(card)) {
                    Ok(()) => SlotState::Playable,
                    Err(e) => SlotState::Unplayable(reason(lang, &e, edition, &waiting_name)),
                },
                None => SlotState::Resting,
            };
            CardSlot {
                card,
                state,
                makes: None,
                hint: None,
                pick: false,
                fresh: false,
            }
        })
        .collect();
    let four_ono = judge
        .as_ref()
        .as_ref()
        .is_some_and(|m| m.check(Action::DiscardFourOno).is_ok());
    let mine = &view.seats[me];
    let over = view.outcome.is_some();
    let prompt = if over {
        String::new()
    } else if !mine.in_match {
        tr(lang, Key::YouLeftMatch).to_string()
    } else if !mine.in_hand {
        tr(lang, Key::YouAreOut).to_string()
    } else if my_turn {
        turn_prompt(lang, to_act.map_or(TurnStep::Single, |t| t.step), edition)
    } else {
        waiting_for(lang, &waiting_name)
    };
    let on_action = {
        let link = link.clone();
        Callback::from(move |action: Action| link.act(action))
    };

    // What this seat was told, as call-outs.
    let name_fn = |s: Seat| seat_name(s);
    let mut narrator = Narrator::new(rules, 0, me, &name_fn);
    let lines: Vec<(bool, LogLine)> = events
        .iter()
        .filter_map(|e| as_event(e, me))
        .filter_map(|e| narrator.next(&e))
        .map(|c| {
            let quiet = matches!(c, i18n::Callout::YouDrew { .. } | i18n::Callout::Reshuffled);
            (
                quiet,
                LogLine {
                    text: callout(lang, &c, edition),
                    divider: c.starts_hand(),
                    mine: c.is_about_you(),
                },
            )
        })
        .collect();
    let current: Vec<String> = lines
        .iter()
        .rev()
        .filter(|(quiet, _)| !quiet)
        .take(2)
        .map(|(_, l)| l.text.clone())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let log_lines = Lines(Rc::new(lines.into_iter().map(|(_, l)| l).collect()));
    let trail: Vec<TrailItem> = events
        .iter()
        .filter_map(|e| match e {
            SeatEvent::Played { seat, card, .. } => Some(TrailItem {
                name: AttrValue::from(seat_name(*seat)),
                seat: seat.index(),
                card: *card,
            }),
            _ => None,
        })
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .take(4)
        .rev()
        .collect();
    let top = view.discard_pile.last().copied();
    let top_by = trail.last().map(|t| t.name.clone());
    let me_next = next_up == Some(me) && to_act.is_some_and(|t| t.seat != me);
    let refused = link.refused().then(|| {
        html! { <p class="error-text" role="alert">{ tr(lang, Key::GuestRefused) }</p> }
    });

    let overlay = view
        .outcome
        .as_ref()
        .filter(|_| !*result_hidden)
        .map(|outcome| {
            let who = |s: Seat| Who::of(s, me, &name_fn);
            let winners: Vec<Who> = outcome.winners.iter().map(|&s| who(s)).collect();
            let mut rows: Vec<Standing> = view
                .seats
                .iter()
                .map(|(seat, p)| Standing {
                    name: seat_name(seat),
                    tokens: p.tokens,
                    score: p.score,
                    in_match: p.in_match,
                    winner: outcome.winners.contains(&seat),
                    mine: seat == me,
                    seat,
                    place: 0,
                })
                .collect();
            rows.sort_by_key(|r| (!r.winner, !r.in_match));
            let leave = props.on_leave.clone();
            let link = link.clone();
            let hide = {
                let hidden = result_hidden.clone();
                Callback::from(move |_: MouseEvent| hidden.set(true))
            };
            html! {
                <EndScreen
                    heading={AttrValue::from(winners_line(lang, &winners))}
                    lines={Vec::<String>::new()}
                    standings={rows}
                    format={rules.format}
                    celebrate={outcome.winners.contains(&me)}
                    primary={DialogButton { label: tr(lang, Key::LeaveTable).into(), onclick: Callback::from(move |_| { link.leave(); leave.emit(()) }) }}
                    close={Some(DialogButton { label: tr(lang, Key::SeeTheTable).into(), onclick: hide })}
                />
            }
        });
    let standing = match rules.format {
        Format::Elimination => None,
        Format::Tokens => Some(i18n::tokens_count(lang, mine.tokens)),
        Format::Points => Some(i18n::points_count(lang, mine.score)),
    };
    html! {
        <div class={classes!("game", "guest", format!("seats-{seats}"))}>
            <main class="play">
                <div class={classes!("felt", format!("n{seats}"), match view.direction { Direction::Clockwise => "cw", Direction::Counterclockwise => "ccw" })} aria-label={tr(lang, Key::Table)} role="region">
                    { for opponents }
                    <Centre
                        total={view.total}
                        direction={view.direction}
                        draw_pile_len={view.draw_pile_len}
                        {top}
                        {top_by}
                        {trail}
                        plays={ply}
                        {edition}
                    />
                    <div class="callout" aria-live="polite" aria-atomic="true">
                        { for current.iter().map(|l| html! { <p>{ l.clone() }</p> }) }
                    </div>
                    <div class={classes!("me", my_turn.then_some("to-act"), me_next.then_some("next"), (!mine.in_hand).then_some("is-out"))} data-seat={me.index().to_string()}>
                        <span class="name">{ link.name().trim().to_string() }</span>
                        if let Some(s) = standing { <span class="standing">{ s }</span> }
                        if my_turn { <span class="mark turn">{ tr(lang, Key::YourTurnMark) }</span> }
                        if me_next { <span class="mark next">{ tr(lang, Key::NextMark) }</span> }
                        if owes == Some(me) { <span class="mark owes">{ tr(lang, Key::YouOweTwoMark) }</span> }
                        if !mine.in_hand { <span class="mark out">{ tr(lang, Key::Out) }</span> }
                    </div>
                </div>
                <Hand
                    {slots}
                    {edition}
                    {four_ono}
                    prompt={AttrValue::from(prompt)}
                    active={my_turn}
                    urgent={my_turn && owes == Some(me)}
                    laid_down={mine.laid_down.clone()}
                    seat={me.index()}
                    {on_action}
                />
                if let Some(node) = refused { { node } }
            </main>
            <GameLog past={Vec::<Lines>::new()} current={log_lines} ply={ply} />
            <div class="dialogs">{ for overlay }</div>
        </div>
    }
}
