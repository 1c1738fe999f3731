package nats_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"semesterhaus/platform/picture/picturetest"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/identity"
	"semesterhaus/proto/audit/v1/concerns"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/document/documenttest"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/testenv"
)

const renterID = 7

var adminCtx = identity.WithIdentity(context.Background(), identity.Identity{Subject: "hausmeister", Role: identity.RoleAdmin})

// bookingUploads are a booking form's three uploads; width tells one request's front from another's.
func bookingUploads(t *testing.T, width int) []domain.Upload {
	t.Helper()
	return []domain.Upload{
		{Type: domain.TypeIdentityCardFront, Content: picturetest.PNG(t, width, 600)},
		{Type: domain.TypeIdentityCardBack, Content: picturetest.PNG(t, width, 600)},
		{Type: domain.TypeImmatriculation, Content: documenttest.PDF()},
	}
}

// storeRequest stores a booking request's uploads as the renting service does (the sender unknown)
// and returns the renting id.
func storeRequest(t *testing.T, documents *app.Documents, width int) string {
	t.Helper()
	renting := uuid.NewString()
	if _, err := documents.StoreUploads(context.Background(), renterID, renting, domain.AnySender, bookingUploads(t, width)); err != nil {
		t.Fatal(err)
	}
	return renting
}

// adminView is what an admin sees of the renter: the documents' ids (newest first) and the newest
// identity card's front.
type adminView struct {
	documentIDs []string
	frontSHA256 string
}

func viewOfAdmin(t *testing.T, documents *app.Documents) adminView {
	t.Helper()
	docs, err := documents.RenterDocuments(adminCtx, renterID)
	if err != nil {
		t.Fatal(err)
	}
	var v adminView
	for _, d := range docs {
		v.documentIDs = append(v.documentIDs, d.ID)
	}
	if front, err := documents.IdentityCard(adminCtx, renterID, "front"); err == nil {
		v.frontSHA256 = string(front.SHA256)
	}
	return v
}

// publishStateChange publishes a renting's move as the renting service's outbox does, twice with the
// same event id (a redelivery) and once more with another id (the fact announced again).
func publishStateChange(t *testing.T, js jetstream.JetStream, stream streams.RentingStream, rentingID, from, to string) {
	t.Helper()
	event := &eventsv1.RentingStateChanged{EventId: uuid.NewString(), RentingId: rentingID, RenterId: renterID, FromState: from, ToState: to}
	payload, err := proto.Marshal(event)
	if err != nil {
		t.Fatal(err)
	}
	subject := stream.StateChanged(to)
	publish(t, js, subject, event.EventId, payload)
	time.Sleep(150 * time.Millisecond) // past the stream's duplicate window
	publish(t, js, subject, event.EventId, payload)
	publish(t, js, subject, uuid.NewString(), payload)
}

