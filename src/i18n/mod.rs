//! Every text the player sees or hears, in every language. Depends on the
//! vocabulary of `rules`, `bots`, `play` and `table` only (no Yew, no
//! browser), so it compiles natively and `tests/i18n.rs` checks it there;
//! the browser app (`crate::ui`) only calls it.
//!
//! ## One catalogue shape (issue 37)
//!
//! Every text is a key with its four languages as data, a block of a text
//! file (`blocks.rs` reads it, strictly):
//!
//! ```text
//! [StoppedSharing]
//! en = {host} stopped sharing the table.
//! es = {host} dejó de compartir la mesa.
//! fr = {host} a arrêté de partager la table.
//! pt = {host} parou de compartilhar a mesa.
//! ```
//!
//! `{name}` is a named argument (each language names English's), `\n` a
//! line break. The files differ only in how they reach the page:
//!
//! - `texts/*.txt`, one file a screen: the fixed texts ([`Key`], the enum
//!   in `keys.rs`), which the first download shows. `build.rs` compiles
//!   their English in (`en.rs`; a key without its block does not compile)
//!   and writes one file per other language, which the browser fetches
//!   for the language in use (`fixed.rs`; the post-build hook writes the
//!   same files, `assets/lang-files.mjs`), so the first download carries
//!   one language's words;
//! - `sections/*.txt`: texts only the whole app shows (watchers, a
//!   friend's table, held seats, reactions, table links and relays, the
//!   replay's lines: `watch.rs`, `friends.rs`, `seats.rs`, `reactions.rs`,
//!   `online.rs`, `replay.rs`),
//!   each a key enum made by `section!`
//!   (`catalogue.rs`), compiled into the whole app in four languages.
//!
//! To add a text: a key in `keys.rs` and its block in the screen's
//! `texts/*.txt` (or a key in a section's enum and its block in its file).
//! To add a language: a [`Lang`], its code in `blocks::CODES`, its line in
//! every block, its file in index.html's `#lang-files`, and its grammar
//! (below).
//!
//! ## Grammar in code
//!
//! The functions below choose a key and fill its arguments: a call-out
//! ([`Callout`], from the pure table model, `crate::table`) is a pair of
//! keys, said to you or naming someone (`by_who_with`); a value (a rule
//! option, a direction, a card's effect) maps to its key; a count picks
//! its key for one or more ([`Numbered`]). What a catalogue entry cannot
//! say stays code, one file per language (`en.rs`, `es.rs`, `fr.rs`,
//! `pt.rs`, implementing `translation.rs`): card names and cards with
//! their articles, plurals, ordinals, lists of names, rule errors, turn
//! prompts, the coach's tip's parts, the review's reasons and summaries,
//! the deal's verdict.
//!
//! The app calls the functions below with the [`Lang`] in use.

mod blocks;
pub mod catalogue;
mod en;
mod es;
pub mod fixed;
mod fr;
mod friends;
mod keys;
mod online;
mod pt;
mod reactions;
mod replay;
mod seats;
mod translation;
mod watch;

pub use crate::table::{Callout, Narrator, OutWhy, Then, Tip, Who};
pub use friends::{
    friends_text, host_quiet, host_quiet_at_table, match_progress, no_direct_path,
    through_relay_here, turn_seconds, waiting_for_host, FriendsText,
};
pub use keys::{Key, Named, Numbered};
pub use online::{dealt_without, online, relay_line_bad, OnlineKey, OnlineLine};
pub use reactions::{mute, reacted_line, reaction_name, reaction_text, ReactionKey};
pub use replay::{decision_line, move_of, ReplayLine};
pub use seats::{seat_text, SeatKey, SeatText};
pub use translation::{ReplayTexts, TipWords, Translation};
pub use watch::{stopped_sharing, watch_text, watching_count, watching_table, WatchText};

