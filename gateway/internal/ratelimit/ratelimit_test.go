package ratelimit

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
)

// newTestBucket is a fresh bucket on the real NATS, deleted after the test.
func newTestBucket(t *testing.T) string {
	t.Helper()
	_, js := natstest.Connect(t)
	bucket := natstest.Unique("gateway_limits")
	b := natsauth.LimitBucket
	b.Name = bucket
	if err := natsprovision.Bucket(t.Context(), js, b); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteKeyValue(context.Background(), bucket) })
	return bucket
}

// newTestStore is a store on bucket with its own NATS connection, as a gateway replica has.
func newTestStore(t *testing.T, bucket string) *Store {
	t.Helper()
	_, js := natstest.Connect(t)
	kv, err := js.KeyValue(t.Context(), bucket)
	if err != nil {
		t.Fatal(err)
	}
	store, err := NewStore(t.Context(), kv, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return store
}

// TestNewStore_bucketForgettingCountsWithinTheWindow_refused: counts kept an hour cannot enforce a
// limit counted over a day.
func TestNewStore_bucketForgettingCountsWithinTheWindow_refused(t *testing.T) {
	t.Parallel()
	_, js := natstest.Connect(t)
	kv, err := js.KeyValue(t.Context(), newTestBucket(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewStore(t.Context(), kv, 24*time.Hour); err == nil {
		t.Fatal("a bucket keeping counts an hour counted a day's window")
	}
}

func TestTake_twentyAtOnceOnTwoReplicas_exactlyTheMaximumPass(t *testing.T) {
	t.Parallel()
	bucket := newTestBucket(t)
	replicas := []*Store{newTestStore(t, bucket), newTestStore(t, bucket)}
	counter := Counter{Name: "booking_email", Window: time.Hour}

	var passed atomic.Int32
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			_, ok, err := replicas[i%2].Take(t.Context(), counter, "victim@example.org", 3)
			if err != nil {
				t.Error(err)
			}
			if ok {
				passed.Add(1)
			}
		})
	}
	wg.Wait()
	if passed.Load() != 3 {
		t.Errorf("%d of 20 concurrent events passed on two replicas, want the maximum 3", passed.Load())
	}
	count, err := replicas[0].Get(t.Context(), counter, "victim@example.org")
	if err != nil || count.N != 3 {
		t.Errorf("count = %+v, %v; refused events must not be counted", count, err)
	}
	if other, _ := replicas[1].Get(t.Context(), counter, "someone@example.org"); other.N != 0 {
		t.Errorf("another subject's count = %d, want 0", other.N)
	}
}

func TestTake_refusedUntilTheWindowEnds(t *testing.T) {
	t.Parallel()
	store := newTestStore(t, newTestBucket(t))
	now := time.Date(2026, 10, 1, 12, 0, 10, 0, time.UTC)
	store.now = func() time.Time { return now }
	counter := Counter{Name: "booking_ip", Window: time.Minute}

	if _, ok, err := store.Take(t.Context(), counter, "198.51.100.1", 1); !ok || err != nil {
		t.Fatalf("first event refused: %v", err)
	}
	count, ok, err := store.Take(t.Context(), counter, "198.51.100.1", 1)
	if ok || err != nil {
		t.Fatalf("second event in the window passed (err %v)", err)
	}
	if wait := count.WindowEnd.Sub(now); wait != 50*time.Second {
		t.Errorf("window ends in %v, want the 50 s left", wait)
	}
	now = now.Add(50 * time.Second)
	if _, ok, _ := store.Take(t.Context(), counter, "198.51.100.1", 1); !ok {
		t.Error("refused in the next window")
	}
}

func TestTakeIfAndReset_countWhatIsAllowedAndForgetIt(t *testing.T) {
	t.Parallel()
	store := newTestStore(t, newTestBucket(t))
	counter := Counter{Name: "login_user", Window: time.Minute}
	onlyOncePerSecond := func(count Count, now time.Time) bool { return now.Sub(count.Last) >= time.Second }
	count, ok, err := store.TakeIf(t.Context(), counter, "admin", onlyOncePerSecond)
	if err != nil || !ok || count.N != 1 || time.Since(count.Last) > time.Minute {
		t.Fatalf("first TakeIf = %+v, %v, %v", count, ok, err)
	}
	if seen, ok, err := store.TakeIf(t.Context(), counter, "admin", onlyOncePerSecond); ok || err != nil || seen.N != 1 {
		t.Fatalf("second TakeIf within the second = %+v, %v, %v; want refused, seeing 1", seen, ok, err)
	}
	if err := store.Reset(t.Context(), counter, "admin"); err != nil {
		t.Fatal(err)
	}
	if count, err := store.Get(t.Context(), counter, "admin"); err != nil || count.N != 0 {
		t.Errorf("after Reset: %+v, %v; want 0", count, err)
	}
	if err := store.Reset(t.Context(), counter, "nobody"); err != nil {
		t.Errorf("resetting a missing count: %v", err)
	}
}
