//! One opponent around the table: name, level, hand size as card backs
//! (or the cards face up, in a replay), tokens or score, and marks for the
//! turn, a Play 2 owed, being out and winning the match.

use crate::bots::Level;
use crate::i18n::{
    bot_level, card_name, cards_count, labelled, named, points_count, seat_label, tokens_count, tr,
    Key, Lang, Named,
};
use crate::rules::{Card, Edition, Format};
use crate::ui::table::card::{card_back, card_face};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct OpponentProps {
    /// The seat's index (cards fly from `[data-seat]`).
    pub seat: usize,
    pub name: AttrValue,
    /// The bot's level; `None` for a person (pass-and-play).
    pub level: Option<Level>,
    pub hand_len: usize,
    pub in_hand: bool,
    pub in_match: bool,
    pub laid_down: Vec<Card>,
    pub tokens: u8,
    pub score: u32,
    pub format: Format,
    pub edition: Edition,
    pub to_act: bool,
    /// Plays after the seat to act, in the current direction.
    #[prop_or_default]
    pub next: bool,
    pub owes_two: bool,
    /// How many cards the seat has drawn this hand: a new one flies in.
    #[prop_or_default]
    pub draws: usize,
    /// Position class: where the seat sits around the table.
    pub position: AttrValue,
    /// Says who plays the seat instead of its level (a friend online and
    /// whether they are connected).
    #[prop_or_default]
    pub kind_note: Option<AttrValue>,
    /// The friend playing this seat is disconnected.
    #[prop_or_default]
    pub away: bool,
    /// Who plays the seat is known (`false`: a replay, which shows no
    /// level or person).
    #[prop_or(true)]
    pub known: bool,
    /// The seat's cards, shown face up instead of backs (a replay).
    #[prop_or_default]
    pub cards: Option<Vec<Card>>,
    /// The seat won the match.
    #[prop_or_default]
    pub won: bool,
    /// The quick reaction the seat shows now (an online table), drawn by
    /// the whole app's stylesheet from `data-reaction`. Screen readers
    /// hear it from the page's polite line.
    #[prop_or_default]
    pub reaction: Option<AttrValue>,
}

/// A player's tokens drawn as coins (nine at most; the count is said
/// beside them).
pub fn coins(tokens: u8) -> Html {
    (0..tokens.min(9))
        .map(|_| html! { <span class="token" /> })
        .collect()
}

#[function_component(Opponent)]
pub fn opponent(props: &OpponentProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let fan = use_node_ref();
    {
        // A card drawn flies face down from the draw pile to the seat.
        let fan = fan.clone();
        let seen = use_mut_ref(|| props.draws);
        use_effect_with(props.draws, move |&draws| {
            let before = std::mem::replace(&mut *seen.borrow_mut(), draws);
            if draws > before {
                if let Some(last) = fan
                    .cast::<web_sys::Element>()
                    .and_then(|f| f.last_element_child())
                {
                    crate::ui::platform::motion::fly_from(&last, ".pile.draw", "arrive");
                }
            }
        });
    }
    let level = match (&props.kind_note, props.level) {
        (Some(note), _) => note.to_string(),
        (None, _) if !props.known => String::new(),
        (None, Some(l)) => bot_level(lang, l),
        (None, None) => tr(lang, Key::Person).to_string(),
    };
    let status = if !props.in_match {
        Some(tr(lang, Key::OutOfMatch))
    } else if !props.in_hand {
        Some(tr(lang, Key::Out))
    } else {
        None
    };
    let backs = props.hand_len.min(8);
    let standing = match props.format {
        Format::Elimination => html! {},
        Format::Tokens => html! {
            <span class="standing tokens" title={tokens_count(lang, props.tokens)}>
                <span aria-hidden="true">{ coins(props.tokens) }</span>
                <span class="sr-only">{ tokens_count(lang, props.tokens) }</span>
                if props.tokens == 0 { <span class="zero" aria-hidden="true">{ tokens_count(lang, 0) }</span> }
            </span>
        },
        Format::Points => html! {
            <span class="standing score">{ points_count(lang, props.score) }</span>
        },
    };
    // In a replay: the cards in hand, face up, and their names.
    let face_up = props.cards.as_ref().filter(|_| props.in_hand).map(|cards| {
        let names: Vec<String> = cards
            .iter()
            .map(|&c| card_name(lang, c, props.edition))
            .collect();
        let heading = named(lang, Named::HandOf, &props.name);
        (cards, labelled(lang, &heading, &names.join(", ")))
    });
    let laid = (!props.in_hand && !props.laid_down.is_empty()).then(|| {
        let names: Vec<String> = props
            .laid_down
            .iter()
            .map(|&c| card_name(lang, c, props.edition))
            .collect();
        html! {
            <div class="laid-down">
                <span class="sr-only">{ labelled(lang, tr(lang, Key::LaidDown), &names.join(", ")) }</span>
                <ul class="mini-cards" aria-hidden="true">
                    { for props.laid_down.iter().map(|&card| html! {
                        <li>{ card_face(card, props.edition, lang, "mini") }</li>
                    }) }
                </ul>
            </div>
        }
    });
    html! {
        <section
            class={classes!(
                "seat",
                props.position.to_string(),
                props.to_act.then_some("to-act"),
                props.next.then_some("next"),
                status.is_some().then_some("is-out"),
                props.away.then_some("away"),
                props.cards.is_some().then_some("cards-up"),
                props.won.then_some("won"),
            )}
            data-seat={props.seat.to_string()}
            aria-label={match (props.level, &props.kind_note) {
                _ if level.is_empty() => props.name.to_string(),
                (Some(l), None) => seat_label(lang, &props.name, l),
                _ => format!("{}, {level}", props.name),
            }}
            aria-current={props.to_act.then_some("true")}
            data-reaction={props.reaction.clone()}
        >
            <div class="seat-head">
                <span class="avatar" aria-hidden="true">{ props.name.chars().next().unwrap_or('?').to_string() }</span>
                <span class="who">
                    <span class="name">{ props.name.clone() }</span>
                    if !level.is_empty() { <span class="level">{ level }</span> }
                </span>
            </div>
            if let Some((cards, names)) = face_up {
                <div class="backs face-up">
                    <span class="sr-only">{ names }</span>
                    <ul class="mini-cards" aria-hidden="true" ref={fan}>
                        { for cards.iter().map(|&card| html! { <li>{ card_face(card, props.edition, lang, "mini") }</li> }) }
                    </ul>
                </div>
            } else if props.in_hand {
                <div class="backs">
                    <span class="fan" aria-hidden="true" ref={fan}>{ for (0..backs).map(|_| html! { { card_back("tiny") } }) }</span>
                    <span class="count">{ cards_count(lang, props.hand_len) }</span>
                </div>
            }
            { standing }
            <div class="marks">
                if props.won { <span class="mark won">{ tr(lang, Key::WinnerMark) }</span> }
                if props.to_act { <span class="mark turn">{ tr(lang, Key::Turn) }</span> }
                if props.next { <span class="mark next">{ tr(lang, Key::NextMark) }</span> }
                if props.owes_two { <span class="mark owes">{ tr(lang, Key::OwesTwo) }</span> }
                if let Some(s) = status { <span class="mark out">{ s }</span> }
            </div>
            if let Some(node) = laid { { node } }
        </section>
    }
}
