// Package config reads the payment service's settings from the environment once, at start.
package config

import (
	"github.com/stripe/stripe-go/v85"

	platformconfig "semesterhaus/platform/config"
	"semesterhaus/platform/service"
)

// ProviderStripe is the real payment provider (PAYMENT_PROVIDER); the other is platformconfig.Sandbox.
const ProviderStripe = "stripe"

// sandboxWebhookSecret signs the sandbox's webhooks when no secret is set outside production; it
// protects nothing real, so production refuses it.
const sandboxWebhookSecret = "whsec_sandbox_local"

// Config holds every setting of the payment service.
type Config struct {
	service.Settings
	HTTPAddr        string `env:"HTTP_ADDR" envDefault:":8105"`
	GRPCAddr        string `env:"GRPC_ADDR" envDefault:":9105"`
	CatalogGRPCAddr string `env:"CATALOG_GRPC_ADDR" envDefault:"127.0.0.1:9101"`
	// PublicURL is the gateway's public address: checkout links, the sandbox's webhooks and the
	// booking pages the renter returns to are under it.
	PublicURL string `env:"PUBLIC_URL" envDefault:"http://localhost:8080"`
	// TimeZone is the residence's: the books' days (an export's range, DATEV's document dates) are its.
	TimeZone platformconfig.TimeZone `env:"TIME_ZONE" envDefault:"Europe/Berlin"`
	// Payment is the provider and its webhooks (Stripe's endpoint secret, whsec_...): PAYMENT_PROVIDER,
	// PAYMENT_WEBHOOK_SECRET, PAYMENT_WEBHOOK_TOLERANCE.
	Payment         platformconfig.Partner `envPrefix:"PAYMENT_"`
	StripeSecretKey platformconfig.Secret  `env:"STRIPE_SECRET_KEY"`
	// StripeAPIURL is where Stripe's API is reached; empty: Stripe's own. The production rehearsal
	// points it at stripe-mock, which answers as Stripe's API description says.
	StripeAPIURL string `env:"STRIPE_API_URL"`
}

// StripeBackends are stripe-go's backends for StripeAPIURL, nil for Stripe's own API.
func (c Config) StripeBackends() *stripe.Backends {
	if c.StripeAPIURL == "" {
		return nil
	}
	return stripe.NewBackendsWithConfig(&stripe.BackendConfig{URL: stripe.String(c.StripeAPIURL)})
}

// Load reads the settings and checks them: production refuses the sandbox and its built-in secret,
// either of which would let anyone who reads the source mark payments paid, a webhook secret or
// tolerance that a guess or a replay could beat, and Stripe's API over plain HTTP.
func Load() (Config, error) {
	cfg, err := platformconfig.Load[Config]()
	if err != nil {
		return Config{}, err
	}
	if err := platformconfig.CheckAbsoluteURL("PUBLIC_URL", cfg.PublicURL); err != nil {
		return Config{}, err
	}
	if cfg.StripeAPIURL != "" {
		if err := platformconfig.CheckPartnerURL("STRIPE_API_URL", cfg.StripeAPIURL, cfg.Production); err != nil {
			return Config{}, err
		}
	}
	err = cfg.Payment.Check(platformconfig.PartnerRules{
		Prefix: "PAYMENT_", Real: ProviderStripe, RealNeeds: map[string]string{"STRIPE_SECRET_KEY": cfg.StripeSecretKey.Reveal()},
		SandboxSecret: sandboxWebhookSecret, Production: cfg.Production,
	})
	return cfg, err
}
