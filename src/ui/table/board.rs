//! The table, drawn from its model: the opponents around the felt, the
//! centre, the call-outs of the last step, your seat, your hand and the
//! game log. The game, a friend's page and the replay all draw it; each
//! adds only its own bars around it. Every decision (whose turn, which
//! card may be played and why, what to say) comes from the pure
//! [`TableModel`]; this component turns it into elements and words.
//!
//! Given every seat's cards (`face_up`, a replay), it shows them all face
//! up and watches: the bottom seat's cards rest in the hand area, nothing
//! is offered, and the marks say "Playing" rather than "Your turn".

use crate::bots::Level;
use crate::i18n::{self, callout, named, reason, tr, turn_prompt, waiting_for, Key, Lang, Named};
use crate::rules::{Action, Card, Direction, Format, PublicSeat};
use crate::table::{Callout, Connection, Marks, Player, TableModel, Then, Tip, Verdict};
use crate::ui::table::centre::{Centre, TrailItem};
use crate::ui::table::hand::{CardSlot, Hand, SlotState};
use crate::ui::table::log::{GameLog, Lines, LogLine};
use crate::ui::table::seat::Opponent;
use crate::ui::table::specials::Specials;
use std::rc::Rc;
use yew::prelude::*;

/// A table model shared by pointer: equal when it is the very same one,
/// so comparing props costs nothing.
#[derive(Clone, Debug)]
pub struct Shown(pub Rc<TableModel>);

