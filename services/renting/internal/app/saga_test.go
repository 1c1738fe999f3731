package app_test

import (
	"context"
	"encoding/base64"
	"testing"

	"semesterhaus/services/document/documenttest"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

// realBooking is a booking form the real renter and document services accept.
func realBooking(t *testing.T, env *testenv.Peers, email string) app.BookingRequest {
	t.Helper()
	req := bookingRequest(t, env.Env, 11, email)
	png := base64.StdEncoding.EncodeToString(documenttest.PNG(t, 800, 500))
	req.IdentityCardFront, req.IdentityCardBack = png, png
	req.Immatriculation = base64.StdEncoding.EncodeToString(documenttest.PDF())
	return req
}

func TestBookingSaga_withTheRealRenterAndDocumentServices_requestThenConfirm(t *testing.T) {
	t.Parallel()
	env := testenv.NewWithPeers(t, testenv.DesignDay)
	ctx := context.Background()
	id, err := env.Rentings.CreateRentingRequest(ctx, realBooking(t, env, "ada@example.org"))
	if err != nil {
		t.Fatal(err)
	}
	r := mustGet(t, env.Env, id)
	token := env.RenterService.IssueEmailToken(t, r.RenterID, id)
	for range 2 { // the second click on the link answers the same
		outcome, rentingID, err := env.Rentings.ConfirmEmail(ctx, "ada@example.org", token)
		if err != nil || outcome != domain.Confirmed || rentingID != id {
			t.Fatalf("confirm: %s, %s, %v", outcome, rentingID, err)
		}
	}
	wantState(t, env.Env, id, domain.ApartmentReserved)
	if outcome, _, err := env.Rentings.ConfirmEmail(ctx, "ada@example.org", "forged"); err != nil || outcome != domain.InvalidToken {
		t.Errorf("forged token: %s, %v", outcome, err)
	}
}

func TestBookingSaga_withTheRealServices_brokenUploadLeavesNoRenterBehind(t *testing.T) {
	t.Parallel()
	env := testenv.NewWithPeers(t, testenv.DesignDay)
	ctx := context.Background()
	req := realBooking(t, env, "ada@example.org")
	req.IdentityCardFront = base64.StdEncoding.EncodeToString(documenttest.PNG(t, 100, 100))
	_, err := env.Rentings.CreateRentingRequest(ctx, req)
	wantException(t, err, "identityCardFront", "INVALID_DIMENSION")

	_, created, err := env.RenterClient.Register(ctx, req.Renter, testenv.DesignDay, 0)
	if err != nil || !created {
		t.Errorf("the renter of the failed booking was kept: created=%v, %v", created, err)
	}
	if n := count(t, env.Env, "SELECT count(*) FROM renting"); n != 0 {
		t.Errorf("%d rentings", n)
	}
}

func TestBookingSaga_withTheRealServices_invalidRenterDataIsTheException(t *testing.T) {
	t.Parallel()
	env := testenv.NewWithPeers(t, testenv.DesignDay)
	req := realBooking(t, env, "ada@example.org")
	req.Renter.Zip = "1"
	_, err := env.Rentings.CreateRentingRequest(context.Background(), req)
	wantException(t, err, "zip", "INVALID_ZIP")
}
