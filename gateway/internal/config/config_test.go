package config

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"semesterhaus/platform/natsauth"
)

func TestLoad_defaultsAndSubgraphURLs(t *testing.T) {
	t.Setenv("NATS_URL", "nats://127.0.0.1:4222")
	t.Setenv("SUBGRAPH_URLS", "catalog=http://catalog:8101/graphql,renting=http://renting:8102/graphql")
	cfg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.HTTPAddr != ":8080" || cfg.MetricsAddr != ":9080" || cfg.MaxBodyBytes != 18<<20 || cfg.MaxQueryDepth != 15 ||
		cfg.Production || cfg.Introspection || len(cfg.PublicOrigins) != 0 {
		t.Errorf("defaults = %+v, want :8080, metrics on :9080, 18 MiB, depth 15, not production, no introspection setting, no public origins", cfg)
	}
	want := map[string]string{"catalog": "http://catalog:8101/graphql", "renting": "http://renting:8102/graphql"}
	if !maps.Equal(cfg.SubgraphURLs, want) {
		t.Errorf("SubgraphURLs = %v, want %v", cfg.SubgraphURLs, want)
	}
}

func TestLoad_productionWithoutAccountsOrKey_refused(t *testing.T) {
	t.Setenv("NATS_URL", "nats://127.0.0.1:4222")
	t.Setenv("PRODUCTION", "true")
	_, err := Load()
	if err == nil || !strings.Contains(err.Error(), "ADMIN_ACCOUNTS") || !strings.Contains(err.Error(), "IDENTITY_PRIVATE_KEY") {
		t.Errorf("production without accounts and key: err = %v, want both named", err)
	}
}

func TestLoad_abuseLimits_defaultsAndRefusedValues(t *testing.T) {
	t.Setenv("NATS_URL", "nats://127.0.0.1:4222")
	t.Setenv("TRUSTED_PROXIES", "10.0.0.0/8,192.168.1.7")
	cfg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.BookingLimitPerIP != 20 || cfg.BookingLimitWindow != time.Hour ||
		cfg.RateLimitBucket != "gateway_limits" || len(cfg.TrustedProxies) != 2 {
		t.Errorf("abuse limit settings = %+v, want 20 per client address an hour, two proxies", cfg)
	}
	for _, setting := range []string{"BOOKING_LIMIT_PER_IP", "BOOKING_LIMIT_WINDOW"} {
		t.Run(setting, func(t *testing.T) {
			t.Setenv(setting, "0")
			if _, err := Load(); err == nil || !strings.Contains(err.Error(), setting) {
				t.Errorf("%s=0: err = %v, want it named", setting, err)
			}
		})
	}
}

func TestLoad_operationLimits_defaultsAndNonPositiveRefused(t *testing.T) {
	t.Setenv("NATS_URL", "nats://127.0.0.1:4222")
	cfg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.MaxQueryCost != 5000 || cfg.MaxQueryBytes != 64<<10 || cfg.OperationTimeout != 30*time.Second {
		t.Errorf("MaxQueryCost, MaxQueryBytes, OperationTimeout = %d, %d, %v; want 5000, 64 KiB, 30s", cfg.MaxQueryCost, cfg.MaxQueryBytes, cfg.OperationTimeout)
	}
	for _, setting := range []string{"MAX_QUERY_COST", "MAX_QUERY_BYTES", "OPERATION_TIMEOUT"} {
		t.Run(setting, func(t *testing.T) {
			value := "0"
			if setting == "OPERATION_TIMEOUT" {
				value = "0s"
			}
			t.Setenv(setting, value)
			if _, err := Load(); err == nil || !strings.Contains(err.Error(), setting) {
				t.Errorf("%s=%s: err = %v, want it named", setting, value, err)
			}
		})
	}
}

