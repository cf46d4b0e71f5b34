//! Learn to play: the guided first game's coach marks. A fixed deal
//! against two Medium bots that the coach's pick beats; each mark explains one thing the moment it
//! first matters (the total, Reverse, Play 2, −10, the ONO 99 card and the
//! four-ONO discard, going out), the bots wait while it shows, and the
//! lesson can be skipped at any point.

use crate::i18n::{tr, Key, Lang};
pub use crate::play::learn::{due, learn_setup, Mark, Seen, LEARN_SEED};
use crate::ui::platform::focus::use_focus_between;
use yew::prelude::*;

/// The title and body of `mark`.
pub fn texts(mark: Mark) -> (Key, Key) {
    match mark {
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

#[derive(Properties, PartialEq)]
pub struct CoachProps {
    pub mark: Mark,
    /// The card to play, named ("Play 9 ★"), when it is your turn: the
    /// coach's pick, the card ringed and starred in your hand.
    #[prop_or_default]
    pub pick: Option<AttrValue>,
    pub on_got_it: Callback<()>,
    pub on_skip: Callback<()>,
}

/// A coach mark: what it explains, "Got it" and "Skip the lesson". It sits
/// beside the table (over the log's column) on a wide screen, and between
/// the table and your hand on a narrow one, so it covers neither the total
/// nor a card.
#[function_component(Coach)]
pub fn coach(props: &CoachProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    // On a narrow screen the coach stands between the table and your hand:
    // the page shows the total, the coach and the hand together.
    let button = use_focus_between(props.mark, ".felt .total", ".play .hand");
    let (title, body) = texts(props.mark);
    let got = props.on_got_it.reform(|_: MouseEvent| ());
    let skip = props.on_skip.reform(|_: MouseEvent| ());
    html! {
        <section class="coach" role="region" aria-labelledby="coach-title" aria-live="polite">
            <p class="coach-kicker">{ tr(lang, Key::LearnCoach) }</p>
            <h2 id="coach-title">{ tr(lang, title) }</h2>
            <p>{ tr(lang, body) }</p>
            if let Some(pick) = &props.pick {
                <p class="coach-pick">{ pick.clone() }</p>
            }
            <div class="row">
                <button ref={button} type="button" class="btn primary" onclick={got}>{ tr(lang, Key::LearnGotIt) }</button>
                <button type="button" class="btn ghost" onclick={skip}>{ tr(lang, Key::LearnSkip) }</button>
            </div>
        </section>
    }
}
