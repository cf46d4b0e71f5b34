//! Portuguese texts (Brazilian usage, as in the rulebook: "Inverter",
//! "Jogar 2", "pilha de compras"); the sentences are our own.

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

pub struct Pt;

impl Pt {
    /// A card as a call-out names it, with its article: "um 7",
    /// "um Inverter", "uma Jogada dupla", "uma carta ONO 99".
    fn card_with_article(&self, card: Card, edition: Edition) -> String {
        let name = self.card_name(card, edition);
        match (card, edition) {
            (Card::PlayTwo, Edition::Classic) => format!("uma {name}"),
            (Card::NinetyNine, _) => format!("uma carta {name}"),
            _ => format!("um {name}"),
        }
    }
}

/// Names joined as a list, "você" last: "Ana, Ben e você".
fn name_list(who: &[Who]) -> String {
    let mut names: Vec<String> = who
        .iter()
        .filter_map(|w| match w {
            Who::Named(n) => Some(n.clone()),
            Who::You => None,
        })
        .collect();
    if who.iter().any(Who::is_you) {
        names.push("você".to_string());
    }
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} e {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

impl Translation for Pt {
    fn card_in_sentence(&self, card: Card, edition: Edition) -> String {
        self.card_with_article(card, edition)
    }

    /// Portuguese's fixed texts are data, `lang/pt.txt`, fetched in the
    /// browser (see `fixed.rs`).
    fn key(&self, key: Key) -> &'static str {
        fixed::text(Lang::Pt, key)
    }

    fn card_name(&self, card: Card, edition: Edition) -> String {
        match card {
            Card::Number(n) => n.to_string(),
            Card::MinusTen => "\u{2212}10".to_string(),
            Card::Reverse => "Inverter".to_string(),
            Card::PlayTwo => match edition {
                Edition::Modern => "Jogar 2".to_string(),
                Edition::Classic => "Jogada dupla".to_string(),
            },
            Card::Hold => "Passa".to_string(),
            Card::NinetyNine => match edition {
                Edition::Modern => "ONO 99".to_string(),
                Edition::Classic => "99".to_string(),
            },
        }
    }

    fn bot_level(&self, l: Level) -> String {
        let level = match l {
            Level::Random => "aleatório",
            Level::Easy => "fácil",
            Level::Medium => "médio",
            Level::Hard => "difícil",
        };
        format!("Robô {level}")
    }

    fn seat_label(&self, name: &str, l: Level) -> String {
        format!("{name}, {}", self.bot_level(l).to_ascii_lowercase())
    }

    fn winners_line(&self, winners: &[Who]) -> String {
        match winners {
            [] => "A partida acabou.".to_string(),
            [Who::You] => "Você venceu a partida!".to_string(),
            [Who::Named(n)] => format!("{n} venceu a partida!"),
            many => format!("Vitória dividida entre {}!", name_list(many)),
        }
    }

    fn your_place(&self, place: usize, of: usize) -> String {
        format!("Você terminou em {place}º lugar entre {of} jogadores.")
    }

    fn and_word(&self) -> &'static str {
        "e"
    }

    fn tip_words(&self) -> &'static TipWords {
        &TipWords {
            number: "o {card}",
            other: "a carta {card}",
            play: "Jogue {card}",
            only_m: "Você só pode jogar {card}",
            only_f: "Você só pode jogar {card}",
            discard: "Descarte seus quatro {card}",
            sep: ": ",
            up: "o total vai para {t}",
            same: "o total fica em {t}",
            down: "o total cai para {t}",
            certain: " e {name} não vai ter jogada",
            likely: " e {name} provavelmente fica sem jogada ({p}%)",
            may: " e {name} pode ficar sem jogada ({p}%)",
            twice: " e {name} vai ter que jogar duas vezes",
            second: " e você ainda tem uma carta para a segunda jogada",
        }
    }
}

