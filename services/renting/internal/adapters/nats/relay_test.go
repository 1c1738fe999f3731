package nats_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/events"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/migrations"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// runRelayUntilPublished runs a fresh relay, as a restarted service would, until the outbox is
// empty of unpublished events, then stops it.
func runRelayUntilPublished(t *testing.T, pool *pgxpool.Pool, js jetstream.JetStream) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := events.RelayComponent(pool, js, slog.New(slog.DiscardHandler)).Run(ctx); err != nil {
			t.Errorf("relay: %v", err)
		}
	})
	defer func() { cancel(); wg.Wait() }()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var pending int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM outbox WHERE published_at IS NULL").Scan(&pending); err != nil {
			t.Fatal(err)
		}
		if pending == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the relay did not publish the outbox")
}

func TestRelay_afterACrashRightAfterATransition_deliversTheEventExactlyOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	_, js := natstest.Connect(t)
	prefix := streams.RentingStream(natstest.Unique("renting"))
	stream := prefix.Stream().Name
	if err := natsprovision.Stream(ctx, js, prefix.Stream()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), stream) })

	// The transition commits while no relay runs: the service "dies" right after it.
	renting := domain.NewRenting(7, 11, 3, time.Now())
	if err := pgadapter.NewRepository(pool, string(prefix)).Create(ctx, renting); err != nil {
		t.Fatal(err)
	}
	var eventID string
	if err := pool.QueryRow(ctx, "SELECT event_id::text FROM outbox").Scan(&eventID); err != nil {
		t.Fatal(err)
	}

	runRelayUntilPublished(t, pool, js)
	// A relay that published but died before marking the event publishes it again after a restart.
	if _, err := pool.Exec(ctx, "UPDATE outbox SET published_at = NULL"); err != nil {
		t.Fatal(err)
	}
	runRelayUntilPublished(t, pool, js)

	info, err := js.Stream(ctx, stream)
	if err != nil {
		t.Fatal(err)
	}
	state := info.CachedInfo().State
	if state.Msgs != 1 {
		t.Fatalf("%d messages on the stream, want exactly 1", state.Msgs)
	}
	msg, err := info.GetMsg(ctx, state.FirstSeq)
	if err != nil {
		t.Fatal(err)
	}
	var event eventsv1.RentingStateChanged
	if err := proto.Unmarshal(msg.Data, &event); err != nil {
		t.Fatal(err)
	}
	if msg.Header.Get(jetstream.MsgIDHeader) != eventID || event.GetEventId() != eventID ||
		msg.Subject != prefix.StateChanged("APARTMENT_REQUESTED") || event.GetRentingId() != renting.ID ||
		event.GetToState() != "APARTMENT_REQUESTED" || event.GetFromState() != "" {
		t.Errorf("message %s %v: %+v", msg.Subject, msg.Header, &event)
	}
}
