//! The host's answers, sent back on every relay that carried their offer
//! (issue 38). A friend sends each knock on every relay, and a relay may
//! lose the answer: the host answers the offer once, then sends the same
//! sealed answer on each relay the offer came by, the later ones too
//! (before, only the first relay to deliver an offer got the answer).
//! Pure: the page keeps one [`Replies`] and tells it what it heard and
//! what it sealed; `R` is its own way of naming a route back.

use super::envelope::Envelope;
use super::OfferId;
use std::collections::VecDeque;

/// The most offers whose routes and answer are kept (the oldest is
/// forgotten first): a few minutes of knocks.
pub const MAX_KEPT: usize = 64;

/// The most routes kept for one offer (one per relay of a link at most).
pub const MAX_ROUTES: usize = 16;

/// Each recent offer's routes back, and its sealed answer once made.
#[derive(Debug, Clone)]
pub struct Replies<R> {
    kept: VecDeque<(OfferId, Vec<R>, Option<Envelope>)>,
}

impl<R> Default for Replies<R> {
    fn default() -> Self {
        Replies {
            kept: VecDeque::new(),
        }
    }
}

impl<R: Clone + PartialEq> Replies<R> {
    pub fn new() -> Replies<R> {
        Replies::default()
    }

    /// Offer `id` came by `route`: remembered; if its answer is sealed
    /// already and this route is new for it, that answer, to send on this
    /// route now (a copy by a route that had it is a replay: nothing).
    pub fn heard(&mut self, id: OfferId, route: R) -> Option<Envelope> {
        if let Some((_, routes, sealed)) = self.kept.iter_mut().find(|(k, _, _)| *k == id) {
            if routes.contains(&route) || routes.len() >= MAX_ROUTES {
                return None;
            }
            routes.push(route);
            return sealed.clone();
        }
        if self.kept.len() == MAX_KEPT {
            self.kept.pop_front();
        }
        self.kept.push_back((id, vec![route], None));
        None
    }

    /// The answer to offer `id` is sealed: every route the offer came by,
    /// to send it on (none if the offer is forgotten).
    pub fn sealed(&mut self, id: OfferId, envelope: Envelope) -> Vec<R> {
        match self.kept.iter_mut().find(|(k, _, _)| *k == id) {
            Some((_, routes, sealed)) => {
                *sealed = Some(envelope);
                routes.clone()
            }
            None => Vec::new(),
        }
    }
}
