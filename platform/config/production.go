package config

import (
	"fmt"
	"net/url"
	"strings"
	"time"
)

// The rules production holds every partner's settings to (docs/operations.md, "Production
// settings").
const (
	// MinWebhookSecretBytes is the shortest webhook secret production accepts, each key of a list
	// counted alone: 256 bits, the size of the HMAC-SHA256 key that checks the signatures. Stripe's
	// and DocuSign's own secrets are longer.
	MinWebhookSecretBytes = 32
	// MaxWebhookTolerance is the most a webhook's signed time stamp may be off in production: a
	// longer one lets a recorded report be replayed for longer.
	MaxWebhookTolerance = 10 * time.Minute
)

// SplitList is the comma-separated list in value, each entry trimmed, empty ones left out: e.g.
// the several keys of a webhook secret during a rotation.
func SplitList(value string) []string {
	var items []string
	for item := range strings.SplitSeq(value, ",") {
		if item = strings.TrimSpace(item); item != "" {
			items = append(items, item)
		}
	}
	return items
}

// CheckPartnerURL refuses a setting (named name) whose value is no absolute http or https URL,
// and, when production, one that is not https: what goes to a partner or comes back from it
// (keys, tokens, identities, reports) would travel in the clear and could be changed on the way.
func CheckPartnerURL(name, value string, production bool) error {
	u, err := url.Parse(value)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return fmt.Errorf("%s %q must be an absolute https:// URL", name, value)
	}
	if production && u.Scheme != "https" {
		return fmt.Errorf("%s must be an https:// URL when PRODUCTION=true, not %q", name, value)
	}
	return nil
}

// checkProduction refuses the real provider's webhook settings that production does not accept:
// a key shorter than MinWebhookSecretBytes (any one of a list) and a tolerance over
// MaxWebhookTolerance.
func (p *Partner) checkProduction(r PartnerRules) error {
	if p.WebhookTolerance > MaxWebhookTolerance {
		return fmt.Errorf("%sWEBHOOK_TOLERANCE %s is over %s, refused when PRODUCTION=true: a recorded webhook could be replayed for as long",
			r.Prefix, p.WebhookTolerance, MaxWebhookTolerance)
	}
	keys := []string{strings.TrimSpace(p.WebhookSecret.Reveal())}
	if r.SecretList {
		keys = SplitList(p.WebhookSecret.Reveal())
	}
	if len(keys) == 0 {
		return fmt.Errorf("%sWEBHOOK_SECRET holds no key", r.Prefix)
	}
	for i, key := range keys {
		if len(key) < MinWebhookSecretBytes {
			which := ""
			if len(keys) > 1 {
				which = fmt.Sprintf(" (key %d of %d)", i+1, len(keys))
			}
			return fmt.Errorf("%sWEBHOOK_SECRET%s has %d bytes, refused when PRODUCTION=true: want at least %d",
				r.Prefix, which, len(key), MinWebhookSecretBytes)
		}
	}
	return nil
}