use crate::bots::Level;
use crate::play::SeatName;
use crate::rules::{
    Action, Card, Direction, Edition, Format, LoseAt, Negatives, NinetyNine, PointsEnd, RuleError,
    RuleOption, SetupError, TurnStep,
};

/// A language of the interface.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum Lang {
    #[default]
    En,
    Es,
    Fr,
    Pt,
}

impl Lang {
    /// Every language, in the order the selector lists them.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Es, Lang::Fr, Lang::Pt];

    /// The BCP 47 code (the page's `lang` attribute, the saved preference).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Fr => "fr",
            Lang::Pt => "pt",
        }
    }

    /// The language of a browser tag such as `pt-BR` or `es`, if we have it.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The language's name in itself, for the selector.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Es => "Español",
            Lang::Fr => "Français",
            Lang::Pt => "Português",
        }
    }

    /// The language whose texts show for this one: itself, or English
    /// while its fixed texts are not installed (`fixed.rs`: in the browser
    /// they are fetched), so a screen never mixes two languages.
    fn shown(self) -> Lang {
        if fixed::is_installed(self) {
            self
        } else {
            Lang::En
        }
    }

    /// The replay's and the review's texts (see [`ReplayTexts`]), in the
    /// language [`Lang::texts`] shows.
    pub fn replay_texts(self) -> &'static dyn ReplayTexts {
        match self.shown() {
            Lang::En => &en::En,
            Lang::Es => &es::Es,
            Lang::Fr => &fr::Fr,
            Lang::Pt => &pt::Pt,
        }
    }

    /// This language's texts; English's while its fixed texts are not
    /// installed ([`Lang::shown`]).
    pub fn texts(self) -> &'static dyn Translation {
        match self.shown() {
            Lang::En => &en::En,
            Lang::Es => &es::Es,
            Lang::Fr => &fr::Fr,
            Lang::Pt => &pt::Pt,
        }
    }
}

/// Names the bots get unless the player renames them.
pub use crate::play::BOT_NAMES;

