//! Portuguese texts (Brazilian usage, as in the rulebook: "Inverter",
//! "Jogar 2", "pilha de compras"); the sentences are our own.

use super::capital;
use super::keys::{Key, Named, Numbered};
use super::number;
use super::translation::{TipWords, Translation};
use crate::bots::verdict::{Edge, Reason};
use crate::bots::Level;
use crate::rules::Action;
use crate::rules::{
    Card, Direction, Edition, Format, LoseAt, Negatives, NinetyNine, OptionError, PointsEnd,
    RuleError, RuleOption, SetupError, TurnStep,
};
use crate::table::{Callout, Who};

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
    fn key(&self, key: Key) -> &'static str {
        match key {
            Key::AppTitle => "ONO 99",
            Key::Tagline => "Mantenha o total abaixo de 99, senão você está fora.",
            Key::PlayersHeading => "Jogadores",
            Key::PlayerCount => "Número de jogadores",
            Key::YourName => "Seu nome",
            Key::You => "Você",
            Key::HostName => "Anfitrião",
            Key::EditionHeading => "Edição",
            Key::EditionModern => "Moderna (2022)",
            Key::EditionModernHelp => "112 cartas com Jogar 2, Inverter, −10 e cartas ONO 99; uma só rodada, vence quem sobrar.",
            Key::EditionClassic => "Clássica (1980)",
            Key::EditionClassicHelp => "54 cartas com Passa e Jogada dupla; o total pode ficar negativo; três fichas por jogador.",
            Key::EditionResetNote => "Escolher uma edição volta as opções de regras para os valores dessa edição.",
            Key::CardRulesHeading => "Regras das cartas",
            Key::MatchHeading => "Formato da partida",
            Key::SpeedHeading => "Velocidade dos robôs",
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
            Key::OutOfMatch => "Fora da partida",
            Key::Turn => "Jogando",
            Key::OwesTwo => "Deve jogar 2 vezes",
            Key::YourTurn => "Sua vez: escolha uma carta.",
            Key::OnlyFourOno => "Sua vez: nenhuma carta serve. Descarte suas quatro cartas ONO 99 e compre quatro novas.",
            Key::YouAreOut => "Você está fora desta rodada. Os outros continuam.",
            Key::YouLeftMatch => "Você está fora da partida. Os outros continuam.",
            Key::NextHand => "Próxima rodada",
            Key::PlayAgain => "Jogar de novo",
            Key::NewGame => "Novo jogo",
            Key::Standings => "Classificação",
            Key::Player => "Jogador",
            Key::Tokens => "Fichas",
            Key::Score => "Pontos",
            Key::Winner => "Vitória",
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
            Key::RulesTitle => "Como jogar ONO 99",
            Key::RulesGoalHeading => "O objetivo",
            Key::RulesGoal => "Cada jogador, na sua vez, coloca uma carta numa pilha comum e diz em voz alta o novo total, que começa em 0. Quem não conseguir jogar sem levar o total a 99 ou mais está fora. Vence quem ficar no jogo até o fim.",
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
            Key::RulesFourOno => "Só tem cartas ONO 99 na mão? Na sua vez, você pode descartar as quatro e comprar quatro novas. O total não muda.",
            Key::RulesClassicHeading => "A edição clássica (1980)",
            Key::RulesClassic1 => "O baralho antigo tem 54 cartas: do 2 ao 9 três vezes cada, dez 10, quatro −10, seis Inverter, duas Jogadas duplas, quatro Passa e quatro cartas 99. Não há 0 nem 1.",
            Key::RulesClassic2 => "O total pode ficar abaixo de zero, então o −10 sempre pode ser jogado. Um Passa não soma nada e apenas passa a vez.",
            Key::RulesClassic3 => "A Jogada dupla é o Jogar 2 clássico. Quem deve duas jogadas pode passá-la com um Inverter ou um Passa, mas não pode responder com outra Jogada dupla.",
            Key::RulesClassic4 => "O jogo clássico costuma ser jogado com fichas: cada um começa com três, o primeiro a ficar de fora numa rodada perde uma, e quem fica de fora sem nenhuma ficha deixa a partida.",
            Key::RulesOptionsHeading => "Opções de regras deste jogo",
            Key::RulesFormatsHeading => "Formatos de partida",
            Key::RulesElimination => "Eliminação: uma só rodada, jogada até sobrar um único jogador, que é o vencedor.",
            Key::RulesTokens => "Fichas: a rodada termina assim que um jogador fica de fora. Ele perde uma ficha (ou deixa a partida, se não tinha mais nenhuma) e começa a rodada seguinte. Vence quem continuar na partida até o fim.",
            Key::RulesPoints => "Pontos: cada rodada é jogada até o fim; depois cada um soma as cartas que sobraram na mão (números pelo valor, cartas 99 valem 20, as outras especiais 15; quem ficou de fora conta as cartas que abriu na mesa) e cada jogador que ficou de fora soma mais 25. Quem chega ao limite é eliminado, ou a partida termina e vence a menor pontuação.",
            Key::RulesKeyboardHeading => "Jogar pelo teclado",
            Key::RulesKeyboard => "Use Tab para ir de uma carta ou botão a outro (as setas para a esquerda e a direita também percorrem suas cartas) e Enter ou Espaço para jogar a carta em foco. Cartas que não podem ser jogadas explicam o motivo quando recebem o foco. Cada jogada é anunciada aos leitores de tela.",
            Key::AboutHeading => "Sobre",
            Key::About1 => "Esta é uma versão não oficial feita por fãs, por diversão. Não tem vínculo com a Mattel nem é endossada ou patrocinada por ela.",
            Key::About2 => "ONO 99 é uma marca registrada da Mattel, Inc.",
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
            Key::SaveNoticeBrokenKept => "Não foi possível ler seu jogo salvo. O armazenamento está cheio e ele não pôde ser separado: foi mantido como estava. Prepare um novo jogo abaixo.",
            Key::SaveNoticeNewer => "Seu jogo salvo é de uma versão mais nova do ONO 99. Ele foi mantido como está: recarregue a página para obter a versão nova e retomá-lo.",
            Key::SaveFailedFull => "Não foi possível salvar sua partida: o armazenamento está cheio. Ela continua, mas recarregar perderia as últimas jogadas.",
            Key::SaveFailedUnavailable => "Não foi possível salvar sua partida: este navegador não guarda dados da página. Recarregar a perderia.",
            Key::SaveFailedNewerKept => "Não foi possível salvar sua partida: um jogo de uma versão mais nova do ONO 99 está guardado no lugar. Recarregue a página para obter a versão nova.",
            Key::JoinButton => "Entrar",
            Key::GuestNoStunNote => "Nenhum servidor STUN definido: você só pode entrar com um anfitrião na mesma rede.",
            Key::BadViewNotice => "O anfitrião enviou uma mesa que esta página não pôde usar. Pedindo de novo…",
            Key::HostOtherVersion => "A página do anfitrião usa outra versão do jogo. Recarreguem os dois a página e voltem a convidar e entrar.",
            Key::Statistics => "Estatísticas",
            Key::StatsTitle => "Suas estatísticas",
            Key::StatsEmpty => "Nenhum jogo terminado ainda. Jogue contra os robôs para começar seu histórico.",
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
            Key::SettingsLabel => "Configurações",
            Key::LanguageLabel => "Idioma",
            Key::ReduceMotionLabel => "Reduzir animações",
            Key::HintsLabel => "Dicas",
            Key::HintMakes => "Novo total",
            // Table: pacing, results, explanations.
            Key::SeeTheTable => "Ver a mesa",
            Key::ShowTheResult => "Ver o resultado",
            Key::SkipToResult => "Pular para o resultado",
            Key::YourTurnMark => "Sua vez",
            Key::YouOweTwoMark => "Jogue 2 vezes",
            Key::NextMark => "A seguir",
            Key::WinnerMark => "Vitória",
            Key::NewCard => "Nova",
            Key::CoachPick => "Recomendada",
            Key::SinceYourTurn => "Desde a sua última jogada",
            // Header, settings, quick play.
            Key::Close => "Fechar",
            Key::VolumeLabel => "Volume",
            Key::VolumeMuted => "Mudo",
            Key::QuickPlay => "Jogo rápido",
            Key::SetUpGameHeading => "Preparar um jogo",
            Key::EditionModernShort => "Moderna",
            Key::EditionClassicShort => "Clássica",
            Key::BotsEasy => "Robôs fáceis",
            Key::BotsMedium => "Robôs de nível médio",
            Key::BotsHard => "Robôs difíceis",
            Key::BotsMixed => "Robôs de níveis variados",
            // Online tables.
            Key::OnlineFriend => "Amigo online",
            Key::OnlineTableHeading => "Convide seus amigos",
            Key::LobbyIntro => "Mande para cada amigo o link de convite dele (ou deixe que ele escaneie o código). A página dele vai mostrar um código de resposta: cole aqui e conecte. Nada passa por um servidor: os navegadores conversam diretamente entre si.",
            Key::PreparingInvite => "Preparando o link de convite…",
            Key::StatusWaiting => "Aguardando",
            Key::StatusConnected => "Conectado",
            Key::StatusDisconnected => "Desconectado",
            Key::BotPlayingBadge => "um robô joga por enquanto",
            Key::LobbyNeedsEveryone => "Você poderá começar o jogo quando cada amigo estiver conectado ou for substituído por um robô.",
            Key::InviteFailed => "Este navegador não conseguiu preparar uma conexão. Verifique as configurações de rede ou deixe um robô ocupar o lugar.",
            Key::CodeEmpty => "Cole o código primeiro.",
            Key::CodeTooLong => "Isso é longo demais para ser um código. Copie só o código.",
            Key::CodeDamaged => "Esse código está danificado: um caractere está errado ou faltando. Copie de novo, inteiro.",
            Key::CodeTruncated => "Esse código está cortado. Copie de novo, inteiro.",
            Key::CodeIsInvite => "Isso é um link de convite, não um código de resposta. O código de resposta aparece na página do seu amigo depois que ele abre o link.",
            Key::CodeIsReply => "Isso é um código de resposta, não um link de convite. Ele deve ser enviado ao anfitrião.",
            Key::CodeOtherVersion => "Esse código é de outra versão do jogo. Vocês dois devem recarregar a página.",
            Key::CodeOtherSeat => "Esse código de resposta é do convite de outro jogador.",
            Key::Copied => "Copiado",
            Key::ReplyCode => "Código de resposta",
            Key::CopyReplyCode => "Copiar código de resposta",
            Key::PreparingReply => "Preparando seu código de resposta…",
            Key::JoinHelp => "Mande este código de resposta para o anfitrião por qualquer aplicativo de mensagens. Deixe esta página aberta: você entra na mesa assim que ele fizer a conexão.",
            Key::JoinFailed => "Este navegador não conseguiu preparar uma conexão. Peça ao anfitrião um novo link de convite.",
            Key::HostLost => "A conexão com o anfitrião caiu. O jogo continua no navegador dele; peça para ele convidar você de novo.",
            Key::LeaveTable => "Sair da mesa",
            Key::Wait => "Esperar",
            Key::NetworkHeading => "Mesas online",
            Key::StunServer => "Servidor STUN",
            Key::StunHelp => "Permite que amigos em outras redes encontrem você. Deixe vazio para jogar só na mesma rede.",
            Key::TurnServer => "Servidor TURN (opcional)",
            Key::TurnUser => "Usuário TURN",
            Key::TurnCredential => "Senha TURN",
            Key::NoStunNote => "Nenhum servidor STUN definido: só amigos na mesma rede podem entrar.",
            Key::BadInviteLink => "Este link de convite está quebrado. Peça ao anfitrião para enviar de novo.",
            Key::GuestRefused => "O anfitrião não aceitou essa jogada.",
            Key::BackToStart => "Voltar ao início",
            // Replays and records.
            Key::Replay => "Rever",
            Key::ReplayHeading => "Rever a partida",
            Key::Previous => "Anterior",
            Key::NextStep => "Próxima",
            Key::Play => "Reproduzir",
            Key::Pause => "Pausar",
            Key::ReplayPosition => "Posição na partida",
            Key::DownloadRecord => "Baixar a partida",
            Key::CopyShareLink => "Copiar link para compartilhar",
            Key::OpenRecord => "Abrir um arquivo de partida",
            Key::ShareLink => "Link para compartilhar",
            Key::RecordDoesNotReplay => "Não dá para rever esta partida: as jogadas não seguem as regras da mesa dela. Nada foi alterado.",
            Key::RecordBroken => "Este arquivo não é uma partida de ONO 99 (ou está danificado). Nada foi alterado.",
            Key::RecordTooLarge => "Este arquivo é grande demais para ser uma partida de ONO 99. Nada foi alterado.",
            Key::ShareBroken => "Este link de compartilhamento está quebrado ou cortado. Peça para enviarem de novo.",
            Key::RecentMatches => "Partidas recentes",
            Key::NoRecentMatches => "Suas partidas terminadas vão aparecer aqui, para rever ou compartilhar.",
            // Today's deal.
            Key::TodaysDeal => "Desafio do dia",
            Key::TodaysDealHelp => "As mesmas cartas para todo mundo hoje: você e três robôs difíceis, regras modernas. Só vale a sua primeira tentativa do dia.",
            Key::DailyCounted => "Desafio do dia",
            Key::DailyPractice => "Desafio do dia (treino)",
            Key::CopyResult => "Copiar resultado",
            Key::DailyDaysPlayed => "Dias jogados",
            Key::DailyStreak => "Dias seguidos",
            Key::DailyToday => "Hoje",
            Key::DailyNotYet => "ainda não jogado",
            // Learn to play.
            Key::LearnToPlay => "Aprenda a jogar",
            Key::LearnHelp => "Um primeiro jogo guiado contra dois robôs bem tranquilos: cada carta é explicada na hora em que ela faz diferença.",
            Key::Loading => "Carregando…",
            Key::LearnCoach => "Treinador",
            Key::LearnGotIt => "Entendi",
            Key::LearnSkip => "Pular a lição",
            Key::CoachTotalTitle => "O total",
            Key::CoachTotalBody => "Cada carta que você joga soma o seu valor ao total no centro da mesa. Uma carta que levaria o total a 99 ou mais não pode ser jogada. Depois de cada jogada você compra uma carta, então sempre fica com quatro na mão. É a sua vez: escolha uma das cartas que estão brilhando.",
            Key::CoachReverseTitle => "Inverter",
            Key::CoachReverseBody => "Um Inverter não soma nada e inverte o sentido do jogo. Ele sempre pode ser jogado, por isso é uma saída quando o total está alto.",
            Key::CoachPlayTwoTitle => "Jogar 2",
            Key::CoachPlayTwoBody => "Um Jogar 2 não soma nada, e o próximo jogador tem que fazer duas jogadas seguidas. Quem deve as duas jogadas pode passar a obrigação adiante com um Inverter ou com um Jogar 2 próprio.",
            Key::CoachMinusTenTitle => "−10",
            Key::CoachMinusTenBody => "Um −10 tira dez do total, desde que o total fique em 0 ou mais. Guarde para quando o total subir.",
            Key::CoachNinetyNineTitle => "A carta ONO 99",
            Key::CoachNinetyNineBody => "A carta ONO 99 nunca pode ser jogada: ela só ocupa espaço na sua mão. Quanto mais dessas cartas você tiver, menos jogadas sobram.",
            Key::CoachFourOnoTitle => "Quatro cartas ONO 99",
            Key::CoachFourOnoBody => "Se as quatro cartas da sua mão forem cartas ONO 99, você pode descartar as quatro como sua jogada e comprar quatro novas. O total não muda.",
            Key::CoachOutTitle => "Ficar de fora",
            Key::CoachOutBody => "Quem não tem nenhuma carta que possa jogar na sua vez está fora da rodada: as cartas dele ficam abertas na mesa. Vence o último jogador que continuar no jogo, então guarde uma carta baixa ou um Inverter para quando o total estiver alto.",
            Key::CoachDoneTitle => "Você já conhece todas as cartas",
            Key::CoachDoneBody => "Mantenha o total abaixo de 99, guarde um Inverter ou um −10 para quando ele subir e seja o último na mão. Jogar de novo repete esta mesa; Novo jogo deixa você escolher jogadores e regras.",
            // Review my plays.
            Key::ReviewMyPlays => "Analisar minhas jogadas",
            Key::ReviewHeading => "Análise das suas jogadas",
            Key::ReviewProgress => "Avaliando cada opção das suas decisões…",
            Key::ReviewCancelled => "Análise interrompida. As decisões avaliadas até agora continuam aqui embaixo.",
            Key::LabelBest => "Melhor",
            Key::LabelGood => "Boa",
            Key::LabelInaccuracy => "Imprecisão",
            Key::LabelMistake => "Erro",
            Key::ReviewYouPlayed => "Você jogou",
            Key::ReviewOwesTwo => "você tinha que fazer duas jogadas",
            Key::ReviewChance => "A chance de vitória de cada opção, pelo que você podia ver naquele momento",
            Key::ReviewNoDecisions => "Você não teve nenhuma escolha a fazer nesta partida: todas as suas jogadas foram obrigatórias.",
            Key::ReviewHand => "Sua mão",
            Key::ReviewColPlay => "Jogada",
            Key::ReviewColTotal => "Total depois",
            Key::ReviewColStuck => "Próximo sem jogada",
            Key::ReviewColWin => "Chance de vencer",
            Key::ReviewColVerdict => "Veredito",
            Key::ReviewOpenReplay => "Abrir no replay",
            Key::ReviewExplain => "Chance de vencer: quantas vezes você venceu ao jogar muitas vezes o resto da partida a partir do que você via naquele momento. Próximo sem jogada: a chance de o próximo jogador não ter nenhuma carta jogável.",
            Key::ReviewYours => "sua jogada",
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
            RuleError::MatchOver => "a partida acabou".to_string(),
            RuleError::NotYourTurn { .. } => format!("é a vez de {to_act_name}"),
            RuleError::CardNotInHand { .. } => "essa carta não está na sua mão".to_string(),
            RuleError::TotalTooHigh {
                lose_at: LoseAt::Reach99,
                ..
            } => "o total chegaria a 99".to_string(),
            RuleError::TotalTooHigh {
                lose_at: LoseAt::Exceed99,
                ..
            } => "o total passaria de 99".to_string(),
            RuleError::BelowZero { .. } => "o total não pode ficar abaixo de 0".to_string(),
            RuleError::NinetyNineDead => format!(
                "as cartas {} não podem ser jogadas",
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
            SetupError::Option(OptionError::BadValue { option, value, .. }) => {
                format!("“{}” não pode ser {value}.", self.option_label(*option))
            }
            _ => "não é possível jogar com estas regras.".to_string(),
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

    fn option_label(&self, option: RuleOption) -> &'static str {
        match option {
            RuleOption::Negatives => "−10 perto de zero",
            RuleOption::NinetyNine => "Cartas 99",
            RuleOption::LoseAt => "Limite",
            RuleOption::FourOnoDiscard => "Descarte de quatro ONO",
            RuleOption::Format => "Formato",
            RuleOption::Tokens => "Fichas por jogador",
            RuleOption::PointsLimit => "Limite de pontos",
            RuleOption::PointsEnd => "Quando alguém chega ao limite",
        }
    }

    fn option_help(&self, option: RuleOption) -> &'static str {
        match option {
            RuleOption::Negatives => "O que um −10 pode fazer quando o total está abaixo de 10.",
            RuleOption::NinetyNine => "Se as cartas 99 podem ser jogadas e o que fazem.",
            RuleOption::LoseAt => "Quais totais são altos demais para jogar.",
            RuleOption::FourOnoDiscard => "Quem tiver quatro cartas ONO 99 pode descartar todas e comprar outras quatro.",
            RuleOption::Format => "Como as rodadas formam uma partida.",
            RuleOption::Tokens => "Vidas com que cada jogador começa no formato de fichas (de 1 a 9).",
            RuleOption::PointsLimit => "A pontuação que encerra a partida de um jogador no formato de pontos.",
            RuleOption::PointsEnd => "No formato de pontos: esse jogador é eliminado, ou a partida termina e vence a menor pontuação.",
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
                Who::You => format!("Começa a rodada {hand}. Você joga primeiro."),
                Who::Named(n) => format!("Começa a rodada {hand}. {n} joga primeiro."),
            },
            Callout::Played {
                who,
                card: c,
                total,
            } => {
                let c = self.card_with_article(*c, edition);
                match who {
                    Who::You => format!("Você joga {c} — total {}", number(*total)),
                    Who::Named(n) => format!("{n} joga {c} — total {}", number(*total)),
                }
            }
            Callout::DiscardedFour { who, total } => {
                let four = card(Card::NinetyNine);
                match who {
                    Who::You => format!(
                        "Você descarta quatro cartas {four} — total {}",
                        number(*total)
                    ),
                    Who::Named(n) => format!(
                        "{n} descarta quatro cartas {four} — total {}",
                        number(*total)
                    ),
                }
            }
            Callout::YouDrew { card: c } => {
                format!("Você compra {}", self.card_with_article(*c, edition))
            }
            Callout::Reshuffled => {
                "A pilha de descarte é embaralhada e vira uma nova pilha de compras.".to_string()
            }
            Callout::DirectionChanged { direction } => {
                format!(
                    "Agora o jogo segue no {}.",
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
            Callout::Out {
                who,
                why: Some(why),
            } => {
                let d = super::out_detail(self, why, edition);
                match who {
                    Who::You => format!("Você está fora: {d}"),
                    Who::Named(n) => format!("{n} está fora: {d}"),
                }
            }
            Callout::Out { who, why: None } => match who {
                Who::You => "Você está fora".to_string(),
                Who::Named(n) => format!("{n} está fora"),
            },
            Callout::HandLost { hand, who } => match who {
                Who::You => format!("Fim da rodada {hand}: você perde uma ficha."),
                Who::Named(n) => format!("Fim da rodada {hand}: {n} perde uma ficha."),
            },
            Callout::HandLastIn { hand, who } => match who {
                Who::You => format!("Fim da rodada {hand}: só resta você no jogo."),
                Who::Named(n) => format!("Fim da rodada {hand}: só resta {n} no jogo."),
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
        match winners {
            [] => "A partida acabou.".to_string(),
            [Who::You] => "Você venceu a partida!".to_string(),
            [Who::Named(n)] => format!("{n} venceu a partida!"),
            many => format!("Vitória dividida entre {}!", name_list(many)),
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
            Who::You => "Você ficou de fora e perdeu uma ficha.".to_string(),
            Who::Named(n) => format!("{n} ficou de fora e perdeu uma ficha."),
        }
    }

    fn last_in_line(&self, who: &Who) -> String {
        match who {
            Who::You => "Você ficou no jogo até o fim.".to_string(),
            Who::Named(n) => format!("{n} ficou no jogo até o fim."),
        }
    }

    fn leaves_line(&self, who: &Who) -> String {
        match who {
            Who::You => "Você deixa a partida.".to_string(),
            Who::Named(n) => format!("{n} deixa a partida."),
        }
    }

    fn your_place(&self, place: usize, of: usize) -> String {
        format!("Você terminou em {place}º lugar entre {of} jogadores.")
    }

    fn headroom(&self, room: i32, highest: i32) -> String {
        format!("Até {}: +{}", number(highest), number(room))
    }

    fn at_total(&self, total: i32) -> String {
        format!("com o total em {}", number(total))
    }

    fn and_word(&self) -> &'static str {
        "e"
    }

    fn review_summary(&self, decisions: usize, counts: [usize; 4]) -> String {
        // Each count agrees with "decisão" (feminine): "2 boas".
        let words = [
            ("melhor", "melhores"),
            ("boa", "boas"),
            ("imprecisão", "imprecisões"),
            ("erro", "erros"),
        ];
        let parts: Vec<String> = counts
            .iter()
            .zip(words)
            .filter(|(n, _)| **n > 0)
            .map(|(&n, (one, many))| format!("{n} {}", if n == 1 { one } else { many }))
            .collect();
        let head = if decisions == 1 {
            "1 decisão".to_string()
        } else {
            format!("{decisions} decisões")
        };
        if parts.is_empty() {
            head
        } else {
            format!("{head}: {}", parts.join(", "))
        }
    }

    fn named(&self, text: Named, name: &str) -> String {
        match text {
            Named::InviteLinkFor => format!("Link de convite para {name}"),
            Named::CopyInviteLinkFor => format!("Copiar link de convite para {name}"),
            Named::QrCodeFor => format!("QR code do link de convite para {name}"),
            Named::ReplyCodeFrom => format!("Código de resposta de {name}"),
            Named::Connect => format!("Conectar {name}"),
            Named::JoinTable => format!("Entrar na mesa de {name}"),
            Named::WaitingToStart => format!("Esperando {name} começar o jogo"),
            Named::NewMatchStarted => format!("{name} começou um novo jogo: cartas novas, a mesma mesa"),
            Named::LetBotPlay => format!("Deixar um robô jogar por {name}"),
            Named::GiveBack => format!("Devolver o lugar para {name}"),
            Named::InviteAgain => format!("Convidar {name} de novo"),
            Named::StunNote => format!(
                "Para conectar, seu navegador consulta {name} para saber o próprio endereço público, e assim amigos em outras redes conseguem alcançá-lo."
            ),
            Named::IsDisconnected => format!("{name} se desconectou."),
            Named::GuestStunNote => format!("Ao tocar em Entrar, seu navegador pede a {name} o endereço público dele para que o anfitrião o alcance. Nada é enviado antes."),
            Named::SeatInLobby => format!("Lugar de {name}"),
            Named::HandOf => format!("Cartas de {name}"),
            Named::PassHeading => format!("Passe o aparelho para {name}"),
            Named::PassText => format!("Entregue o aparelho para {name}. As cartas ficam escondidas até a pessoa estar pronta."),
            Named::PassReady => format!("Sou {name}: mostrar minhas cartas"),
        }
    }

    fn numbered(&self, text: Numbered, n: usize) -> String {
        match text {
            Numbered::PeopleCount => format!("{n} pessoas"),
            Numbered::SeatPlayerName => format!("Nome do jogador {n}"),
            Numbered::SeatPlayerLevel => format!("Nível do jogador {n}"),
            Numbered::SeatBotName => format!("Nome do robô {n}"),
            Numbered::SeatBotLevel => format!("Nível do robô {n}"),
        }
    }

    fn move_of(&self, step: usize, of: usize) -> String {
        format!("Jogada {step} de {of}")
    }

    fn daily_share(&self, date: &str, place: usize, of: usize, plays: usize) -> String {
        format!("ONO 99 · Desafio do dia {date}: posição {place} de {of}, {plays} jogadas")
    }

    fn decision_line(&self, hand: u32, total: &str) -> String {
        format!("Rodada {hand}, total {total}")
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
