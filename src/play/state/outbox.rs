//! The messages for friends an online table's updates queue, kept until
//! the page sends them (it sends after it draws, and several updates may
//! come first).

use crate::online::watch::Peer;
#[cfg(doc)]
use crate::online::HostSession;
use crate::online::Outgoing;
use std::collections::VecDeque;
use std::rc::Rc;

/// How many of the latest messages for friends the [`Outbox`] keeps.
pub const OUTBOX_KEPT: usize = 256;

/// The messages for friends that updates queued, numbered from the start,
/// the latest [`OUTBOX_KEPT`] kept. Several updates may come before the
/// page draws and sends: it sends what it has not sent yet.
#[derive(Clone, Default)]
pub struct Outbox {
    /// How many were ever queued.
    count: u64,
    /// Each behind its own `Rc`: a new state copies pointers, not
    /// messages.
    items: Rc<VecDeque<Rc<(Peer, Outgoing)>>>,
}

impl Outbox {
    pub(super) fn push(&mut self, out: crate::online::host::Outbox) {
        if out.is_empty() {
            return;
        }
        let items = Rc::make_mut(&mut self.items);
        for item in out {
            items.push_back(Rc::new(item));
            self.count += 1;
            if items.len() > OUTBOX_KEPT {
                items.pop_front();
            }
        }
    }

    /// How many messages were ever queued.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The messages after the first `sent`, or `None` when some of them
    /// are no longer kept (then send [`HostSession::resync_all`]).
    pub fn since(&self, sent: u64) -> Option<impl Iterator<Item = &(Peer, Outgoing)>> {
        let first = self.count - self.items.len() as u64;
        let skip = usize::try_from(sent.checked_sub(first)?).ok()?;
        Some(self.items.iter().skip(skip).map(|item| &**item))
    }
}
