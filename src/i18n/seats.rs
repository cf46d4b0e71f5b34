//! The texts of seats that belong to their players (issue 36): a friend
//! asking for a held seat, the host's answer, a page replaced by its
//! player's new tab. In the four languages at once, like the watchers'
//! texts: only the whole app shows them.

use super::Lang;

/// A text about a held seat; the names it needs are its fields.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SeatText<'a> {
    /// A friend's page while the host is asked.
    Asking { holder: &'a str },
    /// A friend's page: the host kept the seat for its player.
    Kept { holder: &'a str },
    /// A friend's page that another tab of theirs replaced.
    Replaced,
    /// The button that takes the seat back on that page.
    PlayHere,
    /// A friend's page before Join, when this browser held a seat here.
    Returning { name: &'a str },
    /// The host's page: someone asks for a held seat.
    Request { asker: &'a str, holder: &'a str },
    /// The host lets them.
    Allow,
    /// The host keeps the seat for its player.
    Refuse,
    /// The Allow button's full name for screen readers.
    AllowLabel { asker: &'a str, holder: &'a str },
    /// The Refuse button's full name.
    RefuseLabel { asker: &'a str, holder: &'a str },
}

impl SeatText<'static> {
    /// Every text with sample names, for the completeness test.
    pub const ALL: &'static [SeatText<'static>] = &[
        SeatText::Asking { holder: "Leo" },
        SeatText::Kept { holder: "Leo" },
        SeatText::Replaced,
        SeatText::PlayHere,
        SeatText::Returning { name: "Leo" },
        SeatText::Request {
            asker: "Kim",
            holder: "Leo",
        },
        SeatText::Allow,
        SeatText::Refuse,
        SeatText::AllowLabel {
            asker: "Kim",
            holder: "Leo",
        },
        SeatText::RefuseLabel {
            asker: "Kim",
            holder: "Leo",
        },
    ];
}

