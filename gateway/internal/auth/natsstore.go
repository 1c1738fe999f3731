package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// NATSStore keeps sessions in a JetStream key-value bucket whose time-to-live ends them, and
// answers from its mirror of the bucket what it can (see sessionMirror).
type NATSStore struct {
	kv     jetstream.KeyValue
	conn   *nats.Conn
	mirror *sessionMirror
}

// NewNATSStore creates (or adapts) the key-value bucket; sessions expire ttl after sign-in. The
// bucket is mirrored until ctx ends.
func NewNATSStore(ctx context.Context, js jetstream.JetStream, bucket string, ttl time.Duration) (*NATSStore, error) {
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:      bucket,
		Description: "signed-in admins of the gateway",
		History:     1,
		TTL:         ttl,
	})
	if err != nil {
		return nil, fmt.Errorf("session bucket: %w", err)
	}
	watcher, err := kv.WatchAll(ctx)
	if err != nil {
		return nil, fmt.Errorf("session bucket: watch: %w", err)
	}
	store := &NATSStore{kv: kv, conn: js.Conn(), mirror: newSessionMirror(ttl)}
	go store.mirror.follow(watcher)
	return store, nil
}

func (s *NATSStore) Create(ctx context.Context, key string, session Session) error {
	value, err := json.Marshal(session)
	if err != nil {
		return err
	}
	_, err = s.kv.Create(ctx, key, value)
	return err
}

func (s *NATSStore) Get(ctx context.Context, key string) (Session, error) {
	// Only while connected: without NATS a sign-out elsewhere cannot reach the mirror, so the
	// lookup fails closed as it did before there was one.
	if s.conn.Status() == nats.CONNECTED {
		if session, ok := s.mirror.lookup(key, time.Now()); ok {
			return session, nil
		}
	}
	entry, err := s.kv.Get(ctx, key)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return Session{}, ErrNoSession
	}
	if err != nil {
		return Session{}, err
	}
	var session Session
	if err := json.Unmarshal(entry.Value(), &session); err != nil {
		return Session{}, fmt.Errorf("session %s: %w", key, err)
	}
	return session, nil
}

// Delete purges the key, so nothing of the session stays in the bucket.
func (s *NATSStore) Delete(ctx context.Context, key string) error {
	s.mirror.forget(key, time.Now())
	err := s.kv.Purge(ctx, key)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil
	}
	return err
}
