//! The browser edge: everything that calls a browser API other than
//! rendering. Notes in the console, the "your turn" alert of a page in
//! the background (its title, a system notification), the page's address (invite and share links), the first
//! screen index.html paints before the app runs, opening the whole app's
//! page from the first download, the clipboard,
//! `localStorage` (saves, settings), preferences, sound (Web
//! Audio), vibration, the service worker, keyboard focus, files (downloads, opening
//! a record), the WebRTC transport, a table's cryptography (WebCrypto:
//! the room id, the key, sealed envelopes), WebSockets to the public
//! relays, the page coming back from the background, the search worker, fetching a language's texts, and the page's
//! clock and random source. No game rule
//! lives here, and nothing here renders a screen.

pub mod address;
#[cfg(feature = "full")]
pub mod attention;
pub mod boot;
pub mod clipboard;
pub mod clock;
pub mod console;
#[cfg(feature = "full")]
pub mod crypto;
#[cfg(feature = "full")]
pub mod files;
pub mod focus;
pub mod haptics;
#[cfg(feature = "full")]
pub mod lifecycle;
pub mod modules;
pub mod motion;
pub mod offline;
pub mod prefs;
#[cfg(feature = "full")]
pub mod socket;
pub mod sound;
pub mod storage;
pub mod texts;
#[cfg(feature = "full")]
pub mod webrtc;
pub mod worker;
