package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	platformconfig "semesterhaus/platform/config"
)

// setEnv sets the settings every start needs and then the given ones.
func setEnv(t *testing.T, settings map[string]string) {
	t.Setenv("DATABASE_URL", "postgres://localhost/document")
	for k, v := range settings {
		t.Setenv(k, v)
	}
}

var realProvider = map[string]string{
	"PRODUCTION": "true", "SIGNING_PROVIDER": "docusign", "DOCUSIGN_AUTH_URL": "https://account-d.docusign.com",
	"DOCUSIGN_INTEGRATION_KEY": "ik", "DOCUSIGN_USER_ID": "user", "DOCUSIGN_PRIVATE_KEY": "-----BEGIN RSA PRIVATE KEY-----",
	"SIGNING_WEBHOOK_SECRET": connectKey,
}

// connectKey is a Connect HMAC key as DocuSign makes them: base64 of 32 bytes.
const connectKey = "mTZz0ScZQd0Sg8nK6B7Cq1E5wb3sN9vRx2yJtUaHfLo="

func with(settings map[string]string, key, value string) map[string]string {
	out := map[string]string{key: value}
	for k, v := range settings {
		if k != key {
			out[k] = v
		}
	}
	return out
}

func TestLoad_production_refusesTheSandboxAndTheBuiltInSecret(t *testing.T) {
	tests := []struct {
		name     string
		settings map[string]string
		naming   string
	}{
		{"sandbox provider", map[string]string{"PRODUCTION": "true", "SIGNING_WEBHOOK_SECRET": connectKey}, "SIGNING_PROVIDER"},
		{"built-in secret with the real provider", with(realProvider, "SIGNING_WEBHOOK_SECRET", sandboxWebhookSecret), "SIGNING_WEBHOOK_SECRET"},
		{"the real provider without a webhook secret", with(realProvider, "SIGNING_WEBHOOK_SECRET", ""), "SIGNING_WEBHOOK_SECRET"},
		{"docusign without its private key", with(realProvider, "DOCUSIGN_PRIVATE_KEY", ""), "DOCUSIGN_PRIVATE_KEY or DOCUSIGN_PRIVATE_KEY_FILE"},
		{"docusign without its integration key", with(realProvider, "DOCUSIGN_INTEGRATION_KEY", ""), "DOCUSIGN_INTEGRATION_KEY"},
		{"docusign's OAuth server over plain HTTP", with(realProvider, "DOCUSIGN_AUTH_URL", "http://account.docusign.com"), "DOCUSIGN_AUTH_URL must be an https:// URL"},
		{"docusign's OAuth server no URL", with(realProvider, "DOCUSIGN_AUTH_URL", "account.docusign.com"), "DOCUSIGN_AUTH_URL"},
		{"a 1-byte Connect key", with(realProvider, "SIGNING_WEBHOOK_SECRET", "k"), "SIGNING_WEBHOOK_SECRET has 1 bytes"},
		{"a short Connect key beside a good one", with(realProvider, "SIGNING_WEBHOOK_SECRET", connectKey+",old-key"), "SIGNING_WEBHOOK_SECRET (key 2 of 2) has 7 bytes"},
		{"a tolerance of ten years", with(realProvider, "SIGNING_WEBHOOK_TOLERANCE", "87600h"), "SIGNING_WEBHOOK_TOLERANCE 87600h0m0s is over 10m0s"},
		{"docusign's key twice", with(realProvider, "DOCUSIGN_PRIVATE_KEY_FILE", "/etc/docusign/key.pem"), "not both"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setEnv(t, tt.settings)
			if _, err := Load(); err == nil || !strings.Contains(err.Error(), tt.naming) {
				t.Errorf("Load() = %v, want an error naming %s", err, tt.naming)
			}
		})
	}
}

func TestLoad_productionWithTheRealProviderAndItsSecrets_starts(t *testing.T) {
	setEnv(t, realProvider)
	if _, err := Load(); err != nil {
		t.Fatal(err)
	}
}

func TestLoad_docuSign_readsSeveralConnectKeysAndTheKeyFile(t *testing.T) {
	const oldKey = "old-key-of-thirty-two-bytes-long"
	file := filepath.Join(t.TempDir(), "docusign.pem")
	if err := os.WriteFile(file, []byte("PEM"), 0o600); err != nil {
		t.Fatal(err)
	}
	setEnv(t, with(with(with(realProvider, "DOCUSIGN_PRIVATE_KEY", ""), "DOCUSIGN_PRIVATE_KEY_FILE", file), "SIGNING_WEBHOOK_SECRET", " "+connectKey+" , "+oldKey+","))
	cfg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	keys := cfg.ConnectKeys()
	if len(keys) != 2 || string(keys[0]) != connectKey || string(keys[1]) != oldKey {
		t.Errorf("ConnectKeys = %q, want the new key and the old one", keys)
	}
	if pem, err := cfg.DocuSignPrivateKeyPEM(); err != nil || string(pem) != "PEM" {
		t.Errorf("PrivateKeyPEM = %q, %v", pem, err)
	}
}

func TestLoad_locally_sandboxWithTheLocalSecret(t *testing.T) {
	setEnv(t, nil)
	cfg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Signing.Provider != platformconfig.Sandbox || cfg.Signing.WebhookSecret.Reveal() != sandboxWebhookSecret || cfg.Signing.WebhookTolerance.Minutes() != 5 {
		t.Errorf("provider %s, local secret %v, tolerance %s; want the sandbox, its local secret and 5m",
			cfg.Signing.Provider, cfg.Signing.WebhookSecret.Reveal() == sandboxWebhookSecret, cfg.Signing.WebhookTolerance)
	}
}

func TestLoad_nonPositiveTolerance_refused(t *testing.T) {
	setEnv(t, map[string]string{"SIGNING_WEBHOOK_TOLERANCE": "-1m"})
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "SIGNING_WEBHOOK_TOLERANCE") {
		t.Errorf("Load() = %v, want an error naming SIGNING_WEBHOOK_TOLERANCE", err)
	}
}

func TestLoad_uploadLimits_defaultAndSet(t *testing.T) {
	setEnv(t, nil)
	cfg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.UploadLimits(); got.MaxImagePixels != 25_000_000 || got.MaxConcurrentDecodes != 2 {
		t.Errorf("default upload limits = %+v, want 25 MP and 2 decodes at once", got)
	}
	setEnv(t, map[string]string{"MAX_IMAGE_PIXELS": "12000000", "MAX_CONCURRENT_DECODES": "1"})
	if cfg, err = Load(); err != nil || cfg.UploadLimits().MaxImagePixels != 12_000_000 || cfg.UploadLimits().MaxConcurrentDecodes != 1 {
		t.Errorf("Load() = %+v, %v; want the set upload limits", cfg.UploadLimits(), err)
	}
}

func TestLoad_uploadLimitsThatBoundNothing_areRefused(t *testing.T) {
	for _, setting := range []map[string]string{
		{"MAX_IMAGE_PIXELS": "0"}, {"MAX_IMAGE_PIXELS": "-1"}, {"MAX_CONCURRENT_DECODES": "0"},
	} {
		setEnv(t, setting)
		if _, err := Load(); err == nil {
			t.Errorf("Load() with %v = nil, want an error", setting)
		}
	}
}
