package nats_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/platform/events"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

func TestErasureConsumer_anErasedRentersRequestFormsGoOnce_rentingsStay_othersUntouched(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, js := natstest.Connect(t)
	env := testenv.New(t, testenv.DesignDay, natstest.Unique("renting"))
	renter := streams.RenterStream(natstest.Unique("renter"))
	if err := natsprovision.Stream(ctx, js, renter.Stream(), natsprovision.DuplicateWindow(duplicateWindow)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), renter.Stream().Name) })

	request := func(renterID int64, apartment int, name string) string {
		r := domain.NewRenting(renterID, apartment, 3, env.Clock.Now())
		form := domain.RenterData{Email: strings.ToLower(name) + "@example.org", FirstName: name, LastName: "Schmidt", Street: "Plöck 42",
			Zip: "69117", City: "Heidelberg", Country: "DEU", Birthday: "2004-05-17", Phone: "+49 151 2345678", Nationality: "de",
			Gender: "female", Language: "de"}
		if err := env.Repo.CreateRequest(ctx, r, form, domain.NewAddressMail(form.Email, env.Clock.Now(), domain.MailLimit{}), func([]*domain.Renting) error { return nil }); err != nil {
			t.Fatal(err)
		}
		return r.ID
	}
	annas, bobs := request(7, 11, "Anna"), request(8, 12, "Bob")

	consumer := events.ErasureConsumer(js, env.Pool, renter, streams.RentingErasures, pgadapter.EraseRenterIn, slog.New(slog.DiscardHandler))
	runCtx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := consumer.Run(runCtx); err != nil {
			t.Error(err)
		}
	})
	t.Cleanup(func() { cancel(); wg.Wait() })

	event := &eventsv1.RenterErased{EventId: uuid.NewString(), RenterId: 7, Actor: "admin", At: timestamppb.Now()}
	payload, _ := proto.Marshal(event)
	handled := func(want int) func() bool {
		return func() bool {
			info, err := js.Stream(ctx, renter.Stream().Name)
			if err != nil {
				return false
			}
			consumer, err := info.Consumer(ctx, streams.RentingErasures)
			if err != nil {
				return false
			}
			ci, err := consumer.Info(ctx)
			return err == nil && ci.NumAckPending == 0 && ci.AckFloor.Stream == uint64(want)
		}
	}
	for i := range 2 { // the second as a relay restarted before marking it published would send it
		if _, err := js.Publish(ctx, renter.Erased(), payload, jetstream.WithMsgID(event.EventId)); err != nil {
			t.Fatal(err)
		}
		waitFor(t, handled(i+1))
		time.Sleep(2 * duplicateWindow)
	}

	if _, err := env.Repo.RequestForm(ctx, annas); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("the erased renter's request form: %v, want gone", err)
	}
	if form, err := env.Repo.RequestForm(ctx, bobs); err != nil || form.FirstName != "Bob" {
		t.Errorf("another renter's form: %+v, %v", form, err)
	}
	if r, err := env.Repo.Get(ctx, annas); err != nil || r.RenterID != 7 {
		t.Errorf("the erased renter's renting: %+v, %v, want kept", r, err)
	}
	var entries int
	var details string
	if err := env.Pool.QueryRow(ctx, `SELECT count(*), max(details::text) FROM audit_log WHERE action = 'eraseRenterData' AND actor = 'admin' AND concerns = 'renter/7'`).
		Scan(&entries, &details); err != nil {
		t.Fatal(err)
	}
	if entries != 1 || !strings.Contains(details, `"bookingRequestForms": 1`) || !strings.Contains(details, "GDPR art. 17") ||
		strings.Contains(details, "Anna") || strings.Contains(details, "Plöck") {
		t.Errorf("%d audit entries, details %s; want one with the count and the reason, never the content", entries, details)
	}
}

func waitFor(t *testing.T, done func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if done() {
			return
		}
	}
	t.Fatal("timed out")
}
