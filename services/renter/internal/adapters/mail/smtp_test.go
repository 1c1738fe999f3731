package mail_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"semesterhaus/services/renter/internal/adapters/mail"
	"semesterhaus/services/renter/internal/domain"
)

// relay is a mail relay as a provider runs one: TLS (STARTTLS or implicit) and a password.
type relay struct {
	addr  string
	certs *x509.CertPool
	mu    sync.Mutex
	got   []string // "user -> recipient"
}

func startRelay(t *testing.T, implicitTLS bool) *relay {
	t.Helper()
	cert, pool := selfSignedCert(t)
	r := &relay{certs: pool}
	server := smtp.NewServer(r)
	server.Domain = "localhost"
	server.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if implicitTLS {
		lis = tls.NewListener(lis, server.TLSConfig)
	}
	r.addr = lis.Addr().String()
	go func() { _ = server.Serve(lis) }()
	t.Cleanup(func() { _ = server.Close() })
	return r
}

func (r *relay) seen() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.got, ",")
}

func (r *relay) NewSession(c *smtp.Conn) (smtp.Session, error) { return &relaySession{relay: r}, nil }

type relaySession struct {
	relay *relay
	user  string
}

func (s *relaySession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *relaySession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, username, password string) error {
		if username != "wohnheim" || password != "geheim" {
			return errors.New("invalid credentials")
		}
		s.user = username
		return nil
	}), nil
}

func (s *relaySession) Mail(string, *smtp.MailOptions) error {
	if s.user == "" {
		return &smtp.SMTPError{Code: 530, Message: "authentication required"}
	}
	return nil
}

func (s *relaySession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.relay.mu.Lock()
	s.relay.got = append(s.relay.got, s.user+" -> "+to)
	s.relay.mu.Unlock()
	return nil
}

func (s *relaySession) Data(r io.Reader) error { _, err := io.Copy(io.Discard, r); return err }
func (s *relaySession) Reset()                 {}
func (s *relaySession) Logout() error          { return nil }

func selfSignedCert(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	template := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	parsed, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(parsed)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pool
}

var confirmation = domain.Mail{EventID: "e-1", To: "lena@example.org", Subject: "Bitte bestätigen", Text: "Hallo", HTML: "<p>Hallo</p>"}

func TestSMTP_signsInOverTLSAtARelay(t *testing.T) {
	t.Parallel()
	for name, mode := range map[string]string{"STARTTLS": mail.TLSStartTLS, "implicit TLS": mail.TLSImplicit} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := startRelay(t, mode == mail.TLSImplicit)
			security := mail.SMTPSecurity{TLS: mode, Username: "wohnheim", Password: "geheim",
				TLSConfig: &tls.Config{RootCAs: r.certs, ServerName: "127.0.0.1"}}
			transport, err := mail.NewSMTP(r.addr, "wohnen@neckarblick.example", security)
			if err != nil {
				t.Fatal(err)
			}
			if err := transport.Send(context.Background(), confirmation); err != nil {
				t.Fatal(err)
			}
			if seen := r.seen(); seen != "wohnheim -> lena@example.org" {
				t.Errorf("the relay saw %q", seen)
			}
		})
	}
}

func TestSMTP_wrongPasswordOrUntrustedCertificateIsAnError(t *testing.T) {
	t.Parallel()
	r := startRelay(t, false)
	for name, security := range map[string]mail.SMTPSecurity{
		"wrong password": {TLS: mail.TLSStartTLS, Username: "wohnheim", Password: "falsch",
			TLSConfig: &tls.Config{RootCAs: r.certs, ServerName: "127.0.0.1"}},
		"untrusted certificate": {TLS: mail.TLSStartTLS, Username: "wohnheim", Password: "geheim"},
	} {
		transport, err := mail.NewSMTP(r.addr, "wohnen@neckarblick.example", security)
		if err != nil {
			t.Fatal(err)
		}
		if err := transport.Send(context.Background(), confirmation); err == nil {
			t.Errorf("%s: sent", name)
		}
	}
	if seen := r.seen(); seen != "" {
		t.Errorf("the relay accepted %q", seen)
	}
}

func TestNewSMTP_refusesAPasswordWithoutTLSAndUnknownModes(t *testing.T) {
	t.Parallel()
	for name, security := range map[string]mail.SMTPSecurity{
		"password in plain text": {TLS: mail.TLSNone, Username: "wohnheim", Password: "geheim"},
		"unknown mode":           {TLS: "ssl3"},
	} {
		if _, err := mail.NewSMTP("127.0.0.1:25", "wohnen@neckarblick.example", security); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
