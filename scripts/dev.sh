#!/usr/bin/env bash
# The project's two commands (see README.md):
#   scripts/dev.sh serve   install what the build needs, then `trunk serve`
#   scripts/dev.sh test    also install the test tools, then run every check
# Each step installs only what is missing, so both are safe to run again.
# Tools go on PATH here, in this script: no shell profile is needed.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"
TRUNK_VERSION="0.21.14"
# Trunk and wasm-bindgen-cli are compiled once per machine and version (9
# minutes on two cores), not once per clone: into the user's cache, each
# version in a folder of its own ($ONO99_TOOLS, or ~/.cache/ono99-tools; a
# clone's own .tools where there is no writable home).
TOOLS="${ONO99_TOOLS:-${XDG_CACHE_HOME:-${HOME:-}/.cache}/ono99-tools}"
if [ -z "${HOME:-}${XDG_CACHE_HOME:-}${ONO99_TOOLS:-}" ] || ! mkdir -p "$TOOLS" 2>/dev/null; then
    TOOLS="$ROOT/.tools"
fi
PUBLIC_URL="${PUBLIC_URL:-/ono99/}"

say() { printf '\n==> %s\n' "$*"; }
die() { printf 'dev.sh: %s\n' "$*" >&2; exit 1; }

# The wasm-bindgen version Trunk must use is the one Cargo.lock pins.
wasm_bindgen_version() {
    awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}
WASM_BINDGEN_VERSION="$(wasm_bindgen_version)"
export PATH="$TOOLS/trunk-$TRUNK_VERSION/bin:$TOOLS/wasm-bindgen-$WASM_BINDGEN_VERSION/bin:$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

ensure_rust() {
    command -v cargo >/dev/null || die "cargo is missing: install Rust with rustup (https://rustup.rs), then run this again"
    if ! rustc --print target-libdir --target wasm32-unknown-unknown 2>/dev/null | xargs -I{} test -d {}; then
        command -v rustup >/dev/null || die "the wasm32-unknown-unknown target is missing and rustup is not installed"
        say "adding the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown || die "rustup could not add wasm32-unknown-unknown"
    fi
}

# cargo_tool BINARY EXPECTED_VERSION_OUTPUT CRATE VERSION [--locked]
# installs into $TOOLS/BINARY-VERSION (on PATH above).
cargo_tool() {
    local bin="$1" want="$2" crate="$3" version="$4" locked="${5:-}"
    if command -v "$bin" >/dev/null && [ "$("$bin" --version 2>/dev/null)" = "$want" ]; then
        return 0
    fi
    say "installing $crate $version into $TOOLS/$bin-$version (a few minutes, once a machine)"
    cargo install $locked --root "$TOOLS/$bin-$version" "$crate" --version "$version" ||
        die "could not install $crate $version"
}

ensure_node() {
    if ! command -v npm >/dev/null; then
        if command -v apt-get >/dev/null && as_root true; then
            say "installing Node.js and npm from Debian"
            as_root apt-get update -qq && DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nodejs npm ||
                die "could not install nodejs and npm"
        else
            die "Node.js and npm are missing: install them (Debian/Ubuntu: apt-get install nodejs npm)"
        fi
    fi
    if [ ! -x node_modules/.bin/wasm-opt ] || ! cmp -s package-lock.json node_modules/.package-lock.json.ci 2>/dev/null; then
        say "installing npm packages (binaryen's wasm-opt, test tools)"
        npm ci --no-audit --no-fund || die "npm ci failed"
        cp package-lock.json node_modules/.package-lock.json.ci
    fi
}

ensure_build_tools() {
    ensure_rust
    local wb="$WASM_BINDGEN_VERSION"
    [ -n "$wb" ] || die "Cargo.lock names no wasm-bindgen version"
    cargo_tool trunk "trunk $TRUNK_VERSION" trunk "$TRUNK_VERSION" --locked
    # Not --locked: wasm-bindgen-cli's lock file names a yanked dependency.
    cargo_tool wasm-bindgen "wasm-bindgen $wb" wasm-bindgen-cli "$wb"
    ensure_node
}

