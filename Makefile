# nhbot — two commands on a fresh Debian machine: `make play` and `make test`.
SHELL := /bin/bash
CARGO ?= cargo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
NETHACK := /usr/lib/games/nethack/nethack-console

.PHONY: play test test-slow test-slurm slurm-deps deps build bench fmt

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
# (The Slurm tests need a cluster: `make test-slurm`.)
test-slow: deps
	$(CARGO) test --workspace --release --no-fail-fast -- --ignored --skip slurm_cluster

slurm-deps:
	@if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then \
	  echo "installing slurm-wlm and munge (apt-get)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq slurm-wlm munge; \
	fi

# `nhbot bench slurm` on a real one-node Slurm (root: the daemons run as root and munge):
# tools/slurm/cluster.sh starts munged, slurmctld and slurmd in a fresh directory, the tests run,
# and the daemons are stopped however the tests end (their logs are printed if they fail).
test-slurm: deps slurm-deps
	@[ "$$(id -u)" = 0 ] || { echo "make test-slurm starts Slurm's daemons: run it as root"; exit 1; }
	$(CARGO) test --release -p nhbot --test slurm_cluster --no-run
	dir=$$(mktemp -d /tmp/nhbot-slurm.XXXXXX) && tools/slurm/cluster.sh run "$$dir" \
	  timeout 600 $(CARGO) test --release -p nhbot --test slurm_cluster -- --ignored --test-threads=1 \
	  && rm -rf "$$dir"

bench: build
	./target/release/nhbot bench sync

fmt:
	$(CARGO) fmt --all
