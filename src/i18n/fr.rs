//! French texts. Card names follow the French rulebook ("Inverser",
//! "Jouer 2"); the sentences are our own.

use super::capital;
use super::keys::Key;
use super::number;
use super::translation::{ReplayTexts, TipWords, Translation};
use super::{fixed, Lang};
use crate::bots::verdict::{Edge, Reason};
use crate::bots::Level;
use crate::rules::Action;
use crate::rules::{Card, Edition};
use crate::table::Who;

pub struct Fr;

impl Fr {
    /// A card as a call-out names it, with its article: "un 7",
    /// "un Inverser", "une Passe", "une carte ONO 99".
    fn card_with_article(&self, card: Card, edition: Edition) -> String {
        let name = self.card_name(card, edition);
        match card {
            Card::Hold => format!("une {name}"),
            // Not "un Inverser", "un Jouer 2": their names are verbs.
            Card::NinetyNine | Card::Reverse => format!("une carte {name}"),
            Card::PlayTwo if edition == Edition::Modern => format!("une carte {name}"),
            _ => format!("un {name}"),
        }
    }
}

/// Names joined as a list, "vous" last: "Ana, Ben et vous".
fn name_list(who: &[Who]) -> String {
    let mut names: Vec<String> = who
        .iter()
        .filter_map(|w| match w {
            Who::Named(n) => Some(n.clone()),
            Who::You => None,
        })
        .collect();
    if who.iter().any(Who::is_you) {
        names.push("vous".to_string());
    }
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} et {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

impl Translation for Fr {
    fn is_one(&self, n: usize) -> bool {
        n <= 1
    }

    fn card_in_sentence(&self, card: Card, edition: Edition) -> String {
        self.card_with_article(card, edition)
    }

    /// French's fixed texts are data, `lang/fr.txt`, fetched in the
    /// browser (see `fixed.rs`).
    fn key(&self, key: Key) -> &'static str {
        fixed::text(Lang::Fr, key)
    }

    fn card_name(&self, card: Card, edition: Edition) -> String {
        match card {
            Card::Number(n) => n.to_string(),
            Card::MinusTen => "\u{2212}10".to_string(),
            Card::Reverse => "Inverser".to_string(),
            Card::PlayTwo => match edition {
                Edition::Modern => "Jouer 2".to_string(),
                Edition::Classic => "Double jeu".to_string(),
            },
            Card::Hold => "Passe".to_string(),
            Card::NinetyNine => match edition {
                Edition::Modern => "ONO 99".to_string(),
                Edition::Classic => "99".to_string(),
            },
        }
    }

    fn bot_level(&self, l: Level) -> String {
        let level = match l {
            Level::Random => "au hasard",
            Level::Easy => "facile",
            Level::Medium => "moyen",
            Level::Hard => "difficile",
        };
        format!("Robot {level}")
    }

    fn seat_label(&self, name: &str, l: Level) -> String {
        format!("{name}, {}", self.bot_level(l).to_ascii_lowercase())
    }

    fn winners_line(&self, winners: &[Who]) -> String {
        match winners {
            [] => "La partie est terminée.".to_string(),
            [Who::You] => "Vous gagnez la partie\u{202f}!".to_string(),
            [Who::Named(n)] => format!("{n} gagne la partie\u{202f}!"),
            many => format!("Victoire partagée entre {}\u{202f}!", name_list(many)),
        }
    }

    fn your_place(&self, place: usize, of: usize) -> String {
        let rank = if place == 1 {
            "1re".to_string()
        } else {
            format!("{place}e")
        };
        format!("Vous terminez à la {rank} place sur {of}.")
    }

    fn colon(&self) -> &'static str {
        "\u{202f}: "
    }

    fn and_word(&self) -> &'static str {
        "et"
    }

    fn tip_words(&self) -> &'static TipWords {
        &TipWords {
            number: "le {card}",
            other: "la carte {card}",
            play: "Jouez {card}",
            only_m: "Seul {card} peut être joué",
            only_f: "Seule {card} peut être jouée",
            discard: "Défaussez vos quatre {card}",
            sep: "\u{202f}: ",
            up: "le total passe à {t}",
            same: "le total reste à {t}",
            down: "le total redescend à {t}",
            certain: " et {name} ne pourra pas suivre",
            likely: " et {name} n’aura sans doute rien à jouer ({p}\u{202f}%)",
            may: " et {name} risque de n’avoir rien à jouer ({p}\u{202f}%)",
            twice: " et {name} devra jouer deux fois",
            second: " et il vous reste une carte pour votre deuxième coup",
        }
    }
}

