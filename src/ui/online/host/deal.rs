//! What the host's tab keeps of the deal anyone can check (issue 31): the
//! proof of the match on the table, in the tab's `sessionStorage`, so
//! that after a reload the host still reveals it. The deals themselves
//! are the table's ([`crate::online::host::DealBook`]).

use crate::online::host::DealBook;
use crate::ui::platform::storage;

/// Where the tab keeps the proof of the match on the table.
const PROOF_KEY: &str = "ono99.table-proof";

/// The deals as this tab kept them (a reload), or none.
pub(super) fn restored() -> DealBook {
    DealBook::restored(storage::tab::read(PROOF_KEY).as_deref())
}

/// Keeps `kept` for a reload (`None`: forgets what was kept).
pub(super) fn keep(kept: Option<&str>) {
    match kept {
        Some(text) => storage::tab::write(PROOF_KEY, text),
        None => storage::tab::delete(PROOF_KEY),
    }
}
