package grpc_test

import (
	"bytes"
	"context"
	"testing"

	"semesterhaus/platform/picture/picturetest"

	grpcadapter "semesterhaus/services/document/internal/adapters/grpc"

	auditv1 "semesterhaus/proto/gen/audit/v1"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/pgtest"
	documentv1 "semesterhaus/proto/gen/document/v1"
	"semesterhaus/services/document/documenttest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func newClient(t *testing.T) (documentv1.DocumentServiceClient, *pgxpool.Pool) {
	t.Helper()
	addr, pool := documenttest.NewGRPCServerWithDatabase(t)
	conn := grpctest.Dial(t, "renting", "document", addr, grpc.WithDefaultCallOptions(grpc.MaxCallSendMsgSize(documenttest.MaxMessageBytes)))
	return documentv1.NewDocumentServiceClient(conn), pool
}

func bookingUploads(t *testing.T) []*documentv1.Upload {
	t.Helper()
	return []*documentv1.Upload{
		{Type: documentv1.DocumentType_DOCUMENT_TYPE_IDENTITY_CARD_FRONT, Path: "identityCardFront", Content: picturetest.JPEG(t, 1200, 800)},
		{Type: documentv1.DocumentType_DOCUMENT_TYPE_IDENTITY_CARD_BACK, Path: "identityCardBack", Content: picturetest.PNG(t, 1200, 800)},
		{Type: documentv1.DocumentType_DOCUMENT_TYPE_IMMATRICULATION, Path: "immatriculation", Content: documenttest.PDF()},
	}
}

// countDocuments counts what is stored for a renting: the renter's documents and the uploads that
// wait for the renting's confirmation.
func countDocuments(t *testing.T, pool *pgxpool.Pool, rentingID string) int {
	t.Helper()
	return countIn(t, pool, "document", rentingID) + countIn(t, pool, "pending_upload", rentingID)
}

func countIn(t *testing.T, pool *pgxpool.Pool, table, rentingID string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM "+table+" WHERE renting_id = $1", rentingID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestStoreUploads_storesEveryUploadOfABooking(t *testing.T) {
	t.Parallel()
	client, pool := newClient(t)
	rentingID := uuid.NewString()
	resp, err := client.StoreUploads(context.Background(), &documentv1.StoreUploadsRequest{
		RenterId: 7, RentingId: rentingID, Uploads: bookingUploads(t),
	})
	if err != nil || resp.GetViolation() != nil || len(resp.GetDocumentIds()) != 3 {
		t.Fatalf("StoreUploads = %v, %v; want three document ids", resp, err)
	}
	if n := countDocuments(t, pool, rentingID); n != 3 {
		t.Errorf("%d documents stored, want 3", n)
	}
}

func TestStoreUploads_onlyTheRentersUploadsAreTheirDocumentsAtOnce(t *testing.T) {
	t.Parallel()
	client, pool := newClient(t)
	request, renewal := uuid.NewString(), uuid.NewString()
	for renting, fromRenter := range map[string]bool{request: false, renewal: true} {
		resp, err := client.StoreUploads(context.Background(), &documentv1.StoreUploadsRequest{
			RenterId: 7, RentingId: renting, Uploads: bookingUploads(t), FromRenter: fromRenter,
		})
		if err != nil || resp.GetViolation() != nil {
			t.Fatalf("StoreUploads(from renter %v) = %v, %v", fromRenter, resp, err)
		}
	}
	if docs, pending := countIn(t, pool, "document", request), countIn(t, pool, "pending_upload", request); docs != 0 || pending != 3 {
		t.Errorf("booking request: %d documents of the renter and %d waiting; want 0 and 3", docs, pending)
	}
	if docs, pending := countIn(t, pool, "document", renewal), countIn(t, pool, "pending_upload", renewal); docs != 3 || pending != 0 {
		t.Errorf("renewal: %d documents of the renter and %d waiting; want 3 and 0", docs, pending)
	}
}

func TestStoreUploads_oneBrokenUploadStoresNothing(t *testing.T) {
	t.Parallel()
	client, pool := newClient(t)
	uploads := bookingUploads(t)
	uploads[2].Content = documenttest.PDF()[:100] // the certificate, checked last, is truncated
	rentingID := uuid.NewString()
	resp, err := client.StoreUploads(context.Background(), &documentv1.StoreUploadsRequest{
		RenterId: 7, RentingId: rentingID, Uploads: uploads,
	})
	if err != nil {
		t.Fatal(err)
	}
	if v := resp.GetViolation(); v.GetMessageId() != "NOT_A_PDF" || v.GetPath() != "immatriculation" || len(resp.GetDocumentIds()) != 0 {
		t.Errorf("StoreUploads = %v, want the NOT_A_PDF violation of immatriculation", resp)
	}
	if n := countDocuments(t, pool, rentingID); n != 0 {
		t.Errorf("%d documents stored, want none", n)
	}
}

func TestStoreUploads_decompressionBombIsRefusedAndStoresNothing(t *testing.T) {
	t.Parallel()
	client, pool := newClient(t)
	uploads := bookingUploads(t)
	uploads[1].Content = picturetest.PNGHeader(10000, 10000) // 100 MP: 400 MB once decoded
	rentingID := uuid.NewString()
	resp, err := client.StoreUploads(context.Background(), &documentv1.StoreUploadsRequest{
		RenterId: 7, RentingId: rentingID, Uploads: uploads,
	})
	if err != nil {
		t.Fatal(err)
	}
	if v := resp.GetViolation(); v.GetMessageId() != "TOO_MANY_PIXELS" || v.GetPath() != "identityCardBack" || v.GetParams()["maxMegapixels"] != "25" {
		t.Errorf("violation = %v, want TOO_MANY_PIXELS of identityCardBack with maxMegapixels 25", v)
	}
	if n := countDocuments(t, pool, rentingID); n != 0 {
		t.Errorf("%d documents stored, want none", n)
	}
}