/// A number as printed: a true minus sign (U+2212) for negatives.
pub fn number(n: i32) -> String {
    if n < 0 {
        format!("\u{2212}{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

/// A percentage as each language writes it: "38%", "38 %" (Spanish),
/// "38\u{202f}%" (French).
pub fn percent(lang: Lang, n: u32) -> String {
    match lang {
        Lang::Fr => format!("{n}\u{202f}%"),
        Lang::Es => format!("{n} %"),
        Lang::En | Lang::Pt => format!("{n}%"),
    }
}

/// The colon after a label, with French's narrow no-break space before it.
pub fn colon(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "\u{202f}: ",
        Lang::En | Lang::Es | Lang::Pt => ": ",
    }
}

/// "Your hand: 7, 8": a label and its value.
pub fn labelled(lang: Lang, label: &str, value: &str) -> String {
    format!("{label}{}{value}", colon(lang))
}

/// "Player 2": a person's seat named by its number (1 for the first).
pub fn numbered_player(lang: Lang, number: usize) -> String {
    format!("{} {number}", tr(lang, Key::PlayerNumbered))
}

/// A seat's name ([`SeatName`], `crate::play::names`) in `lang`: a name
/// as it is, else "You", "Player 1" or "Bot 8".
pub fn seat_name(lang: Lang, name: SeatName<'_>) -> String {
    match name {
        SeatName::Named(name) => name.to_string(),
        SeatName::You => tr(lang, Key::You).to_string(),
        SeatName::Player(number) => numbered_player(lang, number),
        SeatName::Bot(number) => bot_heading(lang, number),
    }
}

/// Whether `name` is what a record or share link calls a player who gave
/// no name ("Player 1", in any of the languages, or nothing): the seat the
/// game called "You".
pub fn is_nameless_player(name: &str, index: usize) -> bool {
    let name = name.trim();
    name.is_empty()
        || Lang::ALL
            .iter()
            .any(|&l| name == numbered_player(l, index + 1))
}

/// `s` with its first letter in capitals (a sentence starting with a
/// phrase such as "your 8"). Those phrases start with an ASCII letter in
/// every language; ASCII keeps Unicode's case tables out of the page.
pub(crate) fn capital(s: &str) -> String {
    let mut out = s.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// The key naming a bot level.
fn level_key(level: Level) -> Key {
    match level {
        Level::Random => Key::LevelRandom,
        Level::Easy => Key::LevelEasy,
        Level::Medium => Key::LevelMedium,
        Level::Hard => Key::LevelHard,
    }
}

/// The text of `key` in `lang`.
pub fn tr(lang: Lang, key: Key) -> &'static str {
    lang.texts().key(key)
}

/// What a page says of a finished online match's deal (`online::fair`):
/// `saw_seal`, whether it had the host's seal before the deal.
pub fn deal_verdict(
    lang: Lang,
    verdict: &crate::online::fair::Verdict,
    saw_seal: bool,
    edition: Edition,
) -> String {
    use crate::online::fair::Verdict;
    let key = match verdict {
        Verdict::Verified if saw_seal => OnlineKey::DealVerified,
        Verdict::Verified => OnlineKey::DealVerifiedLate,
        Verdict::SecretDoesNotMatch => OnlineKey::DealSecretChanged,
        Verdict::LeftOut(_) => OnlineKey::DealLeftOut,
        Verdict::SeedDoesNotMatch => OnlineKey::DealSeedDiffers,
        Verdict::DoesNotReplay => OnlineKey::DealDoesNotReplay,
        Verdict::LogDiffers { .. } => OnlineKey::DealLogDiffers,
        Verdict::CardDiffers {
            hand,
            expected,
            shown,
            ..
        } => {
            return online::deal_card_differs(
                lang,
                *hand,
                &card_name(lang, *expected, edition),
                &card_name(lang, *shown, edition),
            )
        }
    };
    online(lang, key).to_string()
}

/// A card's name as printed on it and used in accessible names.
pub fn card_name(lang: Lang, card: Card, edition: Edition) -> String {
    lang.texts().card_name(card, edition)
}

/// The accessible name of a card button in your hand: "Play 7".
pub fn play_card(lang: Lang, card: Card, edition: Edition) -> String {
    let key = if card == Card::PlayTwo {
        Key::PlayTwoCard
    } else {
        Key::PlayCard
    };
    fill(lang, key, &[("card", &card_name(lang, card, edition))])
}

/// The accessible name of the four-ONO discard button.
pub fn discard_four(lang: Lang, edition: Edition) -> String {
    let card = card_name(lang, Card::NinetyNine, edition);
    fill(lang, Key::DiscardFour, &[("card", &card)])
}

/// The accessible name of the total: "Total 42".
pub fn total_label(lang: Lang, total: i32) -> String {
    fill(lang, Key::TotalLabel, &[("total", &number(total))])
}

/// A short line under a card in the rules screen.
pub fn card_effect(lang: Lang, card: Card, edition: Edition) -> &'static str {
    let key = match card {
        Card::Number(_) => Key::CardEffectNumber,
        Card::MinusTen => match edition {
            Edition::Modern => Key::CardEffectMinusTenModern,
            Edition::Classic => Key::CardEffectMinusTenClassic,
        },
        Card::Reverse => Key::CardEffectReverse,
        Card::PlayTwo => match edition {
            Edition::Modern => Key::CardEffectPlayTwoModern,
            Edition::Classic => Key::CardEffectPlayTwoClassic,
        },
        Card::Hold => Key::CardEffectHold,
        Card::NinetyNine => Key::CardEffectNinetyNine,
    };
    tr(lang, key)
}

/// Why an action was refused, as a short phrase for the card's tooltip.
/// With the arithmetic first where there is some: "97 + 8 = 105: would
/// reach 99".
pub fn reason(lang: Lang, err: &RuleError, edition: Edition, to_act_name: &str) -> String {
    let why = refusal(lang, err, edition, to_act_name);
    match refusal_sum(err) {
        Some(sum) => labelled(lang, &sum, &why),
        None => why,
    }
}

/// Why `err` refused an action, as a phrase (`to_act_name`: whose turn it
/// is; the 99 card named as the edition names it).
fn refusal(lang: Lang, err: &RuleError, edition: Edition, to_act_name: &str) -> String {
    let key = match err {
        RuleError::MatchOver => Key::RefusedMatchOver,
        RuleError::NotYourTurn { .. } => Key::RefusedNotYourTurn,
        RuleError::CardNotInHand { .. } => Key::RefusedCardNotInHand,
        RuleError::TotalTooHigh {
            lose_at: LoseAt::Reach99,
            ..
        } => Key::RefusedTotalReaches99,
        RuleError::TotalTooHigh {
            lose_at: LoseAt::Exceed99,
            ..
        } => Key::RefusedTotalOver99,
        RuleError::BelowZero { .. } => Key::RefusedBelowZero,
        RuleError::NinetyNineDead => Key::RefusedNinetyNineDead,
        RuleError::NinetyNineNotOnTen { .. } => Key::RefusedNinetyNineNotOnTen,
        RuleError::NinetyNineOncePerTurn => Key::RefusedNinetyNineOncePerTurn,
        RuleError::CannotOpenWithDoublePlay => Key::RefusedCannotOpenWithDoublePlay,
        RuleError::FourOnoDiscardOff => Key::RefusedFourOnoDiscardOff,
        RuleError::NotFourOno => Key::RefusedNotFourOno,
    };
    let card = card_name(lang, Card::NinetyNine, edition);
    fill(lang, key, &[("name", to_act_name), ("card", &card)])
}

/// Why the setup screen's choices can't start a game.
pub fn setup_error(lang: Lang, err: &SetupError) -> String {
    match err {
        SetupError::SeatCount(n) => fill(lang, Key::SetupSeatCount, &[("n", &n.to_string())]),
        SetupError::Option(crate::rules::OptionError::BadValue { option, value, .. }) => fill(
            lang,
            Key::SetupBadValue,
            &[("option", option_label(lang, *option)), ("value", value)],
        ),
        _ => tr(lang, Key::SetupOther).to_string(),
    }
}

/// The line that tells the player what their turn asks of them.
pub fn turn_prompt(lang: Lang, step: TurnStep, edition: Edition) -> String {
    let key = match (step, edition) {
        (TurnStep::Single, _) => Key::YourTurn,
        (TurnStep::FirstOfTwo, Edition::Modern) => Key::PromptFirstOfTwoModern,
        (TurnStep::FirstOfTwo, Edition::Classic) => Key::PromptFirstOfTwoClassic,
        (TurnStep::SecondOfTwo, _) => Key::PromptSecondOfTwo,
    };
    tr(lang, key).to_string()
}

/// The waiting line while someone else acts.
pub fn waiting_for(lang: Lang, name: &str) -> String {
    fill(lang, Key::WaitingFor, &[("name", name)])
}

pub fn direction(lang: Lang, d: Direction) -> &'static str {
    tr(
        lang,
        match d {
            Direction::Clockwise => Key::DirectionClockwise,
            Direction::Counterclockwise => Key::DirectionCounterclockwise,
        },
    )
}