func TestLoad_publicOriginsMustBeOriginsAndMetricsNotOnThePublicPort(t *testing.T) {
	t.Setenv("NATS_URL", "nats://127.0.0.1:4222")
	for _, bad := range []string{"semesterhaus.example", "https://semesterhaus.example/admin", "ftp://x.example", "https://user@x.example"} {
		t.Setenv("PUBLIC_ORIGINS", bad)
		if _, err := Load(); err == nil || !strings.Contains(err.Error(), "PUBLIC_ORIGINS") {
			t.Errorf("PUBLIC_ORIGINS=%s: err = %v, want it named", bad, err)
		}
	}
	t.Setenv("PUBLIC_ORIGINS", "https://semesterhaus.example,http://localhost:5173")
	if cfg, err := Load(); err != nil || len(cfg.PublicOrigins) != 2 {
		t.Errorf("two origins: %v, %v", cfg.PublicOrigins, err)
	}
	t.Setenv("METRICS_ADDR", ":8080")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "METRICS_ADDR") {
		t.Errorf("METRICS_ADDR on the public port: err = %v, want it named", err)
	}
}

// TestLoad_bucketDefaults_areTheGatewaysNATSBuckets: the NATS user of the gateway may use the
// buckets it uses by default, and no other user may.
func TestLoad_bucketDefaults_areTheGatewaysNATSBuckets(t *testing.T) {
	t.Setenv("NATS_URL", "nats://127.0.0.1:4222")
	cfg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if got := []string{cfg.SessionBucket, cfg.RateLimitBucket}; !slices.Equal(got, natsauth.GatewayBuckets) {
		t.Errorf("buckets = %v, want natsauth.GatewayBuckets %v", got, natsauth.GatewayBuckets)
	}
}

// production is a production configuration the gateway starts with: single sign-on over https,
// the services over TLS.
func production(t *testing.T) {
	t.Setenv("NATS_URL", "nats://127.0.0.1:4222")
	t.Setenv("PRODUCTION", "true")
	t.Setenv("IDENTITY_PRIVATE_KEY", "c2VlZA==")
	t.Setenv("ADMIN_ACCOUNTS", "admin:$2a$10$x")
	t.Setenv("TLS_CA_FILE", "/etc/semesterhaus/ca.crt")
	for _, name := range []string{"CATALOG", "RENTING", "DOCUMENT", "PAYMENT"} {
		t.Setenv(name+"_URL", "https://"+strings.ToLower(name)+":8443")
	}
	t.Setenv("OIDC_ISSUER_URL", "https://login.semesterhaus.example/realms/staff/")
	t.Setenv("OIDC_CLIENT_ID", "semesterhaus")
	t.Setenv("OIDC_REDIRECT_URL", "https://semesterhaus.example/api/auth/sso/callback")
}

func TestLoad_productionWithSingleSignOnOverHTTPS_starts(t *testing.T) {
	production(t)
	if _, err := Load(); err != nil {
		t.Fatal(err)
	}
}

func TestLoad_production_refusesSingleSignOnOverPlainHTTP_namingTheSetting(t *testing.T) {
	for setting, value := range map[string]string{
		"OIDC_ISSUER_URL":   "http://login.semesterhaus.example/realms/staff/",
		"OIDC_REDIRECT_URL": "http://semesterhaus.example/api/auth/sso/callback",
	} {
		t.Run(setting, func(t *testing.T) {
			production(t)
			t.Setenv(setting, value)
			if _, err := Load(); err == nil || !strings.Contains(err.Error(), setting+" must be an https:// URL when PRODUCTION=true") {
				t.Errorf("%s=%s: err = %v, want it refused by name", setting, value, err)
			}
		})
	}
}

func TestLoad_locally_singleSignOnOverHTTP_startsButAnIssuerThatIsNoURLIsRefused(t *testing.T) {
	t.Setenv("NATS_URL", "nats://127.0.0.1:4222")
	t.Setenv("OIDC_ISSUER_URL", "http://localhost:9998/")
	t.Setenv("OIDC_CLIENT_ID", "web")
	t.Setenv("OIDC_REDIRECT_URL", "http://127.0.0.1:8080/api/auth/sso/callback")
	if _, err := Load(); err != nil {
		t.Fatalf("a local provider over http: %v", err)
	}
	t.Setenv("OIDC_ISSUER_URL", "localhost:9998")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "OIDC_ISSUER_URL") {
		t.Errorf("an issuer that is no URL: err = %v, want it named", err)
	}
}
