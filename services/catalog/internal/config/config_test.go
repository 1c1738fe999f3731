package config

import (
	"testing"

	"semesterhaus/platform/picture"
)

func TestLoad_uploadLimits_defaultAndSet(t *testing.T) {
	t.Setenv("DATABASE_URL", "postgres://localhost/catalog")
	cfg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.MaxImagePixels != picture.DefaultMaxPixels || cfg.MaxConcurrentDecodes != 1 {
		t.Errorf("default upload limits = %d pixels, %d decodes; want the document service's 25 MP, one at a time", cfg.MaxImagePixels, cfg.MaxConcurrentDecodes)
	}
	t.Setenv("MAX_IMAGE_PIXELS", "12000000")
	t.Setenv("MAX_CONCURRENT_DECODES", "2")
	if cfg, err = Load(); err != nil || cfg.MaxImagePixels != 12_000_000 || cfg.MaxConcurrentDecodes != 2 {
		t.Errorf("Load() = %d, %d, %v; want the set upload limits", cfg.MaxImagePixels, cfg.MaxConcurrentDecodes, err)
	}
}

func TestLoad_uploadLimitsThatBoundNothing_areRefused(t *testing.T) {
	for _, setting := range [][2]string{{"MAX_IMAGE_PIXELS", "0"}, {"MAX_IMAGE_PIXELS", "-1"}, {"MAX_CONCURRENT_DECODES", "0"}} {
		t.Run(setting[0]+"="+setting[1], func(t *testing.T) {
			t.Setenv("DATABASE_URL", "postgres://localhost/catalog")
			t.Setenv(setting[0], setting[1])
			if _, err := Load(); err == nil {
				t.Errorf("Load() with %s=%s = nil, want an error", setting[0], setting[1])
			}
		})
	}
}
