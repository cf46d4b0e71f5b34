//! The game's table model, kept from the game state: one step per action
//! as it is taken, a new hand held off the table while the last one's
//! summary is pending, and the whole match stepped again only when the
//! table is seen from another seat or in another language (or the state
//! jumped, as on a reload).

use crate::i18n::Lang;
use crate::play::GameState;
use crate::rules::Seat;
use crate::table::{fold_match, Hold, Player, Step, TableModel, Viewers};
use std::rc::Rc;
use yew::prelude::*;

struct Live {
    viewer: Seat,
    lang: Lang,
    /// How many actions the model has taken.
    fed: usize,
    /// How much of the match's log it has read.
    read: usize,
    model: Rc<TableModel>,
}

/// Who "you" is in the call-outs: nobody with several people at the device.
fn me_of(state: &GameState) -> Option<Seat> {
    Some(state.me()).filter(|s| s.index() < state.setup.seat_count())
}

/// The table as the steps of the whole match build it: the end of the hand
/// whose summary is pending stays on show.
fn rebuild(state: &GameState, names: Vec<String>) -> TableModel {
    let viewer = state.viewer;
    let viewers = Viewers {
        seats: vec![viewer],
        me: me_of(state),
        names,
        hold: state
            .summary
            .as_ref()
            .map_or(Hold::Nothing, |s| Hold::HandEnd(s.hand)),
    };
    let n = state.setup.seat_count();
    let folded = fold_match(state.setup.rules, n, state.seed, &viewers, &state.actions);
    let Some(mut model) = folded.ok().and_then(|f| f.tables.into_iter().next()) else {
        return TableModel::new(state.game().view(viewer), viewers.me, viewers.names);
    };
    if state.summary.is_none() {
        model.release();
    }
    model
}

/// The table of `state` from its viewer's seat, with `names`, `players`
/// and the hints (on or off) as the page has them now.
#[hook]
pub fn use_live_table(
    state: &GameState,
    lang: Lang,
    names: Vec<String>,
    players: Vec<Player>,
    hints: bool,
) -> Rc<TableModel> {
    let cell = use_mut_ref(|| None::<Live>);
    let mut cell = cell.borrow_mut();
    let actions = state.actions.len();
    let log = state.game().log().len();
    let fits = cell
        .as_ref()
        .is_some_and(|l| l.viewer == state.viewer && l.lang == lang && l.fed <= actions);
    let live = match cell.as_mut() {
        Some(live) if fits && live.fed + 1 == actions && live.read == state.announce_from => {
            let step = Step::of_match(state.game(), live.read, state.viewer);
            Rc::make_mut(&mut live.model).step(step, state.summary.is_some());
            live.fed = actions;
            live.read = log;
            live
        }
        Some(live) if fits && live.fed == actions => live,
        _ => cell.insert(Live {
            viewer: state.viewer,
            lang,
            fed: actions,
            read: log,
            model: Rc::new(rebuild(state, names.clone())),
        }),
    };
    if state.summary.is_none() && live.model.holding() {
        Rc::make_mut(&mut live.model).release();
    }
    if (0..names.len()).any(|i| live.model.name(Seat(i as u8)) != names[i]) {
        Rc::make_mut(&mut live.model).set_names(names);
    }
    if (0..players.len()).any(|i| live.model.marks(Seat(i as u8)).player != players[i]) {
        Rc::make_mut(&mut live.model).set_players(players);
    }
    if live.model.hints() != hints {
        Rc::make_mut(&mut live.model).set_hints(hints);
    }
    live.model.clone()
}
