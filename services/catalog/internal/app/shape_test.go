package app_test

import (
	"testing"

	"semesterhaus/platform/shapetest"
)

// TestUseCases_shape: no use-case type of more than shapetest.MaxMethods methods, no constructor
// taking a bool or a number.
func TestUseCases_shape(t *testing.T) {
	t.Parallel()
	shapetest.UseCases(t, ".")
}
