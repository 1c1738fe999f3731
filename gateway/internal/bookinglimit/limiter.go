// Package bookinglimit bounds the work one client makes with the public operations that mail an
// address anybody may name (booking requests, page links, waitlist joins) or try a link's token
// (waitlist confirmations): each is counted per client address, in counters all gateway replicas
// share (package ratelimit), before anything runs, and a count is never given back, whether the
// operation succeeds or fails: it bounds work, failed or not.
//
// The mails to one e-mail address are not counted here: the services count them where the mail is
// decided, in the transaction that enqueues it (the renting service for booking requests and
// waitlist joins, the renter service for page links), so that only a mail that goes out counts, no
// other field of a request can make a count go back, and nobody's requests of one kind lock the
// address's owner out of another.
package bookinglimit

import (
	"context"
	"log/slog"
	"net/netip"
	"time"

	"semesterhaus/gateway/internal/clientaddr"
	"semesterhaus/gateway/internal/ratelimit"
)

// Settings bound the requests per client and window.
type Settings struct {
	PerAddress int // per client address (IPv6: per /64)
	Window     time.Duration
}

// Limiter counts the requests per client.
type Limiter struct {
	store     *ratelimit.Store
	settings  Settings
	byAddress ratelimit.Counter
	logger    *slog.Logger
}

func New(store *ratelimit.Store, settings Settings, logger *slog.Logger) *Limiter {
	return &Limiter{
		store:     store,
		settings:  settings,
		byAddress: ratelimit.Counter{Name: "booking_address", Window: settings.Window},
		logger:    logger,
	}
}

// Allow counts the requests of one operation (Requests) from client. Refused, the operation must
// not run at all; retryAfter says when the window ends.
//
// When the counters cannot be reached the request is let through and the failure logged (fail
// open): the services still bound the mails per address.
func (l *Limiter) Allow(ctx context.Context, client netip.Addr, requests int) (retryAfter time.Duration, allowed bool) {
	for range requests {
		count, ok, err := l.store.Take(ctx, l.byAddress, clientaddr.LimitKey(client), l.settings.PerAddress)
		if err != nil {
			l.logger.ErrorContext(ctx, "booking limit unavailable; letting the request through", "counter", l.byAddress.Name, "error", err)
			return 0, true
		}
		if !ok {
			l.logger.WarnContext(ctx, "booking request refused: over the limit", "counter", l.byAddress.Name, "window_ends", count.WindowEnd)
			return time.Until(count.WindowEnd), false
		}
	}
	return 0, true
}
