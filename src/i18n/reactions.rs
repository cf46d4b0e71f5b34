//! The words of quick reactions (issue 31): each reaction's name (the
//! emoji buttons' accessible names, the words on a seat), the panel's
//! button and lines. Like [`super::OnlineTexts`], only the whole app
//! reaches them ([`Lang::reaction_texts`]), so the first download carries
//! none of them; they sit in this file of their own, with every
//! language's table, so the other online texts are left as they were.

use super::{en, es, fr, pt, Lang, Translation};
use crate::online::reactions::Reaction;

/// A text of the reactions panel.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ReactionKey {
    /// The button that opens the panel (and the panel's name).
    Reactions,
    /// Under the buttons while this player's next reaction must wait.
    Cooling,
    /// Before the mute buttons.
    MuteHeading,
}

impl ReactionKey {
    /// Every text, for completeness tests of translations.
    pub const ALL: &'static [ReactionKey] = &[
        ReactionKey::Reactions,
        ReactionKey::Cooling,
        ReactionKey::MuteHeading,
    ];
}

/// The words of quick reactions in one language.
pub trait ReactionTexts: Translation {
    /// A reaction's name: what an emoji button is called and what a seat
    /// shows for a reaction in words ("Nice!").
    fn reaction(&self, r: Reaction) -> &'static str;
    fn reaction_text(&self, key: ReactionKey) -> &'static str;
    /// The toggle that mutes `name`'s reactions on this page.
    fn mute(&self, name: &str) -> String;
}

impl Lang {
    /// The words of quick reactions (see [`ReactionTexts`]), in the
    /// language [`Lang::texts`] shows.
    pub fn reaction_texts(self) -> &'static dyn ReactionTexts {
        match self.shown() {
            Lang::En => &en::En,
            Lang::Es => &es::Es,
            Lang::Fr => &fr::Fr,
            Lang::Pt => &pt::Pt,
        }
    }
}

/// A reaction's name in `lang` (see [`ReactionTexts::reaction`]).
pub fn reaction_name(lang: Lang, r: Reaction) -> &'static str {
    lang.reaction_texts().reaction(r)
}

/// A text of the reactions panel in `lang`.
pub fn reaction_text(lang: Lang, key: ReactionKey) -> &'static str {
    lang.reaction_texts().reaction_text(key)
}

/// "Mute Ana", in `lang`.
pub fn mute(lang: Lang, name: &str) -> String {
    lang.reaction_texts().mute(name)
}

/// What screen readers hear of a reaction: "Ana: Nice!" (French spaces
/// its colon).
pub fn reacted_line(lang: Lang, name: &str, r: Reaction) -> String {
    format!("{name}{}{}", lang.texts().colon(), reaction_name(lang, r))
}

impl ReactionTexts for en::En {
    fn reaction(&self, r: Reaction) -> &'static str {
        match r {
            Reaction::ThumbsUp => "Thumbs up",
            Reaction::Sweat => "Phew",
            Reaction::Wow => "Wow",
            Reaction::Fire => "On fire",
            Reaction::Nice => "Nice!",
            Reaction::Oops => "Oops",
            Reaction::GoodGame => "Good game",
        }
    }
    fn reaction_text(&self, key: ReactionKey) -> &'static str {
        match key {
            ReactionKey::Reactions => "Reactions",
            ReactionKey::Cooling => "Sent. The next one in a moment.",
            ReactionKey::MuteHeading => "Reactions you see",
        }
    }
    fn mute(&self, name: &str) -> String {
        format!("Mute {name}")
    }
}

impl ReactionTexts for es::Es {
    fn reaction(&self, r: Reaction) -> &'static str {
        match r {
            Reaction::ThumbsUp => "Pulgar arriba",
            Reaction::Sweat => "Uf",
            Reaction::Wow => "Guau",
            Reaction::Fire => "En racha",
            Reaction::Nice => "¡Bien!",
            Reaction::Oops => "Uy",
            Reaction::GoodGame => "Buena partida",
        }
    }
    fn reaction_text(&self, key: ReactionKey) -> &'static str {
        match key {
            ReactionKey::Reactions => "Reacciones",
            ReactionKey::Cooling => "Enviada. La siguiente, en un momento.",
            ReactionKey::MuteHeading => "Reacciones que ves",
        }
    }
    fn mute(&self, name: &str) -> String {
        format!("Silenciar a {name}")
    }
}

impl ReactionTexts for fr::Fr {
    fn reaction(&self, r: Reaction) -> &'static str {
        match r {
            Reaction::ThumbsUp => "Pouce levé",
            Reaction::Sweat => "Ouf",
            Reaction::Wow => "Waouh",
            Reaction::Fire => "En feu",
            Reaction::Nice => "Bien joué\u{202f}!",
            Reaction::Oops => "Oups",
            Reaction::GoodGame => "Bonne partie",
        }
    }
    fn reaction_text(&self, key: ReactionKey) -> &'static str {
        match key {
            ReactionKey::Reactions => "Réactions",
            ReactionKey::Cooling => "Envoyée. La suivante dans un instant.",
            ReactionKey::MuteHeading => "Réactions affichées",
        }
    }
    fn mute(&self, name: &str) -> String {
        format!("Masquer {name}")
    }
}

impl ReactionTexts for pt::Pt {
    fn reaction(&self, r: Reaction) -> &'static str {
        match r {
            Reaction::ThumbsUp => "Joinha",
            Reaction::Sweat => "Ufa",
            Reaction::Wow => "Uau",
            Reaction::Fire => "Pegando fogo",
            Reaction::Nice => "Boa!",
            Reaction::Oops => "Ops",
            Reaction::GoodGame => "Bom jogo",
        }
    }
    fn reaction_text(&self, key: ReactionKey) -> &'static str {
        match key {
            ReactionKey::Reactions => "Reações",
            ReactionKey::Cooling => "Enviada. A próxima daqui a pouco.",
            ReactionKey::MuteHeading => "Reações que você vê",
        }
    }
    fn mute(&self, name: &str) -> String {
        format!("Silenciar {name}")
    }
}
