package domain

import (
	"errors"
	"testing"
	"time"
)

func TestAmountFromPrice_onlyAPositiveEuroAmount_isCharged(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		cents    int64
		currency string
		wantErr  bool
	}{
		{"semester total", 289_050, "EUR", false},
		{"one cent", 1, "EUR", false},
		{"zero", 0, "EUR", true},
		{"negative", -100, "EUR", true},
		{"other currency", 100, "USD", true},
		{"no currency", 100, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := AmountFromPrice(tt.cents, tt.currency)
			if tt.wantErr {
				if !errors.Is(err, ErrInvalidAmount) {
					t.Errorf("err = %v, want ErrInvalidAmount", err)
				}
				return
			}
			if err != nil || got != (Money{Cents: tt.cents, Currency: tt.currency}) {
				t.Errorf("got %v, %v", got, err)
			}
		})
	}
}

func TestPaymentApply_providersReport_paysFailsIgnoresOrRefusesByStatusAndAmount(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC)
	asked := Money{Cents: 408500, Currency: Currency}
	success, failure := Outcome{Succeeded: true, Amount: asked}, Outcome{Reason: "card declined", Amount: asked}
	processing := Outcome{Processing: true, Amount: asked}
	oneCent := Outcome{Succeeded: true, Amount: Money{Cents: 1, Currency: Currency}}
	otherCurrency := Outcome{Succeeded: true, Amount: Money{Cents: 408500, Currency: "USD"}}
	tests := []struct {
		name       string
		from       Status
		outcome    Outcome
		want       Effect
		wantStatus Status
	}{
		{"open pays", StatusOpen, success, Paid, StatusPaid},
		{"open fails and stays payable", StatusOpen, failure, Failed, StatusFailed},
		{"failed pays later", StatusFailed, success, Paid, StatusPaid},
		{"failed fails again", StatusFailed, failure, Failed, StatusFailed},
		{"paid ignores success", StatusPaid, success, Ignored, StatusPaid},
		{"paid ignores failure", StatusPaid, failure, Ignored, StatusPaid},
		{"open refuses one cent", StatusOpen, oneCent, Refused, StatusOpen},
		{"failed refuses another currency", StatusFailed, otherCurrency, Refused, StatusFailed},
		{"paid refuses one cent", StatusPaid, oneCent, Refused, StatusPaid},
		{"cancelled books money taken before its checkout closed, to go back", StatusCanceled, success, PaidCanceled, StatusPaid},
		{"cancelled ignores failure", StatusCanceled, failure, Ignored, StatusCanceled},
		{"open debit under way", StatusOpen, processing, Processing, StatusProcessing},
		{"failed debit under way again", StatusFailed, processing, Processing, StatusProcessing},
		{"debit under way pays", StatusProcessing, success, Paid, StatusPaid},
		{"debit under way fails and stays payable", StatusProcessing, failure, Failed, StatusFailed},
		{"paid ignores a debit under way", StatusPaid, processing, Ignored, StatusPaid},
		{"cancelled ignores a debit under way", StatusCanceled, processing, Ignored, StatusCanceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := Payment{Status: tt.from, Amount: asked}
			if got := p.Apply(tt.outcome, at); got != tt.want || p.Status != tt.wantStatus {
				t.Errorf("Apply = %v, status %s; want %v, %s", got, p.Status, tt.want, tt.wantStatus)
			}
			if paid := !p.PaidAt.IsZero(); paid != (tt.want == Paid || tt.want == PaidCanceled) {
				t.Errorf("PaidAt = %v after %v", p.PaidAt, tt.want)
			}
		})
	}
}

func TestPaymentCancel_closesOnlyAPayablePaymentAndItsCheckout(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC)
	open := Checkout{SessionID: "cs_open", ExpiresAt: at.Add(time.Hour)}
	tests := []struct {
		from       Status
		want       bool
		wantStatus Status
	}{
		{StatusOpen, true, StatusCanceled},
		{StatusFailed, true, StatusCanceled},
		{StatusProcessing, true, StatusCanceled},
		{StatusPaid, false, StatusPaid},
		{StatusCanceled, false, StatusCanceled},
	}
	for _, tt := range tests {
		t.Run(string(tt.from), func(t *testing.T) {
			t.Parallel()
			p := Payment{Status: tt.from, Checkout: open}
			if got := p.Cancel(at); got != tt.want || p.Status != tt.wantStatus {
				t.Errorf("Cancel = %v, status %s; want %v, %s", got, p.Status, tt.want, tt.wantStatus)
			}
			if closed := !p.Checkout.OpenAt(at); closed != tt.want {
				t.Errorf("checkout open after Cancel = %v: %v", !closed, p.Checkout)
			}
			if p.NeedsCheckout(at.Add(2*time.Hour)) != (tt.wantStatus != StatusCanceled && tt.wantStatus != StatusPaid) {
				t.Errorf("a %s payment asks for a new checkout", p.Status)
			}
		})
	}
}

func TestMoneyFormat_germanAndEnglishNotation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cents    int64
		language string
		want     string
	}{
		{289_050, "de", "2.890,50 €"},
		{289_050, "en", "€2,890.50"},
		{5, "de", "0,05 €"},
		{100_000_000, "en", "€1,000,000.00"},
		{99_999, "de", "999,99 €"},
	}
	for _, tt := range tests {
		if got := (Money{Cents: tt.cents, Currency: Currency}).Format(tt.language); got != tt.want {
			t.Errorf("Format(%d, %s) = %q, want %q", tt.cents, tt.language, got, tt.want)
		}
	}
}