/// The words for a friend's connection, on every page that shows it
/// (the lobby, the seats of the host's and the friends' tables).
pub fn connection(lang: Lang, c: crate::online::protocol::Connection) -> &'static str {
    use crate::online::protocol::Connection;
    tr(
        lang,
        match c {
            Connection::Waiting => Key::StatusWaiting,
            Connection::Connected => Key::StatusConnected,
            Connection::Disconnected | Connection::Closed => Key::StatusDisconnected,
        },
    )
}

pub fn level(lang: Lang, level: Level) -> &'static str {
    tr(lang, level_key(level))
}

/// "Medium bot".
pub fn bot_level(lang: Lang, l: Level) -> String {
    lang.texts().bot_level(l)
}

pub fn cards_count(lang: Lang, n: usize) -> String {
    count(lang, n, (Key::CountCardsOne, Key::CountCards))
}

pub fn tokens_count(lang: Lang, n: u8) -> String {
    count(lang, n.into(), (Key::CountTokensOne, Key::CountTokens))
}

pub fn points_count(lang: Lang, n: u32) -> String {
    count(lang, n as usize, (Key::CountPointsOne, Key::CountPoints))
}

/// A count of `n`: its key for one or for more (the language says which
/// counts read as one), with `{n}` filled.
fn count(lang: Lang, n: usize, (one, more): (Key, Key)) -> String {
    let key = if lang.texts().is_one(n) { one } else { more };
    fill(lang, key, &[("n", &n.to_string())])
}

