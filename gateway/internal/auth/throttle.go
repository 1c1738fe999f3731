package auth

import (
	"context"
	"errors"
	"time"

	"semesterhaus/gateway/internal/ratelimit"
)

// LoginWindow is how long failed sign-ins are remembered.
const LoginWindow = time.Hour

// Growing delays after failed sign-ins: the first few failures are free (typos), then each further
// failure makes the next attempt wait twice as long, from firstDelay up to maxDelay.
const (
	firstDelay = time.Second
	maxDelay   = time.Minute
)

// throttleRule is what one kind of key (a user name, a client address) is allowed.
type throttleRule struct {
	counter ratelimit.Counter
	free    int // failures per window before delays begin
}

var (
	// A user name: 5 free failures, then delays; about 70 failures an hour at most (ASVS 2.2.1
	// asks for at most 100 per account).
	userRule = throttleRule{ratelimit.Counter{Name: "login_user", Window: LoginWindow}, 5}
	// A browser the account signed in from before (deviceCookies): as a user name, on its own.
	deviceRule = throttleRule{ratelimit.Counter{Name: "login_device", Window: LoginWindow}, 5}
	// A client address may mistype more user names, e.g. a residence's shared address.
	addressRule = throttleRule{ratelimit.Counter{Name: "login_address", Window: LoginWindow}, 20}
)

// throttleKey is one counted key of a sign-in attempt.
type throttleKey struct {
	rule    throttleRule
	subject string
}

// loginThrottle slows guessing down without ever refusing a correct password for good. After its
// free failures a key must wait delayAfter(failures) from its last attempt; an attempt during the
// wait is answered 429 with Retry-After without looking at the password (so it tells a guesser
// nothing), and once the wait is over the password is checked as usual: the owner signs in after
// at most maxDelay. Each attempt is counted as a failure before the password is checked, in one
// atomic step with the decision, so attempts sent at once cannot slip through together; a correct
// password forgets the count again. Counts live in the key-value bucket all replicas share, and
// no request waits in the gateway.
type loginThrottle struct {
	store *ratelimit.Store
}

// attempt claims a sign-in attempt for each key, or tells how long the first key that is still
// waiting must wait.
func (t *loginThrottle) attempt(ctx context.Context, keys []throttleKey) (time.Duration, error) {
	for _, key := range keys {
		var wait time.Duration
		_, ok, err := t.store.TakeIf(ctx, key.rule.counter, key.subject, func(count ratelimit.Count, now time.Time) bool {
			wait = count.Last.Add(delayAfter(count.N, key.rule.free)).Sub(now)
			return wait <= 0
		})
		if err != nil {
			return 0, err
		}
		if !ok {
			return wait, nil
		}
	}
	return 0, nil
}

// succeed forgets the keys' failures: the owner's sign-in ends the delays they caused.
func (t *loginThrottle) succeed(ctx context.Context, keys []throttleKey) error {
	var errs []error
	for _, key := range keys {
		errs = append(errs, t.store.Reset(ctx, key.rule.counter, key.subject))
	}
	return errors.Join(errs...)
}

// delayAfter is the wait after failures when free of them cost nothing: firstDelay once the free
// ones are used up, doubling with each further failure up to maxDelay.
func delayAfter(failures, free int) time.Duration {
	beyond := failures - free
	if beyond < 0 {
		return 0
	}
	if beyond >= 16 {
		return maxDelay // and no overflow of the shift
	}
	return min(maxDelay, firstDelay<<beyond)
}
