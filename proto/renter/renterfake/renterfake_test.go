package renterfake_test

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	commonv1 "semesterhaus/proto/gen/common/v1"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	"semesterhaus/proto/renter/renterfake"
)

func register(t *testing.T, renters *renterfake.Server, email string, renterID int64) *renterv1.RegisterRenterResponse {
	t.Helper()
	resp, err := renters.RegisterRenter(context.Background(), &renterv1.RegisterRenterRequest{
		Data: &renterv1.RenterData{Email: email, FirstName: "Ada", Street: "Hauptstraße 1"}, RenterId: renterID,
	})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func TestRegisterRenter_sameAddressIsTheSameRenter_untilEveryRegistrationIsUndone(t *testing.T) {
	t.Parallel()
	renters := renterfake.New()
	ctx := context.Background()
	first := register(t, renters, "ada@example.org", 0)
	again := register(t, renters, "ADA@example.org", 0)
	if !first.GetCreated() || again.GetCreated() || again.GetRenterId() != first.GetRenterId() {
		t.Fatalf("registrations %v, %v; want one renter", first, again)
	}

	_, _ = renters.DeleteUnusedRenter(ctx, &renterv1.DeleteUnusedRenterRequest{RenterId: first.GetRenterId()})
	if _, err := renters.GetRenter(ctx, &renterv1.GetRenterRequest{RenterId: first.GetRenterId()}); err != nil {
		t.Errorf("the renter went with one of two registrations: %v", err)
	}
	_, _ = renters.DeleteUnusedRenter(ctx, &renterv1.DeleteUnusedRenterRequest{RenterId: first.GetRenterId()})
	if _, err := renters.GetRenter(ctx, &renterv1.GetRenterRequest{RenterId: first.GetRenterId()}); status.Code(err) != codes.NotFound {
		t.Errorf("GetRenter after both were undone: %v, want NOT_FOUND", err)
	}
	if got := renters.Deleted(); len(got) != 2 {
		t.Errorf("deleted %v, want both undone registrations", got)
	}
}

func TestRegisterRenter_withTheRenterID_updatesTheDataButKeepsTheAddress(t *testing.T) {
	t.Parallel()
	renters := renterfake.New()
	id := register(t, renters, "ada@example.org", 0).GetRenterId()

	register(t, renters, "mallory@example.org", id)

	got, err := renters.GetRenter(context.Background(), &renterv1.GetRenterRequest{RenterId: id})
	if err != nil || got.GetData().GetEmail() != "ada@example.org" {
		t.Errorf("renter %v, %v; want the address kept", got, err)
	}
}

func TestConsumeEmailToken_issuedExpiredOrUnknown(t *testing.T) {
	t.Parallel()
	renters := renterfake.New()
	renters.IssueToken("ada@example.org", "good", 7, "r1", false)
	renters.IssueToken("ada@example.org", "old", 7, "r2", true)
	ctx := context.Background()

	resp, err := renters.ConsumeEmailToken(ctx, &renterv1.ConsumeEmailTokenRequest{Email: "ada@example.org", Token: "good"})
	if err != nil || resp.GetRenterId() != 7 || resp.GetRentingId() != "r1" {
		t.Errorf("issued token: %v, %v", resp, err)
	}
	if _, err := renters.ConsumeEmailToken(ctx, &renterv1.ConsumeEmailTokenRequest{Email: "ada@example.org", Token: "old"}); status.Code(err) != codes.FailedPrecondition {
		t.Errorf("expired token: %v, want FAILED_PRECONDITION", err)
	}
	if _, err := renters.ConsumeEmailToken(ctx, &renterv1.ConsumeEmailTokenRequest{Email: "bob@example.org", Token: "good"}); status.Code(err) != codes.NotFound {
		t.Errorf("another address's token: %v, want NOT_FOUND", err)
	}
}

func TestValidateRenter_answersTheViolationSetByRefuse(t *testing.T) {
	t.Parallel()
	renters := renterfake.New()
	renters.Refuse(&commonv1.Violation{Path: "zip", MessageId: "INVALID_ZIP"})
	resp, err := renters.ValidateRenter(context.Background(), &renterv1.ValidateRenterRequest{})
	if err != nil || resp.GetViolation().GetMessageId() != "INVALID_ZIP" {
		t.Errorf("ValidateRenter = %v, %v; want the violation", resp, err)
	}
	renters.Refuse(nil)
	if resp, _ := renters.ValidateRenter(context.Background(), &renterv1.ValidateRenterRequest{}); resp.GetViolation() != nil {
		t.Errorf("after Refuse(nil): %v, want valid", resp)
	}
}
