//! The one table of what a page address says (`ono99::routes`): every
//! route written and read back, every link form an older build wrote
//! still opening (`tests/fixtures/links.txt`), unreadable addresses told
//! apart, no panic on any text, and `index.html`'s loader sending the same
//! links to the whole app's page as the table does.

use ono99::online::codes::Invite;
use ono99::online::signal::link::TableLink;
use ono99::routes::{Route, RouteError};
use ono99::rules::Played;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One route of each kind, with codes as a build writes them.
fn every_route() -> Vec<Route> {
    let code = || "AUkAkQECA0FuYQ-_x".to_string();
    vec![
        Route::Home,
        Route::Join(code()),
        Route::Table(code()),
        Route::Watch(code()),
        Route::Replay(code()),
        Route::Mine(code()),
        Route::Review(code()),
        Route::Stats,
        Route::Start,
        Route::Resume,
        Route::Friends,
        Route::Settings,
    ]
}

#[test]
fn every_route_reads_back_from_its_fragment_and_its_link() {
    for route in every_route() {
        let fragment = route.fragment();
        assert_eq!(Route::parse(&fragment), Ok(route.clone()), "{fragment}");
        // Without its `#`, as the app's requests were once written.
        let bare = fragment.trim_start_matches('#');
        assert_eq!(Route::parse(bare), Ok(route.clone()), "{bare}");
        for page in [
            "https://example.org/ono99/",
            "https://example.org/ono99/app/",
            "http://127.0.0.1:8080/ono99/index.html?seed=7",
            "https://example.org/ono99/app/#stats",
        ] {
            let link = route.link(page);
            assert!(!link.contains("#stats#"), "{link}");
            assert_eq!(Route::parse(&link), Ok(route.clone()), "{link}");
        }
    }
}

#[test]
fn links_are_written_as_every_build_wrote_them() {
    let code = "ABC".to_string();
    let page = "https://example.org/ono99/";
    assert_eq!(
        Route::Join(code.clone()).link(page),
        "https://example.org/ono99/#join=ABC"
    );
    assert_eq!(
        Route::Table(code.clone()).link("https://h/p/app/#watch=X"),
        "https://h/p/app/#table=ABC"
    );
    assert_eq!(Route::Watch(code.clone()).fragment(), "#watch=ABC");
    assert_eq!(Route::Replay(code.clone()).fragment(), "#replay=ABC");
    assert_eq!(Route::Mine(code.clone()).fragment(), "#mine=ABC");
    assert_eq!(Route::Review(code).fragment(), "#review=ABC");
    assert_eq!(Route::Stats.fragment(), "#stats");
    assert_eq!(
        Route::Friends.link("https://h/p/app/"),
        "https://h/p/app/#friends"
    );
    assert_eq!(Route::Home.fragment(), "");
    assert_eq!(Route::Home.link("https://h/p/#join=X"), "https://h/p/");
    // The prefixes the codes' decoders strip are the table's.
    assert_eq!(ono99::online::codes::JOIN_PREFIX, "#join=");
    assert_eq!(ono99::online::signal::link::TABLE_PREFIX, "#table=");
    assert_eq!(ono99::online::signal::link::WATCH_PREFIX, "#watch=");
    assert_eq!(
        ono99::online::invite_url("https://example.org/ono99/?seed=42#x", "ABC"),
        "https://example.org/ono99/#join=ABC"
    );
}

