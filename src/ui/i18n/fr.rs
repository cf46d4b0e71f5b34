//! French texts. Card names follow the French rulebook ("Inverser",
//! "Jouer 2"); the sentences are our own.

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

pub struct Fr;

impl Fr {
    /// A card as a call-out names it, with its article: "un 7",
    /// "un Inverser", "une Passe", "une carte ONO 99".
    fn card_with_article(&self, card: Card, edition: Edition) -> String {
        let name = self.card_name(card, edition);
        match card {
            Card::Hold => format!("une {name}"),
            Card::NinetyNine => format!("une carte {name}"),
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
    fn key(&self, key: Key) -> &'static str {
        match key {
            Key::AppTitle => "ONO 99",
            Key::Tagline => "Gardez le total sous 99, sinon vous êtes hors jeu.",
            Key::PlayersHeading => "Joueurs",
            Key::PlayerCount => "Nombre de joueurs",
            Key::YourName => "Votre nom",
            Key::You => "Vous",
            Key::HostName => "Hôte",
            Key::EditionHeading => "Édition",
            Key::EditionModern => "Moderne (2022)",
            Key::EditionModernHelp => "112 cartes avec Jouer 2, Inverser, −10 et cartes ONO 99\u{202f}; une seule manche, le dernier joueur en lice gagne.",
            Key::EditionClassic => "Classique (1980)",
            Key::EditionClassicHelp => "54 cartes avec Passe et Double jeu\u{202f}; le total peut devenir négatif\u{202f}; trois jetons chacun.",
            Key::EditionResetNote => "Choisir une édition remet les options de règles aux valeurs de cette édition.",
            Key::CardRulesHeading => "Règles des cartes",
            Key::MatchHeading => "Format de la partie",
            Key::SpeedHeading => "Vitesse des robots",
            Key::StartGame => "Commencer la partie",
            Key::HowToPlay => "Comment jouer",
            Key::Rules => "Règles",
            Key::Back => "Retour",
            Key::Menu => "Nouvelle partie",
            Key::Table => "Table",
            Key::YourHand => "Votre main",
            Key::DrawPile => "Pioche",
            Key::DiscardPile => "Défausse",
            Key::EmptyPile => "Vide",
            Key::GameLog => "Journal de la partie",
            Key::Out => "Hors jeu",
            Key::OutOfMatch => "Hors de la partie",
            Key::Turn => "À son tour",
            Key::OwesTwo => "Doit jouer 2 fois",
            Key::YourTurn => "À vous\u{202f}: choisissez une carte.",
            Key::OnlyFourOno => "À vous\u{202f}: aucune carte n’est jouable. Défaussez vos quatre cartes ONO 99 et piochez-en quatre nouvelles.",
            Key::YouAreOut => "Vous êtes hors jeu pour cette manche. Les autres continuent.",
            Key::YouLeftMatch => "Vous n’êtes plus dans la partie. Les autres continuent.",
            Key::NextHand => "Manche suivante",
            Key::PlayAgain => "Rejouer",
            Key::NewGame => "Nouvelle partie",
            Key::Standings => "Classement",
            Key::Player => "Joueur",
            Key::Tokens => "Jetons",
            Key::Score => "Score",
            Key::Winner => "Victoire",
            Key::Dismiss => "Fermer",
            Key::LaidDown => "Cartes posées",
            Key::SpeedSlow => "Lente",
            Key::SpeedNormal => "Normale",
            Key::SpeedFast => "Rapide",
            Key::SpeedInstant => "Immédiate",
            Key::LevelEasy => "Facile",
            Key::LevelMedium => "Moyen",
            Key::LevelHard => "Difficile",
            Key::LevelRandom => "Au hasard",
            Key::Bot => "robot",
            Key::RulesTitle => "Comment jouer à ONO 99",
            Key::RulesGoalHeading => "Le but",
            Key::RulesGoal => "À tour de rôle, chacun pose une carte sur une pile commune et annonce le nouveau total, qui part de 0. Celui qui ne peut pas jouer sans amener le total à 99 ou plus est éliminé. Le dernier joueur encore en jeu gagne.",
            Key::RulesCardsHeading => "Les cartes",
            Key::RulesTurnHeading => "Votre tour",
            Key::RulesTurn1 => "Jouez une carte de votre main, annoncez le nouveau total et piochez pour revenir à quatre cartes. Le jeu pioche et additionne pour vous.",
            Key::RulesTurn2 => "Une carte numéro ajoute sa valeur. On ne peut la jouer que si le total reste sous 99.",
            Key::RulesTurn3 => "Si aucune de vos cartes ne peut être jouée, vous êtes hors jeu\u{202f}: votre main est posée face visible et la partie continue sans vous.",
            Key::RulesTurn4 => "Quand la pioche est vide, la défausse est mélangée pour former une nouvelle pioche. Le total ne bouge pas.",
            Key::RulesPlayTwoHeading => "Jouer 2",
            Key::RulesPlayTwo1 => "Un Jouer 2 oblige le joueur suivant à jouer deux cartes d’affilée, en piochant après chacune.",
            Key::RulesPlayTwo2 => "Avec la première de ces deux cartes, il peut se débarrasser de la contrainte\u{202f}: un Inverser la renvoie dans l’autre sens, un autre Jouer 2 la transmet au suivant. Dans les deux cas, son tour s’arrête aussitôt.",
            Key::RulesPlayTwo3 => "Personne ne doit jamais plus de deux coups, et si celui qui les doit se retrouve bloqué, il est éliminé et le joueur suivant joue normalement.",
            Key::RulesFourOno => "Vous n’avez que des cartes ONO 99 en main\u{202f}? À votre tour, vous pouvez les défausser toutes les quatre et en piocher quatre nouvelles. Le total ne change pas.",
            Key::RulesClassicHeading => "L’édition classique (1980)",
            Key::RulesClassic1 => "L’ancien jeu compte 54 cartes\u{202f}: les 2 à 9 en trois exemplaires, dix 10, quatre −10, six Inverser, deux Double jeu, quatre Passe et quatre cartes 99. Il n’y a ni 0 ni 1.",
            Key::RulesClassic2 => "Le total peut descendre sous zéro\u{202f}: le −10 peut donc toujours être joué. Une carte Passe n’ajoute rien et passe simplement le tour.",
            Key::RulesClassic3 => "Le Double jeu est l’ancêtre du Jouer 2. Le joueur qui doit deux coups peut le renvoyer avec un Inverser ou une Passe, mais pas y répondre par un autre Double jeu.",
            Key::RulesClassic4 => "La version classique se joue en général avec des jetons\u{202f}: chacun en a trois au départ, le premier éliminé d’une manche en perd un, et celui qui est éliminé sans jeton quitte la partie.",
            Key::RulesOptionsHeading => "Options de règles de cette partie",
            Key::RulesFormatsHeading => "Formats de partie",
            Key::RulesElimination => "Élimination\u{202f}: une seule manche, jusqu’à ce qu’il ne reste qu’un joueur. C’est lui qui gagne.",
            Key::RulesTokens => "Jetons\u{202f}: une manche s’arrête dès qu’un joueur est éliminé. Il perd un jeton, ou quitte la partie s’il n’en avait plus, et commence la manche suivante. Le dernier joueur restant gagne.",
            Key::RulesPoints => "Points\u{202f}: chaque manche est jouée jusqu’au bout, puis chacun compte les cartes qui lui restent (les numéros à leur valeur, les cartes 99 à 20, les autres cartes spéciales à 15\u{202f}; un joueur éliminé compte les cartes qu’il a posées) et chaque joueur éliminé ajoute 25. Un joueur qui atteint la limite est éliminé, ou bien la partie s’arrête et le score le plus bas l’emporte.",
            Key::RulesKeyboardHeading => "Jouer au clavier",
            Key::RulesKeyboard => "Tab passe d’une carte ou d’un bouton à l’autre (les flèches gauche et droite parcourent aussi vos cartes), Entrée ou Espace joue la carte sélectionnée. Une carte injouable explique pourquoi quand elle a le focus. Chaque coup est annoncé aux lecteurs d’écran.",
            Key::AboutHeading => "À propos",
            Key::About1 => "Ceci est une adaptation non officielle réalisée par des amateurs, pour le plaisir. Elle n’est ni affiliée à Mattel, ni approuvée ou parrainée par Mattel.",
            Key::About2 => "ONO 99 est une marque de Mattel, Inc.",
            Key::ErrorPrefix => "Interdit\u{202f}:",
            Key::SetupErrorPrefix => "Impossible de lancer cette partie\u{202f}:",
            Key::Yes => "Oui",
            Key::LeaveHeading => "Quitter cette partie\u{202f}?",
            Key::LeaveText => "La partie en cours sera perdue.",
            Key::LeaveGame => "Quitter la partie",
            Key::KeepPlaying => "Continuer à jouer",
            Key::TotalWord => "Total",
            Key::Status => "État",
            Key::Place => "Rang",
            Key::No => "Non",
            Key::SaveNoticeHeading => "Partie enregistrée non restaurée",
            Key::SaveNoticeBroken => "Votre partie enregistrée est illisible\u{202f}; elle a été mise de côté. Préparez une nouvelle partie ci-dessous.",
            Key::SaveNoticeOld => "Votre partie enregistrée vient d’une ancienne version d’ONO 99 et ne peut pas être reprise. Préparez une nouvelle partie ci-dessous.",
            Key::SaveNoticeBrokenKept => "Votre partie enregistrée est illisible. Le stockage est plein, elle n’a donc pas pu être mise de côté\u{202f}: elle est conservée telle quelle. Préparez une nouvelle partie ci-dessous.",
            Key::SaveNoticeNewer => "Votre partie enregistrée vient d’une version plus récente d’ONO 99. Elle est conservée telle quelle\u{202f}: rechargez la page pour obtenir la nouvelle version et la reprendre.",
            Key::SaveFailedFull => "Votre partie n’a pas pu être enregistrée\u{202f}: le stockage est plein. Elle continue, mais un rechargement perdrait les derniers coups.",
            Key::SaveFailedUnavailable => "Votre partie n’a pas pu être enregistrée\u{202f}: ce navigateur ne garde aucune donnée pour la page. Un rechargement la perdrait.",
            Key::SaveFailedNewerKept => "Votre partie n’a pas pu être enregistrée\u{202f}: une partie d’une version plus récente d’ONO 99 est conservée à sa place. Rechargez la page pour obtenir la nouvelle version.",
            Key::JoinButton => "Rejoindre",
            Key::GuestNoStunNote => "Aucun serveur STUN n’est défini\u{202f}: vous ne pouvez rejoindre qu’un hôte sur le même réseau.",
            Key::BadViewNotice => "L’hôte a envoyé une table que cette page n’a pas pu utiliser. Nouvelle demande en cours…",
            Key::HostOtherVersion => "La page de l’hôte utilise une autre version du jeu. Rechargez tous les deux la page, puis invitez et rejoignez à nouveau.",
            Key::Statistics => "Statistiques",
            Key::StatsTitle => "Vos statistiques",
            Key::StatsEmpty => "Aucune partie terminée pour l’instant. Jouez contre les robots pour commencer votre palmarès.",
            Key::StatsPlayed => "Jouées",
            Key::StatsWon => "Gagnées",
            Key::StatsWinRate => "Taux de victoire",
            Key::StatsBestStreak => "Meilleure série de victoires",
            Key::StatsCurrentStreak => "Série en cours",
            Key::StatsAveragePlace => "Place moyenne à l’arrivée",
            Key::StatsByEdition => "Par édition",
            Key::StatsByLevel => "Par niveau des adversaires",
            Key::StatsLevelMixed => "Niveaux mélangés",
            Key::StatsLevelPeople => "Avec d’autres personnes",
            Key::StatsReset => "Effacer les statistiques",
            Key::StatsResetHeading => "Effacer les statistiques\u{202f}?",
            Key::StatsResetText => "Toutes les parties comptées jusqu’ici seront oubliées. C’est définitif.",
            Key::StatsResetConfirm => "Effacer",
            Key::Cancel => "Annuler",
            Key::Person => "Humain",
            Key::PlayerNumbered => "Joueur",
            Key::SettingsLabel => "Réglages",
            Key::LanguageLabel => "Langue",
            Key::ReduceMotionLabel => "Réduire les animations",
            Key::HintsLabel => "Conseils",
            Key::HintMakes => "Nouveau total",
            // Table: pacing, results, explanations.
            Key::SeeTheTable => "Voir la table",
            Key::ShowTheResult => "Voir le résultat",
            Key::SkipToResult => "Passer au résultat",
            Key::YourTurnMark => "À vous",
            Key::YouOweTwoMark => "Jouez 2 fois",
            Key::NextMark => "Ensuite",
            Key::WinnerMark => "Victoire",
            Key::NewCard => "Nouvelle",
            Key::CoachPick => "Conseillée",
            Key::SinceYourTurn => "Depuis votre dernier tour",
            // Header, settings, quick play.
            Key::Close => "Fermer",
            Key::VolumeLabel => "Volume",
            Key::VolumeMuted => "Muet",
            Key::QuickPlay => "Partie rapide",
            Key::SetUpGameHeading => "Préparer une partie",
            Key::EditionModernShort => "Moderne",
            Key::EditionClassicShort => "Classique",
            Key::BotsEasy => "Robots faciles",
            Key::BotsMedium => "Robots de niveau moyen",
            Key::BotsHard => "Robots difficiles",
            Key::BotsMixed => "Robots de niveaux variés",
            // Online tables.
            Key::OnlineFriend => "Ami en ligne",
            Key::OnlineTableHeading => "Invitez vos amis",
            Key::LobbyIntro => "Envoyez à chaque ami son lien d’invitation (ou faites-lui scanner le code). Sa page affiche alors un code de réponse\u{202f}: collez-le ici et connectez-le. Rien ne passe par un serveur\u{202f}: vos navigateurs communiquent directement entre eux.",
            Key::PreparingInvite => "Préparation du lien d’invitation…",
            Key::StatusWaiting => "En attente",
            Key::StatusConnected => "Connecté",
            Key::StatusDisconnected => "Déconnecté",
            Key::BotPlayingBadge => "un robot joue pour l’instant",
            Key::LobbyNeedsEveryone => "Vous pourrez commencer la partie quand chaque ami sera connecté ou remplacé par un robot.",
            Key::InviteFailed => "Ce navigateur n’a pas pu préparer de connexion. Vérifiez les réglages réseau, ou laissez un robot prendre la place.",
            Key::CodeEmpty => "Collez d’abord le code.",
            Key::CodeTooLong => "C’est bien trop long pour un code. Copiez uniquement le code.",
            Key::CodeDamaged => "Ce code est abîmé\u{202f}: un caractère est faux ou manquant. Copiez-le de nouveau, en entier.",
            Key::CodeTruncated => "Ce code est tronqué. Copiez-le de nouveau, en entier.",
            Key::CodeIsInvite => "C’est un lien d’invitation, pas un code de réponse. Le code de réponse s’affiche sur la page de votre ami une fois le lien ouvert.",
            Key::CodeIsReply => "C’est un code de réponse, pas un lien d’invitation. Il doit être renvoyé à l’hôte.",
            Key::CodeOtherVersion => "Ce code vient d’une autre version du jeu. Rechargez tous les deux la page.",
            Key::CodeOtherSeat => "Ce code de réponse correspond à l’invitation d’un autre joueur.",
            Key::Copied => "Copié",
            Key::ReplyCode => "Code de réponse",
            Key::CopyReplyCode => "Copier le code de réponse",
            Key::PreparingReply => "Préparation de votre code de réponse…",
            Key::JoinHelp => "Renvoyez ce code de réponse à l’hôte par n’importe quelle messagerie. Gardez cette page ouverte\u{202f}: vous rejoindrez la table dès qu’il l’aura connecté.",
            Key::JoinFailed => "Ce navigateur n’a pas pu préparer de connexion. Demandez un nouveau lien d’invitation à l’hôte.",
            Key::HostLost => "La connexion avec l’hôte est perdue. La partie continue chez lui\u{202f}; demandez-lui de vous inviter à nouveau.",
            Key::LeaveTable => "Quitter la table",
            Key::Wait => "Attendre",
            Key::NetworkHeading => "Tables en ligne",
            Key::StunServer => "Serveur STUN",
            Key::StunHelp => "Permet aux amis sur d’autres réseaux de vous joindre. Laissez vide pour jouer uniquement sur le même réseau.",
            Key::TurnServer => "Serveur TURN (facultatif)",
            Key::TurnUser => "Nom d’utilisateur TURN",
            Key::TurnCredential => "Mot de passe TURN",
            Key::NoStunNote => "Aucun serveur STUN n’est défini\u{202f}: seuls les amis sur le même réseau peuvent vous rejoindre.",
            Key::BadInviteLink => "Ce lien d’invitation est cassé. Demandez à l’hôte de vous le renvoyer.",
            Key::GuestRefused => "L’hôte n’a pas accepté ce coup.",
            Key::BackToStart => "Retour à l’accueil",
            // Replays and records.
            Key::Replay => "Revoir",
            Key::ReplayHeading => "Revoir la partie",
            Key::Previous => "Précédent",
            Key::NextStep => "Suivant",
            Key::Play => "Lecture",
            Key::Pause => "Pause",
            Key::ReplayPosition => "Position dans la partie",
            Key::DownloadRecord => "Télécharger la partie",
            Key::CopyShareLink => "Copier le lien de partage",
            Key::OpenRecord => "Ouvrir un fichier de partie",
            Key::ShareLink => "Lien de partage",
            Key::RecordDoesNotReplay => "Impossible de revoir cette partie\u{202f}: ses coups ne respectent pas les règles de sa table. Rien n’a été modifié.",
            Key::RecordBroken => "Ce fichier n’est pas une partie d’ONO 99 (ou il est abîmé). Rien n’a été modifié.",
            Key::RecordTooLarge => "Ce fichier est trop volumineux pour être une partie d’ONO 99. Rien n’a été modifié.",
            Key::ShareBroken => "Ce lien de partage est cassé ou tronqué. Demandez-le de nouveau.",
            Key::RecentMatches => "Parties récentes",
            Key::NoRecentMatches => "Vos parties terminées s’afficheront ici, pour les revoir ou les partager.",
            // Today's deal.
            Key::TodaysDeal => "Donne du jour",
            Key::TodaysDealHelp => "La même donne pour tout le monde aujourd’hui\u{202f}: vous contre trois robots difficiles, règles modernes. Seul votre premier essai du jour compte.",
            Key::DailyCounted => "Donne du jour",
            Key::DailyPractice => "Donne du jour (entraînement)",
            Key::CopyResult => "Copier le résultat",
            Key::DailyDaysPlayed => "Jours joués",
            Key::DailyStreak => "Jours d’affilée",
            Key::DailyToday => "Aujourd’hui",
            Key::DailyNotYet => "pas encore joué",
            // Learn to play.
            Key::LearnToPlay => "Apprendre à jouer",
            Key::LearnHelp => "Une première partie guidée contre deux robots bienveillants\u{202f}: chaque carte est expliquée au moment où elle entre en jeu.",
            Key::Loading => "Chargement…",
            Key::LearnCoach => "Entraîneur",
            Key::LearnGotIt => "Compris",
            Key::LearnSkip => "Passer la leçon",
            Key::CoachTotalTitle => "Le total",
            Key::CoachTotalBody => "Chaque carte jouée ajoute sa valeur au total affiché au centre. Une carte qui amènerait le total à 99 ou plus ne peut pas être jouée. Après chaque coup, vous piochez\u{202f}: vous avez donc toujours quatre cartes en main. À vous de jouer\u{202f}: choisissez une des cartes qui brillent.",
            Key::CoachReverseTitle => "Inverser",
            Key::CoachReverseBody => "Un Inverser n’ajoute rien et inverse le sens du jeu. Il peut toujours être joué\u{202f}: c’est une porte de sortie quand le total est élevé.",
            Key::CoachPlayTwoTitle => "Jouer 2",
            Key::CoachPlayTwoBody => "Un Jouer 2 n’ajoute rien, et le joueur suivant doit jouer deux coups d’affilée. Celui qui doit ces deux coups peut transmettre la contrainte avec un Inverser ou avec son propre Jouer 2.",
            Key::CoachMinusTenTitle => "−10",
            Key::CoachMinusTenBody => "Un −10 retire dix au total, à condition que le total reste à 0 ou plus. Gardez-le pour le moment où le total grimpe.",
            Key::CoachNinetyNineTitle => "La carte ONO 99",
            Key::CoachNinetyNineBody => "La carte ONO 99 ne peut jamais être jouée\u{202f}: elle ne fait qu’encombrer votre main. Plus vous en avez, moins il vous reste de coups possibles.",
            Key::CoachFourOnoTitle => "Quatre cartes ONO 99",
            Key::CoachFourOnoBody => "Si vos quatre cartes en main sont des cartes ONO 99, vous pouvez les défausser toutes les quatre en guise de coup et en piocher quatre nouvelles. Le total ne change pas.",
            Key::CoachOutTitle => "Hors jeu",
            Key::CoachOutBody => "Un joueur qui n’a aucune carte jouable à son tour est hors jeu pour la manche\u{202f}: ses cartes sont posées face visible sur la table. Le dernier joueur encore en jeu gagne, alors gardez une petite carte ou un Inverser pour le moment où le total sera élevé.",
            Key::CoachDoneTitle => "Vous connaissez toutes les cartes",
            Key::CoachDoneBody => "Gardez le total sous 99, réservez un Inverser ou un −10 pour quand il grimpe, et soyez le dernier en jeu. Rejouer garde cette table\u{202f}; Nouvelle partie vous laisse choisir les joueurs et les règles.",
            // Review my plays.
            Key::ReviewMyPlays => "Analyser mes coups",
            Key::ReviewHeading => "Analyse de vos coups",
            Key::ReviewProgress => "Évaluation de toutes les options de vos décisions…",
            Key::ReviewCancelled => "Analyse interrompue. Les décisions déjà évaluées restent affichées ci-dessous.",
            Key::LabelBest => "Meilleur coup",
            Key::LabelGood => "Bon coup",
            Key::LabelInaccuracy => "Imprécision",
            Key::LabelMistake => "Erreur",
            Key::ReviewYouPlayed => "Vous avez joué",
            Key::ReviewOwesTwo => "vous deviez jouer deux fois",
            Key::ReviewChance => "Chances de gagner de chaque option, d’après ce que vous pouviez voir à ce moment-là",
            Key::ReviewNoDecisions => "Vous n’avez eu aucun choix à faire dans cette partie\u{202f}: tous vos coups étaient forcés.",
            Key::ReviewHand => "Votre main",
            Key::ReviewColPlay => "Coup",
            Key::ReviewColTotal => "Total après",
            Key::ReviewColStuck => "Suivant bloqué",
            Key::ReviewColWin => "Chances de gagner",
            Key::ReviewColVerdict => "Verdict",
            Key::ReviewOpenReplay => "Ouvrir dans la rediffusion",
            Key::ReviewExplain => "Chances de gagner\u{202f}: la part des parties gagnées quand la suite du match est jouée de nombreuses fois à partir de ce que vous voyiez alors. Suivant bloqué\u{202f}: le risque que le joueur suivant n’ait aucune carte jouable.",
            Key::ReviewYours => "votre coup",
        }
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

    fn play_card(&self, card: Card, edition: Edition) -> String {
        format!("Poser {}", self.card_name(card, edition))
    }

    fn discard_four(&self, edition: Edition) -> String {
        format!(
            "Défausser quatre {}",
            self.card_name(Card::NinetyNine, edition)
        )
    }

    fn total_label(&self, total: i32) -> String {
        format!("Total {}", number(total))
    }

    fn card_effect(&self, card: Card, edition: Edition) -> &'static str {
        match (card, edition) {
            (Card::Number(_), _) => "Ajoute sa valeur au total.",
            (Card::MinusTen, Edition::Modern) => {
                "Retire 10 au total, sans descendre sous 0 (sauf si les options le permettent)."
            }
            (Card::MinusTen, Edition::Classic) => {
                "Retire 10 au total\u{202f}; il peut devenir négatif."
            }
            (Card::Reverse, _) => "N’ajoute rien et inverse le sens du jeu.",
            (Card::PlayTwo, Edition::Modern) => {
                "N’ajoute rien\u{202f}; le joueur suivant doit jouer deux cartes."
            }
            (Card::PlayTwo, Edition::Classic) => {
                "N’ajoute rien\u{202f}; le joueur suivant doit jouer deux cartes, dont la première ne peut pas être un autre Double jeu."
            }
            (Card::Hold, _) => "N’ajoute rien\u{202f}; le tour passe simplement.",
            (Card::NinetyNine, _) => {
                "Injouable avec les règles habituelles\u{202f}: elle ne fait qu’encombrer votre main."
            }
        }
    }

    fn reason(&self, err: &RuleError, edition: Edition, to_act_name: &str) -> String {
        match err {
            RuleError::MatchOver => "la partie est terminée".to_string(),
            RuleError::NotYourTurn { .. } => format!("c’est à {to_act_name} de jouer"),
            RuleError::CardNotInHand { .. } => "cette carte n’est pas dans votre main".to_string(),
            RuleError::TotalTooHigh {
                lose_at: LoseAt::Reach99,
                ..
            } => "le total atteindrait 99".to_string(),
            RuleError::TotalTooHigh {
                lose_at: LoseAt::Exceed99,
                ..
            } => "le total dépasserait 99".to_string(),
            RuleError::BelowZero { .. } => "le total ne peut pas passer sous 0".to_string(),
            RuleError::NinetyNineDead => format!(
                "les cartes {} ne se jouent pas",
                self.card_name(Card::NinetyNine, edition)
            ),
            RuleError::NinetyNineNotOnTen { .. } => {
                "une carte 99 demande un total multiple de dix".to_string()
            }
            RuleError::NinetyNineOncePerTurn => "une seule carte 99 par tour".to_string(),
            RuleError::CannotOpenWithDoublePlay => {
                "on ne répond pas à un Double jeu par un Double jeu".to_string()
            }
            RuleError::FourOnoDiscardOff => {
                "la défausse des quatre cartes est désactivée dans ces règles".to_string()
            }
            RuleError::NotFourOno => "il faut quatre cartes 99 et rien d’autre".to_string(),
        }
    }

    fn setup_error(&self, err: &SetupError) -> String {
        match err {
            SetupError::SeatCount(n) => format!("une partie se joue de 2 à 8 joueurs, pas {n}."),
            SetupError::Option(OptionError::BadValue { option, value, .. }) => {
                format!(
                    "«\u{a0}{}\u{a0}» ne peut pas valoir {value}.",
                    self.option_label(*option)
                )
            }
            _ => "ces règles ne permettent pas de jouer.".to_string(),
        }
    }

    fn turn_prompt(&self, step: TurnStep, edition: Edition) -> String {
        match (step, edition) {
            (TurnStep::Single, _) => self.key(Key::YourTurn).to_string(),
            (TurnStep::FirstOfTwo, Edition::Modern) => {
                "Jouer 2\u{202f}: vous devez jouer deux cartes. Renvoyez-le avec un Inverser ou un Jouer 2, ou jouez votre première carte."
                    .to_string()
            }
            (TurnStep::FirstOfTwo, Edition::Classic) => {
                "Double jeu\u{202f}: vous devez jouer deux cartes. Renvoyez-le avec un Inverser ou une Passe, ou jouez votre première carte."
                    .to_string()
            }
            (TurnStep::SecondOfTwo, _) => "Jouez maintenant votre deuxième carte.".to_string(),
        }
    }

    fn waiting_for(&self, name: &str) -> String {
        format!("{name} réfléchit…")
    }

    fn direction(&self, d: Direction) -> &'static str {
        match d {
            Direction::Clockwise => "Sens horaire",
            Direction::Counterclockwise => "Sens antihoraire",
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

    fn cards_count(&self, n: usize) -> String {
        match n {
            0 | 1 => format!("{n} carte"),
            n => format!("{n} cartes"),
        }
    }

    fn tokens_count(&self, n: u8) -> String {
        match n {
            0 | 1 => format!("{n} jeton"),
            n => format!("{n} jetons"),
        }
    }

    fn points_count(&self, n: u32) -> String {
        match n {
            0 | 1 => format!("{n} point"),
            n => format!("{n} points"),
        }
    }

    fn seat_label(&self, name: &str, l: Level) -> String {
        format!("{name}, {}", self.bot_level(l).to_ascii_lowercase())
    }

    fn player_count(&self, n: usize) -> String {
        format!("{n} joueurs")
    }

    fn bot_heading(&self, index: usize) -> String {
        format!("Robot {index}")
    }

    fn option_label(&self, option: RuleOption) -> &'static str {
        match option {
            RuleOption::Negatives => "−10 près de zéro",
            RuleOption::NinetyNine => "Cartes 99",
            RuleOption::LoseAt => "Limite",
            RuleOption::FourOnoDiscard => "Défausse des quatre ONO",
            RuleOption::Format => "Format",
            RuleOption::Tokens => "Jetons par joueur",
            RuleOption::PointsLimit => "Limite de points",
            RuleOption::PointsEnd => "Quand un joueur atteint la limite",
        }
    }

    fn option_help(&self, option: RuleOption) -> &'static str {
        match option {
            RuleOption::Negatives => "Ce que peut faire un −10 quand le total est inférieur à 10.",
            RuleOption::NinetyNine => "Si les cartes 99 peuvent être jouées, et leur effet.",
            RuleOption::LoseAt => "Quels totaux sont trop élevés pour y jouer.",
            RuleOption::FourOnoDiscard => "Un joueur qui tient quatre cartes ONO 99 peut toutes les défausser et en piocher quatre autres.",
            RuleOption::Format => "Comment les manches forment une partie.",
            RuleOption::Tokens => "Vies de départ de chaque joueur dans le format à jetons (de 1 à 9).",
            RuleOption::PointsLimit => "Le score qui met fin à la partie d’un joueur dans le format aux points.",
            RuleOption::PointsEnd => "Dans le format aux points\u{202f}: ce joueur est éliminé, ou la partie s’arrête et le score le plus bas l’emporte.",
        }
    }

