package httpapi

import (
	"sync"
	"time"

	"semesterhaus/platform/identity"
)

// TokenCache reuses an identity token for the rest of the second it was signed in. A token signed
// less than a second ago is as good as a new one: it stays valid for a minute, and since its times
// are whole seconds and Ed25519 signatures are deterministic, signing again within the same second
// yields the same bytes anyway. Signing per request was a noticeable share of the CPU under load.
type TokenCache struct {
	signer TokenSigner
	now    func() time.Time

	mu     sync.Mutex
	tokens map[audienced]signedToken
}

// audienced is an identity for one subgraph.
type audienced struct {
	id       identity.Identity
	audience string
}

type signedToken struct {
	token  string
	second int64
}

func NewTokenCache(signer TokenSigner) *TokenCache {
	return &TokenCache{signer: signer, now: time.Now, tokens: map[audienced]signedToken{}}
}

// Sign returns the token for id at the subgraph audience, signing a new one when the second has
// changed.
func (c *TokenCache) Sign(id identity.Identity, audience string) (string, error) {
	second := c.now().Unix()
	key := audienced{id: id, audience: audience}
	c.mu.Lock()
	cached, ok := c.tokens[key]
	c.mu.Unlock()
	if ok && cached.second == second {
		return cached.token, nil
	}
	token, err := c.signer.Sign(id, audience)
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	c.tokens[key] = signedToken{token: token, second: second}
	c.mu.Unlock()
	return token, nil
}
