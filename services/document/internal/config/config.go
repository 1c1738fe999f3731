// Package config reads the document service's settings from the environment once, at start.
package config

import (
	"errors"
	"fmt"
	"os"
	"time"

	platformconfig "semesterhaus/platform/config"
	"semesterhaus/platform/service"
	"semesterhaus/services/document/internal/app"
)

// ProviderDocuSign is the real signing provider (SIGNING_PROVIDER); the other is platformconfig.Sandbox.
const ProviderDocuSign = "docusign"

// Config holds every setting of the document service.
type Config struct {
	service.Settings
	HTTPAddr string `env:"HTTP_ADDR" envDefault:":8104"`
	GRPCAddr string `env:"GRPC_ADDR" envDefault:":9104"`
	// The peers the contract's and the receipt's data come from; the renter service also opens the
	// renter page's tokens.
	CatalogGRPCAddr string `env:"CATALOG_GRPC_ADDR" envDefault:"127.0.0.1:9101"`
	RentingGRPCAddr string `env:"RENTING_GRPC_ADDR" envDefault:"127.0.0.1:9102"`
	RenterGRPCAddr  string `env:"RENTER_GRPC_ADDR" envDefault:"127.0.0.1:9103"`
	PaymentGRPCAddr string `env:"PAYMENT_GRPC_ADDR" envDefault:"127.0.0.1:9105"`
	// PublicURL is where browsers and providers reach the gateway; signing links start with it.
	PublicURL string `env:"PUBLIC_URL" envDefault:"http://localhost:8080"`
	// Signing is the provider and its webhooks: SIGNING_PROVIDER, SIGNING_WEBHOOK_SECRET (for
	// DocuSign the Connect HMAC keys, comma-separated: every one is accepted, for a rotation),
	// SIGNING_WEBHOOK_TOLERANCE (the sandbox's; Connect's reports carry no signed time stamp).
	Signing platformconfig.Partner `envPrefix:"SIGNING_"`
	// The DocuSign integration (docs/operations.md, "DocuSign"). DOCUSIGN_AUTH_URL is the OAuth
	// server: https://account.docusign.com, the demo's https://account-d.docusign.com; the user id is
	// the API user the integration acts as (the JWT grant's subject); the private key (PEM, or a file
	// holding it) is the RSA key registered with the integration key; the account id picks one of the
	// user's accounts, empty the default one.
	DocuSignAuthURL        string                `env:"DOCUSIGN_AUTH_URL" envDefault:"https://account.docusign.com"`
	DocuSignIntegrationKey string                `env:"DOCUSIGN_INTEGRATION_KEY"`
	DocuSignUserID         string                `env:"DOCUSIGN_USER_ID"`
	DocuSignPrivateKey     platformconfig.Secret `env:"DOCUSIGN_PRIVATE_KEY"`
	DocuSignPrivateKeyFile string                `env:"DOCUSIGN_PRIVATE_KEY_FILE"`
	DocuSignAccountID      string                `env:"DOCUSIGN_ACCOUNT_ID"`
	// MaxImagePixels is the most pixels (width × height) an uploaded picture may have; its header
	// is checked before decoding. 25 MP holds any phone photo or 300 dpi A4 scan.
	MaxImagePixels int `env:"MAX_IMAGE_PIXELS" envDefault:"25000000"`
	// MaxConcurrentDecodes is how many uploads the service decodes or parses at once; with
	// MaxImagePixels it bounds the memory uploads take (docs/security.md, "Uploads").
	MaxConcurrentDecodes int `env:"MAX_CONCURRENT_DECODES" envDefault:"2"`
	// Retention (docs/privacy.md): identity card copies are deleted ID_COPY_RETENTION after the
	// identity was approved (§ 20 PAuswG: no longer than needed), enrollment certificates
	// CERTIFICATE_RETENTION after their semester ended; both at once when a booking ends. The job
	// looks for due documents every RETENTION_INTERVAL.
	IDCopyRetention      time.Duration `env:"ID_COPY_RETENTION" envDefault:"168h"`
	CertificateRetention time.Duration `env:"CERTIFICATE_RETENTION" envDefault:"0s"`
	RetentionInterval    time.Duration `env:"RETENTION_INTERVAL" envDefault:"1h"`
	// TimeZone is the residence's: the catalog's days (a semester's last one) end at midnight there.
	TimeZone platformconfig.TimeZone `env:"TIME_ZONE" envDefault:"Europe/Berlin"`
	// ContractRetention is how long contracts and signed contracts are kept from their storing:
	// the legal retention period for business letters and records (§ 257 HGB, § 147 AO: up to ten
	// years after the end of the year), with a year's margin.
	ContractRetention time.Duration `env:"CONTRACT_RETENTION" envDefault:"96360h"`
}

