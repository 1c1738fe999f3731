// Package tokenlife bounds the lifetime of the tokens the services take from each other: the
// gateway's identity tokens and the services' own tokens (packages identity and peer).
//
// Both signers make tokens of a minute. A verifier that took any lifetime would let a token signed
// once for years (by a signer set so, or by whoever held a key for a moment) open every call until
// then. So a verifier refuses a token without its time of issue and expiry, or whose expiry is more
// than Max after its time of issue; the time of issue may not lie ahead (beyond the verifier's
// leeway, which the jwt parser checks), so a token accepted now expires within Max and that leeway.
package tokenlife

import (
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Max is the longest lifetime (expiry minus time of issue) a verifier takes.
const Max = 2 * time.Minute

// ErrTooLong is the error of a token whose lifetime is over Max or not stated.
var ErrTooLong = errors.New("token lifetime over the maximum")

// Check refuses claims without a time of issue or an expiry, or whose expiry is more than Max after
// their time of issue.
func Check(c jwt.RegisteredClaims) error {
	if c.IssuedAt == nil || c.ExpiresAt == nil {
		return fmt.Errorf("%w: the token states no time of issue or no expiry", ErrTooLong)
	}
	if life := c.ExpiresAt.Sub(c.IssuedAt.Time); life > Max {
		return fmt.Errorf("%w: %s, at most %s", ErrTooLong, life, Max)
	}
	return nil
}

// CheckSigning refuses a signer's lifetime over Max: a signer makes no token its verifiers refuse.
func CheckSigning(ttl time.Duration) error {
	if ttl > Max {
		return fmt.Errorf("%w: a signer's lifetime of %s, at most %s", ErrTooLong, ttl, Max)
	}
	return nil
}
