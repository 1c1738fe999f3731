// Package bookinglimit bounds the booking requests the public booking form can file: each one
// mails a confirmation link to the address it names, so without a bound anyone could flood an
// address (or the residence's mail reputation) from one client. Requests are counted per client
// address and per e-mail address in counters all gateway replicas share (package ratelimit).
package bookinglimit

import (
	"context"
	"log/slog"
	"net/netip"
	"time"

	"semesterhaus/gateway/internal/clientaddr"
	"semesterhaus/gateway/internal/ratelimit"
)

// Settings bound the booking requests per window.
type Settings struct {
	PerAddress int // per client address (IPv6: per /64)
	PerEmail   int // per e-mail address
	Window     time.Duration
}

// Limiter counts booking requests.
type Limiter struct {
	store     *ratelimit.Store
	settings  Settings
	byAddress ratelimit.Counter
	byEmail   ratelimit.Counter
	logger    *slog.Logger
}

func New(store *ratelimit.Store, settings Settings, logger *slog.Logger) *Limiter {
	return &Limiter{
		store:     store,
		settings:  settings,
		byAddress: ratelimit.Counter{Name: "booking_address", Window: settings.Window},
		byEmail:   ratelimit.Counter{Name: "booking_email", Window: settings.Window},
		logger:    logger,
	}
}

// Allow counts the booking requests of one operation (their e-mail addresses, see Requests) from
// client. Refused, the operation must not run at all; retryAfter says when a window ends.
//
// When the counters cannot be reached the request is let through and the failure logged (fail
// open): the confirmation mail travels through the same NATS, so nothing is mailed meanwhile.
func (l *Limiter) Allow(ctx context.Context, client netip.Addr, emails []string) (retryAfter time.Duration, allowed bool) {
	for _, email := range emails {
		if wait, ok := l.take(ctx, l.byAddress, clientaddr.LimitKey(client), l.settings.PerAddress); !ok {
			return wait, false
		}
		if email == "" {
			continue
		}
		if wait, ok := l.take(ctx, l.byEmail, email, l.settings.PerEmail); !ok {
			return wait, false
		}
	}
	return 0, true
}

// Refund uncounts the booking requests of an operation that failed (an error instead of its
// result): nothing was mailed, and a student whose request met a failing system may try again. The
// client address's count stays: it bounds the work a client causes, failed or not.
func (l *Limiter) Refund(ctx context.Context, emails []string) {
	for _, email := range emails {
		if email == "" {
			continue
		}
		if err := l.store.GiveBack(ctx, l.byEmail, email); err != nil {
			l.logger.ErrorContext(ctx, "booking limit unavailable; a failed request stays counted", "counter", l.byEmail.Name, "error", err)
		}
	}
}

func (l *Limiter) take(ctx context.Context, counter ratelimit.Counter, subject string, max int) (time.Duration, bool) {
	count, ok, err := l.store.Take(ctx, counter, subject, max)
	if err != nil {
		l.logger.ErrorContext(ctx, "booking limit unavailable; letting the request through", "counter", counter.Name, "error", err)
		return 0, true
	}
	if !ok {
		// The subject is not logged: it may be an e-mail address.
		l.logger.WarnContext(ctx, "booking request refused: over the limit", "counter", counter.Name, "window_ends", count.WindowEnd)
	}
	return time.Until(count.WindowEnd), ok
}
