//! Spanish texts. Card names follow the Spanish rulebook ("Reversa",
//! "Juega 2"); the sentences are our own.

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
    fn key(&self, key: Key) -> &'static str {
        match key {
            Key::AppTitle => "ONO 99",
            Key::Tagline => "Mantén el total por debajo de 99… o quedas fuera.",
            Key::PlayersHeading => "Jugadores",
            Key::PlayerCount => "Número de jugadores",
            Key::YourName => "Tu nombre",
            Key::You => "Tú",
            Key::HostName => "Anfitrión",
            Key::EditionHeading => "Edición",
            Key::EditionModern => "Moderna (2022)",
            Key::EditionModernHelp => "112 cartas con Juega 2, Reversa, −10 y cartas ONO 99; una sola mano, gana quien quede en pie.",
            Key::EditionClassic => "Clásica (1980)",
            Key::EditionClassicHelp => "54 cartas con Pasa y Doble jugada; el total puede ser negativo; tres fichas por jugador.",
            Key::EditionResetNote => "Al elegir una edición, las opciones de reglas vuelven a los valores de esa edición.",
            Key::CardRulesHeading => "Reglas de las cartas",
            Key::MatchHeading => "Formato de la partida",
            Key::SpeedHeading => "Velocidad de los bots",
            Key::StartGame => "Empezar partida",
            Key::HowToPlay => "Cómo se juega",
            Key::Rules => "Reglas",
            Key::Back => "Volver",
            Key::Menu => "Partida nueva",
            Key::Table => "Mesa",
            Key::YourHand => "Tu mano",
            Key::DrawPile => "Mazo para robar",
            Key::DiscardPile => "Pila de descarte",
            Key::EmptyPile => "Vacía",
            Key::GameLog => "Registro de la partida",
            Key::Out => "Fuera",
            Key::OutOfMatch => "Fuera de la partida",
            Key::Turn => "Jugando",
            Key::OwesTwo => "Debe jugar 2 veces",
            Key::YourTurn => "Tu turno: elige una carta.",
            Key::OnlyFourOno => "Tu turno: no puedes jugar ninguna carta. Descarta tus cuatro cartas ONO 99 y roba cuatro nuevas.",
            Key::YouAreOut => "Estás fuera de esta mano. Los demás siguen jugando.",
            Key::YouLeftMatch => "Estás fuera de la partida. Los demás siguen jugando.",
            Key::NextHand => "Siguiente mano",
            Key::PlayAgain => "Jugar otra vez",
            Key::NewGame => "Partida nueva",
            Key::Standings => "Clasificación",
            Key::Player => "Jugador",
            Key::Tokens => "Fichas",
            Key::Score => "Puntos",
            Key::Winner => "Victoria",
            Key::Dismiss => "Cerrar",
            Key::LaidDown => "Cartas bajadas",
            Key::SpeedSlow => "Lenta",
            Key::SpeedNormal => "Normal",
            Key::SpeedFast => "Rápida",
            Key::SpeedInstant => "Instantánea",
            Key::LevelEasy => "Fácil",
            Key::LevelMedium => "Medio",
            Key::LevelHard => "Difícil",
            Key::LevelRandom => "Al azar",
            Key::Bot => "bot",
            Key::RulesTitle => "Cómo se juega a ONO 99",
            Key::RulesGoalHeading => "El objetivo",
            Key::RulesGoal => "Por turnos, cada jugador echa una carta en una pila común y dice en voz alta el nuevo total, que empieza en 0. Quien no pueda jugar sin llevar el total a 99 o más queda fuera. Gana quien siga en juego hasta el final.",
            Key::RulesCardsHeading => "Las cartas",
            Key::RulesTurnHeading => "Tu turno",
            Key::RulesTurn1 => "Juega una carta de tu mano, di el nuevo total y roba para volver a tener cuatro. El juego roba y suma por ti.",
            Key::RulesTurn2 => "Una carta de número suma su valor. Solo se puede jugar si el total sigue por debajo de 99.",
            Key::RulesTurn3 => "Si no puedes jugar ninguna de tus cartas, quedas fuera: tu mano se muestra boca arriba y el juego sigue sin ti.",
            Key::RulesTurn4 => "Cuando se acaba el mazo, la pila de descarte se baraja y forma un mazo nuevo. El total no cambia.",
            Key::RulesPlayTwoHeading => "Juega 2",
            Key::RulesPlayTwo1 => "Un Juega 2 obliga al siguiente jugador a jugar dos cartas seguidas, robando después de cada una.",
            Key::RulesPlayTwo2 => "Con la primera de esas dos cartas puede librarse de la carga: una Reversa la devuelve en sentido contrario y otro Juega 2 la pasa al siguiente. En ambos casos su turno termina en ese momento.",
            Key::RulesPlayTwo3 => "Nunca se deben más de dos jugadas, y si quien las debe se queda sin jugada, queda fuera y el siguiente juega con normalidad.",
            Key::RulesFourOno => "¿Tienes cuatro cartas ONO 99? En tu turno puedes descartarlas todas y robar cuatro nuevas. El total no cambia.",
            Key::RulesClassicHeading => "La edición clásica (1980)",
            Key::RulesClassic1 => "La baraja antigua tiene 54 cartas: del 2 al 9 tres veces cada una, diez 10, cuatro −10, seis Reversas, dos Dobles jugadas, cuatro Pasa y cuatro cartas 99. No hay ni 0 ni 1.",
            Key::RulesClassic2 => "El total puede bajar de cero, así que el −10 siempre se puede jugar. Un Pasa no suma nada: simplemente cede el turno.",
            Key::RulesClassic3 => "La Doble jugada es el Juega 2 clásico. Quien debe dos jugadas puede pasarla con una Reversa o un Pasa, pero no puede responder con otra Doble jugada.",
            Key::RulesClassic4 => "La versión clásica suele jugarse con fichas: cada jugador empieza con tres, el primero que queda fuera en una mano pierde una, y quien queda fuera sin fichas sale de la partida.",
            Key::RulesOptionsHeading => "Opciones de reglas de esta partida",
            Key::RulesFormatsHeading => "Formatos de partida",
            Key::RulesElimination => "Eliminación: una sola mano, hasta que solo quede un jugador, que es el ganador.",
            Key::RulesTokens => "Fichas: la mano termina en cuanto un jugador queda fuera. Ese jugador pierde una ficha (o sale de la partida si ya no le quedaban) y empieza la mano siguiente. Gana quien siga en la partida hasta el final.",
            Key::RulesPoints => "Puntos: cada mano se juega hasta el final y luego cada uno suma las cartas que le quedan (los números por su valor, las cartas 99 valen 20 y las demás especiales, 15; quien quedó fuera cuenta las cartas que bajó) y cada jugador que quedó fuera suma 25 más. Quien llega al límite sale de la partida, o bien la partida termina y gana la puntuación más baja.",
            Key::RulesKeyboardHeading => "Jugar con el teclado",
            Key::RulesKeyboard => "Usa Tab para pasar de una carta o botón a otro (las flechas izquierda y derecha también recorren tus cartas) y Intro o Espacio para jugar la carta seleccionada. Las cartas que no se pueden jugar explican el motivo al recibir el foco. Cada jugada se anuncia a los lectores de pantalla.",
            Key::AboutHeading => "Acerca de",
            Key::About1 => "Esta es una versión no oficial hecha por aficionados, por diversión. No está afiliada a Mattel ni cuenta con su respaldo o patrocinio.",
            Key::About2 => "ONO 99 es una marca registrada de Mattel, Inc.",
            Key::ErrorPrefix => "No permitido:",
            Key::SetupErrorPrefix => "No se puede empezar esta partida:",
            Key::Yes => "Sí",
            Key::LeaveHeading => "¿Abandonar esta partida?",
            Key::LeaveText => "Se perderá la partida en curso.",
            Key::LeaveGame => "Abandonar",
            Key::KeepPlaying => "Seguir jugando",
            Key::TotalWord => "Total",
            Key::Status => "Estado",
            Key::Place => "Puesto",
            Key::No => "No",
            Key::SaveNoticeHeading => "No se ha recuperado la partida guardada",
            Key::SaveNoticeBroken => "No se pudo leer tu partida guardada, así que se ha apartado. Prepara una partida nueva aquí abajo.",
            Key::SaveNoticeOld => "Tu partida guardada es de una versión anterior de ONO 99 y no se puede continuar. Prepara una partida nueva aquí abajo.",
            Key::SaveNoticeBrokenKept => "No se pudo leer tu partida guardada. El almacenamiento está lleno y no se pudo apartar: se conserva tal cual. Prepara una partida nueva aquí abajo.",
            Key::SaveNoticeNewer => "Tu partida guardada es de una versión más reciente de ONO 99. Se conserva tal cual: recarga la página para obtener la versión nueva y continuarla.",
            Key::SaveFailedFull => "No se pudo guardar tu partida: el almacenamiento está lleno. Sigue, pero al recargar se perderían las últimas jugadas.",
            Key::SaveFailedUnavailable => "No se pudo guardar tu partida: este navegador no guarda datos de la página. Al recargar se perdería.",
            Key::SaveFailedNewerKept => "No se pudo guardar tu partida: en su lugar se conserva una partida de una versión más reciente de ONO 99. Recarga la página para obtener la versión nueva.",
            Key::JoinButton => "Unirme",
            Key::GuestNoStunNote => "No hay ningún servidor STUN: solo puedes unirte a un anfitrión de la misma red.",
            Key::BadViewNotice => "El anfitrión envió una mesa que esta página no pudo usar. Pidiéndola de nuevo…",
            Key::HostOtherVersion => "La página del anfitrión usa otra versión del juego. Recarguen los dos la página y vuelvan a invitar y unirse.",
            Key::Statistics => "Estadísticas",
            Key::StatsTitle => "Tus estadísticas",
            Key::StatsEmpty => "Todavía no has terminado ninguna partida. Juega contra los bots para empezar tu historial.",
            Key::StatsPlayed => "Jugadas",
            Key::StatsWon => "Ganadas",
            Key::StatsWinRate => "Porcentaje de victorias",
            Key::StatsBestStreak => "Mejor racha de victorias",
            Key::StatsCurrentStreak => "Racha actual",
            Key::StatsAveragePlace => "Puesto medio al terminar",
            Key::StatsByEdition => "Por edición",
            Key::StatsByLevel => "Por nivel de los rivales",
            Key::StatsLevelMixed => "Niveles mezclados",
            Key::StatsLevelPeople => "Con otras personas",
            Key::StatsReset => "Borrar estadísticas",
            Key::StatsResetHeading => "¿Borrar las estadísticas?",
            Key::StatsResetText => "Se olvidarán todas las partidas contadas hasta ahora. No se puede deshacer.",
            Key::StatsResetConfirm => "Borrar",
            Key::Cancel => "Cancelar",
            Key::Person => "Persona",
            Key::PlayerNumbered => "Jugador",
            Key::SettingsLabel => "Ajustes",
            Key::LanguageLabel => "Idioma",
            Key::ReduceMotionLabel => "Reducir animaciones",
            Key::HintsLabel => "Pistas",
            Key::HintMakes => "Nuevo total",
            // Table: pacing, results, explanations.
            Key::SeeTheTable => "Ver la mesa",
            Key::ShowTheResult => "Ver el resultado",
            Key::SkipToResult => "Saltar al resultado",
            Key::YourTurnMark => "Tu turno",
            Key::YouOweTwoMark => "Debes jugar 2 veces",
            Key::NextMark => "Siguiente",
            Key::WinnerMark => "Victoria",
            Key::NewCard => "Nueva",
            Key::CoachPick => "Recomendada",
            Key::SinceYourTurn => "Desde tu último turno",
            // Header, settings, quick play.
            Key::Close => "Cerrar",
            Key::VolumeLabel => "Volumen",
            Key::VolumeMuted => "Silenciado",
            Key::QuickPlay => "Partida rápida",
            Key::SetUpGameHeading => "Preparar una partida",
            Key::EditionModernShort => "Moderna",
            Key::EditionClassicShort => "Clásica",
            Key::BotsEasy => "Bots fáciles",
            Key::BotsMedium => "Bots de nivel medio",
            Key::BotsHard => "Bots difíciles",
            Key::BotsMixed => "Bots de varios niveles",
            // Online tables.
            Key::OnlineFriend => "Amigo en línea",
            Key::OnlineTableHeading => "Invita a tus amigos",
            Key::LobbyIntro => "Envía a cada amigo su enlace de invitación (o deja que escanee el código). Su página le mostrará un código de respuesta: pégalo aquí y conecta. Nada pasa por un servidor: los navegadores se comunican directamente entre sí.",
            Key::PreparingInvite => "Preparando el enlace de invitación…",
            Key::StatusWaiting => "Esperando",
            Key::StatusConnected => "Conectado",
            Key::StatusDisconnected => "Desconectado",
            Key::BotPlayingBadge => "de momento juega un bot",
            Key::LobbyNeedsEveryone => "Podrás empezar la partida cuando cada amigo esté conectado o lo sustituya un bot.",
            Key::InviteFailed => "Este navegador no ha podido preparar una conexión. Revisa los ajustes de red o deja que un bot ocupe ese lugar.",
            Key::CodeEmpty => "Primero pega el código.",
            Key::CodeTooLong => "Es demasiado largo para ser un código. Copia solo el código.",
            Key::CodeDamaged => "Ese código está dañado: falta un carácter o hay uno incorrecto. Vuelve a copiarlo entero.",
            Key::CodeTruncated => "Ese código está cortado. Vuelve a copiarlo entero.",
            Key::CodeIsInvite => "Eso es un enlace de invitación, no un código de respuesta. El código de respuesta aparece en la página de tu amigo cuando abre el enlace.",
            Key::CodeIsReply => "Eso es un código de respuesta, no un enlace de invitación. Hay que enviárselo al anfitrión.",
            Key::CodeOtherVersion => "Ese código es de otra versión del juego. Hay que recargar la página en los dos navegadores.",
            Key::CodeOtherSeat => "Ese código de respuesta corresponde a la invitación de otro jugador.",
            Key::Copied => "Copiado",
            Key::ReplyCode => "Código de respuesta",
            Key::CopyReplyCode => "Copiar el código de respuesta",
            Key::PreparingReply => "Preparando tu código de respuesta…",
            Key::JoinHelp => "Envía este código de respuesta al anfitrión por cualquier aplicación de mensajería. No cierres esta página: entrarás en la mesa en cuanto te conecte.",
            Key::JoinFailed => "Este navegador no ha podido preparar una conexión. Pide al anfitrión un enlace de invitación nuevo.",
            Key::HostLost => "Se ha perdido la conexión con el anfitrión. La partida sigue en su navegador; pídele que te invite de nuevo.",
            Key::LeaveTable => "Dejar la mesa",
            Key::Wait => "Esperar",
            Key::NetworkHeading => "Mesas en línea",
            Key::StunServer => "Servidor STUN",
            Key::StunHelp => "Permite que te encuentren amigos de otras redes. Déjalo vacío para jugar solo en la misma red.",
            Key::TurnServer => "Servidor TURN (opcional)",
            Key::TurnUser => "Usuario TURN",
            Key::TurnCredential => "Contraseña TURN",
            Key::NoStunNote => "No hay ningún servidor STUN: solo pueden unirse amigos de la misma red.",
            Key::BadInviteLink => "Este enlace de invitación no funciona. Pide al anfitrión que te lo envíe otra vez.",
            Key::GuestRefused => "El anfitrión no ha aceptado esa jugada.",
            Key::BackToStart => "Volver al inicio",
            // Replays and records.
            Key::Replay => "Ver repetición",
            Key::ReplayHeading => "Repetición de la partida",
            Key::Previous => "Anterior",
            Key::NextStep => "Siguiente",
            Key::Play => "Reproducir",
            Key::Pause => "Pausa",
            Key::ReplayPosition => "Posición en la partida",
            Key::DownloadRecord => "Descargar la partida",
            Key::CopyShareLink => "Copiar enlace para compartir",
            Key::OpenRecord => "Abrir un archivo de partida",
            Key::ShareLink => "Enlace para compartir",
            Key::RecordDoesNotReplay => "Esta partida no se puede reproducir: sus jugadas no siguen las reglas de su mesa. No se ha cambiado nada.",
            Key::RecordBroken => "Este archivo no es una partida de ONO 99 (o está dañado). No se ha cambiado nada.",
            Key::RecordTooLarge => "Este archivo es demasiado grande para ser una partida de ONO 99. No se ha cambiado nada.",
            Key::ShareBroken => "Este enlace para compartir no funciona o está cortado. Pide que te lo envíen otra vez.",
            Key::RecentMatches => "Partidas recientes",
            Key::NoRecentMatches => "Aquí aparecerán tus partidas terminadas, para volver a verlas o compartirlas.",
            // Today's deal.
            Key::TodaysDeal => "Reparto del día",
            Key::TodaysDealHelp => "El mismo reparto para todos hoy: tú y tres bots difíciles, con las reglas modernas. Solo cuenta tu primer intento del día.",
            Key::DailyCounted => "Reparto del día",
            Key::DailyPractice => "Reparto del día (práctica)",
            Key::CopyResult => "Copiar el resultado",
            Key::DailyDaysPlayed => "Días jugados",
            Key::DailyStreak => "Días seguidos",
            Key::DailyToday => "Hoy",
            Key::DailyNotYet => "todavía sin jugar",
            // Learn to play.
            Key::LearnToPlay => "Aprende a jugar",
            Key::LearnHelp => "Una primera partida guiada contra dos bots muy amables: cada carta se explica justo cuando entra en juego.",
            Key::Loading => "Cargando…",
            Key::LearnCoach => "Entrenador",
            Key::LearnGotIt => "Entendido",
            Key::LearnSkip => "Saltar la lección",
            Key::CoachTotalTitle => "El total",
            Key::CoachTotalBody => "Cada carta que juegas suma su valor al total del centro. No se puede jugar una carta que llevaría el total a 99 o más. Después de cada jugada robas, así que siempre tienes cuatro cartas. Te toca: elige una de las cartas que brillan.",
            Key::CoachReverseTitle => "Reversa",
            Key::CoachReverseBody => "Una Reversa no suma nada y cambia el sentido del juego. Siempre se puede jugar, así que te saca de apuros cuando el total está alto.",
            Key::CoachPlayTwoTitle => "Juega 2",
            Key::CoachPlayTwoBody => "Un Juega 2 no suma nada, y el siguiente jugador tiene que hacer dos jugadas seguidas. Quien debe esas dos jugadas puede pasarle la carga a otro con una Reversa o con un Juega 2 propio.",
            Key::CoachMinusTenTitle => "−10",
            Key::CoachMinusTenBody => "Un −10 resta diez al total, siempre que el total se quede en 0 o más. Guárdalo para cuando el total suba.",
            Key::CoachNinetyNineTitle => "La carta ONO 99",
            Key::CoachNinetyNineBody => "La carta ONO 99 no se puede jugar nunca: solo ocupa sitio en tu mano. Cuantas más tengas, menos jugadas te quedan.",
            Key::CoachFourOnoTitle => "Cuatro cartas ONO 99",
            Key::CoachFourOnoBody => "Si las cuatro cartas de tu mano son cartas ONO 99, puedes descartarlas todas como jugada y robar cuatro nuevas. El total no cambia.",
            Key::CoachOutTitle => "Quedar fuera",
            Key::CoachOutBody => "Quien no puede jugar ninguna carta en su turno queda fuera de la mano: sus cartas se quedan boca arriba sobre la mesa. Gana el último jugador que sigue en juego, así que guarda una carta baja o una Reversa para cuando el total esté alto.",
            Key::CoachDoneTitle => "Ya conoces todas las cartas",
            Key::CoachDoneBody => "Mantén el total por debajo de 99, guarda una Reversa o un −10 para cuando suba y sé el último en seguir. Jugar otra vez repite esta mesa; Partida nueva te deja elegir jugadores y reglas.",
            // Review my plays.
            Key::ReviewMyPlays => "Revisar mis jugadas",
            Key::ReviewHeading => "Revisión de tus jugadas",
            Key::ReviewProgress => "Evaluando cada opción de tus decisiones…",
            Key::ReviewCancelled => "Revisión detenida. Las decisiones evaluadas hasta ahora siguen aquí abajo.",
            Key::LabelBest => "Mejor",
            Key::LabelGood => "Buena",
            Key::LabelInaccuracy => "Imprecisión",
            Key::LabelMistake => "Error",
            Key::ReviewYouPlayed => "Tu jugada",
            Key::ReviewOwesTwo => "debías hacer dos jugadas",
            Key::ReviewChance => "La probabilidad de ganar de cada opción, según lo que podías ver en ese momento",
            Key::ReviewNoDecisions => "No has tenido que elegir nada en esta partida: todas tus jugadas eran obligadas.",
            Key::ReviewHand => "Tu mano",
            Key::ReviewColPlay => "Jugada",
            Key::ReviewColTotal => "Total después",
            Key::ReviewColStuck => "Siguiente sin jugada",
            Key::ReviewColWin => "Probabilidad de ganar",
            Key::ReviewColVerdict => "Veredicto",
            Key::ReviewOpenReplay => "Abrir en la repetición",
            Key::ReviewExplain => "Probabilidad de ganar: cuántas veces ganaste al jugar muchas veces el resto de la partida a partir de lo que veías en ese momento. Siguiente sin jugada: la probabilidad de que el siguiente jugador no tuviera ninguna carta jugable.",
            Key::ReviewYours => "tu jugada",
        }
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

    fn play_card(&self, card: Card, edition: Edition) -> String {
        format!("Echar {}", self.card_name(card, edition))
    }

    fn discard_four(&self, edition: Edition) -> String {
        format!(
            "Descartar cuatro {}",
            self.card_name(Card::NinetyNine, edition)
        )
    }

    fn total_label(&self, total: i32) -> String {
        format!("Total {}", number(total))
    }

    fn card_effect(&self, card: Card, edition: Edition) -> &'static str {
        match (card, edition) {
            (Card::Number(_), _) => "Suma su valor al total.",
            (Card::MinusTen, Edition::Modern) => {
                "Resta 10 al total, pero sin bajar de 0 (salvo que las opciones digan otra cosa)."
            }
            (Card::MinusTen, Edition::Classic) => "Resta 10 al total; puede quedar negativo.",
            (Card::Reverse, _) => "No suma nada y cambia el sentido del juego.",
            (Card::PlayTwo, Edition::Modern) => {
                "No suma nada; el siguiente jugador debe jugar dos cartas."
            }
            (Card::PlayTwo, Edition::Classic) => {
                "No suma nada; el siguiente jugador debe jugar dos cartas, y la primera no puede ser otra igual."
            }
            (Card::Hold, _) => "No suma nada; el turno simplemente pasa.",
            (Card::NinetyNine, _) => {
                "Con las reglas normales no se puede jugar: solo estorba en tu mano."
            }
        }
    }

    fn reason(&self, err: &RuleError, edition: Edition, to_act_name: &str) -> String {
        match err {
            RuleError::MatchOver => "la partida ha terminado".to_string(),
            RuleError::NotYourTurn { .. } => format!("es el turno de {to_act_name}"),
            RuleError::CardNotInHand { .. } => "esa carta no está en tu mano".to_string(),
            RuleError::TotalTooHigh {
                lose_at: LoseAt::Reach99,
                ..
            } => "el total llegaría a 99".to_string(),
            RuleError::TotalTooHigh {
                lose_at: LoseAt::Exceed99,
                ..
            } => "el total pasaría de 99".to_string(),
            RuleError::BelowZero { .. } => "el total no puede bajar de 0".to_string(),
            RuleError::NinetyNineDead => format!(
                "las cartas {} no se pueden jugar",
                self.card_name(Card::NinetyNine, edition)
            ),
            RuleError::NinetyNineNotOnTen { .. } => {
                "una carta 99 necesita que el total sea múltiplo de diez".to_string()
            }
            RuleError::NinetyNineOncePerTurn => {
                "solo se puede jugar una carta 99 por turno".to_string()
            }
            RuleError::CannotOpenWithDoublePlay => {
                "no puedes responder a una Doble jugada con otra Doble jugada".to_string()
            }
            RuleError::FourOnoDiscardOff => {
                "el descarte de cuatro cartas está desactivado en estas reglas".to_string()
            }
            RuleError::NotFourOno => "necesitas cuatro cartas 99 y nada más".to_string(),
        }
    }

    fn setup_error(&self, err: &SetupError) -> String {
        match err {
            SetupError::SeatCount(n) => format!("una partida necesita de 2 a 8 jugadores, no {n}."),
            SetupError::Option(OptionError::BadValue { option, value, .. }) => {
                format!("«{}» no puede ser {value}.", self.option_label(*option))
            }
            _ => "no se puede jugar con estas reglas.".to_string(),
        }
    }

    fn turn_prompt(&self, step: TurnStep, edition: Edition) -> String {
        match (step, edition) {
            (TurnStep::Single, _) => self.key(Key::YourTurn).to_string(),
            (TurnStep::FirstOfTwo, Edition::Modern) => {
                "Juega 2: debes jugar dos cartas. Pásalo con una Reversa o un Juega 2, o juega tu primera carta."
                    .to_string()
            }
            (TurnStep::FirstOfTwo, Edition::Classic) => {
                "Doble jugada: debes jugar dos cartas. Pásala con una Reversa o un Pasa, o juega tu primera carta."
                    .to_string()
            }
            (TurnStep::SecondOfTwo, _) => "Ahora juega tu segunda carta.".to_string(),
        }
    }

    fn waiting_for(&self, name: &str) -> String {
        format!("Juega {name}…")
    }

    fn direction(&self, d: Direction) -> &'static str {
        match d {
            Direction::Clockwise => "Sentido horario",
            Direction::Counterclockwise => "Sentido antihorario",
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
            1 => "1 punto".to_string(),
            n => format!("{n} puntos"),
        }
    }

    fn seat_label(&self, name: &str, l: Level) -> String {
        format!("{name}, {}", self.bot_level(l).to_ascii_lowercase())
    }

    fn player_count(&self, n: usize) -> String {
        format!("{n} jugadores")
    }

    fn bot_heading(&self, index: usize) -> String {
        format!("Bot {index}")
    }

    fn option_label(&self, option: RuleOption) -> &'static str {
        match option {
            RuleOption::Negatives => "−10 cerca de cero",
            RuleOption::NinetyNine => "Cartas 99",
            RuleOption::LoseAt => "Límite",
            RuleOption::FourOnoDiscard => "Descarte de cuatro ONO",
            RuleOption::Format => "Formato",
            RuleOption::Tokens => "Fichas por jugador",
            RuleOption::PointsLimit => "Límite de puntos",
            RuleOption::PointsEnd => "Cuando alguien llega al límite",
        }
    }

    fn option_help(&self, option: RuleOption) -> &'static str {
        match option {
            RuleOption::Negatives => "Qué puede hacer un −10 cuando el total es menor que 10.",
            RuleOption::NinetyNine => "Si las cartas 99 se pueden jugar alguna vez y qué hacen.",
            RuleOption::LoseAt => "Qué totales son demasiado altos para jugar.",
            RuleOption::FourOnoDiscard => "Quien tenga cuatro cartas ONO 99 puede descartarlas todas y robar otras cuatro.",
            RuleOption::Format => "Cómo se suman las manos para formar una partida.",
            RuleOption::Tokens => "Vidas con las que empieza cada jugador en el formato de fichas (de 1 a 9).",
            RuleOption::PointsLimit => "La puntuación que acaba la partida de un jugador en el formato de puntos.",
            RuleOption::PointsEnd => "En el formato de puntos: ese jugador sale de la partida, o bien la partida termina y gana la puntuación más baja.",
        }
    }

    fn negatives(&self, v: Negatives) -> &'static str {
        match v {
            Negatives::Forbid => "No se permite por debajo de 10",
            Negatives::Allow => "Se permite; el total puede ser negativo",
            Negatives::Floor => "Se permite; el total se queda en 0",
        }
    }

    fn ninety_nine(&self, v: NinetyNine) -> &'static str {
        match v {
            NinetyNine::Dead => "Nunca se pueden jugar",
            NinetyNine::DeadButTens => "Valen como Pasa en múltiplos de diez",
            NinetyNine::Sets99 => "Ponen el total en 99",
        }
    }

    fn lose_at(&self, v: LoseAt) -> &'static str {
        match v {
            LoseAt::Reach99 => "Llegar a 99 o más",
            LoseAt::Exceed99 => "Pasar de 99",
        }
    }

    fn format_name(&self, v: Format) -> &'static str {
        match v {
            Format::Elimination => "Eliminación (una mano)",
            Format::Tokens => "Fichas (vidas)",
            Format::Points => "Puntos",
        }
    }

    fn points_end(&self, v: PointsEnd) -> &'static str {
        match v {
            PointsEnd::Knockout => "Ese jugador sale de la partida",
            PointsEnd::Lowest => "La partida termina; gana la puntuación más baja",
        }
    }

    fn callout(&self, callout: &Callout, edition: Edition) -> String {
        let card = |c: Card| self.card_name(c, edition);
        match callout {
            Callout::HandDealt { hand, first: who } => match who {
                Who::You => format!("Se reparte la mano {hand}. Empiezas tú."),
                Who::Named(n) => format!("Se reparte la mano {hand}. Empieza {n}."),
            },
            Callout::Played {
                who,
                card: c,
                total,
            } => {
                let c = self.card_with_article(*c, edition);
                match who {
                    Who::You => format!("Echas {c}: total {}", number(*total)),
                    Who::Named(n) => format!("{n} echa {c}: total {}", number(*total)),
                }
            }
            Callout::DiscardedFour { who, total } => {
                let four = card(Card::NinetyNine);
                match who {
                    Who::You => {
                        format!("Descartas cuatro cartas {four}: total {}", number(*total))
                    }
                    Who::Named(n) => format!(
                        "{n} descarta cuatro cartas {four}: total {}",
                        number(*total)
                    ),
                }
            }
            Callout::YouDrew { card: c } => {
                format!("Robas {}", self.card_with_article(*c, edition))
            }
            Callout::Reshuffled => {
                "La pila de descarte se baraja y forma un mazo nuevo.".to_string()
            }
            Callout::DirectionChanged { direction } => {
                format!(
                    "Ahora se juega en {}.",
                    self.direction(*direction).to_ascii_lowercase()
                )
            }
            Callout::OwesTwo { who } => {
                let p2 = card(Card::PlayTwo);
                match who {
                    Who::You => format!("{p2}: debes jugar dos cartas"),
                    Who::Named(n) => format!("{p2}: {n} debe jugar dos cartas"),
                }
            }
            Callout::Out {
                who,
                why: Some(why),
            } => {
                let d = super::out_detail(self, why, edition);
                match who {
                    Who::You => format!("Quedas fuera: {d}"),
                    Who::Named(n) => format!("{n} queda fuera: {d}"),
                }
            }
            Callout::Out { who, why: None } => match who {
                Who::You => "Quedas fuera".to_string(),
                Who::Named(n) => format!("{n} queda fuera"),
            },
            Callout::HandLost { hand, who } => match who {
                Who::You => format!("Fin de la mano {hand}: pierdes una ficha."),
                Who::Named(n) => format!("Fin de la mano {hand}: {n} pierde una ficha."),
            },
            Callout::HandLastIn { hand, who } => match who {
                Who::You => format!("Fin de la mano {hand}: solo quedas tú en juego."),
                Who::Named(n) => format!("Fin de la mano {hand}: solo queda {n} en juego."),
            },
            Callout::HandOver { hand } => format!("Fin de la mano {hand}."),
            Callout::LeftMatch { who } => match who {
                Who::You => "Sales de la partida.".to_string(),
                Who::Named(n) => format!("{n} sale de la partida."),
            },
            Callout::MatchOver { winners } => self.winners_line(winners),
        }
    }

    fn winners_line(&self, winners: &[Who]) -> String {
        match winners {
            [] => "La partida ha terminado.".to_string(),
            [Who::You] => "¡Ganas la partida!".to_string(),
            [Who::Named(n)] => format!("¡{n} gana la partida!"),
            many => format!("¡Victoria compartida entre {}!", name_list(many)),
        }
    }

    fn hand_over_heading(&self, hand: u32) -> String {
        format!("Fin de la mano {hand}")
    }

    fn hand_number(&self, hand: u32) -> String {
        format!("Mano {hand}")
    }

    fn went_out_line(&self, who: &Who) -> String {
        match who {
            Who::You => "Quedas fuera y pierdes una ficha.".to_string(),
            Who::Named(n) => format!("{n} queda fuera y pierde una ficha."),
        }
    }

    fn last_in_line(&self, who: &Who) -> String {
        match who {
            Who::You => "Solo quedas tú en juego.".to_string(),
            Who::Named(n) => format!("Solo queda {n} en juego."),
        }
    }

    fn leaves_line(&self, who: &Who) -> String {
        match who {
            Who::You => "Sales de la partida.".to_string(),
            Who::Named(n) => format!("{n} sale de la partida."),
        }
    }

    fn your_place(&self, place: usize, of: usize) -> String {
        format!("Quedas en el puesto {place} de {of}.")
    }

    fn headroom(&self, room: i32, highest: i32) -> String {
        format!("Hasta {}: +{}", number(highest), number(room))
    }

    fn at_total(&self, total: i32) -> String {
        format!("con el total en {}", number(total))
    }

    fn and_word(&self) -> &'static str {
        "y"
    }

    fn review_summary(&self, decisions: usize, counts: [usize; 4]) -> String {
        // Each count agrees with "decisión" (feminine): "2 buenas".
        let words = [
            ("mejor", "mejores"),
            ("buena", "buenas"),
            ("imprecisión", "imprecisiones"),
            ("error", "errores"),
        ];
        let parts: Vec<String> = counts
            .iter()
            .zip(words)
            .filter(|(n, _)| **n > 0)
            .map(|(&n, (one, many))| format!("{n} {}", if n == 1 { one } else { many }))
            .collect();
        let head = if decisions == 1 {
            "1 decisión".to_string()
        } else {
            format!("{decisions} decisiones")
        };
        if parts.is_empty() {
            head
        } else {
            format!("{head}: {}", parts.join(", "))
        }
    }

    fn named(&self, text: Named, name: &str) -> String {
        match text {
            Named::InviteLinkFor => format!("Enlace de invitación para {name}"),
            Named::CopyInviteLinkFor => format!("Copiar el enlace de invitación para {name}"),
            Named::QrCodeFor => format!("Código QR del enlace de invitación para {name}"),
            Named::ReplyCodeFrom => format!("Código de respuesta de {name}"),
            Named::Connect => format!("Conectar a {name}"),
            Named::JoinTable => format!("Unirse a la mesa de {name}"),
            Named::WaitingToStart => format!("Esperando a que {name} empiece la partida"),
            Named::NewMatchStarted => format!("{name} empezó una nueva partida: cartas nuevas, la misma mesa"),
            Named::LetBotPlay => format!("Dejar que un bot juegue por {name}"),
            Named::GiveBack => format!("Devolver su lugar a {name}"),
            Named::InviteAgain => format!("Volver a invitar a {name}"),
            Named::StunNote => format!(
                "Para conectarse, tu navegador consulta a {name} cuál es su propia dirección pública, así los amigos de otras redes pueden llegar a él."
            ),
            Named::IsDisconnected => format!("{name} se ha desconectado."),
            Named::GuestStunNote => format!("Al pulsar Unirme, tu navegador pide a {name} su dirección pública para que el anfitrión pueda alcanzarlo. Antes no se envía nada."),
            Named::SeatInLobby => format!("Lugar de {name}"),
            Named::HandOf => format!("Cartas de {name}"),
            Named::PassHeading => format!("Pasa el dispositivo a {name}"),
            Named::PassText => format!("Dale el dispositivo a {name}. Sus cartas seguirán ocultas hasta que decida mostrarlas."),
            Named::PassReady => format!("Soy {name}: mostrar mis cartas"),
        }
    }

    fn numbered(&self, text: Numbered, n: usize) -> String {
        match text {
            Numbered::PeopleCount => format!("{n} personas"),
            Numbered::SeatPlayerName => format!("Nombre del jugador {n}"),
            Numbered::SeatPlayerLevel => format!("Nivel del jugador {n}"),
            Numbered::SeatBotName => format!("Nombre del bot {n}"),
            Numbered::SeatBotLevel => format!("Nivel del bot {n}"),
        }
    }

    fn move_of(&self, step: usize, of: usize) -> String {
        format!("Jugada {step} de {of}")
    }

    fn daily_share(&self, date: &str, place: usize, of: usize, plays: usize) -> String {
        format!("ONO 99 · Reparto del día {date}: puesto {place} de {of}, {plays} jugadas")
    }

    fn decision_line(&self, hand: u32, total: &str) -> String {
        format!("Mano {hand}, total {total}")
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
