package nats_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/events"
	"semesterhaus/platform/natstest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/document/documenttest"
	natsadapter "semesterhaus/services/document/internal/adapters/nats"
	pgadapter "semesterhaus/services/document/internal/adapters/postgres"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestRentingConsumer_deletedRentingLosesItsUploadsOnceEvenIfTheEventComesTwice(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	documents, pool := testenv.NewDocuments(t)
	deleted, kept := uuid.NewString(), uuid.NewString()
	for _, renting := range []string{deleted, kept} {
		if _, err := documents.StoreUploads(ctx, 7, renting, domain.TheRenter, []domain.Upload{
			{Type: domain.TypeImmatriculation, Content: documenttest.PDF()},
		}); err != nil {
			t.Fatal(err)
		}
	}
	// uploads that wait for a confirmation go with their renting too
	if _, err := documents.StoreUploads(ctx, 7, deleted, domain.AnySender, []domain.Upload{
		{Type: domain.TypeImmatriculation, Content: documenttest.PDF()},
	}); err != nil {
		t.Fatal(err)
	}

	js, stream := startConsumer(t, pool)

	eventID := uuid.NewString()
	payload, err := proto.Marshal(&eventsv1.RentingDeleted{EventId: eventID, RentingId: deleted, RenterId: 7, Actor: "hausmeister"})
	if err != nil {
		t.Fatal(err)
	}
	publish(t, js, stream.StateChanged("APARTMENT_REQUESTED"), uuid.NewString(), []byte("not ours"))
	publish(t, js, stream.Deleted(), eventID, payload)
	time.Sleep(300 * time.Millisecond)
	publish(t, js, stream.Deleted(), eventID, payload)
	waitUntilAcked(t, js, stream.Stream().Name)

	var left, other, audits int
	_ = pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM document WHERE renting_id = $1) + (SELECT count(*) FROM pending_upload WHERE renting_id = $1)", deleted).Scan(&left)
	_ = pool.QueryRow(ctx, "SELECT count(*) FROM document WHERE renting_id = $1", kept).Scan(&other)
	_ = pool.QueryRow(ctx, "SELECT count(*) FROM audit_log WHERE action = 'deleteRentingDocuments' AND actor = 'hausmeister' AND subject = $1",
		"renting/"+deleted).Scan(&audits)
	if left != 0 || other != 1 || audits != 1 {
		t.Errorf("documents left of the deleted renting %d (want 0), of the other %d (want 1); deletions recorded %d (want 1)", left, other, audits)
	}
}

// startConsumer runs the renting consumer on a stream of the test's own and returns it.
func startConsumer(t *testing.T, pool *pgxpool.Pool) (jetstream.JetStream, streams.RentingStream) {
	t.Helper()
	_, js := natstest.Connect(t)
	stream := streams.RentingStream(natstest.Unique("renting"))
	// A short duplicate window lets the same event id reach the stream twice, as after a relay
	// restart that came later than JetStream's de-duplication remembers.
	if err := events.EnsureStream(context.Background(), js, stream.Stream(), events.DuplicateWindow(100*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), stream.Stream().Name) })
	runConsumer(t, natsadapter.NewRentingConsumer(js, pool, pgadapter.NewRepository(pool), nil, slog.New(slog.DiscardHandler), stream))
	return js, stream
}

func runConsumer(t *testing.T, c *natsadapter.RentingConsumer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := c.Run(ctx); err != nil {
			t.Errorf("consumer: %v", err)
		}
	})
	t.Cleanup(func() { cancel(); wg.Wait() })
}

func publish(t *testing.T, js jetstream.JetStream, subject, id string, data []byte) {
	t.Helper()
	msg := &nats.Msg{Subject: subject, Data: data, Header: nats.Header{jetstream.MsgIDHeader: []string{id}}}
	if _, err := js.PublishMsg(context.Background(), msg); err != nil {
		t.Fatalf("publish %s: %v", subject, err)
	}
}

// waitUntilAcked waits until the consumer has acknowledged every message the stream holds. The
// publishes before it have been stored (or dropped as duplicates: JetStream purges its duplicate
// window on a timer, so an event id sent again just after the window may still be dropped).
func waitUntilAcked(t *testing.T, js jetstream.JetStream, stream string) {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		str, err := js.Stream(ctx, stream)
		if err != nil {
			t.Fatal(err)
		}
		cons, err := js.Consumer(ctx, stream, natsadapter.Durable)
		if err == nil {
			if info, err := cons.Info(ctx); err == nil && info.AckFloor.Stream >= str.CachedInfo().State.LastSeq {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the consumer did not acknowledge the stream's messages in time")
}
