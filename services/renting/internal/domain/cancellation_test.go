package domain_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/services/renting/internal/domain"
)

func TestNewCancellation_boundsTheRefundByWhatIsRefundable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                    string
		reason                  string
		refund, refundable      int64
		wantPath, wantMessageID string
	}{
		{"all of it", "Doppelt gebucht", 376500, 376500, "", ""},
		{"nothing", "Doppelt gebucht", 0, 376500, "", ""},
		{"a cent too much", "Doppelt gebucht", 376501, 376500, "refundCents", domain.MsgRefundOutOfBounds},
		{"negative", "Doppelt gebucht", -1, 376500, "refundCents", domain.MsgRefundOutOfBounds},
		{"unpaid refunds nothing", "Doppelt gebucht", 1, 0, "refundCents", domain.MsgRefundOutOfBounds},
		{"no reason", " ", 0, 0, "reason", domain.MsgNotNull},
		{"two lines", "a\nb", 0, 0, "reason", domain.MsgSingleLine},
		{"too long", strings.Repeat("x", domain.MaxCancellationReasonLength+1), 0, 0, "reason", domain.MsgStringMax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c, err := domain.NewCancellation(tt.reason, tt.refund, tt.refundable, "admin")
			if tt.wantMessageID == "" {
				if err != nil || c.RefundCents != tt.refund {
					t.Fatalf("%+v, %v", c, err)
				}
				return
			}
			var e *exception.Error
			if !errors.As(err, &e) || e.Path != tt.wantPath || e.MessageID != tt.wantMessageID {
				t.Fatalf("%v, want %s on %s", err, tt.wantMessageID, tt.wantPath)
			}
		})
	}
}

var cancelledAt = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func TestCancelByOffice_everyStateButCanceled(t *testing.T) {
	t.Parallel()
	c := domain.Cancellation{Reason: "Doppelt gebucht", Actor: "admin"}
	for _, s := range []domain.State{domain.ApartmentRequested, domain.SelectApartment, domain.ApartmentReserved,
		domain.OwnerAcknowledged, domain.ContractRequested, domain.ContractSigned, domain.Unpaid, domain.Payed,
		domain.RenewalRequest, domain.RenewalAccepted} {
		r := &domain.Renting{ID: "r", State: s}
		if err := r.CancelByOffice(c, cancelledAt); err != nil || r.State != domain.Canceled || r.Cancellation == nil {
			t.Errorf("from %s: %v, %s", s, err, r.State)
		}
	}
	r := &domain.Renting{ID: "r", State: domain.Canceled}
	var e *exception.Error
	if err := r.CancelByOffice(c, cancelledAt); !errors.As(err, &e) || e.MessageID != domain.MsgAlreadyCanceled || r.Cancellation != nil {
		t.Errorf("cancelled again: %v", err)
	}
}

func TestRefuseDeleting_onlyOnceTheContractIsOut(t *testing.T) {
	t.Parallel()
	for s, refused := range map[domain.State]bool{
		domain.ApartmentRequested: false, domain.ApartmentReserved: false, domain.OwnerAcknowledged: false,
		domain.RenewalAccepted: false, domain.Canceled: false,
		domain.ContractRequested: true, domain.ContractSigned: true, domain.Unpaid: true, domain.Payed: true,
	} {
		if err := (domain.Renting{ID: "r", State: s}).RefuseDeleting(); (err != nil) != refused {
			t.Errorf("%s: %v", s, err)
		}
	}
}
