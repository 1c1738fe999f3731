# Semesterhaus: build, run and test everything from the repository root.
# `make help` lists the targets.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-builtin-rules

# The Go toolchain on the machine, never a downloaded one; no VCS stamping (works in any checkout).
export GOTOOLCHAIN := local
export GOFLAGS ?= -buildvcs=false

GO ?= go
# The services encode JPEGs (platform/picture) with libjpeg-turbo through cgo (-tags libjpeg) where cgo, a C
# compiler and libjpeg-turbo's headers are at hand (Debian: gcc, libjpeg62-turbo-dev), and with Go's
# own encoder, at about five times the CPU, elsewhere. GOFLAGS carries the tag to every go command,
# devstack's builds included.
LIBJPEG := $(shell [ "$$($(GO) env CGO_ENABLED)" = 1 ] && printf '\#include <stdio.h>\n\#include <jpeglib.h>\n' | $$($(GO) env CC) -E -x c - >/dev/null 2>&1 && echo yes)
ifeq ($(LIBJPEG),yes)
export GOFLAGS += -tags=libjpeg
endif
# Where `make build` puts the binaries and where devstack finds them.
BIN_DIR := .data/bin
# The workspace modules, in go.work's order.
MODULES := $(shell $(GO) work edit -json | sed -n 's/.*"DiskPath": *"\([^"]*\)".*/\1/p')
# Their packages, for one go vet or go test over the workspace (./gateway/... ./platform/... ...).
MODULE_PKGS := $(addsuffix /...,$(MODULES))
# The order for `make generate`: shared code and contracts first, the gateway (which composes the
# services' schemas) last.
GEN_MODULES := $(filter ./platform ./proto,$(MODULES)) $(filter ./services/%,$(MODULES)) \
	$(filter-out ./platform ./proto ./services/% ./gateway,$(MODULES)) $(filter ./gateway,$(MODULES))
# Main packages: every service, the gateway and the tools' commands (devstack).
CMD_PKGS := $(patsubst %/,./%,$(wildcard services/*/cmd/*/ gateway/cmd/*/ tools/cmd/*/))
# Extra flags for go test, e.g. make test-go GOTESTFLAGS='-run TestX -v'.
GOTESTFLAGS ?=

##@ Running

# The Debian packages each command needs, installed when missing (as root or with sudo; otherwise
# one line says what to install).
.PHONY: packages-run packages-test packages-bench
packages-run packages-test packages-bench: packages-%:
	@bash tools/setup/packages.sh $*

.PHONY: run
run: packages-run build build-web tools/mailcatcher/node_modules ## Build everything and run the whole system on http://localhost:8080 (PORT changes it; BUILDING=FILE imports that building file instead of the demo's)
	$(BIN_DIR)/devstack -build=false $(if $(BUILDING),-building='$(BUILDING)')

# The local mail catcher (MailDev), installed from its lock file.
tools/mailcatcher/node_modules: tools/mailcatcher/package-lock.json
	npm ci --prefix tools/mailcatcher --no-audit --no-fund
	@touch $@

.PHONY: run-infra
run-infra: ## Run only PostgreSQL and NATS (for services started by hand)
	$(GO) build -o $(BIN_DIR)/ ./tools/cmd/devstack
	$(BIN_DIR)/devstack -infra

.PHONY: build
build: ## Build all Go binaries into .data/bin
	@mkdir -p $(BIN_DIR)
	$(GO) build -o $(BIN_DIR)/ $(CMD_PKGS)

# The partners' own software that the tests run on loopback as the real peers (tools/peers/go.mod pins
# them): stripe-mock, Stripe's API server built from its OpenAPI description, and zitadel/oidc's example
# OpenID provider (tools/peers/oidc-provider: the example, serving https when given a certificate). A
# module of its own, outside go.work, so that their dependencies never move the workspace's versions.
PEERS := $(BIN_DIR)/stripe-mock $(BIN_DIR)/oidc-provider

.PHONY: peers
peers: $(PEERS) ## Build the partners' real software the tests talk to (stripe-mock, an OpenID provider) into .data/bin

$(BIN_DIR)/stripe-mock: tools/peers/go.mod
	cd tools/peers && GOWORK=off $(GO) build -o $(abspath $@) github.com/stripe/stripe-mock

$(BIN_DIR)/oidc-provider: tools/peers/go.mod tools/peers/oidc-provider/main.go
	cd tools/peers && GOWORK=off $(GO) build -o $(abspath $@) ./oidc-provider

##@ Testing

