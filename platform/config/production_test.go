package config_test

import (
	"strings"
	"testing"
	"time"

	"semesterhaus/platform/config"
)

func TestPartnerCheck_production_refusesWeakWebhookSettings_namingThem(t *testing.T) {
	t.Parallel()
	production := rules
	production.Production = true
	list := production
	list.Prefix, list.SecretList = "SIGNING_", true
	long := strings.Repeat("k", config.MinWebhookSecretBytes)
	tests := []struct {
		name    string
		partner config.Partner
		rules   config.PartnerRules
		want    string
	}{
		{"a 1-byte secret", partner("stripe", "x"), production, "PAYMENT_WEBHOOK_SECRET has 1 bytes"},
		{"a secret one byte short", partner("stripe", long[1:]), production, "PAYMENT_WEBHOOK_SECRET has 31 bytes"},
		{"a short secret padded with spaces", partner("stripe", "  short  "+strings.Repeat(" ", 30)), production, "PAYMENT_WEBHOOK_SECRET has 5 bytes"},
		{"a short key after a long one", partner("stripe", long+",short"), list, "SIGNING_WEBHOOK_SECRET (key 2 of 2) has 5 bytes"},
		{"a short key before a long one", partner("stripe", "short, "+long), list, "SIGNING_WEBHOOK_SECRET (key 1 of 2) has 5 bytes"},
		{"a list of no keys", partner("stripe", " , ,"), list, "SIGNING_WEBHOOK_SECRET holds no key"},
		{"a tolerance of ten years", config.Partner{Provider: "stripe", WebhookSecret: config.Secret(long), WebhookTolerance: 87600 * time.Hour},
			production, "PAYMENT_WEBHOOK_TOLERANCE 87600h0m0s is over 10m0s"},
		{"a tolerance a second too long", config.Partner{Provider: "stripe", WebhookSecret: config.Secret(long), WebhookTolerance: config.MaxWebhookTolerance + time.Second},
			production, "PAYMENT_WEBHOOK_TOLERANCE 10m1s is over 10m0s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := tt.partner
			if err := p.Check(tt.rules); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check() = %v, want an error with %q", err, tt.want)
			}
		})
	}
}

func TestPartnerCheck_production_acceptsLongKeysAndTheLongestTolerance(t *testing.T) {
	t.Parallel()
	production := rules
	production.Production = true
	list := production
	list.SecretList = true
	long := strings.Repeat("k", config.MinWebhookSecretBytes)
	for name, tt := range map[string]struct {
		partner config.Partner
		rules   config.PartnerRules
	}{
		"one secret of 32 bytes, 10 minutes": {config.Partner{Provider: "stripe", WebhookSecret: config.Secret(long), WebhookTolerance: config.MaxWebhookTolerance}, production},
		"two keys of 32 bytes and more":      {partner("stripe", long+", "+long+"x,"), list},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if err := tt.partner.Check(tt.rules); err != nil {
				t.Errorf("Check() = %v, want nil", err)
			}
		})
	}
}

func TestPartnerCheck_locally_weakWebhookSettingsStillStart(t *testing.T) {
	t.Parallel()
	p := config.Partner{Provider: "stripe", WebhookSecret: "x", WebhookTolerance: 87600 * time.Hour}
	if err := p.Check(rules); err != nil {
		t.Errorf("Check() outside production = %v, want nil: local stacks and tests choose their own", err)
	}
}

func TestCheckPartnerURL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		value      string
		production bool
		want       string // empty: accepted
	}{
		{"https://api.stripe.com", true, ""},
		{"https://127.0.0.1:8443/v1", true, ""},
		{"http://127.0.0.1:12111", false, ""},
		{"http://api.stripe.com", true, "STRIPE_API_URL must be an https:// URL when PRODUCTION=true"},
		{"HTTP://api.stripe.com", true, "STRIPE_API_URL must be an https:// URL when PRODUCTION=true"},
		{"api.stripe.com", false, "must be an absolute https:// URL"},
		{"ftp://api.stripe.com", false, "must be an absolute https:// URL"},
		{"https://", true, "must be an absolute https:// URL"},
		{"//api.stripe.com", true, "must be an absolute https:// URL"},
	}
	for _, tt := range tests {
		err := config.CheckPartnerURL("STRIPE_API_URL", tt.value, tt.production)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%q (production %v): %v, want accepted", tt.value, tt.production, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "STRIPE_API_URL")):
			t.Errorf("%q (production %v): %v, want %q", tt.value, tt.production, err, tt.want)
		}
	}
}

func TestSplitList(t *testing.T) {
	t.Parallel()
	if got := config.SplitList(" a , b,,c ,"); strings.Join(got, "|") != "a|b|c" {
		t.Errorf("SplitList = %q, want a, b and c", got)
	}
	if got := config.SplitList(" , "); got != nil {
		t.Errorf("SplitList of nothing = %q", got)
	}
}
