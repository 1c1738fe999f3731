// Package ratelimit counts events per subject (a client address, an e-mail address, a user name)
// in fixed time windows, in a JetStream key-value bucket, so every gateway replica sees the same
// counts. Each count is one key per subject and window, increased with compare-and-set, so
// concurrent replicas never lose an increment; the bucket's time-to-live forgets old windows.
//
// A fixed window lets up to twice its maximum through around a window's end; that is the price of
// one key and one write per event, and it still bounds abuse by a small factor.
package ratelimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// maxRaces bounds the compare-and-set retries when replicas count the same key at the same time.
const maxRaces = 32

// Store keeps the counters.
type Store struct {
	kv  jetstream.KeyValue
	now func() time.Time
}

// NewStore keeps the counters in the bucket kv, which the provisioning made (natsprovision; the
// gateway's NATS user may not create or change it). Its time-to-live must be at least window, the
// longest window counted in it, or counts would be forgotten before their window ends.
func NewStore(ctx context.Context, kv jetstream.KeyValue, window time.Duration) (*Store, error) {
	status, err := kv.Status(ctx)
	if err != nil {
		return nil, fmt.Errorf("rate limit bucket: %w", err)
	}
	if ttl := status.TTL(); ttl < window {
		return nil, fmt.Errorf("rate limit bucket %s keeps counts %v, shorter than the longest window %v: provision it with a longer time-to-live", kv.Bucket(), ttl, window)
	}
	return &Store{kv: kv, now: time.Now}, nil
}

// Counter names what is counted and how long its window is.
type Counter struct {
	Name   string // a key-safe word: letters, digits, '_' and '-'
	Window time.Duration
}

// Count is a subject's count in the current window.
type Count struct {
	N         int
	Last      time.Time // when the last event was counted
	WindowEnd time.Time
}

// Get returns subject's count in the current window (zero if nothing was counted).
func (s *Store) Get(ctx context.Context, c Counter, subject string) (Count, error) {
	now := s.now()
	count, _, err := s.read(ctx, c.key(subject, now))
	count.WindowEnd = c.windowEnd(now)
	return count, err
}

// Take counts one event for subject if fewer than max were counted in this window. When the
// event is refused nothing is counted, and the count tells when the window ends.
func (s *Store) Take(ctx context.Context, c Counter, subject string, max int) (Count, bool, error) {
	return s.TakeIf(ctx, c, subject, func(count Count, _ time.Time) bool { return count.N < max })
}

// TakeIf counts one event for subject if allow, asked with the current count and time, says so;
// the decision and the count are one atomic step. It returns the count the decision saw, or the
// new one when the event was counted.
func (s *Store) TakeIf(ctx context.Context, c Counter, subject string, allow func(Count, time.Time) bool) (Count, bool, error) {
	for range maxRaces {
		now := s.now()
		key := c.key(subject, now)
		count, revision, err := s.read(ctx, key)
		if err != nil {
			return Count{}, false, err
		}
		count.WindowEnd = c.windowEnd(now)
		if !allow(count, now) {
			return count, false, nil
		}
		next := Count{N: count.N + 1, Last: now, WindowEnd: count.WindowEnd}
		if revision == 0 {
			_, err = s.kv.Create(ctx, key, next.encode())
		} else {
			_, err = s.kv.Update(ctx, key, next.encode(), revision)
		}
		if err == nil {
			return next, true, nil
		}
		if !isRace(err) {
			return Count{}, false, err
		}
	}
	return Count{}, false, fmt.Errorf("counter %s: too many concurrent updates", c.Name)
}

// Reset forgets subject's count in the current window.
func (s *Store) Reset(ctx context.Context, c Counter, subject string) error {
	err := s.kv.Purge(ctx, c.key(subject, s.now()))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil
	}
	return err
}

// read returns the count stored under key and its revision, 0 when there is none.
func (s *Store) read(ctx context.Context, key string) (Count, uint64, error) {
	entry, err := s.kv.Get(ctx, key)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return Count{}, 0, nil
	}
	if err != nil {
		return Count{}, 0, err
	}
	count, err := decode(entry.Value())
	if err != nil {
		return Count{}, 0, fmt.Errorf("counter %s: %w", key, err)
	}
	return count, entry.Revision(), nil
}

// isRace tells whether a write lost to another replica's (or the key was purged meanwhile).
func isRace(err error) bool {
	return errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyRevisionMismatch)
}

// key is the counter's key for subject in the window containing now. The subject is hashed: keys
// allow few characters, and the bucket should not list e-mail addresses.
func (c Counter) key(subject string, now time.Time) string {
	sum := sha256.Sum256([]byte(subject))
	return c.Name + "." + hex.EncodeToString(sum[:16]) + "." + strconv.FormatInt(c.windowIndex(now), 10)
}

func (c Counter) windowIndex(now time.Time) int64 { return now.UnixNano() / int64(c.Window) }

func (c Counter) windowEnd(now time.Time) time.Time {
	return time.Unix(0, (c.windowIndex(now)+1)*int64(c.Window))
}

// encode stores a count as "n last-unix-milliseconds".
func (c Count) encode() []byte {
	return []byte(strconv.Itoa(c.N) + " " + strconv.FormatInt(c.Last.UnixMilli(), 10))
}

func decode(value []byte) (Count, error) {
	n, last, ok := strings.Cut(string(value), " ")
	count, errN := strconv.Atoi(n)
	millis, errLast := strconv.ParseInt(last, 10, 64)
	if !ok || errN != nil || errLast != nil {
		return Count{}, fmt.Errorf("malformed count %q", value)
	}
	return Count{N: count, Last: time.UnixMilli(millis)}, nil
}
