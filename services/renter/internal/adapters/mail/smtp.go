package mail

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	netmail "net/mail"
	"os"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"semesterhaus/services/renter/internal/domain"
)

// SMTP delivers mails to an SMTP server. Locally that is a sink without authentication or TLS; a
// real relay sits behind the same address setting, with SMTPSecurity.
type SMTP struct {
	host    string
	port    int
	from    netmail.Address // MAIL_FROM: the address, and the name used while the residence's is unknown
	domain  string          // the sender's domain: the right part of every Message-ID
	helo    string
	options []gomail.Option // the connection's: TLS, sign-in
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
	// CAFile is a PEM file with the CA certificates that verify the relay's certificate instead of
	// the system's roots (a relay whose certificate comes from a private CA); empty: the system's.
	CAFile string
}

func (s SMTPSecurity) check() error {
	switch s.TLS {
	case TLSNone:
		if s.Username != "" {
			return fmt.Errorf("SMTP sign-in without TLS would send the password in plain text: set the TLS mode to %s or %s", TLSStartTLS, TLSImplicit)
		}
		if s.CAFile != "" {
			return fmt.Errorf("SMTP CA file %s without TLS would verify nothing: set the TLS mode to %s or %s", s.CAFile, TLSStartTLS, TLSImplicit)
		}
	case TLSStartTLS, TLSImplicit:
	default:
		return fmt.Errorf("SMTP TLS mode %q: want %s, %s or %s", s.TLS, TLSNone, TLSStartTLS, TLSImplicit)
	}
	return nil
}

// options are the go-mail options of the mode. With TLS the relay's certificate is verified for host;
// in starttls mode go-mail's TLSMandatory refuses to send to a relay that offers no STARTTLS, so a
// relay (or a man in the middle) dropping it never gets the mail or the password in plain text.
func (s SMTPSecurity) options(host string) ([]gomail.Option, error) {
	var options []gomail.Option
	switch s.TLS {
	case TLSNone:
		return []gomail.Option{gomail.WithTLSPolicy(gomail.NoTLS)}, nil
	case TLSStartTLS:
		options = append(options, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case TLSImplicit:
		options = append(options, gomail.WithSSL())
	}
	config := &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	if s.CAFile != "" {
		roots, err := readCAFile(s.CAFile)
		if err != nil {
			return nil, err
		}
		config.RootCAs = roots
	}
	options = append(options, gomail.WithTLSConfig(config))
	if s.Username != "" {
		options = append(options, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.Username), gomail.WithPassword(s.Password))
	}
	return options, nil
}

func readCAFile(path string) (*x509.CertPool, error) {
	pem, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("SMTP CA file: %w", err)
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("SMTP CA file %s: no PEM certificate in it", path)
	}
	return roots, nil
}

// NewSMTP returns a transport to the server at addr (host:port) sending as from, greeting it with
// EHLO helo (never the machine's host name, which strict relays refuse).
func NewSMTP(addr, from, helo string, security SMTPSecurity) (*SMTP, error) {
	if err := security.check(); err != nil {
		return nil, err
	}
	if helo == "" {
		return nil, errors.New("SMTP HELO name: empty")
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
	options, err := security.options(host)
	if err != nil {
		return nil, err
	}
	return &SMTP{host: host, port: port, from: *sender, domain: addressDomain(sender.Address), helo: helo, options: options}, nil
}

// addressDomain is the part of an e-mail address after its last @.
func addressDomain(address string) string {
	return address[strings.LastIndex(address, "@")+1:]
}

// sendTimeout bounds one delivery; the mail's claim (its lease) outlasts it.
const sendTimeout = 30 * time.Second

// Send delivers one mail with a plain-text part and an HTML alternative. The event id becomes the
// Message-ID, so a mail server that sees a mail twice (a crash after sending, before marking it
// sent) can tell.
func (s *SMTP) Send(ctx context.Context, m domain.Mail) error {
	msg, err := s.message(m)
	if err != nil {
		return err
	}
	options := append([]gomail.Option{gomail.WithPort(s.port), gomail.WithTimeout(sendTimeout), gomail.WithHELO(s.helo)}, s.options...)
	client, err := gomail.NewClient(s.host, options...)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	return client.DialAndSendWithContext(ctx, msg)
}

func (s *SMTP) message(m domain.Mail) (*gomail.Msg, error) {
	if m.EventID == "" {
		return nil, errors.New("mail without an event id: it would have no stable Message-ID")
	}
	msg := gomail.NewMsg()
	name := s.from.Name
	if m.SenderName != "" {
		name = m.SenderName
	}
	if err := msg.FromFormat(name, s.from.Address); err != nil {
		return nil, err
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("recipient %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	// The Message-ID in the sender's domain, as relays and spam filters expect of the domain
	// that signs the mail (DKIM).
	msg.SetMessageIDWithValue(messageIDLeft(m.EventID) + "@" + s.domain)
	// RFC 3834: an automatic mail, to which out-of-office and other automatic replies are not sent;
	// X-Auto-Response-Suppress asks the same of Exchange, which ignores Auto-Submitted.
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	msg.SetGenHeader("X-Auto-Response-Suppress", "All")
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	return msg, nil
}

// messageIDLeft makes an event id the left part of a Message-ID, an RFC 5322 dot-atom-text: a
// UUID stays as it is; every byte outside atext (the colons of "page-link:12:…", dots, spaces,
// non-ASCII) and % itself become %XX, so two event ids never share a Message-ID and a mail sent
// again keeps its own.
func messageIDLeft(eventID string) string {
	var b strings.Builder
	for i := 0; i < len(eventID); i++ {
		c := eventID[i]
		if isAtext(c) && c != '%' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// isAtext tells whether c is an RFC 5322 atext character.
func isAtext(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0
}
