package auth

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
)

func newTestStore(t *testing.T, ttl time.Duration) *NATSStore {
	t.Helper()
	nc, js := natstest.Connect(t)
	bucket := provisionBucket(t, js, ttl)
	store, err := NewNATSStore(t.Context(), nc, bind(t, js, bucket), ttl)
	if err != nil {
		t.Fatal(err)
	}
	return store
}

// provisionBucket makes a session bucket with ttl, as the provisioning does, removed after the test.
func provisionBucket(t *testing.T, js jetstream.JetStream, ttl time.Duration) string {
	t.Helper()
	bucket := natstest.Unique("gateway_sessions")
	b := natsauth.SessionBucket
	b.Name, b.TTL = bucket, ttl
	if err := natsprovision.Bucket(t.Context(), js, b); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteKeyValue(context.Background(), bucket) })
	return bucket
}

func bind(t *testing.T, js jetstream.JetStream, bucket string) jetstream.KeyValue {
	t.Helper()
	kv, err := js.KeyValue(t.Context(), bucket)
	if err != nil {
		t.Fatal(err)
	}
	return kv
}

// TestNewNATSStore_bucketWithAnotherTTL_refused: a bucket that keeps sessions longer (or shorter)
// than SESSION_TTL says is not used.
func TestNewNATSStore_bucketWithAnotherTTL_refused(t *testing.T) {
	t.Parallel()
	nc, js := natstest.Connect(t)
	bucket := provisionBucket(t, js, 24*time.Hour)
	if _, err := NewNATSStore(t.Context(), nc, bind(t, js, bucket), time.Hour); err == nil {
		t.Fatal("a bucket keeping sessions 24h served a SESSION_TTL of 1h")
	}
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

// newReplicas are n stores on one bucket, as n gateway replicas have them, each with its own
// connection.
func newReplicas(t *testing.T, n int, ttl time.Duration) ([]*NATSStore, []*nats.Conn) {
	t.Helper()
	_, js := natstest.Connect(t)
	bucket := provisionBucket(t, js, ttl)
	var stores []*NATSStore
	var conns []*nats.Conn
	for range n {
		nc, js := natstest.Connect(t)
		store, err := NewNATSStore(t.Context(), nc, bind(t, js, bucket), ttl)
		if err != nil {
			t.Fatal(err)
		}
		stores, conns = append(stores, store), append(conns, nc)
	}
	return stores, conns
}

// eventually waits up to a second for ok.
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("not within a second: %s", what)
		}
	}
}

func TestNATSStore_knownSessionIsAnsweredWithoutAskingNATS(t *testing.T) {
	t.Parallel()
	stores, conns := newReplicas(t, 2, time.Hour)
	session := Session{Subject: "admin", Role: identity.RoleAdmin}
	key := storeKey("signed-in-on-the-first")
	if err := stores[0].Create(t.Context(), key, session); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the second replica's mirror holds the session", func() bool {
		_, ok := stores[1].mirror.lookup(key, time.Now())
		return ok
	})
	sent := conns[1].Stats().OutMsgs
	for range 100 {
		if got, err := stores[1].Get(t.Context(), key); err != nil || got != session {
			t.Fatalf("Get = %+v, %v; want %+v", got, err, session)
		}
	}
	if more := conns[1].Stats().OutMsgs - sent; more != 0 {
		t.Errorf("100 lookups of a known session sent %d messages to NATS, want none", more)
	}
	conns[1].Close() // from now on a sign-out elsewhere could not reach this replica
	if _, err := stores[1].Get(t.Context(), key); err == nil {
		t.Error("without NATS the replica still answered the session from its mirror")
	}
}

func TestNATSStore_signingOutOnOneReplicaEndsTheSessionOnEvery(t *testing.T) {
	t.Parallel()
	stores, _ := newReplicas(t, 2, time.Hour)
	key := storeKey("signs-out")
	if err := stores[0].Create(t.Context(), key, Session{Subject: "admin", Role: identity.RoleAdmin}); err != nil {
		t.Fatal(err)
	}
	for i, store := range stores {
		eventually(t, "the session is mirrored", func() bool { _, ok := store.mirror.lookup(key, time.Now()); return ok })
		if _, err := store.Get(t.Context(), key); err != nil {
			t.Fatalf("replica %d: %v", i, err)
		}
	}
	if err := stores[0].Delete(t.Context(), key); err != nil {
		t.Fatal(err)
	}
	if _, err := stores[0].Get(t.Context(), key); !errors.Is(err, ErrNoSession) {
		t.Errorf("the replica that signed out: %v, want ErrNoSession at once", err)
	}
	eventually(t, "the other replica ends the session", func() bool {
		_, err := stores[1].Get(t.Context(), key)
		return errors.Is(err, ErrNoSession)
	})
}

func TestSessionMirror_aDeletedKeyComingLateIsRefusedAndExpiredSessionsEnd(t *testing.T) {
	t.Parallel()
	m := newSessionMirror(time.Minute)
	m.synced = true
	now := time.Now()
	admin := Session{Subject: "admin", Role: identity.RoleAdmin}
	m.forget("signed-out", now)
	m.add("signed-out", admin, now.Add(-time.Second)) // its creation, brought by a lagging watch
	if _, ok := m.lookup("signed-out", now); ok {
		t.Error("a session deleted on this replica came back with its late creation")
	}
	m.add("old", admin, now.Add(-2*time.Minute))
	m.add("new", admin, now)
	if _, ok := m.lookup("old", now); ok {
		t.Error("a session older than the TTL was answered")
	}
	if _, ok := m.lookup("new", now); !ok {
		t.Error("a fresh session was not answered")
	}
	if _, ok := m.lookup("new", now.Add(time.Minute)); ok {
		t.Error("a session was answered at the end of its TTL")
	}
}