pub fn seat_label(lang: Lang, name: &str, l: Level) -> String {
    lang.texts().seat_label(name, l)
}

pub fn player_count(lang: Lang, n: usize) -> String {
    fill(lang, Key::PlayersCount, &[("n", &n.to_string())])
}

pub fn bot_heading(lang: Lang, index: usize) -> String {
    fill(lang, Key::BotHeading, &[("index", &index.to_string())])
}

/// The label of a rule option (docs/rules.md §8 names).
pub fn option_label(lang: Lang, option: RuleOption) -> &'static str {
    tr(
        lang,
        match option {
            RuleOption::Negatives => Key::OptionNegatives,
            RuleOption::NinetyNine => Key::OptionNinetyNine,
            RuleOption::LoseAt => Key::OptionLoseAt,
            RuleOption::FourOnoDiscard => Key::OptionFourOnoDiscard,
            RuleOption::Format => Key::OptionFormat,
            RuleOption::Tokens => Key::OptionTokens,
            RuleOption::PointsLimit => Key::OptionPointsLimit,
            RuleOption::PointsEnd => Key::OptionPointsEnd,
        },
    )
}

/// One sentence explaining an option.
pub fn option_help(lang: Lang, option: RuleOption) -> &'static str {
    tr(
        lang,
        match option {
            RuleOption::Negatives => Key::OptionHelpNegatives,
            RuleOption::NinetyNine => Key::OptionHelpNinetyNine,
            RuleOption::LoseAt => Key::OptionHelpLoseAt,
            RuleOption::FourOnoDiscard => Key::OptionHelpFourOnoDiscard,
            RuleOption::Format => Key::OptionHelpFormat,
            RuleOption::Tokens => Key::OptionHelpTokens,
            RuleOption::PointsLimit => Key::OptionHelpPointsLimit,
            RuleOption::PointsEnd => Key::OptionHelpPointsEnd,
        },
    )
}

pub fn negatives(lang: Lang, v: Negatives) -> &'static str {
    tr(
        lang,
        match v {
            Negatives::Forbid => Key::NegativesForbid,
            Negatives::Allow => Key::NegativesAllow,
            Negatives::Floor => Key::NegativesFloor,
        },
    )
}

pub fn ninety_nine(lang: Lang, v: NinetyNine) -> &'static str {
    tr(
        lang,
        match v {
            NinetyNine::Dead => Key::NinetyNineDead,
            NinetyNine::DeadButTens => Key::NinetyNineDeadButTens,
            NinetyNine::Sets99 => Key::NinetyNineSets99,
        },
    )
}

pub fn lose_at(lang: Lang, v: LoseAt) -> &'static str {
    tr(
        lang,
        match v {
            LoseAt::Reach99 => Key::LoseAtReach99,
            LoseAt::Exceed99 => Key::LoseAtExceed99,
        },
    )
}