impl PartialEq for Shown {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Every seat's cards, seat 0 first, to show face up (a replay).
pub type FaceUp = Rc<Vec<Vec<Card>>>;

#[derive(Properties, PartialEq)]
pub struct TableProps {
    pub model: Shown,
    /// Each seat's bot level (`None`: a person).
    pub levels: Vec<Option<Level>>,
    /// The name on your own seat.
    pub my_name: AttrValue,
    /// The coach's hints show on your turn.
    #[prop_or_default]
    pub hints: bool,
    pub on_action: Callback<Action>,
    /// Buttons beside the prompt (skip, show the result).
    #[prop_or_default]
    pub actions: Html,
    /// Shown between the table and your hand (what you missed).
    #[prop_or_default]
    pub before_hand: Html,
    /// The screen's own bars, under your hand.
    #[prop_or_default]
    pub children: Html,
    /// The screen's own bar above the table (a replay's controls).
    #[prop_or_default]
    pub above: Html,
    /// Every seat's cards, seat 0 first, all shown face up (a replay):
    /// nobody at the table is "you", no card is offered and the seats show
    /// no level (`levels` is not read).
    #[prop_or_default]
    pub face_up: Option<FaceUp>,
    /// How long a card you pick is held, undoable, before it is played.
    #[prop_or_default]
    pub hold_ms: u32,
    /// An online table: the quick reaction each seat shows now, seat 0
    /// first (`None`, or a shorter list: none).
    #[prop_or_default]
    pub reactions: Option<Rc<Vec<Option<AttrValue>>>>,
}

/// The quick reaction `seat` shows now, if any: an attribute of the seat,
/// which the whole app's stylesheet draws as a bubble (an attribute costs
/// the first download less than an element).
/// The first download has no online table: nothing to read there.
fn reaction_on(props: &TableProps, seat: usize) -> Option<AttrValue> {
    #[cfg(feature = "full")]
    return props
        .reactions
        .as_ref()
        .and_then(|r| r.get(seat).cloned().flatten());
    #[cfg(not(feature = "full"))]
    {
        let _ = (props, seat);
        None
    }
}

/// What a friend's seat says beside its name.
fn player_note(lang: Lang, player: Player) -> Option<String> {
    match player {
        Player::Here => None,
        Player::Host => Some(tr(lang, Key::HostName).to_string()),
        Player::Friend { link, stand_in } => {
            // Each "·" stays on the line of the word before it (a
            // no-break space): a narrow seat wraps after it, never leaves
            // it alone on a line.
            let mut note = tr(lang, Key::OnlineFriend).to_string();
            if link != Connection::Connected {
                note = format!("{note}\u{a0}· {}", i18n::connection(lang, link));
            }
            if stand_in {
                note = format!("{note}\u{a0}· {}", tr(lang, Key::BotPlayingBadge));
            }
            Some(note)
        }
    }
}

/// The line above your hand: what the turn asks, or why nothing does
/// (`watching`: nothing is asked of anyone here, as in a replay).
fn prompt(
    lang: Lang,
    model: &TableModel,
    slots: &[CardSlot],
    waiting: &str,
    watching: bool,
) -> String {
    let view = model.view();
    let me = &view.seats[model.seat()];
    let edition = view.rules.edition;
    if view.outcome.is_some() || model.holding() {
        String::new()
    } else if watching {
        model
            .to_act()
            .map(|_| waiting_for(lang, waiting))
            .unwrap_or_default()
    } else if !me.in_match {
        tr(lang, Key::YouLeftMatch).to_string()
    } else if !me.in_hand {
        tr(lang, Key::YouAreOut).to_string()
    } else if model.my_turn()
        && model.four_ono()
        && slots.iter().all(|s| s.state != SlotState::Playable)
    {
        tr(lang, Key::OnlyFourOno).to_string()
    } else if let Some(t) = model.to_act().filter(|_| model.my_turn()) {
        turn_prompt(lang, t.step, edition)
    } else {
        waiting_for(lang, waiting)
    }
}

/// The log's lines of one hand.
fn log_lines(lang: Lang, lines: &[Callout], model: &TableModel) -> Vec<LogLine> {
    let edition = model.view().rules.edition;
    lines
        .iter()
        .map(|c| LogLine {
            text: callout(lang, c, edition),
            divider: c.starts_hand(),
            mine: c.is_about_you(),
        })
        .collect()
}

/// The opponents around the felt, each drawn from its marks in the model
/// (`watching`: every card face up, as `face_up` gives them).
fn opponents<'a>(
    props: &'a TableProps,
    lang: Lang,
    watching: bool,
) -> impl Iterator<Item = Html> + 'a {
    let model = &props.model.0;
    let view = model.view();
    let seats = view.seat_count();
    model.others().enumerate().map(move |(i, seat)| {
        let p = &view.seats[seat];
        let marks = model.marks(seat);
        html! {
            <Opponent
                key={i + 1}
                seat={seat.index()}
                name={AttrValue::from(model.name(seat).to_string())}
                level={props.levels.get(seat.index()).copied().flatten()}
                known={!watching}
                cards={props.face_up.as_ref().and_then(|h| h.get(seat.index()).cloned())}
                hand_len={p.hand_len}
                in_hand={p.in_hand}
                in_match={p.in_match}
                laid_down={p.laid_down.clone()}
                tokens={p.tokens}
                score={p.score}
                format={view.rules.format}
                edition={view.rules.edition}
                to_act={marks.playing}
                next={marks.next}
                owes_two={marks.owes_two}
                draws={model.draws(seat)}
                position={AttrValue::from(format!("pos-{seats}-{}", i + 1))}
                kind_note={player_note(lang, marks.player).map(AttrValue::from)}
                away={matches!(marks.player, Player::Friend { link, .. } if link != Connection::Connected)}
                won={marks.won}
                reaction={reaction_on(props, seat.index())}
            />
        }
    })
}

/// Your hand's cards: the verdict on each on your turn (`my_turn`), the
/// coach's numbers, and which card just came in.
fn hand_slots(
    lang: Lang,
    model: &TableModel,
    my_turn: bool,
    watching: bool,
    waiting: &str,
) -> Vec<CardSlot> {
    let edition = model.view().rules.edition;
    model
        .slots()
        .iter()
        .map(|s| CardSlot {
            card: s.card,
            state: match &s.verdict {
                _ if !my_turn => SlotState::Resting,
                Verdict::Playable => SlotState::Playable,
                Verdict::Unplayable(e) => SlotState::Unplayable(reason(lang, e, edition, waiting)),
                Verdict::Resting => SlotState::Resting,
            },
            makes: s.hints.map(|h| h.makes),
            pick: s.hints.is_some_and(|h| h.pick),
            fresh: s.fresh && !watching,
        })
        .collect()
}

