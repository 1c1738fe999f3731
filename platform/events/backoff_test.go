package events

import (
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	t.Parallel()
	tests := []struct {
		delivered uint64
		want      time.Duration
	}{
		{0, time.Second}, {1, time.Second}, {2, 2 * time.Second}, {3, 4 * time.Second},
		{6, 32 * time.Second}, {7, time.Minute}, {1000, time.Minute},
	}
	for _, tt := range tests {
		if got := backoff(tt.delivered); got != tt.want {
			t.Errorf("backoff(%d) = %v, want %v", tt.delivered, got, tt.want)
		}
	}
}