pub fn format_name(lang: Lang, v: Format) -> &'static str {
    tr(
        lang,
        match v {
            Format::Elimination => Key::FormatElimination,
            Format::Tokens => Key::FormatTokens,
            Format::Points => Key::FormatPoints,
        },
    )
}

pub fn points_end(lang: Lang, v: PointsEnd) -> &'static str {
    tr(
        lang,
        match v {
            PointsEnd::Knockout => Key::PointsEndKnockout,
            PointsEnd::Lowest => Key::PointsEndLowest,
        },
    )
}

pub fn yes_no(lang: Lang, v: bool) -> &'static str {
    tr(lang, if v { Key::Yes } else { Key::No })
}

/// A call-out in words.
pub fn callout(lang: Lang, callout: &Callout, edition: Edition) -> String {
    let t = lang.texts();
    let card = |c: Card| t.card_name(c, edition);
    let hand = |h: &u32| h.to_string();
    match callout {
        Callout::HandDealt { hand: h, first } => by_who_with(
            lang,
            first,
            (Key::CalloutHandDealtYou, Key::CalloutHandDealt),
            &[("hand", &hand(h))],
        ),
        Callout::Played {
            who,
            card: c,
            total,
        } => by_who_with(
            lang,
            who,
            (Key::CalloutPlayedYou, Key::CalloutPlayed),
            &[
                ("card", &t.card_in_sentence(*c, edition)),
                ("total", &number(*total)),
            ],
        ),
        Callout::DiscardedFour { who, total } => by_who_with(
            lang,
            who,
            (Key::CalloutDiscardedFourYou, Key::CalloutDiscardedFour),
            &[
                ("card", &card(Card::NinetyNine)),
                ("total", &number(*total)),
            ],
        ),
        Callout::YouDrew { card: c } => fill(
            lang,
            Key::CalloutYouDrew,
            &[("card", &t.card_in_sentence(*c, edition))],
        ),
        Callout::Reshuffled => tr(lang, Key::CalloutReshuffled).to_string(),
        Callout::DirectionChanged { direction: d } => fill(
            lang,
            Key::CalloutDirectionChanged,
            &[("direction", &direction(lang, *d).to_ascii_lowercase())],
        ),
        Callout::OwesTwo { who } => by_who_with(
            lang,
            who,
            (Key::CalloutOwesTwoYou, Key::CalloutOwesTwo),
            &[("card", &card(Card::PlayTwo))],
        ),
        Callout::Out {
            who,
            why: Some(why),
        } => by_who_with(
            lang,
            who,
            (Key::CalloutOutWhyYou, Key::CalloutOutWhy),
            &[("detail", &out_detail(lang, why, edition))],
        ),
        Callout::Out { who, why: None } => by_who(lang, who, Key::CalloutOutYou, Key::CalloutOut),
        Callout::HandLost { hand: h, who } => by_who_with(
            lang,
            who,
            (Key::CalloutHandLostYou, Key::CalloutHandLost),
            &[("hand", &hand(h))],
        ),
        Callout::HandLastIn { hand: h, who } => by_who_with(
            lang,
            who,
            (Key::CalloutHandLastInYou, Key::CalloutHandLastIn),
            &[("hand", &hand(h))],
        ),
        Callout::HandOver { hand: h } => fill(lang, Key::CalloutHandOver, &[("hand", &hand(h))]),
        Callout::LeftMatch { who } => {
            by_who(lang, who, Key::CalloutLeftMatchYou, Key::CalloutLeftMatch)
        }
        Callout::MatchOver { winners } => t.winners_line(winners),
    }
}

/// "Ana wins the match!" / "You win the match!" / a shared win.
pub fn winners_line(lang: Lang, winners: &[Who]) -> String {
    lang.texts().winners_line(winners)
}

