package config

import "testing"

func TestLoad_heloName_defaultsToTheSendersDomain(t *testing.T) {
	t.Setenv("DATABASE_URL", "postgres://localhost/renter")
	t.Setenv("MAIL_FROM", "Haus am See <wohnen@haus-am-see.example>")
	cfg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.SMTPHELOName != "haus-am-see.example" {
		t.Errorf("SMTP_HELO_NAME unset = %q, want MAIL_FROM's domain haus-am-see.example", cfg.SMTPHELOName)
	}
	t.Setenv("SMTP_HELO_NAME", "mail.haus-am-see.example")
	if cfg, err = Load(); err != nil || cfg.SMTPHELOName != "mail.haus-am-see.example" {
		t.Errorf("Load() = %q, %v; want the set HELO name", cfg.SMTPHELOName, err)
	}
}

func TestLoad_production_refusesPlainSMTPAndAHELONameThatIsNoFQDN(t *testing.T) {
	for name, env := range map[string]map[string]string{
		"SMTP_TLS=none":                 {"SMTP_TLS": "none"},
		"a pod name as HELO name":       {"SMTP_HELO_NAME": "renter-7d9f8c6b5-x2k4q"},
		"a sender domain without a dot": {"MAIL_FROM": "wohnen@localhost"},
		"an address as HELO name":       {"SMTP_HELO_NAME": "192.0.2.25"},
	} {
		t.Run(name, func(t *testing.T) {
			productionMail(t)
			for k, v := range env {
				t.Setenv(k, v)
			}
			if _, err := Load(); err == nil {
				t.Errorf("Load() with %v in production = nil, want an error", env)
			}
		})
	}
}

func TestLoad_production_takesSTARTTLSWithTheSendersDomain_outsideProductionPlainToo(t *testing.T) {
	productionMail(t)
	if _, err := Load(); err != nil {
		t.Errorf("production with starttls and the sender's domain: %v", err)
	}
	t.Setenv("PRODUCTION", "false")
	t.Setenv("SMTP_TLS", "none")
	t.Setenv("SMTP_HELO_NAME", "localhost")
	if _, err := Load(); err != nil {
		t.Errorf("outside production, plain to the mail catcher: %v", err)
	}
}

// productionMail sets what production needs of the mail settings, and a database.
func productionMail(t *testing.T) {
	t.Helper()
	t.Setenv("DATABASE_URL", "postgres://localhost/renter")
	t.Setenv("PRODUCTION", "true")
	t.Setenv("SMTP_TLS", "starttls")
}

func TestIsFQDN(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		"neckarblick.example": true, "mail.neckarblick.example.": true, "xn--mnchen-3ya.example": true, "a-1.b2.de": true,
		"": false, "renter-7d9f8c6b5-x2k4q": false, "localhost": false, "192.0.2.25": false, "[192.0.2.25]": false,
		"-a.example": false, "a-.example": false, "a..example": false, ".example": false, "wohn heim.example": false,
		"ümlaut.example": false, "a_b.example": false, string(make([]byte, 64)) + ".example": false,
	} {
		if got := isFQDN(name); got != want {
			t.Errorf("isFQDN(%q) = %v, want %v", name, got, want)
		}
	}
}
