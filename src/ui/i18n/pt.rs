//! Portuguese texts (Brazilian usage, as in the rulebook: "Inverter",
//! "Jogar 2", "pilha de compras"); the sentences are our own.

use super::callout::{Callout, Who};
use super::keys::Key;
use super::number;
use super::translation::Translation;
use crate::bots::Level;
use crate::rules::{
    Card, Direction, Edition, Format, LoseAt, Negatives, NinetyNine, OptionError, PointsEnd,
    RuleError, SetupError, TurnStep,
};

pub struct Pt;

impl Translation for Pt {
    fn key(&self, key: Key) -> &'static str {
        match key {
            Key::AppTitle => "ONO 99",
            Key::Tagline => "Mantenha o total abaixo de 99… ou você está fora.",
            Key::NewGameHeading => "Novo jogo",
            Key::PlayersHeading => "Jogadores",
            Key::PlayerCount => "Número de jogadores",
            Key::YourName => "Seu nome",
            Key::You => "Você",
            Key::BotName => "Nome",
            Key::BotLevel => "Nível",
            Key::EditionHeading => "Edição",
            Key::EditionModern => "Moderna (2022)",
            Key::EditionModernHelp => "112 cartas com Jogar 2, Inverter, −10 e cartas ONO 99; uma só rodada, vence quem sobrar.",
            Key::EditionClassic => "Clássica (1980)",
            Key::EditionClassicHelp => "54 cartas com Passa e Jogada dupla; o total pode ficar negativo; três fichas para cada um.",
            Key::EditionResetNote => "Escolher uma edição volta as opções de regras para os valores dessa edição.",
            Key::CardRulesHeading => "Regras das cartas",
            Key::MatchHeading => "Formato da partida",
            Key::SpeedHeading => "Velocidade dos robôs",
            Key::SpeedLabel => "Com que rapidez os robôs jogam",
            Key::StartGame => "Começar o jogo",
            Key::HowToPlay => "Como jogar",
            Key::Rules => "Regras",
            Key::Back => "Voltar",
            Key::Menu => "Novo jogo",
            Key::Table => "Mesa",
            Key::YourHand => "Sua mão",
            Key::DrawPile => "Pilha de compras",
            Key::DiscardPile => "Pilha de descarte",
            Key::EmptyPile => "Vazia",
            Key::GameLog => "Histórico do jogo",
            Key::Out => "Fora",
            Key::OutOfMatch => "Saiu da partida",
            Key::Turn => "Jogando",
            Key::OwesTwo => "Deve 2 jogadas",
            Key::YourTurn => "Sua vez: escolha uma carta.",
            Key::OnlyFourOno => "Sua vez: nenhuma carta serve. Descarte suas quatro cartas ONO 99 e compre quatro novas.",
            Key::YouAreOut => "Você está fora desta rodada. Os outros continuam.",
            Key::YouLeftMatch => "Você está fora da partida. Os outros continuam.",
            Key::WaitingForBots => "Os robôs estão jogando…",
            Key::NextHand => "Próxima rodada",
            Key::PlayAgain => "Jogar de novo",
            Key::NewGame => "Novo jogo",
            Key::Standings => "Classificação",
            Key::Player => "Jogador",
            Key::Tokens => "Fichas",
            Key::Score => "Pontos",
            Key::Winner => "Vencedor",
            Key::Dismiss => "Fechar",
            Key::LaidDown => "Cartas abertas",
            Key::SpeedSlow => "Lenta",
            Key::SpeedNormal => "Normal",
            Key::SpeedFast => "Rápida",
            Key::SpeedInstant => "Instantânea",
            Key::LevelEasy => "Fácil",
            Key::LevelMedium => "Médio",
            Key::LevelHard => "Difícil",
            Key::LevelRandom => "Aleatório",
            Key::Bot => "robô",
            Key::OnOff => "Ligado",
            Key::RulesTitle => "Como jogar ONO 99",
            Key::RulesGoalHeading => "O objetivo",
            Key::RulesGoal => "Cada jogador, na sua vez, coloca uma carta numa pilha comum e diz em voz alta o novo total, que começa em 0. Quem não conseguir jogar sem levar o total a 99 ou mais está fora. O último que continuar no jogo vence.",
            Key::RulesCardsHeading => "As cartas",
            Key::RulesTurnHeading => "Sua vez",
            Key::RulesTurn1 => "Jogue uma carta da mão, diga o novo total e compre uma carta para voltar a ter quatro. O jogo compra e soma por você.",
            Key::RulesTurn2 => "Uma carta numérica soma o seu valor. Ela só pode ser jogada se o total continuar abaixo de 99.",
            Key::RulesTurn3 => "Se nenhuma das suas cartas puder ser jogada, você está fora: sua mão fica aberta na mesa e o jogo continua sem você.",
            Key::RulesTurn4 => "Quando a pilha de compras acaba, a pilha de descarte é embaralhada e vira uma nova pilha de compras. O total continua o mesmo.",
            Key::RulesPlayTwoHeading => "Jogar 2",
            Key::RulesPlayTwo1 => "Um Jogar 2 obriga o próximo jogador a jogar duas cartas seguidas, comprando depois de cada uma.",
            Key::RulesPlayTwo2 => "Com a primeira dessas duas cartas ele pode se livrar da obrigação: um Inverter a devolve no sentido contrário e outro Jogar 2 a passa adiante. Nos dois casos, a vez dele termina na hora.",
            Key::RulesPlayTwo3 => "Ninguém nunca deve mais de duas jogadas, e se quem as deve ficar sem jogada, está fora e o próximo joga normalmente.",
            Key::RulesFourOno => "Preso com quatro cartas ONO 99? Na sua vez, você pode descartar as quatro e comprar quatro novas. O total não muda.",
            Key::RulesClassicHeading => "A edição clássica (1980)",
            Key::RulesClassic1 => "O baralho antigo tem 54 cartas: do 2 ao 9 três vezes cada, dez 10, quatro −10, seis Inverter, duas Jogadas duplas, quatro Passa e quatro cartas 99. Não há 0 nem 1.",
            Key::RulesClassic2 => "O total pode ficar abaixo de zero, então o −10 sempre pode ser jogado. Um Passa não soma nada e apenas passa a vez.",
            Key::RulesClassic3 => "A Jogada dupla é o Jogar 2 clássico. Quem deve duas jogadas pode passá-la com um Inverter ou um Passa, mas não pode responder com outra Jogada dupla.",
            Key::RulesClassic4 => "O jogo clássico costuma ser jogado com fichas: cada um começa com três, o primeiro a sair numa rodada perde uma, e quem sai sem nenhuma ficha deixa a partida.",
            Key::RulesOptionsHeading => "Opções de regras deste jogo",
            Key::RulesFormatsHeading => "Formatos de partida",
            Key::RulesElimination => "Eliminação: uma só rodada, jogada até sobrar um único jogador, que é o vencedor.",
            Key::RulesTokens => "Fichas: a rodada termina assim que um jogador sai. Ele perde uma ficha (ou deixa a partida, se não tinha mais nenhuma) e começa a rodada seguinte. Vence o último que continuar na partida.",
            Key::RulesPoints => "Pontos: cada rodada é jogada até o fim; depois cada um soma as cartas que sobraram na mão (números pelo valor, cartas 99 valem 20, as outras especiais 15; quem saiu conta as cartas que abriu na mesa) e cada jogador que saiu soma mais 25. Quem chega ao limite é eliminado, ou a partida termina e vence a menor pontuação.",
            Key::RulesKeyboardHeading => "Jogar pelo teclado",
            Key::RulesKeyboard => "Use Tab para ir de uma carta ou botão a outro (as setas para a esquerda e a direita também percorrem suas cartas) e Enter ou Espaço para jogar a carta em foco. Cartas que não podem ser jogadas explicam o motivo quando recebem o foco. Cada jogada é anunciada aos leitores de tela.",
            Key::AboutHeading => "Sobre",
            Key::About1 => "Esta é uma versão não oficial feita por fãs, por diversão. Não tem vínculo com a Mattel nem é endossada ou patrocinada por ela.",
            Key::About2 => "ONO 99 é uma marca registrada da Mattel, Inc.",
            Key::CardsLeftSuffix => "cartas restantes",
            Key::ErrorPrefix => "Não permitido:",
            Key::SetupErrorPrefix => "Não é possível começar este jogo:",
            Key::Yes => "Sim",
            Key::LeaveHeading => "Sair deste jogo?",
            Key::LeaveText => "O jogo em andamento será perdido.",
            Key::LeaveGame => "Sair do jogo",
            Key::KeepPlaying => "Continuar jogando",
            Key::TotalWord => "Total",
            Key::Status => "Situação",
            Key::Place => "Posição",
            Key::No => "Não",
            Key::SaveNoticeHeading => "O jogo salvo não foi restaurado",
            Key::SaveNoticeBroken => "Não foi possível ler seu jogo salvo, então ele foi guardado à parte. Prepare um novo jogo abaixo.",
            Key::SaveNoticeOld => "Seu jogo salvo é de uma versão antiga do ONO 99 e não pode ser retomado. Prepare um novo jogo abaixo.",
            Key::Statistics => "Estatísticas",
            Key::StatsTitle => "Suas estatísticas",
            Key::StatsEmpty => "Nenhum jogo terminado ainda. Jogue contra os robôs para começar seu histórico.",
            Key::StatsOverall => "No geral",
            Key::StatsPlayed => "Jogados",
            Key::StatsWon => "Vencidos",
            Key::StatsWinRate => "Taxa de vitórias",
            Key::StatsBestStreak => "Melhor sequência de vitórias",
            Key::StatsCurrentStreak => "Sequência atual",
            Key::StatsAveragePlace => "Posição média no final",
            Key::StatsByEdition => "Por edição",
            Key::StatsByLevel => "Por nível dos adversários",
            Key::StatsLevelMixed => "Níveis variados",
            Key::StatsLevelPeople => "Com outras pessoas",
            Key::StatsReset => "Zerar estatísticas",
            Key::StatsResetHeading => "Zerar as estatísticas?",
            Key::StatsResetText => "Todos os jogos contados até agora serão esquecidos. Isso não pode ser desfeito.",
            Key::StatsResetConfirm => "Zerar",
            Key::Cancel => "Cancelar",
            Key::Person => "Pessoa",
            Key::PlayerNumbered => "Jogador",
            Key::SeatPlayedBy => "jogado por",
            Key::PassHeading => "Passe para {name}",
            Key::PassText => "Entregue o aparelho para {name}. As cartas ficam escondidas até a pessoa estar pronta.",
            Key::PassReady => "Sou {name}: mostrar minhas cartas",
            Key::OfflineReady => "Pronto para jogar offline.",
            Key::SettingsLabel => "Configurações",
            Key::LanguageLabel => "Idioma",
            Key::SoundLabel => "Som",
            Key::ReduceMotionLabel => "Reduzir animações",
            Key::HintsLabel => "Dicas",
            Key::HintSafe => "Pode jogar",
        }
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