// DocuSignPrivateKeyPEM is the RSA private key, from DOCUSIGN_PRIVATE_KEY or read from
// DOCUSIGN_PRIVATE_KEY_FILE.
func (c Config) DocuSignPrivateKeyPEM() ([]byte, error) {
	if c.DocuSignPrivateKeyFile == "" {
		return []byte(c.DocuSignPrivateKey.Reveal()), nil
	}
	pem, err := os.ReadFile(c.DocuSignPrivateKeyFile)
	if err != nil {
		return nil, fmt.Errorf("DOCUSIGN_PRIVATE_KEY_FILE: %w", err)
	}
	return pem, nil
}

// ConnectKeys are the Connect HMAC keys in SIGNING_WEBHOOK_SECRET.
func (c Config) ConnectKeys() [][]byte {
	var keys [][]byte
	for _, key := range platformconfig.SplitList(c.Signing.WebhookSecret.Reveal()) {
		keys = append(keys, []byte(key))
	}
	return keys
}

// UploadLimits are the settings that bound what checking uploads costs.
func (c Config) UploadLimits() app.UploadLimits {
	return app.UploadLimits{MaxImagePixels: c.MaxImagePixels, MaxConcurrentDecodes: c.MaxConcurrentDecodes}
}

// sandboxWebhookSecret is the sandbox's secret when none is set outside production: the sandbox
// signs its own reports. It protects nothing real, so production refuses it.
const sandboxWebhookSecret = "signing-sandbox-local"

// Load reads the settings and checks them: production refuses the sandbox and its built-in secret,
// either of which would let anyone who reads the source sign contracts in a renter's name, a
// Connect key shorter than platformconfig.MinWebhookSecretBytes and DocuSign over plain HTTP.
func Load() (Config, error) {
	cfg, err := platformconfig.Load[Config]()
	if err != nil {
		return cfg, err
	}
	if cfg.MaxImagePixels <= 0 || cfg.MaxConcurrentDecodes <= 0 {
		return cfg, errors.New("MAX_IMAGE_PIXELS and MAX_CONCURRENT_DECODES must be positive")
	}
	if cfg.IDCopyRetention < 0 || cfg.CertificateRetention < 0 || cfg.RetentionInterval < time.Second || cfg.ContractRetention < 24*time.Hour {
		return cfg, errors.New("ID_COPY_RETENTION and CERTIFICATE_RETENTION must not be negative, RETENTION_INTERVAL at least a second, CONTRACT_RETENTION at least a day")
	}
	err = cfg.Signing.Check(platformconfig.PartnerRules{
		Prefix: "SIGNING_", Real: ProviderDocuSign,
		RealNeeds: map[string]string{
			"DOCUSIGN_AUTH_URL": cfg.DocuSignAuthURL, "DOCUSIGN_INTEGRATION_KEY": cfg.DocuSignIntegrationKey, "DOCUSIGN_USER_ID": cfg.DocuSignUserID,
			"DOCUSIGN_PRIVATE_KEY or DOCUSIGN_PRIVATE_KEY_FILE": cfg.DocuSignPrivateKey.Reveal() + cfg.DocuSignPrivateKeyFile,
		},
		SandboxSecret: sandboxWebhookSecret, SecretList: true, Production: cfg.Production,
	})
	if err != nil || cfg.Signing.Provider != ProviderDocuSign {
		return cfg, err
	}
	return cfg, cfg.checkDocuSign()
}

// checkDocuSign refuses an OAuth server that is no absolute URL, or plain HTTP in production (the
// grant's assertion and the tokens would travel in the clear, and so would the API address the
// userinfo answer names), and two private keys.
func (c Config) checkDocuSign() error {
	if err := platformconfig.CheckPartnerURL("DOCUSIGN_AUTH_URL", c.DocuSignAuthURL, c.Production); err != nil {
		return fmt.Errorf("%w (https://account.docusign.com or https://account-d.docusign.com)", err)
	}
	if c.DocuSignPrivateKey.Reveal() != "" && c.DocuSignPrivateKeyFile != "" {
		return errors.New("set DOCUSIGN_PRIVATE_KEY or DOCUSIGN_PRIVATE_KEY_FILE, not both")
	}
	return nil
}
