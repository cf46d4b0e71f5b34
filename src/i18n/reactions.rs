//! The words of quick reactions (issue 31): each reaction's name (the
//! emoji buttons' accessible names, the words on a seat), the panel's
//! button and lines. Only the whole app reaches them, so the first
//! download carries none of them; their four languages are data,
//! `sections/reactions.txt` (`catalogue.rs`).

use super::catalogue::{fill, section, text};
use super::Lang;
use crate::online::reactions::Reaction;

section! {
    /// A text of quick reactions: the panel's, and each reaction's name.
    pub enum ReactionKey in include_str!("sections/reactions.txt") => {
        /// The button that opens the panel (and the panel's name).
        Reactions,
        /// Under the buttons while this player's next reaction must wait.
        Cooling,
        /// Before the mute buttons.
        MuteHeading,
        /// `{name}`: see [`mute`].
        Mute,
        /// A reaction's name: what an emoji button is called and what a
        /// seat shows for a reaction in words ([`reaction_name`]).
        ThumbsUp,
        Sweat,
        Wow,
        Fire,
        Nice,
        Oops,
        GoodGame,
    }
}

/// A reaction's name in `lang`: what an emoji button is called and what a
/// seat shows for a reaction in words ("Nice!").
pub fn reaction_name(lang: Lang, r: Reaction) -> &'static str {
    text(
        lang,
        match r {
            Reaction::ThumbsUp => ReactionKey::ThumbsUp,
            Reaction::Sweat => ReactionKey::Sweat,
            Reaction::Wow => ReactionKey::Wow,
            Reaction::Fire => ReactionKey::Fire,
            Reaction::Nice => ReactionKey::Nice,
            Reaction::Oops => ReactionKey::Oops,
            Reaction::GoodGame => ReactionKey::GoodGame,
        },
    )
}

/// A text of the reactions panel in `lang`.
pub fn reaction_text(lang: Lang, key: ReactionKey) -> &'static str {
    text(lang, key)
}

/// "Mute Ana", in `lang`.
pub fn mute(lang: Lang, name: &str) -> String {
    fill(lang, ReactionKey::Mute, &[("name", name)])
}

/// What screen readers hear of a reaction: "Ana: Nice!" (French spaces
/// its colon).
pub fn reacted_line(lang: Lang, name: &str, r: Reaction) -> String {
    format!("{name}{}{}", lang.texts().colon(), reaction_name(lang, r))
}
