//! The table from a friend's seat, as the page shows it: stepped on by
//! what the model's mirror receives, its seats named in the page's
//! language.

use crate::i18n::{self, Key, Lang};
use crate::online::friend::FriendTable;
use crate::online::Received;
use crate::rules::Seat;
use crate::table::{friend, TableModel};
use std::rc::Rc;

/// The table on show and the language its seats are named in.
#[derive(Default)]
pub(super) struct Shown {
    table: Option<Rc<TableModel>>,
    lang: Lang,
}

/// How a friend's page calls a seat: "You" for their own (`me`), the name
/// its player chose, or a bot's heading.
fn seat_name(lang: Lang, me: Option<Seat>, seat: Seat, chosen: &str) -> String {
    if Some(seat) == me {
        i18n::tr(lang, Key::You).to_string()
    } else if chosen.trim().is_empty() {
        i18n::bot_heading(lang, seat.index())
    } else {
        chosen.to_string()
    }
}

impl Shown {
    /// Moves the table on by what the mirror just received.
    pub(super) fn follow(&mut self, model: &FriendTable, received: &Received) {
        let mut table = self.table.take().map(Rc::unwrap_or_clone);
        let lang = self.lang;
        let mirror = model.mirror();
        let me = mirror.view().map(|v| v.seat);
        friend::follow(&mut table, mirror, received, &|seat, chosen| {
            seat_name(lang, me, seat, chosen)
        });
        self.table = table.map(Rc::new);
    }

    /// The table, its seats named in `lang`.
    pub(super) fn table(&mut self, model: &FriendTable, lang: Lang) -> Option<Rc<TableModel>> {
        if self.lang != lang {
            self.lang = lang;
            let mirror = model.mirror();
            let me = mirror.view().map(|v| v.seat);
            if let Some(table) = self.table.as_mut() {
                Rc::make_mut(table).set_names(friend::names(mirror, &|seat, chosen| {
                    seat_name(lang, me, seat, chosen)
                }));
            }
        }
        self.table.clone()
    }
}