# Runs a command as root: directly, or through sudo where that works without a password.
as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
        sudo "$@"
    else
        return 1
    fi
}

ensure_chromium() {
    local candidate
    if [ -n "${CHROMIUM:-}" ] && [ -x "$CHROMIUM" ]; then
        return 0
    fi
    for candidate in chromium chromium-browser google-chrome; do
        if command -v "$candidate" >/dev/null; then
            export CHROMIUM="$(command -v "$candidate")"
            return 0
        fi
    done
    if command -v apt-get >/dev/null && as_root true; then
        say "installing Debian's chromium and chromium-driver for the browser tests"
        as_root apt-get update -qq &&
            DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium chromium-driver ||
            die "could not install chromium"
        export CHROMIUM="$(command -v chromium)"
    else
        die "the browser tests need Chromium: install the 'chromium' and 'chromium-driver' packages (or set CHROMIUM=/path/to/chrome), then run this again"
    fi
}

serve() {
    ensure_build_tools
    # Trunk refuses to watch when a folder its ignore list names is missing
    # (a fresh clone has no test-results/, dist/ or target/ yet).
    mkdir -p test-results dist target
    local port="${PORT:-8080}"
    say "serving the game at http://127.0.0.1:$port/ (Ctrl-C stops)"
    exec trunk serve --offline --address 127.0.0.1 --port "$port"
}

PASSED=0
FAILED=0
FAILURES=""
step() {
    local name="$1"
    shift
    say "$name"
    local start=$SECONDS
    if "$@"; then
        PASSED=$((PASSED + 1))
        printf -- '--- %s: ok (%ss)\n' "$name" $((SECONDS - start))
    else
        FAILED=$((FAILED + 1))
        FAILURES="$FAILURES\n  - $name"
        printf -- '--- %s: FAILED (%ss)\n' "$name" $((SECONDS - start))
    fi
}

# Builds the release site again into another folder and compares it with
# dist/ byte for byte: two builds of the same sources must ship the same
# files, or the service worker's cache version (sw.js hashes every file)
# would change with each deployment and every returning player download
# the whole build again. Cargo has nothing to recompile here: it costs
# wasm-bindgen, wasm-opt and the hooks.
same_build_again() {
    local again="$ROOT/target/dist-again"
    rm -rf "$again"
    if ! trunk build --release --offline --public-url "$PUBLIC_URL" --dist "$again" >"$again.log" 2>&1; then
        cat "$again.log"
        return 1
    fi
    local differ
    differ="$(diff -rq dist "$again")"
    if [ -n "$differ" ]; then
        printf 'the second build differs from dist/:\n%s\n' "$differ"
        return 1
    fi
    echo "dist/ and a second build are the same, byte for byte ($(find dist -type f | wc -l) files)"
    rm -rf "$again" "$again.log"
}

