// Package config reads the catalog's settings from the environment once, at start.
package config

import (
	"fmt"
	"time"

	platformconfig "semesterhaus/platform/config"
	"semesterhaus/platform/service"
)

// Config holds every setting of the catalog service.
type Config struct {
	service.Settings
	HTTPAddr          string `env:"HTTP_ADDR" envDefault:":8101"`
	GRPCAddr          string `env:"GRPC_ADDR" envDefault:":9101"`
	TimeZone          string `env:"TIME_ZONE" envDefault:"Europe/Berlin"`
	RenewalWindowDays int    `env:"RENEWAL_WINDOW_DAYS" envDefault:"30"`
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
	if _, err := time.LoadLocation(cfg.TimeZone); err != nil {
		return Config{}, fmt.Errorf("TIME_ZONE %q: %w", cfg.TimeZone, err)
	}
	return cfg, nil
}

// Location returns the residence's time zone (checked by Load).
func (c Config) Location() *time.Location {
	loc, _ := time.LoadLocation(c.TimeZone)
	return loc
}
