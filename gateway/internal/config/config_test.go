package config

import (
	"maps"
	"strings"
	"testing"
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
