//! English texts: the reference every other language follows.

use super::capital;
use super::keys::Key;
use super::number;
use super::translation::{ReplayTexts, TipWords, Translation};
use crate::bots::verdict::{Edge, Reason};
use crate::bots::Level;
use crate::rules::Action;
use crate::rules::{Card, Edition};
use crate::table::Who;

pub struct En;

/// "You" or the name, at the start of a sentence.
fn subject(who: &Who) -> &str {
    match who {
        Who::You => "You",
        Who::Named(name) => name,
    }
}

impl Translation for En {
    fn key(&self, key: Key) -> &'static str {
        // English, compiled in from `texts/*.txt` by build.rs: one arm a key.
        include!(concat!(env!("OUT_DIR"), "/english.rs"))
    }

    fn card_name(&self, card: Card, edition: Edition) -> String {
        match card {
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
        }
    }

    fn bot_level(&self, l: Level) -> String {
        format!("{} {}", self.key(super::level_key(l)), self.key(Key::Bot))
    }

    fn seat_label(&self, name: &str, l: Level) -> String {
        format!("{name}, {}", self.bot_level(l))
    }

    fn winners_line(&self, winners: &[Who]) -> String {
        match winners {
            [] => "The match is over.".to_string(),
            [Who::You] => "You win the match!".to_string(),
            [w] => format!("{} wins the match!", subject(w)),
            many => {
                let names: Vec<&str> = many.iter().map(subject).collect();
                format!("{} share the win!", names.join(" and "))
            }
        }
    }

    fn your_place(&self, place: usize, of: usize) -> String {
        let suffix = match (place % 10, place % 100) {
            (1, n) if n != 11 => "st",
            (2, n) if n != 12 => "nd",
            (3, n) if n != 13 => "rd",
            _ => "th",
        };
        format!("You finished {place}{suffix} of {of}.")
    }

    fn and_word(&self) -> &'static str {
        "and"
    }

    fn tip_words(&self) -> &'static TipWords {
        &TipWords {
            number: "the {card}",
            other: "the {card} card",
            play: "Play {card}",
            only_m: "Only {card} can be played",
            only_f: "Only {card} can be played",
            discard: "Discard your four {card} cards",
            sep: ": ",
            up: "it takes the total to {t}",
            same: "it keeps the total at {t}",
            down: "it brings the total down to {t}",
            certain: " and {name} can't follow",
            likely: " and {name} is likely stuck ({p}%)",
            may: " and {name} may be stuck ({p}%)",
            twice: " and {name} must play twice",
            second: " and you keep a card for your second play",
        }
    }
}

impl ReplayTexts for En {
    fn review_summary(&self, decisions: usize, counts: [usize; 4]) -> String {
        let words = [
            ("best", "best"),
            ("good", "good"),
            ("inaccuracy", "inaccuracies"),
            ("mistake", "mistakes"),
        ];
        let head = if decisions == 1 {
            "1 decision".to_string()
        } else {
            format!("{decisions} decisions")
        };
        super::summary_line(head, counts, words, self.colon())
    }

    fn deal_verdict(
        &self,
        verdict: &crate::online::fair::Verdict,
        friends: usize,
        name: Option<&str>,
        edition: Edition,
    ) -> String {
        use crate::online::fair::Verdict as V;
        let whose =
            |name: Option<&str>| name.map_or("a friend's".to_string(), |n| format!("{n}'s"));
        let why = match verdict {
            V::Verified => {
                return match friends {
                    0 => "Deal verified: dealt from the host's sealed secret alone".into(),
                    1 => "Deal verified: dealt from the host's sealed secret and 1 friend's contribution".into(),
                    n => format!("Deal verified: dealt from the host's sealed secret and {n} friends' contributions"),
                }
            }
            V::SecretDoesNotMatch => {
                "the host's secret does not match the seal it sent before the deal".into()
            }
            V::LeftOut(_) => format!("{} contribution is missing from the deal", whose(name)),
            V::SeedDoesNotMatch => {
                "the match was not dealt from the seed its secret and contributions give".into()
            }
            V::CardDiffers { hand, seat, expected, shown } => {
                let card = match (seat, name) {
                    (Some(_), Some(n)) => format!("{n}'s card"),
                    _ => "a card".into(),
                };
                format!(
                    "in hand {hand}, {card} showed as {}, but the seed gives {}",
                    self.card_name(*shown, edition),
                    self.card_name(*expected, edition)
                )
            }
            V::DoesNotReplay => "the moves do not replay from the seed".into(),
            V::LogDiffers { index } => format!(
                "the table showed something else than the seed gives (event {})",
                index + 1
            ),
        };
        format!("Deal not verified{}{why}", self.colon())
    }

    fn review_reason(&self, reason: &Reason, edition: Edition) -> String {
        let name = |a: Action, yours: bool| match (a, yours) {
            (Action::Play(c), true) => format!("your {}", self.card_name(c, edition)),
            (Action::Play(c), false) => format!("the {}", self.card_name(c, edition)),
            (Action::DiscardFourOno, true) => format!(
                "your discard of four {}",
                self.card_name(Card::NinetyNine, edition)
            ),
            (Action::DiscardFourOno, false) => format!(
                "discarding four {}",
                self.card_name(Card::NinetyNine, edition)
            ),
        };
        let made = |total: i32, before: i32| {
            if total == before {
                format!("left the total at {}", number(total))
            } else {
                format!("made {}", number(total))
            }
        };
        let games = |n: u32| {
            if n == 1 {
                "1 more game in 100".to_string()
            } else {
                format!("{n} more games in 100")
            }
        };
        match *reason {
            Reason::AllAlike { win } => {
                format!("Every option won about as often here (about {win}%): no choice was wrong.")
            }
            Reason::Best {
                played,
                before,
                total,
                stuck,
                next_is_me,
                ahead,
            } => {
                let mut s = capital(&format!("{} {}", name(played, true), made(total, before)));
                if let Some(p) = stuck.filter(|&p| p >= 5 && !next_is_me) {
                    s += &format!(" and left the next player stuck {p}% of the time");
                }
                if ahead >= 1 {
                    s + &format!(". It won {} than the next best option.", games(ahead))
                } else {
                    s + ". No other option won more often."
                }
            }
            Reason::Better {
                played,
                before,
                better,
                better_total,
                your_total,
                gain,
                edge,
            } => {
                let first = match edge {
                    Edge::Pressure { better: b, yours: y } => format!(
                        "{} would have {} and left the next player stuck {b}% of the time, against {y}% after {} ({}).",
                        name(better, false), made(better_total, before), name(played, true), number(your_total)
                    ),
                    Edge::OwnRisk { yours } => format!(
                        "{} {} but left you stuck on your second play {yours}% of the time; {} ({}) was safer.",
                        name(played, true), made(your_total, before), name(better, false), number(better_total)
                    ),
                    Edge::Room => format!(
                        "{} would have {} instead of {}, leaving more room for the plays to come.",
                        name(better, false), made(better_total, before), number(your_total)
                    ),
                    Edge::LongRun => format!(
                        "{} ({}) did better over the rest of the match than {} ({}).",
                        name(better, false), number(better_total), name(played, true), number(your_total)
                    ),
                };
                format!("{} It wins {}.", capital(&first), games(gain))
            }
        }
    }
}
