// Package config reads the renting service's settings from the environment once, at start.
package config

import (
	"fmt"
	"time"

	platformconfig "semesterhaus/platform/config"
	"semesterhaus/platform/service"
	"semesterhaus/services/renting/internal/domain"
)

// Config holds every setting of the renting service.
type Config struct {
	service.Settings
	HTTPAddr            string                  `env:"HTTP_ADDR" envDefault:":8102"`
	GRPCAddr            string                  `env:"GRPC_ADDR" envDefault:":9102"`
	CatalogGRPCAddr     string                  `env:"CATALOG_GRPC_ADDR" envDefault:"127.0.0.1:9101"`
	RenterGRPCAddr      string                  `env:"RENTER_GRPC_ADDR" envDefault:"127.0.0.1:9103"`
	DocumentGRPCAddr    string                  `env:"DOCUMENT_GRPC_ADDR" envDefault:"127.0.0.1:9104"`
	PaymentGRPCAddr     string                  `env:"PAYMENT_GRPC_ADDR" envDefault:"127.0.0.1:9105"`
	TimeZone            platformconfig.TimeZone `env:"TIME_ZONE" envDefault:"Europe/Berlin"`
	ConfirmationTimeout time.Duration           `env:"CONFIRMATION_TIMEOUT" envDefault:"72h"`
	// UnconfirmedRequestRetention is how long a booking request cancelled unconfirmed is kept
	// before it (and its renter, when nothing else refers to it) is deleted.
	UnconfirmedRequestRetention time.Duration `env:"UNCONFIRMED_REQUEST_RETENTION" envDefault:"720h"`
	JobInterval                 time.Duration `env:"JOB_INTERVAL" envDefault:"1m"`
	KeyCodeDays                 int           `env:"KEY_CODE_DAYS" envDefault:"3"`
	// UnsignedContractDays: a contract unsigned this many days shows on the office's start page.
	UnsignedContractDays int `env:"UNSIGNED_CONTRACT_DAYS" envDefault:"7"`
	// The reminders (docs/booking.md, "Reminders"): an e-mail unconfirmed, a contract unsigned and
	// the rent unpaid for as long, a renewal unanswered this many days before its deadline (one
	// offered within those days once unanswered for RENEWAL_REMINDER_AFTER).
	EmailReminderAfter    time.Duration `env:"EMAIL_REMINDER_AFTER" envDefault:"24h"`
	ContractReminderAfter time.Duration `env:"CONTRACT_REMINDER_AFTER" envDefault:"72h"`
	PaymentReminderAfter  time.Duration `env:"PAYMENT_REMINDER_AFTER" envDefault:"72h"`
	RenewalReminderDays   int           `env:"RENEWAL_REMINDER_DAYS" envDefault:"7"`
	RenewalReminderAfter  time.Duration `env:"RENEWAL_REMINDER_AFTER" envDefault:"72h"`
	// The waitlist (docs/booking.md, "Waitlist"): how long an offer holds its apartment, and how
	// often an address may be mailed a confirmation link.
	WaitlistOfferValidity time.Duration `env:"WAITLIST_OFFER_VALIDITY" envDefault:"48h"`
	WaitlistMailWindow    time.Duration `env:"WAITLIST_MAIL_WINDOW" envDefault:"1h"`
	// An address that anybody may name is mailed at most BOOKING_LIMIT_PER_EMAIL times per
	// BOOKING_LIMIT_WINDOW by booking requests and waitlist joins (a sub-address counts with its
	// address; domain.MailLimit).
	BookingLimitPerEmail int           `env:"BOOKING_LIMIT_PER_EMAIL" envDefault:"3"`
	BookingLimitWindow   time.Duration `env:"BOOKING_LIMIT_WINDOW" envDefault:"1h"`
}

// MailLimit is the bound of the mails to one address the settings make.
func (c Config) MailLimit() domain.MailLimit {
	return domain.MailLimit{PerAddress: c.BookingLimitPerEmail, Window: c.BookingLimitWindow}
}

// Reminders are the reminder rules the settings make.
func (c Config) Reminders() domain.ReminderRules {
	return domain.ReminderRules{
		ConfirmEmailAfter: c.EmailReminderAfter, SignContractAfter: c.ContractReminderAfter,
		PayRentAfter: c.PaymentReminderAfter, RenewalDaysBefore: c.RenewalReminderDays,
		AnswerRenewalAfter: c.RenewalReminderAfter,
	}
}

// Load reads the settings and checks them.
func Load() (Config, error) {
	cfg, err := platformconfig.Load[Config]()
	if err != nil {
		return Config{}, err
	}
	if cfg.UnconfirmedRequestRetention < 0 {
		return Config{}, fmt.Errorf("UNCONFIRMED_REQUEST_RETENTION must not be negative, not %s", cfg.UnconfirmedRequestRetention)
	}
	if cfg.ConfirmationTimeout < time.Hour {
		return Config{}, fmt.Errorf("CONFIRMATION_TIMEOUT must be at least 1h, not %s", cfg.ConfirmationTimeout)
	}
	if cfg.JobInterval < time.Second {
		return Config{}, fmt.Errorf("JOB_INTERVAL must be at least 1s, not %s", cfg.JobInterval)
	}
	if cfg.UnsignedContractDays < 1 {
		return Config{}, fmt.Errorf("UNSIGNED_CONTRACT_DAYS must be at least 1, not %d", cfg.UnsignedContractDays)
	}
	if cfg.EmailReminderAfter <= 0 || cfg.EmailReminderAfter >= cfg.ConfirmationTimeout {
		return Config{}, fmt.Errorf("EMAIL_REMINDER_AFTER must lie between 0 and CONFIRMATION_TIMEOUT (%s), not %s", cfg.ConfirmationTimeout, cfg.EmailReminderAfter)
	}
	if cfg.ContractReminderAfter <= 0 || cfg.PaymentReminderAfter <= 0 || cfg.RenewalReminderAfter <= 0 {
		return Config{}, fmt.Errorf("CONTRACT_REMINDER_AFTER, PAYMENT_REMINDER_AFTER and RENEWAL_REMINDER_AFTER must be positive, not %s, %s and %s", cfg.ContractReminderAfter, cfg.PaymentReminderAfter, cfg.RenewalReminderAfter)
	}
	if cfg.RenewalReminderDays < 0 {
		return Config{}, fmt.Errorf("RENEWAL_REMINDER_DAYS must not be negative, not %d", cfg.RenewalReminderDays)
	}
	if cfg.WaitlistOfferValidity < time.Minute || cfg.WaitlistMailWindow < 0 {
		return Config{}, fmt.Errorf("WAITLIST_OFFER_VALIDITY must be at least 1m and WAITLIST_MAIL_WINDOW not negative, not %s and %s", cfg.WaitlistOfferValidity, cfg.WaitlistMailWindow)
	}
	if cfg.BookingLimitPerEmail < 1 || cfg.BookingLimitWindow < time.Minute {
		return Config{}, fmt.Errorf("BOOKING_LIMIT_PER_EMAIL must be at least 1 and BOOKING_LIMIT_WINDOW at least 1m, not %d and %s", cfg.BookingLimitPerEmail, cfg.BookingLimitWindow)
	}
	if cfg.KeyCodeDays < 0 {
		return Config{}, fmt.Errorf("KEY_CODE_DAYS must not be negative, not %d", cfg.KeyCodeDays)
	}
	return cfg, nil
}
