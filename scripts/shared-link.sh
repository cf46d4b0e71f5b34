#!/usr/bin/env bash
# Measures the first load on one link shared by the page, its workers and
# the service worker, as a phone's is: in a private network namespace
# (scripts/netns.sh), its loopback limited to 1.6 Mbit/s by tc's token
# bucket (this kernel has no netem, so the 150 ms round trip is added at
# the server, SERVE_DELAY_MS, with GitHub Pages' max-age=600), the browser's CPU slowed 4x, and no DevTools
# network emulation (LOAD_LINK=shared, tests/e2e/load.mjs). Each load also
# stays open for its first minute and counts what crossed the wire in it.
#
#   bash scripts/shared-link.sh            # after a release build in dist/
#
# Needs root, unshare, ip and tc (Debian's iproute2). docs/first-load.md
# has the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${ONO99_SHAPED:-}" != 1 ]; then
    ONO99_SHAPED=1 exec bash scripts/netns.sh bash "$0" "$@"
fi
ip link set lo mtu 1500
tc qdisc add dev lo root tbf rate 1600kbit burst 16kbit latency 2000ms
LOAD_LINK=shared LOAD_MINUTE=1 SERVE_DELAY_MS=150 SERVE_CACHE='max-age=600' LOAD_RUNS="${LOAD_RUNS:-3}" \
    node tests/e2e/run.mjs 'first load on a phone'
