// Package demo holds the demo residence's building file (building.yaml), which `make run` imports
// and the tests start from.
package demo

import _ "embed"

// File is building.yaml.
//
//go:embed building.yaml
var File []byte
