//! The game screen's persistence: the match saved after every change, a
//! finished game counted in the statistics once, a speed chosen mid-game
//! kept for the next. Above `platform/` (which only reads and writes) and
//! `stats` (what a finished game adds), so neither imports the other.

use crate::play::GameState;
use crate::ui::platform::storage::{save_game, save_speed, SaveError};
use crate::ui::stats;
use yew::prelude::*;

/// The game screen's persistence: saves after every change, counts a
/// finished game in the statistics once (unless it is not `counted`: the
/// guided first game is a lesson, not a match of yours; a game that was already over when
/// the screen opened, i.e. resumed after its end, is not counted again) and
/// keeps a speed chosen mid-game for next time. Returns why the last save
/// failed, if it did (the screen tells the player).
#[hook]
pub fn use_persistence(state: &UseReducerHandle<GameState>, counted: bool) -> Option<SaveError> {
    let count = use_mut_ref(|| stats::CountOnce::new(state));
    let speed = use_mut_ref(|| state.speed);
    let failed = use_state_eq(|| None::<SaveError>);
    let handle = state.clone();
    {
        let failed = failed.clone();
        use_effect_with(state.version, move |_| {
            failed.set(save_game(&handle).err());
            if count.borrow_mut().due(&handle) && counted {
                stats::record_game(&handle);
            }
            if *speed.borrow() != handle.speed {
                *speed.borrow_mut() = handle.speed;
                save_speed(handle.speed);
            }
        });
    }
    *failed
}