# make test runs each part as its own make, in this order, every part even when one fails (it fails
# at the end then, naming the parts), and prints the parts and their times (.ci/sections); under
# .ci/run they join its table.
TEST_PARTS := test-go test-fuzz test-web test-e2e test-chaos test-rehearsal test-deploy

.PHONY: test
test: packages-test ## Run every test (every part, also after one fails) and print each part's time
	@own=""; if [ -z "$${CI_TIMES:-}" ]; then own=1; export CI_TIMES="$(CURDIR)/.data/test-times.tsv"; mkdir -p .data; : >"$$CI_TIMES"; fi; \
	failed=""; \
	for part in $(TEST_PARTS); do \
		echo "===== make $$part"; \
		bash .ci/sections run "  $$part" $(MAKE) --no-print-directory $$part || failed="$$failed $$part"; \
	done; \
	if [ -n "$$own" ]; then bash .ci/sections report; fi; \
	if [ -n "$$failed" ]; then echo "FAILED:$$failed"; exit 1; fi

.PHONY: test-e2e
test-e2e: ## Browser end-to-end tests (Playwright, headless Chromium) against a fresh system on ports shifted by E2E_PORT_OFFSET (100)
	bash tools/e2e/run.sh

# The fault harness (tools/cmd/chaos, docs/reliability.md) on its own stack, ports shifted by
# CHAOS_PORT_OFFSET: test-chaos is the reduced run of make test (100 bookings with their reminders,
# retention and a waitlist of 4, a kill of each kind, two network faults, about 5 minutes), chaos the
# full one (1,000 bookings and a waitlist of 20, 22 kills of 28 processes, 18 network faults).
CHAOS_PORT_OFFSET ?= 300
CHAOS_FLAGS ?=

.PHONY: test-chaos
test-chaos: build tools/mailcatcher/node_modules ## Fault harness, reduced: 100 bookings, reminders, retention, erasures and a waitlist through kills, network faults and an intruder's attempts, then the invariants
	$(BIN_DIR)/chaos -bookings 100 -rate 1 -schedule reduced -port-offset $(CHAOS_PORT_OFFSET) -timeout 10m $(CHAOS_FLAGS)

.PHONY: chaos
chaos: build tools/mailcatcher/node_modules ## Fault harness, full: 1,000 bookings, reminders, retention, erasures and a waitlist through 22 kills, 18 network faults and an intruder's attempts (docs/reliability.md)
	$(BIN_DIR)/chaos -bookings 1000 -rate 1 -schedule full -port-offset $(CHAOS_PORT_OFFSET) -timeout 90m $(CHAOS_FLAGS)

# Memory under a hostile day (tools/cmd/pressure, docs/reliability.md "Memory under pressure"): the
# hostile-upload corpus, a 500-way confirmation race and a burst of the most expensive operation the
# gateway admits, every Go process at its Deployment's memory limit; fails when one passes it.
PRESSURE_FLAGS ?=

.PHONY: pressure
pressure: build tools/mailcatcher/node_modules ## Memory under pressure: hostile uploads, a 500-way confirmation race, expensive queries; each process against its Deployment's limit
	$(BIN_DIR)/pressure $(PRESSURE_FLAGS)

# The production rehearsal (tools/cmd/rehearsal, docs/go-live.md): the system as deploy/overlays/prod
# configures it (devstack -production) against the partners' real software on loopback (stripe-mock,
# the DocuSign simulator held to DocuSign's published description, Debian's Postfix, an OpenID
# provider), one booking from request to key code; ports shifted by REHEARSAL_PORT_OFFSET.
REHEARSAL_PORT_OFFSET ?= 400

.PHONY: test-rehearsal
test-rehearsal: build peers ## Production rehearsal: the prod configuration against stripe-mock, a DocuSign simulator, Postfix and an OpenID provider, one booking end to end
	$(BIN_DIR)/rehearsal -port-offset $(REHEARSAL_PORT_OFFSET)

.PHONY: test-deploy
test-deploy: ## Kubernetes delivery: render and validate the overlays offline, check images, settings and policies, build each image's Go stage as its Dockerfile does
	cd deploy/check && GOWORK=off $(GO) vet ./... && GOWORK=off $(GO) test -count=1 $(GOTESTFLAGS) ./...

# The web apps that exist in this checkout (each with its package.json).
WEB_APPS := $(patsubst %/package.json,%,$(wildcard web-public/package.json web-admin/package.json))

