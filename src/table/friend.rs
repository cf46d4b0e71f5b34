//! A friend's table at an online table: the model kept from what their
//! mirror of the match receives ([`follow`]), so a friend's page shows the
//! table exactly as the host's page would for that seat.

use super::{Player, Step, TableModel};
use crate::online::protocol::{Connection, Presence, SeatKind};
use crate::online::{GuestMirror, Received};
use crate::rules::Seat;

/// Moves a friend's table on by what their mirror just `received`: built
/// at once after a resync, one step per update, and who plays each seat
/// after any news of the seats. `name` says how each seat is called.
pub fn follow(
    table: &mut Option<TableModel>,
    mirror: &GuestMirror,
    received: &Received,
    name: &dyn Fn(Seat, &str) -> String,
) {
    let Some(view) = mirror.view() else {
        return;
    };
    let built = match (received, table.as_mut()) {
        (Received::Updated(events), Some(model)) => {
            model.step(
                Step {
                    events: events.clone(),
                    to_act: view.to_act,
                    ninety_nine_this_turn: view.ninety_nine_this_turn,
                },
                false,
            );
            false
        }
        // A resync, a new match's deal, or an update with no table yet:
        // the table built at once from the mirror (every hand it keeps).
        (Received::Synced | Received::NewMatch { .. } | Received::Updated(_), _) => {
            // A new match's deal is called out, as a deal is at the host.
            let last = match received {
                Received::NewMatch { .. } => mirror.log().len(),
                _ => 0,
            };
            *table = Some(TableModel::resume(
                view.clone(),
                mirror.log(),
                last,
                mirror.ply() as usize,
                // A watcher is nobody at the table.
                (!mirror.is_watching()).then_some(view.seat),
                names(mirror, name),
            ));
            true
        }
        _ => false,
    };
    if built || changes_seats(received) {
        if let Some(model) = table.as_mut() {
            model.set_names(names(mirror, name));
            model.set_players(players(mirror));
        }
    }
}

/// Whether `received` may have changed who sits where, or how they are
/// called: the names and players are a function of the host's word on the
/// seats alone (and the view's seat count, which a new table sets).
fn changes_seats(received: &Received) -> bool {
    matches!(
        received,
        Received::Welcomed | Received::SeatChanged(_) | Received::NewMatch { .. }
    )
}

/// How each seat is called: `name(seat, the name its player chose)`.
pub fn names(mirror: &GuestMirror, name: &dyn Fn(Seat, &str) -> String) -> Vec<String> {
    let seats = mirror.view().map_or(0, |v| v.seat_count());
    (0..seats)
        .map(|i| {
            let chosen = mirror
                .presence()
                .get(i)
                .map(|p| p.name.as_str())
                .unwrap_or_default();
            name(Seat(i as u8), chosen)
        })
        .collect()
}

/// Who plays each seat, as the host said.
pub fn players(mirror: &GuestMirror) -> Vec<Player> {
    players_of(mirror.presence())
}

/// Who plays each seat, from the host's description of its players.
pub fn players_of(presence: &[Presence]) -> Vec<Player> {
    presence
        .iter()
        .map(|p| match p.kind {
            SeatKind::Host => Player::Host,
            SeatKind::Guest => Player::Friend {
                // As the host's page shows it (a friend invited again
                // and not back yet is waiting there too).
                link: p.connection.unwrap_or(Connection::Waiting),
                stand_in: p.bot_playing,
            },
            _ => Player::Here,
        })
        .collect()
}
