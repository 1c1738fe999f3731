package config

import (
	"strings"
	"testing"

	platformconfig "semesterhaus/platform/config"
)

// setEnv sets the settings every start needs and then the given ones.
func setEnv(t *testing.T, settings map[string]string) {
	t.Setenv("DATABASE_URL", "postgres://localhost/payment")
	for k, v := range settings {
		t.Setenv(k, v)
	}
}

func TestLoad_production_refusesTheSandboxAndTheBuiltInSecret(t *testing.T) {
	tests := []struct {
		name     string
		settings map[string]string
		naming   string
	}{
		{"sandbox provider", map[string]string{"PRODUCTION": "true", "PAYMENT_WEBHOOK_SECRET": "whsec_real"}, "PAYMENT_PROVIDER"},
		{"built-in secret with Stripe", map[string]string{
			"PRODUCTION": "true", "PAYMENT_PROVIDER": "stripe", "STRIPE_SECRET_KEY": "sk_live_x", "PAYMENT_WEBHOOK_SECRET": sandboxWebhookSecret,
		}, "PAYMENT_WEBHOOK_SECRET"},
		{"Stripe without a webhook secret", map[string]string{"PRODUCTION": "true", "PAYMENT_PROVIDER": "stripe", "STRIPE_SECRET_KEY": "sk_live_x"}, "PAYMENT_WEBHOOK_SECRET"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setEnv(t, tt.settings)
			if _, err := Load(); err == nil || !strings.Contains(err.Error(), tt.naming) {
				t.Errorf("Load() = %v, want an error naming %s", err, tt.naming)
			}
		})
	}
}

func TestLoad_productionWithStripeAndItsSecrets_starts(t *testing.T) {
	setEnv(t, map[string]string{
		"PRODUCTION": "true", "PAYMENT_PROVIDER": "stripe", "STRIPE_SECRET_KEY": "sk_live_x", "PAYMENT_WEBHOOK_SECRET": "whsec_real",
	})
	if _, err := Load(); err != nil {
		t.Fatal(err)
	}
}

func TestLoad_locally_sandboxWithTheLocalSecret(t *testing.T) {
	setEnv(t, nil)
	cfg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Payment.Provider != platformconfig.Sandbox || cfg.Payment.WebhookSecret.Reveal() != sandboxWebhookSecret || cfg.Payment.WebhookTolerance.Minutes() != 5 {
		t.Errorf("provider %s, secret set %v, tolerance %s; want the sandbox, its local secret and 5m",
			cfg.Payment.Provider, cfg.Payment.WebhookSecret.Reveal() != "", cfg.Payment.WebhookTolerance)
	}
}

func TestLoad_nonPositiveTolerance_refused(t *testing.T) {
	setEnv(t, map[string]string{"PAYMENT_WEBHOOK_TOLERANCE": "0s"})
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "PAYMENT_WEBHOOK_TOLERANCE") {
		t.Errorf("Load() = %v, want an error naming PAYMENT_WEBHOOK_TOLERANCE", err)
	}
}
