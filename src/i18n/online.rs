//! The texts of table links and relays (issue 30) and of an online
//! match's deal check: two sections of the catalogue (`catalogue.rs`),
//! `sections/online.txt` and `sections/online_lines.txt`, each key with
//! its four languages. Only the whole app shows them, so the first
//! download carries none of their words.

use super::catalogue::{fill, section, text};
use super::Lang;

section! {
    /// The texts of a table link and its relays (issue 30), which only the
    /// whole app shows.
    pub enum OnlineKey in include_str!("sections/online.txt") => {
        /// The lobby's heading over the one link for every friend.
        TableLink,
        TableLinkHelp,
        CopyTableLink,
        TableLinkQr,
        /// The checkbox: nobody new takes a seat.
        LockTable,
        LockTableHelp,
        /// Before the list of relays the table uses (the host's lobby; a
        /// friend's page before Join).
        RelaysUsed,
        RelaysUsedByFriend,
        /// A friend's join form, under Join: nothing goes to the host
        /// before it (issue 39: the form spoke network).
        NothingBeforeJoin,
        /// The folded part of the join form that names the servers used.
        ConnectionDetails,
        /// How a relay stands, beside its address in the lobby.
        RelayReached,
        RelayTrying,
        RelayUnreachable,
        /// The host left the relays: every friend is connected.
        RelayIdle,
        /// The player cleared the relays: codes only.
        NoRelays,
        /// Not one relay answered: codes only.
        RelaysDown,
        /// Folds out the per-seat invite links and reply codes.
        CodesInstead,
        /// A friend's page while its offer goes out.
        ReachingHost,
        /// A friend's page after the last unanswered attempt.
        HostNoAnswer,
        RefusedFull,
        RefusedLocked,
        RefusedName,
        /// A friend's page or the host's, while a lost connection is made
        /// again through the relays.
        Reconnecting,
        /// The tab's title while an online match waits on a player whose page
        /// is hidden (another tab, a minimized window).
        YourTurnTitle,
        /// The system notification's text for the same moment.
        YourTurnNotice,
        /// Settings: the switch for a system notification on one's turn.
        TurnAlerts,
        TurnAlertsHelp,
        /// Settings: the browser (or the player, in its prompt) refused
        /// notifications, so the switch stays off.
        TurnAlertsRefused,
        /// Settings: this browser has no notifications at all.
        TurnAlertsUnsupported,
        /// Settings: the relays' field and its help.
        Relays,
        RelaysHelp,
        /// Start or Play again while the friends' shares of a deal anyone can
        /// check come in.
        DealShuffling,
        /// The end of an online match: its deal checked.
        DealVerified,
        DealVerifiedLate,
        DealSecretChanged,
        DealLeftOut,
        DealSeedDiffers,
        DealDoesNotReplay,
        DealLogDiffers,
        /// Copies the finished match's share link (with what checks its deal).
        CopyMatchLink,
    }
}

section! {
    /// The online texts with data (`sections/online_lines.txt`).
    pub enum OnlineLine in include_str!("sections/online_lines.txt") => {
        RelayLineBad,
        DealCardDiffers,
        DealtWithout,
    }
}

/// A text of table links and relays (the whole app only).
pub fn online(lang: Lang, key: OnlineKey) -> &'static str {
    text(lang, key)
}

/// Settings: line `line` (from 1) of the relays is not a relay's address.
pub fn relay_line_bad(lang: Lang, line: usize) -> String {
    fill(
        lang,
        OnlineLine::RelayLineBad,
        &[("line", &line.to_string())],
    )
}

/// The end of an online match: in hand `hand` the seed deals `expected`
/// where the table showed `shown` (card names).
pub(super) fn deal_card_differs(lang: Lang, hand: u32, expected: &str, shown: &str) -> String {
    fill(
        lang,
        OnlineLine::DealCardDiffers,
        &[
            ("hand", &hand.to_string()),
            ("expected", expected),
            ("shown", shown),
        ],
    )
}

/// A deal went ahead without the shares of `names`.
pub fn dealt_without(lang: Lang, names: &[String]) -> String {
    fill(
        lang,
        OnlineLine::DealtWithout,
        &[("names", &names.join(", "))],
    )
}
