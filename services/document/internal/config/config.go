// Package config reads the document service's settings from the environment once, at start.
package config

import (
	platformconfig "semesterhaus/platform/config"
	"semesterhaus/platform/service"
)

// Config holds every setting of the document service.
type Config struct {
	service.Settings
	NATSURL  string `env:"NATS_URL,required"`
	HTTPAddr string `env:"HTTP_ADDR" envDefault:":8104"`
	GRPCAddr string `env:"GRPC_ADDR" envDefault:":9104"`
}

// Load reads the settings.
func Load() (Config, error) {
	return platformconfig.Load[Config]()
}
