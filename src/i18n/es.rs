//! Spanish texts. Card names follow the Spanish rulebook ("Reversa",
//! "Juega 2"); the sentences are our own.

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

pub struct Es;

impl Es {
    /// A card as a call-out names it, with its article: "un 7",
    /// "una Reversa", "un Juega 2", "una carta ONO 99".
    fn card_with_article(&self, card: Card, edition: Edition) -> String {
        let name = self.card_name(card, edition);
        match (card, edition) {
            (Card::Reverse, _) | (Card::PlayTwo, Edition::Classic) => format!("una {name}"),
            (Card::NinetyNine, _) => format!("una carta {name}"),
            _ => format!("un {name}"),
        }
    }
}

/// Names joined as a list, "tú" last: "Ana, Ben y tú" ("e" before an
/// /i/ sound: "Ana e Inés").
fn name_list(who: &[Who]) -> String {
    let mut names: Vec<String> = who
        .iter()
        .filter_map(|w| match w {
            Who::Named(n) => Some(n.clone()),
            Who::You => None,
        })
        .collect();
    if who.iter().any(Who::is_you) {
        names.push("tú".to_string());
    }
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            let lower = last.to_lowercase();
            let i_sound = lower.starts_with(['i', 'í'])
                || (lower.starts_with("hi") && !lower[2..].starts_with(['a', 'e', 'o', 'u']));
            let and = if i_sound { "e" } else { "y" };
            format!("{} {and} {last}", rest.join(", "))
        }
        _ => names.concat(),
    }
}

impl Translation for Es {
    fn card_in_sentence(&self, card: Card, edition: Edition) -> String {
        self.card_with_article(card, edition)
    }

    /// Spanish's fixed texts are data, `lang/es.txt`, fetched in the
    /// browser (see `fixed.rs`).
    fn key(&self, key: Key) -> &'static str {
        fixed::text(Lang::Es, key)
    }

    fn card_name(&self, card: Card, edition: Edition) -> String {
        match card {
            Card::Number(n) => n.to_string(),
            Card::MinusTen => "\u{2212}10".to_string(),
            Card::Reverse => "Reversa".to_string(),
            Card::PlayTwo => match edition {
                Edition::Modern => "Juega 2".to_string(),
                Edition::Classic => "Doble jugada".to_string(),
            },
            Card::Hold => "Pasa".to_string(),
            Card::NinetyNine => match edition {
                Edition::Modern => "ONO 99".to_string(),
                Edition::Classic => "99".to_string(),
            },
        }
    }

    fn bot_level(&self, l: Level) -> String {
        let level = match l {
            Level::Random => "al azar",
            Level::Easy => "fácil",
            Level::Medium => "medio",
            Level::Hard => "difícil",
        };
        format!("Bot {level}")
    }

    fn seat_label(&self, name: &str, l: Level) -> String {
        format!("{name}, {}", self.bot_level(l).to_ascii_lowercase())
    }

    fn winners_line(&self, winners: &[Who]) -> String {
        match winners {
            [] => "La partida ha terminado.".to_string(),
            [Who::You] => "¡Ganas la partida!".to_string(),
            [Who::Named(n)] => format!("¡{n} gana la partida!"),
            many => format!("¡Victoria compartida entre {}!", name_list(many)),
        }
    }

    fn your_place(&self, place: usize, of: usize) -> String {
        format!("Quedas en el puesto {place} de {of}.")
    }

    fn and_word(&self) -> &'static str {
        "y"
    }

    fn tip_words(&self) -> &'static TipWords {
        &TipWords {
            number: "el {card}",
            other: "la carta {card}",
            play: "Juega {card}",
            only_m: "Solo puedes jugar {card}",
            only_f: "Solo puedes jugar {card}",
            discard: "Descarta tus cuatro {card}",
            sep: ": ",
            up: "el total sube a {t}",
            same: "el total se queda en {t}",
            down: "el total baja a {t}",
            certain: " y {name} no podrá seguir",
            likely: " y lo más probable es que {name} no tenga jugada ({p} %)",
            may: " y puede que {name} se quede sin jugada ({p} %)",
            twice: " y {name} tendrá que jugar dos veces",
            second: " y te queda una carta para tu segunda jugada",
        }
    }
}

