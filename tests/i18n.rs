//! Translations of the web app, checked natively.
//!
//! A text function missing in a language does not compile (the
//! `Translation` trait), nor does a key missing in English; the other
//! languages' fixed texts are data files, each checked below to name every
//! key once. These tests catch the rest: empty texts, texts left in English, placeholders
//! lost, and the rulebook's card names.

use ono99::{bots, rules};

use bots::verdict::{Edge, Reason};
use bots::Level;
use ono99::i18n::{self as text, tr, Callout, Key, Lang, Named, Narrator, Numbered, OutWhy, Who};
use rules::{
    Card, Direction, Edition, Event, Format, LoseAt, Negatives, NinetyNine, PointsEnd, RuleError,
    Seat, SetupError, TurnStep,
};

/// `events` as `me` is told them (a seat's events are what call-outs read).
fn seat_events(events: &[Event], me: Seat) -> Vec<rules::SeatEvent> {
    rules::redact(events, me, 2, rules::SeatSet::first(2))
}

const FOREIGN: [Lang; 3] = [Lang::Es, Lang::Fr, Lang::Pt];

/// Fixed texts that may read the same as in English: names, numbers and
/// words the languages share.
fn may_match_english(lang: Lang, key: Key) -> bool {
    match key {
        Key::AppTitle | Key::TotalWord | Key::TotalLabel => true,
        Key::No | Key::BotHeading => lang == Lang::Es,
        Key::Bot | Key::SpeedNormal => lang == Lang::Es || lang == Lang::Pt,
        Key::Table | Key::Score => lang == Lang::Fr,
        Key::VolumeLabel => lang == Lang::Fr || lang == Lang::Pt,
        Key::Pause
        | Key::ReviewColVerdict
        | Key::OptionFormat
        | Key::FormatPoints
        | Key::CountPoints => lang == Lang::Fr,
        // The −10 card is named the same in every language.
        Key::CoachMinusTenTitle => true,
        _ => false,
    }
}

