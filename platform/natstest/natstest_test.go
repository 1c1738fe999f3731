package natstest_test

import (
	"context"
	"strings"
	"testing"

	"semesterhaus/platform/natstest"
)

func TestUnique(t *testing.T) {
	t.Parallel()
	tests := []struct{ prefix, wantCase string }{
		{"EVENTS", "upper"},
		{"events", "lower"},
	}
	for _, tt := range tests {
		a, b := natstest.Unique(tt.prefix), natstest.Unique(tt.prefix)
		if a == b || !strings.HasPrefix(a, tt.prefix+"_") {
			t.Errorf("Unique(%q) = %q, %q", tt.prefix, a, b)
		}
		if (tt.wantCase == "upper") != (strings.ToUpper(a) == a) {
			t.Errorf("Unique(%q) = %q, want %s case", tt.prefix, a, tt.wantCase)
		}
	}
}

func TestConnect_hasJetStream(t *testing.T) {
	t.Parallel()
	_, js := natstest.Connect(t)
	if _, err := js.AccountInfo(context.Background()); err != nil {
		t.Fatal(err)
	}
}
