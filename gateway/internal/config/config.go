// Package config holds the gateway's settings, read once from the environment
// (docs/architecture.md, "The gateway's settings").
package config

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	platformconfig "semesterhaus/platform/config"
)

// Config is every setting of the gateway.
type Config struct {
	HTTPAddr string `env:"HTTP_ADDR" envDefault:":8080"`
	// MetricsAddr serves /metrics apart from the public port, for the scraper inside the cluster.
	MetricsAddr string `env:"METRICS_ADDR" envDefault:":9080"`
	// PublicOrigins are origins besides the gateway's own (the one a browser addresses it by) whose
	// pages may post to it, e.g. "https://admin.semesterhaus.example"; by default none.
	PublicOrigins []string `env:"PUBLIC_ORIGINS"`
	// Introspection answers __schema, __type and _service to everybody in production too; outside
	// production, and for admins, they are always answered.
	Introspection bool `env:"INTROSPECTION"`
	// SubgraphURLs overrides the composed routing URLs: "catalog=http://host:8101/graphql,...".
	SubgraphURLs map[string]string `env:"SUBGRAPH_URLS" envKeyValSeparator:"="`
	// IdentityPrivateKey is base64 of the Ed25519 seed that signs identity tokens.
	IdentityPrivateKey platformconfig.Secret `env:"IDENTITY_PRIVATE_KEY"`
	// AdminAccounts is "name:bcrypt-hash,...".
	AdminAccounts platformconfig.Secret `env:"ADMIN_ACCOUNTS"`
	// Production turns off every local default and marks the session cookie Secure.
	Production bool                  `env:"PRODUCTION"`
	NATSURL    platformconfig.Secret `env:"NATS_URL,required"`
	// NATSUser and NATSPassword sign the gateway in to NATS as its user (natsauth.Users), the
	// only one allowed on its buckets; without a user it connects anonymously.
	NATSUser     string                `env:"NATS_USER"`
	NATSPassword platformconfig.Secret `env:"NATS_PASSWORD"`
	// SessionBucket is the JetStream key-value bucket of the sessions, shared by all replicas.
	SessionBucket string        `env:"SESSION_BUCKET" envDefault:"gateway_sessions"`
	SessionTTL    time.Duration `env:"SESSION_TTL" envDefault:"12h"`
	// Single sign-on with an OpenID Connect provider (authorization code flow with PKCE), on when
	// OIDC_ISSUER_URL is set. Admin is whoever has OIDC_ADMIN_ROLE in the ID token's OIDC_ROLE_CLAIM.
	OIDCIssuerURL    string                `env:"OIDC_ISSUER_URL"`
	OIDCClientID     string                `env:"OIDC_CLIENT_ID"`
	OIDCClientSecret platformconfig.Secret `env:"OIDC_CLIENT_SECRET"`
	// OIDCRedirectURL is /api/auth/sso/callback on the address the browser uses.
	OIDCRedirectURL string   `env:"OIDC_REDIRECT_URL"`
	OIDCScopes      []string `env:"OIDC_SCOPES" envDefault:"openid,profile,email,groups"`
	OIDCRoleClaim   string   `env:"OIDC_ROLE_CLAIM" envDefault:"groups"`
	OIDCAdminRole   string   `env:"OIDC_ADMIN_ROLE" envDefault:"semesterhaus-admin"`
	// MaxBodyBytes: larger request bodies get 413 (18 MiB leaves room for identity card and
	// enrollment certificate uploads).
	MaxBodyBytes  int64 `env:"MAX_BODY_BYTES" envDefault:"18874368"`
	MaxQueryDepth int   `env:"MAX_QUERY_DEPTH" envDefault:"15"`
	// TrustedProxies are the proxies (addresses or CIDRs, e.g. the Ingress's pod network) whose
	// X-Forwarded-For entry names the client; none trusted: the client is the TCP peer.
	TrustedProxies []string `env:"TRUSTED_PROXIES"`
	// RateLimitBucket is the JetStream key-value bucket of the abuse limits' counters, shared by
	// all replicas.
	RateLimitBucket string `env:"RATE_LIMIT_BUCKET" envDefault:"gateway_limits"`
	// Booking requests, page links, waitlist joins and confirmations per client address in
	// BOOKING_LIMIT_WINDOW (package bookinglimit; the mails per e-mail address are the renting and
	// renter services' count).
	BookingLimitPerIP  int           `env:"BOOKING_LIMIT_PER_IP" envDefault:"20"`
	BookingLimitWindow time.Duration `env:"BOOKING_LIMIT_WINDOW" envDefault:"1h"`
	// MaxQueryCost bounds how many values an operation's answer can hold (docs/security.md,
	// "Operation cost"): the web apps' largest operation costs about 1,200.
	MaxQueryCost int `env:"MAX_QUERY_COST" envDefault:"5000"`
	// MaxQueryBytes bounds the query text, apart from the body (whose uploads may be megabytes).
	MaxQueryBytes int `env:"MAX_QUERY_BYTES" envDefault:"65536"`
	// OperationTimeout ends an operation that takes longer (504); the services' own calls time out
	// after 30 s.
	OperationTimeout time.Duration `env:"OPERATION_TIMEOUT" envDefault:"30s"`
	// RentingURL is the renting service's HTTP address: the confirmation mail's link.
	RentingURL *url.URL `env:"RENTING_URL" envDefault:"http://127.0.0.1:8102"`
	// CatalogURL is the catalog's HTTP address: the files of the apartments' uploaded pictures.
	CatalogURL *url.URL `env:"CATALOG_URL" envDefault:"http://127.0.0.1:8101"`
	// DocumentURL is the document service's HTTP address; admins' downloads are forwarded there.
	DocumentURL *url.URL `env:"DOCUMENT_URL" envDefault:"http://127.0.0.1:8104"`
	// PaymentURL is the payment service's HTTP address: its checkout page and webhook.
	PaymentURL *url.URL `env:"PAYMENT_URL" envDefault:"http://127.0.0.1:8105"`
	// TLSCAFile is the CA that signed the services' certificates: with it the gateway reaches the
	// subgraphs and the services' pages over TLS (required where Production is set).
	TLSCAFile    string `env:"TLS_CA_FILE"`
	WebPublicDir string `env:"WEB_PUBLIC_DIR"`
	WebAdminDir  string `env:"WEB_ADMIN_DIR"`
	LogLevel     string `env:"LOG_LEVEL" envDefault:"info"`
	LogFormat    string `env:"LOG_FORMAT" envDefault:"json"`
}

