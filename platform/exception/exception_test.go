package exception_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"semesterhaus/platform/exception"
)

func TestNew_pairsBecomeParams(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		params []string
		want   map[string]string
	}{
		{"none", nil, map[string]string{}},
		{"pairs", []string{"min", "1", "max", "9"}, map[string]string{"min": "1", "max": "9"}},
		{"odd last key dropped", []string{"min", "1", "max"}, map[string]string{"min": "1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := exception.New("zip", "INVALID_ZIP", tt.params...)
			if e.Path != "zip" || e.MessageID != "INVALID_ZIP" || !reflect.DeepEqual(e.Params, tt.want) {
				t.Errorf("New = %+v, want params %v", e, tt.want)
			}
		})
	}
}

func TestError_foundThroughWrapping(t *testing.T) {
	t.Parallel()
	err := fmt.Errorf("update: %w", exception.New("id", "NO_RENTER", "id", "7"))
	var e *exception.Error
	if !errors.As(err, &e) || e.MessageID != "NO_RENTER" {
		t.Fatalf("errors.As(%v) = %+v", err, e)
	}
	if got, want := e.Error(), "id: NO_RENTER map[id:7]"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
