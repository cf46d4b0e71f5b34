//! What the first download asks the whole app's page to open, in that
//! page's address.

use super::Overlay;
use crate::rules::Played;
use std::rc::Rc;

/// What the first download asks the whole app's page to open: its
/// address's `#…` ([`Request::encode`]), a word, then `=` and a match's
/// share code for a replay or a review.
#[derive(Clone, PartialEq, Debug)]
pub enum Request {
    /// What the page's address says (an invite or a share link).
    Address,
    /// The statistics, over the setup.
    Stats,
    /// A match step by step (`true`: played on this device).
    Replay(Rc<Played>, bool),
    /// The review of a match.
    Review(Rc<Played>),
    /// A new match with friends, from the stored setup: its lobby.
    Start,
    /// The saved match with friends: its lobby.
    Resume,
}

impl Request {
    /// The request as the address's `#…`. `None` when the match has no
    /// share code (it would not replay).
    // The whole app reads requests; only the first download writes them.
    #[cfg_attr(feature = "full", allow(dead_code))]
    pub fn encode(&self) -> Option<String> {
        Some(match self {
            Request::Address => String::new(),
            Request::Stats => "stats".into(),
            Request::Start => "start".into(),
            Request::Resume => "resume".into(),
            Request::Replay(p, mine) => {
                format!(
                    "{}={}",
                    if *mine { "mine" } else { "replay" },
                    p.encode().ok()?
                )
            }
            Request::Review(p) => format!("review={}", p.encode().ok()?),
        })
    }

    /// Reads a request (the address's `#…`, with or without the `#`);
    /// anything unreadable is [`Request::Address`] (the app opens as the
    /// address says).
    pub fn parse(text: &str) -> Request {
        let text = text.trim().trim_start_matches('#');
        let (word, code) = text.split_once('=').unwrap_or((text, ""));
        let played = || Played::decode(code).ok().map(Rc::new);
        match word {
            "stats" => Request::Stats,
            "start" => Request::Start,
            "resume" => Request::Resume,
            "mine" | "replay" => {
                played().map_or(Request::Address, |p| Request::Replay(p, word == "mine"))
            }
            "review" => played().map_or(Request::Address, Request::Review),
            _ => Request::Address,
        }
    }

    /// Whether the address should forget the request once it is read: a
    /// reload then opens the app as it is (a second "start" would deal a
    /// new match). Invite and share links stay until they are used.
    pub fn spent_on_reading(&self) -> bool {
        !matches!(self, Request::Address | Request::Replay(_, false))
    }

    /// The overlay the whole app opens with.
    pub fn overlay(&self) -> Option<Overlay> {
        match self {
            Request::Stats => Some(Overlay::Stats),
            Request::Replay(p, mine) => Some(Overlay::Replay(p.clone(), *mine)),
            Request::Review(p) => Some(Overlay::Review(p.clone())),
            _ => None,
        }
    }
}
