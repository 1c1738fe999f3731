// Package identity carries the caller's identity from the gateway to the subgraphs.
//
// The gateway signs a short-lived Ed25519 JWT for every request it forwards (header
// X-Identity-Token); subgraphs verify it and decide on admin-only fields themselves, so a subgraph
// called directly, without a valid token, serves only what an anonymous caller may see. See
// docs/architecture.md, "Identity between gateway and subgraphs".
package identity

import (
	"context"
	"errors"
)

// Header is the HTTP request header that carries the identity token.
const Header = "X-Identity-Token"

// Role is what a caller may do. There are only two: the residence's staff and everybody else.
type Role string

const (
	RoleAdmin     Role = "admin"
	RoleAnonymous Role = "anonymous"
)

func (r Role) valid() bool { return r == RoleAdmin || r == RoleAnonymous }

// Identity is who is calling.
type Identity struct {
	Subject string // the user name, or "anonymous"
	Role    Role
}

// Anonymous is the identity of a caller without a valid token.
var Anonymous = Identity{Subject: "anonymous", Role: RoleAnonymous}

// IsAdmin reports whether the caller may use admin-only operations.
func (id Identity) IsAdmin() bool { return id.Role == RoleAdmin }

// ErrForbidden is returned when the caller may not do what they asked for.
var ErrForbidden = errors.New("forbidden")

// RequireAdmin returns ErrForbidden unless the caller in ctx is an admin.
func RequireAdmin(ctx context.Context) error {
	if !FromContext(ctx).IsAdmin() {
		return ErrForbidden
	}
	return nil
}

type ctxKey struct{}

// caller is what the context holds: the identity and the verified token it came from, kept so that
// outgoing gRPC calls can forward the caller's identity unchanged.
type caller struct {
	id    Identity
	token string
}

// WithIdentity returns a context carrying id (without a token to forward).
func WithIdentity(ctx context.Context, id Identity) context.Context {
	return context.WithValue(ctx, ctxKey{}, caller{id: id})
}

// withToken stores a verified identity together with its token.
func withToken(ctx context.Context, id Identity, token string) context.Context {
	return context.WithValue(ctx, ctxKey{}, caller{id: id, token: token})
}

// FromContext returns the caller's identity, or Anonymous when the context carries none.
func FromContext(ctx context.Context) Identity {
	if c, ok := ctx.Value(ctxKey{}).(caller); ok {
		return c.id
	}
	return Anonymous
}

// tokenFromContext returns the verified token of the caller, or "" when there is none.
func tokenFromContext(ctx context.Context) string {
	c, _ := ctx.Value(ctxKey{}).(caller)
	return c.token
}
