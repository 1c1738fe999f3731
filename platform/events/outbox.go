package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// Writer is where an event is written: the caller's transaction (pgx.Tx), or a postgres.Pipeline
// that sends it with the transaction's other writes.
type Writer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// Enqueue writes an event with a new random id into the outbox, in the caller's transaction, and
// returns the id. The relay publishes it after the transaction commits.
func Enqueue(ctx context.Context, tx Writer, subject string, payload []byte) (eventID string, err error) {
	eventID = uuid.NewString()
	return eventID, EnqueueWithID(ctx, tx, eventID, subject, payload)
}

// EnqueueWithID is Enqueue with an id chosen by the caller (a UUID), for payloads that carry their
// own event id.
//
// When ctx carries a trace, the event keeps its trace context (traceparent), which the relay
// publishes with it, so that whatever consumes the event joins the trace of the request that
// caused it.
func EnqueueWithID(ctx context.Context, tx Writer, eventID, subject string, payload []byte) error {
	if subject == "" {
		return errors.New("events: enqueue: empty subject")
	}
	if _, err := tx.Exec(ctx, "INSERT INTO outbox (event_id, subject, payload, headers) VALUES ($1, $2, $3, $4)", eventID, subject, payload, traceHeaders(ctx)); err != nil {
		return fmt.Errorf("events: enqueue %s: %w", subject, err)
	}
	return nil
}

const (
	batchSize    = 100
	pollInterval = 2 * time.Second // fallback when a notification is missed; also the retry delay
	retention    = 7 * 24 * time.Hour
	cleanEvery   = time.Hour
	// relayLockID is the advisory lock ("outbox" in ASCII) that lets one relay per database publish.
	relayLockID = 0x6f7574626f78
)

// Relay publishes the outbox to JetStream. Run one in every replica of a service: they take turns
// through an advisory lock, so events leave in the order they were written.
type Relay struct {
	pool   *pgxpool.Pool
	js     jetstream.JetStream
	logger *slog.Logger
}

// NewRelay returns a relay for the outbox in pool's database.
func NewRelay(pool *pgxpool.Pool, js jetstream.JetStream, logger *slog.Logger) *Relay {
	return &Relay{pool: pool, js: js, logger: logger}
}

// Run publishes until ctx ends. It is woken by a notification when a transaction with events
// commits, polls in case one was missed, and deletes published events after a week.
func (r *Relay) Run(ctx context.Context) error {
	wake := make(chan struct{}, 1)
	var wg sync.WaitGroup
	defer wg.Wait()
	wg.Go(func() { r.listen(ctx, wake) })
	defer watchOutbox(r.pool)() // outbox_pending_events and its age, while the relay runs

	poll := time.NewTicker(pollInterval)
	defer poll.Stop()
	clean := time.NewTicker(cleanEvery)
	defer clean.Stop()
	r.deletePublished(ctx)
	for {
		n, err := r.publishBatch(ctx)
		switch {
		case ctx.Err() != nil:
			return nil
		case err != nil:
			r.logger.Warn("outbox relay: publishing failed, retrying", "err", err)
			if !sleep(ctx, pollInterval) {
				return nil
			}
			continue
		case n == batchSize:
			continue // there may be more
		}
		select {
		case <-ctx.Done():
			return nil
		case <-wake:
		case <-poll.C:
		case <-clean.C:
			r.deletePublished(ctx)
		}
	}
}

type outboxRow struct {
	Seq     int64
	EventID string
	Subject string
	Payload []byte
	Headers map[string]string // the writer's trace context; nil when it was not traced
}

// publishBatch publishes up to batchSize unpublished events in order, each acknowledged by
// JetStream before the next, and marks those published. It stops at the first failure so that no
// event overtakes an earlier one. A relay that dies between publishing and marking publishes the
// event again later; JetStream's duplicate window and the consumers' processed ids absorb that.
func (r *Relay) publishBatch(ctx context.Context) (int, error) {
	var published []int64
	var pubErr error
	err := pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		var turn bool
		if err := tx.QueryRow(ctx, "SELECT pg_try_advisory_xact_lock($1)", relayLockID).Scan(&turn); err != nil || !turn {
			return err // another replica is publishing; it also got the notification
		}
		rows, _ := tx.Query(ctx, "SELECT seq, event_id::text, subject, payload, headers FROM outbox WHERE published_at IS NULL ORDER BY seq LIMIT $1", batchSize)
		batch, err := pgx.CollectRows(rows, pgx.RowToStructByPos[outboxRow])
		if err != nil {
			return err
		}
		for _, ev := range batch {
			if pubErr = r.publish(ctx, ev); pubErr != nil {
				break
			}
			published = append(published, ev.Seq)
		}
		if len(published) == 0 {
			return nil
		}
		_, err = tx.Exec(ctx, "UPDATE outbox SET published_at = now() WHERE seq = ANY($1)", published)
		return err
	})
	if err != nil {
		return 0, err
	}
	Counters.Published.Add(uint64(len(published)))
	outboxPublished.Add(float64(len(published)))
	return len(published), pubErr
}

// publish sends one event, acknowledged by JetStream. An event written inside a trace is
// published in a producer span of that trace, whose context travels in the message's headers.
func (r *Relay) publish(ctx context.Context, ev outboxRow) error {
	msg := &nats.Msg{Subject: ev.Subject, Data: ev.Payload}
	var span trace.Span
	if ev.Headers != nil {
		ctx, span = startPublishSpan(ctx, ev)
		defer span.End()
		msg.Header = nats.Header{}
		injectTrace(ctx, msg.Header)
	}
	if _, err := r.js.PublishMsg(ctx, msg, jetstream.WithMsgID(ev.EventID)); err != nil {
		err = fmt.Errorf("publish %s %s: %w", ev.Subject, ev.EventID, err)
		if span != nil {
			span.RecordError(err)
			span.SetStatus(codes.Error, "publish failed")
		}
		return err
	}
	return nil
}

// listen keeps a connection of its own (outside the pool: it is held for ever) listening for the
// outbox trigger's notifications and turns each into a wake-up. When the connection breaks the
// relay still polls, and listen reconnects.
func (r *Relay) listen(ctx context.Context, wake chan<- struct{}) {
	for {
		err := r.listenOnce(ctx, wake)
		if ctx.Err() != nil {
			return
		}
		r.logger.Warn("outbox relay: LISTEN connection lost, polling meanwhile", "err", err)
		if !sleep(ctx, pollInterval) {
			return
		}
	}
}

func (r *Relay) listenOnce(ctx context.Context, wake chan<- struct{}) error {
	conn, err := pgx.ConnectConfig(ctx, r.pool.Config().ConnConfig)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN outbox"); err != nil {
		return err
	}
	for {
		notify(wake) // events may have been written while nobody listened
		if _, err := conn.WaitForNotification(ctx); err != nil {
			return err
		}
	}
}

// deletePublished removes events published longer ago than the retention; until then they are
// there to look into when a consumer reports a problem.
func (r *Relay) deletePublished(ctx context.Context) {
	tag, err := r.pool.Exec(ctx, "DELETE FROM outbox WHERE published_at < now() - $1::interval", retention)
	if err != nil {
		if ctx.Err() == nil {
			r.logger.Warn("outbox relay: deleting published events failed", "err", err)
		}
		return
	}
	if tag.RowsAffected() > 0 {
		r.logger.Info("outbox relay: deleted published events", "count", tag.RowsAffected())
	}
}

// notify wakes the relay without blocking; one pending wake-up is enough.
func notify(wake chan<- struct{}) {
	select {
	case wake <- struct{}{}:
	default:
	}
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
