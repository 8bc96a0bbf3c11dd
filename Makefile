# The two set-up commands (see README): `make demo` and `make test`.
# Both install what they need on a fresh Debian machine (Chromium from Debian's packages).

CARGO ?= cargo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test test-grid deps test-deps build bench bench-compare bench-mcp bench-screenshots

demo: deps build
	./scripts/demo.sh

# The gates first (formatting, lints, the extension's JSDoc types), then every test.
test: deps test-deps
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	cd extension-tests && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error && npm run typecheck
	$(CARGO) test --workspace --all-targets
	cd extension-tests && BSK_BIN=$(CURDIR)/target/debug/bsk npm test

# bsk against a browser grid on this machine (docs/scaling.md, "A browser grid, tested"): the
# grid test's pinned npm packages (browserless 2.42 and the Node 24 it needs; no browser
# download: browserless runs Debian's Chromium), then two browserless endpoints on 127.0.0.1 with
# a token each, one daemon attached to both, four captures at once checked against the test
# server's own log, one endpoint killed mid-capture, and a wrong token refused (about 15 s past
# npm ci).
test-grid: deps build load-tests/grid/node_modules/.package-lock.json
	cd load-tests/grid && BSK_BIN=$(CURDIR)/target/debug/bsk npm test

load-tests/grid/node_modules/.package-lock.json: load-tests/grid/package-lock.json
	cd load-tests/grid && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error

build:
	$(CARGO) build --workspace --bins

# The load benchmark behind docs/performance.md (about 45 minutes on 2 cores, and about 10 more for
# a clean release build, optimized as one unit): a release build,
# Playwright and chrome-devtools-mcp from npm when missing (no browser download: both use
# Chromium), then every phase. Tables: load-tests/out/report.md; data: load-tests/out/report.json.
# BENCH_ARGS passes options, e.g. `make bench BENCH_ARGS=--quick`.
bench: deps
	$(CARGO) build --release --workspace --bins
	@command -v npm >/dev/null 2>&1 || { echo "error: node (20.19 or later) and npm are needed for the side-by-side runs; install them, or run target/release/bsk-load --bsk target/release/bsk --no-playwright" >&2; exit 1; }
	@[ -d load-tests/playwright/node_modules/playwright-core ] && [ -d load-tests/playwright/node_modules/chrome-devtools-mcp ] || \
		(cd load-tests/playwright && npm ci --no-audit --no-fund)
	./target/release/bsk-load --bsk target/release/bsk --out load-tests/out $(BENCH_ARGS)

# The daemon's CPU per captured request (and per operation), this tree against REF, interleaved
# in one run so a regression shows as a ratio: release builds of both (REF in a worktree under
# target/compare/), then the flood page × 5 with --profile load, the same with an agent acting
# every 500 ms, and operations alone (load-tests/bench-compare.sh; about 10 minutes past the
# builds). E.g. `make bench-compare REF=b53adac`; BENCH_COMPARE_ARGS="ROUNDS PAGES".
bench-compare: deps
	@[ -n "$(REF)" ] || { echo "error: name the commit to compare with: make bench-compare REF=<commit>" >&2; exit 2; }
	./load-tests/bench-compare.sh $(REF) $(BENCH_COMPARE_ARGS)

# The MCP benchmark behind docs/mcp.md ("Measured against Playwright's MCP server"): a release
# bsk, the bench's pinned npm packages (Swagger UI, Express, @playwright/mcp, the MCP Inspector and
# the Node 22 it needs; no browser download), then two agent flows (Swagger UI; RapiDoc in a
# cross-site iframe) through `bsk mcp` and through Playwright's MCP server, three runs each, and
# the Inspector's --strict check of both (about three minutes past the build).
# Tables: load-tests/mcp-bench/out/report.md; data: load-tests/mcp-bench/out/report.json.
# BENCH_MCP_ARGS passes options, e.g. `make bench-mcp BENCH_MCP_ARGS="--runs 1"`.
bench-mcp: deps load-tests/mcp-bench/node_modules/.package-lock.json
	$(CARGO) build --release -p bsk-runtime --bin bsk
	node load-tests/mcp-bench/run.mjs --bsk target/release/bsk $(BENCH_MCP_ARGS)

load-tests/mcp-bench/node_modules/.package-lock.json: load-tests/mcp-bench/package-lock.json
	cd load-tests/mcp-bench && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error

# The screenshot benchmark behind docs/performance.md ("Screenshots"): a release bsk, the MCP
# bench's pinned npm packages and chrome-devtools-mcp (no browser download), then `bsk screenshot`
# from the CLI, the picture an agent receives from `bsk mcp`, Playwright's MCP server and
# chrome-devtools-mcp, and ten operations with and without `bsk debug start --screenshots`
# (about two minutes past the build). Tables: load-tests/screenshots/out/report.md; data:
# load-tests/screenshots/out/report.json; the pictures each tool returned beside them.
# BENCH_SCREENSHOTS_ARGS passes options, e.g. `make bench-screenshots BENCH_SCREENSHOTS_ARGS="--runs 5"`.
bench-screenshots: deps load-tests/mcp-bench/node_modules/.package-lock.json
	$(CARGO) build --release -p bsk-runtime --bin bsk
	@[ -d load-tests/playwright/node_modules/chrome-devtools-mcp ] || \
		(cd load-tests/playwright && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
	node load-tests/screenshots/run.mjs --bsk target/release/bsk $(BENCH_SCREENSHOTS_ARGS)

# Chromium (the embedded default browser) and the build tools, if missing.
deps:
	@command -v chromium >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1 || { \
		echo "installing chromium from Debian's packages"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }
	@command -v $(CARGO) >/dev/null 2>&1 || { echo "error: cargo not found; install Rust (rustup) first" >&2; exit 1; }
	@{ $(CARGO) fmt --version && $(CARGO) clippy --version; } >/dev/null 2>&1 || { \
		command -v rustup >/dev/null 2>&1 && rustup component add rustfmt clippy; } || { \
		echo "error: make test runs cargo fmt and cargo clippy: install them (rustup component add rustfmt clippy)" >&2; exit 1; }
	@command -v npm >/dev/null 2>&1 || { echo "installing node and npm from Debian's packages (the extension's tests, the demo's screenshot)"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq nodejs npm; }
	@node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' || { \
		echo "error: Node.js 20 or later is needed (Playwright's requirement), found $$(node --version); Debian 12's nodejs is 18: install Node.js 20 (Debian 13's nodejs, or NodeSource's), then run make again" >&2; exit 1; }
	@command -v python3 >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3; }
	@command -v cc >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq build-essential; }

# What the tests need beyond the build: a virtual display for the headful-browser tests, and
# openssl for the self-signed certificate of the HTTPS dev-server test.
test-deps:
	@command -v Xvfb >/dev/null 2>&1 || { echo "installing xvfb from Debian's packages (headful browser tests)"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq xvfb; }
	@command -v openssl >/dev/null 2>&1 || { echo "installing openssl from Debian's packages (HTTPS test)"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq openssl; }
