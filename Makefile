# nhbot — two commands on a fresh Debian machine: `make play` and `make test`.
SHELL := /bin/bash
CARGO ?= cargo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
NETHACK := /usr/lib/games/nethack/nethack-console

.PHONY: play test test-slow deps build bench fmt

deps:
	@if [ ! -x $(NETHACK) ]; then \
	  echo "installing nethack-console (apt-get)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq nethack-console; \
	fi
	@command -v $(CARGO) >/dev/null || { echo "cargo not found: install Rust (https://rustup.rs)"; exit 1; }
	@command -v cc >/dev/null || { $(SUDO) apt-get install -y -qq gcc; }

build: deps
	$(CARGO) build --release

# A watchable pace; override with e.g. `make play PLAY_ARGS="--seed 7 --delay 0"`.
PLAY_ARGS ?= --delay 20

play: build
	./target/release/nhbot play --tree trees/main.yaml $(PLAY_ARGS)

test: deps
	$(CARGO) test --workspace --release --no-fail-fast

# The long runs kept out of `make test`: all 8 Sokoban maps and 160 disturbed states, surveys.
test-slow: deps
	$(CARGO) test --workspace --release --no-fail-fast -- --ignored

bench: build
	./target/release/nhbot bench sync

fmt:
	$(CARGO) fmt --all