/// Each line of `tests/fixtures/links.txt` is `word<TAB>address`: an
/// address as a build wrote or a player pasted it, and the route it opens.
/// Each code in it decodes with its own decoder, to the thing it was made
/// from.
#[test]
fn every_older_link_form_still_opens() {
    let text = std::fs::read_to_string(root().join("tests/fixtures/links.txt"))
        .expect("the fixture is there");
    let mut seen = std::collections::BTreeSet::new();
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (word, address) = line.split_once('\t').expect("word<TAB>address");
        // `\n` in the fixture: a line break a messenger added.
        let address = address.replace("\\n", "\n");
        let route = Route::parse(&address).unwrap_or_else(|e| panic!("{address}: {e}"));
        assert_eq!(route.word(), word, "{address}");
        seen.insert(word.to_string());
        match &route {
            Route::Join(code) => {
                let invite = Invite::decode(code).expect("the invite opens");
                assert_eq!(invite.host_name, "Ana");
            }
            Route::Table(code) => {
                let link = TableLink::decode(code).expect("the table link opens");
                assert_eq!(link.host_name, "Ana");
                assert!(TableLink::decode_watch(code).is_err(), "not a watch link");
            }
            Route::Watch(code) => {
                let link = TableLink::decode_watch(code).expect("the watch link opens");
                assert_eq!(link.host_name, "Ana");
            }
            Route::Replay(code) | Route::Mine(code) | Route::Review(code) => {
                let played = Played::decode(code).expect("the match opens");
                assert!(played.names.len() >= 2);
            }
            _ => assert_eq!(route.code(), None),
        }
    }
    // Every route but Home has a line (Home's are the empty word).
    for route in every_route() {
        assert!(seen.contains(route.word()), "no fixture for {route:?}");
    }
}

#[test]
fn unreadable_addresses_are_told_apart() {
    let unknown = |w: &str| Err(RouteError::Unknown(w.to_string()));
    assert_eq!(Route::parse("#jion=ABC"), unknown("jion"));
    assert_eq!(Route::parse("https://h/p/#Join=ABC"), unknown("Join"));
    assert_eq!(Route::parse("AUkAkQECA0FuYQ"), unknown("AUkAkQECA0FuYQ"));
    assert_eq!(
        Route::parse(&format!("#{}", "x".repeat(500))),
        unknown(&"x".repeat(24))
    );
    assert_eq!(Route::parse("#join"), Err(RouteError::NoCode("join")));
    assert_eq!(
        Route::parse("app/#review"),
        Err(RouteError::NoCode("review"))
    );
    assert_eq!(
        Route::parse("#stats=1"),
        Err(RouteError::UnexpectedCode("stats"))
    );
    // What opens nothing is Home, not an error.
    for home in [
        "",
        "#",
        "  # ",
        "https://h/p/",
        "/ono99/app/",
        "https://h/p/?seed=3",
    ] {
        assert_eq!(Route::parse(home), Ok(Route::Home), "{home:?}");
    }
    assert_eq!(Route::read("#nonsense"), Route::Home);
    // An empty code is the code's decoder's to refuse (it says so).
    assert_eq!(Route::parse("#join="), Ok(Route::Join(String::new())));
    assert!(Invite::decode("").is_err());
    // The message names what was asked.
    let message = RouteError::Unknown("jion".into()).to_string();
    assert!(message.contains("jion"), "{message}");
}

/// The first download's check (and the loader's) reads only the
/// fragment's start: it agrees with the whole parse on every address a
/// build writes.
#[test]
fn the_quick_check_of_a_shared_link_agrees_with_the_parse() {
    for route in every_route() {
        for page in ["https://h/ono99/", "https://h/ono99/app/?seed=3", ""] {
            let link = route.link(page);
            assert_eq!(
                Route::is_shared_address(&link),
                route.is_shared_link(),
                "{link}"
            );
        }
    }
    assert!(!Route::is_shared_address("https://h/p/#joining=x"));
    assert!(!Route::is_shared_address("https://h/p/?x=#join"));
    assert!(!Route::is_shared_address("join=ABC"));
    assert!(Route::is_shared_address("#watch="));
}

#[test]
fn only_shared_links_open_the_whole_app_by_themselves() {
    let shared: Vec<&str> = every_route()
        .iter()
        .filter(|r| r.is_shared_link())
        .map(Route::word)
        .collect();
    assert_eq!(shared, Route::SHARED_LINKS);
}

