package config

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Sandbox is the provider of a partner that runs inside the system for local use. It signs its own
// webhooks with a built-in secret that protects nothing real, so production refuses both.
const Sandbox = "sandbox"

// Partner holds the settings of an outside partner that reports back through signed webhooks (the
// payment provider, the signing provider). A service's settings hold it in a field under the
// service's prefix (struct tag envPrefix:"PAYMENT_"), which reads PAYMENT_PROVIDER,
// PAYMENT_WEBHOOK_SECRET and PAYMENT_WEBHOOK_TOLERANCE.
type Partner struct {
	Provider string `env:"PROVIDER" envDefault:"sandbox"`
	// WebhookSecret checks the signatures of the partner's webhooks.
	WebhookSecret Secret `env:"WEBHOOK_SECRET"`
	// WebhookTolerance is how far a webhook's signed time stamp may be from now, in either
	// direction; further off, it could be a replay (or one prepared for later) and is refused.
	WebhookTolerance time.Duration `env:"WEBHOOK_TOLERANCE" envDefault:"5m"`
}

// PartnerRules say what a service's partner settings must hold.
type PartnerRules struct {
	Prefix string // of the settings' names, e.g. "PAYMENT_"
	Real   string // the real provider's name, e.g. "stripe"
	// RealNeeds are the service's other settings the real provider needs, by name, with their values.
	RealNeeds map[string]string
	// SandboxSecret is the sandbox's built-in webhook secret, used when none is set.
	SandboxSecret string
	// SecretList says that the webhook secret is a comma-separated list of keys (SplitList), every
	// one accepted: production checks each.
	SecretList bool
	Production bool
}

// Check fills in the sandbox's secret and refuses what would let anyone who reads the source forge
// the partner's reports: an unknown provider, the real one without its secrets and, when
// r.Production, the sandbox, its built-in secret, a webhook secret shorter than
// MinWebhookSecretBytes and a tolerance over MaxWebhookTolerance.
func (p *Partner) Check(r PartnerRules) error {
	if p.WebhookTolerance <= 0 {
		return fmt.Errorf("%sWEBHOOK_TOLERANCE must be positive", r.Prefix)
	}
	switch p.Provider {
	case Sandbox:
		if r.Production {
			return fmt.Errorf("%[1]sPROVIDER=%[2]s is refused when PRODUCTION=true: set %[1]sPROVIDER=%[3]s", r.Prefix, Sandbox, r.Real)
		}
		if p.WebhookSecret.Reveal() == "" {
			p.WebhookSecret = Secret(r.SandboxSecret)
		}
		return nil
	case r.Real:
		return p.checkReal(r)
	default:
		return fmt.Errorf("%sPROVIDER %q: want %s or %s", r.Prefix, p.Provider, Sandbox, r.Real)
	}
}

func (p *Partner) checkReal(r PartnerRules) error {
	needs := map[string]string{r.Prefix + "WEBHOOK_SECRET": p.WebhookSecret.Reveal()}
	maps.Copy(needs, r.RealNeeds)
	if slices.Contains(slices.Collect(maps.Values(needs)), "") {
		names := slices.Sorted(maps.Keys(needs))
		return fmt.Errorf("%sPROVIDER=%s needs %s", r.Prefix, r.Real, joinAnd(names))
	}
	if !r.Production {
		return nil
	}
	if p.WebhookSecret.Reveal() == r.SandboxSecret {
		return fmt.Errorf("%sWEBHOOK_SECRET is the built-in sandbox secret, refused when PRODUCTION=true", r.Prefix)
	}
	return p.checkProduction(r)
}

// joinAnd lists names as "A, B and C".
func joinAnd(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
