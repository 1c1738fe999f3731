package domain_test

import (
	"testing"
	"time"

	"semesterhaus/services/renter/internal/domain"
)

func TestMailFor_theStatesRentersHearAbout(t *testing.T) {
	t.Parallel()
	tests := []struct {
		state string
		want  domain.MailKind
		sent  bool
	}{
		{"APARTMENT_REQUESTED", domain.MailConfirmEmail, true},
		{"apartment_requested", domain.MailConfirmEmail, true},
		{"APARTMENT_RESERVED", domain.MailEmailConfirmed, true},
		{"SELECT_APARTMENT", domain.MailApartmentTaken, true},
		{"OWNER_ACKNOWLEDGED", domain.MailIdentityApproved, true},
		{"RENEWAL_REQUEST", domain.MailRenewalOffered, true},
		{"RENEWAL_ACCEPTED", domain.MailRenewalAccepted, true},
		{"CANCELED", domain.MailRentingCanceled, true},
		{"CONTRACT_REQUESTED", domain.MailSignContract, true},
		{"CONTRACT_SIGNED", "", false},
		{"UNPAID", domain.MailPayRent, true},
		{"PAYED", domain.MailPaymentReceived, true},
	}
	for _, tt := range tests {
		if got, sent := domain.MailFor(tt.state); got != tt.want || sent != tt.sent {
			t.Errorf("MailFor(%s) = %q, %v; want %q, %v", tt.state, got, sent, tt.want, tt.sent)
		}
	}
}

func TestLink_pointsToThePublicSitePages(t *testing.T) {
	t.Parallel()
	const renting = "0b6c1a55-55f4-4c69-8f3e-0d0c0d0f0e01"
	tests := []struct {
		kind domain.MailKind
		want string
	}{
		{domain.MailConfirmEmail, "https://wohnen.example/booking/step3?email=anna%2Bbook%40example.org&token=abc_-1"},
		{domain.MailRemindConfirmEmail, "https://wohnen.example/booking/step3?email=anna%2Bbook%40example.org&token=abc_-1"},
		{domain.MailConfirmEmailAgain, "https://wohnen.example/booking/step3?email=anna%2Bbook%40example.org&token=abc_-1"},
		{domain.MailApartmentTaken, "https://wohnen.example/booking/step1?booking=failed&rentingId=" + renting},
		{domain.MailRenewalOffered, "https://wohnen.example/booking/extend?rentingId=" + renting + "&token=abc_-1"},
		{domain.MailRemindAnswerRenewal, "https://wohnen.example/booking/extend?rentingId=" + renting + "&token=abc_-1"},
		{domain.MailSignContract, "https://wohnen.example/booking/step4?rentingId=" + renting},
		{domain.MailRemindSignContract, "https://wohnen.example/booking/step4?rentingId=" + renting},
		{domain.MailPayRent, "https://wohnen.example/booking/step5?rentingId=" + renting},
		{domain.MailRemindPayRent, "https://wohnen.example/booking/step5?rentingId=" + renting},
		{domain.MailEmailConfirmed, ""},
		{domain.MailPaymentReceived, ""},
	}
	for _, tt := range tests {
		if got := domain.Link(tt.kind, "https://wohnen.example/", renting, "anna+book@example.org", "abc_-1"); got != tt.want {
			t.Errorf("Link(%s) = %q, want %q", tt.kind, got, tt.want)
		}
	}
}

func TestReminderFor_theStepsRentersAreRemindedOf(t *testing.T) {
	t.Parallel()
	tests := map[string]domain.MailKind{
		"CONFIRM_EMAIL": domain.MailRemindConfirmEmail, "SIGN_CONTRACT": domain.MailRemindSignContract,
		"PAY_RENT": domain.MailRemindPayRent, "ANSWER_RENEWAL": domain.MailRemindAnswerRenewal, "MOVE_IN": "",
	}
	for step, want := range tests {
		if got, ok := domain.ReminderFor(step); got != want || ok != (want != "") {
			t.Errorf("ReminderFor(%s) = %q, %v; want %q", step, got, ok, want)
		}
	}
}

func TestRetryDelay_growsAndIsCapped(t *testing.T) {
	t.Parallel()
	// the 8th failure would wait 30 s << 7 = 64 min: capped at an hour
	tests := map[int]time.Duration{0: 30 * time.Second, 1: 30 * time.Second, 2: time.Minute, 3: 2 * time.Minute, 8: time.Hour, 100: time.Hour}
	for n, want := range tests {
		if got := domain.RetryDelay(n); got != want {
			t.Errorf("RetryDelay(%d) = %v, want %v", n, got, want)
		}
	}
}

func TestSentMail_withoutTokens_everyLinksCapabilityLeftOut(t *testing.T) {
	t.Parallel()
	m := domain.SentMail{Text: "Confirm: https://w.example/booking/step3?email=a%40b.org&token=abc_-1\n" +
		"Renew: https://w.example/booking/extend?rentingId=r1&token=XyZ-9 or\nhttps://w.example/booking/my-booking?token=p4g3 (30 days)"}
	want := "Confirm: https://w.example/booking/step3?email=a%40b.org&token=…\n" +
		"Renew: https://w.example/booking/extend?rentingId=r1&token=… or\nhttps://w.example/booking/my-booking?token=… (30 days)"
	if got := m.WithoutTokens().Text; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