impl ReplayTexts for Es {
    fn review_summary(&self, decisions: usize, counts: [usize; 4]) -> String {
        // Each count agrees with "decisión" (feminine): "2 buenas".
        let words = [
            ("mejor", "mejores"),
            ("buena", "buenas"),
            ("imprecisión", "imprecisiones"),
            ("error", "errores"),
        ];
        let head = if decisions == 1 {
            "1 decisión".to_string()
        } else {
            format!("{decisions} decisiones")
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
                    0 => "Reparto verificado: repartido solo con el secreto sellado del anfitrión".into(),
                    1 => "Reparto verificado: repartido con el secreto sellado del anfitrión y la aportación de 1 amigo".into(),
                    n => format!("Reparto verificado: repartido con el secreto sellado del anfitrión y las aportaciones de {n} amigos"),
                }
            }
            V::SecretDoesNotMatch => {
                "el secreto del anfitrión no coincide con el sello que envió antes del reparto".into()
            }
            V::LeftOut(_) => format!(
                "la aportación de {} no está en el reparto",
                name.unwrap_or("un amigo")
            ),
            V::SeedDoesNotMatch => {
                "la partida no se repartió con la semilla que dan el secreto y las aportaciones".into()
            }
            V::CardDiffers { hand, seat, expected, shown } => {
                let card = match (seat, name) {
                    (Some(_), Some(n)) => format!("la carta de {n}"),
                    _ => "una carta".into(),
                };
                format!(
                    "en la mano {hand}, {card} se mostró como {}, pero la semilla da {}",
                    self.card_name(*shown, edition),
                    self.card_name(*expected, edition)
                )
            }
            V::DoesNotReplay => "las jugadas no se reproducen desde la semilla".into(),
            V::LogDiffers { index } => format!(
                "la mesa mostró algo distinto de lo que da la semilla (suceso {})",
                index + 1
            ),
        };
        format!("Reparto no verificado{}{why}", self.colon())
    }

    fn review_reason(&self, reason: &Reason, edition: Edition) -> String {
        let name = |a: Action, yours: bool| match (a, yours) {
            (Action::Play(c), true) => format!("tu carta {}", self.card_name(c, edition)),
            (Action::Play(c), false) => format!("la carta {}", self.card_name(c, edition)),
            (Action::DiscardFourOno, true) => format!(
                "tu descarte de cuatro {}",
                self.card_name(Card::NinetyNine, edition)
            ),
            (Action::DiscardFourOno, false) => format!(
                "descartar los cuatro {}",
                self.card_name(Card::NinetyNine, edition)
            ),
        };
        // The participle after "habría", or the simple past.
        let made = |total: i32, before: i32, past: bool| match (total == before, past) {
            (true, true) => format!("dejó el total en {}", number(total)),
            (true, false) => format!("dejado el total en {}", number(total)),
            (false, true) => format!("llevó el total a {}", number(total)),
            (false, false) => format!("llevado el total a {}", number(total)),
        };
        let games = |n: u32| {
            if n == 1 {
                "1 partida más de cada 100".to_string()
            } else {
                format!("{n} partidas más de cada 100")
            }
        };
        match *reason {
            Reason::AllAlike { win } => format!(
                "Aquí todas las opciones ganaban más o menos igual (alrededor del {win} %): ninguna elección era mala."
            ),
            Reason::Best { played, before, total, stuck, next_is_me, ahead } => {
                let mut s = capital(&format!("{} {}", name(played, true), made(total, before, true)));
                if let Some(p) = stuck.filter(|&p| p >= 5 && !next_is_me) {
                    s += &format!(" y dejó sin jugada al siguiente jugador el {p} % de las veces");
                }
                if ahead >= 1 {
                    s + &format!(". Ganó {} que la mejor otra opción.", games(ahead))
                } else {
                    s + ". Ninguna otra opción ganaba más a menudo."
                }
            }
            Reason::Better { played, before, better, better_total, your_total, gain, edge } => {
                let first = match edge {
                    Edge::Pressure { better: b, yours: y } => format!(
                        "{} habría {} y dejado sin jugada al siguiente jugador el {b} % de las veces, frente al {y} % tras {} ({}).",
                        name(better, false), made(better_total, before, false), name(played, true), number(your_total)
                    ),
                    Edge::OwnRisk { yours } => format!(
                        "{} {}, pero te dejaba sin jugada en tu segunda carta el {yours} % de las veces; {} ({}) era más segura.",
                        name(played, true), made(your_total, before, true), name(better, false), number(better_total)
                    ),
                    Edge::Room => format!(
                        "{} habría {} en lugar de {}, con más margen para las jugadas siguientes.",
                        name(better, false), made(better_total, before, false), number(your_total)
                    ),
                    Edge::LongRun => format!(
                        "{} ({}) rendía mejor en el resto de la partida que {} ({}).",
                        name(better, false), number(better_total), name(played, true), number(your_total)
                    ),
                };
                format!("{} Gana {}.", capital(&first), games(gain))
            }
        }
    }
}
