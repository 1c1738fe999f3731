// Package config reads the catalog's settings from the environment once, at start.
package config

import (
	"fmt"

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
	return cfg, nil
}
