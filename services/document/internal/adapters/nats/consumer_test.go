package nats_test

import (
	"context"
	"crypto/sha256"
	"log/slog"
	"sync"
	"testing"
	"time"

	"semesterhaus/platform/picture/picturetest"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/document/documenttest"
	natsadapter "semesterhaus/services/document/internal/adapters/nats"
	pgadapter "semesterhaus/services/document/internal/adapters/postgres"
	"semesterhaus/services/document/internal/app"
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
	if err := natsprovision.Stream(context.Background(), js, stream.Stream(), natsprovision.DuplicateWindow(100*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), stream.Stream().Name) })
	runConsumer(t, natsadapter.NewRentingConsumer(js, pool, pgadapter.NewRepository(pool), noContracts{}, retention, slog.New(slog.DiscardHandler), stream))
	return js, stream
}

// noContracts stands in for the contract flow, which the signing adapter's tests cover.
type noContracts struct{}

func (noContracts) RequestContract(context.Context, app.ContractStore, domain.Renting) error {
	return nil
}

// semesterEnd is when every semester of these tests ends.
var semesterEnd = time.Date(2027, 10, 1, 0, 0, 0, 0, time.UTC)

type fixedSemesterEnd struct{}

// SemesterLastDay is the day before semesterEnd, which is midnight in the tests' time zone (UTC).
func (fixedSemesterEnd) SemesterLastDay(context.Context, int32) (domain.Date, error) {
	return domain.Date{Year: 2027, Month: 9, Day: 30}, nil
}

// periods keep contracts ten years.
var periods = app.RetentionPeriods{Contracts: 10 * 365 * 24 * time.Hour}

// retention are the rules of these tests: identity card copies a week after the approval,
// certificates at the semester's end.
var retention = app.NewKeeping(domain.Keeping{IdentityCopies: 7 * 24 * time.Hour}, fixedSemesterEnd{}, time.UTC)

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
	waitUntilAckedBy(t, js, stream, natsadapter.Durable)
}

