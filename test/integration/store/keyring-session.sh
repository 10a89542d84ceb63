#!/usr/bin/env bash
# Runs inside `dbus-run-session`: a real Secret Service (GNOME Keyring) for this session only.
# Unlocking with a password on standard input creates the default collection; without it every
# lookup answers "no result found". Then the terminal's own commands run with the OS keyring.
set -euo pipefail
# A keyring of its own (not the user's login keyring, which another password may lock).
export XDG_DATA_HOME="$4"
# shellcheck disable=SC2046 # the daemon prints NAME=value pairs, each exported as its own word
export $(printf 'session-pw' | gnome-keyring-daemon --unlock --components=secrets)
unset POS_KEY_PROTECTION
root=$1; lane=$2; old=$3
posctl() { node "$root/bin/posctl.js" "$@"; }

printf 'secret-pw\n' | posctl --data-dir "$lane" --create config set gateway.password
posctl --data-dir "$lane" config set gateway.url https://gw.example/transaction/v14
posctl --data-dir "$lane" config set gateway.gatewayId GW-1
echo "@@keys $(posctl --data-dir "$lane" keys status --json)"
echo "@@status $(posctl --data-dir "$lane" status --json)"
echo "@@search-begin"
secret-tool search --all service counter-pos 2>&1 || true
echo "@@search-end"

# The headless start on a data folder until it prints its address: its first line.
out=$(mktemp)
# Its output holds the page's address with its token: it goes when the session ends.
trap 'rm -f "$out"' EXIT
headless_once() {
  : > "$out"
  node "$root/dist/headless.js" --data-dir "$1" --port 0 > "$out" 2>&1 &
  local pid=$!
  for _ in $(seq 1 300); do grep -q 'Open this address' "$out" && break; kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  head -n 1 "$out"
  kill -TERM "$pid"; wait "$pid" || true
}

# An older lane whose key is still in its file: posctl leaves it there, the lane's own start
# moves it into the keyring.
echo "@@old $(posctl --data-dir "$old" keys status --json)"
headless_once "$old" > /dev/null
echo "@@old-started $(posctl --data-dir "$old" keys status --json)"

# The headless start unseals with the same keyring entry: it comes up live.
echo "@@headless $(headless_once "$lane")"
