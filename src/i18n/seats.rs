//! The texts of seats that belong to their players (issue 36): a friend
//! asking for a held seat, the host's answer, a page replaced by its
//! player's new tab. Only the whole app shows them; their four languages
//! are data, `sections/seats.txt` (`catalogue.rs`).

use super::catalogue::{fill, section};
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

section! {
    /// The keys of `sections/seats.txt`, one for each [`SeatText`]; the
    /// names are its named arguments (`{holder}`, `{asker}`, `{name}`).
    pub enum SeatKey in include_str!("sections/seats.txt") => {
        Asking,
        Kept,
        Replaced,
        PlayHere,
        Returning,
        Request,
        Allow,
        Refuse,
        AllowLabel,
        RefuseLabel,
    }
}

impl SeatText<'_> {
    /// The text's key and its named arguments.
    fn key(&self) -> (SeatKey, Vec<(&'static str, &str)>) {
        use SeatText as S;
        match *self {
            S::Asking { holder } => (SeatKey::Asking, vec![("holder", holder)]),
            S::Kept { holder } => (SeatKey::Kept, vec![("holder", holder)]),
            S::Replaced => (SeatKey::Replaced, Vec::new()),
            S::PlayHere => (SeatKey::PlayHere, Vec::new()),
            S::Returning { name } => (SeatKey::Returning, vec![("name", name)]),
            S::Request { asker, holder } => {
                (SeatKey::Request, vec![("asker", asker), ("holder", holder)])
            }
            S::Allow => (SeatKey::Allow, Vec::new()),
            S::Refuse => (SeatKey::Refuse, Vec::new()),
            S::AllowLabel { asker, holder } => (
                SeatKey::AllowLabel,
                vec![("asker", asker), ("holder", holder)],
            ),
            S::RefuseLabel { asker, holder } => (
                SeatKey::RefuseLabel,
                vec![("asker", asker), ("holder", holder)],
            ),
        }
    }
}

/// `text` in `lang` (English while `lang`'s fixed texts are not
/// installed, as every other text).
pub fn seat_text(lang: Lang, text: &SeatText<'_>) -> String {
    let (key, args) = text.key();
    fill(lang, key, &args)
}
