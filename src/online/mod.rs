//! Online tables without a server (issue 14, docs/online.md): the pure part.
//!
//! The host's browser runs the [`Match`](crate::rules::Match); each remote
//! seat is a friend's browser that receives only what its seat may know
//! (docs/rules.md §7) and sends only action requests.
//!
//! - [`protocol`]: the versioned wire messages, their size limits, typed
//!   refusals, and [`protocol::redact`], which turns engine events into what
//!   one seat may know ([`protocol::SeatEvent`]);
//! - [`host`]: [`HostSession`], which owns the match and treats every byte
//!   from a guest as untrusted;
//! - [`guest`]: [`GuestMirror`], which rebuilds a guest's view from the
//!   host's messages alone and asks for a resync when it misses one;
//! - [`fair`]: a deal anyone can check (issue 31): the host's sealed
//!   secret, the friends' contributions, the seed from them all, and the
//!   check every page makes at the end;
//! - [`codes`] and [`sdp`]: invite links and reply codes (a WebRTC offer or
//!   answer, compacted, checksummed, base64url);
//! - [`reactions`]: quick reactions (a preset set, no free text), the
//!   rate gate and what a page shows of them;
//! - [`signal`]: one table link for every friend, and the offers and
//!   answers it sends through public relays (issue 30, in progress);
//! - [`watch`]: watchers of a table (by the watch link): who is at the
//!   other end of a host's connection ([`watch::Peer`]: a seat's friend
//!   or a watcher) and the watchers' cap;
//! - [`turn_limit`]: when a friend's turn is over the limit the host
//!   picked (a stand-in bot takes the seat).
//!
//! Like `rules` and `bots`, on which alone it depends (with `serde`,
//! `serde_json`, `thiserror` and `sha2`), this module uses no browser
//! API, no clock and no global randomness: it is tested natively and runs
//! unchanged in WebAssembly. The WebRTC transport and the lobby belong in
//! `ui/`.

pub mod codes;
pub mod fair;
pub mod friend;
pub mod guest;
pub mod host;
pub mod protocol;
pub mod qr;
pub mod reactions;
pub mod sdp;
pub mod sealed;
pub mod signal;
pub mod turn_limit;
pub mod watch;

pub use codes::{CodeError, CodeKind, Invite, Reply};
pub use guest::{GuestMirror, Received};
pub use host::{
    Handled, HeldMessages, HostSession, LinkEvent, Mover, Outgoing, Overflow, SeatKind, SeatSetup,
    TableSetup,
};
pub use protocol::{
    GuestMessage, HostMessage, ProtocolError, Refusal, SeatEvent, PROTOCOL_VERSION,
};
pub use sdp::{CompactSdp, SdpError};

/// The invite link for `code`, from the host page's address `page`: its
/// origin and path only. The query string stays out (a host who opened
/// `?seed=N` must not send friends the seed, and with it every hand and
/// the draw order), as does any fragment; the link adds `#join=<code>`.
pub fn invite_url(page: &str, code: &str) -> String {
    let end = page.find(['?', '#']).unwrap_or(page.len());
    let base = page.get(..end).unwrap_or(page);
    crate::routes::Route::Join(code.to_string()).link(base)
}

/// The servers of a settings field that may name several (the STUN
/// servers): separated by spaces, commas or new lines, empty ones dropped.
pub fn server_list(text: &str) -> Vec<&str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect()
}

#[cfg(test)]
mod server_list_tests {
    use super::server_list;

    #[test]
    fn several_servers_in_one_field() {
        assert_eq!(
            server_list(" stun:a.example:3478, stun:b.example\nstun:c "),
            vec!["stun:a.example:3478", "stun:b.example", "stun:c"]
        );
        assert!(server_list(" , \n").is_empty());
        assert_eq!(server_list("stun:one"), vec!["stun:one"]);
    }
}
