package events_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/events"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
	"semesterhaus/proto/events/v1/streams"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// env is one service's view in a test: its own database, a stream of its own and its subjects.
type env struct {
	t      *testing.T
	pool   *pgxpool.Pool
	js     jetstream.JetStream
	stream string
	prefix string // subjects are prefix.<something>
	logger *slog.Logger
}

// declaredSubjects are the subjects the tests' streams declare; "undeclared" is not among them.
var declaredSubjects = []string{"happened", "a", "b", "c"}

func newEnv(t *testing.T, options ...natsprovision.Option) *env {
	t.Helper()
	pool, _ := pgtest.NewDatabase(t, os.DirFS("testdata/migrations"))
	_, js := natstest.Connect(t)
	e := &env{t: t, pool: pool, js: js, stream: natstest.Unique("EVENTS"), prefix: natstest.Unique("test"),
		logger: slog.New(slog.NewTextHandler(t.Output(), nil))}
	if err := natsprovision.Stream(context.Background(), js, e.declared(), options...); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), e.stream) })
	return e
}

// declared is the test's stream with its declared subjects and the consumers.
func (e *env) declared(consumers ...streams.Consumer) streams.Stream {
	return streams.Stream{Name: e.stream, Prefix: e.prefix, Declared: declaredSubjects, Consumers: consumers}
}

// background runs fn until the test ends and fails the test if fn returns an error.
func (e *env) background(name string, fn func(ctx context.Context) error) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := fn(ctx); err != nil {
			e.t.Errorf("%s: %v", name, err)
		}
	})
	e.t.Cleanup(func() { cancel(); wg.Wait() })
}

func (e *env) startRelay() {
	e.background("relay", events.NewRelay(e.pool, e.js, e.logger).Run)
}

// startConsumer records every handled delivery in the received table.
func (e *env) startConsumer(durable string, h events.Handler) {
	if h == nil {
		h = record(durable)
	}
	e.consume(e.happened(durable), true, h)
}

// happened is a consumer of the subject happened.
func (e *env) happened(durable string) streams.Consumer {
	return streams.Consumer{Durable: durable, Handles: []string{e.prefix + ".happened"}}
}

// consume runs c until the test ends, provisioned first if provision says so.
func (e *env) consume(c streams.Consumer, provision bool, h events.Handler) {
	e.t.Helper()
	stream := e.declared(c)
	if provision {
		if err := natsprovision.Consumer(context.Background(), e.js, stream, c); err != nil {
			e.t.Fatal(err)
		}
	}
	e.background("consumer", func(ctx context.Context) error {
		return events.Consume(ctx, e.js, e.pool, e.logger, events.ConsumerConfig{Stream: stream, Durable: c.Durable}, h)
	})
}

func record(durable string) events.Handler {
	return func(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
		_, err := tx.Exec(ctx, "INSERT INTO received (consumer, msg_id, payload) VALUES ($1, $2, $3)",
			durable, msg.Headers().Get(jetstream.MsgIDHeader), msg.Data())
		return err
	}
}