/// `text` in `lang` (English while `lang`'s fixed texts are not
/// installed, as every other text).
pub fn seat_text(lang: Lang, text: &SeatText<'_>) -> String {
    use SeatText as S;
    match (lang.shown(), text) {
        (Lang::En, S::Asking { holder }) => format!("This seat is {holder}’s, and {holder} is away. The host has been asked to let you take it: wait here."),
        (Lang::En, S::Kept { holder }) => format!("The host keeps this seat for {holder}. Ask the host for another way in."),
        (Lang::En, S::Replaced) => "You opened this table in another tab or window: your seat is played there now.".into(),
        (Lang::En, S::PlayHere) => "Play here instead".into(),
        (Lang::En, S::Returning { name }) => format!("You sat at this table as {name}: Join takes your seat back."),
        (Lang::En, S::Request { asker, holder }) => format!("{asker} asks to take {holder}’s seat. {holder}’s cards until now stay hidden from {asker}."),
        (Lang::En, S::Allow) => "Allow".into(),
        (Lang::En, S::Refuse) => "Refuse".into(),
        (Lang::En, S::AllowLabel { asker, holder }) => format!("Allow {asker} to take {holder}’s seat"),
        (Lang::En, S::RefuseLabel { asker, holder }) => format!("Keep {holder}’s seat for {holder}, not {asker}"),
        (Lang::Es, S::Asking { holder }) => format!("Este asiento es de {holder}, que no está. Se le ha pedido al anfitrión que te deje ocuparlo: espera aquí."),
        (Lang::Es, S::Kept { holder }) => format!("El anfitrión guarda este asiento para {holder}. Pídele otra forma de entrar."),
        (Lang::Es, S::Replaced) => "Abriste esta mesa en otra pestaña o ventana: ahora tu asiento se juega allí.".into(),
        (Lang::Es, S::PlayHere) => "Jugar aquí".into(),
        (Lang::Es, S::Returning { name }) => format!("Te sentaste en esta mesa como {name}: Unirse te devuelve tu asiento."),
        (Lang::Es, S::Request { asker, holder }) => format!("{asker} pide ocupar el asiento de {holder}. Las cartas de {holder} hasta ahora seguirán ocultas para {asker}."),
        (Lang::Es, S::Allow) => "Permitir".into(),
        (Lang::Es, S::Refuse) => "Rechazar".into(),
        (Lang::Es, S::AllowLabel { asker, holder }) => format!("Permitir que {asker} ocupe el asiento de {holder}"),
        (Lang::Es, S::RefuseLabel { asker, holder }) => format!("Guardar el asiento de {holder} para {holder}, no para {asker}"),
        (Lang::Fr, S::Asking { holder }) => format!("Cette place est celle de {holder}, qui est absent. On a demandé à l’hôte de vous la laisser\u{202f}: patientez ici."),
        (Lang::Fr, S::Kept { holder }) => format!("L’hôte garde cette place pour {holder}. Demandez-lui un autre moyen d’entrer."),
        (Lang::Fr, S::Replaced) => "Vous avez ouvert cette table dans un autre onglet ou une autre fenêtre\u{202f}: votre place s’y joue désormais.".into(),
        (Lang::Fr, S::PlayHere) => "Jouer ici".into(),
        (Lang::Fr, S::Returning { name }) => format!("Vous étiez à cette table sous le nom de {name}\u{202f}: Rejoindre vous rend votre place."),
        (Lang::Fr, S::Request { asker, holder }) => format!("{asker} demande à prendre la place de {holder}. Les cartes de {holder} jusqu’ici restent cachées à {asker}."),
        (Lang::Fr, S::Allow) => "Autoriser".into(),
        (Lang::Fr, S::Refuse) => "Refuser".into(),
        (Lang::Fr, S::AllowLabel { asker, holder }) => format!("Autoriser {asker} à prendre la place de {holder}"),
        (Lang::Fr, S::RefuseLabel { asker, holder }) => format!("Garder la place de {holder} pour {holder}, pas pour {asker}"),
        (Lang::Pt, S::Asking { holder }) => format!("Este lugar é de {holder}, que não está. Pedimos ao anfitrião que deixe você ocupá-lo: espere aqui."),
        (Lang::Pt, S::Kept { holder }) => format!("O anfitrião guarda este lugar para {holder}. Peça a ele outra forma de entrar."),
        (Lang::Pt, S::Replaced) => "Você abriu esta mesa em outra aba ou janela: seu lugar agora é jogado lá.".into(),
        (Lang::Pt, S::PlayHere) => "Jogar aqui".into(),
        (Lang::Pt, S::Returning { name }) => format!("Você se sentou nesta mesa como {name}: Entrar devolve o seu lugar."),
        (Lang::Pt, S::Request { asker, holder }) => format!("{asker} pede para ocupar o lugar de {holder}. As cartas de {holder} até agora continuam escondidas de {asker}."),
        (Lang::Pt, S::Allow) => "Permitir".into(),
        (Lang::Pt, S::Refuse) => "Recusar".into(),
        (Lang::Pt, S::AllowLabel { asker, holder }) => format!("Permitir que {asker} ocupe o lugar de {holder}"),
        (Lang::Pt, S::RefuseLabel { asker, holder }) => format!("Guardar o lugar de {holder} para {holder}, não para {asker}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_is_written_names_its_people_and_french_spaces_its_colons() {
        for lang in Lang::ALL {
            for text in SeatText::ALL {
                let words = seat_text(lang, text);
                assert!(!words.trim().is_empty(), "{lang:?} {text:?}");
                if let SeatText::Request { asker, holder } = text {
                    assert!(words.contains(asker) && words.contains(holder), "{words}");
                }
                if lang == Lang::Fr {
                    for mark in [':', '!', '?'] {
                        for (i, _) in words.match_indices(mark) {
                            assert!(words[..i].ends_with('\u{202f}'), "{text:?}: {words}");
                        }
                    }
                }
            }
        }
    }
}
