// Package config reads a service's settings from the environment into one typed struct.
//
// Settings are read once, in main, so that no other code calls os.Getenv; fields are declared with
// caarlos0/env tags, e.g.
//
//	type Config struct {
//		DatabaseURL config.Secret `env:"DATABASE_URL,required"`
//		HTTPAddr    string        `env:"HTTP_ADDR" envDefault:":8101"`
//	}
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"strings"

	"github.com/caarlos0/env/v11"
)

// Load fills a T from the environment. The error names every variable that is missing or malformed,
// not only the first.
func Load[T any]() (T, error) {
	cfg, err := env.ParseAs[T]()
	var agg env.AggregateError
	if !errors.As(err, &agg) {
		if err != nil {
			return cfg, fmt.Errorf("config: %w", err)
		}
		return cfg, nil
	}
	errs := make([]error, len(agg.Errors))
	for i, e := range agg.Errors {
		errs[i] = nameVariable(reflect.TypeFor[T](), e)
	}
	return cfg, fmt.Errorf("config: %w", errors.Join(errs...))
}

// nameVariable puts the variable's name in front of a parse error, which names only the struct
// field, so that the message says what to fix in the environment.
func nameVariable(t reflect.Type, err error) error {
	var pe env.ParseError
	if !errors.As(err, &pe) || t.Kind() != reflect.Struct {
		return err
	}
	f, ok := t.FieldByName(pe.Name)
	if !ok {
		return err
	}
	key, _, _ := strings.Cut(f.Tag.Get("env"), ",")
	return fmt.Errorf("environment variable %s: %w", key, err)
}

// masked is what a Secret shows wherever it is printed, logged or encoded.
const masked = "****"

// Secret is a setting that must never appear in logs (passwords, keys, URLs with credentials).
// Only Reveal returns its value.
type Secret string

// Reveal returns the secret's value, for the one place that needs it.
func (s Secret) Reveal() string { return string(s) }

// String masks the value for fmt's %s and %v.
func (s Secret) String() string { return masked }

// GoString masks the value for fmt's %#v.
func (s Secret) GoString() string { return masked }

// MarshalText masks the value in JSON and in slog's text and JSON handlers.
func (s Secret) MarshalText() ([]byte, error) { return []byte(masked), nil }

// LogValue masks the value for slog, whatever the handler.
func (s Secret) LogValue() slog.Value { return slog.StringValue(masked) }
