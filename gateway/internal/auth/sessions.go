package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"

	"semesterhaus/platform/identity"
)

// ErrNoSession means the session does not exist: never created, signed out, or expired.
var ErrNoSession = errors.New("no such session")

// Session is a signed-in admin.
type Session struct {
	Subject string        `json:"sub"`
	Role    identity.Role `json:"role"`
}

func (s Session) identity() identity.Identity {
	return identity.Identity{Subject: s.Subject, Role: s.Role}
}

// Store keeps sessions server-side, shared by all gateway replicas, and forgets them after its
// time-to-live. Keys are derived from session ids (see storeKey), never the ids themselves.
type Store interface {
	// Create stores a new session; it fails rather than overwrite an existing key.
	Create(ctx context.Context, key string, s Session) error
	// Get returns the session or ErrNoSession.
	Get(ctx context.Context, key string) (Session, error)
	// Delete removes the session; deleting a missing one is not an error.
	Delete(ctx context.Context, key string) error
}

// newSessionID returns a random 256-bit session id in a cookie-safe encoding.
func newSessionID() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// storeKey is the key a session id is stored under: its SHA-256, so that whoever can read the
// store cannot take over sessions with what they read.
func storeKey(sessionID string) string {
	sum := sha256.Sum256([]byte(sessionID))
	return hex.EncodeToString(sum[:])
}
