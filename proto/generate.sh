#!/usr/bin/env bash
# Regenerates gen/ from every .proto file with protoc and the plugin versions pinned in tools/go.mod.
set -euo pipefail
cd "$(dirname "$0")"
plugins=$(mktemp -d)
trap 'rm -rf "$plugins"' EXIT
go build -modfile=../tools/go.mod -o "$plugins/" \
  google.golang.org/protobuf/cmd/protoc-gen-go google.golang.org/grpc/cmd/protoc-gen-go-grpc
rm -rf gen
mkdir -p gen
protoc -I . \
  --plugin=protoc-gen-go="$plugins/protoc-gen-go" --plugin=protoc-gen-go-grpc="$plugins/protoc-gen-go-grpc" \
  --go_out=gen --go_opt=module=semesterhaus/proto/gen \
  --go-grpc_out=gen --go-grpc_opt=module=semesterhaus/proto/gen \
  $(find . -name '*.proto' -not -path './gen/*' | sort)
