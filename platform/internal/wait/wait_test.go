package wait

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestUntil(t *testing.T) {
	t.Parallel()
	down := errors.New("down")
	tests := []struct {
		name      string
		failFirst int // attempts that fail before one succeeds
		limit     time.Duration
		wantErr   error
	}{
		{"up at once", 0, time.Second, nil},
		{"comes up", 2, 5 * time.Second, nil},
		{"never up within the limit", 1000, 700 * time.Millisecond, down},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			attempts := 0
			err := Until(context.Background(), tt.limit, func(context.Context) error {
				attempts++
				if attempts <= tt.failFirst {
					return down
				}
				return nil
			})
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Until = %v after %d attempts, want %v", err, attempts, tt.wantErr)
			}
		})
	}
}
