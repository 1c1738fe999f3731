// Package events carries facts between services over NATS JetStream, exactly once in effect.
//
// Publishing: a service writes each event into its database's outbox table in the same transaction
// as the change that caused it (Enqueue), so an event exists if and only if the change committed.
// A Relay publishes the outbox in order with Nats-Msg-Id = event id; JetStream drops a re-publish
// within the stream's duplicate window.
//
// Consuming: Consume runs a handler in a transaction that also records the event id per durable
// consumer, and acknowledges only after the commit. A redelivered event finds its id recorded and
// changes nothing.
//
// Streams, the subjects on them and their durable consumers are declared once, in
// semesterhaus/proto/events/v1/streams, and created by the provisioning
// (semesterhaus/platform/natsprovision), not by a service: the relay publishes into a stream that is
// there, Consume binds to a durable that is there, and a consumer handles declared subjects only; a
// message on a subject its stream does not declare is an error.
package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/internal/wait"
)

// Counters count what the relay and the consumers of this process did, for a metrics endpoint.
var Counters struct {
	Published   atomic.Uint64 // outbox events published and acknowledged by JetStream
	Handled     atomic.Uint64 // messages whose handler committed
	Duplicates  atomic.Uint64 // messages skipped because their event id was already processed
	Redelivered atomic.Uint64 // deliveries after the first one of a message
	Failed      atomic.Uint64 // handler failures (the message comes again later)
	Undeclared  atomic.Uint64 // messages on a subject their stream does not declare (terminated)
}

// Connect connects to NATS and waits (bounded by ctx and a start-up limit) until the connection is
// up. Later the client reconnects for ever, so a NATS restart never needs a service restart;
// disconnects and reconnects are logged. Options add to these, e.g. the credentials of
// natsauth.ConnectOptions.
func Connect(ctx context.Context, url string, logger *slog.Logger, options ...nats.Option) (*nats.Conn, jetstream.JetStream, error) {
	nc, err := nats.Connect(url, append([]nats.Option{
		nats.RetryOnFailedConnect(true),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(time.Second),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				logger.Warn("nats disconnected", "err", err)
			}
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			logger.Info("nats reconnected", "url", nc.ConnectedUrlRedacted())
		}),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
			logger.Error("nats error", "err", err)
		}),
	}, options...)...)
	if err != nil {
		return nil, nil, fmt.Errorf("events: connect: %w", err)
	}
	err = wait.Until(ctx, wait.StartupLimit, func(context.Context) error {
		if !nc.IsConnected() {
			return errors.New("not connected")
		}
		return nil
	})
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("events: NATS at %s not reachable", url)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("events: %w", err)
	}
	return nc, js, nil
}
