package app_test

import (
	"context"
	"errors"
	"testing"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	paymentv1 "semesterhaus/proto/gen/payment/v1"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

// paidBooking is a PAYED renting of apartment 11 whose payment charged 3.765,00 € and refunded
// refundedCents of it.
func paidBooking(t *testing.T, env *testenv.Env, refundedCents int64) string {
	t.Helper()
	id := payedRenting(t, env, 7, 11, bookableSemester(t, env))
	env.Payments.Add(&paymentv1.Payment{
		RentingId: id, AmountCents: 376500, Currency: "EUR", Status: string(domain.PaymentPaid), RefundedCents: refundedCents,
	})
	return id
}

func wantRefundBound(t *testing.T, err error, max string) {
	t.Helper()
	wantException(t, err, "refundCents", domain.MsgRefundOutOfBounds)
	var e *exception.Error
	if errors.As(err, &e) && e.Params["max"] != max {
		t.Errorf("bound %q, want %s", e.Params["max"], max)
	}
}

func canceledEvents(t *testing.T, env *testenv.Env) []*eventsv1.RentingStateChanged {
	return outboxEvents[eventsv1.RentingStateChanged](t, env, pgadapter.StateSubject(testenv.Subjects, domain.Canceled))
}

func TestCancelBooking_paidBooking_refundsAPartUpToWhatIsLeftAnnouncedAuditedAndFreesTheApartment(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	id := paidBooking(t, env, 50000)
	semester := mustGet(t, env, id).SemesterID

	if err := env.Office.CancelBooking(testenv.Anonymous(), id, "Doppelt gebucht", 0); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous: %v", err)
	}
	wantRefundBound(t, env.Office.CancelBooking(testenv.Admin(), id, "Doppelt gebucht", 326501), "3265.00")
	wantRefundBound(t, env.Office.CancelBooking(testenv.Admin(), id, "Doppelt gebucht", -1), "3265.00")
	wantState(t, env, id, domain.Payed)
	if refundable, err := env.Office.RefundableCents(testenv.Admin(), id); err != nil || refundable != 326500 {
		t.Errorf("refundable %d, %v; want what was paid less what is refunded", refundable, err)
	}

	if err := env.Office.CancelBooking(testenv.Admin(), id, "  Doppelt gebucht  ", 120000); err != nil {
		t.Fatal(err)
	}
	wantState(t, env, id, domain.Canceled)
	events := canceledEvents(t, env)
	if len(events) != 1 {
		t.Fatalf("%d cancellations announced", len(events))
	}
	c := events[0].GetCancellation()
	if c.GetReason() != "Doppelt gebucht" || c.GetRefundCents() != 120000 || c.GetActor() != "admin" || events[0].GetFromState() != string(domain.Payed) {
		t.Errorf("announced %v from %s", c, events[0].GetFromState())
	}
	if n := count(t, env, `SELECT count(*) FROM audit_log WHERE actor = 'admin' AND action = 'cancelBooking' AND subject = $1
		AND details->>'refundCents' = '120000' AND details->>'reason' = 'Doppelt gebucht'`, "renting/"+id); n != 1 {
		t.Errorf("%d audit entries of the cancellation with its money", n)
	}
	if held, err := env.Repo.ApartmentHeld(context.Background(), 11, semester); err != nil || held {
		t.Errorf("apartment still held: %v, %v", held, err)
	}
	progress, err := env.Booking.BookingProgress(context.Background(), id)
	if err != nil || progress.State != domain.Canceled || progress.Cancellation == nil || progress.Cancellation.Reason != "Doppelt gebucht" {
		t.Errorf("progress %+v, %v: want cancelled with the office's reason", progress, err)
	}

	wantException(t, env.Office.CancelBooking(testenv.Admin(), id, "Noch einmal", 0), "rentingId", domain.MsgAlreadyCanceled)
	if n := len(canceledEvents(t, env)); n != 1 {
		t.Errorf("%d cancellations announced after a second try", n)
	}
}

