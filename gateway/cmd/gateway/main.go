// Command gateway is Semesterhaus' single entry point for browsers: it composes the subgraphs into
// one GraphQL API at /api/graphql, signs admins in, forwards the caller's identity to the subgraphs
// as a signed token, and serves the built web apps.
package main

import (
	"context"
	"crypto/hkdf"
	"crypto/sha256"
	"crypto/tls"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/gateway/internal/adminguard"
	"semesterhaus/gateway/internal/auth"
	"semesterhaus/gateway/internal/bookinglimit"
	"semesterhaus/gateway/internal/clientaddr"
	"semesterhaus/gateway/internal/config"
	"semesterhaus/gateway/internal/engine"
	"semesterhaus/gateway/internal/httpapi"
	"semesterhaus/gateway/internal/ratelimit"
	"semesterhaus/gateway/schema"
	"semesterhaus/platform/health"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/logging"
	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/server"
	"semesterhaus/platform/tracing"
)

// identityTokenTTL is the lifetime of the tokens forwarded to subgraphs (the contract's 60 s).
const identityTokenTTL = 60 * time.Second

func main() {
	ctx, stop := server.SignalContext()
	defer stop()
	if err := run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "gateway:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	logger := logging.New(cfg.LogLevel, cfg.LogFormat)
	server.TuneGC()
	stopTracing, err := tracing.Setup(ctx, "gateway", logger)
	if err != nil {
		return err
	}
	defer func() {
		flush, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := stopTracing(flush); err != nil {
			logger.Warn("tracing: flushing spans failed", "err", err)
		}
	}()
	nc, err := nats.Connect(cfg.NATSURL.Reveal(),
		append(natsauth.ConnectOptions(cfg.NATSUser, cfg.NATSPassword.Reveal()), nats.Name("gateway"))...)
	if err != nil {
		return fmt.Errorf("connect to NATS: %w", err)
	}
	defer nc.Close()
	// The engine outlives ctx by the graceful shutdown, so requests in flight can still finish.
	engineCtx, stopEngine := context.WithCancel(context.WithoutCancel(ctx))
	defer stopEngine()
	handler, err := newGateway(engineCtx, cfg, logger, nc)
	if err != nil {
		return err
	}
	return server.Run(ctx, logger,
		server.HTTP("http", cfg.HTTPAddr, handler),
		server.HTTP("metrics", cfg.MetricsAddr, httpapi.MetricsHandler()))
}

