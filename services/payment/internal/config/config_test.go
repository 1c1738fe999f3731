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

// webhookSecret is an endpoint secret as Stripe makes them (whsec_ and 32 characters).
const webhookSecret = "whsec_4eC39HqLyjWDarjtT1zdp7dcTy2W8LPb"

// stripeSettings is a production configuration with Stripe and its secrets.
func stripeSettings(key, value string) map[string]string {
	settings := map[string]string{"PRODUCTION": "true", "PAYMENT_PROVIDER": "stripe", "STRIPE_SECRET_KEY": "sk_live_x", "PAYMENT_WEBHOOK_SECRET": webhookSecret}
	if key != "" {
		settings[key] = value
	}
	return settings
}

func TestLoad_production_refusesTheSandboxAndTheBuiltInSecret(t *testing.T) {
	tests := []struct {
		name     string
		settings map[string]string
		naming   string
	}{
		{"sandbox provider", map[string]string{"PRODUCTION": "true", "PAYMENT_WEBHOOK_SECRET": webhookSecret}, "PAYMENT_PROVIDER"},
		{"built-in secret with Stripe", map[string]string{
			"PRODUCTION": "true", "PAYMENT_PROVIDER": "stripe", "STRIPE_SECRET_KEY": "sk_live_x", "PAYMENT_WEBHOOK_SECRET": sandboxWebhookSecret,
		}, "PAYMENT_WEBHOOK_SECRET"},
		{"Stripe without a webhook secret", map[string]string{"PRODUCTION": "true", "PAYMENT_PROVIDER": "stripe", "STRIPE_SECRET_KEY": "sk_live_x"}, "PAYMENT_WEBHOOK_SECRET"},
		{"a 1-byte webhook secret", stripeSettings("PAYMENT_WEBHOOK_SECRET", "x"), "PAYMENT_WEBHOOK_SECRET has 1 bytes"},
		{"a webhook secret of 31 bytes", stripeSettings("PAYMENT_WEBHOOK_SECRET", webhookSecret[:31]), "PAYMENT_WEBHOOK_SECRET has 31 bytes"},
		{"a tolerance of ten years", stripeSettings("PAYMENT_WEBHOOK_TOLERANCE", "87600h"), "PAYMENT_WEBHOOK_TOLERANCE 87600h0m0s is over 10m0s"},
		{"Stripe's API over plain HTTP", stripeSettings("STRIPE_API_URL", "http://api.stripe.com"), "STRIPE_API_URL must be an https:// URL"},
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
	for name, settings := range map[string]map[string]string{
		"Stripe's own API":                    stripeSettings("", ""),
		"an API over https, 10 min tolerance": stripeSettings("STRIPE_API_URL", "https://stripe.internal.example:8443"),
	} {
		t.Run(name, func(t *testing.T) {
			settings["PAYMENT_WEBHOOK_TOLERANCE"] = "10m"
			setEnv(t, settings)
			if _, err := Load(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestLoad_locally_stripeMockOverPlainHTTP_starts(t *testing.T) {
	setEnv(t, map[string]string{"PAYMENT_PROVIDER": "stripe", "STRIPE_SECRET_KEY": "sk_test_x", "PAYMENT_WEBHOOK_SECRET": "whsec_x", "STRIPE_API_URL": "http://127.0.0.1:12111"})
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
