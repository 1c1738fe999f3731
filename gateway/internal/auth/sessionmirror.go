package auth

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// sessionMirror is this replica's copy of the session bucket, kept current by a watch of it, so
// that identifying a signed-in admin needs no round trip to NATS: on the admin pages that round trip
// was a tenth of the gateway's work per request and as much again in NATS. A session the mirror does
// not hold (yet: one created on another replica a moment ago) is asked for in NATS as before.
//
// Signing out still ends a session on every replica: the replica that deletes it forgets it at
// once, the others when the watch brings the deletion, within milliseconds. Session keys are never
// used twice (random ids, and Create refuses an existing key), so a deleted key stays refused here
// even if the watch, lagging, brings its creation only after this replica deleted it.
type sessionMirror struct {
	ttl time.Duration // the bucket's: a session ends ttl after it was created, with or without a message

	mu       sync.RWMutex
	synced   bool // the watch has brought every session the bucket held when it started
	sessions map[string]mirroredSession
	deleted  map[string]time.Time // keys deleted, until they would have expired anyway
}

type mirroredSession struct {
	session Session
	expires time.Time
}

func newSessionMirror(ttl time.Duration) *sessionMirror {
	return &sessionMirror{ttl: ttl, sessions: map[string]mirroredSession{}, deleted: map[string]time.Time{}}
}

// lookup returns the session of key if the mirror holds it and it has not expired at now.
func (m *sessionMirror) lookup(key string, now time.Time) (Session, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	mirrored, ok := m.sessions[key]
	if !m.synced || !ok || !now.Before(mirrored.expires) {
		return Session{}, false
	}
	return mirrored.session, true
}

// follow applies the watch's entries until it ends; then the mirror holds nothing, and every
// lookup goes to NATS.
func (m *sessionMirror) follow(watcher jetstream.KeyWatcher) {
	for entry := range watcher.Updates() {
		if entry == nil { // the bucket's sessions at the start have all come
			m.mu.Lock()
			m.synced = true
			m.mu.Unlock()
			continue
		}
		if entry.Operation() != jetstream.KeyValuePut {
			m.forget(entry.Key(), entry.Created())
			continue
		}
		var session Session
		if err := json.Unmarshal(entry.Value(), &session); err == nil {
			m.add(entry.Key(), session, entry.Created())
		}
	}
	m.mu.Lock()
	m.synced = false
	clear(m.sessions)
	m.mu.Unlock()
}

// add keeps a session created at created, unless its key was deleted. It also drops what has
// expired since: the bucket removes expired sessions without a message to its watchers.
func (m *sessionMirror) add(key string, session Session, created time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := time.Now()
	for k, s := range m.sessions {
		if !now.Before(s.expires) {
			delete(m.sessions, k)
		}
	}
	for k, until := range m.deleted {
		if !now.Before(until) {
			delete(m.deleted, k)
		}
	}
	if _, gone := m.deleted[key]; !gone {
		m.sessions[key] = mirroredSession{session: session, expires: created.Add(m.ttl)}
	}
}

// forget drops the session of key and refuses it from now on (until it would have expired).
func (m *sessionMirror) forget(key string, since time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.sessions, key)
	m.deleted[key] = since.Add(m.ttl)
}
