package config_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"semesterhaus/platform/config"
)

func TestTimeZone_knownZoneLoaded_unknownRefusedNamingTheVariable(t *testing.T) {
	type settings struct {
		TimeZone config.TimeZone `env:"TIME_ZONE" envDefault:"Europe/Berlin"`
	}
	cfg, err := config.Load[settings]()
	if err != nil || cfg.TimeZone.String() != "Europe/Berlin" {
		t.Fatalf("default: %v, %v", cfg.TimeZone, err)
	}
	t.Setenv("TIME_ZONE", "Europe/Nowhere")
	if _, err := config.Load[settings](); err == nil || !strings.Contains(err.Error(), "TIME_ZONE") {
		t.Errorf("an unknown zone: %v, want TIME_ZONE refused", err)
	}
}

func TestCheckAbsoluteURL(t *testing.T) {
	t.Parallel()
	for value, ok := range map[string]bool{
		"https://wohnen.example": true, "http://localhost:8080": true, "wohnen.example": false, "/api": false, "": false,
	} {
		if err := config.CheckAbsoluteURL("PUBLIC_URL", value); (err == nil) != ok || err != nil && !strings.Contains(err.Error(), "PUBLIC_URL") {
			t.Errorf("%q: %v", value, err)
		}
	}
}

func TestSecretFile_madeOnceOwnerOnlyThenKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "secrets", "renting")
	first, madeNew, err := config.SecretFile(path)
	if err != nil || !madeNew || first == "" {
		t.Fatalf("first call = %q, %v, %v; want a new secret", first, madeNew, err)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("file mode = %v (%v), want 0600", info.Mode().Perm(), err)
	}
	again, madeNew, err := config.SecretFile(path)
	if err != nil || madeNew || again != first {
		t.Errorf("second call = %q, %v, %v; want the kept secret", again, madeNew, err)
	}
}
