package domain

import (
	"errors"
	"testing"
	"time"
)

func TestNewRefund_boundedByWhatWasPaidLessWhatIsRefunded(t *testing.T) {
	t.Parallel()
	paid := Payment{ID: "p", Status: StatusPaid, PaymentIntentID: "pi_1", Amount: Money{Cents: 100_00, Currency: Currency}, RefundedCents: 30_00}
	unpaid := paid
	unpaid.Status, unpaid.PaymentIntentID = StatusCanceled, ""
	tests := []struct {
		name    string
		payment Payment
		cents   int64
		wantErr error
	}{
		{"all that is left", paid, 70_00, nil},
		{"one cent", paid, 1, nil},
		{"a cent more than is left", paid, 70_01, ErrRefundTooLarge},
		{"nothing", paid, 0, ErrRefundTooLarge},
		{"negative", paid, -1, ErrRefundTooLarge},
		{"an unpaid payment", unpaid, 1, ErrNotRefundable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := tt.payment.NewRefund("r", PurposeCancellation, tt.cents, time.Now())
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if err == nil && (r.Amount != Money{Cents: tt.cents, Currency: Currency} || r.Status != RefundPending) {
				t.Errorf("refund %+v, want %d cents pending", r, tt.cents)
			}
		})
	}
}

func TestRefundApply_pendingEndsOnce_succeededMayStillFail(t *testing.T) {
	t.Parallel()
	statuses := []RefundStatus{RefundPending, RefundSucceeded, RefundFailed, RefundCanceled}
	moves := map[[2]RefundStatus]bool{
		{RefundPending, RefundSucceeded}: true, {RefundPending, RefundFailed}: true, {RefundPending, RefundCanceled}: true,
		{RefundSucceeded, RefundFailed}: true,
	}
	for _, from := range statuses {
		for _, to := range statuses {
			r := Refund{Status: from}
			if got := r.Apply(RefundReport{Status: to, Reason: "x"}, time.Now()); got != moves[[2]RefundStatus{from, to}] {
				t.Errorf("%s reported %s: changed = %v", from, to, got)
			}
		}
	}
}
