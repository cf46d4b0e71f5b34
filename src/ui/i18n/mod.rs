//! Every text the player sees or hears, in one place.
//!
//! Fixed texts are looked up by [`Key`]; texts with data in them (call-outs,
//! reasons, card names) are functions taking the [`Lang`]. Only English
//! exists today: a new language is a new [`Lang`] variant and one more arm in
//! each `match lang` below, and [`Key::ALL`] lets a test check that nothing is
//! missing.

use crate::bots::Level;
use crate::rules::{
    Card, Direction, Edition, Event, Format, LoseAt, Negatives, NinetyNine, PointsEnd, RuleError,
    TurnStep,
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

/// Builds the [`Key`] enum, its `ALL` list and the English table together,
/// so a key can't exist without its English text.
macro_rules! keys {
    ($($key:ident => $en:literal,)+) => {
        /// A fixed text of the interface.
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
        pub enum Key { $($key),+ }

        impl Key {
            /// Every key, for completeness tests of translations.
            pub const ALL: &'static [Key] = &[$(Key::$key),+];
        }

        fn english(key: Key) -> &'static str {
            match key { $(Key::$key => $en),+ }
        }
    };
}

keys! {
    AppTitle => "ONO 99",
    Tagline => "Keep the total under 99 — or you're out.",
    NewGameHeading => "New game",
    PlayersHeading => "Players",
    PlayerCount => "Number of players",
    YourName => "Your name",
    You => "You",
    BotName => "Name",
    BotLevel => "Level",
    EditionHeading => "Edition",
    EditionModern => "Modern (2022)",
    EditionModernHelp => "112 cards with Play 2, Reverse, −10 and ONO 99 cards; one hand, last player standing wins.",
    EditionClassic => "Classic (1980)",
    EditionClassicHelp => "54 cards with Hold and Double Play; the total may go negative; three tokens each.",
    EditionResetNote => "Choosing an edition resets the rule options to that edition's defaults.",
    CardRulesHeading => "Card rules",
    MatchHeading => "Match format",
    SpeedHeading => "Bot speed",
    SpeedLabel => "How fast the bots play",
    StartGame => "Start game",
    HowToPlay => "How to play",
    Rules => "Rules",
    Back => "Back",
    Menu => "New game",
    Table => "Table",
    YourHand => "Your hand",
    DrawPile => "Draw pile",
    DiscardPile => "Discard pile",
    EmptyPile => "Empty",
    GameLog => "Game log",
    Out => "Out",
    OutOfMatch => "Left the match",
    Turn => "Playing",
    OwesTwo => "Owes 2 plays",
    YourTurn => "Your turn — pick a card.",
    OnlyFourOno => "Your turn — no card fits: discard your four ONO 99 cards and draw four new ones.",
    YouAreOut => "You are out of this hand. The others play on.",
    YouLeftMatch => "You are out of the match. The others play on.",
    WaitingForBots => "The bots are playing…",
    NextHand => "Next hand",
    PlayAgain => "Play again",
    NewGame => "New game",
    Standings => "Standings",
    Player => "Player",
    Tokens => "Tokens",
    Score => "Score",
    Winner => "Winner",
    Dismiss => "Dismiss",
    LaidDown => "Laid down",
    SpeedSlow => "Slow",
    SpeedNormal => "Normal",
    SpeedFast => "Fast",
    SpeedInstant => "Instant",
    LevelEasy => "Easy",
    LevelMedium => "Medium",
    LevelHard => "Hard",
    LevelRandom => "Random",
    Bot => "bot",
    OnOff => "On",
    RulesTitle => "How to play ONO 99",
    RulesGoalHeading => "The aim",
    RulesGoal => "Players take turns adding cards to one shared pile and saying the new total out loud. The total starts at 0. Whoever can't play without pushing the total to 99 or more is out. The last player still in wins.",
    RulesCardsHeading => "The cards",
    RulesTurnHeading => "Your turn",
    RulesTurn1 => "Play one card from your hand, say the new total, and draw a card so you hold four again. The game does the drawing and the adding for you.",
    RulesTurn2 => "A number card adds its value. It may only be played if the total stays below 99.",
    RulesTurn3 => "If none of your cards can be played, you are out: your hand is laid face up and play moves on without you.",
    RulesTurn4 => "When the draw pile runs out, the discard pile is shuffled into a new draw pile. The total stays where it is.",
    RulesPlayTwoHeading => "Play 2",
    RulesPlayTwo1 => "A Play 2 forces the next player to play two cards in a row, drawing after each.",
    RulesPlayTwo2 => "With the first of those two cards they may pass the burden on instead: a Reverse sends it back the other way, another Play 2 sends it on. Either way their turn ends at once.",
    RulesPlayTwo3 => "Nobody ever owes more than two plays, and if the player who owes them gets stuck, they are out and the next player plays normally.",
    RulesFourOno => "Stuck with four ONO 99 cards? On your turn you may throw all four away and draw four new ones. The total does not change.",
    RulesClassicHeading => "The classic edition (1980)",
    RulesClassic1 => "The older deck has 54 cards: 2 to 9 three times each, ten 10s, four −10s, six Reverses, two Double Plays, four Holds and four 99 cards. There are no 0s or 1s.",
    RulesClassic2 => "The total may go below zero, so −10 can always be played. A Hold adds nothing and simply passes the turn.",
    RulesClassic3 => "Double Play is the classic Play 2. The player who owes two plays may pass it on with a Reverse or a Hold, but may not answer it with another Double Play.",
    RulesClassic4 => "The classic game is usually played for tokens: each player starts with three, the first player out of a hand loses one, and a player who is out with no token left leaves the match.",
    RulesOptionsHeading => "Rule options in this game",
    RulesFormatsHeading => "Match formats",
    RulesElimination => "Elimination: one hand, played until only one player is left. That player wins.",
    RulesTokens => "Tokens: a hand ends as soon as one player is out. That player loses a token, or leaves the match if they had none left, and starts the next hand. The last player in the match wins.",
    RulesPoints => "Points: each hand is played to the end, then everyone scores the cards left in hand (numbers at face value, 99 cards 20, other special cards 15; a player who went out scores the cards they laid down) and each player who went out adds 25. Reaching the limit either knocks a player out or ends the match with the lowest score winning.",
    RulesKeyboardHeading => "Playing with a keyboard",
    RulesKeyboard => "Use Tab to move between cards and buttons (the left and right arrows also move between your cards), and Enter or Space to play the focused card. Cards that can't be played say why when they have focus. Every play is announced for screen readers.",
    AboutHeading => "About",
    About1 => "This is an unofficial fan implementation made for fun. It is not affiliated with, endorsed or sponsored by Mattel.",
    About2 => "ONO 99 is a trademark of Mattel, Inc.",
    CardsLeftSuffix => "cards left",
    ErrorPrefix => "Not allowed:",
    SetupErrorPrefix => "Can't start this game:",
    Yes => "Yes",
    LeaveHeading => "Leave this game?",
    LeaveText => "The game in progress will be lost.",
    LeaveGame => "Leave game",
    KeepPlaying => "Keep playing",
    TotalWord => "Total",
    Status => "Status",
    Place => "Place",
    No => "No",
    // Saves, statistics, pass-and-play ({name} is replaced by a player's name).
    SaveNoticeHeading => "Saved game not restored",
    SaveNoticeBroken => "Your saved game could not be read, so it was set aside. Set up a new game below.",
    SaveNoticeOld => "Your saved game comes from an older version of ONO 99 and cannot be resumed. Set up a new game below.",
    Statistics => "Statistics",
    StatsTitle => "Your statistics",
    StatsEmpty => "No finished games yet. Play a game against the bots to start your record.",
    StatsOverall => "Overall",
    StatsPlayed => "Played",
    StatsWon => "Won",
    StatsWinRate => "Win rate",
    StatsBestStreak => "Best win streak",
    StatsCurrentStreak => "Current win streak",
    StatsAveragePlace => "Average finishing place",
    StatsByEdition => "By edition",
    StatsByLevel => "By opponents' level",
    StatsLevelMixed => "Mixed levels",
    StatsLevelPeople => "With other people",
    StatsReset => "Reset statistics",
    StatsResetHeading => "Reset statistics?",
    StatsResetText => "Every game counted so far will be forgotten. This cannot be undone.",
    StatsResetConfirm => "Reset",
    Cancel => "Cancel",
    Person => "Person",
    // The start of a person's default name, before their number.
    PlayerNumbered => "Player",
    SeatPlayedBy => "played by",
    PassHeading => "Pass to {name}",
    PassText => "Hand the device to {name}. Their cards stay hidden until they are ready.",
    PassReady => "I am {name}: show my cards",
    OfflineReady => "Ready to play offline.",
    // Preferences bar: language, sound, motion, hints.
    SettingsLabel => "Settings",
    LanguageLabel => "Language",
    SoundLabel => "Sound",
    ReduceMotionLabel => "Reduce motion",
    HintsLabel => "Hints",
    HintSafe => "Safe now",
}