// waitUntilAckedBy is waitUntilAcked for the durable consumer of that name.
func waitUntilAckedBy(t *testing.T, js jetstream.JetStream, stream, durable string) {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		str, err := js.Stream(ctx, stream)
		if err != nil {
			t.Fatal(err)
		}
		cons, err := js.Consumer(ctx, stream, durable)
		if err == nil {
			if info, err := cons.Info(ctx); err == nil && info.AckFloor.Stream >= str.CachedInfo().State.LastSeq {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the consumer did not acknowledge the stream's messages in time")
}

// storeBookingPapers stores a booking's three papers as the renter's documents (its address
// confirmed) and returns the renting's id.
func storeBookingPapers(t *testing.T, documents *app.Documents) string {
	t.Helper()
	renting := uuid.NewString()
	if _, err := documents.StoreUploads(context.Background(), 7, renting, domain.TheRenter, []domain.Upload{
		{Type: domain.TypeIdentityCardFront, Content: picturetest.PNG(t, 800, 500)},
		{Type: domain.TypeIdentityCardBack, Content: picturetest.PNG(t, 800, 500)},
		{Type: domain.TypeImmatriculation, Content: documenttest.PDF()},
	}); err != nil {
		t.Fatal(err)
	}
	return renting
}

func stateChanged(t *testing.T, js jetstream.JetStream, stream streams.RentingStream, renting, from, to string, at time.Time) {
	t.Helper()
	event := &eventsv1.RentingStateChanged{EventId: uuid.NewString(), RentingId: renting, RenterId: 7, SemesterId: 3,
		FromState: from, ToState: to, At: timestamppb.New(at)}
	payload, err := proto.Marshal(event)
	if err != nil {
		t.Fatal(err)
	}
	publish(t, js, stream.StateChanged(to), event.GetEventId(), payload)
	waitUntilAcked(t, js, stream.Stream().Name)
}

// papersOf counts the renting's documents by type, and the audited retention deletions.
func papersOf(t *testing.T, pool *pgxpool.Pool, renting string) (copies, certificates, audited int) {
	t.Helper()
	ctx := context.Background()
	_ = pool.QueryRow(ctx, "SELECT count(*) FILTER (WHERE type LIKE 'IDENTITY_CARD_%'), count(*) FILTER (WHERE type = 'IMMATRICULATION') FROM document WHERE renting_id = $1",
		renting).Scan(&copies, &certificates)
	_ = pool.QueryRow(ctx, "SELECT count(*) FROM audit_log WHERE actor = 'retention' AND action = 'deleteDocument' AND details->>'renting' = $1",
		renting).Scan(&audited)
	return copies, certificates, audited
}

// TestRetention_copiesGoAWeekAfterTheApprovalAndTheCertificateAfterItsSemester: the clock is
// moved, not waited for; each deletion is audited once with its reason.
func TestRetention_copiesGoAWeekAfterTheApprovalAndTheCertificateAfterItsSemester(t *testing.T) {
	t.Parallel()
	documents, pool := testenv.NewDocuments(t)
	repo := pgadapter.NewRepository(pool)
	renting, other := storeBookingPapers(t, documents), storeBookingPapers(t, documents)
	js, stream := startConsumer(t, pool)
	approved := time.Date(2027, 3, 10, 9, 0, 0, 0, time.UTC)
	stateChanged(t, js, stream, renting, "APARTMENT_RESERVED", "OWNER_ACKNOWLEDGED", approved)

	for _, step := range []struct {
		now                         time.Time
		copies, certificates, audit int
	}{
		{approved.Add(7*24*time.Hour - time.Second), 2, 1, 0},
		{approved.Add(7 * 24 * time.Hour), 0, 1, 2},
		{semesterEnd.Add(-time.Second), 0, 1, 2},
		{semesterEnd, 0, 0, 3},
	} {
		if _, err := app.DeleteDue(context.Background(), repo, periods, step.now); err != nil {
			t.Fatal(err)
		}
		copies, certificates, audited := papersOf(t, pool, renting)
		if copies != step.copies || certificates != step.certificates || audited != step.audit {
			t.Fatalf("at %s: %d copies, %d certificates, %d audited deletions; want %d, %d, %d",
				step.now, copies, certificates, audited, step.copies, step.certificates, step.audit)
		}
	}
	if copies, certificates, _ := papersOf(t, pool, other); copies != 2 || certificates != 1 {
		t.Errorf("another booking's papers went too: %d copies, %d certificates left", copies, certificates)
	}
	var reason string
	_ = pool.QueryRow(context.Background(), "SELECT details->>'reason' FROM audit_log WHERE actor = 'retention' AND details->>'type' = 'IDENTITY_CARD_FRONT' AND details->>'renting' = $1",
		renting).Scan(&reason)
	if reason != domain.ReasonIdentityApproved {
		t.Errorf("the copy's deletion is audited with the reason %q, want %q", reason, domain.ReasonIdentityApproved)
	}
}

// TestRetention_bookingEndedWithoutApproval_papersGoAtOnce: a booking cancelled after its address
// was confirmed, before any approval, keeps neither the copies nor the certificate.
func TestRetention_bookingEndedWithoutApproval_papersGoAtOnce(t *testing.T) {
	t.Parallel()
	documents, pool := testenv.NewDocuments(t)
	renting := storeBookingPapers(t, documents)
	js, stream := startConsumer(t, pool)
	ended := time.Date(2027, 3, 12, 9, 0, 0, 0, time.UTC)
	stateChanged(t, js, stream, renting, "APARTMENT_RESERVED", "CANCELED", ended)

	if _, err := app.DeleteDue(context.Background(), pgadapter.NewRepository(pool), periods, ended); err != nil {
		t.Fatal(err)
	}
	if copies, certificates, audited := papersOf(t, pool, renting); copies != 0 || certificates != 0 || audited != 3 {
		t.Errorf("%d copies, %d certificates left, %d audited deletions; want 0, 0, 3", copies, certificates, audited)
	}
}

// TestRetention_contractsAndHandoverPhotosGoAfterTheLegalPeriod: a contract, and a handover photo
// as the evidence of its deposit's deductions, stays for the legal retention period from its
// storing, whatever happens to its booking, and goes after it, audited.
func TestRetention_contractsAndHandoverPhotosGoAfterTheLegalPeriod(t *testing.T) {
	t.Parallel()
	_, pool := testenv.NewDocuments(t)
	ctx := context.Background()
	stored := time.Date(2027, 4, 1, 9, 0, 0, 0, time.UTC)
	renting := uuid.NewString()
	content := []byte("%PDF-1.7 contract")
	sum := sha256.Sum256(content)
	if _, err := pool.Exec(ctx, `INSERT INTO document (type, renter_id, renting_id, description, content, content_type, file_name, sha256, size, uploaded_at)
		VALUES ('SIGNED_CONTRACT', 7, $1, 'Mietvertrag', $2, 'application/pdf', 'mietvertrag.pdf', $3, $4, $5),
		       ('HANDOVER_PHOTO', 7, $1, 'Übergabefoto', $2, 'image/jpeg', 'uebergabefoto-7.jpg', $3, $4, $5)`,
		renting, content, sum[:], len(content), stored); err != nil {
		t.Fatal(err)
	}
	repo := pgadapter.NewRepository(pool)
	for _, step := range []struct {
		now  time.Time
		left int
	}{{stored.Add(periods.Contracts - time.Second), 2}, {stored.Add(periods.Contracts + time.Second), 0}} {
		if _, err := app.DeleteDue(ctx, repo, periods, step.now); err != nil {
			t.Fatal(err)
		}
		var left, audited int
		_ = pool.QueryRow(ctx, "SELECT count(*) FROM document WHERE renting_id = $1", renting).Scan(&left)
		_ = pool.QueryRow(ctx, "SELECT count(*) FROM audit_log WHERE actor = 'retention' AND details->>'renting' = $1 AND details->>'reason' = $2",
			renting, domain.ReasonLegalPeriodOver).Scan(&audited)
		if left != step.left || audited != 2-step.left {
			t.Fatalf("at %s: %d documents left, %d audited deletions; want %d, %d", step.now, left, audited, step.left, 2-step.left)
		}
	}
}
