package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	netmail "net/mail"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"

	"semesterhaus/services/renter/internal/domain"
)

// SMTP delivers mails to an SMTP server. Locally that is a sink without authentication or TLS; a
// real relay sits behind the same address setting, with SMTPSecurity.
type SMTP struct {
	host     string
	port     int
	from     netmail.Address // MAIL_FROM: the address, and the name used while the residence's is unknown
	security SMTPSecurity
}

// TLS modes of the connection to the mail server.
const (
	TLSNone     = "none"     // plain text: only for a local sink
	TLSStartTLS = "starttls" // STARTTLS required (usually port 587)
	TLSImplicit = "tls"      // TLS from the first byte (usually port 465)
)

// SMTPSecurity is how the transport protects the connection and signs in.
type SMTPSecurity struct {
	TLS string // TLSNone, TLSStartTLS or TLSImplicit
	// Username and Password sign in with SMTP AUTH (PLAIN, or LOGIN where the server offers only
	// that) when Username is set; only over TLS.
	Username, Password string
	// TLSConfig is nil for the system's trusted roots and the server's host name.
	TLSConfig *tls.Config
}

func (s SMTPSecurity) check() error {
	switch s.TLS {
	case TLSNone:
		if s.Username != "" {
			return fmt.Errorf("SMTP sign-in without TLS would send the password in plain text: set the TLS mode to %s or %s", TLSStartTLS, TLSImplicit)
		}
	case TLSStartTLS, TLSImplicit:
	default:
		return fmt.Errorf("SMTP TLS mode %q: want %s, %s or %s", s.TLS, TLSNone, TLSStartTLS, TLSImplicit)
	}
	return nil
}

func (s SMTPSecurity) options() []gomail.Option {
	var options []gomail.Option
	switch s.TLS {
	case TLSNone:
		options = append(options, gomail.WithTLSPolicy(gomail.NoTLS))
	case TLSStartTLS:
		options = append(options, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case TLSImplicit:
		options = append(options, gomail.WithSSL())
	}
	if s.TLSConfig != nil {
		options = append(options, gomail.WithTLSConfig(s.TLSConfig))
	}
	if s.Username != "" {
		options = append(options, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.Username), gomail.WithPassword(s.Password))
	}
	return options
}

// NewSMTP returns a transport to the server at addr (host:port) sending as from.
func NewSMTP(addr, from string, security SMTPSecurity) (*SMTP, error) {
	if err := security.check(); err != nil {
		return nil, err
	}
	host, portText, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("SMTP address %q: %w", addr, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil {
		return nil, fmt.Errorf("SMTP port %q: %w", portText, err)
	}
	sender, err := netmail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("sender %q: %w", from, err)
	}
	return &SMTP{host: host, port: port, from: *sender, security: security}, nil
}

// sendTimeout bounds one delivery; the mail's claim (its lease) outlasts it.
const sendTimeout = 30 * time.Second

// Send delivers one mail with a plain-text part and an HTML alternative. The event id becomes the
// Message-ID, so a mail server that sees a mail twice (a crash after sending, before marking it
// sent) can tell.
func (s *SMTP) Send(ctx context.Context, m domain.Mail) error {
	msg := gomail.NewMsg()
	name := s.from.Name
	if m.SenderName != "" {
		name = m.SenderName
	}
	if err := msg.FromFormat(name, s.from.Address); err != nil {
		return err
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("recipient %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetMessageIDWithValue(m.EventID + "@renter.semesterhaus")
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	options := append([]gomail.Option{gomail.WithPort(s.port), gomail.WithTimeout(sendTimeout)}, s.security.options()...)
	client, err := gomail.NewClient(s.host, options...)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	return client.DialAndSendWithContext(ctx, msg)
}