/// The text of `key` in `lang`.
pub fn tr(lang: Lang, key: Key) -> &'static str {
    match lang {
        Lang::En => english(key),
        l => foreign(l).key(key),
    }
}

/// A number as printed: a true minus sign (U+2212) for negatives.
pub fn number(n: i32) -> String {
    if n < 0 {
        format!("\u{2212}{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

/// A card's name as printed on it and used in accessible names.
pub fn card_name(lang: Lang, card: Card, edition: Edition) -> String {
    match lang {
        Lang::En => match card {
            Card::Number(n) => n.to_string(),
            Card::MinusTen => "\u{2212}10".to_string(),
            Card::Reverse => "Reverse".to_string(),
            Card::PlayTwo => match edition {
                Edition::Modern => "Play 2".to_string(),
                Edition::Classic => "Double Play".to_string(),
            },
            Card::Hold => "Hold".to_string(),
            Card::NinetyNine => match edition {
                Edition::Modern => "ONO 99".to_string(),
                Edition::Classic => "99".to_string(),
            },
        },
        l => foreign(l).card_name(card, edition),
    }
}

/// The accessible name of a card button in your hand: "Play 7".
pub fn play_card(lang: Lang, card: Card, edition: Edition) -> String {
    match lang {
        Lang::En => format!("Play {}", card_name(lang, card, edition)),
        l => foreign(l).play_card(card, edition),
    }
}

/// The accessible name of the four-ONO discard button.
pub fn discard_four(lang: Lang, edition: Edition) -> String {
    match lang {
        Lang::En => format!(
            "Discard four {}",
            card_name(lang, Card::NinetyNine, edition)
        ),
        l => foreign(l).discard_four(edition),
    }
}

/// The accessible name of the total: "Total 42".
pub fn total_label(lang: Lang, total: i32) -> String {
    match lang {
        Lang::En => format!("Total {}", number(total)),
        l => foreign(l).total_label(total),
    }
}

/// A short line under a card in the rules screen.
pub fn card_effect(lang: Lang, card: Card, edition: Edition) -> &'static str {
    match lang {
        Lang::En => match (card, edition) {
            (Card::Number(_), _) => "Adds its value to the total.",
            (Card::MinusTen, Edition::Modern) => {
                "Takes 10 off the total, but never below 0 (unless the options say otherwise)."
            }
            (Card::MinusTen, Edition::Classic) => "Takes 10 off the total; it may go negative.",
            (Card::Reverse, _) => "Adds nothing and turns the direction of play around.",
            (Card::PlayTwo, Edition::Modern) => {
                "Adds nothing; the next player must play two cards."
            }
            (Card::PlayTwo, Edition::Classic) => {
                "Adds nothing; the next player must play two cards, and it can't be their first."
            }
            (Card::Hold, _) => "Adds nothing; play simply moves on.",
            (Card::NinetyNine, _) => {
                "Can't be played under the usual rules: it just clogs your hand."
            }
        },
        l => foreign(l).card_effect(card, edition),
    }
}

/// Why an action was refused, as a short phrase for the card's tooltip.
pub fn reason(lang: Lang, err: &RuleError, edition: Edition, to_act_name: &str) -> String {
    match lang {
        Lang::En => match err {
            RuleError::MatchOver => "the game is over".to_string(),
            RuleError::NotYourTurn { .. } => format!("it's {to_act_name}'s turn"),
            RuleError::CardNotInHand { .. } => "that card isn't in your hand".to_string(),
            RuleError::TotalTooHigh {
                lose_at: LoseAt::Reach99,
                ..
            } => "would reach 99".to_string(),
            RuleError::TotalTooHigh {
                lose_at: LoseAt::Exceed99,
                ..
            } => "would go over 99".to_string(),
            RuleError::BelowZero { .. } => "the total can't go below 0".to_string(),
            RuleError::NinetyNineDead => format!(
                "{} cards can't be played",
                card_name(lang, Card::NinetyNine, edition)
            ),
            RuleError::NinetyNineNotOnTen { .. } => {
                "a 99 card needs the total to be a multiple of ten".to_string()
            }
            RuleError::NinetyNineOncePerTurn => "only one 99 card may be played a turn".to_string(),
            RuleError::CannotOpenWithDoublePlay => {
                "you can't open a Double Play with a Double Play".to_string()
            }
            RuleError::FourOnoDiscardOff => {
                "the four-card discard is off in these rules".to_string()
            }
            RuleError::NotFourOno => "you need four 99 cards and nothing else".to_string(),
        },
        l => foreign(l).reason(err, edition, to_act_name),
    }
}

/// The line that tells the player what their turn asks of them.
pub fn turn_prompt(lang: Lang, step: TurnStep, edition: Edition) -> String {
    match lang {
        Lang::En => match (step, edition) {
            (TurnStep::Single, _) => english(Key::YourTurn).to_string(),
            (TurnStep::FirstOfTwo, Edition::Modern) => {
                "Play 2: you must play two cards. Pass it on with a Reverse or a Play 2, or play your first card."
                    .to_string()
            }
            (TurnStep::FirstOfTwo, Edition::Classic) => {
                "Double Play: you must play two cards. Pass it on with a Reverse or a Hold, or play your first card."
                    .to_string()
            }
            (TurnStep::SecondOfTwo, _) => "Now play your second card.".to_string(),
        },
        l => foreign(l).turn_prompt(step, edition),
    }
}

/// The waiting line while someone else acts.
pub fn waiting_for(lang: Lang, name: &str) -> String {
    match lang {
        Lang::En => format!("{name} is playing…"),
        l => foreign(l).waiting_for(name),
    }
}

pub fn direction(lang: Lang, d: Direction) -> &'static str {
    match lang {
        Lang::En => match d {
            Direction::Clockwise => "Clockwise",
            Direction::Counterclockwise => "Counter-clockwise",
        },
        l => foreign(l).direction(d),
    }
}

pub fn level(lang: Lang, level: Level) -> &'static str {
    tr(
        lang,
        match level {
            Level::Random => Key::LevelRandom,
            Level::Easy => Key::LevelEasy,
            Level::Medium => Key::LevelMedium,
            Level::Hard => Key::LevelHard,
        },
    )
}

