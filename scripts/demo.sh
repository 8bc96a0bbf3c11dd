#!/usr/bin/env bash
# The demo: an agent's session reproduces a bug on the bundled demo site with a capture running,
# reads the evidence the way an agent would, exports it, and renders the evidence page a person
# would open. Run it with `make demo`.
set -euo pipefail
cd "$(dirname "$0")/.."

bsk=./target/debug/bsk
out=target/demo
mkdir -p "$out"
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
echo "started session $id (its own Chromium tab, with the bsk extension; the daemon started on demand)"
export BSK_SESSION="$id"

# Capture first, then reproduce: "the save fails" on the demo site.
step debug start --name 'Save fails'
step navigate "$site_url/demo"
step fill '#name' 'Ada Lovelace'
step fill '#email' 'ada@taken.example'
step select '#plan' pro
step click '#save'
step evaluate 'new Promise(r => setTimeout(() => r(document.querySelector("#status").textContent), 300))'

# Read the evidence as an agent does.
step debug operations
save=$("$bsk" debug requests --json | python3 -c 'import json,sys; print(next(r["id"] for r in json.load(sys.stdin)["items"] if r["url"].endswith("/api/save")))')
step debug request "$save" --part response
step debug request "$save" --part response --pointer /error/code
step debug console
step debug search EMAIL_TAKEN
step debug stop
"$bsk" debug export > "$out/website-debug.json"
printf '\n\033[1m$ bsk debug export > %s\033[0m\n' "$out/website-debug.json"
echo "wrote $(wc -c < "$out/website-debug.json") bytes: version 1, with every retained request, body, operation and console entry"
"$bsk" debug export --format har --output "$out/website-debug.har"
printf '\n\033[1m$ bsk debug export --format har --output %s\033[0m\n' "$out/website-debug.har"
echo "wrote $(wc -c < "$out/website-debug.har") bytes of HAR 1.2: open it in Chrome DevTools' Network panel (Import HAR file)"

# What a person sees: the extension's evidence page for this record, from the browser's history.
step status
step evidence --screenshot "$out/evidence.png"
step session stop "$id"
echo
echo "demo finished: the save answered HTTP 200 with error EMAIL_TAKEN in its body, which the page shows."
echo "The record outlives the session in the browser's history; the evidence page is in $out/evidence.png"
