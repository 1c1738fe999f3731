package config_test

import (
	"strings"
	"testing"

	"semesterhaus/platform/config"
)

var rules = config.PartnerRules{
	Prefix: "PAYMENT_", Real: "stripe", RealNeeds: map[string]string{"STRIPE_SECRET_KEY": "sk_live_x"},
	SandboxSecret: "whsec_sandbox_local",
}

func partner(provider, secret string) config.Partner {
	return config.Partner{Provider: provider, WebhookSecret: config.Secret(secret), WebhookTolerance: 300e9}
}

func TestPartnerCheck_sandboxLocally_getsItsBuiltInSecret(t *testing.T) {
	p := partner(config.Sandbox, "")
	if err := p.Check(rules); err != nil || p.WebhookSecret.Reveal() != rules.SandboxSecret {
		t.Errorf("Check() = %v, secret is the sandbox's: %v", err, p.WebhookSecret.Reveal() == rules.SandboxSecret)
	}
}

// realSecret is a webhook secret as long as production wants (config.MinWebhookSecretBytes).
const realSecret = "whsec_0123456789abcdefghijklmnopqrstuv"

func TestPartnerCheck_realProviderWithItsSecrets_passesInProduction(t *testing.T) {
	p, production := partner("stripe", realSecret), rules
	production.Production = true
	if err := p.Check(production); err != nil {
		t.Error(err)
	}
}

func TestPartnerCheck_refusals_nameTheSetting(t *testing.T) {
	production := rules
	production.Production = true
	withoutKey := rules
	withoutKey.RealNeeds = map[string]string{"STRIPE_SECRET_KEY": ""}
	tests := []struct {
		name    string
		partner config.Partner
		rules   config.PartnerRules
		want    string
	}{
		{"the sandbox in production", partner(config.Sandbox, realSecret), production, "PAYMENT_PROVIDER=sandbox is refused"},
		{"the built-in secret in production", partner("stripe", rules.SandboxSecret), production, "PAYMENT_WEBHOOK_SECRET is the built-in"},
		{"the real provider without a webhook secret", partner("stripe", ""), rules,
			"PAYMENT_PROVIDER=stripe needs PAYMENT_WEBHOOK_SECRET and STRIPE_SECRET_KEY"},
		{"the real provider without its key", partner("stripe", "whsec_real"), withoutKey, "needs PAYMENT_WEBHOOK_SECRET and STRIPE_SECRET_KEY"},
		{"an unknown provider", partner("paypal", "x"), rules, `PAYMENT_PROVIDER "paypal": want sandbox or stripe`},
		{"a tolerance that is not positive", config.Partner{Provider: config.Sandbox}, rules, "PAYMENT_WEBHOOK_TOLERANCE must be positive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.partner.Check(tt.rules); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check() = %v, want an error with %q", err, tt.want)
			}
		})
	}
}