/// "Medium bot".
pub fn bot_level(lang: Lang, l: Level) -> String {
    match lang {
        Lang::En => format!("{} {}", level(lang, l), english(Key::Bot)),
        other => foreign(other).bot_level(l),
    }
}

pub fn cards_count(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En => match n {
            1 => "1 card".to_string(),
            n => format!("{n} cards"),
        },
        l => foreign(l).cards_count(n),
    }
}

pub fn tokens_count(lang: Lang, n: u8) -> String {
    match lang {
        Lang::En => match n {
            1 => "1 token".to_string(),
            n => format!("{n} tokens"),
        },
        l => foreign(l).tokens_count(n),
    }
}

pub fn points_count(lang: Lang, n: u32) -> String {
    match lang {
        Lang::En => format!("{n} points"),
        l => foreign(l).points_count(n),
    }
}

pub fn seat_label(lang: Lang, name: &str, l: Level) -> String {
    match lang {
        Lang::En => format!("{name}, {}", bot_level(lang, l)),
        other => foreign(other).seat_label(name, l),
    }
}

pub fn player_count(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En => format!("{n} players"),
        l => foreign(l).player_count(n),
    }
}

pub fn bot_heading(lang: Lang, index: usize) -> String {
    match lang {
        Lang::En => format!("Bot {index}"),
        l => foreign(l).bot_heading(index),
    }
}

