package grpc_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	documentv1 "semesterhaus/proto/gen/document/v1"
	grpcadapter "semesterhaus/services/document/internal/adapters/grpc"
	pgadapter "semesterhaus/services/document/internal/adapters/postgres"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/testenv"
)

// The reissue's refusals as renting sees them (who may call it: TestDocumentService_onlyItsCallersGetThrough;
// a reissue itself: the signing package's tests, with the sandbox and DocuSign).
func TestReissueContract_withoutAnOpenContractIsAFailedPrecondition_aMalformedIdAnInvalidArgument(t *testing.T) {
	t.Parallel()
	documents, pool := testenv.NewDocuments(t)
	server := grpcadapter.NewServer(documents, app.NewContracts(pgadapter.NewRepository(pool), nil, nil, nil, time.Now))
	ctx := context.Background()
	if _, err := server.ReissueContract(ctx, &documentv1.ReissueContractRequest{RentingId: uuid.NewString()}); status.Code(err) != codes.FailedPrecondition {
		t.Errorf("a renting without a contract: %v, want FailedPrecondition", err)
	}
	if _, err := server.ReissueContract(ctx, &documentv1.ReissueContractRequest{RentingId: "x"}); status.Code(err) != codes.InvalidArgument {
		t.Errorf("a renting id no UUID: %v, want InvalidArgument", err)
	}
}
