package auth

import (
	"testing"
	"time"
)

func TestFailureLimiter_blocksAtLimitUntilTheWindowEnds(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
	limiter := newFailureLimiter(3, time.Minute)
	limiter.now = func() time.Time { return now }

	for i := range 3 {
		if _, blocked := limiter.blocked("user:admin"); blocked {
			t.Fatalf("blocked after %d failures, limit is 3", i)
		}
		limiter.fail("user:admin")
		now = now.Add(10 * time.Second)
	}
	wait, blocked := limiter.blocked("user:admin")
	if !blocked || wait != 30*time.Second {
		t.Fatalf("after 3 failures: blocked=%v wait=%v, want blocked for the 30 s left of the window", blocked, wait)
	}
	if _, blocked := limiter.blocked("user:other"); blocked {
		t.Error("another key is blocked too")
	}
	now = now.Add(30 * time.Second)
	if _, blocked := limiter.blocked("user:admin"); blocked {
		t.Error("still blocked after the window ended")
	}
}

func TestFailureLimiter_forgetsEndedWindows(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
	limiter := newFailureLimiter(3, time.Minute)
	limiter.now = func() time.Time { return now }
	for _, key := range []string{"a", "b", "c"} {
		limiter.fail(key)
	}
	now = now.Add(2 * time.Minute)
	limiter.fail("d")
	if len(limiter.windows) != 1 {
		t.Errorf("%d windows kept, want only the current one", len(limiter.windows))
	}
}