/// Names the bots get unless the player renames them.
pub const BOT_NAMES: [&str; 7] = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus"];

// ----- rule options ----------------------------------------------------------

/// The label of a rule option (RULES.md §8 names).
pub fn option_label(lang: Lang, name: &str) -> &'static str {
    match lang {
        Lang::En => match name {
            "negatives" => "Minus Ten near zero",
            "ninety_nine" => "99 cards",
            "lose_at" => "Out of bounds",
            "four_ono_discard" => "Four-ONO discard",
            "format" => "Format",
            "tokens" => "Tokens per player",
            "points_limit" => "Points limit",
            "points_end" => "When someone reaches the limit",
            _ => "",
        },
        l => foreign(l).option_label(name),
    }
}

/// One sentence explaining an option.
pub fn option_help(lang: Lang, name: &str) -> &'static str {
    match lang {
        Lang::En => match name {
            "negatives" => "What a −10 may do when the total is below 10.",
            "ninety_nine" => "Whether the 99 cards can ever be played, and what they do.",
            "lose_at" => "Which totals are too high to play into.",
            "four_ono_discard" => "A player holding four ONO 99 cards may throw them all away and draw four more.",
            "format" => "How hands add up to a match.",
            "tokens" => "Lives each player starts with in the tokens format (1 to 9).",
            "points_limit" => "The score that ends a player's match in the points format.",
            "points_end" => "In the points format: knock that player out, or end the match with the lowest score winning.",
            _ => "",
        },
        l => foreign(l).option_help(name),
    }
}

