package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
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
//
// It tells this process's relays that an event is on its way (see Relay.Run).
func EnqueueWithID(ctx context.Context, tx Writer, eventID, subject string, payload []byte) error {
	if subject == "" {
		return errors.New("events: enqueue: empty subject")
	}
	if _, err := tx.Exec(ctx, "INSERT INTO outbox (event_id, subject, payload, headers) VALUES ($1, $2, $3, $4)", eventID, subject, payload, traceHeaders(ctx)); err != nil {
		return fmt.Errorf("events: enqueue %s: %w", subject, err)
	}
	running.hint()
	return nil
}

const (
	batchSize = 100
	// lookSoon is how long the relay waits after a hint before it looks: the writer commits within
	// moments, and what other writers commit meanwhile goes out in the same batch.
	lookSoon = 5 * time.Millisecond
	// pollInterval is how often the relay looks without a hint: it finds what was written without
	// one (by another process, or before a crash) and retries after a failure.
	pollInterval = 2 * time.Second
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
	hints  chan struct{}
	poll   time.Duration
}

// NewRelay returns a relay for the outbox in pool's database.
func NewRelay(pool *pgxpool.Pool, js jetstream.JetStream, logger *slog.Logger) *Relay {
	return &Relay{pool: pool, js: js, logger: logger, hints: make(chan struct{}, 1), poll: pollInterval}
}

// Run publishes until ctx ends, and deletes published events after a week.
//
// Every Enqueue in this process hints the running relays that an event is on its way; the relay
// looks lookSoon later, again at growing intervals while it finds nothing (the writer may still be
// committing), and otherwise every pollInterval (schedule). The hint stays in the process: a
// notification from the database (LISTEN/NOTIFY) would make every writing transaction hold
// PostgreSQL's global notification lock through its commit, so that those commits could no longer
// share a WAL flush; 500 renters confirming at once then queued behind one another's flushes. An
// event written without a hint (by another process, or left by a replica that crashed) waits for
// the next poll.
func (r *Relay) Run(ctx context.Context) error {
	running.add(r)
	defer running.remove(r)
	defer watchOutbox(r.pool)() // outbox_pending_events and its age, while the relay runs

	clean := time.NewTicker(cleanEvery)
	defer clean.Stop()
	r.deletePublished(ctx)
	next := newSchedule(r.poll) // looks at once: events may have been left by an earlier run
	defer next.timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-clean.C:
			r.deletePublished(ctx)
		case <-r.hints:
			next.soon()
		case <-next.timer.C:
			n, err := r.publishBatch(ctx)
			if ctx.Err() != nil {
				return nil
			}
			if err != nil {
				r.logger.Warn("outbox relay: publishing failed, retrying", "err", err)
			}
			next.after(n, err)
		}
	}
}

// schedule is when the relay looks next: at once when it starts, lookSoon after a hint, again at
// doubling intervals while it finds nothing after a hint (the writer may still be committing), and
// otherwise after poll.
type schedule struct {
	timer   *time.Timer
	poll    time.Duration
	due     time.Time
	wait    time.Duration // the last wait planned
	chasing bool          // events were hinted or found lately
}

func newSchedule(poll time.Duration) *schedule {
	return &schedule{timer: time.NewTimer(0), poll: poll, due: time.Now()}
}

// soon brings the next look forward to lookSoon from now, after a hint.
func (s *schedule) soon() {
	s.chasing = true
	if time.Until(s.due) > lookSoon {
		s.set(lookSoon)
	}
}

// after plans the next look after the relay published n events or failed with err.
func (s *schedule) after(n int, err error) {
	switch {
	case err != nil:
		s.chasing = false // hints do not hurry the retry
		s.set(s.poll)
	case n == batchSize:
		s.set(0) // there is more
	case n > 0:
		s.chasing = true
		s.set(lookSoon) // events are flowing: more may be committing
	case s.chasing && 2*s.wait < s.poll:
		s.set(max(2*s.wait, lookSoon))
	default:
		s.chasing = false
		s.set(s.poll)
	}
}

func (s *schedule) set(wait time.Duration) {
	s.wait, s.due = wait, time.Now().Add(wait)
	s.timer.Reset(wait)
}

// hint tells the relay that an event is on its way, without blocking; one pending hint is enough.
func (r *Relay) hint() {
	select {
	case r.hints <- struct{}{}:
	default:
	}
}

// running are the relays running in this process, which Enqueue hints.
var running relays

type relays struct {
	mu  sync.Mutex
	all []*Relay
}

func (rs *relays) add(r *Relay) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.all = append(rs.all, r)
}

func (rs *relays) remove(r *Relay) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.all = slices.DeleteFunc(rs.all, func(other *Relay) bool { return other == r })
}

func (rs *relays) hint() {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	for _, r := range rs.all {
		r.hint()
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
	// Most looks after a hint find nothing new: one indexed query answers that, where the
	// transaction below takes four round trips.
	var pending bool
	if err := r.pool.QueryRow(ctx, "SELECT EXISTS (SELECT FROM outbox WHERE published_at IS NULL)").Scan(&pending); err != nil || !pending {
		return 0, err
	}
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
