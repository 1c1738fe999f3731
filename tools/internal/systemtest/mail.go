package systemtest

import (
	"io"
	"net"
	"sync"
	"testing"

	"github.com/emersion/go-smtp"
)

// Mail is one mail the system sent.
type Mail struct {
	From string
	To   []string
	Data []byte // the message as sent: headers and body
}

// MailSink is an SMTP server that keeps every mail it receives, for tests that count mails.
type MailSink struct {
	server *smtp.Server
	addr   string

	mu    sync.Mutex
	mails []Mail
}

// StartMailSink listens on a free local port until the test ends.
func StartMailSink(t testing.TB) *MailSink {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sink := &MailSink{addr: lis.Addr().String()}
	sink.server = smtp.NewServer(sink)
	sink.server.Domain = "sink.localhost"
	go func() { _ = sink.server.Serve(lis) }()
	t.Cleanup(func() { _ = sink.server.Close() })
	return sink
}

// Addr is host:port for SMTP_ADDR.
func (s *MailSink) Addr() string { return s.addr }

// To returns the mails sent to the address so far.
func (s *MailSink) To(address string) []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	var found []Mail
	for _, m := range s.mails {
		for _, to := range m.To {
			if to == address {
				found = append(found, m)
				break
			}
		}
	}
	return found
}

// NewSession implements smtp.Backend.
func (s *MailSink) NewSession(*smtp.Conn) (smtp.Session, error) { return &sinkSession{sink: s}, nil }

type sinkSession struct {
	sink *MailSink
	mail Mail
}

func (s *sinkSession) Mail(from string, _ *smtp.MailOptions) error {
	s.mail.From = from
	return nil
}

func (s *sinkSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.mail.To = append(s.mail.To, to)
	return nil
}

func (s *sinkSession) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.mail.Data = data
	s.sink.mu.Lock()
	s.sink.mails = append(s.sink.mails, s.mail)
	s.sink.mu.Unlock()
	s.mail = Mail{}
	return nil
}

func (s *sinkSession) Reset()        { s.mail = Mail{} }
func (s *sinkSession) Logout() error { return nil }
