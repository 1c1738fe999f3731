package nats_test

import (
	"context"
	"testing"

	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

// taskOf is the office's task for the renting, "" when there is none.
func (c *chain) taskOf(t *testing.T, rentingID string) domain.TaskKind {
	t.Helper()
	tasks, err := c.env.Queries.OfficeTasks(testenv.Admin())
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		if task.Renting.ID == rentingID {
			return task.Kind
		}
	}
	return ""
}

func (c *chain) marks(t *testing.T, rentingID string) domain.MoneyMarks {
	t.Helper()
	r, err := c.env.Queries.Renting(context.Background(), rentingID)
	if err != nil {
		t.Fatal(err)
	}
	return r.Money
}

func TestMoney_aSEPADebitUnderWayShowsTheBookingInPaymentUntilItIsPaid(t *testing.T) {
	t.Parallel()
	c := startChain(t)
	id := c.rentingIn(t, false, domain.ApartmentReserved, domain.OwnerAcknowledged, domain.ContractRequested, domain.ContractSigned, domain.Unpaid)

	c.publishTwice(t, c.payment.Processing(), &eventsv1.PaymentProcessing{RentingId: id, Method: "sepa_debit"})
	if progress, err := c.env.Booking.BookingProgress(context.Background(), id); err != nil || !progress.InPayment || progress.State != domain.Unpaid {
		t.Fatalf("progress %+v, %v: want unpaid and in payment", progress, err)
	}
	c.publishTwice(t, c.payment.Succeeded(), &eventsv1.PaymentSucceeded{RentingId: id})
	if m := c.marks(t, id); m.InPayment {
		t.Errorf("paid and still in payment: %+v", m)
	}
}

func TestMoney_aFailedDebitEndsInPayment_theRentingStaysUnpaid(t *testing.T) {
	t.Parallel()
	c := startChain(t)
	id := c.rentingIn(t, false, domain.ApartmentReserved, domain.OwnerAcknowledged, domain.ContractRequested, domain.ContractSigned, domain.Unpaid)

	c.publishTwice(t, c.payment.Processing(), &eventsv1.PaymentProcessing{RentingId: id, Method: "sepa_debit"})
	c.publishTwice(t, c.payment.Failed(), &eventsv1.PaymentFailed{RentingId: id, Reason: "insufficient_funds"})
	if m := c.marks(t, id); m.InPayment {
		t.Errorf("failed and still in payment: %+v", m)
	}
	if c.taskOf(t, id) != domain.TaskPaymentOpen {
		t.Errorf("task %q, want the open payment's", c.taskOf(t, id))
	}
}

func TestMoney_aDisputeIsTheOfficesTaskUntilItIsDecided(t *testing.T) {
	t.Parallel()
	c := startChain(t)
	id := c.rentingIn(t, false, domain.ApartmentReserved, domain.OwnerAcknowledged, domain.ContractRequested, domain.ContractSigned, domain.Unpaid, domain.Payed)
	if c.taskOf(t, id) != "" {
		t.Fatal("a paid renting is a task before any dispute")
	}

	c.publishTwice(t, c.payment.Disputed(), &eventsv1.PaymentDisputed{RentingId: id, Status: "needs_response", Reason: "fraudulent"})
	if got := c.taskOf(t, id); got != domain.TaskPaymentDisputed {
		t.Fatalf("task %q, want %s", got, domain.TaskPaymentDisputed)
	}
	c.publishTwice(t, c.payment.Disputed(), &eventsv1.PaymentDisputed{RentingId: id, Status: "under_review"})
	if m := c.marks(t, id); m.DisputeStatus != "under_review" || m.DisputedSince == nil {
		t.Errorf("marks %+v", m)
	}
	c.publishTwice(t, c.payment.Disputed(), &eventsv1.PaymentDisputed{RentingId: id, Status: "won"})
	if got := c.taskOf(t, id); got != "" {
		t.Errorf("task %q after the dispute was won", got)
	}
}

func TestMoney_aFailedRefundOfACancelledBookingIsTheOfficesTaskUntilOneSucceeds(t *testing.T) {
	t.Parallel()
	c := startChain(t)
	id := c.rentingIn(t, false, domain.ApartmentReserved, domain.Canceled)

	c.publishTwice(t, c.payment.RefundUpdated(), &eventsv1.RefundUpdated{RentingId: id, Purpose: "CANCELLATION", Status: "PENDING", AmountCents: 120000})
	if got := c.taskOf(t, id); got != "" {
		t.Fatalf("task %q for a pending refund", got)
	}
	c.publishTwice(t, c.payment.RefundUpdated(), &eventsv1.RefundUpdated{RentingId: id, Purpose: "CANCELLATION", Status: "FAILED", Reason: "expired_or_canceled_card"})
	if got := c.taskOf(t, id); got != domain.TaskRefundFailed {
		t.Fatalf("task %q, want %s", got, domain.TaskRefundFailed)
	}
	if m := c.marks(t, id); m.RefundFailure != "expired_or_canceled_card" {
		t.Errorf("marks %+v", m)
	}
	c.publishTwice(t, c.payment.RefundUpdated(), &eventsv1.RefundUpdated{RentingId: id, Purpose: "CANCELLATION", Status: "SUCCEEDED"})
	if got := c.taskOf(t, id); got != "" {
		t.Errorf("task %q after a refund succeeded", got)
	}
}
