package auth

import (
	"sync"
	"time"
)

// failureLimiter counts failed sign-ins per key (a client address or a user name) in fixed windows
// and blocks a key for the rest of its window once it reached the limit. It is per replica: an
// attacker spreading guesses over replicas gets at most limit × replicas guesses per window.
type failureLimiter struct {
	limit  int
	window time.Duration
	now    func() time.Time

	mu        sync.Mutex
	windows   map[string]*failureWindow
	nextSweep time.Time
}

type failureWindow struct {
	start    time.Time
	failures int
}

func newFailureLimiter(limit int, window time.Duration) *failureLimiter {
	return &failureLimiter{limit: limit, window: window, now: time.Now, windows: map[string]*failureWindow{}}
}

// blocked tells whether key has used up its failures, and when it may try again.
func (l *failureLimiter) blocked(key string) (retryAfter time.Duration, isBlocked bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	w := l.windows[key]
	if w == nil || now.Sub(w.start) >= l.window || w.failures < l.limit {
		return 0, false
	}
	return w.start.Add(l.window).Sub(now), true
}

// fail counts one failed sign-in for key.
func (l *failureLimiter) fail(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.sweep(now)
	w := l.windows[key]
	if w == nil || now.Sub(w.start) >= l.window {
		w = &failureWindow{start: now}
		l.windows[key] = w
	}
	w.failures++
}

// sweep forgets ended windows, at most once per window, so the map does not grow without bound.
func (l *failureLimiter) sweep(now time.Time) {
	if now.Before(l.nextSweep) {
		return
	}
	for key, w := range l.windows {
		if now.Sub(w.start) >= l.window {
			delete(l.windows, key)
		}
	}
	l.nextSweep = now.Add(l.window)
}
