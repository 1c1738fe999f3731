package mail

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"

	"semesterhaus/services/renter/internal/domain"
)

// SMTP delivers mails to an SMTP server. Locally that is a sink without authentication or TLS; a
// real relay sits behind the same address setting.
type SMTP struct {
	host string
	port int
	from string
}

// NewSMTP returns a transport to the server at addr (host:port) sending as from.
func NewSMTP(addr, from string) (*SMTP, error) {
	host, portText, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("SMTP address %q: %w", addr, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil {
		return nil, fmt.Errorf("SMTP port %q: %w", portText, err)
	}
	if err := gomail.NewMsg().From(from); err != nil {
		return nil, fmt.Errorf("sender %q: %w", from, err)
	}
	return &SMTP{host: host, port: port, from: from}, nil
}

// sendTimeout bounds one delivery; the sender holds the mail's row lock meanwhile.
const sendTimeout = 30 * time.Second

// Send delivers one mail with a plain-text part and an HTML alternative. The event id becomes the
// Message-ID, so a mail server that sees a mail twice (a crash after sending, before marking it
// sent) can tell.
func (s *SMTP) Send(ctx context.Context, m domain.Mail) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return err
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("recipient %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetMessageIDWithValue(m.EventID + "@renter.semesterhaus")
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	client, err := gomail.NewClient(s.host, gomail.WithPort(s.port), gomail.WithTLSPolicy(gomail.NoTLS), gomail.WithTimeout(sendTimeout))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	return client.DialAndSendWithContext(ctx, msg)
}
