package config

import (
	"strings"
	"testing"
	"time"

	"semesterhaus/services/renting/internal/domain"
)

func TestLoad_remindersByDefaultAndRefusedWhenTheyCannotCome(t *testing.T) {
	tests := []struct {
		name     string
		settings map[string]string
		naming   string // the setting the refusal names; "" when the settings are taken
	}{
		{"the defaults", nil, ""},
		{"an e-mail reminder once the request expired", map[string]string{"EMAIL_REMINDER_AFTER": "72h"}, "EMAIL_REMINDER_AFTER"},
		{"an e-mail reminder before a shorter timeout", map[string]string{"EMAIL_REMINDER_AFTER": "1h", "CONFIRMATION_TIMEOUT": "2h"}, ""},
		{"no delay", map[string]string{"PAYMENT_REMINDER_AFTER": "0s"}, "PAYMENT_REMINDER_AFTER"},
		{"days after the deadline", map[string]string{"RENEWAL_REMINDER_DAYS": "-1"}, "RENEWAL_REMINDER_DAYS"},
		{"a renewal reminded at its offer", map[string]string{"RENEWAL_REMINDER_AFTER": "0s"}, "RENEWAL_REMINDER_AFTER"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("DATABASE_URL", "postgres://localhost/renting")
			for k, v := range tt.settings {
				t.Setenv(k, v)
			}
			cfg, err := Load()
			if tt.naming != "" {
				if err == nil || !strings.Contains(err.Error(), tt.naming) {
					t.Fatalf("got %v, want a refusal naming %s", err, tt.naming)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.settings == nil {
				want := domain.ReminderRules{ConfirmEmailAfter: 24 * time.Hour, SignContractAfter: 72 * time.Hour, PayRentAfter: 72 * time.Hour, RenewalDaysBefore: 7, AnswerRenewalAfter: 72 * time.Hour}
				if got := cfg.Reminders(); got != want {
					t.Errorf("reminders %+v, want %+v", got, want)
				}
			}
		})
	}
}
