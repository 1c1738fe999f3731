#!/usr/bin/env bash
# Load test of the booking site's first page through the gateway (docs/benchmarks.md).
# Usage: bench/run.sh [gateway URL] [duration] [connections]
# Needs wrk (Debian: apt-get install -y wrk) and a running gateway with its subgraphs.
set -euo pipefail
url="${1:-http://127.0.0.1:8080}/api/graphql"
duration="${2:-30s}"
connections="${3:-32}"
cd "$(dirname "$0")"
# A short warm-up fills connection pools and the gateway's plan cache before measuring.
wrk --threads 2 --connections "$connections" --duration 5s --script catalog-page.lua "$url" > /dev/null
wrk --threads 2 --connections "$connections" --duration "$duration" --latency --script catalog-page.lua "$url"