// Load reads and checks the settings.
func Load() (Config, error) {
	cfg, err := platformconfig.Load[Config]()
	if err != nil {
		return cfg, err
	}
	return cfg, cfg.check()
}

func (c Config) check() error {
	var errs []error
	if c.MaxBodyBytes <= 0 {
		errs = append(errs, errors.New("MAX_BODY_BYTES must be positive"))
	}
	if c.MaxQueryDepth <= 0 {
		errs = append(errs, errors.New("MAX_QUERY_DEPTH must be positive"))
	}
	if c.BookingLimitPerIP <= 0 || c.BookingLimitWindow < time.Second {
		errs = append(errs, errors.New("BOOKING_LIMIT_PER_IP must be positive, BOOKING_LIMIT_WINDOW at least a second"))
	}
	if c.MaxQueryCost <= 0 || c.MaxQueryBytes <= 0 || c.OperationTimeout <= 0 {
		errs = append(errs, errors.New("MAX_QUERY_COST, MAX_QUERY_BYTES and OPERATION_TIMEOUT must be positive"))
	}
	if c.SessionTTL < time.Minute {
		errs = append(errs, errors.New("SESSION_TTL must be at least a minute"))
	}
	if c.MetricsAddr == "" || c.MetricsAddr == c.HTTPAddr {
		errs = append(errs, errors.New("METRICS_ADDR must be set and differ from HTTP_ADDR: metrics are not public"))
	}
	for _, origin := range c.PublicOrigins {
		if !isOrigin(origin) {
			errs = append(errs, fmt.Errorf("PUBLIC_ORIGINS: %q is no origin (scheme://host[:port])", origin))
		}
	}
	if c.OIDCIssuerURL != "" && (c.OIDCClientID == "" || c.OIDCRedirectURL == "") {
		errs = append(errs, errors.New("OIDC_CLIENT_ID and OIDC_REDIRECT_URL are required with OIDC_ISSUER_URL"))
	}
	errs = append(errs, c.checkOIDCURLs()...)
	if c.Production && c.IdentityPrivateKey == "" {
		errs = append(errs, errors.New("IDENTITY_PRIVATE_KEY is required when PRODUCTION=true"))
	}
	if c.Production {
		errs = append(errs, c.checkInternalTLS()...)
	}
	if c.Production && c.AdminAccounts == "" {
		errs = append(errs, errors.New("ADMIN_ACCOUNTS is required when PRODUCTION=true: the local admin/admin account is refused"))
	}
	return errors.Join(errs...)
}

// checkInternalTLS refuses plain HTTP inside a production cluster: every service URL is https,
// verified against TLS_CA_FILE.
func (c Config) checkInternalTLS() []error {
	var errs []error
	if c.TLSCAFile == "" {
		errs = append(errs, errors.New("TLS_CA_FILE is required when PRODUCTION=true: the gateway reaches the services over TLS"))
	}
	urls := map[string]string{"CATALOG_URL": c.CatalogURL.String(), "RENTING_URL": c.RentingURL.String(), "DOCUMENT_URL": c.DocumentURL.String(), "PAYMENT_URL": c.PaymentURL.String()}
	for name, u := range c.SubgraphURLs {
		urls["SUBGRAPH_URLS "+name] = u
	}
	for name, u := range urls {
		if !strings.HasPrefix(u, "https://") {
			errs = append(errs, fmt.Errorf("%s must be an https:// URL when PRODUCTION=true, not %q", name, u))
		}
	}
	return errs
}

// checkOIDCURLs refuses an OpenID provider, or a way back from it, that is no absolute URL, and in
// production one over plain HTTP: the ID tokens that make an admin, and the codes they are
// fetched with, would travel in the clear, and the provider's keys could be swapped on the way.
func (c Config) checkOIDCURLs() []error {
	if c.OIDCIssuerURL == "" {
		return nil
	}
	var errs []error
	for _, setting := range [][2]string{{"OIDC_ISSUER_URL", c.OIDCIssuerURL}, {"OIDC_REDIRECT_URL", c.OIDCRedirectURL}} {
		if setting[1] == "" {
			continue
		}
		if err := platformconfig.CheckPartnerURL(setting[0], setting[1], c.Production); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// isOrigin tells whether s is an origin as browsers send it: scheme and host, nothing else.
func isOrigin(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" &&
		u.User == nil && u.Path == "" && u.RawQuery == "" && u.Fragment == ""
}
