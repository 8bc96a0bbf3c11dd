# Sourced by daemon-cost.sh, browser-cost.sh and daemon-instructions.sh: the scenario site on a
# free port, a session, the traffic page opened in the session's tab until it is done, and the
# capture's counters.
# Expects $bsk, $site_bin and (for the page and the count) BSK_HOME and BSK_SESSION.

# Starts the site; sets $port and $site (its pid) and returns once it accepts connections.
start_site() {
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  "$site_bin" --port "$port" >/dev/null 2>&1 &
  site=$!
  for _ in $(seq 50); do (exec 3<>/dev/tcp/127.0.0.1/"$port") 2>/dev/null && return; sleep 0.1; done
}

# A fresh BSK_HOME, the site, and a session named $1 in it (BSK_SESSION); the daemon, the site
# and the home go when the script exits.
start_session() {
  BSK_HOME=$(mktemp -d)
  export BSK_HOME
  start_site
  trap '"$bsk" daemon stop --quiet || true; kill "$site" 2>/dev/null || true; rm -rf "$BSK_HOME"' EXIT
  BSK_SESSION=$("$bsk" session start --name "$1")
  export BSK_SESSION
}

# Opens the traffic page tagged $1 with the query $2 and waits until the page says it is done.
open_traffic_page() {
  "$bsk" navigate "http://127.0.0.1:$port/load/traffic?tag=$1&$2" >/dev/null
  "$bsk" evaluate 'new Promise(r => { const c = () => window.__done ? r(true) : setTimeout(c, 50); c(); })' >/dev/null
}

# One of the session's capture's counters (`bsk debug status --json`): `requests_seen`, or
# `bodies_saturated` (retained requests whose body was lost to a full body queue), …
capture_counter() {
  "$bsk" debug status --json | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["counters"][sys.argv[1]])' "$1"
}