/// The coach's tip in words, naming whoever its pick affects.
fn tip_words(lang: Lang, model: &TableModel, tip: &Tip) -> AttrValue {
    let next = match tip.then {
        Then::NextStuck { seat, .. } | Then::PlaysTwice { seat } => model.name(seat),
        _ => "",
    };
    AttrValue::from(i18n::tip(lang, tip, model.view().rules.edition, next))
}

/// The call-outs of the last step (not your draw or a reshuffle: the
/// hand and the pile show those; nor your exit: its banner says it).
fn callouts(lang: Lang, model: &TableModel) -> Html {
    let edition = model.view().rules.edition;
    let exit_shown = model.exit_now().is_some();
    let current: Vec<String> = model
        .announce()
        .iter()
        .filter(|c| !matches!(c, Callout::YouDrew { .. } | Callout::Reshuffled))
        .filter(|c| !(exit_shown && matches!(c, Callout::Out { who, .. } if who.is_you())))
        .map(|c| callout(lang, c, edition))
        .collect();
    html! {
        <div class="callout" aria-live="polite" aria-atomic="true">
            // New lines for each step (keyed by it), so each
            // shows when the card it tells of lands. One line
            // shows, the step's last (what came of it); the
            // others are read out and wait in the log.
            { for current.iter().enumerate().map(|(i, l)| {
                let hidden = (i + 1 < current.len()).then_some("sr-only");
                html! { <p key={format!("{}-{i}", model.plays())} class={classes!(hidden)}>{ l.clone() }</p> }
            }) }
        </div>
    }
}

/// Your seat at the bottom of the felt: your name, your standing, your
/// marks and, for the rest of the hand, your own exit (`watching`: the
/// bottom seat's marks as anyone's).
fn my_seat(
    props: &TableProps,
    lang: Lang,
    mine: &PublicSeat,
    marks: &Marks,
    watching: bool,
) -> Html {
    let model = &props.model.0;
    let view = model.view();
    let me = model.seat();
    let standing = match view.rules.format {
        Format::Elimination => None,
        Format::Tokens => Some(i18n::tokens_count(lang, mine.tokens)),
        Format::Points => Some(i18n::points_count(lang, mine.score)),
    };
    // Your own exit stays on the table for the rest of the hand: the
    // call-out line moves on with the next play, this does not.
    let exit = model
        .exit_now()
        .map(|c| callout(lang, c, view.rules.edition));
    html! {
        <div class={classes!("me", marks.playing.then_some("to-act"), marks.next.then_some("next"), (!mine.in_hand).then_some("is-out"), marks.won.then_some("won"))} data-seat={me.index().to_string()} aria-current={(watching && marks.playing).then_some("true")} data-reaction={reaction_on(props, me.index())}>
            <span class="name">{ props.my_name.clone() }</span>
            if let Some(s) = standing { <span class="standing">{ s }</span> }
            if marks.playing { <span class="mark turn">{ tr(lang, if watching { Key::Turn } else { Key::YourTurnMark }) }</span> }
            if marks.next { <span class="mark next">{ tr(lang, Key::NextMark) }</span> }
            if marks.owes_two { <span class="mark owes">{ tr(lang, if watching { Key::OwesTwo } else { Key::YouOweTwoMark }) }</span> }
            if !mine.in_hand { <span class="mark out">{ tr(lang, Key::Out) }</span> }
            if marks.won { <span class="mark won">{ tr(lang, Key::WinnerMark) }</span> }
            if let Some(line) = exit { <p class="exit-banner">{ line }</p> }
        </div>
    }
}

/// The heading of the hand area when watching: "Your hand" in your own
/// match, else whose cards they are.
fn watched_hand(lang: Lang, name: &AttrValue) -> AttrValue {
    AttrValue::from(if *name == tr(lang, Key::You) {
        tr(lang, Key::YourHand).to_string()
    } else {
        named(lang, Named::HandOf, name)
    })
}