func TestStoreUploads_pdfIsStoredWithoutItsActiveContent(t *testing.T) {
	t.Parallel()
	client, pool := newClient(t)
	uploads := bookingUploads(t)
	uploads[2].Content = documenttest.HostilePDF()
	rentingID := uuid.NewString()
	resp, err := client.StoreUploads(context.Background(), &documentv1.StoreUploadsRequest{
		RenterId: 7, RentingId: rentingID, Uploads: uploads,
	})
	if err != nil || resp.GetViolation() != nil {
		t.Fatalf("StoreUploads = %v, %v; want it stored", resp, err)
	}
	var stored []byte
	// A booking request's uploads wait apart until the address is confirmed: that is what is stored.
	if err := pool.QueryRow(context.Background(), "SELECT content FROM pending_upload WHERE renting_id = $1 AND type = 'IMMATRICULATION'", rentingID).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(stored, []byte("%PDF-")) || bytes.Equal(stored, uploads[2].Content) {
		t.Error("the stored certificate is not the PDF written anew")
	}
}

func TestStoreUploads_largeUploadArrivesAndIsRefusedBySize(t *testing.T) {
	t.Parallel()
	client, _ := newClient(t)
	uploads := bookingUploads(t)
	uploads[0].Content = append(uploads[0].Content, make([]byte, 11<<20)...) // past 10 MiB, past gRPC's default 4 MiB
	resp, err := client.StoreUploads(context.Background(), &documentv1.StoreUploadsRequest{
		RenterId: 7, RentingId: uuid.NewString(), Uploads: uploads,
	})
	if err != nil {
		t.Fatalf("StoreUploads: %v; want the message accepted", err)
	}
	if v := resp.GetViolation(); v.GetMessageId() != "INVALID_SIZE" || v.GetParams()["max"] != "10485760" {
		t.Errorf("violation = %v, want INVALID_SIZE with max 10485760", v)
	}
}

func TestStoreUploads_malformedRequestsAreInvalidArguments(t *testing.T) {
	t.Parallel()
	client, _ := newClient(t)
	pdf := &documentv1.Upload{Type: documentv1.DocumentType_DOCUMENT_TYPE_IMMATRICULATION, Content: documenttest.PDF()}
	tests := map[string]*documentv1.StoreUploadsRequest{
		"no renter":          {RentingId: uuid.NewString(), Uploads: []*documentv1.Upload{pdf}},
		"renting id no UUID": {RenterId: 7, RentingId: "renting-1", Uploads: []*documentv1.Upload{pdf}},
		"unspecified type":   {RenterId: 7, RentingId: uuid.NewString(), Uploads: []*documentv1.Upload{{Content: documenttest.PDF()}}},
		"contract upload": {RenterId: 7, RentingId: uuid.NewString(), Uploads: []*documentv1.Upload{
			{Type: documentv1.DocumentType_DOCUMENT_TYPE_CONTRACT, Content: documenttest.PDF()},
		}},
	}
	for name, req := range tests {
		if _, err := client.StoreUploads(context.Background(), req); status.Code(err) != codes.InvalidArgument {
			t.Errorf("%s: got %v, want InvalidArgument", name, err)
		}
	}
}

func TestDeleteRentingDocuments_removesOnlyThatRentingsUploadsAndIsRepeatable(t *testing.T) {
	t.Parallel()
	client, pool := newClient(t)
	ctx := context.Background()
	for _, fromRenter := range []bool{false, true} { // a booking request's uploads wait, a renewal's do not
		failed, kept := uuid.NewString(), uuid.NewString()
		for _, renting := range []string{failed, kept} {
			if _, err := client.StoreUploads(ctx, &documentv1.StoreUploadsRequest{RenterId: 7, RentingId: renting, Uploads: bookingUploads(t), FromRenter: fromRenter}); err != nil {
				t.Fatal(err)
			}
		}
		for range 2 {
			if _, err := client.DeleteRentingDocuments(ctx, &documentv1.DeleteRentingDocumentsRequest{RentingId: failed}); err != nil {
				t.Fatalf("DeleteRentingDocuments: %v", err)
			}
		}
		if n := countDocuments(t, pool, failed); n != 0 {
			t.Errorf("from renter %v: %d documents of the failed renting left", fromRenter, n)
		}
		if n := countDocuments(t, pool, kept); n != 3 {
			t.Errorf("from renter %v: %d documents of the other renting left, want 3", fromRenter, n)
		}
	}
	if _, err := client.DeleteRentingDocuments(ctx, &documentv1.DeleteRentingDocumentsRequest{RentingId: "x"}); status.Code(err) != codes.InvalidArgument {
		t.Errorf("renting id no UUID: got %v, want InvalidArgument", err)
	}
}

// TestDocumentService_onlyItsCallersGetThrough: every method, the audit log's included, refuses
// callers without a valid service token and services its rule does not name, and admits the ones
// it names (the audit log only for an administrator).
func TestDocumentService_onlyItsCallersGetThrough(t *testing.T) {
	t.Parallel()
	addr := documenttest.NewGRPCServer(t)
	grpctest.CheckCallers(t, "document", addr, grpcadapter.Callers,
		documentv1.DocumentService_ServiceDesc.ServiceName, auditv1.AuditLog_ServiceDesc.ServiceName)
}