impl ReplayTexts for Fr {
    fn review_summary(&self, decisions: usize, counts: [usize; 4]) -> String {
        // French puts 0 and 1 in the singular: "0 décision", "1 erreur".
        let words = [
            ("meilleur coup", "meilleurs coups"),
            ("bon coup", "bons coups"),
            ("imprécision", "imprécisions"),
            ("erreur", "erreurs"),
        ];
        let head = if decisions <= 1 {
            format!("{decisions} décision")
        } else {
            format!("{decisions} décisions")
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
        let why = match verdict {
            V::Verified => {
                return match friends {
                    0 => "Donne vérifiée\u{202f}: distribuée à partir du seul secret scellé de l’hôte".into(),
                    1 => "Donne vérifiée\u{202f}: distribuée à partir du secret scellé de l’hôte et de la contribution d’un ami".into(),
                    n => format!("Donne vérifiée\u{202f}: distribuée à partir du secret scellé de l’hôte et des contributions de {n} amis"),
                }
            }
            V::SecretDoesNotMatch => {
                "le secret de l’hôte ne correspond pas au sceau envoyé avant la donne".into()
            }
            V::LeftOut(_) => match name {
                Some(n) => format!("la contribution de {n} manque dans la donne"),
                None => "la contribution d’un ami manque dans la donne".into(),
            },
            V::SeedDoesNotMatch => {
                "la partie n’a pas été distribuée avec la graine que donnent le secret et les contributions".into()
            }
            V::CardDiffers { hand, seat, expected, shown } => {
                let card = match (seat, name) {
                    (Some(_), Some(n)) => format!("la carte de {n}"),
                    _ => "une carte".into(),
                };
                format!(
                    "manche {hand}, {card} était {}, mais la graine donne {}",
                    self.card_name(*shown, edition),
                    self.card_name(*expected, edition)
                )
            }
            V::DoesNotReplay => "les coups ne se rejouent pas à partir de la graine".into(),
            V::LogDiffers { index } => format!(
                "la table a montré autre chose que ce que donne la graine (événement {})",
                index + 1
            ),
        };
        format!("Donne non vérifiée{}{why}", self.colon())
    }

    fn review_reason(&self, reason: &Reason, edition: Edition) -> String {
        // "carte" and "défausse" are both feminine: "elle" fits either.
        let name = |a: Action, yours: bool| {
            let det = if yours { "votre" } else { "la" };
            match a {
                Action::Play(c) => format!("{det} carte {}", self.card_name(c, edition)),
                Action::DiscardFourOno => format!(
                    "{det} défausse des quatre {}",
                    self.card_name(Card::NinetyNine, edition)
                ),
            }
        };
        let made = |total: i32, before: i32| {
            if total == before {
                format!("laissé le total à {}", number(total))
            } else {
                format!("porté le total à {}", number(total))
            }
        };
        let games = |n: u32| {
            if n == 1 {
                "1 partie de plus sur 100".to_string()
            } else {
                format!("{n} parties de plus sur 100")
            }
        };
        match *reason {
            Reason::AllAlike { win } => format!(
                "Toutes les options gagnaient à peu près aussi souvent ici (environ {win}\u{202f}%)\u{202f}: aucun choix n’était mauvais."
            ),
            Reason::Best { played, before, total, stuck, next_is_me, ahead } => {
                let mut s = capital(&format!("{} a {}", name(played, true), made(total, before)));
                if let Some(p) = stuck.filter(|&p| p >= 5 && !next_is_me) {
                    s += &format!(" et laissé le joueur suivant bloqué dans {p}\u{202f}% des cas");
                }
                if ahead >= 1 {
                    s + &format!(". Elle a gagné {} que la meilleure autre option.", games(ahead))
                } else {
                    s + ". Aucune autre option ne gagnait plus souvent."
                }
            }
            Reason::Better { played, before, better, better_total, your_total, gain, edge } => {
                let first = match edge {
                    Edge::Pressure { better: b, yours: y } => format!(
                        "{} aurait {} et laissé le joueur suivant bloqué dans {b}\u{202f}% des cas, contre {y}\u{202f}% après {} ({}).",
                        name(better, false), made(better_total, before), name(played, true), number(your_total)
                    ),
                    Edge::OwnRisk { yours } => format!(
                        "{} a {}, mais vous exposait à un blocage à votre deuxième coup dans {yours}\u{202f}% des cas\u{202f}; {} ({}) était plus sûre.",
                        name(played, true), made(your_total, before), name(better, false), number(better_total)
                    ),
                    Edge::Room => format!(
                        "{} aurait {} au lieu de {}, en laissant plus de marge pour la suite.",
                        name(better, false), made(better_total, before), number(your_total)
                    ),
                    Edge::LongRun => format!(
                        "{} ({}) s’en sortait mieux sur le reste de la partie que {} ({}).",
                        name(better, false), number(better_total), name(played, true), number(your_total)
                    ),
                };
                format!("{} Elle gagne {}.", capital(&first), games(gain))
            }
        }
    }
}