// newGateway assembles the gateway from its settings: what run serves and what the tests exercise.
// ctx bounds the engine's lifetime.
func newGateway(ctx context.Context, cfg config.Config, logger *slog.Logger, nc *nats.Conn) (http.Handler, error) {
	accounts, err := adminAccounts(cfg, logger)
	if err != nil {
		return nil, err
	}
	signer, err := identitySigner(cfg, logger)
	if err != nil {
		return nil, err
	}
	sessions, err := sessionStore(ctx, nc, cfg, logger)
	if err != nil {
		return nil, err
	}
	clients, err := clientaddr.NewResolver(cfg.TrustedProxies)
	if err != nil {
		return nil, fmt.Errorf("TRUSTED_PROXIES: %w", err)
	}
	counters, err := limitCounters(ctx, nc, cfg, logger)
	if err != nil {
		return nil, err
	}
	servicesTLS, err := internalTLS(cfg)
	if err != nil {
		return nil, err
	}
	services := httpapi.NewUpstream(servicesTLS)
	eng, err := engine.New(ctx, engine.Options{
		TLS:             servicesTLS,
		RouterConfig:    schema.RouterConfig,
		SubgraphURLs:    cfg.SubgraphURLs,
		SubgraphHeaders: []string{identity.Header},
		Logger:          logger,
	})
	if err != nil {
		return nil, err
	}
	devices, err := deviceKey(cfg)
	if err != nil {
		return nil, err
	}
	flows, err := ssoFlowKey(cfg)
	if err != nil {
		return nil, err
	}
	signIn := auth.NewService(auth.Options{
		Accounts:     accounts,
		Store:        sessions,
		SessionTTL:   cfg.SessionTTL,
		SecureCookie: cfg.Production,
		SSO: auth.SSOOptions{
			IssuerURL: cfg.OIDCIssuerURL, ClientID: cfg.OIDCClientID, ClientSecret: string(cfg.OIDCClientSecret),
			RedirectURL: cfg.OIDCRedirectURL, Scopes: cfg.OIDCScopes, RoleClaim: cfg.OIDCRoleClaim, AdminRole: cfg.OIDCAdminRole,
		},
		Counters:      counters,
		DeviceKey:     devices,
		FlowKey:       flows,
		ClientAddress: clients.Address,
		Logger:        logger,
	})
	tokens := httpapi.NewTokenCache(signer)
	return httpapi.NewRouter(httpapi.Routes{
		GraphQL: &httpapi.GraphQL{
			Engine:           eng,
			Guard:            adminguard.New(eng.Schema()),
			Identify:         signIn.Identify,
			Signer:           tokens,
			Subgraphs:        eng.Subgraphs(),
			MaxDepth:         cfg.MaxQueryDepth,
			MaxCost:          cfg.MaxQueryCost,
			MaxQueryBytes:    cfg.MaxQueryBytes,
			OperationTimeout: cfg.OperationTimeout,
			// Outside production the schema stays open to tools; in production only to admins.
			Introspection: !cfg.Production || cfg.Introspection,
			Bookings: bookinglimit.New(counters, bookinglimit.Settings{
				PerAddress: cfg.BookingLimitPerIP, Window: cfg.BookingLimitWindow,
			}, logger),
			ClientAddress: clients.Address,
			Logger:        logger,
		},
		Verify:          services.Forward(cfg.RentingURL, "/api/verify", "/verify"),
		Pictures:        services.Forward(cfg.CatalogURL, "/api/pictures/", "/pictures/"),
		Documents:       services.Documents(cfg.DocumentURL, signIn.Identify, tokens),
		Signing:         services.Forward(cfg.DocumentURL, "/api/signing/", "/signing/"),
		SigningWebhook:  services.Forward(cfg.DocumentURL, "/api/webhooks/signing", "/webhooks/signing"),
		Checkout:        services.Forward(cfg.PaymentURL, "/api/checkout/", "/checkout/"),
		Pay:             services.Forward(cfg.PaymentURL, "/api/pay/", "/pay/"),
		RenterPageFiles: services.Forward(cfg.DocumentURL, "/api/my-booking/", "/my-booking/"),
		PaymentWebhook:  services.Forward(cfg.PaymentURL, "/api/webhooks/payment", "/webhooks/payment"),
		Auth:            signIn,
		ReadinessChecks: []health.Check{{Name: "nats", Func: nc.FlushWithContext}},
		PublicDir:       cfg.WebPublicDir,
		AdminDir:        cfg.WebAdminDir,
		MaxBodyBytes:    cfg.MaxBodyBytes,
		TrustedOrigins:  cfg.PublicOrigins,
		HSTS:            cfg.Production,
		Logger:          logger,
	})
}

// adminAccounts are the configured accounts or, outside production, the local admin/admin.
func adminAccounts(cfg config.Config, logger *slog.Logger) (auth.Accounts, error) {
	if cfg.AdminAccounts != "" {
		accounts, err := auth.ParseAccounts(cfg.AdminAccounts.Reveal())
		if err != nil {
			return auth.Accounts{}, fmt.Errorf("ADMIN_ACCOUNTS: %w", err)
		}
		return accounts, nil
	}
	logger.Warn("ADMIN_ACCOUNTS is not set: the local default account admin/admin is in use; " +
		"it is refused with PRODUCTION=true")
	return auth.LocalDefaultAccounts()
}