func (e *env) enqueue(payloads ...string) []string {
	e.t.Helper()
	var ids []string
	err := postgres.InTx(context.Background(), e.pool, func(tx pgx.Tx) error {
		for _, p := range payloads {
			id, err := events.Enqueue(context.Background(), tx, e.prefix+".happened", []byte(p))
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return ids
}

type delivery struct{ MsgID, Payload string }

func (e *env) received() []delivery {
	e.t.Helper()
	rows, _ := e.pool.Query(context.Background(), "SELECT msg_id, convert_from(payload, 'UTF8') FROM received ORDER BY n")
	got, err := pgx.CollectRows(rows, pgx.RowToStructByPos[delivery])
	if err != nil {
		e.t.Fatal(err)
	}
	return got
}

// waitReceived waits until n deliveries are recorded, then a little longer so that a duplicate
// would have time to show, and returns them.
func (e *env) waitReceived(n int) []delivery {
	e.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for len(e.received()) < n {
		if time.Now().After(deadline) {
			e.t.Fatalf("received %d of %d events", len(e.received()), n)
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	return e.received()
}

func (e *env) streamMsgs() uint64 {
	e.t.Helper()
	s, err := e.js.Stream(context.Background(), e.stream)
	if err != nil {
		e.t.Fatal(err)
	}
	info, err := s.Info(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	return info.State.Msgs
}

func TestOutbox_committedEvent_reachesConsumerExactlyOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startRelay()
	e.startConsumer("reader", nil)
	ids := e.enqueue("hello")

	got := e.waitReceived(1)
	if len(got) != 1 || got[0] != (delivery{ids[0], "hello"}) {
		t.Fatalf("received %+v, want one %s/hello", got, ids[0])
	}
}

func TestRelay_eventWrittenInItsProcess_publishedAtOnceNotAtThePoll(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.background("relay", events.NewRelayPolling(e.pool, e.js, e.logger, time.Hour).Run)
	e.startConsumer("reader", nil)
	time.Sleep(200 * time.Millisecond) // the relay's first look has found nothing: it waits for the poll
	e.enqueue("hinted")

	if got := e.waitReceived(1); len(got) != 1 || got[0].Payload != "hinted" {
		t.Fatalf("received %+v, want the hinted event", got)
	}
}

func TestRelay_eventWrittenWithoutAHint_publishedAtThePoll(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.background("relay", events.NewRelayPolling(e.pool, e.js, e.logger, 300*time.Millisecond).Run)
	e.startConsumer("reader", nil)
	// Written as another process (an older replica, a script) would: no hint reaches the relay.
	if _, err := e.pool.Exec(context.Background(), "INSERT INTO outbox (event_id, subject, payload) VALUES (gen_random_uuid(), $1, 'unhinted')", e.prefix+".happened"); err != nil {
		t.Fatal(err)
	}

	if got := e.waitReceived(1); len(got) != 1 || got[0].Payload != "unhinted" {
		t.Fatalf("received %+v, want the event written without a hint", got)
	}
}

func TestOutbox_rolledBackTransaction_publishesNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startRelay()
	e.startConsumer("reader", nil)
	rollback := errors.New("rollback")
	err := postgres.InTx(context.Background(), e.pool, func(tx pgx.Tx) error {
		if _, err := events.Enqueue(context.Background(), tx, e.prefix+".happened", []byte("undone")); err != nil {
			return err
		}
		return rollback
	})
	if !errors.Is(err, rollback) {
		t.Fatal(err)
	}
	e.enqueue("marker") // once the marker is through, the undone event would have been too

	if got := e.waitReceived(1); len(got) != 1 || got[0].Payload != "marker" {
		t.Fatalf("received %+v, want only the marker", got)
	}
	if n := e.streamMsgs(); n != 1 {
		t.Fatalf("stream holds %d messages, want 1", n)
	}
}

func TestConsume_sameMsgIDPublishedTwice_changesNothing(t *testing.T) {
	t.Parallel()
	// A tiny duplicate window lets JetStream store both copies, as after a late re-publish.
	e := newEnv(t, natsprovision.DuplicateWindow(100*time.Millisecond))
	const id = "5b0c3c1e-4a57-4bde-9c49-3a1b1f0e2d11"
	for range 2 {
		if _, err := e.js.PublishMsg(context.Background(), &nats.Msg{Subject: e.prefix + ".happened", Data: []byte("once")}, jetstream.WithMsgID(id)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if n := e.streamMsgs(); n != 2 {
		t.Fatalf("stream holds %d messages, want both copies", n)
	}
	e.startConsumer("reader", nil)
	e.startConsumer("auditor", nil) // another durable handles the event for itself

	got := e.waitReceived(2)
	if len(got) != 2 || got[0].MsgID != id || got[1].MsgID != id {
		t.Fatalf("received %+v, want the event once per consumer", got)
	}
	waitAllAcked(t, e, "reader", 2)
}

// waitAllAcked waits until the durable has acknowledged n deliveries, duplicates included.
func waitAllAcked(t *testing.T, e *env, durable string, n uint64) {
	t.Helper()
	info := waitConsumer(t, e, durable, func(info *jetstream.ConsumerInfo) bool {
		return info.AckFloor.Stream == n && info.NumAckPending == 0
	})
	if info.AckFloor.Stream != n || info.NumAckPending != 0 {
		t.Fatalf("ack floor %d, pending %d; want %d acknowledged", info.AckFloor.Stream, info.NumAckPending, n)
	}
}

// waitNothingPending waits until the durable has no message left to deliver or to be acknowledged.
func waitNothingPending(t *testing.T, e *env, durable string) {
	t.Helper()
	info := waitConsumer(t, e, durable, func(info *jetstream.ConsumerInfo) bool {
		return info.NumPending == 0 && info.NumAckPending == 0
	})
	if info.NumPending != 0 || info.NumAckPending != 0 {
		t.Fatalf("%d messages pending, %d unacknowledged", info.NumPending, info.NumAckPending)
	}
}

// waitConsumer polls the durable's state until done holds or 10 s have passed, and returns the last.
func waitConsumer(t *testing.T, e *env, durable string, done func(*jetstream.ConsumerInfo) bool) *jetstream.ConsumerInfo {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := e.js.Consumer(context.Background(), e.stream, durable)
		if err != nil {
			t.Fatal(err)
		}
		info, err := c.Info(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if done(info) || time.Now().After(deadline) {
			return info
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestRelay_startedAfterCrash_deliversLeftRowsOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ids := e.enqueue("before-crash-1", "before-crash-2")
	// The crashed relay had published the first event but not marked it.
	if _, err := e.js.PublishMsg(context.Background(), &nats.Msg{Subject: e.prefix + ".happened", Data: []byte("before-crash-1")}, jetstream.WithMsgID(ids[0])); err != nil {
		t.Fatal(err)
	}
	e.startConsumer("reader", nil)
	e.startRelay()

	got := e.waitReceived(2)
	want := []delivery{{ids[0], "before-crash-1"}, {ids[1], "before-crash-2"}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("received %+v, want %+v", got, want)
	}
	if n := e.streamMsgs(); n != 2 {
		t.Fatalf("stream holds %d messages, want 2 (the re-publish is a duplicate)", n)
	}
	var unpublished int
	if err := e.pool.QueryRow(context.Background(), "SELECT count(*) FROM outbox WHERE published_at IS NULL").Scan(&unpublished); err != nil || unpublished != 0 {
		t.Fatalf("unpublished rows = %d, %v", unpublished, err)
	}
}

func TestRelay_twoReplicas_publishManyInOrder(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startRelay()
	e.startRelay()
	e.startConsumer("reader", nil)
	const n = 250 // more than one relay batch
	var payloads []string
	for i := range n {
		payloads = append(payloads, strconv.Itoa(i))
	}
	e.enqueue(payloads[:n/2]...)
	e.enqueue(payloads[n/2:]...)

	got := e.waitReceived(n)
	if len(got) != n {
		t.Fatalf("received %d events, want %d", len(got), n)
	}
	for i, d := range got {
		if d.Payload != payloads[i] {
			t.Fatalf("event %d is %q: out of order", i, d.Payload)
		}
	}
	if m := e.streamMsgs(); m != n {
		t.Fatalf("stream holds %d messages, want %d", m, n)
	}
}

func TestConsume_handlerFails_rolledBackAndRetried(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	var calls atomic.Int32
	e.startConsumer("flaky", func(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
		// The first attempt writes, then fails: its write must not survive.
		if err := record("flaky")(ctx, tx, msg); err != nil {
			return err
		}
		switch calls.Add(1) {
		case 1:
			return errors.New("temporary failure")
		case 2:
			panic("bad day")
		}
		return nil
	})
	e.startRelay()
	e.enqueue("retry me")

	if got := e.waitReceived(1); len(got) != 1 || got[0].Payload != "retry me" {
		t.Fatalf("received %+v", got)
	}
	if c := calls.Load(); c != 3 {
		t.Fatalf("handler ran %d times, want 3", c)
	}
}

// TestConsume_provisionedLater_waitsForIt: a service started before the provisioning waits for its
// stream and then for its durable, and creates neither.
func TestConsume_provisionedLater_waitsForIt(t *testing.T) {
	t.Parallel()
	pool, _ := pgtest.NewDatabase(t, os.DirFS("testdata/migrations"))
	_, js := natstest.Connect(t)
	e := &env{t: t, pool: pool, js: js, stream: natstest.Unique("LATE"), prefix: natstest.Unique("late"), logger: slog.New(slog.DiscardHandler)}
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), e.stream) }) // after the consumer stopped
	reader := e.happened("reader")
	e.consume(reader, false, record("reader"))
	time.Sleep(100 * time.Millisecond)
	if err := natsprovision.Stream(context.Background(), js, e.declared()); err != nil { // the stream alone
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	if _, err := js.Consumer(context.Background(), e.stream, "reader"); !errors.Is(err, jetstream.ErrConsumerNotFound) {
		t.Fatalf("the consumer made its durable: %v", err)
	}
	if err := natsprovision.Stream(context.Background(), js, e.declared(reader)); err != nil {
		t.Fatal(err)
	}
	e.startRelay()
	e.enqueue("late")
	if got := e.waitReceived(1); len(got) != 1 {
		t.Fatalf("received %+v", got)
	}
}

func TestRelay_deletesEventsPublishedLongAgo(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	_, err := e.pool.Exec(context.Background(), `INSERT INTO outbox (event_id, subject, payload, published_at) VALUES
		(gen_random_uuid(), 'old', '', now() - interval '8 days'),
		(gen_random_uuid(), 'recent', '', now() - interval '1 day')`)
	if err != nil {
		t.Fatal(err)
	}
	e.startRelay()
	deadline := time.Now().Add(5 * time.Second)
	for {
		var subjects []string
		rows, _ := e.pool.Query(context.Background(), "SELECT subject FROM outbox ORDER BY seq")
		subjects, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(subjects) == "[recent]" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("outbox holds %v, want [recent]", subjects)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestConnect_unreachable_failsWithinContext(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if _, _, err := events.Connect(ctx, "nats://127.0.0.1:1", slog.New(slog.DiscardHandler)); err == nil {
		t.Fatal("Connect succeeded")
	}
}

func TestConsume_severalFilterSubjects_receivesOnlyThose(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if version := e.js.Conn().ConnectedServerVersion(); !streams.SeveralFiltersSupported(version) {
		t.Skipf("nats-server %s cannot filter a consumer by several subjects", version)
	}
	e.consume(streams.Consumer{Durable: "picky", Handles: []string{e.prefix + ".a", e.prefix + ".b"}}, true, record("picky"))
	for _, s := range []string{"a", "c", "b"} {
		if _, err := e.js.Publish(context.Background(), e.prefix+"."+s, []byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	got := e.waitReceived(2)
	if len(got) != 2 || got[0].Payload != "a" || got[1].Payload != "b" {
		t.Fatalf("received %+v, want a and b", got)
	}
}

func TestConsume_declaredSubjectsNotHandled_acknowledgedWithoutATransaction(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.consume(streams.Consumer{Durable: "picky", Handles: []string{e.prefix + ".a", e.prefix + ".b"}}, true, record("picky"))
	for _, s := range []string{"c", "a", "b"} {
		if _, err := e.js.Publish(context.Background(), e.prefix+"."+s, []byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	got := e.waitReceived(2)
	if len(got) != 2 || got[0].Payload != "a" || got[1].Payload != "b" {
		t.Fatalf("received %+v, want a and b", got)
	}
	waitNothingPending(t, e, "picky")
	var recorded int
	if err := e.pool.QueryRow(context.Background(), "SELECT count(*) FROM processed_events WHERE consumer = 'picky'").Scan(&recorded); err != nil || recorded != 2 {
		t.Errorf("%d processed events recorded (%v), want only the handled ones", recorded, err)
	}
}

func TestConsume_handlesASubjectTheStreamDoesNotDeclare_refusesToStart(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, handles := range [][]string{nil, {e.prefix + ".a", e.prefix + ".hapened"}} {
		cfg := events.ConsumerConfig{Stream: e.declared(streams.Consumer{Durable: "typo", Handles: handles}), Durable: "typo"}
		err := events.Consume(context.Background(), e.js, e.pool, e.logger, cfg, record("typo"))
		if err == nil || !strings.Contains(err.Error(), e.stream) {
			t.Errorf("handles %v: %v, want the consumer refused", handles, err)
		}
	}
}