/// The heading of the between-hands summary.
pub fn hand_over_heading(lang: Lang, hand: u32) -> String {
    fill(lang, Key::HandOverHeading, &[("hand", &hand.to_string())])
}

pub fn hand_number(lang: Lang, hand: u32) -> String {
    fill(lang, Key::HandNumber, &[("hand", &hand.to_string())])
}

/// A line about `who`: the key for you, or the key for a name with
/// `{name}` filled (the verb agrees in each language's text).
fn by_who(lang: Lang, who: &Who, you: Key, named: Key) -> String {
    by_who_with(lang, who, (you, named), &[])
}

/// [`by_who`] with more arguments: the key for you, or for a name (then
/// `{name}` too), with `args` filled.
fn by_who_with(lang: Lang, who: &Who, (you, named): (Key, Key), args: &[(&str, &str)]) -> String {
    match who {
        Who::You => fill(lang, you, args),
        Who::Named(name) => {
            let mut all = args.to_vec();
            all.push(("name", name));
            fill(lang, named, &all)
        }
    }
}

/// Between hands: who went out.
pub fn went_out_line(lang: Lang, who: &Who) -> String {
    by_who(lang, who, Key::WentOutYou, Key::WentOut)
}

/// Between hands: who was left standing.
pub fn last_in_line(lang: Lang, who: &Who) -> String {
    by_who(lang, who, Key::LastInYou, Key::LastIn)
}

/// Between hands: who leaves the match.
pub fn leaves_line(lang: Lang, who: &Who) -> String {
    by_who(lang, who, Key::LeavesYou, Key::Leaves)
}

/// The coach's tip for the turn, in one sentence: the card it would play
/// and why ("Play the 9: it takes the total to 97 and Ben can't follow").
/// `next` names whoever plays after the pick.
pub fn tip(lang: Lang, tip: &Tip, edition: Edition, next: &str) -> String {
    let t = lang.texts();
    let w = t.tip_words();
    let (card, is_number) = match tip.action {
        Action::Play(c) => (
            t.card_name(c, edition),
            matches!(c, Card::Number(_) | Card::MinusTen),
        ),
        _ => (t.card_name(Card::NinetyNine, edition), true),
    };
    let card_words = if is_number { w.number } else { w.other }.replace("{card}", &card);
    let lead = match tip.action {
        Action::Play(_) if tip.only => {
            if is_number { w.only_m } else { w.only_f }.replace("{card}", &card_words)
        }
        Action::Play(_) => w.play.replace("{card}", &card_words),
        _ => w.discard.replace("{card}", &card),
    };
    let effect = match tip.total.cmp(&tip.before) {
        std::cmp::Ordering::Greater => w.up,
        std::cmp::Ordering::Equal => w.same,
        std::cmp::Ordering::Less => w.down,
    };
    let then = match tip.then {
        Then::NextStuck { certain: true, .. } => w.certain,
        Then::NextStuck { percent, .. } if percent >= 50 => w.likely,
        Then::NextStuck { .. } => w.may,
        Then::PlaysTwice { .. } => w.twice,
        Then::SecondPlaySafe => w.second,
        Then::Nothing => "",
    };
    let percent = match tip.then {
        Then::NextStuck { percent, .. } => percent.to_string(),
        _ => String::new(),
    };
    let then = then.replace("{name}", next).replace("{p}", &percent);
    format!(
        "{lead}{}{}{then}.",
        w.sep,
        effect.replace("{t}", &number(tip.total))
    )
}

/// "You finished 3rd of 5."
pub fn your_place(lang: Lang, place: usize, of: usize) -> String {
    lang.texts().your_place(place, of)
}

/// How much a card may still add to the total: "Room left: 18".
pub fn headroom(lang: Lang, room: i32) -> String {
    fill(lang, Key::Headroom, &[("room", &number(room))])
}