impl ReplayTexts for Pt {
    fn review_summary(&self, decisions: usize, counts: [usize; 4]) -> String {
        // Each count agrees with "decisão" (feminine): "2 boas".
        let words = [
            ("melhor", "melhores"),
            ("boa", "boas"),
            ("imprecisão", "imprecisões"),
            ("erro", "erros"),
        ];
        let head = if decisions == 1 {
            "1 decisão".to_string()
        } else {
            format!("{decisions} decisões")
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
                    0 => "Distribuição verificada: feita só com o segredo selado do anfitrião".into(),
                    1 => "Distribuição verificada: feita com o segredo selado do anfitrião e a contribuição de 1 amigo".into(),
                    n => format!("Distribuição verificada: feita com o segredo selado do anfitrião e as contribuições de {n} amigos"),
                }
            }
            V::SecretDoesNotMatch => {
                "o segredo do anfitrião não corresponde ao selo que ele enviou antes da distribuição".into()
            }
            V::LeftOut(_) => format!(
                "a contribuição de {} não está na distribuição",
                name.unwrap_or("um amigo")
            ),
            V::SeedDoesNotMatch => {
                "a partida não foi distribuída com a semente que o segredo e as contribuições dão".into()
            }
            V::CardDiffers { hand, seat, expected, shown } => {
                let card = match (seat, name) {
                    (Some(_), Some(n)) => format!("a carta de {n}"),
                    _ => "uma carta".into(),
                };
                format!(
                    "na rodada {hand}, {card} apareceu como {}, mas a semente dá {}",
                    self.card_name(*shown, edition),
                    self.card_name(*expected, edition)
                )
            }
            V::DoesNotReplay => "as jogadas não se repetem a partir da semente".into(),
            V::LogDiffers { index } => format!(
                "a mesa mostrou algo diferente do que a semente dá (evento {})",
                index + 1
            ),
        };
        format!("Distribuição não verificada{}{why}", self.colon())
    }

    fn review_reason(&self, reason: &Reason, edition: Edition) -> String {
        let name = |a: Action, yours: bool| match (a, yours) {
            (Action::Play(c), true) => format!("sua carta {}", self.card_name(c, edition)),
            (Action::Play(c), false) => format!("a carta {}", self.card_name(c, edition)),
            (Action::DiscardFourOno, true) => format!(
                "seu descarte de quatro {}",
                self.card_name(Card::NinetyNine, edition)
            ),
            (Action::DiscardFourOno, false) => format!(
                "descartar os quatro {}",
                self.card_name(Card::NinetyNine, edition)
            ),
        };
        // The participle after "teria", or the simple past.
        let made = |total: i32, before: i32, past: bool| match (total == before, past) {
            (true, true) => format!("deixou o total em {}", number(total)),
            (true, false) => format!("deixado o total em {}", number(total)),
            (false, true) => format!("levou o total a {}", number(total)),
            (false, false) => format!("levado o total a {}", number(total)),
        };
        let games = |n: u32| {
            if n == 1 {
                "1 partida a mais em cada 100".to_string()
            } else {
                format!("{n} partidas a mais em cada 100")
            }
        };
        match *reason {
            Reason::AllAlike { win } => format!(
                "Aqui todas as opções venciam mais ou menos com a mesma frequência (cerca de {win}%): nenhuma escolha era errada."
            ),
            Reason::Best { played, before, total, stuck, next_is_me, ahead } => {
                let mut s = capital(&format!("{} {}", name(played, true), made(total, before, true)));
                if let Some(p) = stuck.filter(|&p| p >= 5 && !next_is_me) {
                    s += &format!(" e deixou o próximo jogador sem jogada em {p}% das vezes");
                }
                if ahead >= 1 {
                    s + &format!(". Venceu {} do que a melhor outra opção.", games(ahead))
                } else {
                    s + ". Nenhuma outra opção vencia com mais frequência."
                }
            }
            Reason::Better { played, before, better, better_total, your_total, gain, edge } => {
                let first = match edge {
                    Edge::Pressure { better: b, yours: y } => format!(
                        "{} teria {} e deixado o próximo jogador sem jogada em {b}% das vezes, contra {y}% depois de {} ({}).",
                        name(better, false), made(better_total, before, false), name(played, true), number(your_total)
                    ),
                    Edge::OwnRisk { yours } => format!(
                        "{} {}, mas deixava você sem jogada na sua segunda carta em {yours}% das vezes; {} ({}) era mais segura.",
                        name(played, true), made(your_total, before, true), name(better, false), number(better_total)
                    ),
                    Edge::Room => format!(
                        "{} teria {} em vez de {}, com mais margem para as próximas jogadas.",
                        name(better, false), made(better_total, before, false), number(your_total)
                    ),
                    Edge::LongRun => format!(
                        "{} ({}) se saía melhor no resto da partida do que {} ({}).",
                        name(better, false), number(better_total), name(played, true), number(your_total)
                    ),
                };
                format!("{} Vence {}.", capital(&first), games(gain))
            }
        }
    }
}