pub fn negatives(lang: Lang, v: Negatives) -> &'static str {
    match lang {
        Lang::En => match v {
            Negatives::Forbid => "Not allowed below 10",
            Negatives::Allow => "Allowed, total may go negative",
            Negatives::Floor => "Allowed, total stops at 0",
        },
        l => foreign(l).negatives(v),
    }
}

pub fn ninety_nine(lang: Lang, v: NinetyNine) -> &'static str {
    match lang {
        Lang::En => match v {
            NinetyNine::Dead => "Never playable",
            NinetyNine::DeadButTens => "Playable as a Hold on multiples of ten",
            NinetyNine::Sets99 => "Sets the total to 99",
        },
        l => foreign(l).ninety_nine(v),
    }
}

pub fn lose_at(lang: Lang, v: LoseAt) -> &'static str {
    match lang {
        Lang::En => match v {
            LoseAt::Reach99 => "Reaching 99 or more",
            LoseAt::Exceed99 => "Going over 99",
        },
        l => foreign(l).lose_at(v),
    }
}

pub fn format_name(lang: Lang, v: Format) -> &'static str {
    match lang {
        Lang::En => match v {
            Format::Elimination => "Elimination (one hand)",
            Format::Tokens => "Tokens (lives)",
            Format::Points => "Points",
        },
        l => foreign(l).format_name(v),
    }
}

pub fn points_end(lang: Lang, v: PointsEnd) -> &'static str {
    match lang {
        Lang::En => match v {
            PointsEnd::Knockout => "That player is knocked out",
            PointsEnd::Lowest => "The match ends, lowest score wins",
        },
        l => foreign(l).points_end(v),
    }
}

pub fn yes_no(lang: Lang, v: bool) -> &'static str {
    tr(lang, if v { Key::Yes } else { Key::No })
}

// ----- call-outs --------------------------------------------------------------

/// The call-out for one match event, or `None` for events nobody announces
/// (other players' draws are private; a new deal is shown by the table).
/// `name` gives a seat's display name ("You" for the player).
pub fn callout(
    lang: Lang,
    event: &Event,
    edition: Edition,
    me: crate::rules::Seat,
    name: &dyn Fn(crate::rules::Seat) -> String,
) -> Option<String> {
    let card = |c: Card| card_name(lang, c, edition);
    match lang {
        Lang::En => Some(match event {
            Event::HandStarted { hand, first, .. } => {
                if *first == me {
                    format!("Hand {hand} is dealt. You play first.")
                } else {
                    format!("Hand {hand} is dealt. {} plays first.", name(*first))
                }
            }
            Event::Played {
                seat,
                card: c,
                total,
            } => {
                if *seat == me {
                    format!("You play {} — total {}", card(*c), number(*total))
                } else {
                    format!(
                        "{} plays {} — total {}",
                        name(*seat),
                        card(*c),
                        number(*total)
                    )
                }
            }
            Event::DiscardedFourOno { seat, total } => {
                let four = card(Card::NinetyNine);
                if *seat == me {
                    format!("You discard four {four} — total {}", number(*total))
                } else {
                    format!(
                        "{} discards four {four} — total {}",
                        name(*seat),
                        number(*total)
                    )
                }
            }
            Event::Drew { seat, card: c } if *seat == me => format!("You draw {}", card(*c)),
            Event::Drew { .. } => return None,
            Event::Reshuffled { .. } => {
                "The discard pile is shuffled into a new draw pile.".to_string()
            }
            Event::DirectionChanged { direction: d } => {
                format!("Direction: {}", direction(lang, *d).to_ascii_lowercase())
            }
            Event::ObligationPlaced { seat, .. } | Event::ObligationMoved { to: seat, .. } => {
                let p2 = card(Card::PlayTwo);
                if *seat == me {
                    format!("{p2}: you must play two cards")
                } else {
                    format!("{p2}: {} must play two cards", name(*seat))
                }
            }
            Event::PlayerOut { seat, .. } => {
                if *seat == me {
                    "You are out".to_string()
                } else {
                    format!("{} is out", name(*seat))
                }
            }
            Event::HandOver {
                hand,
                winner,
                loser,
                ..
            } => match (winner, loser) {
                (_, Some(l)) if *l == me => format!("Hand {hand} is over: you lose a token."),
                (_, Some(l)) => format!("Hand {hand} is over: {} loses a token.", name(*l)),
                (Some(w), None) if *w == me => {
                    format!("Hand {hand} is over: you are the last one in.")
                }
                (Some(w), None) => format!("Hand {hand} is over: {} is the last one in.", name(*w)),
                (None, None) => format!("Hand {hand} is over."),
            },
            Event::LeftMatch { seat } => {
                if *seat == me {
                    "You leave the match.".to_string()
                } else {
                    format!("{} leaves the match.", name(*seat))
                }
            }
            Event::MatchOver { winners } => winners_line(lang, winners, me, name),
        }),
        l => foreign(l).callout(event, edition, me, name),
    }
}