func TestCancelBooking_unpaidBooking_refundsNothing_aReasonIsOneLine(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	id := request(t, env, 11, "ada@example.org")
	confirm(t, env, id, "ada@example.org")

	wantRefundBound(t, env.Office.CancelBooking(testenv.Admin(), id, "Kein Platz", 1), "0.00")
	wantException(t, env.Office.CancelBooking(testenv.Admin(), id, "  ", 0), "reason", domain.MsgNotNull)
	wantException(t, env.Office.CancelBooking(testenv.Admin(), id, "Kein\nPlatz", 0), "reason", domain.MsgSingleLine)
	wantState(t, env, id, domain.ApartmentReserved)
	if n := count(t, env, "SELECT count(*) FROM audit_log"); n != 0 {
		t.Errorf("%d audit entries for refused cancellations", n)
	}

	if err := env.Office.CancelBooking(testenv.Admin(), id, "Kein Platz", 0); err != nil {
		t.Fatal(err)
	}
	if c := canceledEvents(t, env)[0].GetCancellation(); c.GetRefundCents() != 0 || c.GetReason() != "Kein Platz" {
		t.Errorf("announced %v", c)
	}
	for _, unknown := range []string{"5f0e1c1e-0000-4000-8000-000000000000", "no uuid"} {
		wantException(t, env.Office.CancelBooking(testenv.Admin(), unknown, "Kein Platz", 0), "rentingId", domain.MsgNoRenting)
		_, err := env.Office.RefundableCents(testenv.Admin(), unknown)
		wantException(t, err, "rentingId", domain.MsgNoRenting)
	}
}

func TestFreeApartment_aBookingWhoseContractIsOut_isRefusedAndKept(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	id := paidBooking(t, env, 0)

	err := env.Office.FreeApartment(testenv.Admin(), 11, mustGet(t, env, id).SemesterID)
	wantException(t, err, "apartmentId", domain.MsgCancelInstead)
	wantState(t, env, id, domain.Payed)
	if n := count(t, env, "SELECT count(*) FROM audit_log"); n != 0 {
		t.Errorf("%d audit entries for a refused deletion", n)
	}
}

func TestReissueContract_onlyAnOpenContract_asTheAdmin_audited(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	id := request(t, env, 11, "ada@example.org")
	confirm(t, env, id, "ada@example.org")

	var refused *domain.TransitionError
	if err := env.Office.ReissueContract(testenv.Admin(), id); !errors.As(err, &refused) {
		t.Errorf("a reserved renting: %v", err)
	}
	moveTo(t, env, id, domain.OwnerAcknowledged, domain.ContractRequested)
	if err := env.Office.ReissueContract(testenv.Anonymous(), id); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous: %v", err)
	}
	// the document service signed it meanwhile: it refuses, nothing is audited
	if err := env.Office.ReissueContract(testenv.Admin(), id); !errors.As(err, &refused) || refused.From != domain.ContractSigned {
		t.Errorf("a contract the document service holds no open one of: %v", err)
	}
	if n := count(t, env, "SELECT count(*) FROM audit_log"); n != 0 {
		t.Errorf("%d audit entries for refused reissues", n)
	}

	env.Documents.OpenContract(id, 294300)
	if err := env.Office.ReissueContract(testenv.Admin(), id); err != nil {
		t.Fatal(err)
	}
	if got := env.Documents.Reissued(id); len(got) != 1 {
		t.Errorf("reissued %v, want one new contract", got)
	}
	if n := count(t, env, "SELECT count(*) FROM audit_log WHERE actor = 'admin' AND action = 'reissueContract' AND subject = $1", "renting/"+id); n != 1 {
		t.Errorf("%d audit entries", n)
	}
	wantState(t, env, id, domain.ContractRequested)
	wantException(t, env.Office.ReissueContract(testenv.Admin(), "5f0e1c1e-0000-4000-8000-000000000000"), "rentingId", domain.MsgNoRenting)
}
