#!/usr/bin/env bash
# The daemon's instructions per captured request, counted by valgrind's callgrind: unlike CPU
# seconds (daemon-cost.sh), the count does not move with what else the machine runs, so a
# change of a few percent on the event path shows in one run of each build. One session, one
# capture, N openings of the scenario site's traffic page; instructions are counted from the
# capture's start until its events have settled, with the per-function profile in OUT.
#
#   cargo build --release --workspace --bins
#   load-tests/daemon-instructions.sh target/release/bsk 1 /tmp/daemon.callgrind
#   callgrind_annotate --inclusive=yes /tmp/daemon.callgrind | less
#
# Under callgrind the daemon runs some 50 times slower than the browser, so it reads the
# page's events late and takes fewer checkpoints (every 2 s of its own clock) and a few body
# reads may pass their deadline: compare builds by the same command, and read checkpoint and
# body work in the profile (`save_snapshot`, `BodyPool`) rather than in the total alone.
set -euo pipefail
cd "$(dirname "$0")/.."

bsk=$(realpath "${1:?usage: daemon-instructions.sh BSK [PAGES] [OUT]}")
pages=${2:-1}
out=${3:-$(mktemp -t daemon-callgrind.XXXXXX)}
site_bin=${BSK_SITE:-target/release/bsk-site}
command -v valgrind >/dev/null || { echo "error: valgrind is needed (apt-get install valgrind)" >&2; exit 1; }

BSK_HOME=$(mktemp -d)
export BSK_HOME
source load-tests/traffic-lib.sh
start_site
# The daemon, started here under callgrind (the CLI finds it at BSK_HOME), counting nothing
# until the capture starts.
valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out" \
  "$bsk" daemon run >"$BSK_HOME/valgrind.log" 2>&1 &
daemon=$!
cleanup() { "$bsk" daemon stop --quiet || true; kill "$site" 2>/dev/null || true; wait "$daemon" 2>/dev/null || true; rm -rf "$BSK_HOME"; }
trap cleanup EXIT
# Until the daemon under callgrind answers: a command finding none would start another.
for _ in $(seq 120); do
  "$bsk" daemon status 2>/dev/null | grep -q "not running" || break
  sleep 0.5
done

BSK_SESSION=$("$bsk" session start --name daemon-instructions)
export BSK_SESSION
"$bsk" debug start --name daemon-instructions >/dev/null
callgrind_control --instr=on "$daemon" >/dev/null
for i in $(seq "$pages"); do
  open_traffic_page "p$i" "bursts=3&burst=200&rate=100&secs=4"
done
# Until the capture has read every event: its request count stops growing.
seen=-1
while :; do
  sleep 5
  now=$(capture_counter requests_seen)
  [ "$now" = "$seen" ] && break
  seen=$now
done
callgrind_control --instr=off "$daemon" >/dev/null
status=$("$bsk" debug status --json)
"$bsk" daemon stop --quiet
wait "$daemon" 2>/dev/null || true
total=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
python3 - "$total" "$status" "$out" <<'EOF'
import json, sys
total, status, out = int(sys.argv[1]), json.loads(sys.argv[2])[0], sys.argv[3]
c = status["counters"]
seen = c["requests_seen"]
print(f"requests {seen}  daemon instructions {total:,} = {total / seen:,.0f} per request  "
      f"(body fetches skipped {c['body_fetches_skipped']}, deadline {c['bodies_deadline']}; "
      f"profile {out})")
EOF
