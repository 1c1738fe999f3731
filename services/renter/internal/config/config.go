// Package config reads the renter service's settings from the environment once, at start.
package config

import (
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	platformconfig "semesterhaus/platform/config"
	"semesterhaus/platform/service"
)

// Config holds every setting of the renter service.
type Config struct {
	service.Settings
	HTTPAddr string `env:"HTTP_ADDR" envDefault:":8103"`
	GRPCAddr string `env:"GRPC_ADDR" envDefault:":9103"`
	// The services whose audit entries about renters the back office shows with the renter's own.
	RentingGRPCAddr  string `env:"RENTING_GRPC_ADDR" envDefault:"127.0.0.1:9102"`
	DocumentGRPCAddr string `env:"DOCUMENT_GRPC_ADDR" envDefault:"127.0.0.1:9104"`
	// The catalog names the residence and the apartment, semester and total in every mail.
	CatalogGRPCAddr string `env:"CATALOG_GRPC_ADDR" envDefault:"127.0.0.1:9101"`
	// SMTPAddr is the mail server (host:port); locally a sink without authentication or TLS.
	SMTPAddr string `env:"SMTP_ADDR" envDefault:"127.0.0.1:1025"`
	// SMTPTLS is none (the local sink), starttls or tls; SMTPUsername and SMTPPassword sign in over it.
	// SMTPCAFile verifies the relay's certificate instead of the system's roots (a private CA).
	SMTPTLS      string                `env:"SMTP_TLS" envDefault:"none"`
	SMTPUsername string                `env:"SMTP_USERNAME"`
	SMTPPassword platformconfig.Secret `env:"SMTP_PASSWORD"`
	SMTPCAFile   string                `env:"SMTP_CA_FILE"`
	// SMTPHELOName is the name the service greets the relay with; unset, the domain of MAIL_FROM.
	// Never the machine's host name: in a cluster that is the pod's, which strict relays refuse.
	SMTPHELOName string `env:"SMTP_HELO_NAME"`
	// MailFrom is the mails' sender address; the name shown is the residence's from the catalog, stored
	// with each mail as it is written (this one's only for mails stored before that).
	MailFrom string `env:"MAIL_FROM" envDefault:"Studentenwohnheim Neckarblick <wohnen@neckarblick.example>"`
	// MailSenders is how many mails each replica delivers at the same time, each over its own
	// connection to the mail server.
	MailSenders int `env:"MAIL_SENDERS" envDefault:"4"`
	// SupersededMailWindow: a renter gets at most one mail per window saying that a booking request
	// whose address was never confirmed was cancelled (superseded or expired); anybody can send
	// requests for any address.
	SupersededMailWindow time.Duration `env:"SUPERSEDED_MAIL_WINDOW" envDefault:"24h"`
	// PageLinkValidity is how long the link to a renter's own page that every mail carries opens
	// it; PageLinkWindow: an address asking for a new link gets at most one per window.
	PageLinkValidity time.Duration `env:"PAGE_LINK_VALIDITY" envDefault:"720h"`
	PageLinkWindow   time.Duration `env:"PAGE_LINK_WINDOW" envDefault:"10m"`
	// TimeZone is the residence's: a waitlist offer's deadline is written in it.
	TimeZone platformconfig.TimeZone `env:"TIME_ZONE" envDefault:"Europe/Berlin"`
	// PublicURL is where the links in mails point: the public booking site.
	PublicURL string `env:"PUBLIC_URL" envDefault:"http://localhost:8080"`
}

// maxMailSenders bounds MAIL_SENDERS: every delivery holds one of the database pool's connections.
const maxMailSenders = 8

// Load reads the settings and checks them.
func Load() (Config, error) {
	cfg, err := platformconfig.Load[Config]()
	if err != nil {
		return Config{}, err
	}
	from, err := mail.ParseAddress(cfg.MailFrom)
	if err != nil {
		return Config{}, fmt.Errorf("MAIL_FROM %q: %w", cfg.MailFrom, err)
	}
	if cfg.SMTPHELOName == "" {
		cfg.SMTPHELOName = from.Address[strings.LastIndex(from.Address, "@")+1:]
	}
	if cfg.Production {
		if err := checkProductionMail(cfg); err != nil {
			return Config{}, err
		}
	}
	if cfg.MailSenders < 1 || cfg.MailSenders > maxMailSenders {
		return Config{}, fmt.Errorf("MAIL_SENDERS %d: want 1 to %d", cfg.MailSenders, maxMailSenders)
	}
	if cfg.PageLinkValidity <= 0 {
		return Config{}, fmt.Errorf("PAGE_LINK_VALIDITY %s: want a positive duration", cfg.PageLinkValidity)
	}
	if err := platformconfig.CheckAbsoluteURL("PUBLIC_URL", cfg.PublicURL); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// checkProductionMail refuses what a strict relay would refuse or what would send mail in plain text.
func checkProductionMail(cfg Config) error {
	if cfg.SMTPTLS == "none" {
		return errors.New("SMTP_TLS=none sends the mails (and any SMTP password) in plain text: PRODUCTION=true wants starttls or tls")
	}
	if !isFQDN(cfg.SMTPHELOName) {
		return fmt.Errorf("SMTP_HELO_NAME %q is not a fully qualified domain name, which strict relays refuse (504 5.5.2): set it to the sender's domain or the residence's mail host", cfg.SMTPHELOName)
	}
	return nil
}

// isFQDN tells whether name is a fully qualified domain name as relays check a HELO name: at least two
// labels of letters, digits and inner hyphens, 1 to 63 characters each, at most 253 in all, and a
// top-level label that is not all digits (so no address either).
func isFQDN(name string) bool {
	name = strings.TrimSuffix(name, ".")
	labels := strings.Split(name, ".")
	if len(name) > 253 || len(labels) < 2 {
		return false
	}
	for _, label := range labels {
		if !isLabel(label) {
			return false
		}
	}
	return strings.Trim(labels[len(labels)-1], "0123456789") != ""
}

func isLabel(label string) bool {
	if len(label) < 1 || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
		return false
	}
	for _, c := range label {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}
