// Package config reads the document service's settings from the environment once, at start.
package config

import platformconfig "semesterhaus/platform/config"

// Config holds every setting of the document service.
type Config struct {
	DatabaseURL       platformconfig.Secret `env:"DATABASE_URL,required"`
	NatsURL           string                `env:"NATS_URL,required"`
	HTTPAddr          string                `env:"HTTP_ADDR" envDefault:":8104"`
	GRPCAddr          string                `env:"GRPC_ADDR" envDefault:":9104"`
	IdentityPublicKey string                `env:"IDENTITY_PUBLIC_KEY"`
	LogLevel          string                `env:"LOG_LEVEL" envDefault:"info"`
	LogFormat         string                `env:"LOG_FORMAT" envDefault:"json"`
}

// Load reads the settings.
func Load() (Config, error) {
	return platformconfig.Load[Config]()
}
