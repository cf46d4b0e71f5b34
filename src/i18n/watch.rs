//! The texts of watchers and the watch link (issue 31), in the four
//! languages at once: only the whole app shows them (online tables are
//! not in the first download), and keeping them in one file of their own
//! keeps them out of the first download's texts and away from the other
//! online texts being written beside them.

use super::Lang;

/// A text of the watch link and of a watcher's page.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum WatchText {
    /// The lobby's heading over the watch link.
    WatchLink,
    WatchLinkHelp,
    CopyWatchLink,
    WatchLinkQr,
    /// The host turns the watch link off: every watcher leaves.
    StopSharing,
    /// After stopping: a new watch link.
    ShareAgain,
    /// The lobby, while the watch link is off.
    NotShared,
    /// A watcher's page before connecting: the button.
    Watch,
    /// A watcher leaves the table.
    Leave,
}

impl WatchText {
    /// Every text, for the completeness test.
    pub const ALL: &'static [WatchText] = &[
        WatchText::WatchLink,
        WatchText::WatchLinkHelp,
        WatchText::CopyWatchLink,
        WatchText::WatchLinkQr,
        WatchText::StopSharing,
        WatchText::ShareAgain,
        WatchText::NotShared,
        WatchText::Watch,
        WatchText::Leave,
    ];
}

/// `text` in `lang` (English while `lang`'s fixed texts are not installed,
/// as every other text).
pub fn watch_text(lang: Lang, text: WatchText) -> &'static str {
    use WatchText as W;
    match (lang.shown(), text) {
        (Lang::En, W::WatchLink) => "Watch link",
        (Lang::En, W::WatchLinkHelp) => "Anyone who opens this link sees the table as it is played: the seats, the pile, the total and what happens, never a card of any hand. They take no seat and can come and go at any time.",
        (Lang::En, W::CopyWatchLink) => "Copy the watch link",
        (Lang::En, W::WatchLinkQr) => "The watch link as a QR code",
        (Lang::En, W::StopSharing) => "Stop sharing",
        (Lang::En, W::ShareAgain) => "Share a new watch link",
        (Lang::En, W::NotShared) => "Nobody can watch: the watch link is off.",
        (Lang::En, W::Watch) => "Watch",
        (Lang::En, W::Leave) => "Leave",
        (Lang::Es, W::WatchLink) => "Enlace para mirar",
        (Lang::Es, W::WatchLinkHelp) => "Quien abra este enlace ve la mesa mientras se juega: los asientos, la pila, el total y lo que pasa, nunca una carta de ninguna mano. No ocupa asiento y puede entrar y salir cuando quiera.",
        (Lang::Es, W::CopyWatchLink) => "Copiar el enlace para mirar",
        (Lang::Es, W::WatchLinkQr) => "El enlace para mirar como código QR",
        (Lang::Es, W::StopSharing) => "Dejar de compartir",
        (Lang::Es, W::ShareAgain) => "Compartir un nuevo enlace para mirar",
        (Lang::Es, W::NotShared) => "Nadie puede mirar: el enlace para mirar está desactivado.",
        (Lang::Es, W::Watch) => "Mirar",
        (Lang::Es, W::Leave) => "Salir",
        (Lang::Fr, W::WatchLink) => "Lien pour regarder",
        (Lang::Fr, W::WatchLinkHelp) => "Qui ouvre ce lien voit la table pendant la partie\u{202f}: les places, la pile, le total et ce qui se passe, jamais une carte d’une main. Il ne prend aucune place et peut aller et venir à tout moment.",
        (Lang::Fr, W::CopyWatchLink) => "Copier le lien pour regarder",
        (Lang::Fr, W::WatchLinkQr) => "Le lien pour regarder en code QR",
        (Lang::Fr, W::StopSharing) => "Arrêter le partage",
        (Lang::Fr, W::ShareAgain) => "Partager un nouveau lien pour regarder",
        (Lang::Fr, W::NotShared) => "Personne ne peut regarder\u{202f}: le lien pour regarder est coupé.",
        (Lang::Fr, W::Watch) => "Regarder",
        (Lang::Fr, W::Leave) => "Partir",
        (Lang::Pt, W::WatchLink) => "Link para assistir",
        (Lang::Pt, W::WatchLinkHelp) => "Quem abrir este link vê a mesa enquanto se joga: os lugares, a pilha, o total e o que acontece, nunca uma carta de nenhuma mão. Não ocupa lugar e pode entrar e sair quando quiser.",
        (Lang::Pt, W::CopyWatchLink) => "Copiar o link para assistir",
        (Lang::Pt, W::WatchLinkQr) => "O link para assistir como código QR",
        (Lang::Pt, W::StopSharing) => "Parar de compartilhar",
        (Lang::Pt, W::ShareAgain) => "Compartilhar um novo link para assistir",
        (Lang::Pt, W::NotShared) => "Ninguém pode assistir: o link para assistir está desligado.",
        (Lang::Pt, W::Watch) => "Assistir",
        (Lang::Pt, W::Leave) => "Sair",
    }
}

/// A watcher's heading: "Watching Ana's table".
pub fn watching_table(lang: Lang, host: &str) -> String {
    match lang.shown() {
        Lang::En => format!("Watching {host}'s table"),
        Lang::Es => format!("Mirando la mesa de {host}"),
        Lang::Fr => format!("Vous regardez la table de {host}"),
        Lang::Pt => format!("Assistindo à mesa de {host}"),
    }
}

/// How many watch the host's table: "2 watching".
pub fn watching_count(lang: Lang, count: usize) -> String {
    match (lang.shown(), count) {
        (Lang::En, n) => format!("{n} watching"),
        (Lang::Es, n) => format!("{n} mirando"),
        (Lang::Fr, 1) => "1 spectateur".to_string(),
        (Lang::Fr, n) => format!("{n} spectateurs"),
        (Lang::Pt, n) => format!("{n} assistindo"),
    }
}

/// A watcher's page once the host turned the watch link off.
pub fn stopped_sharing(lang: Lang, host: &str) -> String {
    match lang.shown() {
        Lang::En => format!("{host} stopped sharing the table."),
        Lang::Es => format!("{host} dejó de compartir la mesa."),
        Lang::Fr => format!("{host} a arrêté de partager la table."),
        Lang::Pt => format!("{host} parou de compartilhar a mesa."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_is_written_and_french_spaces_its_colons() {
        for lang in Lang::ALL {
            for &text in WatchText::ALL {
                let words = watch_text(lang, text);
                assert!(!words.trim().is_empty(), "{lang:?} {text:?}");
                if lang == Lang::Fr {
                    for mark in [':', '!', '?'] {
                        for (i, _) in words.match_indices(mark) {
                            assert!(words[..i].ends_with('\u{202f}'), "{text:?}: {words}");
                        }
                    }
                }
            }
            assert!(watching_table(lang, "Ana").contains("Ana"));
            assert!(watching_count(lang, 2).contains('2'));
            assert!(stopped_sharing(lang, "Ana").contains("Ana"));
        }
    }
}
