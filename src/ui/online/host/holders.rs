//! Who holds each seat of the table link (issue 36), as this page keeps
//! and asks it: what the host's tab keeps for a reload, the random bytes
//! the door's keys are drawn from, and the host's answer to someone asking
//! for a held seat (the table decides: `online::host::doors`).

use super::HostLink;
use crate::online::host::HostEvent;
use crate::online::signal::seat_key::KeptTable;
use crate::online::signal::SeatRequest;
use crate::ui::platform::clock::wall_ms;
use crate::ui::platform::storage;

/// Where this tab keeps its table's seat holders and new players
/// ([`KeptTable`]), for a reload, until the host leaves the table.
pub(super) const HOLDERS_KEY: &str = "ono99.table-holders";

/// What this tab keeps of its table's seats (nothing kept: empty).
pub(super) fn kept_table() -> KeptTable {
    storage::tab::read(HOLDERS_KEY)
        .map(|text| KeptTable::read(&text))
        .unwrap_or_default()
}

/// Keeps `kept` in this tab, for a reload.
pub(super) fn keep_table(kept: &KeptTable) {
    storage::tab::write(HOLDERS_KEY, &kept.write());
}

/// Fresh random bytes from the browser, for the door's seat keys.
pub(super) fn fresh_bytes() -> Option<[u8; 32]> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes)
}

impl HostLink {
    /// The requests to take a held seat that the host has not answered.
    pub fn seat_requests(&self) -> Vec<SeatRequest> {
        self.table.borrow().seat_requests()
    }

    /// The host allows request `id`: its asker takes the seat (a new key
    /// is theirs; the holder's no longer opens it), sees nothing of its
    /// earlier hands, and is answered at once. `point` is the match's
    /// seed and the length of its log now, once the game holds it (in the
    /// lobby the session here says).
    pub fn allow_request(&self, id: u32, point: Option<(u64, usize)>) {
        self.update(HostEvent::Allow {
            id,
            point,
            wall_ms: wall_ms(),
        });
    }

    /// The host refuses request `id`: its asker is told the seat is kept
    /// for its player.
    pub fn refuse_request(&self, id: u32) {
        self.update(HostEvent::Refuse(id));
    }
}