# The apps' tests run side by side, each into its log (.data/test-web-<app>.log), printed in turn
# when both are done.
.PHONY: test-web
test-web: ## The web apps' unit tests (Vitest), the apps side by side
	@mkdir -p .data; \
	for app in $(WEB_APPS); do \
		(cd $$app && [ -d node_modules ] || npm ci --no-audit --no-fund) || exit 1; \
	done; \
	pids=""; \
	for app in $(WEB_APPS); do \
		bash .ci/sections run "    npm test $$app" bash -c 'cd "$$1" && npm test' _ $$app >.data/test-web-$$app.log 2>&1 </dev/null & pids="$$pids $$!"; \
	done; \
	failed=""; set -- $$pids; \
	for app in $(WEB_APPS); do \
		wait $$1 || failed="$$failed $$app"; shift; \
		echo "=== npm test $$app"; cat .data/test-web-$$app.log; \
	done; \
	if [ -n "$$failed" ]; then echo "FAILED:$$failed"; exit 1; fi

.PHONY: build-web
build-web: ## Build the web apps into their dist/ folders (the gateway serves them in make run)
	@for app in $(WEB_APPS); do \
		echo "=== npm run build $$app"; \
		(cd $$app && [ -d node_modules ] || npm ci --no-audit --no-fund) && (cd $$app && npm run build) || exit 1; \
	done