/// `index.html`'s loader cannot call Rust (it picks the page's module
/// before any runs): the words in its regular expression must be
/// [`Route::SHARED_LINKS`].
#[test]
fn the_loader_sends_the_same_links_to_the_whole_app() {
    let html = std::fs::read_to_string(root().join("index.html")).expect("index.html");
    // The loader's, and the head's script's that starts the download early
    // (it starts none for these links on the first page).
    let lists: Vec<usize> = html.match_indices("/^#(").map(|(at, _)| at).collect();
    assert_eq!(
        lists.len(),
        2,
        "the loader's and the head script's regular expressions of shared links, /^#(…)=/"
    );
    for start in lists {
        let rest = &html[start + "/^#(".len()..];
        let end = rest.find(")=/").expect("its end, )=/");
        let words: Vec<&str> = rest[..end].split('|').collect();
        assert_eq!(
            words,
            Route::SHARED_LINKS,
            "index.html's list of shared links"
        );
    }
    // Its comment lists them too.
    for word in Route::SHARED_LINKS {
        assert!(html.contains(&format!("#{word}=,")) || html.contains(&format!("#{word}=;")));
    }
}

/// The whole app's page loads a friend's page alone (`ono99-friend`) for
/// the links `index.html`'s head lists: [`Route::FRIEND_LINKS`], each a
/// shared link.
#[test]
fn the_head_sends_friends_links_to_the_friends_page() {
    let html = std::fs::read_to_string(root().join("index.html")).expect("index.html");
    let start = html
        .find("['#join'")
        .expect("the head's list of friends' links, ['#join',…]");
    let rest = &html[start + 1..];
    let end = rest.find(']').expect("its end, ]");
    let words: Vec<&str> = rest[..end]
        .split(',')
        .map(|w| w.trim_matches(|c| c == '\'' || c == '#'))
        .collect();
    assert_eq!(
        words,
        Route::FRIEND_LINKS,
        "index.html's list of friends' links"
    );
    for word in Route::FRIEND_LINKS {
        assert!(Route::SHARED_LINKS.contains(&word));
    }
}

/// A small deterministic fuzz loop: any text, made of the characters that
/// matter to addresses and some that do not, reads without panicking, and
/// whatever reads as a route is written back to the same route.
#[test]
fn no_text_makes_it_panic() {
    const PIECES: [&str; 24] = [
        "#", "=", "join", "table", "watch", "replay", "mine", "review", "stats", "friends",
        "https://", "/", "?", "&", " ", "\n", "\t", "A", "_", "-", "é", "🂡", "\u{0}", "%23",
    ];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut routes = 0;
    for _ in 0..50_000 {
        let len = next() % 12;
        let text: String = (0..len)
            .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
            .collect();
        if let Ok(route) = Route::parse(&text) {
            routes += 1;
            assert_eq!(
                Route::parse(&route.fragment()),
                Ok(route.clone()),
                "{text:?}"
            );
            assert_eq!(
                Route::parse(&route.link("https://h/p/")),
                Ok(route),
                "{text:?}"
            );
        }
    }
    // The loop reached the routes, not only errors.
    assert!(routes > 1_000, "{routes}");
}

