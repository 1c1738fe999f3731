// Package config reads the document service's settings from the environment once, at start.
package config

import (
	"errors"
	"time"

	platformconfig "semesterhaus/platform/config"
	"semesterhaus/platform/service"
	"semesterhaus/services/document/internal/app"
)

// Signing providers (SIGNING_PROVIDER).
const (
	ProviderSandbox = "sandbox"
	ProviderAPI     = "api"
)

// Config holds every setting of the document service.
type Config struct {
	service.Settings
	HTTPAddr string `env:"HTTP_ADDR" envDefault:":8104"`
	GRPCAddr string `env:"GRPC_ADDR" envDefault:":9104"`
	// The peers the contract's data comes from.
	CatalogGRPCAddr string `env:"CATALOG_GRPC_ADDR" envDefault:"127.0.0.1:9101"`
	RentingGRPCAddr string `env:"RENTING_GRPC_ADDR" envDefault:"127.0.0.1:9102"`
	RenterGRPCAddr  string `env:"RENTER_GRPC_ADDR" envDefault:"127.0.0.1:9103"`
	// PublicURL is where browsers and providers reach the gateway; signing links start with it.
	PublicURL       string `env:"PUBLIC_URL" envDefault:"http://localhost:8080"`
	SigningProvider string `env:"SIGNING_PROVIDER" envDefault:"sandbox"`
	// SigningWebhookSecret keys the webhooks' HMAC; the local default only serves the sandbox.
	SigningWebhookSecret platformconfig.Secret `env:"SIGNING_WEBHOOK_SECRET"`
	// SigningWebhookTolerance is how far a webhook's signed time stamp may be from now, in either
	// direction; further off, it could be a replay (or one prepared for later) and is refused.
	SigningWebhookTolerance time.Duration         `env:"SIGNING_WEBHOOK_TOLERANCE" envDefault:"5m"`
	SigningAPIURL           string                `env:"SIGNING_API_URL"`
	SigningAPIKey           platformconfig.Secret `env:"SIGNING_API_KEY"`
	// MaxImagePixels is the most pixels (width × height) an uploaded picture may have; its header
	// is checked before decoding. 25 MP holds any phone photo or 300 dpi A4 scan.
	MaxImagePixels int `env:"MAX_IMAGE_PIXELS" envDefault:"25000000"`
	// MaxConcurrentDecodes is how many uploads the service decodes or parses at once; with
	// MaxImagePixels it bounds the memory uploads take (docs/security.md, "Uploads").
	MaxConcurrentDecodes int `env:"MAX_CONCURRENT_DECODES" envDefault:"2"`
}

// UploadLimits are the settings that bound what checking uploads costs.
func (c Config) UploadLimits() app.UploadLimits {
	return app.UploadLimits{MaxImagePixels: c.MaxImagePixels, MaxConcurrentDecodes: c.MaxConcurrentDecodes}
}

// sandboxWebhookSecret is the sandbox's secret when none is set outside production: the sandbox
// signs its own reports. It protects nothing real, so production refuses it.
const sandboxWebhookSecret = "signing-sandbox-local"

// Load reads the settings.
func Load() (Config, error) {
	cfg, err := platformconfig.Load[Config]()
	if err != nil {
		return cfg, err
	}
	if cfg.SigningWebhookTolerance <= 0 {
		return cfg, errors.New("SIGNING_WEBHOOK_TOLERANCE must be positive")
	}
	if cfg.MaxImagePixels <= 0 || cfg.MaxConcurrentDecodes <= 0 {
		return cfg, errors.New("MAX_IMAGE_PIXELS and MAX_CONCURRENT_DECODES must be positive")
	}
	if err := cfg.checkSigning(); err != nil {
		return cfg, err
	}
	return cfg, cfg.checkProduction()
}

// checkProduction refuses the sandbox and the built-in secret when PRODUCTION=true: either would let
// anyone who reads the source sign contracts in a renter's name.
func (c Config) checkProduction() error {
	if !c.Production {
		return nil
	}
	if c.SigningProvider == ProviderSandbox {
		return errors.New("SIGNING_PROVIDER=sandbox is refused when PRODUCTION=true: set SIGNING_PROVIDER=api")
	}
	if c.SigningWebhookSecret.Reveal() == sandboxWebhookSecret {
		return errors.New("SIGNING_WEBHOOK_SECRET is the built-in sandbox secret, refused when PRODUCTION=true")
	}
	return nil
}

// checkSigning refuses an unknown provider and a real provider without its address, key or secret.
func (c *Config) checkSigning() error {
	switch c.SigningProvider {
	case ProviderSandbox:
		if c.SigningWebhookSecret.Reveal() == "" {
			c.SigningWebhookSecret = platformconfig.Secret(sandboxWebhookSecret)
		}
		return nil
	case ProviderAPI:
		if c.SigningAPIURL == "" || c.SigningAPIKey.Reveal() == "" || c.SigningWebhookSecret.Reveal() == "" {
			return errors.New("SIGNING_PROVIDER=api needs SIGNING_API_URL, SIGNING_API_KEY and SIGNING_WEBHOOK_SECRET")
		}
		return nil
	default:
		return errors.New("SIGNING_PROVIDER must be sandbox or api")
	}
}
