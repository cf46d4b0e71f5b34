//! The Quick play card at the top of the setup: a game at once with the
//! setup below (summed up in one line), Today's deal, the guided first
//! game, and Play with friends.

use crate::bots::Level;
use crate::i18n::{self, numbered, player_count, tr, Key, Lang, Numbered};
use crate::rules::Card;
use crate::rules::{Edition, RuleSet, SetupError};
use crate::ui::state::{GameSetup, SeatKind};
use crate::ui::table::card::card_face;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct QuickPlayProps {
    /// What Quick play starts.
    pub setup: GameSetup,
    /// Why the last Quick play was refused, if it was.
    pub error: Option<SetupError>,
    pub on_quick: Callback<()>,
    pub on_daily: Callback<()>,
    pub on_learn: Callback<()>,
}

/// The hand fanned above the tagline.
const HERO: [Card; 4] = [
    Card::Number(9),
    Card::Reverse,
    Card::NinetyNine,
    Card::MinusTen,
];

/// What Quick play starts, in one line: "4 players · Modern · Medium bots".
fn summary(lang: Lang, setup: &GameSetup) -> String {
    let rules = setup.rules;
    let (edition, defaults) = match rules.edition {
        Edition::Modern => (Key::EditionModernShort, RuleSet::modern()),
        Edition::Classic => (Key::EditionClassicShort, RuleSet::classic()),
    };
    let mut parts = vec![
        player_count(lang, setup.seat_count()),
        tr(lang, edition).to_string(),
    ];
    if rules.format != defaults.format {
        parts.push(i18n::format_name(lang, rules.format).to_string());
    }
    if setup.people() > 1 {
        parts.push(numbered(lang, Numbered::PeopleCount, setup.people()));
    }
    let mut levels = setup.others.iter().filter_map(|s| match s.kind {
        SeatKind::Bot(level) => Some(level),
        _ => None,
    });
    if let Some(first) = levels.next() {
        let bots = if levels.all(|l| l == first) {
            match first {
                Level::Easy => Some(Key::BotsEasy),
                Level::Medium => Some(Key::BotsMedium),
                Level::Hard => Some(Key::BotsHard),
                // Only a hand-edited setup has random bots: not worth a word.
                Level::Random => None,
            }
        } else {
            Some(Key::BotsMixed)
        };
        if let Some(bots) = bots {
            parts.push(tr(lang, bots).to_string());
        }
    }
    parts.join(" · ")
}

/// The Quick play card: the tagline, the Quick play button with what it
/// starts and why it was refused, then Today's deal and Learn to play, each
/// with a line of explanation.
pub(super) fn quick_play(lang: Lang, props: &QuickPlayProps) -> Html {
    html! {
        <section class="quick">
            // A hand of cards to greet the player: the game's own faces.
            <div class="hero-fan" aria-hidden="true">
                { for HERO.iter().map(|&card| card_face(card, Edition::Modern, lang, "")) }
            </div>
            <p class="tagline">{ tr(lang, Key::Tagline) }</p>
            <button id="quick-play" type="button" class="btn primary big quick-btn" aria-describedby="quick-what" onclick={props.on_quick.reform(|_: MouseEvent| ())}>
                <svg class="play-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M8 5.5v13a1 1 0 0 0 1.52.85l10.4-6.5a1 1 0 0 0 0-1.7L9.52 4.65A1 1 0 0 0 8 5.5Z"/></svg>
                { tr(lang, Key::QuickPlay) }
            </button>
            <p class="quick-what" id="quick-what">{ summary(lang, &props.setup) }</p>
            { for props.error.as_ref().map(|err| super::error_line(lang, err)) }
            <div class="daily">
                <button type="button" class="btn daily-btn" aria-describedby="daily-what" onclick={props.on_daily.reform(|_: MouseEvent| ())}>{ tr(lang, Key::TodaysDeal) }</button>
                <p class="quick-what" id="daily-what">{ tr(lang, Key::TodaysDealHelp) }</p>
            </div>
            <div class="daily">
                <button type="button" class="btn learn-btn" aria-describedby="learn-what" onclick={props.on_learn.reform(|_: MouseEvent| ())}>{ tr(lang, Key::LearnToPlay) }</button>
                <p class="quick-what" id="learn-what">{ tr(lang, Key::LearnHelp) }</p>
            </div>
            // A plain link to the whole app's page, which sets a friend's
            // seat: the first download carries nothing more.
            <a class="btn friends-btn" href="app/#friends">{ tr(lang, Key::PlayWithFriends) }</a>
        </section>
    }
}
