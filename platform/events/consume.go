package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"

	"semesterhaus/proto/events/v1/streams"
)

// Handler applies one event to the service's database, in tx. Returning an error rolls tx back and
// has the message delivered again later.
type Handler func(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error

// ConsumerConfig describes a durable consumer.
type ConsumerConfig struct {
	Stream  streams.Stream // the stream and the subjects declared on it
	Durable string         // also the key under which processed event ids are recorded
	// Handles names the subjects the handler acts on, each declared on the stream (a "*" token
	// stands for any one). The server sends only those where it can (filtersFor); otherwise it
	// sends the whole stream, and the messages on the stream's other declared subjects are
	// acknowledged without a transaction, which would only record that nothing happened. A message
	// on a subject the stream does not declare is an error: logged, counted and terminated.
	Handles []string
	// MaxDeliver bounds deliveries of a failing message; 0 means unlimited, so that no fact is
	// dropped silently (failures are logged and retried with a growing delay).
	MaxDeliver int
	// AckWait is how long a delivery may take before JetStream sends the message again; it also
	// bounds the handler. 0 means 30 s.
	AckWait time.Duration
}

const (
	defaultAckWait = 30 * time.Second
	// streamWait is how often a consumer looks for a stream its producer has not made yet.
	streamWait = 2 * time.Second
)

// Consume creates or updates the durable consumer and handles its messages one at a time until ctx
// ends. If the stream does not exist yet (its producer has not started), it waits for it.
//
// Each message is handled in a transaction that first records its Nats-Msg-Id for this durable; a
// message whose id is already recorded is acknowledged without running h. The acknowledgement comes
// after the commit, so a crash in between only causes a redelivery, which then changes nothing.
func Consume(ctx context.Context, js jetstream.JetStream, pool *pgxpool.Pool, logger *slog.Logger, cfg ConsumerConfig, h Handler) error {
	if cfg.AckWait == 0 {
		cfg.AckWait = defaultAckWait
	}
	if err := cfg.check(); err != nil {
		return err
	}
	// The consumer's series exist from its start, also while it waits for its stream.
	metrics := newConsumerMetrics(cfg.Durable)
	cons, err := createConsumer(ctx, js, logger, cfg)
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
	c := consumer{pool: pool, logger: logger.With("consumer", cfg.Durable), cfg: cfg, handler: h, metrics: metrics}
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

// check refuses a consumer that handles nothing or a subject its stream does not declare: a typo
// would otherwise lose events without a word.
func (cfg ConsumerConfig) check() error {
	if len(cfg.Handles) == 0 {
		return fmt.Errorf("events: consumer %s handles no subject of %s", cfg.Durable, cfg.Stream.Name)
	}
	for _, subject := range cfg.Handles {
		if !cfg.Stream.Declares(subject) {
			return fmt.Errorf("events: consumer %s handles %s, which the stream %s does not declare", cfg.Durable, subject, cfg.Stream.Name)
		}
	}
	return nil
}

// handles reports whether the handler acts on subject.
func (cfg ConsumerConfig) handles(subject string) bool {
	return slices.ContainsFunc(cfg.Handles, func(pattern string) bool { return streams.Matches(pattern, subject) })
}

func createConsumer(ctx context.Context, js jetstream.JetStream, logger *slog.Logger, cfg ConsumerConfig) (jetstream.Consumer, error) {
	cc := jetstream.ConsumerConfig{
		Durable:    cfg.Durable,
		AckPolicy:  jetstream.AckExplicitPolicy,
		AckWait:    cfg.AckWait,
		MaxDeliver: cfg.MaxDeliver,
	}
	// A single filter goes into FilterSubject, which servers before 2.10 (e.g. Debian's) understand.
	if filters := filtersFor(cfg, js.Conn().ConnectedServerVersion()); len(filters) == 1 {
		cc.FilterSubject = filters[0]
	} else {
		cc.FilterSubjects = filters
	}
	for {
		cons, err := js.CreateOrUpdateConsumer(ctx, cfg.Stream.Name, cc)
		if err == nil {
			return cons, nil
		}
		if !errors.Is(err, jetstream.ErrStreamNotFound) {
			return nil, fmt.Errorf("events: consumer %s on %s: %w", cfg.Durable, cfg.Stream.Name, err)
		}
		logger.Warn("waiting for stream", "stream", cfg.Stream.Name, "consumer", cfg.Durable)
		if !sleep(ctx, streamWait) {
			return nil, ctx.Err()
		}
	}
}

// filtersFor returns the subjects the consumer asks the server for. When the handler acts on a
// few subjects only, the server sends just those where it can (one subject on any server, several
// from 2.10 on): every other message would be delivered, acknowledged and skipped for nothing, and
// a busy stream brings many of them.
func filtersFor(cfg ConsumerConfig, serverVersion string) []string {
	if len(cfg.Handles) == 1 || len(cfg.Handles) > 1 && severalFiltersSupported(serverVersion) {
		return cfg.Handles
	}
	return []string{cfg.Stream.Wildcard()}
}

// severalFiltersSupported tells whether a server of that version ("2.10.4") filters a consumer by
// several subjects.
func severalFiltersSupported(serverVersion string) bool {
	var major, minor int
	if _, err := fmt.Sscanf(serverVersion, "%d.%d", &major, &minor); err != nil {
		return false
	}
	return major > 2 || major == 2 && minor >= 10
}

type consumer struct {
	pool    *pgxpool.Pool
	logger  *slog.Logger
	cfg     ConsumerConfig
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
	if !c.cfg.handles(msg.Subject()) {
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
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.cfg.AckWait)
	defer cancel()
	// The handler's work (its queries, calls and the events it writes) joins the trace of the
	// request that caused the event.
	ctx, span := startConsumeSpan(ctx, msg, c.cfg.Durable, id, meta)
	defer span.End()

	var duplicate bool
	err = pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error {
		// Inserting first also locks the id: a concurrent delivery in another replica waits here
		// and then finds the id recorded.
		tag, err := tx.Exec(ctx, "INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", c.cfg.Durable, id)
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
	if !c.cfg.Stream.Declares(msg.Subject()) {
		Counters.Undeclared.Add(1)
		c.metrics.undeclared.Inc()
		c.logger.ErrorContext(ctx, "event on a subject the stream does not declare, terminated",
			"subject", msg.Subject(), "stream", c.cfg.Stream.Name, "event_id", msg.Headers().Get(jetstream.MsgIDHeader))
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

// sleep waits d and reports false when ctx ended first.
func sleep(ctx context.Context, d time.Duration) bool {
	select {
	case <-ctx.Done():
		return false
	case <-time.After(d):
		return true
	}
}
