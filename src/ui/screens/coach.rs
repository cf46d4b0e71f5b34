//! Learn to play: the guided first game's coach marks. A fixed deal
//! against two gentle bots; each mark explains one thing the moment it
//! first matters (the total, Reverse, Play 2, −10, the ONO 99 card and the
//! four-ONO discard, going out), the bots wait while it shows, and the
//! lesson can be skipped at any point.

use crate::bots::Level;
use crate::rules::{Card, Event, PlayerView, RuleSet};
use crate::ui::i18n::{tr, Key, Lang};
use crate::ui::platform::focus::use_focus_when;
use crate::ui::state::{bot, GameSetup, Speed};
use yew::prelude::*;

/// The deal of the guided game: you play first with 2, 6, 5 and a Reverse;
/// your next draws bring −10, Play 2 and an ONO 99 card.
pub const LEARN_SEED: u64 = 977_772;

/// The guided game's table: you and two Easy bots, modern rules.
pub fn learn_setup(player_name: &str) -> GameSetup {
    GameSetup {
        player_name: player_name.to_string(),
        others: (0..2).map(|i| bot(i, Level::Easy)).collect(),
        rules: RuleSet::modern(),
        speed: Speed::Normal,
    }
}

/// One coach mark, in the order they may appear.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mark {
    Total,
    Reverse,
    PlayTwo,
    MinusTen,
    NinetyNine,
    FourOno,
    Out,
    Done,
}

impl Mark {
    pub const ALL: [Mark; 8] = [
        Mark::Total,
        Mark::Reverse,
        Mark::PlayTwo,
        Mark::MinusTen,
        Mark::NinetyNine,
        Mark::FourOno,
        Mark::Out,
        Mark::Done,
    ];

    fn index(self) -> usize {
        Mark::ALL.iter().position(|&m| m == self).unwrap_or(0)
    }

    /// The mark's name for styling: while it shows, the card it explains
    /// glows in your hand (`data-coach` on the game).
    pub fn name(self) -> &'static str {
        match self {
            Mark::Total => "total",
            Mark::Reverse => "reverse",
            Mark::PlayTwo => "play-two",
            Mark::MinusTen => "minus-ten",
            Mark::NinetyNine => "ninety-nine",
            Mark::FourOno => "four-ono",
            Mark::Out => "out",
            Mark::Done => "done",
        }
    }

    pub fn texts(self) -> (Key, Key) {
        match self {
            Mark::Total => (Key::CoachTotalTitle, Key::CoachTotalBody),
            Mark::Reverse => (Key::CoachReverseTitle, Key::CoachReverseBody),
            Mark::PlayTwo => (Key::CoachPlayTwoTitle, Key::CoachPlayTwoBody),
            Mark::MinusTen => (Key::CoachMinusTenTitle, Key::CoachMinusTenBody),
            Mark::NinetyNine => (Key::CoachNinetyNineTitle, Key::CoachNinetyNineBody),
            Mark::FourOno => (Key::CoachFourOnoTitle, Key::CoachFourOnoBody),
            Mark::Out => (Key::CoachOutTitle, Key::CoachOutBody),
            Mark::Done => (Key::CoachDoneTitle, Key::CoachDoneBody),
        }
    }
}

/// The marks already shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Seen(u16);

impl Seen {
    pub fn has(self, m: Mark) -> bool {
        self.0 & (1 << m.index()) != 0
    }
    pub fn with(self, m: Mark) -> Seen {
        Seen(self.0 | (1 << m.index()))
    }
}

/// The mark to show now, if any: the first one not seen whose moment has
/// come, judged from your seat's view and the log. The wrap-up
/// ([`Mark::Done`]) is never due during play: it belongs to the guided
/// game's result, once the game is over.
pub fn due(seen: Seen, view: &PlayerView, log: &[Event], my_turn: bool) -> Option<Mark> {
    let holds = |c: Card| view.hand.contains(&c);
    let played = |c: Card| {
        log.iter()
            .any(|e| matches!(e, Event::Played { card, .. } if *card == c))
    };
    let someone_owes = log
        .iter()
        .any(|e| matches!(e, Event::ObligationPlaced { .. }));
    let someone_out = log.iter().any(|e| matches!(e, Event::PlayerOut { .. }));
    Mark::ALL.into_iter().find(|&m| {
        !seen.has(m)
            && match m {
                Mark::Total => true,
                Mark::Reverse => (my_turn && holds(Card::Reverse)) || played(Card::Reverse),
                Mark::PlayTwo => (my_turn && holds(Card::PlayTwo)) || someone_owes,
                Mark::MinusTen => (my_turn && holds(Card::MinusTen)) || played(Card::MinusTen),
                Mark::NinetyNine => my_turn && holds(Card::NinetyNine),
                Mark::FourOno => seen.has(Mark::NinetyNine),
                Mark::Out => someone_out || (my_turn && view.total >= 80),
                Mark::Done => false,
            }
    })
}

#[derive(Properties, PartialEq)]
pub struct CoachProps {
    pub mark: Mark,
    pub on_got_it: Callback<()>,
    pub on_skip: Callback<()>,
}

/// A coach mark: what it explains, "Got it" and "Skip the lesson". It sits
/// beside the table (over the log's column) on a wide screen and at the
/// bottom of the screen on a narrow one, so the total and your hand stay
/// in view and the page never scrolls to it.
#[function_component(Coach)]
pub fn coach(props: &CoachProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let button = use_focus_when(props.mark);
    let (title, body) = props.mark.texts();
    let got = props.on_got_it.reform(|_: MouseEvent| ());
    let skip = props.on_skip.reform(|_: MouseEvent| ());
    html! {
        <section class="coach" role="region" aria-labelledby="coach-title" aria-live="polite">
            <p class="coach-kicker">{ tr(lang, Key::LearnCoach) }</p>
            <h2 id="coach-title">{ tr(lang, title) }</h2>
            <p>{ tr(lang, body) }</p>
            <div class="row">
                <button ref={button} type="button" class="btn primary" onclick={got}>{ tr(lang, Key::LearnGotIt) }</button>
                <button type="button" class="btn ghost" onclick={skip}>{ tr(lang, Key::LearnSkip) }</button>
            </div>
        </section>
    }
}
