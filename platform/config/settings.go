package config

import (
	"crypto/rand"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// TimeZone is a setting that names a time zone (TIME_ZONE=Europe/Berlin); an unknown zone is
// refused when the settings are read.
type TimeZone struct{ *time.Location }

// UnmarshalText loads the named zone.
func (z *TimeZone) UnmarshalText(text []byte) error {
	loc, err := time.LoadLocation(string(text))
	if err != nil {
		return fmt.Errorf("time zone %q: %w", text, err)
	}
	z.Location = loc
	return nil
}

// CheckAbsoluteURL refuses a setting (named name) whose value is not an absolute URL, with scheme
// and host.
func CheckAbsoluteURL(name, value string) error {
	if u, err := url.Parse(value); err != nil || u.Scheme == "" || u.Host == "" {
		return fmt.Errorf("%s %q must be an absolute URL", name, value)
	}
	return nil
}

// SecretFile reads the secret kept in the file at path, or makes a random one (rand.Text) and keeps
// it there, readable by the owner only, so that a local stack makes its secrets once and reuses
// them. It tells whether it made a new one.
func SecretFile(path string) (secret string, madeNew bool, err error) {
	if b, err := os.ReadFile(path); err == nil {
		return strings.TrimSpace(string(b)), false, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", false, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", false, err
	}
	secret = rand.Text()
	if err := os.WriteFile(path, []byte(secret+"\n"), 0o600); err != nil {
		return "", false, err
	}
	return secret, true, nil
}
