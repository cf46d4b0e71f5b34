//! The texts of a host's resumed match, the turn limit and a friend's
//! stand-in (issue 36), in the four languages at once: only the whole app
//! shows them (online tables are not in the first download), and keeping
//! them in one file of their own keeps them out of the first download's
//! texts and away from the other online texts being written beside them
//! (as `watch.rs`).

use super::Lang;

/// A text of the lobby's resumed match, its turn limit, and a friend's
/// page waiting for the host or played by a stand-in.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum FriendsText {
    /// The lobby after a host's reload: the heading over the match's line.
    MatchInProgress,
    /// Its one button.
    Resume,
    /// Why Resume waits.
    ResumeWaits,
    /// The lobby's choice of a turn limit.
    TurnLimit,
    TurnLimitOff,
    TurnLimitHelp,
    /// A friend's page while a stand-in bot plays their seat.
    StoodIn,
    /// Its button: the friend takes the seat back.
    ImBack,
}

impl FriendsText {
    /// Every text, for the completeness test.
    pub const ALL: &'static [FriendsText] = &[
        FriendsText::MatchInProgress,
        FriendsText::Resume,
        FriendsText::ResumeWaits,
        FriendsText::TurnLimit,
        FriendsText::TurnLimitOff,
        FriendsText::TurnLimitHelp,
        FriendsText::StoodIn,
        FriendsText::ImBack,
    ];
}

/// `text` in `lang` (English while `lang`'s fixed texts are not installed,
/// as every other text).
pub fn friends_text(lang: Lang, text: FriendsText) -> &'static str {
    use FriendsText as F;
    match (lang.shown(), text) {
        (Lang::En, F::MatchInProgress) => "Match in progress",
        (Lang::En, F::Resume) => "Resume the match",
        (Lang::En, F::ResumeWaits) => "Your friends come back by themselves: Resume is ready once each one is back, or plays as a bot.",
        (Lang::En, F::TurnLimit) => "Turn limit",
        (Lang::En, F::TurnLimitOff) => "Off",
        (Lang::En, F::TurnLimitHelp) => "A friend silent this long on their turn is replaced by a bot until they say they are back.",
        (Lang::En, F::StoodIn) => "A bot is playing for you while you were away.",
        (Lang::En, F::ImBack) => "I'm back: let me play",
        (Lang::Es, F::MatchInProgress) => "Partida en curso",
        (Lang::Es, F::Resume) => "Reanudar la partida",
        (Lang::Es, F::ResumeWaits) => "Tus amigos vuelven solos: podrás reanudar cuando cada uno haya vuelto o lo sustituya un bot.",
        (Lang::Es, F::TurnLimit) => "Tiempo por turno",
        (Lang::Es, F::TurnLimitOff) => "Sin límite",
        (Lang::Es, F::TurnLimitHelp) => "Un amigo que no juega en su turno durante este tiempo es sustituido por un bot hasta que diga que ha vuelto.",
        (Lang::Es, F::StoodIn) => "Un bot juega por ti mientras no estabas.",
        (Lang::Es, F::ImBack) => "Ya estoy aquí: quiero jugar",
        (Lang::Fr, F::MatchInProgress) => "Partie en cours",
        (Lang::Fr, F::Resume) => "Reprendre la partie",
        (Lang::Fr, F::ResumeWaits) => "Vos amis reviennent d’eux-mêmes\u{202f}: vous pourrez reprendre quand chacun sera revenu ou remplacé par un robot.",
        (Lang::Fr, F::TurnLimit) => "Temps par tour",
        (Lang::Fr, F::TurnLimitOff) => "Sans limite",
        (Lang::Fr, F::TurnLimitHelp) => "Un ami qui ne joue pas pendant ce temps à son tour est remplacé par un robot jusqu’à ce qu’il dise qu’il est revenu.",
        (Lang::Fr, F::StoodIn) => "Un robot joue pour vous pendant votre absence.",
        (Lang::Fr, F::ImBack) => "Je suis là\u{202f}: je reprends ma place",
        (Lang::Pt, F::MatchInProgress) => "Jogo em andamento",
        (Lang::Pt, F::Resume) => "Retomar o jogo",
        (Lang::Pt, F::ResumeWaits) => "Seus amigos voltam sozinhos: você poderá retomar quando cada um tiver voltado ou for substituído por um robô.",
        (Lang::Pt, F::TurnLimit) => "Tempo por vez",
        (Lang::Pt, F::TurnLimitOff) => "Sem limite",
        (Lang::Pt, F::TurnLimitHelp) => "Um amigo que não joga na sua vez durante esse tempo é substituído por um robô até dizer que voltou.",
        (Lang::Pt, F::StoodIn) => "Um robô está jogando por você enquanto você estava fora.",
        (Lang::Pt, F::ImBack) => "Voltei: quero jogar",
    }
}

/// The lobby's line of a resumed match: "Hand 2 · 14 plays".
pub fn match_progress(lang: Lang, hand: u32, plays: usize) -> String {
    match (lang.shown(), plays) {
        (Lang::En, 1) => format!("Hand {hand} · 1 play"),
        (Lang::En, n) => format!("Hand {hand} · {n} plays"),
        (Lang::Es, 1) => format!("Mano {hand} · 1 jugada"),
        (Lang::Es, n) => format!("Mano {hand} · {n} jugadas"),
        (Lang::Fr, 1) => format!("Manche {hand} · 1 coup joué"),
        (Lang::Fr, n) => format!("Manche {hand} · {n} coups joués"),
        (Lang::Pt, 1) => format!("Rodada {hand} · 1 jogada"),
        (Lang::Pt, n) => format!("Rodada {hand} · {n} jogadas"),
    }
}

/// A turn limit of `seconds`, as the lobby offers it: "60 s".
pub fn turn_seconds(lang: Lang, seconds: u32) -> String {
    match lang.shown() {
        Lang::En | Lang::Es | Lang::Fr | Lang::Pt => format!("{seconds} s"),
    }
}

/// A friend's page, its table kept, while the host's page is away (it
/// reloaded, or lost its connection): "Waiting for Hana to come back…".
pub fn waiting_for_host(lang: Lang, host: &str) -> String {
    match lang.shown() {
        Lang::En => format!("Waiting for {host} to come back to the table…"),
        Lang::Es => format!("Esperando a que {host} vuelva a la mesa…"),
        Lang::Fr => format!("On attend que {host} revienne à la table…"),
        Lang::Pt => format!("Esperando {host} voltar à mesa…"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_is_written_and_french_spaces_its_colons() {
        for lang in Lang::ALL {
            for &text in FriendsText::ALL {
                let words = friends_text(lang, text);
                assert!(!words.trim().is_empty(), "{lang:?} {text:?}");
                if lang == Lang::Fr {
                    for mark in [':', '!', '?'] {
                        for (i, _) in words.match_indices(mark) {
                            assert!(words[..i].ends_with('\u{202f}'), "{text:?}: {words}");
                        }
                    }
                }
            }
            let line = match_progress(lang, 2, 14);
            assert!(line.contains('2') && line.contains("14"), "{line}");
            assert!(turn_seconds(lang, 60).contains("60"));
            assert!(waiting_for_host(lang, "Hana").contains("Hana"));
        }
    }
}