# Every module's packages in one go vet and one go test over the workspace, so that packages of
# different modules build and run side by side: GO_TEST_P (twice the cores) at once, as most tests
# wait on PostgreSQL, NATS and processes more than they compute (the tests that use PostgreSQL and
# NATS each take a fresh database and unique streams and subjects: platform/pgtest, natstest). The
# tests that measure how fast an answer comes (named ...HowFast, TIMING_PKGS) run after the others,
# one package at a time, with no other package's load in their times. A failing package is printed
# with its output and fails the target.
GO_TEST_P ?= $(shell echo $$(( $$(nproc) * 2 )))
TIMING_TESTS := HowFast$$
TIMING_DECL := func Test[A-Za-z0-9_]*HowFast[(]
TIMING_PKGS = $(sort $(patsubst %/,%,$(dir $(shell grep -rlE --include='*_test.go' --exclude-dir=node_modules \
	'$(TIMING_DECL)' $(MODULES)))))

.PHONY: test-go
test-go: peers ## go vet and go test -count=1 over every workspace module (real PostgreSQL and NATS)
	@failed=""; \
	echo "=== go vet $(MODULES)"; \
	$(GO) vet $(MODULE_PKGS) || failed="$$failed vet"; \
	echo "=== go test $(MODULES) (-p $(GO_TEST_P), all but the timing tests)"; \
	bash .ci/sections run "    go test" $(GO) test -count=1 -p $(GO_TEST_P) -skip '$(TIMING_TESTS)' $(GOTESTFLAGS) $(MODULE_PKGS) || failed="$$failed test"; \
	echo "=== go test the timing tests, one package at a time: $(TIMING_PKGS)"; \
	bash .ci/sections run "    go test timing tests" $(GO) test -count=1 -p 1 $(GOTESTFLAGS) -run '$(TIMING_TESTS)' $(TIMING_PKGS) || failed="$$failed test:timing"; \
	echo "=== go test platform/picture and the document service's imaging with Go's JPEG encoder (builds without -tags libjpeg)"; \
	GOFLAGS="$(filter-out -tags=libjpeg,$(GOFLAGS))" $(GO) test -count=1 ./platform/picture/... \
		./services/document/internal/adapters/imaging ./services/document/internal/domain || failed="$$failed test:without-libjpeg"; \
	if [ -n "$$failed" ]; then echo "FAILED:$$failed"; exit 1; fi

# The fuzz targets (Go's native fuzzing), as module:package:target, each seeded by its f.Add calls and
# its corpus in the package's testdata/fuzz/<target>/: the uploads' picture checks, the building file,
# the gateway's reading of an operation and its cost and admin check. make test runs each for
# FUZZTIME; longer, e.g. before a release: make test-fuzz FUZZTIME=10m (README, "Fuzzing").
FUZZ_TARGETS := platform:./picture:FuzzUpload \
	services/catalog:./internal/adapters/buildingfile:FuzzParse \
	gateway:./internal/httpapi:FuzzReadOperation \
	gateway:./internal/adminguard:FuzzInspect
FUZZTIME ?= 10s

.PHONY: test-fuzz
test-fuzz: ## Run each fuzz target for FUZZTIME (10s; make test-fuzz FUZZTIME=10m runs longer); a failing input is written to the target's testdata/fuzz
	@failed=""; \
	for target in $(FUZZ_TARGETS); do \
		IFS=: read -r module pkg fuzz <<< "$$target"; \
		echo "=== fuzz $$fuzz ($$module, $$pkg) for $(FUZZTIME)"; \
		(cd $$module && $(GO) test -run='^$$' -fuzz="^$$fuzz\$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=5s $$pkg) || failed="$$failed $$fuzz"; \
	done; \
	if [ -n "$$failed" ]; then echo "FAILED:$$failed"; exit 1; fi

# The benchmark starts the whole system as `make run` does (its own data and ports: it runs beside
# make run) and sends it varied traffic; BENCH_ARGS passes flags (e.g. -duration 30s, -url ...).
BENCH_ARGS ?=

.PHONY: bench
bench: packages-bench build ## Varied traffic (step1, step2, admin overview) against the whole system; writes docs/benchmarks.md (tools/cmd/trafficbench, needs wrk)
	$(BIN_DIR)/trafficbench $(BENCH_ARGS)

##@ Code

# Each module generates on its own (GOWORK=off): generators run as
# `go tool -modfile=<repo>/tools/go.mod NAME`, and the go command refuses -modfile in workspace mode.
# It also shows that every module's go.mod is complete by itself.
.PHONY: generate
generate: ## Run go generate ./... in every module (gqlgen, sqlc, protoc, the gateway's composition), then the web apps' GraphQL codegen
	@for m in $(GEN_MODULES); do \
		echo "=== go generate $$m"; \
		(cd $$m && GOWORK=off $(GO) generate ./...); \
	done
	@# After the gateway's composition: the web apps' operation types follow the composed schema.
	@for app in $(WEB_APPS); do \
		grep -q '"codegen":' $$app/package.json || continue; \
		echo "=== npm run codegen $$app"; \
		(cd $$app && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run --silent codegen); \
	done

.PHONY: check-generated
check-generated: ## Fail when generated code or the composed schema differs from what is committed
	@state() { git status --porcelain=v1 --untracked-files=all; git diff HEAD --binary 2>/dev/null | sha256sum; \
		git ls-files -z --others --exclude-standard | xargs -0 -r sha256sum; }; \
	before="$$(state)"; \
	$(MAKE) --no-print-directory generate; \
	if [ "$$(state)" != "$$before" ]; then \
		echo; \
		echo "Generated code is out of date: 'make generate' changed these files."; \
		echo "Run 'make generate' and commit the result."; \
		git status --porcelain=v1 --untracked-files=all; \
		git --no-pager diff --stat; \
		exit 1; \
	fi; \
	echo "Generated code is up to date."

.PHONY: lint
lint: ## gofmt -l must list nothing; go vet over every module (one run: the packages side by side)
	@unformatted="$$(find $(MODULES) -name node_modules -prune -o -name '*.go' -type f -print | xargs -r gofmt -l)"; \
	if [ -n "$$unformatted" ]; then echo "gofmt would change (run gofmt -w):"; echo "$$unformatted"; exit 1; fi
	@echo "=== go vet $(MODULES)"; $(GO) vet $(MODULE_PKGS)

.PHONY: fmt
fmt: ## gofmt -w every Go file
	@find $(MODULES) -name node_modules -prune -o -name '*.go' -type f -print | xargs -r gofmt -w

.PHONY: tidy
tidy: ## go mod tidy in every module
	@for m in $(MODULES); do echo "=== go mod tidy $$m"; (cd $$m && GOWORK=off $(GO) mod tidy); done

##@ Cleaning

.PHONY: clean
clean: ## Remove build output (keeps .data: databases, NATS store, keys)
	rm -rf $(BIN_DIR) bin

.PHONY: clean-data
clean-data: clean ## Remove .data too: all local databases, the NATS store and the identity keys
	@pid_file=.data/postgres/postmaster.pid; \
	if [ -f "$$pid_file" ] && kill -0 "$$(head -n1 "$$pid_file")" 2>/dev/null; then \
		echo "PostgreSQL still runs on .data/postgres (pid $$(head -n1 "$$pid_file")): stop 'make run' first."; exit 1; \
	fi
	rm -rf .data

##@ Help

.PHONY: help
help: ## List the targets
	@awk 'BEGIN {FS = ":.*## "} \
		/^##@/ {printf "\n%s\n", substr($$0, 5)} \
		/^[a-zA-Z_-]+:.*## / {printf "  %-16s %s\n", $$1, $$2}' $(MAKEFILE_LIST)
