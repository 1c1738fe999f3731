package server_test

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"semesterhaus/platform/server"
)

func TestEvery_runsAtOnceAndAgainAfterAFailureUntilStopped(t *testing.T) {
	t.Parallel()
	var runs atomic.Int32
	ctx, cancel := context.WithCancel(context.Background())
	job := server.Every("job", 10*time.Millisecond, slog.New(slog.DiscardHandler), func(context.Context) error {
		if runs.Add(1) >= 3 {
			cancel()
		}
		return errors.New("failed run")
	})
	done := make(chan error, 1)
	go func() { done <- job.Run(ctx) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run = %v, want nil once stopped", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the job did not run three times and stop")
	}
	if got := runs.Load(); got != 3 {
		t.Errorf("runs = %d, want 3: a failed run is retried at the next tick", got)
	}
}
