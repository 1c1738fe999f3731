package app_test

import (
	"context"
	"testing"
	"time"

	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

// renewalOffered prepares a renter who paid for the winter semester and got a renewal request for
// the summer semester; it returns the renewal's id.
func renewalOffered(t *testing.T, env *testenv.Env) string {
	t.Helper()
	renterID, _, _ := env.Renters.Register(context.Background(), bookingRequest(t, env, 11, "ada@example.org").Renter, time.Time{}, 0)
	payedRenting(t, env, renterID, 11, semesterNamed(t, env, "WiSe 2026/27").ID)
	runJobs(t, env)
	renewals, err := env.Repo.RentingsInState(context.Background(), domain.RenewalRequest, []int{semesterNamed(t, env, "SoSe 2027").ID})
	if err != nil || len(renewals) != 1 {
		t.Fatalf("%d renewals: %v", len(renewals), err)
	}
	return renewals[0].ID
}

func renewalForm(t *testing.T, env *testenv.Env) app.Renewal {
	renter := bookingRequest(t, env, 11, "").Renter
	renter.Phone = "+49 171 7654321"
	return app.Renewal{Renter: renter, Immatriculation: file}
}

func TestApproveRenewal_updatesTheRenterStoresTheCertificateAndAccepts(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	id := renewalOffered(t, env)

	if err := env.Rentings.ApproveRenewal(context.Background(), id, renewalForm(t, env)); err != nil {
		t.Fatal(err)
	}
	r := mustGet(t, env, id)
	renter, _ := env.Renters.Get(context.Background(), r.RenterID)
	if r.State != domain.RenewalAccepted || env.Documents.StoredFor(id) != 1 || renter.Phone != "+49 171 7654321" || renter.Email != "ada@example.org" {
		t.Errorf("renting %s, %d uploads, renter %+v", r.State, env.Documents.StoredFor(id), renter)
	}
	wantException(t, env.Rentings.ApproveRenewal(context.Background(), id, renewalForm(t, env)), "rentingId", domain.MsgNotAllowed)
	if _, err := env.Rentings.ExtendBooking(context.Background(), id); err == nil {
		t.Error("an answered renewal link still shows the renter's data")
	}
}

func TestApproveRenewal_refusedInputChangesNothing(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	id := renewalOffered(t, env)
	form := renewalForm(t, env)
	form.Immatriculation = "%%%"
	wantException(t, env.Rentings.ApproveRenewal(context.Background(), id, form), "immatriculation", domain.MsgInvalid)

	env.Documents.Violation = domain.Invalid("immatriculation", "INVALID_FILETYPE")
	wantException(t, env.Rentings.ApproveRenewal(context.Background(), id, renewalForm(t, env)), "immatriculation", "INVALID_FILETYPE")
	wantState(t, env, id, domain.RenewalRequest)
	wantException(t, env.Rentings.ApproveRenewal(context.Background(), "5f0e1c1e-0000-4000-8000-000000000000", renewalForm(t, env)), "rentingId", domain.MsgNoRenting)
}

func TestDeclineRenewal_cancelsOnlyARenewalRequest(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	id := renewalOffered(t, env)
	if err := env.Rentings.DeclineRenewal(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	wantState(t, env, id, domain.Canceled)
	wantException(t, env.Rentings.DeclineRenewal(context.Background(), id), "rentingId", domain.MsgNotAllowed)
}
