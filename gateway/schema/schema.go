// Package schema holds the composed supergraph: graph.yaml lists the subgraphs, config.json is the
// router config that wgc composes from their schemas, supergraph.graphql is the composed API.
// The files are generated: change graph.yaml or a subgraph schema, then run `go generate ./schema`.
package schema

import _ "embed"

//go:generate node ../compose/compose.mjs

// RouterConfig is the composed router config (protojson of the engine's RouterConfig message).
//
//go:embed config.json
var RouterConfig []byte
