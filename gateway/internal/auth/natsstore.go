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

// NewNATSStore keeps the sessions in the key-value bucket kv, which the provisioning made
// (natsprovision; the gateway's NATS user may not create or change it); sessions expire ttl after
// sign-in, which must be the bucket's time-to-live. The bucket is mirrored until ctx ends; conn is
// kv's connection, whose state tells when the mirror may answer.
func NewNATSStore(ctx context.Context, conn *nats.Conn, kv jetstream.KeyValue, ttl time.Duration) (*NATSStore, error) {
	status, err := kv.Status(ctx)
	if err != nil {
		return nil, fmt.Errorf("session bucket: %w", err)
	}
	if status.TTL() != ttl {
		return nil, fmt.Errorf("session bucket %s keeps sessions %v, SESSION_TTL is %v: provision the bucket with the gateway's setting", kv.Bucket(), status.TTL(), ttl)
	}
	watcher, err := kv.WatchAll(ctx)
	if err != nil {
		return nil, fmt.Errorf("session bucket: watch: %w", err)
	}
	store := &NATSStore{kv: kv, conn: conn, mirror: newSessionMirror(ttl)}
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
