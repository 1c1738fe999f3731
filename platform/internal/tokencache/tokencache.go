// Package tokencache remembers tokens whose signature checked out, until they expire.
//
// Callers sign one token and reuse it for a while (the gateway one per identity, subgraph and
// second; a service one per peer for most of a minute), so a burst of requests brings the same
// token over and over; checking its Ed25519 signature once instead of on every request saves a
// good part of a small request's CPU. Identical bytes verify identically, and a remembered token
// still expires on time.
package tokencache

import (
	"sync"
	"time"
)

// maxTokens bounds the memory: the tokens of the last minute fit many times.
const maxTokens = 1024

// Cache maps verified tokens to what they proved.
type Cache[V comparable] struct {
	leeway  time.Duration
	mu      sync.Mutex
	byToken map[string]entry[V]
}

type entry[V comparable] struct {
	value   V
	expires time.Time
}

// New returns an empty cache that keeps a token until leeway after its expiry, the clock
// difference its verifier tolerates.
func New[V comparable](leeway time.Duration) *Cache[V] {
	return &Cache[V]{leeway: leeway, byToken: map[string]entry[V]{}}
}

// Lookup returns what token proved, if it was verified and has not expired at now.
func (c *Cache[V]) Lookup(token string, now time.Time) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	known, ok := c.byToken[token]
	if !ok {
		var zero V
		return zero, false
	}
	if now.After(known.expires.Add(c.leeway)) {
		delete(c.byToken, token)
		var zero V
		return zero, false
	}
	return known.value, true
}

// Add remembers that token proved value until expires.
func (c *Cache[V]) Add(token string, value V, expires time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.byToken) >= maxTokens {
		clear(c.byToken) // the tokens in use now come back within a second
	}
	c.byToken[token] = entry[V]{value: value, expires: expires}
}

// Len is how many tokens are remembered.
func (c *Cache[V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.byToken)
}