/// "Ana wins the match!" / "You win the match!" / a shared win.
pub fn winners_line(
    lang: Lang,
    winners: &[crate::rules::Seat],
    me: crate::rules::Seat,
    name: &dyn Fn(crate::rules::Seat) -> String,
) -> String {
    match lang {
        Lang::En => match winners {
            [] => "The match is over.".to_string(),
            [w] if *w == me => "You win the match!".to_string(),
            [w] => format!("{} wins the match!", name(*w)),
            many => {
                let names: Vec<String> = many.iter().map(|&s| name(s)).collect();
                format!("{} share the win!", names.join(" and "))
            }
        },
        l => foreign(l).winners_line(winners, me, name),
    }
}

/// The heading of the between-hands summary.
pub fn hand_over_heading(lang: Lang, hand: u32) -> String {
    match lang {
        Lang::En => format!("Hand {hand} is over"),
        l => foreign(l).hand_over_heading(hand),
    }
}

pub fn hand_number(lang: Lang, hand: u32) -> String {
    match lang {
        Lang::En => format!("Hand {hand}"),
        l => foreign(l).hand_number(hand),
    }
}

/// Between hands: who went out.
pub fn went_out_line(lang: Lang, me: bool, name: &str) -> String {
    match lang {
        Lang::En if me => "You went out and lose a token.".to_string(),
        Lang::En => format!("{name} went out and loses a token."),
        l => foreign(l).went_out_line(me, name),
    }
}

/// Between hands: who was left standing.
pub fn last_in_line(lang: Lang, me: bool, name: &str) -> String {
    match lang {
        Lang::En if me => "You were the last one in.".to_string(),
        Lang::En => format!("{name} was the last one in."),
        l => foreign(l).last_in_line(me, name),
    }
}

/// Between hands: who leaves the match.
pub fn leaves_line(lang: Lang, me: bool, name: &str) -> String {
    match lang {
        Lang::En if me => "You leave the match.".to_string(),
        Lang::En => format!("{name} leaves the match."),
        l => foreign(l).leaves_line(me, name),
    }
}

// ----- languages ----------------------------------------------------------------

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
}

/// The table of a language other than English (English is written out in
/// this file, beside the keys).
fn foreign(lang: Lang) -> &'static dyn super::translation::Translation {
    match lang {
        Lang::Es => &super::text_es::Es,
        Lang::Fr => &super::text_fr::Fr,
        Lang::Pt => &super::text_pt::Pt,
        // Never asked for: every caller handles English itself.
        Lang::En => &super::text_es::Es,
    }
}

/// A coach hint on a playable card: the chance (in percent) that whoever
/// plays next will have no legal play ("you" on the second of two plays).
pub fn next_stuck(lang: Lang, percent: u32, next_is_me: bool) -> String {
    match lang {
        Lang::En if next_is_me => format!("Stuck on your second play: {percent}%"),
        Lang::En => format!("Next player stuck: {percent}%"),
        l => foreign(l).next_stuck(percent, next_is_me),
    }
}