# A second deployment of the site, for the browser scenarios of a
# deployment (tests/e2e/deploy.mjs): a copy of these sources with one
# wording changed, built into target/dist-second. Every file the change
# reaches is named anew, as in a real new deployment. The copy builds in
# a target folder of its own, seeded with a copy of the wasm build's
# (only the crate is compiled again): sharing target/ would let Cargo take
# one build's crate for the other's (it names both alike), and the next
# dist/ would ship the changed wording.
second_deployment() {
    local copy="$ROOT/target/second-src" out="$ROOT/target/dist-second" own="$ROOT/target/second-target"
    rm -rf "$copy" "$out" "$own"
    mkdir -p "$copy" "$own"
    # The release build's dependencies, for the browser and for the build
    # itself (proc macros, build scripts); the crate itself is always
    # compiled again, from the copy.
    local built
    for built in wasm-release wasm32-unknown-unknown/wasm-release; do
        if [ -d "$ROOT/target/$built" ]; then
            mkdir -p "$own/$(dirname "$built")"
            cp -a "$ROOT/target/$built" "$own/$built" || return 1
            rm -rf "$own/$built"/.fingerprint/ono99-*
        fi
    done
    tar -C "$ROOT" --exclude=./target --exclude=./dist --exclude=./node_modules \
        --exclude=./.tools --exclude=./.git --exclude=./test-results -cf - . | tar -C "$copy" -xf - || return 1
    ln -s "$ROOT/node_modules" "$copy/node_modules"
    # The wording in English (compiled in) and in French (a fetched file),
    # both from src/i18n/texts/stats.txt: a page of the first deployment
    # then finds its French file gone.
    local texts="$copy/src/i18n/texts/stats.txt"
    sed -i 's/^en = No finished games yet\./en = No finished games yet (new version)./' "$texts"
    sed -i 's/^fr = Aucune partie terminée/fr = (Nouvelle version) Aucune partie terminée/' "$texts"
    if ! grep -q '^en = No finished games yet (new version)' "$texts" ||
        ! grep -q '^fr = (Nouvelle version)' "$texts"; then
        echo "the wording to change was not found in src/i18n/texts/stats.txt"
        return 1
    fi
    if ! (cd "$copy" && CARGO_TARGET_DIR="$own" trunk build --release --offline --public-url "$PUBLIC_URL" --dist "$out") >"$out.log" 2>&1; then
        cat "$out.log"
        return 1
    fi
    echo "the second deployment is in target/dist-second ($(find "$out" -type f | wc -l) files)"
}

test_all() {
    ensure_build_tools
    ensure_chromium
    step "cargo fmt --check" cargo fmt --check
    step "clippy (native, all targets)" cargo clippy --all-targets -- -D warnings
    step "clippy (wasm32: the first download and the search worker)" cargo clippy --target wasm32-unknown-unknown --lib --bin ono99-web --bin ono99-worker -- -D warnings
    step "clippy (wasm32: the whole app and a friend's page, feature full)" cargo clippy --target wasm32-unknown-unknown --features full --lib --bin ono99-full --bin ono99-friend -- -D warnings
    step "native tests" cargo test
    step "WebCrypto calls of a table link reproduce tests/signal/vector.txt (Node's WebCrypto)" node tests/signal/webcrypto-check.mjs
    step "the build's short names between each wasm and its JavaScript (tests/build/wasm-names.mjs)" node tests/build/wasm-names.mjs
    step "engine builds for the browser" cargo check --target wasm32-unknown-unknown --lib
    local failed_before=$FAILED
    step "release build (trunk, offline, public url $PUBLIC_URL)" \
        trunk build --release --offline --public-url "$PUBLIC_URL"
    if [ "$FAILED" -eq "$failed_before" ]; then
        step "release build is reproducible (a second build, byte for byte)" same_build_again
        step "a second deployment (the same game, one wording changed)" second_deployment
    fi
    # Inside a private network namespace when possible (root): the online
    # tables' WebRTC connections then stay on this machine (scripts/netns.sh).
    step "browser end-to-end tests" bash scripts/netns.sh node tests/e2e/run.mjs
    echo
    if [ "$FAILED" -gt 0 ]; then
        printf 'failed steps:%b\n' "$FAILURES"
    fi
    echo "summary: $PASSED passed, $FAILED failed"
    [ "$FAILED" -eq 0 ]
}

build() {
    ensure_build_tools
    trunk build --release --offline --public-url "$PUBLIC_URL"
}

case "${1:-}" in
    serve) serve ;;
    build) build ;;
    second-deployment) ensure_build_tools && second_deployment ;;
    test) test_all ;;
    *) die "usage: scripts/dev.sh serve|test (build: the release site in dist/, as Pages deploys it; second-deployment: the one tests/e2e/deploy.mjs deploys over it)" ;;
esac