/// Writes `tests/fixtures/links.txt` (once: it stands for links players
/// hold; do not regenerate).
#[test]
#[ignore]
fn write_link_fixtures() {
    use ono99::online::signal::link::Relay;
    let fixture = |name: &str| {
        std::fs::read_to_string(root().join("tests/fixtures").join(name)).expect("fixture")
    };
    let invite = fixture("invite-codes.txt")
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    let share = fixture("share-links.txt")
        .lines()
        .next()
        .and_then(|l| l.rsplit('\t').next())
        .unwrap_or_default()
        .to_string();
    let share_v2 = fixture("share-link-v2.txt").trim().to_string();
    let table = TableLink {
        secret: *b"0123456789abcdef",
        relays: vec![Relay::parse("wss://tracker-1.example.org/ws01").expect("relay")],
        host_name: "Ana".to_string(),
        rules: ono99::rules::RuleSet::modern(),
    };
    let lines = [
        format!("join\thttps://example.org/ono99/#join={invite}"),
        format!("join\thttps://example.org/ono99/index.html#join={invite}"),
        format!("join\thttps://example.org/ono99/app/#join={invite}"),
        format!("join\tJoin my table: https://example.org/ono99/#join={invite}\\n"),
        format!("table\t{}", table.url("https://example.org/ono99/?seed=3")),
        format!(
            "table\thttps://example.org/ono99/app/#table={}",
            table.encode()
        ),
        format!(
            "watch\t{}",
            table.watch_url("https://example.org/ono99/app/")
        ),
        format!("replay\thttps://example.org/ono99/#replay={share}"),
        format!("replay\thttp://127.0.0.1:8080/ono99/index.html?seed=7&x=1#replay={share}"),
        format!("replay\thttps://example.org/ono99/app/#replay={share_v2}"),
        format!("replay\treplay={share}"),
        format!("mine\thttps://example.org/ono99/app/#mine={share}"),
        format!("review\thttps://example.org/ono99/app/#review={share}"),
        "stats\thttps://example.org/ono99/app/#stats".to_string(),
        "start\thttps://example.org/ono99/app/?seed=5#start".to_string(),
        "resume\thttps://example.org/ono99/app/#resume".to_string(),
        "friends\thttps://example.org/ono99/app/#friends".to_string(),
        "settings\thttps://example.org/ono99/app/#settings".to_string(),
        "\thttps://example.org/ono99/".to_string(),
        "\thttps://example.org/ono99/app/#".to_string(),
    ];
    let head = "# Addresses as builds wrote them or players pasted them, and the route\n\
                # each opens (tests/routes.rs). Written once by `cargo test --test routes\n\
                # -- --ignored write_link_fixtures`; do not regenerate.\n";
    std::fs::write(
        root().join("tests/fixtures/links.txt"),
        format!("{head}{}\n", lines.join("\n")),
    )
    .expect("written");
}

/// The first download's plain links to the whole app's page (`href="app/#…"`,
/// in `index.html` and the pages' code) ask for routes the table has.
#[test]
fn the_first_downloads_links_to_the_whole_app_are_routes() {
    fn files(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut paths = vec![root().join("index.html")];
    files(&root().join("src"), &mut paths);
    let mut found = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("readable");
        for (at, _) in text.match_indices("href=\"app/#") {
            let rest = &text[at + "href=\"".len()..];
            let href = &rest[..rest.find('"').expect("a closing quote")];
            let route = Route::parse(href).unwrap_or_else(|e| panic!("{path:?}: {href}: {e}"));
            assert_ne!(route, Route::Home, "{path:?}: {href}");
            found.push(route);
        }
    }
    assert!(found.contains(&Route::Friends), "{found:?}");
    assert!(found.contains(&Route::Settings), "{found:?}");
}

/// A shared result points to the game's first page, whichever page and
/// address shared it (issue 39: Today's deal's text had no link).
#[test]
fn the_home_link_is_the_games_first_page() {
    use ono99::routes::home_link;
    for (address, home) in [
        ("https://a.github.io/ono99/", "https://a.github.io/ono99/"),
        (
            "https://a.github.io/ono99/index.html",
            "https://a.github.io/ono99/",
        ),
        (
            "https://a.github.io/ono99/app/",
            "https://a.github.io/ono99/",
        ),
        (
            "https://a.github.io/ono99/app/index.html#stats",
            "https://a.github.io/ono99/",
        ),
        (
            "http://127.0.0.1:8080/ono99/?seed=7#replay=abc",
            "http://127.0.0.1:8080/ono99/",
        ),
        ("http://localhost:8080/", "http://localhost:8080/"),
    ] {
        assert_eq!(home_link(address), home, "{address}");
    }
}
