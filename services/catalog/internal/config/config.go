// Package config reads the catalog's settings from the environment once, at start.
package config

import (
	"errors"
	"fmt"
	"time"

	platformconfig "semesterhaus/platform/config"
	"semesterhaus/platform/service"
)

// Config holds every setting of the catalog service.
type Config struct {
	service.Settings
	HTTPAddr          string                  `env:"HTTP_ADDR" envDefault:":8101"`
	GRPCAddr          string                  `env:"GRPC_ADDR" envDefault:":9101"`
	TimeZone          platformconfig.TimeZone `env:"TIME_ZONE" envDefault:"Europe/Berlin"`
	RenewalWindowDays int                     `env:"RENEWAL_WINDOW_DAYS" envDefault:"30"`
	// SemestersAheadMonths: every regular semester starting within this many months exists.
	SemestersAheadMonths int           `env:"SEMESTERS_AHEAD_MONTHS" envDefault:"24"`
	JobInterval          time.Duration `env:"JOB_INTERVAL" envDefault:"1h"`
	// MaxImagePixels is the most pixels (width × height) an uploaded apartment picture may have (the
	// document service's bound of its uploads, with its default; docs/security.md, "Uploads"), and
	// MaxConcurrentDecodes how many uploads are decoded at once: one, as administrators upload one
	// picture at a time, so that a decode of 25 MP (up to 160 MB) fits the container.
	MaxImagePixels       int `env:"MAX_IMAGE_PIXELS" envDefault:"25000000"`
	MaxConcurrentDecodes int `env:"MAX_CONCURRENT_DECODES" envDefault:"1"`
}

// Load reads the settings and checks them.
func Load() (Config, error) {
	cfg, err := platformconfig.Load[Config]()
	if err != nil {
		return Config{}, err
	}
	if cfg.RenewalWindowDays < 1 || cfg.RenewalWindowDays > 180 {
		return Config{}, fmt.Errorf("RENEWAL_WINDOW_DAYS must be between 1 and 180, not %d", cfg.RenewalWindowDays)
	}
	if cfg.SemestersAheadMonths < 6 || cfg.SemestersAheadMonths > 120 {
		return Config{}, fmt.Errorf("SEMESTERS_AHEAD_MONTHS must be between 6 and 120, not %d", cfg.SemestersAheadMonths)
	}
	if cfg.MaxImagePixels <= 0 || cfg.MaxConcurrentDecodes <= 0 {
		return Config{}, errors.New("MAX_IMAGE_PIXELS and MAX_CONCURRENT_DECODES must be positive")
	}
	if cfg.JobInterval < time.Second {
		return Config{}, fmt.Errorf("JOB_INTERVAL must be at least 1s, not %s", cfg.JobInterval)
	}
	return cfg, nil
}
