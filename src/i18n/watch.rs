//! The texts of watchers and the watch link (issue 31): only the whole
//! app shows them (online tables are not in the first download). Their
//! four languages are data, `sections/watch.txt` (`catalogue.rs`).

use super::catalogue::{fill, section, text};
use super::Lang;

section! {
    /// A text of the watch link and of a watcher's page.
    pub enum WatchText in include_str!("sections/watch.txt") => {
        /// The lobby's heading over the watch link.
        WatchLink,
        WatchLinkHelp,
        CopyWatchLink,
        WatchLinkQr,
        /// The host turns the watch link off: every watcher leaves.
        StopSharing,
        /// After stopping: a new watch link.
        ShareAgain,
        /// The lobby, while the watch link is off.
        NotShared,
        /// A watcher's page before connecting: the button.
        Watch,
        /// A watcher leaves the table.
        Leave,
        /// `{host}`: see [`watching_table`].
        WatchingTable,
        /// One watcher: see [`watching_count`].
        WatchingOne,
        /// `{n}` watchers: see [`watching_count`].
        WatchingMany,
        /// `{host}`: see [`stopped_sharing`].
        StoppedSharing,
    }
}

/// `text` in `lang` (English while `lang`'s fixed texts are not installed,
/// as every other text).
pub fn watch_text(lang: Lang, key: WatchText) -> &'static str {
    text(lang, key)
}

/// A watcher's heading: "Watching Ana's table".
pub fn watching_table(lang: Lang, host: &str) -> String {
    fill(lang, WatchText::WatchingTable, &[("host", host)])
}

/// How many watch the host's table: "2 watching".
pub fn watching_count(lang: Lang, count: usize) -> String {
    let key = if count == 1 {
        WatchText::WatchingOne
    } else {
        WatchText::WatchingMany
    };
    fill(lang, key, &[("n", &count.to_string())])
}

/// A watcher's page once the host turned the watch link off.
pub fn stopped_sharing(lang: Lang, host: &str) -> String {
    fill(lang, WatchText::StoppedSharing, &[("host", host)])
}
