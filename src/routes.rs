//! What a page address says, in one table (issue 37): the links people
//! share (`#join=`, `#table=`, `#watch=`, `#replay=`) and what the first
//! download asks the whole app's page to open (`app/#stats`,
//! `app/#review=<code>`, `app/#friends`…).
//!
//! Every address is read by [`Route::parse`] and written by
//! [`Route::fragment`] or [`Route::link`]; the prefixes are spelled here
//! only (the codes' decoders take theirs from here). Only the words are
//! read: a route's code stays as written, and its own decoder
//! (`online::codes`, `online::signal::link`, `share`) reads it and tells
//! what is wrong with it, as it always did.
//!
//! `index.html`'s loader picks the whole app's page for a shared link before
//! any wasm runs, so it cannot call this code: it spells
//! [`Route::SHARED_LINKS`] in a regular expression, and `tests/routes.rs`
//! reads `index.html` and checks that the two lists are the same.
//!
//! Every form an older build wrote still reads: a link made on the first
//! page (`/ono99/#join=…`) or on the whole app's (`/ono99/app/#join=…`),
//! with a query (`?seed=7#replay=…`), pasted with words around it, or just
//! its fragment with or without `#`.
//!
//! Pure: no browser API, tested natively (`tests/routes.rs`).

/// What comes before the code in an invite link (one seat, issue 20).
pub const JOIN_PREFIX: &str = "#join=";
/// What comes before the code in a table link (every friend, issue 30).
pub const TABLE_PREFIX: &str = "#table=";
/// What comes before the code in a watch link (issue 31).
pub const WATCH_PREFIX: &str = "#watch=";
/// What comes before the code in a share link of a match (issue 15); the
/// whole app's replay of a shared match is asked for the same way.
pub const REPLAY_PREFIX: &str = "#replay=";
/// What comes before the code of a match played on this device, replayed
/// on the whole app's page.
pub const MINE_PREFIX: &str = "#mine=";
/// What comes before the code of a match to review.
pub const REVIEW_PREFIX: &str = "#review=";

/// The longest word of a route (for the error of an unknown one).
const MAX_SHOWN: usize = 24;

/// What an address opens.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub enum Route {
    /// Nothing asked: the page as it is (no fragment, or an empty one).
    Home,
    /// An invite link to one seat (`#join=<code>`).
    Join(String),
    /// A table link (`#table=<code>`).
    Table(String),
    /// A watch link (`#watch=<code>`).
    Watch(String),
    /// A shared match (`#replay=<code>`), replayed.
    Replay(String),
    /// A match played on this device (`#mine=<code>`), replayed.
    Mine(String),
    /// A match's review (`#review=<code>`).
    Review(String),
    /// The statistics (`#stats`).
    Stats,
    /// A new match with friends from the stored setup: its lobby (`#start`).
    Start,
    /// The saved match with friends: its lobby (`#resume`).
    Resume,
    /// The first screen's "Play with friends" (`app/#friends`).
    Friends,
    /// The first download's Settings, for what only the whole app has
    /// (`app/#settings`).
    Settings,
}

