#!/usr/bin/env bash
# Chromium's CPU by process while bsk drives it: one session, a capture (or none, with
# --no-capture), N openings of the scenario site's traffic page in a row, then the CPU each of
# the browser's processes spent meanwhile (user + system, from /proc), by kind: the browser
# process, the network service (utility), the page's renderer, the bsk extension's worker.
# What a capture costs the browser, beside what it costs the daemon (daemon-cost.sh).
#
#   cargo build --release --workspace --bins
#   load-tests/browser-cost.sh target/release/bsk 3
#   load-tests/browser-cost.sh target/release/bsk 3 --no-capture
#   BSK_COST_CDP=websocket load-tests/browser-cost.sh target/release/bsk 3   # over a WebSocket
#
# Interleave the runs you compare and repeat each a few times: the machine is shared.
set -euo pipefail
cd "$(dirname "$0")/.."

bsk=$(realpath "${1:?usage: browser-cost.sh BSK [PAGES] [--no-capture]}")
pages=${2:-3}
capture=1
[ "${3:-}" = "--no-capture" ] && capture=0
site_bin=${BSK_SITE:-target/release/bsk-site}

source load-tests/traffic-lib.sh
start_session browser-cost
[ "$capture" = 1 ] && "$bsk" debug start --name browser-cost >/dev/null

# One line per process of this browser (its profile is under BSK_HOME): pid, ticks, kind.
ticks() {
  local pid kind
  for pid in $(pgrep -f -- "--user-data-dir=$BSK_HOME/"); do
    local cmd
    cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || continue
    case "$cmd" in
      *--extension-process*) kind=extension ;;
      *--top-chrome-webui*) kind=browser-ui ;;
      *--type=renderer*) kind=renderer ;;
      *--type=utility*) kind=utility ;;
      *--type=*) kind=other ;;
      *) kind=browser ;;
    esac
    echo "$pid $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0) $kind"
  done
}

# The browser's windows load their own pages for a few seconds after the launch.
sleep 6
before=$(ticks)
for i in $(seq "$pages"); do
  open_traffic_page "p$i" "bursts=3&burst=200&rate=100&secs=4"
done
after=$(ticks)
requests=$((pages * 1001))
[ "$capture" = 1 ] && requests=$(capture_counter requests_seen)
python3 - "$requests" "$capture" "$before" "$after" "$(getconf CLK_TCK)" <<'EOF'
import sys
requests, capture, before, after, hz = int(sys.argv[1]), sys.argv[2] == "1", sys.argv[3], sys.argv[4], int(sys.argv[5])
start = {line.split()[0]: int(line.split()[1]) for line in before.splitlines() if line}
spent = {}
for line in after.splitlines():
    pid, ticks, kind = line.split()
    spent[kind] = spent.get(kind, 0) + int(ticks) - start.get(pid, 0)
parts = "  ".join(f"{kind} {spent[kind] / hz / requests * 1000:.3f}"
                  for kind in ("browser", "utility", "renderer", "extension", "browser-ui", "other") if kind in spent)
print(f"{'capture' if capture else 'no capture'}: requests {requests}  Chromium CPU s per 1,000 by process: {parts}")
EOF
