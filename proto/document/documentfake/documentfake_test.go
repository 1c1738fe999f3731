package documentfake_test

import (
	"context"
	"regexp"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/proto/document/documentfake"
	documentv1 "semesterhaus/proto/gen/document/v1"
)

var uuidShape = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

func TestReissueContract_onlyAnOpenContract_atTheTotalTheTestGives(t *testing.T) {
	t.Parallel()
	fake, ctx := documentfake.New(), context.Background()
	reissue := &documentv1.ReissueContractRequest{RentingId: "r-1"}
	if _, err := fake.ReissueContract(ctx, reissue); status.Code(err) != codes.FailedPrecondition {
		t.Errorf("without a contract: %v, want FailedPrecondition", err)
	}
	fake.OpenContract("r-1", 2943_00)
	resp, err := fake.ReissueContract(ctx, reissue)
	if err != nil || resp.GetTotalCents() != 2943_00 || resp.GetCurrency() != "EUR" || !uuidShape.MatchString(resp.GetDocumentId()) {
		t.Fatalf("reissue = %v, %v", resp, err)
	}
	if got := fake.Reissued("r-1"); len(got) != 1 || got[0] != resp.GetDocumentId() {
		t.Errorf("Reissued = %v, want %s", got, resp.GetDocumentId())
	}
	fake.Signed("r-1")
	if _, err := fake.ReissueContract(ctx, reissue); status.Code(err) != codes.FailedPrecondition {
		t.Errorf("a signed contract: %v, want FailedPrecondition", err)
	}
}