    fn play_card(&self, card: Card, edition: Edition) -> String {
        format!("Jogar carta {}", self.card_name(card, edition))
    }

    fn discard_four(&self, edition: Edition) -> String {
        format!(
            "Descartar quatro {}",
            self.card_name(Card::NinetyNine, edition)
        )
    }

    fn total_label(&self, total: i32) -> String {
        format!("Total {}", number(total))
    }

    fn card_effect(&self, card: Card, edition: Edition) -> &'static str {
        match (card, edition) {
            (Card::Number(_), _) => "Soma o seu valor ao total.",
            (Card::MinusTen, Edition::Modern) => {
                "Tira 10 do total, mas nunca abaixo de 0 (a não ser que as opções digam outra coisa)."
            }
            (Card::MinusTen, Edition::Classic) => "Tira 10 do total; ele pode ficar negativo.",
            (Card::Reverse, _) => "Não soma nada e inverte o sentido do jogo.",
            (Card::PlayTwo, Edition::Modern) => {
                "Não soma nada; o próximo jogador deve jogar duas cartas."
            }
            (Card::PlayTwo, Edition::Classic) => {
                "Não soma nada; o próximo jogador deve jogar duas cartas, e a primeira não pode ser outra igual."
            }
            (Card::Hold, _) => "Não soma nada; a vez simplesmente passa.",
            (Card::NinetyNine, _) => {
                "Não pode ser jogada pelas regras normais: só atrapalha sua mão."
            }
        }
    }

    fn reason(&self, err: &RuleError, edition: Edition, to_act_name: &str) -> String {
        match err {
            RuleError::MatchOver => "o jogo acabou".to_string(),
            RuleError::NotYourTurn { .. } => format!("é a vez de {to_act_name}"),
            RuleError::CardNotInHand { .. } => "essa carta não está na sua mão".to_string(),
            RuleError::TotalTooHigh {
                lose_at: LoseAt::Reach99,
                ..
            } => "chegaria a 99".to_string(),
            RuleError::TotalTooHigh {
                lose_at: LoseAt::Exceed99,
                ..
            } => "passaria de 99".to_string(),
            RuleError::BelowZero { .. } => "o total não pode ficar abaixo de 0".to_string(),
            RuleError::NinetyNineDead => format!(
                "cartas {} não podem ser jogadas",
                self.card_name(Card::NinetyNine, edition)
            ),
            RuleError::NinetyNineNotOnTen { .. } => {
                "uma carta 99 precisa de um total múltiplo de dez".to_string()
            }
            RuleError::NinetyNineOncePerTurn => "só se pode jogar uma carta 99 por vez".to_string(),
            RuleError::CannotOpenWithDoublePlay => {
                "não dá para responder a uma Jogada dupla com outra Jogada dupla".to_string()
            }
            RuleError::FourOnoDiscardOff => {
                "o descarte das quatro cartas está desligado nestas regras".to_string()
            }
            RuleError::NotFourOno => "você precisa de quatro cartas 99 e mais nada".to_string(),
        }
    }

    fn setup_error(&self, err: &SetupError) -> String {
        match err {
            SetupError::SeatCount(n) => format!("uma partida precisa de 2 a 8 jogadores, não {n}."),
            SetupError::Option(OptionError::BadValue { name, value, .. }) => {
                format!("“{}” não pode ser {value}.", self.option_label(name))
            }
            _ => "estas regras não podem ser jogadas.".to_string(),
        }
    }

    fn turn_prompt(&self, step: TurnStep, edition: Edition) -> String {
        match (step, edition) {
            (TurnStep::Single, _) => self.key(Key::YourTurn).to_string(),
            (TurnStep::FirstOfTwo, Edition::Modern) => {
                "Jogar 2: você deve jogar duas cartas. Passe adiante com um Inverter ou um Jogar 2, ou jogue sua primeira carta."
                    .to_string()
            }
            (TurnStep::FirstOfTwo, Edition::Classic) => {
                "Jogada dupla: você deve jogar duas cartas. Passe adiante com um Inverter ou um Passa, ou jogue sua primeira carta."
                    .to_string()
            }
            (TurnStep::SecondOfTwo, _) => "Agora jogue sua segunda carta.".to_string(),
        }
    }

    fn waiting_for(&self, name: &str) -> String {
        format!("Vez de {name}…")
    }

    fn direction(&self, d: Direction) -> &'static str {
        match d {
            Direction::Clockwise => "Sentido horário",
            Direction::Counterclockwise => "Sentido anti-horário",
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

    fn cards_count(&self, n: usize) -> String {
        match n {
            1 => "1 carta".to_string(),
            n => format!("{n} cartas"),
        }
    }

    fn tokens_count(&self, n: u8) -> String {
        match n {
            1 => "1 ficha".to_string(),
            n => format!("{n} fichas"),
        }
    }

    fn points_count(&self, n: u32) -> String {
        match n {
            1 => "1 ponto".to_string(),
            n => format!("{n} pontos"),
        }
    }

    fn seat_label(&self, name: &str, l: Level) -> String {
        format!("{name}, {}", self.bot_level(l).to_ascii_lowercase())
    }

    fn player_count(&self, n: usize) -> String {
        format!("{n} jogadores")
    }

    fn bot_heading(&self, index: usize) -> String {
        format!("Robô {index}")
    }

    fn option_label(&self, name: &str) -> &'static str {
        match name {
            "negatives" => "−10 perto de zero",
            "ninety_nine" => "Cartas 99",
            "lose_at" => "Limite",
            "four_ono_discard" => "Descarte de quatro ONO",
            "format" => "Formato",
            "tokens" => "Fichas por jogador",
            "points_limit" => "Limite de pontos",
            "points_end" => "Quando alguém chega ao limite",
            _ => "",
        }
    }

    fn option_help(&self, name: &str) -> &'static str {
        match name {
            "negatives" => "O que um −10 pode fazer quando o total está abaixo de 10.",
            "ninety_nine" => "Se as cartas 99 podem ser jogadas e o que fazem.",
            "lose_at" => "Quais totais são altos demais para jogar.",
            "four_ono_discard" => "Quem tiver quatro cartas ONO 99 pode descartar todas e comprar outras quatro.",
            "format" => "Como as rodadas formam uma partida.",
            "tokens" => "Vidas com que cada jogador começa no formato de fichas (de 1 a 9).",
            "points_limit" => "A pontuação que encerra a partida de um jogador no formato de pontos.",
            "points_end" => "No formato de pontos: eliminar esse jogador, ou encerrar a partida e a menor pontuação vence.",
            _ => "",
        }
    }

    fn negatives(&self, v: Negatives) -> &'static str {
        match v {
            Negatives::Forbid => "Proibido abaixo de 10",
            Negatives::Allow => "Permitido, o total pode ficar negativo",
            Negatives::Floor => "Permitido, o total para em 0",
        }
    }

    fn ninety_nine(&self, v: NinetyNine) -> &'static str {
        match v {
            NinetyNine::Dead => "Nunca podem ser jogadas",
            NinetyNine::DeadButTens => "Valem como Passa em múltiplos de dez",
            NinetyNine::Sets99 => "Levam o total a 99",
        }
    }

    fn lose_at(&self, v: LoseAt) -> &'static str {
        match v {
            LoseAt::Reach99 => "Chegar a 99 ou mais",
            LoseAt::Exceed99 => "Passar de 99",
        }
    }

    fn format_name(&self, v: Format) -> &'static str {
        match v {
            Format::Elimination => "Eliminação (uma rodada)",
            Format::Tokens => "Fichas (vidas)",
            Format::Points => "Pontos",
        }
    }

    fn points_end(&self, v: PointsEnd) -> &'static str {
        match v {
            PointsEnd::Knockout => "Esse jogador é eliminado",
            PointsEnd::Lowest => "A partida termina, vence a menor pontuação",
        }
    }

    fn callout(&self, callout: &Callout, edition: Edition) -> String {
        let card = |c: Card| self.card_name(c, edition);
        match callout {
            Callout::HandDealt { hand, first: who } => match who {
                Who::You => format!("Rodada {hand} distribuída. Você começa."),
                Who::Named(n) => format!("Rodada {hand} distribuída. {n} começa."),
            },
            Callout::Played {
                who,
                card: c,
                total,
            } => match who {
                Who::You => format!("Você joga {} — total {}", card(*c), number(*total)),
                Who::Named(n) => format!("{n} joga {} — total {}", card(*c), number(*total)),
            },
            Callout::DiscardedFour { who, total } => {
                let four = card(Card::NinetyNine);
                match who {
                    Who::You => format!("Você descarta quatro {four} — total {}", number(*total)),
                    Who::Named(n) => {
                        format!("{n} descarta quatro {four} — total {}", number(*total))
                    }
                }
            }
            Callout::YouDrew { card: c } => format!("Você compra {}", card(*c)),
            Callout::Reshuffled => {
                "A pilha de descarte é embaralhada e vira uma nova pilha de compras.".to_string()
            }
            Callout::DirectionChanged { direction } => {
                format!(
                    "Sentido: {}",
                    self.direction(*direction).to_ascii_lowercase()
                )
            }
            Callout::OwesTwo { who } => {
                let p2 = card(Card::PlayTwo);
                match who {
                    Who::You => format!("{p2}: você deve jogar duas cartas"),
                    Who::Named(n) => format!("{p2}: {n} deve jogar duas cartas"),
                }
            }
            Callout::Out { who } => match who {
                Who::You => "Você está fora".to_string(),
                Who::Named(n) => format!("{n} está fora"),
            },
            Callout::HandLost { hand, who } => match who {
                Who::You => format!("Fim da rodada {hand}: você perde uma ficha."),
                Who::Named(n) => format!("Fim da rodada {hand}: {n} perde uma ficha."),
            },
            Callout::HandLastIn { hand, who } => match who {
                Who::You => format!("Fim da rodada {hand}: você é o último no jogo."),
                Who::Named(n) => format!("Fim da rodada {hand}: {n} é o último no jogo."),
            },
            Callout::HandOver { hand } => format!("Fim da rodada {hand}."),
            Callout::LeftMatch { who } => match who {
                Who::You => "Você deixa a partida.".to_string(),
                Who::Named(n) => format!("{n} deixa a partida."),
            },
            Callout::MatchOver { winners } => self.winners_line(winners),
        }
    }

    fn winners_line(&self, winners: &[Who]) -> String {
        let subject = |w: &Who| match w {
            Who::You => self.key(Key::You).to_string(),
            Who::Named(n) => n.clone(),
        };
        match winners {
            [] => "A partida acabou.".to_string(),
            [Who::You] => "Você venceu a partida!".to_string(),
            [w] => format!("{} venceu a partida!", subject(w)),
            many => {
                let names: Vec<String> = many.iter().map(subject).collect();
                format!("{} dividem a vitória!", names.join(" e "))
            }
        }
    }

    fn hand_over_heading(&self, hand: u32) -> String {
        format!("Fim da rodada {hand}")
    }

    fn hand_number(&self, hand: u32) -> String {
        format!("Rodada {hand}")
    }

    fn went_out_line(&self, who: &Who) -> String {
        match who {
            Who::You => "Você saiu e perde uma ficha.".to_string(),
            Who::Named(n) => format!("{n} saiu e perde uma ficha."),
        }
    }

    fn last_in_line(&self, who: &Who) -> String {
        match who {
            Who::You => "Você foi o último no jogo.".to_string(),
            Who::Named(n) => format!("{n} foi o último no jogo."),
        }
    }

    fn leaves_line(&self, who: &Who) -> String {
        match who {
            Who::You => "Você deixa a partida.".to_string(),
            Who::Named(n) => format!("{n} deixa a partida."),
        }
    }

    fn next_stuck(&self, percent: u32, next_is_me: bool) -> String {
        if next_is_me {
            format!("Sem jogada na sua segunda carta: {percent}%")
        } else {
            format!("Próximo sem jogada: {percent}%")
        }
    }
}
