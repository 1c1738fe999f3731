package events

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"

	"semesterhaus/platform/natsprovision"
	"semesterhaus/proto/events/v1/streams"
)

// Handler applies one event to the service's database, in tx. Returning an error rolls tx back and
// has the message delivered again later.
type Handler func(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error

// ConsumerConfig names a durable consumer: one of the stream's (streams.Stream.Consumers), which
// the provisioning created (semesterhaus/platform/natsprovision) with the subjects it handles.
type ConsumerConfig struct {
	Stream  streams.Stream // the stream, the subjects declared on it and its consumers
	Durable string         // also the key under which processed event ids are recorded
}

// Consume binds to the durable consumer and handles its messages one at a time until ctx ends. The
// consumer acts on the subjects the catalogue declares for it (streams.Consumer.Handles); messages
// on the stream's other declared subjects (an old server sends them) are acknowledged without a
// transaction, and a message on a subject the stream does not declare is an error: logged, counted
// and terminated. If the provisioning has not made the stream or the durable yet, Consume waits for
// them; it never creates them (the service's NATS user may not).
//
// Each message is handled in a transaction that first records its Nats-Msg-Id for this durable; a
// message whose id is already recorded is acknowledged without running h. The acknowledgement comes
// after the commit, so a crash in between only causes a redelivery, which then changes nothing.
func Consume(ctx context.Context, js jetstream.JetStream, pool *pgxpool.Pool, logger *slog.Logger, cfg ConsumerConfig, h Handler) error {
	decl, ok := cfg.Stream.Consumer(cfg.Durable)
	if !ok {
		return fmt.Errorf("events: the stream %s declares no consumer %s", cfg.Stream.Name, cfg.Durable)
	}
	if err := cfg.Stream.Check(decl); err != nil {
		return fmt.Errorf("events: %w", err)
	}
	// The consumer's series exist from its start, also while it waits for its durable.
	metrics := newConsumerMetrics(cfg.Durable)
	cons, err := bindConsumer(ctx, js, logger, cfg.Stream, decl)
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	// Missing heartbeats (a NATS restart) are not fatal: the client reconnects and pulls again.
	it, err := cons.Messages(jetstream.WithMessagesErrOnMissingHeartbeat(false))
	if err != nil {
		return fmt.Errorf("events: consumer %s: %w", cfg.Durable, err)
	}
	defer it.Stop()
	c := consumer{pool: pool, logger: logger.With("consumer", cfg.Durable), stream: cfg.Stream, decl: decl, handler: h, metrics: metrics}
	for {
		msg, err := it.Next(jetstream.NextContext(ctx))
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return fmt.Errorf("events: consumer %s: %w", cfg.Durable, err)
		}
		c.handle(ctx, msg)
	}
}

// bindConsumer waits until the provisioning has made the durable and checks that it filters what
// the catalogue says: a durable left from an older catalogue would hand the handler subjects it
// does not expect, or withhold some.
func bindConsumer(ctx context.Context, js jetstream.JetStream, logger *slog.Logger, s streams.Stream, decl streams.Consumer) (jetstream.Consumer, error) {
	cons, err := natsprovision.Await(ctx, func(ctx context.Context) (jetstream.Consumer, error) {
		return js.Consumer(ctx, s.Name, decl.Durable)
	}, func(error) {
		logger.Warn("waiting for the provisioning of the durable consumer", "stream", s.Name, "consumer", decl.Durable)
	}, jetstream.ErrStreamNotFound, jetstream.ErrConsumerNotFound)
	if err != nil {
		return nil, fmt.Errorf("events: consumer %s on %s: %w", decl.Durable, s.Name, err)
	}
	got := cons.CachedInfo().Config
	want := natsprovision.ConsumerConfig(s, decl, js.Conn().ConnectedServerVersion())
	if got.FilterSubject != want.FilterSubject || !slices.Equal(got.FilterSubjects, want.FilterSubjects) {
		return nil, fmt.Errorf("events: consumer %s on %s filters %v, the catalogue says %v: run the NATS provisioning again",
			decl.Durable, s.Name, append([]string{got.FilterSubject}, got.FilterSubjects...), append([]string{want.FilterSubject}, want.FilterSubjects...))
	}
	return cons, nil
}

// handles reports whether the consumer acts on subject.
func (c consumer) handles(subject string) bool {
	return slices.ContainsFunc(c.decl.Handles, func(pattern string) bool { return streams.Matches(pattern, subject) })
}

type consumer struct {
	pool    *pgxpool.Pool
	logger  *slog.Logger
	stream  streams.Stream
	decl    streams.Consumer
	handler Handler
	metrics consumerMetrics
}

