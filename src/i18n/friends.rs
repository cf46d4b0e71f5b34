//! The texts of a host's resumed match, the turn limit and a friend's
//! stand-in (issue 36): only the whole app shows them (online tables are
//! not in the first download). Their four languages are data,
//! `sections/friends.txt` (`catalogue.rs`).

use super::catalogue::{fill, section, text};
use super::Lang;

section! {
    /// A text of the lobby's resumed match, its turn limit, and a friend's
    /// page waiting for the host or played by a stand-in.
    pub enum FriendsText in include_str!("sections/friends.txt") => {
        /// The lobby after a host's reload: the heading over the match's line.
        MatchInProgress,
        /// Its one button.
        Resume,
        /// Why Resume waits.
        ResumeWaits,
        /// The lobby's choice of a turn limit.
        TurnLimit,
        TurnLimitOff,
        TurnLimitHelp,
        /// A friend's page while a stand-in bot plays their seat.
        StoodIn,
        /// Its button: the friend takes the seat back.
        ImBack,
        /// `{hand}`, one play: see [`match_progress`].
        ProgressOne,
        /// `{hand}`, `{n}` plays: see [`match_progress`].
        ProgressMany,
        /// `{seconds}`: see [`turn_seconds`].
        TurnSeconds,
        /// `{host}`: see [`waiting_for_host`].
        WaitingForHost,
        /// `{host}`: see [`host_quiet`].
        HostQuiet,
        /// `{host}`: see [`host_quiet_at_table`].
        HostQuietAtTable,
        /// `{name}`: see [`no_direct_path`].
        NoDirectPath,
        /// A friend's page: the host answered, but no direct connection
        /// opened and the brokers carried nothing either (issue 38).
        NoPathHere,
        /// The host's lobby, beside a seat the brokers carry (issue 38).
        ThroughRelay,
        /// `{host}`: see [`through_relay_here`].
        ThroughRelayHere,
    }
}

/// `text` in `lang` (English while `lang`'s fixed texts are not installed,
/// as every other text).
pub fn friends_text(lang: Lang, key: FriendsText) -> &'static str {
    text(lang, key)
}

/// The lobby's line of a resumed match: "Hand 2 · 14 plays".
pub fn match_progress(lang: Lang, hand: u32, plays: usize) -> String {
    let key = if plays == 1 {
        FriendsText::ProgressOne
    } else {
        FriendsText::ProgressMany
    };
    let (hand, plays) = (hand.to_string(), plays.to_string());
    fill(lang, key, &[("hand", &hand), ("n", &plays)])
}

/// A turn limit of `seconds`, as the lobby offers it: "60 s".
pub fn turn_seconds(lang: Lang, seconds: u32) -> String {
    fill(
        lang,
        FriendsText::TurnSeconds,
        &[("seconds", &seconds.to_string())],
    )
}

/// A friend's page, its table kept, while the host's page is away (it
/// reloaded, or lost its connection): "Waiting for Hana to come back…".
pub fn waiting_for_host(lang: Lang, host: &str) -> String {
    fill(lang, FriendsText::WaitingForHost, &[("host", host)])
}

/// A friend's page knocking while the host's has not answered for a
/// while (issue 38): "Hana's page has not answered yet: it may be in the
/// background on a phone…".
pub fn host_quiet(lang: Lang, host: &str) -> String {
    fill(lang, FriendsText::HostQuiet, &[("host", host)])
}

/// A friend's table while the host's page does not answer (issue 38: a
/// phone's page frozen in the background, its connection still open):
/// "Hana's page is not answering…".
pub fn host_quiet_at_table(lang: Lang, host: &str) -> String {
    fill(lang, FriendsText::HostQuietAtTable, &[("host", host)])
}

/// The host's lobby, for a friend seated by the table link whose
/// connection never opened (issue 38): "Zoë was given this seat, but no
/// direct connection opened…", and what can help.
pub fn no_direct_path(lang: Lang, name: &str) -> String {
    fill(lang, FriendsText::NoDirectPath, &[("name", name)])
}

/// A friend's page whose table the brokers carry (issue 38): "No direct
/// connection could be made to Ana's browser, so the game goes through a
/// relay…".
pub fn through_relay_here(lang: Lang, host: &str) -> String {
    fill(lang, FriendsText::ThroughRelayHere, &[("host", host)])
}
