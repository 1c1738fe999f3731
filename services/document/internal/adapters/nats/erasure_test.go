package nats_test

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/platform/events"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/proto/audit/v1/concerns"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	pgadapter "semesterhaus/services/document/internal/adapters/postgres"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/testenv"
)

func TestErasureConsumer_copiesCertificatesAndPendingUploadsGoOnce_contractsAndHandoverPhotosStay_othersUntouched(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	documents, pool := testenv.NewDocuments(t)
	booking := storeBookingPapers(t, documents) // renter 7's confirmed booking: copies and certificate
	storeRequest(t, documents, 900)             // renter 7's request never confirmed: pending uploads
	if _, err := pool.Exec(ctx, `INSERT INTO document (type, renter_id, renting_id, description, content, content_type, file_name, sha256, size)
		VALUES ('CONTRACT', 7, $1, 'Mietvertrag', '\x255044462d', 'application/pdf', 'vertrag.pdf', sha256('\x255044462d'), 5),
		       ('HANDOVER_PHOTO', 7, $1, 'Übergabefoto', '\xffd8ff', 'image/jpeg', 'uebergabefoto-7.jpg', sha256('\xffd8ff'), 3)`, booking); err != nil {
		t.Fatal(err)
	}
	if _, err := documents.StoreUploads(ctx, 8, uuid.NewString(), domain.TheRenter, bookingUploads(t, 700)); err != nil { // another renter
		t.Fatal(err)
	}

	_, js := natstest.Connect(t)
	renter := streams.RenterStream(natstest.Unique("renter"))
	if err := natsprovision.Stream(ctx, js, renter.Stream(), natsprovision.DuplicateWindow(100*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), renter.Stream().Name) })
	consumer := events.ErasureConsumer(js, pool, renter, streams.DocumentErasures, pgadapter.EraseRenterIn, slog.New(slog.DiscardHandler))
	runCtx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := consumer.Run(runCtx); err != nil {
			t.Errorf("consumer: %v", err)
		}
	})
	t.Cleanup(func() { cancel(); wg.Wait() })

	event := &eventsv1.RenterErased{EventId: uuid.NewString(), RenterId: renterID, Actor: "hausmeister", At: timestamppb.Now()}
	payload, err := proto.Marshal(event)
	if err != nil {
		t.Fatal(err)
	}
	publish(t, js, renter.Erased(), event.EventId, payload)
	time.Sleep(150 * time.Millisecond) // past the stream's duplicate window: the consumer sees it again
	publish(t, js, renter.Erased(), event.EventId, payload)
	waitUntilAckedBy(t, js, renter.Stream().Name, streams.DocumentErasures)

	for query, want := range map[string]int{
		`SELECT count(*) FROM document WHERE renter_id = 7 AND type NOT IN ('CONTRACT', 'SIGNED_CONTRACT', 'HANDOVER_PHOTO')`: 0,
		`SELECT count(*) FROM document WHERE renter_id = 7 AND type = 'CONTRACT'`:                                             1,
		// the evidence of the contract's deposit deductions stays as long as the contract
		`SELECT count(*) FROM document WHERE renter_id = 7 AND type = 'HANDOVER_PHOTO'`:           1,
		`SELECT count(*) FROM pending_upload WHERE renter_id = 7`:                                 0,
		`SELECT count(*) FROM document WHERE renter_id = 8`:                                       3,
		`SELECT count(*) FROM audit_log WHERE action = 'eraseDocument' AND actor = 'hausmeister'`: 3,
		`SELECT count(*) FROM audit_log WHERE action = 'eraseRenterData'`:                         1,
	} {
		if n := countRows(t, pool, query); n != want {
			t.Errorf("%s = %d, want %d", query, n, want)
		}
	}
	var details string
	if err := pool.QueryRow(ctx, `SELECT string_agg(details::text, ' ') FROM audit_log WHERE concerns = $1 AND action IN ('eraseDocument', 'eraseRenterData')`,
		concerns.Renter(renterID)).Scan(&details); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(details, "GDPR art. 17") || !strings.Contains(details, `"pendingUploads": 3`) || strings.Contains(details, "content") {
		t.Errorf("audit details %s", details)
	}
}