func (c consumer) handle(ctx context.Context, msg jetstream.Msg) {
	start := time.Now()
	meta, err := msg.Metadata()
	if err != nil {
		c.logger.ErrorContext(ctx, "not a JetStream message", "subject", msg.Subject(), "err", err)
		_ = msg.Term()
		return
	}
	if meta.NumDelivered > 1 {
		Counters.Redelivered.Add(1)
		c.metrics.redeliveries.Inc()
	}
	if !c.handles(msg.Subject()) {
		c.skip(ctx, msg)
		return
	}
	// Messages published without an id fall back to their stream position, which a redelivery keeps.
	id := msg.Headers().Get(jetstream.MsgIDHeader)
	if id == "" {
		id = fmt.Sprintf("%s:%d", meta.Stream, meta.Sequence.Stream)
	}
	// A message being handled when shutdown begins is finished rather than abandoned; AckWait bounds
	// it, since after that JetStream delivers the message again anyway.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.decl.Wait())
	defer cancel()
	// The handler's work (its queries, calls and the events it writes) joins the trace of the
	// request that caused the event.
	ctx, span := startConsumeSpan(ctx, msg, c.decl.Durable, id, meta)
	defer span.End()

	var duplicate bool
	err = pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error {
		// Inserting first also locks the id: a concurrent delivery in another replica waits here
		// and then finds the id recorded.
		tag, err := tx.Exec(ctx, "INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", c.decl.Durable, id)
		if err != nil {
			return err
		}
		if duplicate = tag.RowsAffected() == 0; duplicate {
			return nil
		}
		return c.run(ctx, tx, msg)
	})
	if err != nil {
		Counters.Failed.Add(1)
		c.metrics.failures.Inc()
		c.metrics.failed.Inc()
		c.metrics.failedTime.Observe(time.Since(start).Seconds())
		span.RecordError(err)
		span.SetStatus(codes.Error, "handler failed")
		delay := backoff(meta.NumDelivered)
		c.logger.ErrorContext(ctx, "event handler failed, will retry", "subject", msg.Subject(), "event_id", id,
			"delivery", meta.NumDelivered, "retry_in", delay, "err", err)
		_ = msg.NakWithDelay(delay)
		return
	}
	if duplicate {
		Counters.Duplicates.Add(1)
		c.metrics.duplicate.Inc()
		c.metrics.duplicateTime.Observe(time.Since(start).Seconds())
		span.SetAttributes(attribute.Bool("semesterhaus.event.duplicate", true))
	} else {
		Counters.Handled.Add(1)
		c.metrics.handled.Inc()
		c.metrics.handledTime.Observe(time.Since(start).Seconds())
	}
	// A lost acknowledgement means a redelivery, which the recorded id makes harmless.
	if err := msg.Ack(); err != nil {
		c.logger.WarnContext(ctx, "ack failed", "subject", msg.Subject(), "event_id", id, "err", err)
	}
}

// skip acknowledges a message on another declared subject of the stream, which an old server
// sends a consumer of several subjects. A message on a subject the stream does not declare (a
// producer's typo, a subject nobody told the consumers about) is an error: it is terminated, not
// acknowledged as if handled, and it is logged and counted.
func (c consumer) skip(ctx context.Context, msg jetstream.Msg) {
	if !c.stream.Declares(msg.Subject()) {
		Counters.Undeclared.Add(1)
		c.metrics.undeclared.Inc()
		c.logger.ErrorContext(ctx, "event on a subject the stream does not declare, terminated",
			"subject", msg.Subject(), "stream", c.stream.Name, "event_id", msg.Headers().Get(jetstream.MsgIDHeader))
		if err := msg.Term(); err != nil {
			c.logger.WarnContext(ctx, "terminating failed", "subject", msg.Subject(), "err", err)
		}
		return
	}
	c.metrics.skipped.Inc()
	if err := msg.Ack(); err != nil {
		c.logger.WarnContext(ctx, "ack failed", "subject", msg.Subject(), "err", err)
	}
}

// run calls the handler and turns a panic into an error, so one bad message cannot crash the
// service over and over again.
func (c consumer) run(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("handler panicked: %v", p)
		}
	}()
	return c.handler(ctx, tx, msg)
}

// backoff is the delay after the n-th failed delivery: 1 s, 2 s, 4 s, ... at most a minute.
func backoff(delivered uint64) time.Duration {
	if delivered > 6 {
		return time.Minute
	}
	return min(time.Second<<max(delivered, 1)>>1, time.Minute)
}