/// Why an address says nothing this game reads. The page then opens as
/// if it said nothing ([`Route::Home`]), or says the link is damaged.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RouteError {
    /// A word no build ever wrote (cut to 24 characters).
    #[error("the address asks for `{0}`, which this game does not know")]
    Unknown(String),
    /// A word that needs its code (`#join`), without the `=`.
    #[error("the address's `{0}` has no `=` and no code")]
    NoCode(&'static str),
    /// A word that takes no code (`#stats=x`) given one.
    #[error("the address's `{0}` takes no code")]
    UnexpectedCode(&'static str),
}

/// How a route with a code is made from its code.
type FromCode = fn(String) -> Route;

/// Each route with a code: its prefix, and how it is made from the code.
const WITH_CODE: [(&str, FromCode); 6] = [
    (JOIN_PREFIX, Route::Join),
    (TABLE_PREFIX, Route::Table),
    (WATCH_PREFIX, Route::Watch),
    (REPLAY_PREFIX, Route::Replay),
    (MINE_PREFIX, Route::Mine),
    (REVIEW_PREFIX, Route::Review),
];

/// Each route without a code: its word.
const PLAIN: [(&str, Route); 5] = [
    ("stats", Route::Stats),
    ("start", Route::Start),
    ("resume", Route::Resume),
    ("friends", Route::Friends),
    ("settings", Route::Settings),
];

/// The word of a prefix: `join` for `#join=`.
fn word(prefix: &'static str) -> &'static str {
    prefix.trim_start_matches('#').trim_end_matches('=')
}

impl Route {
    /// The words of the links people share, which open the whole app's
    /// page wherever they were made (`index.html`'s loader spells the same
    /// list: `tests/routes.rs` compares them).
    pub const SHARED_LINKS: [&'static str; 4] = ["join", "table", "watch", "replay"];

    /// Reads an address: a whole URL (its fragment is read), a fragment
    /// (`#join=…`), or a fragment without its `#` (`stats`). Surrounding
    /// whitespace is ignored, and so is text before the last `#` (a link
    /// pasted with words around it). An address with no fragment, or an
    /// empty one, is [`Route::Home`].
    ///
    /// # Errors
    /// [`RouteError`]: a word no build wrote, a word that needs a code
    /// without its `=`, or a code after a word that takes none.
    pub fn parse(text: &str) -> Result<Route, RouteError> {
        let text = text.trim();
        let fragment = match text.rsplit_once('#') {
            Some((_, fragment)) => fragment,
            // A whole address without a fragment asks for nothing.
            None if text.contains("://") || text.starts_with('/') => "",
            None => text,
        };
        let fragment = fragment.trim();
        if fragment.is_empty() {
            return Ok(Route::Home);
        }
        let (name, code) = match fragment.split_once('=') {
            Some((name, code)) => (name, Some(code)),
            None => (fragment, None),
        };
        if let Some((prefix, make)) = WITH_CODE.iter().find(|(p, _)| word(p) == name) {
            return code
                .map(|code| make(code.trim().to_string()))
                .ok_or(RouteError::NoCode(word(prefix)));
        }
        if let Some((plain, route)) = PLAIN.iter().find(|(w, _)| *w == name) {
            return match code {
                None => Ok(route.clone()),
                Some(_) => Err(RouteError::UnexpectedCode(plain)),
            };
        }
        Err(RouteError::Unknown(name.chars().take(MAX_SHOWN).collect()))
    }

    /// Reads an address as [`Route::parse`] does; anything unreadable is
    /// [`Route::Home`] (the page opens as it is).
    pub fn read(text: &str) -> Route {
        Route::parse(text).unwrap_or(Route::Home)
    }

    /// The route's prefix and code, for a route with a code.
    fn with_code(&self) -> Option<(&'static str, &str)> {
        let (prefix, code) = match self {
            Route::Join(c) => (JOIN_PREFIX, c),
            Route::Table(c) => (TABLE_PREFIX, c),
            Route::Watch(c) => (WATCH_PREFIX, c),
            Route::Replay(c) => (REPLAY_PREFIX, c),
            Route::Mine(c) => (MINE_PREFIX, c),
            Route::Review(c) => (REVIEW_PREFIX, c),
            _ => return None,
        };
        Some((prefix, code))
    }

    /// The route's word: `join`, `stats`; empty for [`Route::Home`].
    pub fn word(&self) -> &'static str {
        if let Some((prefix, _)) = self.with_code() {
            return word(prefix);
        }
        PLAIN
            .iter()
            .find(|(_, r)| r == self)
            .map_or("", |(w, _)| *w)
    }

    /// The route's code (what follows `=`), for a route that has one.
    pub fn code(&self) -> Option<&str> {
        self.with_code().map(|(_, code)| code)
    }

    /// Whether this is a link people share, which opens the whole app's
    /// page ([`Route::SHARED_LINKS`]).
    pub fn is_shared_link(&self) -> bool {
        Route::SHARED_LINKS.contains(&self.word())
    }

    /// The address's fragment, with its `#` (`#join=<code>`, `#stats`);
    /// empty for [`Route::Home`].
    pub fn fragment(&self) -> String {
        match self.with_code() {
            Some((prefix, code)) => format!("{prefix}{code}"),
            None if *self == Route::Home => String::new(),
            None => format!("#{}", self.word()),
        }
    }

    /// The whole address: `page` without its own fragment, then
    /// [`Route::fragment`]. A query stays (leave it out of `page` where it
    /// must not be shared: `online::invite_url`).
    pub fn link(&self, page: &str) -> String {
        let base = page.split_once('#').map_or(page, |(base, _)| base);
        format!("{base}{}", self.fragment())
    }
}
