// Package clocktest is a clock that a test sets and moves, for the code under test to read as its
// now (a function `func() time.Time` in the services' use cases and adapters).
package clocktest

import (
	"sync"
	"time"
)

// Clock stands where it was set (New) or runs with the real time from there (Running) until it is
// moved; safe for concurrent use.
type Clock struct {
	mu      sync.Mutex
	now     time.Time
	running bool
	since   time.Time // when now was set, for a running clock
}

// New returns a clock standing at t.
func New(t time.Time) *Clock { return &Clock{now: t} }

// Running returns a clock that runs with the real time, so that what the code under test does one
// after the other happens at times one after the other, and that a test moves on (Add) or to a time
// (Set).
func Running() *Clock {
	now := time.Now()
	return &Clock{now: now, running: true, since: now}
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return c.now.Add(time.Since(c.since))
	}
	return c.now
}

// Set moves the clock to t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now, c.since = t, time.Now()
}

// Add moves the clock on by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
