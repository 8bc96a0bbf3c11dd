#!/usr/bin/env bash
# The demo: a session drives the bundled demo site through the normal workflow and prints what
# happened. Run it with `make demo`.
set -euo pipefail
cd "$(dirname "$0")/.."

bsk=./target/debug/bsk
export BSK_HOME="$(mktemp -d)"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
./target/debug/bsk-site --port "$port" >/dev/null &
site=$!
cleanup() { "$bsk" daemon stop --quiet || true; kill "$site" 2>/dev/null || true; rm -rf "$BSK_HOME"; }
trap cleanup EXIT
site_url="http://127.0.0.1:$port"
for _ in $(seq 50); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done

step() { printf '\n\033[1m$ bsk %s\033[0m\n' "$*"; "$bsk" "$@"; }

id=$("$bsk" session start --name demo)
echo "started session $id (its own Chromium tab; the daemon started on demand)"
export BSK_SESSION="$id"
step navigate "$site_url/demo"
step observe
step fill '#name' 'Ada Lovelace'
step fill '#email' 'ada@taken.example'
step select '#plan' pro
step click '#save'
step evaluate 'new Promise(r => setTimeout(() => r(document.querySelector("#status").textContent), 300))'
step status
step session stop "$id"
echo
echo "demo finished: the save answered HTTP 200 with a business error, which the page shows."
