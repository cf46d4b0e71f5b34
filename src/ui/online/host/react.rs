//! Quick reactions on the host's page (issue 31): what the game's session
//! let through (a friend's, the host's own, a bot's) shows on the seat
//! for two seconds, through this page's own gate and mutes; and the bots
//! react, sparingly, to what their actions did.

use super::HostLink;
use crate::online::reactions::{Board, Followed, Reaction, SHOWN_MS};
use crate::rules::Seat;
use crate::ui::platform::clock::now_ms;
use crate::ui::state::{GameMsg, GameState};
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use yew::UseReducerHandle;

/// What the host's page keeps of the table's reactions.
#[derive(Default)]
pub(super) struct HostReactions {
    board: Board,
    followed: Followed,
}

impl HostLink {
    /// This page's reactions board (bubbles, mutes, the host's own gate).
    pub fn reactions(&self) -> std::cell::Ref<'_, Board> {
        std::cell::Ref::map(self.reactions.borrow(), |r| &r.board)
    }

    /// Mutes `seat`'s reactions on this page, or hears them again.
    pub fn toggle_mute(&self, seat: Seat) {
        self.reactions.borrow_mut().board.toggle_mute(seat);
        self.changed();
    }

    /// The host sends `reaction` from `seat` (the game's session checks
    /// the gap and tells the friends).
    pub fn react(&self, state: &UseReducerHandle<GameState>, seat: Seat, reaction: Reaction) {
        state.dispatch(GameMsg::React {
            seat,
            reaction,
            now_ms: now_ms() as u64,
        });
    }

    /// The game changed: the session's latest reaction shows, if it did
    /// not yet, and a bot may react to the last action.
    pub fn follow_reactions(self: &Rc<Self>, state: &UseReducerHandle<GameState>) {
        if let Some(heard) = state.reaction {
            let new = self
                .reactions
                .borrow_mut()
                .followed
                .first_sight(heard.number);
            if new {
                self.show(heard.seat, heard.reaction, heard.at_ms);
            }
        }
        let setup = &state.setup;
        let is_bot = |s: Seat| setup.level(s).is_some() && !setup.is_online(s);
        let actor = state.actions.last().map(|&(seat, _)| seat);
        let ply = state.actions.len() as u32;
        let reacts =
            self.reactions
                .borrow_mut()
                .followed
                .bots_react(state.game().log(), actor, is_bot, ply);
        if let Some((seat, reaction)) = reacts {
            self.react(state, seat, reaction);
        }
    }

    /// `seat`'s reaction shows on this page (unless muted here or too soon
    /// after its last), and goes [`SHOWN_MS`] later.
    fn show(self: &Rc<Self>, seat: Seat, reaction: Reaction, at_ms: u64) {
        let shown = self
            .reactions
            .borrow_mut()
            .board
            .arrive(seat, reaction, at_ms)
            .is_some();
        if !shown {
            return;
        }
        self.changed();
        expire_after(Rc::downgrade(self), SHOWN_MS);
    }
}

/// After `wait_ms`, the bubbles on show for [`SHOWN_MS`] go; one not yet
/// due (a timer may fire a little early by the page's clock, and each
/// bubble has its own time) is looked at again when it is.
fn expire_after(weak: std::rc::Weak<HostLink>, wait_ms: u64) {
    Timeout::new(wait_ms.min(u64::from(u32::MAX)) as u32, move || {
        let Some(link) = weak.upgrade() else { return };
        let now = now_ms() as u64;
        let (gone, next) = {
            let board = &mut link.reactions.borrow_mut().board;
            (board.expire(now), board.next_expiry_ms(now))
        };
        if gone {
            link.changed();
        }
        if let Some(next) = next {
            // At least a few milliseconds: never a loop of zero waits.
            expire_after(weak, next.max(5));
        }
    })
    .forget();
}
