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
# and the home go when the script exits. With BSK_COST_CDP=websocket the daemon does not launch
# its browser: the script starts one as the load bench's matrix does (bsk's flags, the bsk
# extension, a DevTools port on 127.0.0.1) and the daemon attaches to it with --cdp-url, so the
# figures are those of CDP over a WebSocket instead of the pipe.
start_session() {
  BSK_HOME=$(mktemp -d)
  export BSK_HOME
  start_site
  browser=
  trap '"$bsk" daemon stop --quiet || true; kill "$site" $browser 2>/dev/null || true; [ -z "$browser" ] || wait "$browser" 2>/dev/null || true; rm -rf "$BSK_HOME"' EXIT
  case "${BSK_COST_CDP:-pipe}" in
    pipe) ;;
    websocket) start_browser_with_port ;;
    *) echo "error: BSK_COST_CDP is pipe or websocket, not '$BSK_COST_CDP'" >&2; exit 2 ;;
  esac
  BSK_SESSION=$("$bsk" session start --name "$1")
  export BSK_SESSION
}

# Chromium with a DevTools port (load-tests/src/driver/chromium.rs does the same for the
# matrix), and the daemon attached to it; sets $browser (its pid). The flags are bsk's own
# (`browser_flags` in runtime/src/browser/launch.rs): keep the two lists alike.
start_browser_with_port() {
  local profile="$BSK_HOME/port-browser" extension flags=(--headless=new)
  extension=$("$bsk" extension path)
  [ "$(id -u)" = 0 ] && flags+=(--no-sandbox)
  "${BSK_CHROMIUM:-chromium}" --remote-debugging-port=0 --disable-gpu --disable-quic --no-first-run \
    --no-default-browser-check --disable-background-networking --disable-component-update \
    --disable-sync --disable-default-apps --site-per-process --disable-back-forward-cache \
    --password-store=basic --use-mock-keychain --user-data-dir="$profile" "${flags[@]}" \
    --load-extension="$extension" --disable-extensions-except="$extension" about:blank \
    >/dev/null 2>&1 &
  browser=$!
  # The port, then the browser's WebSocket path (the file has no final newline).
  local lines=()
  for _ in $(seq 300); do
    [ -f "$profile/DevToolsActivePort" ] && mapfile -t lines <"$profile/DevToolsActivePort"
    [ ${#lines[@]} -ge 2 ] && break
    kill -0 "$browser" 2>/dev/null || { echo "error: Chromium exited before it opened its DevTools port" >&2; exit 1; }
    sleep 0.1
  done
  [ ${#lines[@]} -ge 2 ] || { echo "error: Chromium opened no DevTools port within 30 s" >&2; exit 1; }
  "$bsk" daemon start --quiet --cdp-url "ws://127.0.0.1:${lines[0]}${lines[1]}"
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
