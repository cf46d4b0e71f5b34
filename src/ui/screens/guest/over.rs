//! The replay or the review of a friend's finished match, over the table
//! (the table stays, hidden, and the connection with it).

use crate::online::fair::Proof;
use crate::rules::{Played, Seat};
use crate::ui::screens::replay::ReplayScreen;
use crate::ui::screens::review::ReviewScreen;
use std::rc::Rc;
use yew::prelude::*;

/// The finished match, from the share code the host revealed at its end
/// (it carries the whole match and its deal's proof): what the friend's
/// result replays and reviews.
#[derive(Clone, PartialEq)]
pub(super) struct Finished {
    pub played: Rc<Played>,
    pub proof: Option<Rc<Proof>>,
}

impl Finished {
    /// The finished match of the revealed share `code`, if it reads.
    pub fn read(code: Option<&str>) -> Option<Finished> {
        let (played, proof) = Played::decode_with_proof(code?).ok()?;
        Some(Finished {
            played: Rc::new(played),
            proof: proof.map(Rc::new),
        })
    }
}

/// What shows over a friend's table.
#[derive(Clone, PartialEq)]
pub(super) enum Over {
    Replay(Finished),
    Review(Finished),
}

/// The replay or review over the table: "you" is `me`, this friend's seat
/// (none for a watcher, who replays the match as anyone would).
pub(super) fn over_view(over: &Over, me: Option<Seat>, on_close: Callback<()>) -> Html {
    let key = |f: &Finished| format!("{}-{}", f.played.seed, f.played.actions.len());
    match over {
        Over::Replay(f) => html! {
            <ReplayScreen key={key(f)} shared={f.played.clone()} mine={me.is_some()} seat={me}
                proof={f.proof.clone()} {on_close} />
        },
        Over::Review(f) => html! {
            <ReviewScreen key={key(f)} shared={f.played.clone()} seat={me}
                {on_close} />
        },
    }
}
