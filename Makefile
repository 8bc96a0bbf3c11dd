# The two set-up commands (see README): `make demo` and `make test`.
# Both install what they need on a fresh Debian machine (Chromium from Debian's packages).

CARGO ?= cargo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test deps build

demo: deps build
	./scripts/demo.sh

test: deps
	$(CARGO) test --workspace --all-targets

build:
	$(CARGO) build --workspace --bins

# Chromium (the embedded default browser) and the build tools, if missing.
deps:
	@command -v chromium >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1 || { \
		echo "installing chromium from Debian's packages"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }
	@command -v $(CARGO) >/dev/null 2>&1 || { echo "error: cargo not found; install Rust (rustup) first" >&2; exit 1; }
	@command -v cc >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq build-essential; }