#[test]
fn every_key_is_translated_in_every_language() {
    let mut problems = Vec::new();
    for &key in Key::ALL {
        let en = tr(Lang::En, key);
        assert!(!en.trim().is_empty(), "{key:?} has no English text");
        for lang in FOREIGN {
            let t = tr(lang, key);
            if t.trim().is_empty() {
                problems.push(format!("{lang:?} {key:?} is empty"));
            } else if t == en && !may_match_english(lang, key) {
                problems.push(format!("{lang:?} {key:?} is still English: {t:?}"));
            }
            for placeholder in ["{name}", "{n}"] {
                if en.contains(placeholder) != t.contains(placeholder) {
                    problems.push(format!("{lang:?} {key:?} lost or gained {placeholder}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The `{…}` placeholders in a text ("{k}", "{date}"), which the code
/// replaces; a brace left open counts as a placeholder of its own.
fn placeholders(t: &str) -> std::collections::BTreeSet<&str> {
    let mut found = std::collections::BTreeSet::new();
    let mut rest = t;
    while let Some(start) = rest.find('{') {
        let tail = &rest[start..];
        match tail.find('}') {
            Some(end) => {
                found.insert(&tail[..=end]);
                rest = &tail[end + 1..];
            }
            None => {
                found.insert(tail);
                break;
            }
        }
    }
    found
}

#[test]
fn every_translation_keeps_exactly_the_english_placeholders() {
    assert_eq!(
        placeholders("ONO 99 {date}: {place} of {of}, {n} and {n}"),
        ["{date}", "{n}", "{of}", "{place}"].into_iter().collect()
    );
    let mut problems = Vec::new();
    for &key in Key::ALL {
        let en = placeholders(tr(Lang::En, key));
        for lang in FOREIGN {
            let t = tr(lang, key);
            let found = placeholders(t);
            if found != en {
                problems.push(format!(
                    "{lang:?} {key:?} has placeholders {found:?}, English has {en:?}: {t:?}"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Texts about a named seat or server that may read the same as in
/// English: none so far.
fn named_may_match_english(_lang: Lang, _text: Named) -> bool {
    false
}

#[test]
fn every_named_text_is_translated_and_keeps_the_name() {
    // A name unlike any word in the texts, with a non-ASCII letter.
    let name = "Zoë";
    let mut problems = Vec::new();
    for &named in Named::ALL {
        for lang in Lang::ALL {
            let t = text::named(lang, named, name);
            if t.trim().is_empty() {
                problems.push(format!("{lang:?} {named:?} is empty"));
            } else if !t.contains(name) {
                problems.push(format!("{lang:?} {named:?} lost the name: {t:?}"));
            }
            if t.contains('{') || t.contains('}') {
                problems.push(format!("{lang:?} {named:?} has a stray brace: {t:?}"));
            }
        }
        let en = text::named(Lang::En, named, name);
        for lang in FOREIGN {
            let t = text::named(lang, named, name);
            if t == en && !named_may_match_english(lang, named) {
                problems.push(format!("{lang:?} {named:?} is still English: {t:?}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn card_names_follow_each_rulebook() {
    let m = Edition::Modern;
    let names = |lang| {
        (
            text::card_name(lang, Card::PlayTwo, m),
            text::card_name(lang, Card::Reverse, m),
        )
    };
    assert_eq!(names(Lang::En), ("Play 2".into(), "Reverse".into()));
    assert_eq!(names(Lang::Es), ("Juega 2".into(), "Reversa".into()));
    assert_eq!(names(Lang::Fr), ("Jouer 2".into(), "Inverser".into()));
    assert_eq!(names(Lang::Pt), ("Jogar 2".into(), "Inverter".into()));
    // The English accessible names stay exactly as the tests expect them.
    assert_eq!(text::play_card(Lang::En, Card::Number(7), m), "Play 7");
    assert_eq!(text::play_card(Lang::En, Card::Reverse, m), "Play Reverse");
    for lang in Lang::ALL {
        for card in [Card::Number(7), Card::Reverse, Card::PlayTwo, Card::Hold] {
            for edition in [Edition::Modern, Edition::Classic] {
                // The button's name contains the card's visible label.
                let label = text::card_name(lang, card, edition);
                assert!(text::play_card(lang, card, edition).contains(&label));
            }
        }
    }
}

/// Every text function, with every value it can be given, in `lang`.
fn all_texts(lang: Lang) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let me = Seat(0);
    let ana = Seat(1);
    let name = |s: Seat| {
        if s == me {
            "Me".to_string()
        } else {
            "Ana".to_string()
        }
    };
    for edition in [Edition::Modern, Edition::Classic] {
        for card in [
            Card::Number(5),
            Card::MinusTen,
            Card::Reverse,
            Card::PlayTwo,
            Card::Hold,
            Card::NinetyNine,
        ] {
            out.push(text::card_name(lang, card, edition));
            out.push(text::play_card(lang, card, edition));
            out.push(text::card_effect(lang, card, edition).to_string());
        }
        out.push(text::discard_four(lang, edition));
        for step in [
            TurnStep::Single,
            TurnStep::FirstOfTwo,
            TurnStep::SecondOfTwo,
        ] {
            out.push(text::turn_prompt(lang, step, edition));
        }
        let errors = [
            RuleError::MatchOver,
            RuleError::NotYourTurn {
                seat: me,
                to_act: ana,
            },
            RuleError::CardNotInHand { card: Card::Hold },
            RuleError::TotalTooHigh {
                card: Card::Number(9),
                total: 90,
                new_total: 99,
                lose_at: LoseAt::Reach99,
            },
            RuleError::TotalTooHigh {
                card: Card::Number(9),
                total: 90,
                new_total: 100,
                lose_at: LoseAt::Exceed99,
            },
            RuleError::BelowZero { total: -5 },
            RuleError::NinetyNineDead,
            RuleError::NinetyNineNotOnTen { total: 42 },
            RuleError::NinetyNineOncePerTurn,
            RuleError::CannotOpenWithDoublePlay,
            RuleError::FourOnoDiscardOff,
            RuleError::NotFourOno,
        ];
        for e in &errors {
            out.push(text::reason(lang, e, edition, "Ana"));
        }
        let events = [
            Event::HandStarted {
                hand: 2,
                dealer: ana,
                first: me,
                deck: vec![],
            },
            Event::HandStarted {
                hand: 2,
                dealer: me,
                first: ana,
                deck: vec![],
            },
            Event::Played {
                seat: me,
                card: Card::Number(7),
                total: 42,
            },
            Event::Played {
                seat: ana,
                card: Card::Reverse,
                total: 42,
            },
            Event::DiscardedFourOno { seat: me, total: 3 },
            Event::DiscardedFourOno {
                seat: ana,
                total: 3,
            },
            Event::Drew {
                seat: me,
                card: Card::Number(4),
            },
            Event::Reshuffled { order: vec![] },
            Event::DirectionChanged {
                direction: Direction::Clockwise,
            },
            Event::ObligationPlaced { seat: me, by: ana },
            Event::ObligationMoved { from: me, to: ana },
            Event::PlayerOut {
                seat: me,
                laid_down: vec![],
            },
            Event::PlayerOut {
                seat: ana,
                laid_down: vec![],
            },
            Event::HandOver {
                hand: 1,
                winner: None,
                loser: Some(me),
                tokens: None,
                scores: None,
            },
            Event::HandOver {
                hand: 1,
                winner: None,
                loser: Some(ana),
                tokens: None,
                scores: None,
            },
            Event::HandOver {
                hand: 1,
                winner: Some(me),
                loser: None,
                tokens: None,
                scores: None,
            },
            Event::HandOver {
                hand: 1,
                winner: Some(ana),
                loser: None,
                tokens: None,
                scores: None,
            },
            Event::HandOver {
                hand: 1,
                winner: None,
                loser: None,
                tokens: None,
                scores: None,
            },
            Event::LeftMatch { seat: me },
            Event::LeftMatch { seat: ana },
            Event::MatchOver { winners: vec![me] },
            Event::MatchOver { winners: vec![ana] },
            Event::MatchOver {
                winners: vec![me, ana],
            },
            Event::MatchOver { winners: vec![] },
        ];
        for e in &seat_events(&events, me) {
            if let Some(c) = Callout::from_event(e, Some(me), &name) {
                out.push(text::callout(lang, &c, edition));
            }
        }
        for who in [Who::You, Who::Named("Ana".into())] {
            let why = OutWhy {
                total: 97,
                cards: vec![
                    (
                        Card::Number(8),
                        Err(RuleError::TotalTooHigh {
                            card: Card::Number(8),
                            total: 97,
                            new_total: 105,
                            lose_at: LoseAt::Reach99,
                        }),
                    ),
                    (Card::NinetyNine, Err(RuleError::NinetyNineDead)),
                ],
            };
            out.push(text::callout(
                lang,
                &Callout::Out {
                    who,
                    why: Some(why),
                },
                edition,
            ));
        }
        out.push(text::your_place(lang, 3, 5));
        out.push(text::headroom(lang, 18));
        out.push(text::setup_error(lang, &SetupError::SeatCount(9)));
        out.push(text::setup_error(
            lang,
            &SetupError::Option(ono99::rules::OptionError::BadValue {
                option: ono99::rules::RuleOption::Tokens,
                value: "0".into(),
                allowed: "1..9",
            }),
        ));
        out.push(text::setup_error(lang, &SetupError::Cards("x".into())));
    }
    out.push(text::total_label(lang, -3));
    out.push(text::waiting_for(lang, "Ana"));
    for d in [Direction::Clockwise, Direction::Counterclockwise] {
        out.push(text::direction(lang, d).to_string());
    }
    for l in [Level::Random, Level::Easy, Level::Medium, Level::Hard] {
        out.push(text::bot_level(lang, l));
        out.push(text::seat_label(lang, "Ana", l));
        out.push(text::level(lang, l).to_string());
    }
    for n in [1, 3] {
        out.push(text::cards_count(lang, n));
        out.push(text::tokens_count(lang, n as u8));
        out.push(text::points_count(lang, n as u32));
        out.push(text::player_count(lang, n + 1));
        out.push(text::bot_heading(lang, n));
        out.push(text::hand_over_heading(lang, n as u32));
        out.push(text::hand_number(lang, n as u32));
    }
    for option in ono99::rules::RuleOption::ALL {
        out.push(text::option_label(lang, option).to_string());
        out.push(text::option_help(lang, option).to_string());
    }
    out.extend(
        Negatives::ALL
            .iter()
            .map(|&v| text::negatives(lang, v).to_string()),
    );
    out.extend(
        NinetyNine::ALL
            .iter()
            .map(|&v| text::ninety_nine(lang, v).to_string()),
    );
    out.extend(
        LoseAt::ALL
            .iter()
            .map(|&v| text::lose_at(lang, v).to_string()),
    );
    out.extend(
        Format::ALL
            .iter()
            .map(|&v| text::format_name(lang, v).to_string()),
    );
    out.extend(
        PointsEnd::ALL
            .iter()
            .map(|&v| text::points_end(lang, v).to_string()),
    );
    for mine in [true, false] {
        let who = if mine {
            Who::You
        } else {
            Who::Named("Ana".into())
        };
        out.push(text::went_out_line(lang, &who));
        out.push(text::last_in_line(lang, &who));
        out.push(text::leaves_line(lang, &who));
    }
    for tip in sample_tips() {
        out.push(text::tip(lang, &tip, Edition::Modern, "Ana"));
    }
    out.push(text::review_summary(lang, 12, [9, 2, 0, 1]));
    out.push(text::review_summary(lang, 1, [0, 0, 1, 0]));
    for edition in [Edition::Modern, Edition::Classic] {
        for reason in review_reasons() {
            out.push(text::review_reason(lang, &reason, edition));
        }
    }
    out
}

/// A reason of every kind, with each way a better option can win.
fn review_reasons() -> Vec<Reason> {
    let eight = rules::Action::Play(Card::Number(8));
    let minus = rules::Action::Play(Card::MinusTen);
    let four = rules::Action::DiscardFourOno;
    let better = |edge: Edge, gain: u32| Reason::Better {
        played: minus,
        before: 90,
        better: eight,
        better_total: 98,
        your_total: 80,
        gain,
        edge,
    };
    vec![
        Reason::AllAlike { win: 50 },
        Reason::Best {
            played: eight,
            before: 90,
            total: 98,
            stuck: Some(38),
            next_is_me: false,
            ahead: 12,
        },
        Reason::Best {
            played: four,
            before: 90,
            total: 90,
            stuck: Some(0),
            next_is_me: false,
            ahead: 0,
        },
        better(
            Edge::Pressure {
                better: 38,
                yours: 4,
            },
            30,
        ),
        better(Edge::OwnRisk { yours: 45 }, 1),
        better(Edge::Room, 7),
        better(Edge::LongRun, 2),
        Reason::Better {
            played: eight,
            before: 90,
            better: rules::Action::Play(Card::Reverse),
            better_total: 90,
            your_total: 98,
            gain: 3,
            edge: Edge::Room,
        },
    ]
}

/// One tip of each kind: every lead (a number, another card, the only
/// card, the four-ONO discard), every move of the total, every reason.
fn sample_tips() -> Vec<text::Tip> {
    use text::{Then, Tip};
    let tip = |action, before, total, only, then| Tip {
        action,
        before,
        total,
        only,
        then,
    };
    let ana = Seat(1);
    vec![
        tip(
            rules::Action::Play(Card::Number(9)),
            88,
            97,
            false,
            Then::NextStuck {
                seat: ana,
                percent: 100,
                certain: true,
            },
        ),
        tip(
            rules::Action::Play(Card::Number(9)),
            88,
            97,
            false,
            Then::NextStuck {
                seat: ana,
                percent: 62,
                certain: false,
            },
        ),
        tip(
            rules::Action::Play(Card::Number(3)),
            60,
            63,
            false,
            Then::NextStuck {
                seat: ana,
                percent: 31,
                certain: false,
            },
        ),
        tip(
            rules::Action::Play(Card::Reverse),
            88,
            88,
            false,
            Then::Nothing,
        ),
        tip(
            rules::Action::Play(Card::PlayTwo),
            40,
            40,
            true,
            Then::PlaysTwice { seat: ana },
        ),
        tip(
            rules::Action::Play(Card::MinusTen),
            88,
            78,
            false,
            Then::Nothing,
        ),
        tip(
            rules::Action::Play(Card::Number(2)),
            50,
            52,
            true,
            Then::SecondPlaySafe,
        ),
        tip(rules::Action::Play(Card::Hold), 50, 50, true, Then::Nothing),
        tip(rules::Action::DiscardFourOno, 50, 50, false, Then::Nothing),
    ]
}

#[test]
fn review_reasons_name_the_cards_totals_and_numbers_in_every_language() {
    for lang in [Lang::En, Lang::Es, Lang::Fr, Lang::Pt] {
        for reason in review_reasons() {
            let t = text::review_reason(lang, &reason, Edition::Modern);
            let mut wanted: Vec<String> = Vec::new();
            match reason {
                Reason::AllAlike { win } => wanted.push(format!("{win}")),
                Reason::Best { total, ahead, .. } => {
                    wanted.push(format!("{total}"));
                    if ahead > 0 {
                        wanted.push(format!("{ahead} "));
                    }
                }
                Reason::Better {
                    better,
                    better_total,
                    your_total,
                    gain,
                    edge,
                    ..
                } => {
                    if let rules::Action::Play(c) = better {
                        wanted.push(text::card_name(lang, c, Edition::Modern));
                    }
                    wanted.push(format!("{better_total}"));
                    wanted.push(format!("{gain} "));
                    match edge {
                        Edge::Pressure { better, yours } => {
                            wanted.push(format!("{better}"));
                            wanted.push(format!("{yours}"));
                            wanted.push(format!("{your_total}"));
                        }
                        Edge::OwnRisk { yours } => wanted.push(format!("{yours}")),
                        Edge::Room | Edge::LongRun => wanted.push(format!("{your_total}")),
                    }
                }
            }
            for w in wanted {
                assert!(t.contains(&w), "{lang:?}: {t:?} does not say {w:?}");
            }
            let first = t.chars().next().expect("a text");
            assert!(
                !first.is_lowercase(),
                "{lang:?}: {t:?} starts in lower case"
            );
            if lang == Lang::Fr {
                // French spacing: a narrow no-break space before : ; ! ? %.
                let chars: Vec<char> = t.chars().collect();
                for w in chars.windows(2) {
                    if [':', ';', '!', '?', '%'].contains(&w[1]) {
                        assert_eq!(w[0], '\u{202f}', "French spacing in {t:?}");
                    }
                }
            }
        }
    }
    // The English reason of a clear mistake reads as one would say it.
    assert_eq!(
        text::review_reason(Lang::En, &review_reasons()[3], Edition::Modern),
        "The 8 would have made 98 and left the next player stuck 38% of the time, \
         against 4% after your \u{2212}10 (80). It wins 30 more games in 100."
    );
}

#[test]
fn the_tip_is_one_sentence_with_its_numbers_and_french_spacing() {
    for lang in Lang::ALL {
        for tip in sample_tips() {
            let t = text::tip(lang, &tip, Edition::Modern, "Ana");
            assert!(t.ends_with('.'), "{lang:?}: {t:?}");
            assert_eq!(t.matches(". ").count(), 0, "{lang:?}: one sentence: {t:?}");
            assert!(
                t.contains(&text::number(tip.total)),
                "{lang:?}: no total in {t:?}"
            );
            let names_next = !matches!(tip.then, text::Then::Nothing | text::Then::SecondPlaySafe);
            assert_eq!(t.contains("Ana"), names_next, "{lang:?}: {t:?}");
            if let text::Then::NextStuck {
                percent,
                certain: false,
                ..
            } = tip.then
            {
                assert!(t.contains(&percent.to_string()), "{lang:?}: {t:?}");
            }
            assert!(!t.contains("0%") && !t.contains("0 %"), "{lang:?}: {t:?}");
            let card = match tip.action {
                rules::Action::Play(c) => text::card_name(lang, c, Edition::Modern),
                _ => text::card_name(lang, Card::NinetyNine, Edition::Modern),
            };
            assert!(t.contains(&card), "{lang:?}: {t:?} does not name {card:?}");
            assert!(!t.contains('{'), "{lang:?}: a placeholder left in {t:?}");
        }
    }
    let fr = text::tip(Lang::Fr, &sample_tips()[1], Edition::Modern, "Ana");
    assert_eq!(
        fr,
        "Jouez le 9\u{202f}: le total passe à 97 et Ana n’aura sans doute rien à jouer (62\u{202f}%)."
    );
    let en = text::tip(Lang::En, &sample_tips()[0], Edition::Modern, "Ana");
    assert_eq!(
        en,
        "Play the 9: it takes the total to 97 and Ana can't follow."
    );
}

/// Texts with data that may read the same as in English (numbers, names).
fn shared_with_english(t: &str) -> bool {
    let t = t.trim();
    t.chars().all(|c| !c.is_alphabetic())
        || ["Total −3", "ONO 99", "Format", "Points", "Normal"].contains(&t)
        || t.starts_with("Bot ")
        || t.ends_with(" points")
}

#[test]
fn every_text_with_data_is_translated_in_every_language() {
    let english = all_texts(Lang::En);
    let mut problems = Vec::new();
    for lang in FOREIGN {
        let texts = all_texts(lang);
        assert_eq!(texts.len(), english.len());
        for (en, t) in english.iter().zip(&texts) {
            if t.trim().is_empty() {
                problems.push(format!("{lang:?}: empty where English says {en:?}"));
            } else if t == en && !shared_with_english(t) {
                problems.push(format!("{lang:?}: still English: {t:?}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_text_is_empty_in_english_either() {
    for t in all_texts(Lang::En) {
        assert!(!t.trim().is_empty());
    }
}

/// What a review summary says of `n` decisions with one label
/// (0 Best, 1 Good, 2 Inaccuracy, 3 Mistake) and no other: "2 mistakes".
fn review_part(lang: Lang, label: usize, n: usize) -> String {
    let mut counts = [0; 4];
    counts[label] = n;
    let with = text::review_summary(lang, n, counts);
    let without = text::review_summary(lang, n, [0; 4]);
    let part = with
        .strip_prefix(without.as_str())
        .unwrap_or_else(|| panic!("{lang:?}: {with:?} does not start with {without:?}"));
    part.trim_start_matches(|c: char| !c.is_alphanumeric())
        .to_string()
}

#[test]
fn review_summaries_count_each_label_in_singular_or_plural() {
    for lang in Lang::ALL {
        let t = text::review_summary(lang, 15, [8, 0, 4, 3]);
        assert!(t.starts_with("15 "), "{lang:?}: {t:?}");
        for (label, n) in [(0, 8), (2, 4), (3, 3)] {
            let part = review_part(lang, label, n);
            assert!(part.starts_with(&format!("{n} ")), "{lang:?}: {part:?}");
            assert!(t.contains(&part), "{lang:?}: {t:?} lacks {part:?}");
        }
        // The zero category is left out, in either number.
        for n in [1, 2] {
            let word = review_part(lang, 1, n);
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == ' ');
            assert!(!t.contains(word), "{lang:?}: {t:?} names {word:?}");
        }
        assert!(!t.contains('{') && !t.contains('}'), "{lang:?}: {t:?}");
        let nothing = text::review_summary(lang, 3, [0; 4]);
        assert!(nothing.starts_with("3 ") && !nothing.contains(','));
        // One and two of a label read differently, and not just by the
        // number: English keeps "best" and "good", so Inaccuracy and
        // Mistake are checked in every language.
        let labels: &[usize] = if lang == Lang::En {
            &[2, 3]
        } else {
            &[0, 1, 2, 3]
        };
        for &label in labels {
            let one = review_part(lang, label, 1);
            let two = review_part(lang, label, 2);
            assert_ne!(one[1..], two[1..], "{lang:?}: label {label}");
        }
        let one = text::review_summary(lang, 1, [0; 4]);
        let two = text::review_summary(lang, 2, [0; 4]);
        assert_ne!(one[1..], two[1..], "{lang:?}: decisions");
    }
    assert_eq!(
        text::review_summary(Lang::Es, 4, [1, 2, 0, 1]),
        "4 decisiones: 1 mejor, 2 buenas, 1 error"
    );
    assert_eq!(
        text::review_summary(Lang::Fr, 3, [2, 0, 0, 1]),
        "3 décisions\u{202f}: 2 meilleurs coups, 1 erreur"
    );
    assert_eq!(
        text::review_summary(Lang::Pt, 1, [0, 1, 0, 0]),
        "1 decisão: 1 boa"
    );
}

#[test]
fn browser_language_tags_pick_a_language() {
    assert_eq!(Lang::from_tag("pt-BR"), Some(Lang::Pt));
    assert_eq!(Lang::from_tag("es"), Some(Lang::Es));
    assert_eq!(Lang::from_tag("FR-ca"), Some(Lang::Fr));
    assert_eq!(Lang::from_tag("en_GB"), Some(Lang::En));
    assert_eq!(Lang::from_tag("de-DE"), None);
    assert_eq!(Lang::from_tag(""), None);
    for lang in Lang::ALL {
        assert_eq!(Lang::from_tag(lang.code()), Some(lang));
    }
}

#[test]
fn languages_word_callouts_and_never_read_engine_events() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/i18n");
    for file in ["en.rs", "es.rs", "fr.rs", "pt.rs"] {
        let source = std::fs::read_to_string(dir.join(file)).expect("language file");
        assert!(
            !source.contains("Event::") && !source.contains("Event,"),
            "{file} matches on engine events; word a Callout instead"
        );
    }
}

#[test]
fn callouts_keep_private_draws_private_and_mark_your_own_lines() {
    let me = Seat(0);
    let ana = Seat(1);
    let name = |s: Seat| format!("P{}", s.0);
    let drew = |seat| Event::Drew {
        seat,
        card: Card::Number(4),
    };
    let told = |e: Event| seat_events(&[e], me).remove(0);
    assert_eq!(Callout::from_event(&told(drew(ana)), Some(me), &name), None);
    let mine =
        Callout::from_event(&told(drew(me)), Some(me), &name).expect("your own draw is called out");
    assert!(mine.is_about_you());
    let played = Callout::from_event(
        &told(Event::Played {
            seat: ana,
            card: Card::Number(7),
            total: 12,
        }),
        Some(me),
        &name,
    )
    .expect("a play is called out");
    assert_eq!(
        played,
        Callout::Played {
            who: Who::Named("P1".into()),
            card: Card::Number(7),
            total: 12
        }
    );
    assert!(!played.is_about_you());
    let dealt = Callout::from_event(
        &told(Event::HandStarted {
            hand: 3,
            dealer: ana,
            first: me,
            deck: vec![],
        }),
        Some(me),
        &name,
    )
    .expect("a deal is called out");
    assert!(dealt.starts_hand());
    assert_eq!(
        text::callout(Lang::En, &dealt, Edition::Modern),
        "Hand 3 is dealt. You play first."
    );
}

#[test]
fn going_out_says_why_with_the_arithmetic() {
    let why = OutWhy {
        total: 97,
        cards: vec![
            (
                Card::Number(3),
                Err(RuleError::TotalTooHigh {
                    card: Card::Number(3),
                    total: 97,
                    new_total: 100,
                    lose_at: LoseAt::Reach99,
                }),
            ),
            (
                Card::Number(8),
                Err(RuleError::TotalTooHigh {
                    card: Card::Number(8),
                    total: 97,
                    new_total: 105,
                    lose_at: LoseAt::Reach99,
                }),
            ),
            (Card::NinetyNine, Err(RuleError::NinetyNineDead)),
        ],
    };
    let line = text::callout(
        Lang::En,
        &Callout::Out {
            who: Who::You,
            why: Some(why),
        },
        Edition::Modern,
    );
    assert_eq!(
        line,
        "You're out at 97: 3 would make 100, 8 would make 105 and ONO 99 cards can't be played"
    );
    // A refused card's reason starts with its sum.
    let refusal = RuleError::TotalTooHigh {
        card: Card::Number(8),
        total: 97,
        new_total: 105,
        lose_at: LoseAt::Reach99,
    };
    assert_eq!(
        text::reason(Lang::En, &refusal, Edition::Modern, "Ana"),
        "97 + 8 = 105: would reach 99"
    );
    assert_eq!(text::your_place(Lang::En, 3, 5), "You finished 3rd of 5.");
    assert_eq!(
        text::your_place(Lang::En, 11, 12),
        "You finished 11th of 12."
    );
    assert_eq!(text::your_place(Lang::En, 2, 2), "You finished 2nd of 2.");
}

#[test]
fn the_narrator_keeps_the_total_and_explains_going_out() {
    let me = Seat(0);
    let ana = Seat(1);
    let name = |s: Seat| format!("P{}", s.0);
    let mut narrator = Narrator::new(ono99::rules::RuleSet::modern(), 0, Some(me), &name);
    let events = [
        Event::HandStarted {
            hand: 1,
            dealer: ana,
            first: me,
            deck: vec![],
        },
        Event::Played {
            seat: me,
            card: Card::Number(9),
            total: 97,
        },
        Event::PlayerOut {
            seat: ana,
            laid_down: vec![
                Card::Number(8),
                Card::NinetyNine,
                Card::Number(3),
                Card::Number(8),
            ],
        },
    ];
    let out = seat_events(&events, me)
        .iter()
        .filter_map(|e| narrator.next(e))
        .last()
        .expect("going out is called out");
    assert_eq!(
        text::callout(Lang::En, &out, Edition::Modern),
        "P1 is out at 97: 3 would make 100, 8 would make 105 and ONO 99 cards can't be played"
    );
    assert!(!out.is_about_you());
}

/// Texts with numbers are typed methods, not templates: each language
/// keeps every number, leaves no brace, and says it in its own words.
#[test]
fn numbered_texts_keep_their_numbers_in_every_language() {
    let mut problems = Vec::new();
    let mut check = |lang: Lang, what: &str, t: String, parts: &[&str]| {
        for p in parts {
            if !t.contains(p) {
                problems.push(format!("{lang:?} {what} lost {p}: {t:?}"));
            }
        }
        if t.contains('{') || t.contains('}') {
            problems.push(format!("{lang:?} {what} has a stray brace: {t:?}"));
        }
    };
    for lang in Lang::ALL {
        for &n in Numbered::ALL {
            check(lang, &format!("{n:?}"), text::numbered(lang, n, 7), &["7"]);
        }
        check(lang, "move_of", text::move_of(lang, 3, 120), &["3", "120"]);
        check(
            lang,
            "daily_share",
            text::daily_share(lang, "2026-11-23", 2, 4, 17),
            &["2026-11-23", "2", "4", "17"],
        );
        check(
            lang,
            "decision_line",
            text::decision_line(lang, 5, -3),
            &["5", "\u{2212}3"],
        );
    }
    for &n in Numbered::ALL {
        let en = text::numbered(Lang::En, n, 7);
        for lang in FOREIGN {
            if text::numbered(lang, n, 7) == en {
                problems.push(format!("{lang:?} {n:?} is the English text"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The texts of the first screen that index.html paints before the app
/// runs (`#boot`), by the name its `data-t` attributes use.
const BOOT_TEXTS: [(&str, Key); 14] = [
    ("HowToPlay", Key::HowToPlay),
    ("Statistics", Key::Statistics),
    ("SettingsLabel", Key::SettingsLabel),
    ("Tagline", Key::Tagline),
    ("QuickPlay", Key::QuickPlay),
    ("TodaysDeal", Key::TodaysDeal),
    ("TodaysDealHelp", Key::TodaysDealHelp),
    ("LearnToPlay", Key::LearnToPlay),
    ("LearnHelp", Key::LearnHelp),
    ("PlayWithFriends", Key::PlayWithFriends),
    ("Loading", Key::Loading),
    ("GameNotLoaded", Key::GameNotLoaded),
    ("Retry", Key::Retry),
    ("Back", Key::Back),
];

/// index.html's first screen says what the app says, in every language: its
/// `boot-texts` block is these texts, and each `data-t` names one of them.
/// `BOOT_TEXTS_WRITE=1 cargo test --test i18n boot` rewrites the block
/// after a text changed.
#[test]
fn boot_screen_texts_are_the_apps() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("index.html");
    let html = std::fs::read_to_string(&path).expect("index.html");
    let open = "<script type=\"application/json\" id=\"boot-texts\">";
    let start = html.find(open).expect("index.html has no boot-texts block") + open.len();
    let end = start
        + html[start..]
            .find("</script>")
            .expect("boot-texts is not closed");
    let mut want = serde_json::Map::new();
    for lang in Lang::ALL {
        let words: serde_json::Map<String, serde_json::Value> = BOOT_TEXTS
            .iter()
            .map(|(name, key)| (name.to_string(), tr(lang, *key).into()))
            .collect();
        want.insert(lang.code().to_string(), words.into());
    }
    let block = format!(
        "{{\n{}\n}}",
        want.iter()
            .map(|(l, w)| format!("\"{l}\":{w}"))
            .collect::<Vec<_>>()
            .join(",\n")
    );
    if std::env::var_os("BOOT_TEXTS_WRITE").is_some() {
        let out = format!("{}{block}{}", &html[..start], &html[end..]);
        std::fs::write(&path, out).expect("write index.html");
        return;
    }
    assert_eq!(
        html[start..end],
        block,
        "index.html's boot texts differ from the app's: run BOOT_TEXTS_WRITE=1 cargo test --test i18n boot"
    );
    // Every marked element names a text, and shows the English one.
    let en = &want["en"];
    let mut marked = 0;
    for part in html[..html.find(open).unwrap_or(0)]
        .split("data-t=\"")
        .skip(1)
    {
        let name = &part[..part.find('"').expect("data-t is closed")];
        let shown = &part[part.find('>').expect("tag is closed") + 1..];
        let shown = &shown[..shown.find('<').expect("text is closed")];
        let text = en
            .get(name)
            .and_then(|v| v.as_str())
            .unwrap_or_else(|| panic!("data-t=\"{name}\" is not a boot text"));
        assert_eq!(shown, text, "the boot screen's {name}");
        marked += 1;
    }
    assert_eq!(marked, BOOT_TEXTS.len(), "each boot text is shown once");
}

/// French sets a narrow no-break space (U+202F) before a colon, a
/// semicolon, "!" and "?": never a plain space, and never nothing.
#[test]
fn french_punctuation_has_its_narrow_space() {
    let mut texts: Vec<String> = Key::ALL
        .iter()
        .map(|&k| tr(Lang::Fr, k).to_string())
        .collect();
    texts.push(text::labelled(Lang::Fr, "Pioche", "12"));
    texts.push(text::review_summary(Lang::Fr, 3, [2, 0, 0, 1]));
    texts.push(text::headroom(Lang::Fr, 4));
    for t in &texts {
        let chars: Vec<char> = t.chars().collect();
        for (i, c) in chars.iter().enumerate() {
            if !matches!(c, ':' | ';' | '!' | '?') {
                continue;
            }
            // An address ("stun:", "https://") is not French prose.
            if chars.get(i + 1) == Some(&'/') || t.contains("stun:") {
                continue;
            }
            assert!(
                i > 0 && chars[i - 1] == '\u{202f}',
                "French text without a narrow no-break space before {c:?}: {t}"
            );
        }
    }
}

/// The texts of table links and relays (`OnlineKey`, the whole app's):
/// none is empty, the other languages translate them (each differs from
/// English here: no word is shared), French keeps its narrow spaces, and
/// the refused line's number stays in the message.
#[test]
fn online_texts_are_translated_with_french_spacing() {
    use ono99::i18n::OnlineKey;
    fn french_spacing(t: &str) -> Result<(), String> {
        let chars: Vec<char> = t.chars().collect();
        for (i, c) in chars.iter().enumerate() {
            // "wss://" is an address, not French prose.
            if matches!(c, ':' | ';' | '!' | '?')
                && chars.get(i + 1) != Some(&'/')
                && (i == 0 || chars[i - 1] != '\u{202f}')
            {
                return Err(format!("no narrow no-break space before {c:?}: {t}"));
            }
        }
        Ok(())
    }
    let mut problems = Vec::new();
    for &key in OnlineKey::ALL {
        let en = text::online(Lang::En, key);
        if en.trim().is_empty() {
            problems.push(format!("En {key:?} is empty"));
        }
        for lang in FOREIGN {
            let t = text::online(lang, key);
            if t.trim().is_empty() {
                problems.push(format!("{lang:?} {key:?} is empty"));
            } else if t == en {
                problems.push(format!("{lang:?} {key:?} is still English: {t:?}"));
            }
        }
        if let Err(e) = french_spacing(text::online(Lang::Fr, key)) {
            problems.push(format!("Fr {key:?}: {e}"));
        }
    }
    let english_bad = text::relay_line_bad(Lang::En, 3);
    for lang in [Lang::En, Lang::Es, Lang::Fr, Lang::Pt] {
        let t = text::relay_line_bad(lang, 3);
        if !t.contains('3') || t.contains('4') {
            problems.push(format!("{lang:?} relay_line_bad(3) lost the line: {t:?}"));
        }
        if lang != Lang::En && t == english_bad {
            problems.push(format!("{lang:?} relay_line_bad is still English: {t:?}"));
        }
    }
    if let Err(e) = french_spacing(&text::relay_line_bad(Lang::Fr, 3)) {
        problems.push(format!("Fr relay_line_bad: {e}"));
    }
    // The spacing check can fail: a plain space before a colon is refused.
    assert!(french_spacing("Relais : wss://127.0.0.1").is_err());
    assert!(french_spacing("Relais\u{202f}: wss://127.0.0.1").is_ok());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Each key's text in each language as `src/i18n/texts/*.txt` writes it
/// (its escapes undone), read here on its own: (key name, [en, es, fr, pt]).
fn catalogue_texts() -> Vec<(String, [String; 4])> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/i18n/texts");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("src/i18n/texts")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let unescape = |t: &str| {
        let mut out = String::new();
        let mut chars = t.chars();
        while let Some(c) = chars.next() {
            match (c, c == '\\') {
                (_, true) => match chars.next() {
                    Some('n') => out.push('\n'),
                    Some(other) => out.push(other),
                    None => {}
                },
                (c, false) => out.push(c),
            }
        }
        out
    };
    let mut keys: Vec<(String, [String; 4])> = Vec::new();
    for path in files {
        for line in std::fs::read_to_string(&path)
            .expect("a texts file")
            .lines()
        {
            let trimmed = line.trim();
            if trimmed.starts_with('[') && trimmed.ends_with(']') {
                keys.push((
                    trimmed[1..trimmed.len() - 1].trim().to_string(),
                    Default::default(),
                ));
            } else if let (Some((code, text)), false) =
                (line.split_once('='), trimmed.starts_with('#'))
            {
                let at = ["en", "es", "fr", "pt"]
                    .iter()
                    .position(|c| *c == code.trim());
                if let (Some(at), Some(key)) = (at, keys.last_mut()) {
                    key.1[at] = unescape(text.strip_prefix(' ').unwrap_or(text));
                }
            }
        }
    }
    keys
}

/// The fixed texts of Spanish, French and Portuguese are files the
/// browser fetches, written from `src/i18n/texts/*.txt` (`build.rs`
/// natively, `assets/lang-files.mjs` for the browser): one text a line,
/// no key names. Each parses, has exactly a line a key, and gives every key
/// the text the catalogue gives it (read here apart from the build), so no
/// line is off by one; French's narrow spaces among the texts kept.
#[test]
fn language_files_give_every_key_its_own_text() {
    use ono99::i18n::fixed;
    let catalogue = catalogue_texts();
    let mut named: Vec<&str> = catalogue.iter().map(|(n, _)| n.as_str()).collect();
    named.sort_unstable();
    let mut all = Key::NAMES.to_vec();
    all.sort_unstable();
    assert_eq!(named, all, "the catalogue gives each key once");
    for lang in FOREIGN {
        let file = fixed::compiled_in(lang);
        let texts = fixed::parse(file).unwrap_or_else(|e| panic!("{}.txt: {e}", lang.code()));
        assert_eq!(
            file.lines().count(),
            Key::ALL.len() + 1,
            "{}.txt: a line a key",
            lang.code()
        );
        assert!(
            !file.contains("Tagline"),
            "{}.txt names its keys",
            lang.code()
        );
        for (name, words) in &catalogue {
            let at = Key::NAMES
                .iter()
                .position(|n| n == name)
                .expect("a key of the catalogue");
            let key = Key::ALL[at];
            let want = &words[lang as usize];
            assert_eq!(texts.get(key), want, "{lang:?} {key:?}");
            assert_eq!(tr(lang, key), want, "{lang:?} {key:?}");
        }
    }
    let known = [
        (Lang::Es, Key::Tagline, "Mantén el total por debajo de 99… o quedas fuera."),
        (Lang::Fr, Key::ReviewNoDecisions, "Vous n’avez eu aucun choix à faire dans cette partie\u{202f}: tous vos coups étaient forcés."),
        (Lang::Fr, Key::EditionClassicHelp, "54 cartes avec Passe et Double jeu\u{202f}; le total peut devenir négatif\u{202f}; trois jetons chacun."),
        (Lang::Pt, Key::DrawPile, "Pilha de compras"),
    ];
    for (lang, key, text) in known {
        assert_eq!(tr(lang, key), text, "{lang:?} {key:?}");
    }
}

/// The browser's build writes the languages' files from the same blocks
/// as `build.rs` (`assets/lang-files.mjs`, run by the post-build hook):
/// byte for byte the files the native build compiles in and these tests
/// read, so the browser fetches exactly the texts checked here.
#[test]
fn the_browser_build_writes_the_same_language_files() {
    use ono99::i18n::fixed;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("ono99-lang-files-{}", std::process::id()));
    let run = std::process::Command::new("node")
        .arg(root.join("assets/lang-files.mjs"))
        .arg(&out)
        .output();
    let Ok(run) = run else {
        eprintln!("node is not installed: the browser's language files are not compared");
        return;
    };
    assert!(
        run.status.success(),
        "assets/lang-files.mjs: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    for lang in FOREIGN {
        let written = std::fs::read_to_string(out.join(format!("{}.txt", lang.code())))
            .unwrap_or_else(|e| panic!("{}.txt: {e}", lang.code()));
        assert!(
            written == fixed::compiled_in(lang),
            "assets/lang-files.mjs and build.rs write different {}.txt",
            lang.code()
        );
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// A damaged language file is refused whole, with the line at fault when
/// there is one, never read in part (the browser then keeps English or the
/// language it had): a line more or less, a file written for another order
/// of keys (another build's), a bad escape, or not a language file at all.
#[test]
fn language_files_refuse_damage() {
    use ono99::i18n::fixed::{parse, TextsError};
    let good = ono99::i18n::fixed::compiled_in(Lang::Fr);
    let keys = Key::ALL.len();
    assert_eq!(
        parse(&format!("{good}one more\n")).err(),
        Some(TextsError::Count {
            found: keys + 1,
            expected: keys
        })
    );
    let mut lines: Vec<&str> = good.lines().collect();
    let tagline = lines
        .iter()
        .position(|l| *l == tr(Lang::Fr, Key::Tagline))
        .expect("French's tagline has a line");
    lines.remove(tagline);
    assert_eq!(
        parse(&(lines.join("\n") + "\n")).err(),
        Some(TextsError::Count {
            found: keys - 1,
            expected: keys
        })
    );
    let (head, body) = good.split_once('\n').expect("a first line");
    let other = format!("{}0\n{body}", &head[..head.len() - 1]);
    assert!(matches!(parse(&other), Err(TextsError::OtherOrder { .. })));
    assert!(matches!(parse(body), Err(TextsError::OtherOrder { .. })));
    let broken = good.replacen(tr(Lang::Fr, Key::Tagline), "a\\q", 1);
    assert_eq!(
        parse(&broken).err(),
        Some(TextsError::BadEscape { line: tagline + 1 })
    );
    assert!(parse("").is_err());
    assert!(parse("<!doctype html><html></html>").is_err());
    let escaped = good.replacen(tr(Lang::Fr, Key::Tagline), "one\\ntwo \\\\ ", 1);
    let texts = parse(&escaped).map_err(|e| e.to_string());
    assert!(texts.is_ok_and(|t| t.get(Key::Tagline).starts_with("one\ntwo \\ ")));
}

/// Words a new player stumbled on: a card button named "Play Play 2", a
/// seat's chooser labelled "Bot 2 level" while it says "Person", French
/// "pose un Inverser", a bare number beside the total, "Up to 98: +10".
#[test]
fn words_a_new_player_read_say_what_they_mean() {
    let langs = [Lang::En, Lang::Es, Lang::Fr, Lang::Pt];
    for edition in [Edition::Modern, Edition::Classic] {
        for card in Card::ALL {
            let name = text::play_card(Lang::En, card, edition);
            let words: Vec<&str> = name.split(' ').collect();
            assert!(
                !words.windows(2).any(|w| w[0] == w[1]),
                "{edition:?}: the button of {card} reads \"{name}\""
            );
        }
    }
    assert_eq!(
        text::play_card(Lang::En, Card::PlayTwo, Edition::Modern),
        "Play the Play 2 card"
    );
    // Who plays a seat is asked by the seat, whatever the answer is.
    for lang in langs {
        assert_eq!(
            text::numbered(lang, Numbered::SeatBotLevel, 2),
            text::numbered(lang, Numbered::SeatPlayerLevel, 2),
            "{lang:?}"
        );
    }
    assert_eq!(
        text::numbered(Lang::En, Numbered::SeatBotLevel, 2),
        "Who plays seat 2"
    );
    // French names its verb-named cards as cards.
    let ben = |card: Card, edition: Edition| {
        text::callout(
            Lang::Fr,
            &Callout::Played {
                who: Who::Named("Ben".into()),
                card,
                total: 41,
            },
            edition,
        )
    };
    assert_eq!(
        ben(Card::Reverse, Edition::Modern),
        "Ben pose une carte Inverser — total 41"
    );
    assert_eq!(
        ben(Card::PlayTwo, Edition::Modern),
        "Ben pose une carte Jouer 2 — total 41"
    );
    assert_eq!(
        ben(Card::Number(8), Edition::Modern),
        "Ben pose un 8 — total 41"
    );
    // The draw pile's count says it counts cards; the room under the total
    // says what it is.
    assert_eq!(text::numbered(Lang::En, Numbered::CardsLeft, 96), "96 left");
    assert_eq!(text::numbered(Lang::Es, Numbered::CardsLeft, 1), "queda 1");
    assert_eq!(text::headroom(Lang::En, 10), "Room left: 10");
    for lang in langs {
        assert!(!text::headroom(lang, 10).contains('+'), "{lang:?}");
        assert!(text::numbered(lang, Numbered::CardsLeft, 96).contains("96"));
    }
}

/// Problems in one section of texts kept as data (`i18n::catalogue`):
/// its file reads whole (every key in every language once, each
/// language naming English's arguments), no text is empty or left in
/// English (but those `may_match` allows), French spaces its `: ; ! ?`,
/// and the texts the app shows are the file's.
fn section_problems<K: text::catalogue::Section>(
    may_match: impl Fn(Lang, K) -> bool,
) -> Vec<String> {
    use text::catalogue::{arguments, Catalogue};
    let catalogue = match Catalogue::<K>::parse(K::FILE) {
        Ok(c) => c,
        Err(e) => return vec![format!("{}: {e}", std::any::type_name::<K>())],
    };
    let mut problems = Vec::new();
    for &key in K::KEYS {
        let en = catalogue.get(Lang::En, key);
        if en.trim().is_empty() {
            problems.push(format!("{key:?} has no English text"));
        }
        // The app reads the same file (a broken one would show key names).
        if K::catalogue().get(Lang::En, key) != en {
            problems.push(format!("{key:?}: the app's English is not the file's"));
        }
        for lang in Lang::ALL {
            let t = catalogue.get(lang, key);
            if t.trim().is_empty() {
                problems.push(format!("{lang:?} {key:?} is empty"));
            }
            if lang != Lang::En && t == en && !may_match(lang, key) {
                problems.push(format!("{lang:?} {key:?} is still English: {t:?}"));
            }
            if arguments(t) != arguments(en) {
                problems.push(format!(
                    "{lang:?} {key:?} names other arguments than English"
                ));
            }
            if lang == Lang::Fr {
                let chars: Vec<char> = t.chars().collect();
                for (i, c) in chars.iter().enumerate() {
                    // "wss://" is an address, not French prose.
                    if matches!(c, ':' | ';' | '!' | '?')
                        && chars.get(i + 1) != Some(&'/')
                        && (i == 0 || chars[i - 1] != '\u{202f}')
                    {
                        problems.push(format!("Fr {key:?}: no narrow no-break space before {c:?}"));
                    }
                }
            }
        }
    }
    problems
}

#[test]
fn every_section_key_is_written_in_every_language() {
    use text::{FriendsText, OnlineKey, OnlineLine, ReactionKey, ReplayLine, SeatKey, WatchText};
    let mut problems = Vec::new();
    problems.extend(section_problems(|_, _: ReplayLine| false));
    problems.extend(section_problems(|_, _: OnlineKey| false));
    problems.extend(section_problems(|_, _: OnlineLine| false));
    problems.extend(section_problems(|_, _: WatchText| false));
    problems.extend(section_problems(|_, k: FriendsText| {
        k == FriendsText::TurnSeconds
    }));
    problems.extend(section_problems(|_, _: SeatKey| false));
    problems.extend(section_problems(|_, _: ReactionKey| false));
    assert!(problems.is_empty(), "{problems:#?}");
    // Each section has keys, and the four are all checked above.
    assert_eq!(WatchText::ALL.len(), 13);
    assert_eq!(FriendsText::ALL.len(), 18);
    assert_eq!(SeatKey::ALL.len(), text::SeatText::ALL.len());
    assert_eq!(ReactionKey::ALL.len(), 11);
    assert_eq!(OnlineKey::ALL.len(), 40);
    assert_eq!(OnlineLine::ALL.len(), 3);
    assert_eq!(ReplayLine::ALL.len(), 2);
}

#[test]
fn section_texts_read_as_they_did_with_their_arguments_filled() {
    use ono99::online::reactions::Reaction;
    use text::{
        friends_text, match_progress, mute, reaction_name, seat_text, stopped_sharing,
        turn_seconds, waiting_for_host, watch_text, watching_count, watching_table, FriendsText,
        SeatText, WatchText,
    };
    // Words as the four-language `match`es of the build before wrote them.
    assert_eq!(
        watch_text(Lang::Es, WatchText::WatchLink),
        "Enlace para mirar"
    );
    assert_eq!(
        watch_text(Lang::Fr, WatchText::NotShared),
        "Personne ne peut regarder\u{202f}: le lien pour regarder est coupé."
    );
    assert_eq!(watching_table(Lang::En, "Ana"), "Watching Ana's table");
    assert_eq!(watching_count(Lang::Fr, 1), "1 spectateur");
    assert_eq!(watching_count(Lang::Fr, 2), "2 spectateurs");
    assert_eq!(watching_count(Lang::En, 0), "0 watching");
    assert_eq!(
        stopped_sharing(Lang::Pt, "Ana"),
        "Ana parou de compartilhar a mesa."
    );
    assert_eq!(
        friends_text(Lang::En, FriendsText::ImBack),
        "I'm back: let me play"
    );
    assert_eq!(match_progress(Lang::En, 2, 1), "Hand 2 · 1 play");
    assert_eq!(match_progress(Lang::Fr, 3, 14), "Manche 3 · 14 coups joués");
    assert_eq!(turn_seconds(Lang::Es, 60), "60 s");
    assert_eq!(
        waiting_for_host(Lang::En, "Hana"),
        "Waiting for Hana to come back to the table…"
    );
    assert_eq!(
        seat_text(Lang::Fr, &SeatText::Asking { holder: "Leo" }),
        "Cette place est celle de Leo, qui est absent. On a demandé à l’hôte de vous la laisser\u{202f}: patientez ici."
    );
    assert_eq!(
        seat_text(
            Lang::En,
            &SeatText::RefuseLabel {
                asker: "Kim",
                holder: "Leo"
            }
        ),
        "Keep Leo’s seat for Leo, not Kim"
    );
    assert_eq!(seat_text(Lang::Pt, &SeatText::Allow), "Permitir");
    assert_eq!(
        reaction_name(Lang::Fr, Reaction::Nice),
        "Bien joué\u{202f}!"
    );
    assert_eq!(mute(Lang::Es, "Ana"), "Silenciar a Ana");
    // Every seat text names its people, in every language.
    for lang in Lang::ALL {
        for t in SeatText::ALL {
            let words = seat_text(lang, t);
            assert!(!words.contains('{'), "{lang:?} {t:?}: {words}");
            match t {
                SeatText::Request { asker, holder }
                | SeatText::AllowLabel { asker, holder }
                | SeatText::RefuseLabel { asker, holder } => {
                    assert!(words.contains(asker) && words.contains(holder), "{words}")
                }
                SeatText::Asking { holder } | SeatText::Kept { holder } => {
                    assert!(words.contains(holder), "{words}")
                }
                SeatText::Returning { name } => assert!(words.contains(name), "{words}"),
                _ => {}
            }
        }
    }
}

#[test]
fn a_broken_section_file_is_refused_with_its_line() {
    use text::catalogue::{Catalogue, CatalogueError, Section};
    use text::WatchText;
    let good = WatchText::FILE;
    let parse = |file: &str| Catalogue::<WatchText>::parse(file).err();
    assert_eq!(parse(good), None);
    // A key no enum has.
    let unknown = format!("{good}\n[Nope]\n");
    assert!(
        matches!(parse(&unknown), Some(CatalogueError::UnknownKey { name, .. }) if name == "Nope")
    );
    // A text before any key.
    assert_eq!(parse("en = Hi\n"), Some(CatalogueError::NoKey { line: 1 }));
    // A language the game has not.
    let german = format!("{good}\n[Watch]\nde = Zuschauen\n");
    assert!(
        matches!(parse(&german), Some(CatalogueError::UnknownLang { code, .. }) if code == "de")
    );
    // A text given twice.
    let twice = format!("{good}\n[Watch]\nes = Mirar\n");
    assert!(matches!(
        parse(&twice),
        Some(CatalogueError::Duplicate { .. })
    ));
    // A line of no kind, and a bad escape.
    assert!(matches!(
        parse(&format!("{good}\nwhat\n")),
        Some(CatalogueError::Malformed { .. })
    ));
    assert!(matches!(
        parse(&format!("[Watch]\nen = a\\t\n{good}")),
        Some(CatalogueError::BadEscape { line: 2 })
    ));
    // A language left out.
    let without_pt: String = good
        .lines()
        .filter(|l| !l.starts_with("pt = Sair"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        parse(&without_pt),
        Some(CatalogueError::Missing {
            key: "Leave",
            lang: "pt"
        })
    );
    // A language that drops a named argument.
    let lost: String = good
        .lines()
        .map(|l| {
            if l == "es = Mirando la mesa de {host}" {
                "es = Mirando la mesa".to_string()
            } else {
                l.to_string()
            }
        })
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(matches!(
        parse(&lost),
        Some(CatalogueError::Arguments {
            key: "WatchingTable",
            lang: "es",
            ..
        })
    ));
}

/// Every text the catalogue can give, in `lang`, each line labelled: the
/// fixed keys, the named and numbered texts, the online and section
/// texts, and every text with data ([`all_texts`]) plus the counts and
/// lists from 0 to 3. The golden file below keeps them, so moving texts
/// between files or shapes is shown to change none of them.
fn golden_texts(lang: Lang) -> Vec<(String, String)> {
    use ono99::i18n::catalogue;
    use ono99::online::fair::Verdict;
    let mut out: Vec<(String, String)> = Vec::new();
    let mut put = |label: String, text: String| out.push((label, text));
    for (key, name) in Key::ALL.iter().zip(Key::NAMES) {
        put(format!("Key::{name}"), tr(lang, *key).to_string());
    }
    for &n in Named::ALL {
        put(format!("{n:?}"), text::named(lang, n, "Ana"));
    }
    for &n in Numbered::ALL {
        for i in 0..4 {
            put(format!("{n:?}({i})"), text::numbered(lang, n, i));
        }
    }
    for &k in text::OnlineKey::ALL {
        put(
            format!("OnlineKey::{k:?}"),
            text::online(lang, k).to_string(),
        );
    }
    for &k in text::WatchText::ALL {
        put(
            format!("WatchText::{k:?}"),
            catalogue::text(lang, k).to_string(),
        );
    }
    for &k in text::FriendsText::ALL {
        put(
            format!("FriendsText::{k:?}"),
            catalogue::text(lang, k).to_string(),
        );
    }
    for &k in text::SeatKey::ALL {
        put(
            format!("SeatKey::{k:?}"),
            catalogue::text(lang, k).to_string(),
        );
    }
    for &k in text::ReactionKey::ALL {
        put(
            format!("ReactionKey::{k:?}"),
            catalogue::text(lang, k).to_string(),
        );
    }
    for s in text::SeatText::ALL {
        put(format!("{s:?}"), text::seat_text(lang, s));
    }
    for r in ono99::online::reactions::Reaction::ALL {
        put(
            format!("reaction {r:?}"),
            text::reaction_name(lang, r).to_string(),
        );
        put(format!("reacted {r:?}"), text::reacted_line(lang, "Ana", r));
    }
    put("mute".into(), text::mute(lang, "Ana"));
    put("watching_table".into(), text::watching_table(lang, "Ana"));
    put("stopped_sharing".into(), text::stopped_sharing(lang, "Ana"));
    put(
        "waiting_for_host".into(),
        text::waiting_for_host(lang, "Ana"),
    );
    put("host_quiet".into(), text::host_quiet(lang, "Ana"));
    put("no_direct_path".into(), text::no_direct_path(lang, "Ana"));
    for n in 0..4 {
        put(
            format!("watching_count({n})"),
            text::watching_count(lang, n),
        );
        put(
            format!("turn_seconds({n})"),
            text::turn_seconds(lang, n as u32),
        );
        put(
            format!("match_progress({n})"),
            text::match_progress(lang, n as u32 + 1, n),
        );
        put(format!("cards_count({n})"), text::cards_count(lang, n));
        put(
            format!("tokens_count({n})"),
            text::tokens_count(lang, n as u8),
        );
        put(
            format!("points_count({n})"),
            text::points_count(lang, n as u32),
        );
        put(format!("player_count({n})"), text::player_count(lang, n));
        put(format!("bot_heading({n})"), text::bot_heading(lang, n));
        put(
            format!("hand_over_heading({n})"),
            text::hand_over_heading(lang, n as u32),
        );
        put(
            format!("hand_number({n})"),
            text::hand_number(lang, n as u32),
        );
        put(format!("headroom({n})"), text::headroom(lang, n as i32 - 1));
        put(
            format!("relay_line_bad({n})"),
            text::relay_line_bad(lang, n),
        );
        put(
            format!("numbered_player({n})"),
            text::numbered_player(lang, n),
        );
        put(format!("move_of({n})"), text::move_of(lang, n, 3));
        put(
            format!("decision_line({n})"),
            text::decision_line(lang, n as u32, n as i32 - 2),
        );
        put(
            format!("total_label({n})"),
            text::total_label(lang, n as i32 - 1),
        );
        put(format!("percent({n})"), text::percent(lang, n as u32 * 33));
        for place in 1..=n {
            put(
                format!("your_place({place},{n})"),
                text::your_place(lang, place, n),
            );
        }
        put(
            format!("daily_share({n})"),
            text::daily_share(lang, "2026-11-27", n.max(1), 4, n * 7),
        );
        let names: Vec<String> = ["Ana", "Ben", "Cy"]
            .iter()
            .take(n)
            .map(|s| s.to_string())
            .collect();
        put(
            format!("dealt_without({n})"),
            text::dealt_without(lang, &names),
        );
        let mut winners: Vec<Who> = names.iter().map(|s| Who::Named(s.clone())).collect();
        put(
            format!("winners_line({n})"),
            text::winners_line(lang, &winners),
        );
        winners.insert(0, Who::You);
        put(
            format!("winners_line(you+{n})"),
            text::winners_line(lang, &winners),
        );
        put(
            format!("review_summary({n})"),
            text::review_summary(lang, n * 4, [n, n.saturating_sub(1), n % 2, n / 2]),
        );
    }
    for name in [
        ono99::play::SeatName::Named("Ana"),
        ono99::play::SeatName::You,
        ono99::play::SeatName::Player(2),
        ono99::play::SeatName::Bot(3),
    ] {
        put(format!("seat_name {name:?}"), text::seat_name(lang, name));
    }
    for c in [
        ono99::online::protocol::Connection::Waiting,
        ono99::online::protocol::Connection::Connected,
        ono99::online::protocol::Connection::Disconnected,
        ono99::online::protocol::Connection::Closed,
    ] {
        put(
            format!("connection {c:?}"),
            text::connection(lang, c).to_string(),
        );
    }
    put("yes".into(), text::yes_no(lang, true).to_string());
    put("no".into(), text::yes_no(lang, false).to_string());
    let verdicts = [
        Verdict::Verified,
        Verdict::SecretDoesNotMatch,
        Verdict::LeftOut(Seat(1)),
        Verdict::SeedDoesNotMatch,
        Verdict::CardDiffers {
            hand: 2,
            seat: Some(Seat(1)),
            expected: Card::Number(7),
            shown: Card::Hold,
        },
        Verdict::CardDiffers {
            hand: 2,
            seat: None,
            expected: Card::Reverse,
            shown: Card::MinusTen,
        },
        Verdict::DoesNotReplay,
        Verdict::LogDiffers { index: 12 },
    ];
    for edition in [Edition::Modern, Edition::Classic] {
        for v in &verdicts {
            for saw_seal in [true, false] {
                put(
                    format!("deal_verdict {v:?} {saw_seal} {edition:?}"),
                    text::deal_verdict(lang, v, saw_seal, edition),
                );
            }
            for friends in 0..3 {
                for name in [None, Some("Ana")] {
                    put(
                        format!("ReplayTexts::deal_verdict {v:?} {friends} {name:?} {edition:?}"),
                        lang.replay_texts().deal_verdict(v, friends, name, edition),
                    );
                }
            }
        }
    }
    for (i, t) in all_texts(lang).into_iter().enumerate() {
        put(format!("all_texts[{i}]"), t);
    }
    out
}

/// Every text of every language as it reads today (`tests/golden/texts.txt`):
/// moving texts between files or shapes must change none of them.
/// `ONO99_BLESS=1 cargo test --test i18n golden` rewrites the file after a
/// text changed on purpose (say why in the commit).
#[test]
fn every_text_matches_the_golden_file() {
    let mut actual = String::new();
    for lang in Lang::ALL {
        for (label, text) in golden_texts(lang) {
            let text = text.replace('\\', "\\\\").replace('\n', "\\n");
            actual.push_str(&format!("{}\t{label}\t{text}\n", lang.code()));
        }
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/texts.txt");
    if std::env::var_os("ONO99_BLESS").is_some() {
        std::fs::write(&path, &actual).expect("golden file written");
        return;
    }
    let expected = std::fs::read_to_string(&path).expect("tests/golden/texts.txt exists");
    if actual != expected {
        let first = actual
            .lines()
            .zip(expected.lines())
            .find(|(a, e)| a != e)
            .map(|(a, e)| format!("first difference:\n  now:    {a}\n  before: {e}"))
            .unwrap_or_else(|| "one output is longer than the other".to_string());
        panic!("a text changed\n{first}");
    }
}
