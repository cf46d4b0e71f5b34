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
//! reads `index.html` and checks that the two lists are the same. The
//! first download asks only the loader's question
//! ([`Route::is_shared_address`]): the whole parse would cost it 1 KB.
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

/// Each route's key in an address, in the order of [`Route::index`]: the
/// prefix of a route with a code (`#join=`), the whole fragment of one
/// without (`#stats`), nothing for [`Route::Home`].
const KEYS: [&str; 12] = [
    "",
    JOIN_PREFIX,
    TABLE_PREFIX,
    WATCH_PREFIX,
    REPLAY_PREFIX,
    MINE_PREFIX,
    REVIEW_PREFIX,
    "#stats",
    "#start",
    "#resume",
    "#friends",
    "#settings",
];

/// The word of a route's key: `join` for `#join=`, `stats` for `#stats`.
fn word_of(key: &str) -> &str {
    let word = key.get(1..).unwrap_or("");
    word.strip_suffix('=').unwrap_or(word)
}

/// The route whose key is `KEYS[index]`, with `code` if it takes one.
fn route_at(index: usize, code: String) -> Route {
    match index {
        1 => Route::Join(code),
        2 => Route::Table(code),
        3 => Route::Watch(code),
        4 => Route::Replay(code),
        5 => Route::Mine(code),
        6 => Route::Review(code),
        7 => Route::Stats,
        8 => Route::Start,
        9 => Route::Resume,
        10 => Route::Friends,
        11 => Route::Settings,
        _ => Route::Home,
    }
}

impl Route {
    /// The words of the links people share, which open the whole app's
    /// page wherever they were made (`index.html`'s loader spells the same
    /// list: `tests/routes.rs` compares them).
    pub const SHARED_LINKS: [&'static str; 4] = ["join", "table", "watch", "replay"];

    /// The words of the links that open a friend's page: the whole app's
    /// page loads a friend's page alone for them (`ono99-friend`, issue 38;
    /// `index.html`'s head spells the same list: `tests/routes.rs`
    /// compares them).
    pub const FRIEND_LINKS: [&'static str; 3] = ["join", "table", "watch"];

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
        let fragment = match text.bytes().rposition(|b| b == b'#') {
            Some(at) => text.get(at + 1..).unwrap_or(""),
            // A whole address without a fragment asks for nothing (a
            // fragment's word has no `/`).
            None if text.contains('/') => "",
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
        if let Some(index) = KEYS
            .iter()
            .position(|key| !key.is_empty() && word_of(key) == name)
        {
            let word = KEYS.get(index).map_or("", |key| word_of(key));
            let takes_code = KEYS.get(index).is_some_and(|key| key.ends_with('='));
            return match (takes_code, code) {
                (true, Some(code)) => Ok(route_at(index, code.trim().to_string())),
                (true, None) => Err(RouteError::NoCode(word)),
                (false, None) => Ok(route_at(index, String::new())),
                (false, Some(_)) => Err(RouteError::UnexpectedCode(word)),
            };
        }
        Err(RouteError::Unknown(name.chars().take(MAX_SHOWN).collect()))
    }

    /// Whether `address` (a whole URL or its fragment, as written) is a
    /// link people share: its fragment starts with `#join=`, `#table=`,
    /// `#watch=` or `#replay=` ([`Route::SHARED_LINKS`]). The loader's rule
    /// in `index.html`, and the first download's, which reads no more of
    /// an address than this (the whole app's page reads the rest).
    pub fn is_shared_address(address: &str) -> bool {
        let fragment = address
            .find('#')
            .map_or("", |at| address.get(at + 1..).unwrap_or(""));
        Route::SHARED_LINKS.iter().any(|word| {
            fragment
                .strip_prefix(word)
                .is_some_and(|rest| rest.starts_with('='))
        })
    }

    /// Reads an address as [`Route::parse`] does; anything unreadable is
    /// [`Route::Home`] (the page opens as it is).
    pub fn read(text: &str) -> Route {
        Route::parse(text).unwrap_or(Route::Home)
    }

    /// The route's place in [`KEYS`], and its code.
    fn index(&self) -> (usize, Option<&str>) {
        match self {
            Route::Home => (0, None),
            Route::Join(code) => (1, Some(code)),
            Route::Table(code) => (2, Some(code)),
            Route::Watch(code) => (3, Some(code)),
            Route::Replay(code) => (4, Some(code)),
            Route::Mine(code) => (5, Some(code)),
            Route::Review(code) => (6, Some(code)),
            Route::Stats => (7, None),
            Route::Start => (8, None),
            Route::Resume => (9, None),
            Route::Friends => (10, None),
            Route::Settings => (11, None),
        }
    }

    /// The route's key in an address (see [`KEYS`]).
    fn key(&self) -> &'static str {
        KEYS.get(self.index().0).copied().unwrap_or("")
    }

    /// The route's word: `join`, `stats`; empty for [`Route::Home`].
    pub fn word(&self) -> &'static str {
        word_of(self.key())
    }

    /// The route's code (what follows `=`), for a route that has one.
    pub fn code(&self) -> Option<&str> {
        self.index().1
    }

    /// Whether this is a link people share, which opens the whole app's
    /// page ([`Route::SHARED_LINKS`]).
    pub fn is_shared_link(&self) -> bool {
        Route::SHARED_LINKS.contains(&self.word())
    }

    /// The address's fragment, with its `#` (`#join=<code>`, `#stats`);
    /// empty for [`Route::Home`].
    pub fn fragment(&self) -> String {
        self.link("")
    }

    /// The whole address: `page` without its own fragment, then
    /// [`Route::fragment`]. A query stays (leave it out of `page` where it
    /// must not be shared: `online::invite_url`).
    pub fn link(&self, page: &str) -> String {
        let base = page.split_once('#').map_or(page, |(base, _)| base);
        let code = self.code().unwrap_or("");
        let mut link = String::with_capacity(base.len() + 12 + code.len());
        link.push_str(base);
        link.push_str(self.key());
        link.push_str(code);
        link
    }
}

/// The game's first page, for the page at `address` (a whole URL): the
/// link a shared result points to. The fragment and the query go, and so
/// does the whole app's folder (`app/`, `app/index.html`): anyone opening
/// it gets the game's first screen, whatever page shared it.
pub fn home_link(address: &str) -> String {
    let page = address.split_once('#').map_or(address, |(page, _)| page);
    let page = page.split_once('?').map_or(page, |(page, _)| page);
    let page = page.strip_suffix("index.html").unwrap_or(page);
    let page = page.strip_suffix("app/").unwrap_or(page);
    page.to_string()
}