func countRows(t *testing.T, pool *pgxpool.Pool, query string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestStoreUploads_requestForAnExistingRentersAddressLeavesTheirDocumentsAsTheyWere(t *testing.T) {
	t.Parallel()
	documents, pool := testenv.NewDocuments(t)
	if _, err := documents.StoreUploads(context.Background(), renterID, uuid.NewString(), domain.TheRenter, bookingUploads(t, 800)); err != nil {
		t.Fatal(err)
	}
	before := viewOfAdmin(t, documents)

	forged := storeRequest(t, documents, 1200) // an anonymous request for the renter's address

	if after := viewOfAdmin(t, documents); !slices.Equal(after.documentIDs, before.documentIDs) || after.frontSHA256 != before.frontSHA256 {
		t.Errorf("the admin sees %d documents and another front after the request; want the %d from before and their front",
			len(after.documentIDs), len(before.documentIDs))
	}
	if n := countRows(t, pool, "SELECT count(*) FROM document WHERE renting_id = $1", forged); n != 0 {
		t.Errorf("%d of the request's uploads are among the renter's documents, want none", n)
	}
	if n := countRows(t, pool, "SELECT count(*) FROM pending_upload WHERE renting_id = $1", forged); n != 3 {
		t.Errorf("%d of the request's uploads wait for the confirmation, want 3", n)
	}
}

func TestRentingConsumer_confirmationMakesTheRequestsUploadsTheRentersOnce(t *testing.T) {
	t.Parallel()
	documents, pool := testenv.NewDocuments(t)
	before := viewOfAdmin(t, documents)
	reserved := storeRequest(t, documents, 800)
	taken := storeRequest(t, documents, 1000) // the apartment was taken meanwhile: SELECT_APARTMENT
	newest := storeRequest(t, documents, 1200)
	js, stream := startConsumer(t, pool)

	publishStateChange(t, js, stream, reserved, "APARTMENT_REQUESTED", "APARTMENT_RESERVED")
	publishStateChange(t, js, stream, taken, "APARTMENT_REQUESTED", "SELECT_APARTMENT")
	waitUntilAcked(t, js, stream.Stream().Name)

	after := viewOfAdmin(t, documents)
	if len(after.documentIDs) != len(before.documentIDs)+6 {
		t.Errorf("the admin sees %d documents, want the 6 of the two confirmed requests", len(after.documentIDs))
	}
	for renting, want := range map[string]int{reserved: 3, taken: 3, newest: 0} {
		if n := countRows(t, pool, "SELECT count(*) FROM document WHERE renting_id = $1", renting); n != want {
			t.Errorf("renting %s: %d uploads are the renter's documents, want %d", renting, n, want)
		}
	}
	if n := countRows(t, pool, "SELECT count(*) FROM pending_upload WHERE renting_id = $1", newest); n != 3 {
		t.Errorf("the unconfirmed request has %d uploads waiting, want 3", n)
	}
	if n := countRows(t, pool, "SELECT count(*) FROM pending_upload WHERE renting_id IN ($1, $2)", reserved, taken); n != 0 {
		t.Errorf("%d uploads of the confirmed requests still wait", n)
	}
	if n := countRows(t, pool, "SELECT count(*) FROM audit_log WHERE action = 'releasePendingUploads' AND concerns = $1", concerns.Renter(renterID)); n != 2 {
		t.Errorf("%d releases audited, want one per confirmed request", n)
	}
	front, err := documents.IdentityCard(adminCtx, renterID, "front")
	if err != nil || front.RentingID != taken {
		t.Errorf("the newest front is renting %q's (%v), want the newest confirmed request's", front.RentingID, err)
	}
}

func TestRentingConsumer_unconfirmedCancellationDeletesTheRequestsUploadsOnly(t *testing.T) {
	t.Parallel()
	documents, pool := testenv.NewDocuments(t)
	if _, err := documents.StoreUploads(context.Background(), renterID, uuid.NewString(), domain.TheRenter, bookingUploads(t, 800)); err != nil {
		t.Fatal(err)
	}
	superseded := storeRequest(t, documents, 1000)
	open := storeRequest(t, documents, 1100)
	confirmed := storeRequest(t, documents, 1200)
	js, stream := startConsumer(t, pool)
	publishStateChange(t, js, stream, confirmed, "APARTMENT_REQUESTED", "APARTMENT_RESERVED")
	waitUntilAcked(t, js, stream.Stream().Name)
	before := viewOfAdmin(t, documents)

	publishStateChange(t, js, stream, superseded, "APARTMENT_REQUESTED", "CANCELED")
	publishStateChange(t, js, stream, confirmed, "APARTMENT_RESERVED", "CANCELED") // a confirmed booking cancelled later
	waitUntilAcked(t, js, stream.Stream().Name)

	if after := viewOfAdmin(t, documents); !slices.Equal(after.documentIDs, before.documentIDs) || after.frontSHA256 != before.frontSHA256 {
		t.Errorf("the cancellations changed the renter's documents: %d, want the %d from before", len(after.documentIDs), len(before.documentIDs))
	}
	if n := countRows(t, pool, "SELECT count(*) FROM pending_upload WHERE renting_id = $1", superseded); n != 0 {
		t.Errorf("%d uploads of the request cancelled unconfirmed are left, want none", n)
	}
	if n := countRows(t, pool, "SELECT count(*) FROM pending_upload WHERE renting_id = $1", open); n != 3 {
		t.Errorf("the open request has %d uploads waiting, want its 3", n)
	}
	if n := countRows(t, pool, "SELECT count(*) FROM audit_log WHERE action = 'deletePendingUploads' AND subject = $1", "renting/"+superseded); n != 1 {
		t.Errorf("%d deletions audited, want 1", n)
	}
}
