#!/usr/bin/env bash
# Runs a command inside a fresh, private network namespace, so a browser test
# of WebRTC sees a predictable network: loopback plus a veth pair
# (10.99.0.1 <-> 10.99.0.2) with a default route, which Chromium needs before
# it gathers any ICE candidate. Nothing outside is reachable from inside.
#
#   bash scripts/netns.sh <command...>
#
# Needs root, `unshare` and `ip`; without them the command runs directly in
# the current network (a line on stderr says so). The exit code is the
# command's.
set -u

if [ "$#" -eq 0 ]; then
    echo "usage: bash scripts/netns.sh <command...>" >&2
    exit 2
fi

if [ "$(id -u)" -ne 0 ] || ! command -v unshare >/dev/null 2>&1 || ! command -v ip >/dev/null 2>&1; then
    echo "netns.sh: not root or no unshare/ip: running in the current network" >&2
    exec "$@"
fi

# The setup runs in the new namespace; "$@" is passed through untouched.
setup='
if ! { ip link set lo up &&
    ip link add v0 type veth peer name v1 &&
    ip addr add 10.99.0.1/24 dev v0 &&
    ip addr add 10.99.0.2/24 dev v1 &&
    ip link set v0 up &&
    ip link set v1 up &&
    ip route add default via 10.99.0.2; }; then
    echo "netns.sh: setting up the namespace failed" >&2
    exit 125
fi
exec "$@"
'
if ! unshare -n true 2>/dev/null; then
    echo "netns.sh: unshare -n is not permitted here: running in the current network" >&2
    exec "$@"
fi
exec unshare -n bash -c "$setup" netns "$@"