/// The sum behind a refusal, when there is one: "97 + 8 = 105".
pub fn refusal_sum(err: &RuleError) -> Option<String> {
    match err {
        RuleError::TotalTooHigh {
            card: Card::Number(n),
            new_total,
            ..
        } => {
            let n = i32::from(*n);
            Some(format!(
                "{} + {n} = {}",
                number(new_total - n),
                number(*new_total)
            ))
        }
        RuleError::BelowZero { total } => Some(format!(
            "{} \u{2212} 10 = {}",
            number(*total),
            number(total - 10)
        )),
        _ => None,
    }
}

/// Why someone went out, with the arithmetic: "at 97: 8 would make 105, 3
/// would make 100 and ONO 99 cards can't be played": the parts are keys
/// (`AtTotal`, `WouldMake`), the refusals each language's `reason`.
pub fn out_detail(lang: Lang, why: &OutWhy, edition: Edition) -> String {
    let t = lang.texts();
    let mut parts: Vec<String> = Vec::new();
    for (card, outcome) in &why.cards {
        let part = match outcome {
            Ok(_) => continue,
            Err(RuleError::TotalTooHigh { new_total, .. }) => {
                let (card, total) = (t.card_name(*card, edition), number(*new_total));
                fill(lang, Key::WouldMake, &[("card", &card), ("total", &total)])
            }
            Err(e) => refusal(lang, e, edition, ""),
        };
        if !parts.contains(&part) {
            parts.push(part);
        }
    }
    let list = match parts.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {} {last}", rest.join(", "), t.and_word()),
    };
    let at = fill(lang, Key::AtTotal, &[("total", &number(why.total))]);
    if list.is_empty() {
        at
    } else {
        format!("{at}{}{list}", t.colon())
    }
}

/// The fixed text `key` in `lang` with its named arguments filled.
fn fill(lang: Lang, key: Key, args: &[(&str, &str)]) -> String {
    catalogue::fill_text(tr(lang, key), args)
}

/// A text about one named seat or server ("Invite link for Ana"): its
/// key's text with `{name}` filled.
pub fn named(lang: Lang, text: Named, name: &str) -> String {
    fill(lang, text.key(), &[("name", name)])
}

/// A text with a number in it ("Bot 3 name"): its key's text for `n`
/// with `{n}` filled.
pub fn numbered(lang: Lang, text: Numbered, n: usize) -> String {
    fill(lang, text.key(n), &[("n", &n.to_string())])
}

/// Today's deal's result to share: the day, the place, how many plays.
pub fn daily_share(lang: Lang, date: &str, place: usize, of: usize, plays: usize) -> String {
    let (place, of, plays) = (place.to_string(), of.to_string(), plays.to_string());
    fill(
        lang,
        Key::DailyShare,
        &[
            ("date", date),
            ("place", &place),
            ("of", &of),
            ("plays", &plays),
        ],
    )
}

/// Why a reviewed decision got its label.
pub fn review_reason(
    lang: Lang,
    reason: &crate::bots::verdict::Reason,
    edition: Edition,
) -> String {
    lang.replay_texts().review_reason(reason, edition)
}

/// A review's summary put together from a language's words: `head` ("12
/// decisions"), then each label's count with its singular or plural
/// (labels at zero left out), after the language's `colon`.
fn summary_line(head: String, counts: [usize; 4], words: [(&str, &str); 4], colon: &str) -> String {
    let parts: Vec<String> = counts
        .iter()
        .zip(words)
        .filter(|(n, _)| **n > 0)
        .map(|(&n, (one, many))| format!("{n} {}", if n == 1 { one } else { many }))
        .collect();
    if parts.is_empty() {
        head
    } else {
        format!("{head}{colon}{}", parts.join(", "))
    }
}

/// "12 decisions: 9 best, 2 good, 1 mistake".
pub fn review_summary(lang: Lang, decisions: usize, counts: [usize; 4]) -> String {
    lang.replay_texts().review_summary(decisions, counts)
}
