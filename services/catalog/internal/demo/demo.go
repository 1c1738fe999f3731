// Package demo gives tests the demo residence that `make run` starts with (one building in Heidelberg
// with four floors of furnished apartments, from demo/building.yaml).
package demo

import (
	demofile "semesterhaus/services/catalog/demo"
	"semesterhaus/services/catalog/internal/adapters/buildingfile"
	"semesterhaus/services/catalog/internal/domain"
)

// Building returns the demo residence of demo/building.yaml.
func Building() domain.Building {
	b, err := buildingfile.Parse("building.yaml", demofile.File)
	if err != nil {
		panic(err) // a test proves that the committed file is valid
	}
	return b
}