#[function_component(Table)]
pub fn table(props: &TableProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let model = &props.model.0;
    let view = model.view();
    let edition = view.rules.edition;
    let seats = view.seat_count();
    let me = model.seat();
    let mine = &view.seats[me];
    let my_marks = model.marks(me);
    // Watching (a replay, or a watcher at an online table): the bottom
    // seat plays too, but nothing is offered here.
    let watching = props.face_up.is_some() || model.spectating();
    let my_turn = model.my_turn() && !watching;
    let waiting = model
        .to_act()
        .map(|t| model.name(t.seat).to_string())
        .unwrap_or_default();
    let slots = hand_slots(lang, model, my_turn, watching, &waiting);
    let prompt = prompt(lang, model, &slots, &waiting, watching);
    // The coach's one tip for the turn.
    let tip = model
        .tip()
        .filter(|_| my_turn && props.hints)
        .map(|t| tip_words(lang, model, t));
    let trail: Vec<TrailItem> = model
        .trail()
        .iter()
        .map(|&(seat, card)| TrailItem {
            name: AttrValue::from(model.name(seat).to_string()),
            seat: seat.index(),
            card,
        })
        .collect();
    let top_by = trail.last().map(|t| t.name.clone());
    let log = use_log(lang, model);

    html! {
        <>
            <main class="play">
                { props.above.clone() }
                <div class={classes!("felt", format!("n{seats}"), match view.direction { Direction::Clockwise => "cw", Direction::Counterclockwise => "ccw" }, (view.outcome.is_some() || model.holding()).then_some("final"))} aria-label={tr(lang, Key::Table)} role="region">
                    { for opponents(props, lang, watching) }
                    <Centre
                        total={view.total}
                        direction={view.direction}
                        draw_pile_len={view.draw_pile_len}
                        top={view.discard_pile.last().copied()}
                        {top_by}
                        {trail}
                        plays={model.plays()}
                        {edition}
                        highest={view.rules.lose_at.highest()}
                    />
                    { callouts(lang, model) }
                    { my_seat(props, lang, mine, &my_marks, watching) }
                </div>
                { props.before_hand.clone() }
                // A watcher at an online table sees no hand: none is shown
                // (whose turn it is shows on the felt).
                if !model.spectating() {
                <Hand
                    {slots}
                    {edition}
                    four_ono={my_turn && model.four_ono()}
                    prompt={AttrValue::from(prompt)}
                    active={my_turn}
                    urgent={my_turn && my_marks.owes_two}
                    laid_down={mine.laid_down.clone()}
                    hints={my_turn && props.hints}
                    {tip}
                    seat={me.index()}
                    on_action={props.on_action.clone()}
                    actions={props.actions.clone()}
                    still={watching}
                    hold_ms={props.hold_ms}
                    heading={watching.then(|| watched_hand(lang, &props.my_name))}
                />
                }
                if !watching { <Specials {edition} /> }
                { props.children.clone() }
            </main>
            <GameLog past={log.0} current={log.1} ply={model.plays()} />
        </>
    }
}

/// The log's lines in words: a finished hand is worded once and kept (its
/// lines never change again); only the hand on the table is worded anew.
#[hook]
fn use_log(lang: Lang, model: &Rc<TableModel>) -> (Vec<Lines>, Lines) {
    let cache = use_mut_ref(|| (lang, Vec::<(Rc<Vec<Callout>>, Lines)>::new()));
    let mut cache = cache.borrow_mut();
    let hands = model.hands();
    let done = hands.len().saturating_sub(1);
    let same = cache.0 == lang
        && cache.1.len() <= done
        && cache
            .1
            .iter()
            .zip(hands)
            .all(|((a, _), b)| Rc::ptr_eq(a, b));
    if !same {
        *cache = (lang, Vec::new());
    }
    while cache.1.len() < done {
        let hand = hands[cache.1.len()].clone();
        let lines = Lines(Rc::new(log_lines(lang, &hand, model)));
        cache.1.push((hand, lines));
    }
    let past = cache.1.iter().map(|(_, l)| l.clone()).collect();
    let current = hands
        .last()
        .map(|h| Lines(Rc::new(log_lines(lang, h, model))))
        .unwrap_or_default();
    (past, current)
}
