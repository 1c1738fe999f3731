// Package config reads the payment service's settings from the environment once, at start.
package config

import (
	"errors"
	"fmt"
	"time"

	platformconfig "semesterhaus/platform/config"
	"semesterhaus/platform/service"
)

// The payment providers (PAYMENT_PROVIDER).
const (
	ProviderSandbox = "sandbox"
	ProviderStripe  = "stripe"
)

// sandboxWebhookSecret signs the sandbox's webhooks when no secret is set outside production; it
// protects nothing real, so production refuses it.
const sandboxWebhookSecret = "whsec_sandbox_local"

// Config holds every setting of the payment service.
type Config struct {
	service.Settings
	HTTPAddr        string `env:"HTTP_ADDR" envDefault:":8105"`
	GRPCAddr        string `env:"GRPC_ADDR" envDefault:":9105"`
	CatalogGRPCAddr string `env:"CATALOG_GRPC_ADDR" envDefault:"127.0.0.1:9101"`
	RentingGRPCAddr string `env:"RENTING_GRPC_ADDR" envDefault:"127.0.0.1:9102"`
	// PublicURL is the gateway's public address: checkout links, the sandbox's webhooks and the
	// booking pages the renter returns to are under it.
	PublicURL       string `env:"PUBLIC_URL" envDefault:"http://localhost:8080"`
	PaymentProvider string `env:"PAYMENT_PROVIDER" envDefault:"sandbox"`
	// WebhookSecret checks the provider's webhook signatures (Stripe's endpoint secret, whsec_...).
	WebhookSecret platformconfig.Secret `env:"PAYMENT_WEBHOOK_SECRET"`
	// WebhookTolerance is how far a webhook's signed time stamp may be from now, in either
	// direction; further off, it could be a replay (or one prepared for later) and is refused.
	WebhookTolerance time.Duration         `env:"PAYMENT_WEBHOOK_TOLERANCE" envDefault:"5m"`
	StripeSecretKey  platformconfig.Secret `env:"STRIPE_SECRET_KEY"`
}

// Load reads the settings and checks them.
func Load() (Config, error) {
	cfg, err := platformconfig.Load[Config]()
	if err != nil {
		return Config{}, err
	}
	if err := platformconfig.CheckAbsoluteURL("PUBLIC_URL", cfg.PublicURL); err != nil {
		return Config{}, err
	}
	if cfg.WebhookTolerance <= 0 {
		return Config{}, errors.New("PAYMENT_WEBHOOK_TOLERANCE must be positive")
	}
	if err := cfg.checkProvider(); err != nil {
		return Config{}, err
	}
	return cfg, cfg.checkProduction()
}

// checkProvider demands Stripe's secrets for Stripe; the sandbox may use its local secret.
func (c *Config) checkProvider() error {
	switch c.PaymentProvider {
	case ProviderSandbox:
		if c.WebhookSecret.Reveal() == "" {
			c.WebhookSecret = platformconfig.Secret(sandboxWebhookSecret)
		}
		return nil
	case ProviderStripe:
		if c.WebhookSecret.Reveal() == "" || c.StripeSecretKey.Reveal() == "" {
			return fmt.Errorf("PAYMENT_PROVIDER=stripe needs PAYMENT_WEBHOOK_SECRET and STRIPE_SECRET_KEY")
		}
		return nil
	default:
		return fmt.Errorf("PAYMENT_PROVIDER %q: want %s or %s", c.PaymentProvider, ProviderSandbox, ProviderStripe)
	}
}

// checkProduction refuses the sandbox and the built-in secret when PRODUCTION=true: either would let
// anyone who reads the source mark payments paid.
func (c Config) checkProduction() error {
	if !c.Production {
		return nil
	}
	if c.PaymentProvider == ProviderSandbox {
		return errors.New("PAYMENT_PROVIDER=sandbox is refused when PRODUCTION=true: set PAYMENT_PROVIDER=stripe")
	}
	if c.WebhookSecret.Reveal() == sandboxWebhookSecret {
		return errors.New("PAYMENT_WEBHOOK_SECRET is the built-in sandbox secret, refused when PRODUCTION=true")
	}
	return nil
}
