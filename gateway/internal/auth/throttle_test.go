package auth

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"semesterhaus/gateway/internal/ratelimit"
	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
)

func TestDelayAfter_freeFailuresThenDoublingUpToTheMaximum(t *testing.T) {
	t.Parallel()
	for failures, want := range map[int]time.Duration{
		0: 0, 4: 0, 5: time.Second, 6: 2 * time.Second, 7: 4 * time.Second, 10: 32 * time.Second,
		11: time.Minute, 100: time.Minute, 1 << 40: time.Minute,
	} {
		if got := delayAfter(failures, 5); got != want {
			t.Errorf("delayAfter(%d, 5) = %v, want %v", failures, got, want)
		}
	}
}

func newTestThrottle(t *testing.T) *loginThrottle {
	t.Helper()
	_, js := natstest.Connect(t)
	bucket := natstest.Unique("gateway_limits")
	b := natsauth.LimitBucket
	b.Name = bucket
	if err := natsprovision.Bucket(t.Context(), js, b); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteKeyValue(context.Background(), bucket) })
	store, err := ratelimit.NewStore(t.Context(), bind(t, js, bucket), LoginWindow)
	if err != nil {
		t.Fatal(err)
	}
	return &loginThrottle{store: store}
}

func TestLoginThrottle_fiftyGuessesSentAtOnce_onlyTheFreeOnesAreChecked(t *testing.T) {
	t.Parallel()
	throttle := newTestThrottle(t)
	keys := []throttleKey{{userRule, "admin"}}

	var checked atomic.Int32
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			wait, err := throttle.attempt(t.Context(), keys)
			if err != nil {
				t.Error(err)
			}
			if wait <= 0 {
				checked.Add(1)
			} else if wait > firstDelay+100*time.Millisecond {
				t.Errorf("wait %v after the free failures, want about %v", wait, firstDelay)
			}
		})
	}
	wg.Wait()
	if checked.Load() != int32(userRule.free) {
		t.Errorf("%d of 50 simultaneous guesses got their password checked, want the %d free ones", checked.Load(), userRule.free)
	}
}

func TestLoginThrottle_correctPasswordAfterTheWait_forgetsTheFailures(t *testing.T) {
	t.Parallel()
	throttle := newTestThrottle(t)
	keys := []throttleKey{{userRule, "admin"}, {addressRule, "203.0.113.7"}}
	for range userRule.free {
		if wait, err := throttle.attempt(t.Context(), keys); wait > 0 || err != nil {
			t.Fatalf("a free attempt waits %v (%v)", wait, err)
		}
	}
	wait, err := throttle.attempt(t.Context(), keys)
	if err != nil || wait <= 0 {
		t.Fatalf("attempt after the free failures: wait %v, %v; want a wait", wait, err)
	}
	time.Sleep(wait)
	if wait, err := throttle.attempt(t.Context(), keys); wait > 0 || err != nil {
		t.Fatalf("attempt after the wait still waits %v (%v)", wait, err)
	}
	if err := throttle.succeed(t.Context(), keys); err != nil {
		t.Fatal(err)
	}
	if wait, _ := throttle.attempt(t.Context(), keys); wait > 0 {
		t.Errorf("after the owner signed in the next attempt waits %v, want none", wait)
	}
}
