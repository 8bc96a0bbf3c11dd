#!/usr/bin/env bash
# The daemon's cost per captured request, without the bench's machinery: one session, one
# capture, N openings of the scenario site's traffic page in a row, then the daemon's CPU time
# and context switches (every thread, from /proc) per 1,000 requests the capture saw, and the
# CPU of the browser it launched. A quick
# before/after for a change on the event path, and a steady load to attach `perf record` or
# `perf stat` to (the daemon's pid is printed first, on stderr).
#
#   cargo build --release --workspace --bins
#   load-tests/daemon-cost.sh target/release/bsk 3
#   load-tests/daemon-cost.sh target/release/bsk 3 'bursts=5&burst=200&rate=0&secs=0'   # the burst page
#   BSK_COST_CDP=websocket load-tests/daemon-cost.sh target/release/bsk 3   # over a WebSocket
#   BSK_COST_PROFILE=load load-tests/daemon-cost.sh target/release/bsk 5 "$FLOOD"  # --profile load
#   BSK_COST_EVALUATE_MS=500 load-tests/daemon-cost.sh target/release/bsk 5   # an agent acting
#   load-tests/daemon-cost.sh target/release/bsk 0   # no traffic: operations only (see below)
#   BSK_COST_PAGE_TEXT_KB=500 load-tests/daemon-cost.sh target/release/bsk 0   # on a page of 500 KiB of text
#
# BSK_COST_EVALUATE_MS=N runs `bsk evaluate` (a recorded operation) every N ms while the pages
# load, as an agent acting while traffic flows; the line then also counts the operations. With
# PAGES 0 there is no traffic: the script runs 40 operations (BSK_COST_OPERATIONS) on the idle traffic page (an
# `evaluate` every 100 ms unless BSK_COST_EVALUATE_MS says otherwise) and reports the daemon's
# CPU per operation on its own.
#
# Interleave the builds you compare and repeat each a few times: the machine is shared.
set -euo pipefail
cd "$(dirname "$0")/.."

bsk=$(realpath "${1:?usage: daemon-cost.sh BSK [PAGES] [QUERY]}")
pages=${2:-3}
query=${3:-bursts=3&burst=200&rate=100&secs=4}
site_bin=${BSK_SITE:-target/release/bsk-site}

source load-tests/traffic-lib.sh
start_session daemon-cost
daemon=$(pgrep -f "$bsk daemon run" | head -1)
echo "daemon pid $daemon" >&2

# Ticks (user + system) of the browser, reaped children included: every process under the
# daemon (the browser it launched), or under $browser (the one start_session launched for
# BSK_COST_CDP=websocket).
browser_ticks() {
  local pids=("${browser:-$daemon}") all=() pid total=0
  while [ ${#pids[@]} -gt 0 ]; do
    all+=("${pids[@]}")
    mapfile -t pids < <(for pid in "${pids[@]}"; do pgrep -P "$pid"; done)
  done
  [ -n "$browser" ] || all=("${all[@]:1}")
  for pid in "${all[@]}"; do
    total=$((total + $(awk '{print $14 + $15 + $16 + $17}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
  done
  echo "$total"
}

# The daemon's CPU ticks (user, then system), its context switches (voluntary, involuntary) over
# every thread, and the browser's ticks.
sample() {
  local ticks voluntary=0 involuntary=0 v n
  ticks=$(awk '{print $14 " " $15}' "/proc/$daemon/stat")
  for task in /proc/"$daemon"/task/*; do
    v=$(awk '/^voluntary_ctxt_switches/ {print $2}' "$task/status")
    n=$(awk '/^nonvoluntary_ctxt_switches/ {print $2}' "$task/status")
    voluntary=$((voluntary + v)); involuntary=$((involuntary + n))
  done
  echo "$ticks $voluntary $involuntary $(browser_ticks)"
}

profile=()
[ -z "${BSK_COST_PROFILE:-}" ] || profile=(--profile "$BSK_COST_PROFILE")
"$bsk" debug start --name daemon-cost "${profile[@]}" >/dev/null
every_ms=${BSK_COST_EVALUATE_MS:-}
if [ "$pages" = 0 ]; then
  # An idle page to act on: the traffic page with no traffic.
  open_traffic_page idle 'bursts=0&rate=0&secs=0'
  every_ms=${every_ms:-100}
  # A busy page: BSK_COST_PAGE_TEXT_KB of text (lines of `name=value` words, which text redaction
  # reads closely), for what an operation's page-text snapshot costs on a page that says a lot.
  if [ -n "${BSK_COST_PAGE_TEXT_KB:-}" ]; then
    "$bsk" evaluate "document.body.innerText = 'order=4711 item=chair qty=2 state=ready\n'.repeat(${BSK_COST_PAGE_TEXT_KB} * 1024 / 40); true" >/dev/null
  fi
fi
operations=0
# An agent acting while the pages load: `bsk evaluate` (a recorded operation) every $every_ms
# ms, asking whether the page is done, instead of one evaluate that waits for it.
open_and_act() {
  "$bsk" navigate "http://127.0.0.1:$port/load/traffic?tag=$1&$2" >/dev/null
  while :; do
    operations=$((operations + 1))
    [ "$("$bsk" evaluate 'window.__done === true')" = true ] && break
    sleep "$(python3 -c "print($every_ms / 1000)")"
  done
}
read -r u0 s0 v0 n0 b0 < <(sample)
if [ "$pages" = 0 ]; then
  for _ in $(seq "${BSK_COST_OPERATIONS:-40}"); do
    "$bsk" evaluate 1 >/dev/null
    operations=$((operations + 1))
    sleep "$(python3 -c "print($every_ms / 1000)")"
  done
else
  for i in $(seq "$pages"); do
    if [ -n "$every_ms" ]; then open_and_act "p$i" "$query"; else open_traffic_page "p$i" "$query"; fi
  done
fi
# Let the capture finish the last page's events and bodies.
sleep 1
read -r u1 s1 v1 n1 b1 < <(sample)
seen=$(capture_counter requests_seen)
saturated=$(capture_counter bodies_saturated)
hz=$(getconf CLK_TCK)
python3 - "$seen" "$saturated" "$((u1 - u0))" "$((s1 - s0))" "$hz" "$((v1 - v0))" "$((n1 - n0))" "$((b1 - b0))" "$operations" "$pages" <<'EOF'
import sys
seen, saturated, user, system, hz, voluntary, involuntary, browser, operations, pages = (int(a) for a in sys.argv[1:])
cpu, browser = (user + system) / hz, browser / hz
if pages == 0:
    print(f"operations {operations}  daemon CPU {cpu:.2f} s = {cpu / max(operations, 1) * 1000:.2f} ms per operation "
          f"({user / max(user + system, 1):.0%} user)  requests {seen}")
    sys.exit(0)
print(f"requests {seen}  daemon CPU {cpu:.2f} s = {cpu / seen * 1000:.3f} s per 1,000 "
      f"({user / max(user + system, 1):.0%} user)  "
      f"context switches {voluntary} voluntary + {involuntary} involuntary = "
      f"{(voluntary + involuntary) / seen:.1f} per request  "
      f"browser CPU {browser:.2f} s = {browser / seen * 1000:.3f} s per 1,000  "
      f"bodies saturated {saturated}"
      + (f"  operations {operations}" if operations else ""))
EOF
