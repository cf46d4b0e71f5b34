//! One door on a link's relays, whoever it admits: the table link's
//! (friends to their seats, `door.rs`) and the watch link's (watchers,
//! `watch_door.rs`) are the same door with another admission.
//!
//! A [`RelayDoor`] holds the link's room key, its relays, the offers seen
//! (freshness and replays, [`SeenOffers`]) and where each answer goes: an
//! offer heard on a relay is opened with the room's key and read; a fresh
//! one goes to the admission; its answer is sealed and sent back on every
//! relay the offer came by (it may be lost on one); the same offer heard
//! again later, on another relay, is answered there too.

use crate::online::signal::envelope::SeenOffers;
use crate::online::signal::relay::{Heard, ReplyTo, Role};
use crate::online::signal::replies::Replies;
use crate::online::signal::{FriendOffer, HostAnswer, MessageKind, Relay, SeatReply, TableLink};
use crate::ui::online::relays::{Reach, Relays};
use crate::ui::platform::clock::wall_ms;
use crate::ui::platform::console;
use crate::ui::platform::crypto::{self, RoomKey};
use std::cell::RefCell;
use std::rc::{Rc, Weak};

/// A link's door on its relays.
pub(super) struct RelayDoor {
    /// Whose door, for the console: "the table's", "the watch link's".
    whose: &'static str,
    key: RoomKey,
    relays: Rc<Relays>,
    seen: SeenOffers,
    /// Every relay each recent offer came by, and its sealed answer.
    replies: Rc<RefCell<Replies<(usize, ReplyTo)>>>,
}

impl RelayDoor {
    /// Opens `link`'s door: derives its room key and reaches its relays.
    /// What they hear goes to `heard` on `owner`, a change of their reach
    /// to `changed`.
    ///
    /// # Errors
    /// The browser could not derive the key (no WebCrypto here).
    pub(super) async fn open<T: 'static>(
        whose: &'static str,
        link: &TableLink,
        owner: Weak<T>,
        heard: fn(&Rc<T>, usize, Heard),
        changed: fn(&T),
    ) -> Result<RelayDoor, String> {
        let key = crypto::derive(&link.secret)
            .await
            .map_err(|why| format!("{why:?}"))?;
        let relays = Relays::start(Role::Host, key.room, &link.relays, owner, heard, changed);
        Ok(RelayDoor {
            whose,
            key,
            relays,
            seen: SeenOffers::new(),
            replies: Rc::default(),
        })
    }

    pub(super) fn relays(&self) -> &Rc<Relays> {
        &self.relays
    }

    /// The room's key, which seals the link's offers, answers and carried
    /// frames.
    pub(super) fn key(&self) -> &RoomKey {
        &self.key
    }

    /// The relays and how each stands.
    pub(super) fn reach(&self) -> Vec<(Relay, Reach)> {
        self.relays.reach()
    }

    /// Opens an offer `heard` on relay `index` with the room's key and
    /// reads it; `then` gets it (nothing else reaches the door).
    pub(super) fn read(
        &self,
        index: usize,
        heard: Heard,
        then: impl FnOnce(usize, ReplyTo, FriendOffer) + 'static,
    ) {
        let Heard::Offer { envelope, reply } = heard else {
            return;
        };
        let key = self.key.clone();
        let whose = self.whose;
        wasm_bindgen_futures::spawn_local(async move {
            let Ok(plain) = key.open(&envelope).await else {
                console::warn(&format!(
                    "relay: an offer that does not open with {whose} key"
                ));
                return;
            };
            match FriendOffer::read(&envelope, &plain) {
                Ok(offer) => then(index, reply, offer),
                Err(why) => console::warn(&format!("relay: an offer refused: {why}")),
            }
        });
    }

    /// Whether `offer`, heard on relay `index`, is new and in time: one to
    /// admit. The same offer again by another relay is answered there with
    /// the answer it was given, once sealed.
    pub(super) fn fresh(&mut self, index: usize, to: &ReplyTo, offer: &FriendOffer) -> bool {
        let answered = self
            .replies
            .borrow_mut()
            .heard(offer.offer_id, (index, to.clone()));
        if self.seen.admit(offer, wall_ms()) {
            return true;
        }
        match answered {
            Some(envelope) => {
                console::note("relay: an offer answered before, answered on this relay too");
                self.relays.answer(index, to, &envelope);
            }
            None => console::warn("relay: an offer seen before or out of time, ignored"),
        }
        false
    }

    /// Seals `reply` to `offer` and sends it back on relay `index`, and on
    /// every other relay the offer came by.
    pub(super) fn reply(&self, index: usize, to: &ReplyTo, offer: &FriendOffer, reply: SeatReply) {
        self.replies
            .borrow_mut()
            .heard(offer.offer_id, (index, to.clone()));
        let (key, relays, replies) = (self.key.clone(), self.relays.clone(), self.replies.clone());
        let answer = HostAnswer {
            offer_id: offer.offer_id,
            sent_at_ms: wall_ms(),
            reply,
        };
        wasm_bindgen_futures::spawn_local(async move {
            match key
                .seal(MessageKind::Answer, answer.offer_id, &answer.plaintext())
                .await
            {
                Ok(envelope) => {
                    let routes = replies
                        .borrow_mut()
                        .sealed(answer.offer_id, envelope.clone());
                    for (index, to) in routes {
                        relays.answer(index, &to, &envelope);
                    }
                }
                Err(why) => console::warn(&format!("relay: an answer not sealed: {why:?}")),
            }
        });
    }

    /// Leaves the relays.
    pub(super) fn stop(&self) {
        self.relays.stop();
    }
}