    fn negatives(&self, v: Negatives) -> &'static str {
        match v {
            Negatives::Forbid => "Interdit sous 10",
            Negatives::Allow => "Autorisé, le total peut être négatif",
            Negatives::Floor => "Autorisé, le total s’arrête à 0",
        }
    }

    fn ninety_nine(&self, v: NinetyNine) -> &'static str {
        match v {
            NinetyNine::Dead => "Jamais jouables",
            NinetyNine::DeadButTens => "Jouables comme une Passe sur les dizaines",
            NinetyNine::Sets99 => "Mettent le total à 99",
        }
    }

    fn lose_at(&self, v: LoseAt) -> &'static str {
        match v {
            LoseAt::Reach99 => "Atteindre 99 ou plus",
            LoseAt::Exceed99 => "Dépasser 99",
        }
    }

    fn format_name(&self, v: Format) -> &'static str {
        match v {
            Format::Elimination => "Élimination (une manche)",
            Format::Tokens => "Jetons (vies)",
            Format::Points => "Points",
        }
    }

    fn points_end(&self, v: PointsEnd) -> &'static str {
        match v {
            PointsEnd::Knockout => "Ce joueur est éliminé",
            PointsEnd::Lowest => "La partie s’arrête, le score le plus bas gagne",
        }
    }

    fn callout(&self, callout: &Callout, edition: Edition) -> String {
        let card = |c: Card| self.card_name(c, edition);
        match callout {
            Callout::HandDealt { hand, first: who } => match who {
                Who::You => format!("Début de la manche {hand}. Vous commencez."),
                Who::Named(n) => format!("Début de la manche {hand}. {n} commence."),
            },
            Callout::Played {
                who,
                card: c,
                total,
            } => {
                let c = self.card_with_article(*c, edition);
                match who {
                    Who::You => format!("Vous posez {c} — total {}", number(*total)),
                    Who::Named(n) => format!("{n} pose {c} — total {}", number(*total)),
                }
            }
            Callout::DiscardedFour { who, total } => {
                let four = card(Card::NinetyNine);
                match who {
                    Who::You => format!(
                        "Vous défaussez quatre cartes {four} — total {}",
                        number(*total)
                    ),
                    Who::Named(n) => format!(
                        "{n} défausse quatre cartes {four} — total {}",
                        number(*total)
                    ),
                }
            }
            Callout::YouDrew { card: c } => {
                format!("Vous piochez {}", self.card_with_article(*c, edition))
            }
            Callout::Reshuffled => {
                "La défausse est mélangée pour former une nouvelle pioche.".to_string()
            }
            Callout::DirectionChanged { direction } => {
                format!(
                    "Le jeu tourne désormais dans le {}.",
                    self.direction(*direction).to_ascii_lowercase()
                )
            }
            Callout::OwesTwo { who } => {
                let p2 = card(Card::PlayTwo);
                match who {
                    Who::You => format!("{p2}\u{202f}: vous devez jouer deux cartes"),
                    Who::Named(n) => format!("{p2}\u{202f}: {n} doit jouer deux cartes"),
                }
            }
            Callout::Out {
                who,
                why: Some(why),
            } => {
                let d = super::out_detail(self, why, edition);
                match who {
                    Who::You => format!("Vous êtes hors jeu\u{202f}: {d}"),
                    Who::Named(n) => format!("{n} est hors jeu\u{202f}: {d}"),
                }
            }
            Callout::Out { who, why: None } => match who {
                Who::You => "Vous êtes hors jeu".to_string(),
                Who::Named(n) => format!("{n} est hors jeu"),
            },
            Callout::HandLost { hand, who } => match who {
                Who::You => format!("Fin de la manche {hand}\u{202f}: vous perdez un jeton."),
                Who::Named(n) => format!("Fin de la manche {hand}\u{202f}: {n} perd un jeton."),
            },
            Callout::HandLastIn { hand, who } => match who {
                Who::You => format!("Fin de la manche {hand}\u{202f}: vous tenez jusqu’au bout."),
                Who::Named(n) => {
                    format!("Fin de la manche {hand}\u{202f}: {n} tient jusqu’au bout.")
                }
            },
            Callout::HandOver { hand } => format!("Fin de la manche {hand}."),
            Callout::LeftMatch { who } => match who {
                Who::You => "Vous quittez la partie.".to_string(),
                Who::Named(n) => format!("{n} quitte la partie."),
            },
            Callout::MatchOver { winners } => self.winners_line(winners),
        }
    }

    fn winners_line(&self, winners: &[Who]) -> String {
        match winners {
            [] => "La partie est terminée.".to_string(),
            [Who::You] => "Vous gagnez la partie\u{202f}!".to_string(),
            [Who::Named(n)] => format!("{n} gagne la partie\u{202f}!"),
            many => format!("Victoire partagée entre {}\u{202f}!", name_list(many)),
        }
    }

    fn hand_over_heading(&self, hand: u32) -> String {
        format!("Fin de la manche {hand}")
    }

    fn hand_number(&self, hand: u32) -> String {
        format!("Manche {hand}")
    }

    fn went_out_line(&self, who: &Who) -> String {
        match who {
            Who::You => "Vous sortez de la manche et perdez un jeton.".to_string(),
            Who::Named(n) => format!("{n} sort de la manche et perd un jeton."),
        }
    }

    fn last_in_line(&self, who: &Who) -> String {
        match who {
            Who::You => "Vous tenez jusqu’au bout.".to_string(),
            Who::Named(n) => format!("{n} tient jusqu’au bout."),
        }
    }

    fn leaves_line(&self, who: &Who) -> String {
        match who {
            Who::You => "Vous quittez la partie.".to_string(),
            Who::Named(n) => format!("{n} quitte la partie."),
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

    fn headroom(&self, room: i32, highest: i32) -> String {
        format!("Jusqu’à {}\u{202f}: +{}", number(highest), number(room))
    }

    fn at_total(&self, total: i32) -> String {
        format!("total à {}", number(total))
    }

    fn and_word(&self) -> &'static str {
        "et"
    }

    fn review_summary(&self, decisions: usize, counts: [usize; 4]) -> String {
        // French puts 0 and 1 in the singular: "0 décision", "1 erreur".
        let words = [
            ("meilleur coup", "meilleurs coups"),
            ("bon coup", "bons coups"),
            ("imprécision", "imprécisions"),
            ("erreur", "erreurs"),
        ];
        let parts: Vec<String> = counts
            .iter()
            .zip(words)
            .filter(|(n, _)| **n > 0)
            .map(|(&n, (one, many))| format!("{n} {}", if n == 1 { one } else { many }))
            .collect();
        let head = if decisions <= 1 {
            format!("{decisions} décision")
        } else {
            format!("{decisions} décisions")
        };
        if parts.is_empty() {
            head
        } else {
            format!("{head}\u{202f}: {}", parts.join(", "))
        }
    }

    fn named(&self, text: Named, name: &str) -> String {
        match text {
            Named::InviteLinkFor => format!("Lien d’invitation pour {name}"),
            Named::CopyInviteLinkFor => format!("Copier le lien d’invitation pour {name}"),
            Named::QrCodeFor => format!("Code QR du lien d’invitation pour {name}"),
            Named::ReplyCodeFrom => format!("Code de réponse de {name}"),
            Named::Connect => format!("Connecter {name}"),
            Named::JoinTable => format!("Rejoindre la table de {name}"),
            Named::WaitingToStart => format!("On attend que {name} lance la partie"),
            Named::NewMatchStarted => format!("{name} a lancé une nouvelle partie\u{202f}: nouvelles cartes, même table"),
            Named::LetBotPlay => format!("Laisser un robot jouer pour {name}"),
            Named::GiveBack => format!("Rendre sa place à {name}"),
            Named::InviteAgain => format!("Inviter {name} à nouveau"),
            Named::StunNote => format!(
                "Pour se connecter, votre navigateur obtient son adresse publique auprès de {name}, afin que des amis sur d’autres réseaux puissent le joindre."
            ),
            Named::IsDisconnected => format!("{name} a perdu la connexion."),
            Named::GuestStunNote => format!("Quand vous appuyez sur Rejoindre, votre navigateur demande à {name} son adresse publique pour que l’hôte puisse le joindre. Rien n’est envoyé avant."),
            Named::SeatInLobby => format!("Place de {name}"),
            Named::HandOf => format!("Cartes de {name}"),
            Named::PassHeading => format!("Passez l’appareil à {name}"),
            Named::PassText => format!("Donnez l’appareil à {name}. Ses cartes ne s’afficheront qu’à sa demande."),
            Named::PassReady => format!("Je suis {name}\u{202f}: montrer mes cartes"),
        }
    }

    fn numbered(&self, text: Numbered, n: usize) -> String {
        match text {
            Numbered::PeopleCount => format!("{n} personnes"),
            Numbered::SeatPlayerName => format!("Nom du joueur {n}"),
            Numbered::SeatPlayerLevel => format!("Niveau du joueur {n}"),
            Numbered::SeatBotName => format!("Nom du robot {n}"),
            Numbered::SeatBotLevel => format!("Niveau du robot {n}"),
        }
    }

    fn move_of(&self, step: usize, of: usize) -> String {
        format!("Coup {step} sur {of}")
    }

    fn daily_share(&self, date: &str, place: usize, of: usize, plays: usize) -> String {
        format!("ONO 99 · Donne du jour {date}\u{202f}: rang {place} sur {of}, {plays} coups")
    }

    fn decision_line(&self, hand: u32, total: &str) -> String {
        format!("Manche {hand}, total {total}")
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