// internalTLS is how the gateway verifies the services' certificates: with the internal CA of
// TLS_CA_FILE, or not at all where there is none (plain HTTP, refused in production by Load).
func internalTLS(cfg config.Config) (*tls.Config, error) {
	if cfg.TLSCAFile == "" {
		return nil, nil
	}
	return server.ClientTLS(cfg.TLSCAFile)
}

// identitySigner signs with the configured key or, outside production, with a throwaway one.
func identitySigner(cfg config.Config, logger *slog.Logger) (*identity.Signer, error) {
	seed := cfg.IdentityPrivateKey.Reveal()
	if seed == "" {
		logger.Warn("IDENTITY_PRIVATE_KEY is not set: signing with a throwaway key, so subgraphs " +
			"cannot verify the tokens and treat every caller as anonymous")
		var err error
		if _, seed, err = identity.GenerateKeyPair(); err != nil {
			return nil, err
		}
	}
	key, err := identity.ParsePrivateKey(seed)
	if err != nil {
		return nil, fmt.Errorf("IDENTITY_PRIVATE_KEY: %w", err)
	}
	return identity.NewSigner(key, identityTokenTTL), nil
}

// deviceKey signs the cookies of the browsers admins signed in from: derived from the identity key,
// so every replica has the same one without another secret. Without an identity key (locally) the
// sign-in service draws its own.
func deviceKey(cfg config.Config) ([]byte, error) {
	seed := cfg.IdentityPrivateKey.Reveal()
	if seed == "" {
		return nil, nil
	}
	return hkdf.Key(sha256.New, []byte(seed), nil, "semesterhaus gateway: sign-in device cookies", 32)
}

// ssoFlowKey seals the single sign-on flow cookie: derived from the identity key like deviceKey, with
// a purpose of its own. Without an identity key (locally) the sign-in service draws its own.
func ssoFlowKey(cfg config.Config) ([]byte, error) {
	seed := cfg.IdentityPrivateKey.Reveal()
	if seed == "" {
		return nil, nil
	}
	return hkdf.Key(sha256.New, []byte(seed), nil, "semesterhaus gateway: single sign-on flow cookie", 32)
}

// sessionStore keeps the sessions in the bucket the provisioning made (natsprovision, with
// NATS_STREAM_REPLICAS copies: losing a node must not sign every admin out).
func sessionStore(ctx context.Context, nc *nats.Conn, cfg config.Config, logger *slog.Logger) (*auth.NATSStore, error) {
	kv, err := bindBucket(ctx, nc, cfg.SessionBucket, logger)
	if err != nil {
		return nil, err
	}
	return auth.NewNATSStore(ctx, nc, kv, cfg.SessionTTL)
}

// limitWindow is the longest window the abuse limits count in: their bucket keeps each count that
// long at least.
func limitWindow(cfg config.Config) time.Duration {
	return max(cfg.BookingLimitWindow, auth.LoginWindow)
}

// limitCounters is the bucket of the abuse limits' counters, as replicated as the sessions.
func limitCounters(ctx context.Context, nc *nats.Conn, cfg config.Config, logger *slog.Logger) (*ratelimit.Store, error) {
	kv, err := bindBucket(ctx, nc, cfg.RateLimitBucket, logger)
	if err != nil {
		return nil, err
	}
	return ratelimit.NewStore(ctx, kv, limitWindow(cfg))
}

// bindBucket waits until the provisioning has made the bucket: the gateway's NATS user may read and
// write its keys, not create it.
func bindBucket(ctx context.Context, nc *nats.Conn, bucket string, logger *slog.Logger) (jetstream.KeyValue, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	kv, err := natsprovision.Await(ctx, func(ctx context.Context) (jetstream.KeyValue, error) { return js.KeyValue(ctx, bucket) },
		func(error) { logger.Warn("waiting for the provisioning of the key-value bucket", "bucket", bucket) },
		jetstream.ErrBucketNotFound)
	if err != nil {
		return nil, fmt.Errorf("bucket %s: %w", bucket, err)
	}
	return kv, nil
}
