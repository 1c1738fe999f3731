package config

import (
	"fmt"
	"net/url"
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
