package app_test

import (
	"context"
	"encoding/base64"
	"slices"
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
	id := mustRequest(t, env, realBooking(t, env, "ada@example.org"))
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

// confirmWithRealToken issues the renting's confirmation token in the renter service, as its mail
// would carry it, and opens the link.
func confirmWithRealToken(t *testing.T, env *testenv.Peers, rentingID, email string) domain.Outcome {
	t.Helper()
	token := env.RenterService.IssueEmailToken(t, mustGet(t, env.Env, rentingID).RenterID, rentingID)
	outcome, _, err := env.Rentings.ConfirmEmail(context.Background(), email, token)
	if err != nil {
		t.Fatalf("confirm %s: %v", rentingID, err)
	}
	return outcome
}

// forgedBooking is a request an attacker sends with the victim's address and their own data.
func forgedBooking(t *testing.T, env *testenv.Peers, apartmentID int, victimEmail string) app.BookingRequest {
	t.Helper()
	req := realBooking(t, env, victimEmail)
	req.ApartmentID = apartmentID
	req.Renter.FirstName, req.Renter.LastName, req.Renter.Street, req.Renter.Phone, req.Renter.Birthday =
		"Mallory", "Mallet", "Am Angriff 13", "+49 170 6666666", "1990-01-01"
	return req
}

// mustRequest sends a booking request that must be accepted and returns its renting's id.
func mustRequest(t *testing.T, env *testenv.Peers, booking app.BookingRequest) string {
	t.Helper()
	id, err := env.Rentings.CreateRentingRequest(context.Background(), booking)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func renterData(t *testing.T, env *testenv.Peers, renterID int64) domain.RenterData {
	t.Helper()
	data, err := env.RenterClient.Get(context.Background(), renterID)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestBookingSaga_requestForSomeoneElsesAddress_changesNothingOfTheirs(t *testing.T) {
	t.Parallel()
	env := testenv.NewWithPeers(t, testenv.DesignDay)
	victims := mustRequest(t, env, realBooking(t, env, "ada@example.org"))
	victim := mustGet(t, env.Env, victims).RenterID
	before := renterData(t, env, victim)

	forged := mustRequest(t, env, forgedBooking(t, env, 12, "ada@example.org"))

	if after := renterData(t, env, victim); after != before {
		t.Errorf("the victim's data changed to %+v, was %+v", after, before)
	}
	wantState(t, env.Env, victims, domain.ApartmentRequested) // no cancellation, so no "cancelled" mail
	if got := outbox(t, env.Env); !slices.Equal(got, []string{"renting.state.apartment_requested", "renting.state.apartment_requested"}) {
		t.Errorf("events %v, want only the two requests (each mails its link to the address)", got)
	}
	if entries := env.RenterService.AuditOfRenter(t, victim); len(entries) != 0 {
		t.Errorf("audit entries %+v before any confirmation", entries)
	}
	// Only the address owner's confirmation makes a request's data theirs.
	if outcome := confirmWithRealToken(t, env, victims, "ada@example.org"); outcome != domain.Confirmed {
		t.Fatalf("the victim's confirmation: %s", outcome)
	}
	if after := renterData(t, env, victim); after != before {
		t.Errorf("after the victim confirmed their own request their data is %+v, want %+v", after, before)
	}
	wantState(t, env.Env, forged, domain.Canceled)
}

func TestBookingSaga_requestForAnAddressThatHoldsAnApartment_isRefusedAndChangesNothing(t *testing.T) {
	t.Parallel()
	env := testenv.NewWithPeers(t, testenv.DesignDay)
	victims := mustRequest(t, env, realBooking(t, env, "ada@example.org"))
	confirmWithRealToken(t, env, victims, "ada@example.org")
	victim := mustGet(t, env.Env, victims).RenterID
	before, eventsBefore := renterData(t, env, victim), outbox(t, env.Env)
	auditBefore := len(env.RenterService.AuditOfRenter(t, victim))

	_, err := env.Rentings.CreateRentingRequest(context.Background(), forgedBooking(t, env, 12, "ADA@example.org"))
	wantException(t, err, "email", domain.MsgAlreadyRenting)

	if after := renterData(t, env, victim); after != before {
		t.Errorf("the refused request changed the victim's data to %+v, was %+v", after, before)
	}
	if got := outbox(t, env.Env); !slices.Equal(got, eventsBefore) {
		t.Errorf("events %v after the refusal, were %v (no mail may follow)", got, eventsBefore)
	}
	if n := count(t, env.Env, "SELECT count(*) FROM renting"); n != 1 {
		t.Errorf("%d rentings, want the victim's only", n)
	}
	if n := len(env.RenterService.AuditOfRenter(t, victim)); n != auditBefore {
		t.Errorf("%d audit entries, were %d", n, auditBefore)
	}
	wantState(t, env.Env, victims, domain.ApartmentReserved)
}

func TestBookingSaga_confirmationAppliesTheRequestsDataAuditedAndSupersedesOlderRequests(t *testing.T) {
	t.Parallel()
	env := testenv.NewWithPeers(t, testenv.DesignDay)
	older := mustRequest(t, env, realBooking(t, env, "ada@example.org"))
	renter := mustGet(t, env.Env, older).RenterID
	moved := realBooking(t, env, "ada@example.org")
	moved.ApartmentID, moved.Renter.Street, moved.Renter.City, moved.Renter.Zip = 12, "Neckarstaden 2", "Mannheim", "68159"
	newer := mustRequest(t, env, moved)
	if got := renterData(t, env, renter); got.Street != "Hauptstraße 1" {
		t.Fatalf("the data changed before the confirmation: %+v", got)
	}

	if outcome := confirmWithRealToken(t, env, newer, "ada@example.org"); outcome != domain.Confirmed {
		t.Fatalf("confirmation: %s", outcome)
	}

	if got := renterData(t, env, renter); got.Street != "Neckarstaden 2" || got.City != "Mannheim" || got.Email != "ada@example.org" {
		t.Errorf("after the confirmation the renter is %+v, want the confirmed request's data", got)
	}
	entries := env.RenterService.AuditOfRenter(t, renter)
	if len(entries) != 1 || entries[0].Action != "applyPersonalData" || entries[0].Actor != "renter" {
		t.Errorf("audit log %+v, want the applied data", entries)
	}
	wantState(t, env.Env, older, domain.Canceled)
	wantState(t, env.Env, newer, domain.ApartmentReserved)
	if n := count(t, env.Env, "SELECT count(*) FROM booking_request_form"); n != 0 {
		t.Errorf("%d request forms kept after both requests moved on", n)
	}
}
