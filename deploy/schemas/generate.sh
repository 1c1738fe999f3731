#!/usr/bin/env bash
# Regenerates the JSON schemas in this directory from their sources (README.md): one per kind that an
# overlay renders. Run it after adding a kind to the manifests or changing a source version in
# deploy/check/cmd/genschemas; `make test-deploy` fails on a kind without a schema and on a schema that
# no rendered object uses.
set -euo pipefail
cd "$(dirname "$0")/../check"
GOWORK=off GOTOOLCHAIN=local go run ./cmd/genschemas "$@"
