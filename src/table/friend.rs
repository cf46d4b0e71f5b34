//! A friend's table at an online table: the model kept from what their
//! mirror of the match receives ([`follow`]), so a friend's page shows the
//! table exactly as the host's page would for that seat.

use super::{Callout, Player, Step, TableModel};
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

/// What a friend's result says of a finished match, as the host's result
/// says it for the host's seat: what ended it (this seat's own going out
/// in the deciding hand first, with its arithmetic), the seats' places,
/// and this seat's place (none for a watcher, who has no seat).
#[derive(Clone, PartialEq, Debug)]
pub struct Ending<'a> {
    pub lines: Vec<&'a Callout>,
    /// Each seat's place, seat 0 first (1 the best).
    pub places: Vec<usize>,
    pub mine: Option<usize>,
}

/// The result of the match on `model`'s table, once it is over: `log` is
/// the match's events as the seat knew them (the mirror's).
pub fn ending<'a>(model: &'a TableModel, log: &[crate::rules::SeatEvent]) -> Option<Ending<'a>> {
    let view = model.view();
    view.outcome.as_ref()?;
    let seated = !model.spectating();
    let places = places(view, log);
    let mine = places.get(view.seat.index()).copied().filter(|_| seated);
    Some(Ending {
        lines: model.result_lines(seated),
        places,
        mine,
    })
}

/// Each seat's place in a finished match (1 the best), from what a
/// friend's page holds: its view and the match's events as its seat knew
/// them. The same order as the host's engine gives (`Match::places`): the
/// winners; then those still in, by tokens or points; then those who left,
/// the later the better, and among those who left at once (a `points`
/// knockout), the lower score. A departure the log no longer holds (the
/// oldest events go) counts as the earliest, when the view says so.
pub fn places(view: &crate::rules::PlayerView, log: &[crate::rules::SeatEvent]) -> Vec<usize> {
    use crate::rules::{Format, SeatEvent};
    let n = view.seat_count();
    let winners: &[Seat] = view.outcome.as_ref().map_or(&[], |o| &o.winners);
    // The departure each seat left at (1 the first); events in a row of
    // `LeftMatch` are one departure (players knocked out at once).
    let mut departed = vec![0u16; n];
    let mut departures = 0u16;
    let mut in_a_row = false;
    for event in log {
        let left = match (view.rules.format, event) {
            (Format::Elimination, SeatEvent::PlayerOut { seat, .. }) => Some((*seat, false)),
            (Format::Elimination, _) => None,
            (_, SeatEvent::LeftMatch { seat }) => Some((*seat, true)),
            _ => None,
        };
        match left {
            Some((seat, together)) => {
                if !(together && in_a_row) {
                    departures = departures.saturating_add(1);
                }
                if let Some(d) = departed.get_mut(seat.index()) {
                    *d = departures;
                }
                in_a_row = together;
            }
            None => in_a_row = false,
        }
    }
    let key = |i: usize| {
        let seat = Seat(i as u8);
        let public = &view.seats.0[i];
        // 0 while still in, which beats any departure; a later departure
        // (a higher number) beats an earlier one. Out of the match with
        // its departure no longer in the log: the earliest.
        let left = match departed[i] {
            0 if !public.in_match && !winners.contains(&seat) => 256,
            0 => 0,
            d => 256 - d.min(255),
        };
        let standing = match view.rules.format {
            Format::Points => i64::from(public.score),
            Format::Tokens => -i64::from(public.tokens),
            Format::Elimination => 0,
        };
        (!winners.contains(&seat), left, standing)
    };
    (0..n)
        .map(|i| 1 + (0..n).filter(|&o| key(o) < key(i)).count())
        .collect()
}
