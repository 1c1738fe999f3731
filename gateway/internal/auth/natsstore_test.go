package auth

import (
	"context"
	"errors"
	"testing"
	"time"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/natstest"
)

func newTestStore(t *testing.T, ttl time.Duration) *NATSStore {
	t.Helper()
	_, js := natstest.Connect(t)
	bucket := natstest.Unique("gateway_sessions")
	store, err := NewNATSStore(t.Context(), js, bucket, ttl)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteKeyValue(context.Background(), bucket) })
	return store
}

func TestNATSStore_createGetDelete(t *testing.T) {
	t.Parallel()
	store := newTestStore(t, time.Hour)
	ctx := t.Context()
	session := Session{Subject: "admin", Role: identity.RoleAdmin}
	key := storeKey("session-id")

	if err := store.Create(ctx, key, session); err != nil {
		t.Fatal(err)
	}
	if err := store.Create(ctx, key, session); err == nil {
		t.Error("a second Create of the same key succeeded; it must never overwrite a session")
	}
	if got, err := store.Get(ctx, key); err != nil || got != session {
		t.Fatalf("Get = %+v, %v; want %+v", got, err, session)
	}
	if err := store.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Get(ctx, key); !errors.Is(err, ErrNoSession) {
		t.Errorf("Get after Delete: %v, want ErrNoSession", err)
	}
	if err := store.Delete(ctx, key); err != nil {
		t.Errorf("deleting a missing session: %v", err)
	}
}

func TestNATSStore_sessionExpiresAfterTTL(t *testing.T) {
	t.Parallel()
	store := newTestStore(t, time.Second)
	key := storeKey("short-lived")
	if err := store.Create(t.Context(), key, Session{Subject: "admin", Role: identity.RoleAdmin}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, err := store.Get(t.Context(), key)
		if errors.Is(err, ErrNoSession) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("session still there 5 s after a 1 s TTL (last error %v)", err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
