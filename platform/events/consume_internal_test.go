package events

import (
	"slices"
	"testing"
)

func TestFiltersFor(t *testing.T) {
	t.Parallel()
	stream := []string{"renting.>"}
	tests := []struct {
		name    string
		handles []string
		version string
		want    []string
	}{
		{"every subject handled", nil, "2.9.10", stream},
		{"one subject handled, old server", []string{"renting.deleted"}, "2.9.10", []string{"renting.deleted"}},
		{"several subjects, old server", []string{"renting.deleted", "renting.state.x"}, "2.9.10", stream},
		{"several subjects, 2.10", []string{"renting.deleted", "renting.state.x"}, "2.10.0", []string{"renting.deleted", "renting.state.x"}},
		{"several subjects, newer", []string{"renting.deleted", "renting.state.x"}, "2.15.2", []string{"renting.deleted", "renting.state.x"}},
		{"several subjects, unknown version", []string{"renting.deleted", "renting.state.x"}, "", stream},
	}
	for _, tt := range tests {
		cfg := ConsumerConfig{FilterSubjects: stream, Handles: tt.handles}
		if got := filtersFor(cfg, tt.version); !slices.Equal(got, tt.want) {
			t.Errorf("%s: filtersFor = %v, want %v", tt.name, got, tt.want)
		}
	}
}
