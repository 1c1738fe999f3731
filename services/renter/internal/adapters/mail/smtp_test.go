package mail_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"io"
	"math/big"
	"net"
	netmail "net/mail"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"semesterhaus/services/renter/internal/adapters/mail"
	"semesterhaus/services/renter/internal/domain"
)

// relay behaves like a strict Postfix (reject_non_fqdn_helo_hostname, smtpd_tls_auth_only, relaying
// for signed-in clients only): a HELO name that is not fully qualified gets 504 5.5.2 at RCPT TO (Postfix
// delays its rejections until then), AUTH is offered only after STARTTLS (go-smtp's default), MAIL
// FROM needs a sign-in. It records every mail it takes.
type relay struct {
	addr   string
	caFile string // PEM of the CA that signed its certificate
	mu     sync.Mutex
	got    []delivery
}

// delivery is what the relay saw of one mail.
type delivery struct {
	helo        string
	authUser    string
	authOverTLS bool
	tlsAtMail   bool
	to          string
	header      netmail.Header
}

type relayMode int

const (
	offersSTARTTLS relayMode = iota
	implicitTLS
	plainOnly // no TLS at all, as the local mail catcher or a misconfigured relay
)

func startRelay(t *testing.T, mode relayMode) *relay {
	t.Helper()
	cert, caFile := certificateFromTestCA(t)
	r := &relay{caFile: caFile}
	server := smtp.NewServer(r)
	server.Domain = "relay.neckarblick.example"
	if mode != plainOnly {
		server.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if mode == implicitTLS {
		lis = tls.NewListener(lis, server.TLSConfig)
	}
	r.addr = lis.Addr().String()
	go func() { _ = server.Serve(lis) }()
	t.Cleanup(func() { _ = server.Close() })
	return r
}

func (r *relay) deliveries() []delivery {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]delivery(nil), r.got...)
}

func (r *relay) NewSession(c *smtp.Conn) (smtp.Session, error) {
	return &relaySession{relay: r, conn: c}, nil
}

type relaySession struct {
	relay *relay
	conn  *smtp.Conn
	d     delivery
}

func (s *relaySession) overTLS() bool { _, ok := s.conn.TLSConnectionState(); return ok }

func (s *relaySession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *relaySession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, username, password string) error {
		if username != "wohnheim" || password != "geheim" {
			return errors.New("invalid credentials")
		}
		s.d.authUser, s.d.authOverTLS = username, s.overTLS()
		return nil
	}), nil
}

func (s *relaySession) Mail(string, *smtp.MailOptions) error {
	if s.d.authUser == "" {
		return &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "Authentication required"}
	}
	s.d.tlsAtMail = s.overTLS()
	return nil
}

var fqdn = regexp.MustCompile(`^([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?\.?$`)

func (s *relaySession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if helo := s.conn.Hostname(); !fqdn.MatchString(helo) {
		return &smtp.SMTPError{Code: 504, EnhancedCode: smtp.EnhancedCode{5, 5, 2},
			Message: "<" + helo + ">: Helo command rejected: need fully-qualified hostname"}
	}
	s.d.helo, s.d.to = s.conn.Hostname(), to
	return nil
}

func (s *relaySession) Data(r io.Reader) error {
	msg, err := netmail.ReadMessage(r)
	if err != nil {
		return err
	}
	s.d.header = msg.Header
	s.relay.mu.Lock()
	s.relay.got = append(s.relay.got, s.d)
	s.relay.mu.Unlock()
	return nil
}

func (s *relaySession) Reset()        {}
func (s *relaySession) Logout() error { return nil }

// certificateFromTestCA makes a CA for the test and a certificate for 127.0.0.1 signed by it; it
// returns the certificate and the path of the CA's PEM file.
func certificateFromTestCA(t *testing.T) (tls.Certificate, string) {
	t.Helper()
	caKey := newKey(t)
	ca := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "Neckarblick test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ = x509.ParseCertificate(caDER)
	key := newKey(t)
	leaf := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "relay.neckarblick.example"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, leaf, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	caFile := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, caFile
}

func newKey(t *testing.T) *ecdsa.PrivateKey {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

const (
	sender = "Studentenwohnheim Neckarblick <wohnen@neckarblick.example>"
	helo   = "neckarblick.example"
)

var confirmation = domain.Mail{EventID: "0b9c7a52-8f1e-4c3d-9a6b-2f4e5d6c7b8a", To: "lena@example.org",
	Subject: "Bitte bestätigen", Text: "Hallo", HTML: "<p>Hallo</p>", SenderName: "Studentenwohnheim Neckarblick"}

func send(t *testing.T, addr, helo string, security mail.SMTPSecurity, m domain.Mail) error {
	t.Helper()
	transport, err := mail.NewSMTP(addr, sender, helo, security)
	if err != nil {
		t.Fatal(err)
	}
	return transport.Send(context.Background(), m)
}

func TestSMTP_strictRelay_takesTheMailGreetedWithTheSendersDomainOverTLSSignedIn(t *testing.T) {
	t.Parallel()
	for name, mode := range map[string]relayMode{mail.TLSStartTLS: offersSTARTTLS, mail.TLSImplicit: implicitTLS} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := startRelay(t, mode)
			security := mail.SMTPSecurity{TLS: name, Username: "wohnheim", Password: "geheim", CAFile: r.caFile}
			if err := send(t, r.addr, helo, security, confirmation); err != nil {
				t.Fatal(err)
			}
			got := r.deliveries()
			if len(got) != 1 {
				t.Fatalf("the relay took %d mails, want 1", len(got))
			}
			d := got[0]
			if d.helo != helo || !d.tlsAtMail || d.authUser != "wohnheim" || !d.authOverTLS || d.to != "lena@example.org" {
				t.Errorf("the relay saw HELO %q, TLS %v, AUTH %q (over TLS %v), to %q", d.helo, d.tlsAtMail, d.authUser, d.authOverTLS, d.to)
			}
			for header, want := range map[string]string{
				"Auto-Submitted":           "auto-generated",
				"X-Auto-Response-Suppress": "All",
				"Message-Id":               "<0b9c7a52-8f1e-4c3d-9a6b-2f4e5d6c7b8a@neckarblick.example>",
				"From":                     `"Studentenwohnheim Neckarblick" <wohnen@neckarblick.example>`,
			} {
				if got := d.header.Get(header); got != want {
					t.Errorf("%s: %q, want %q", header, got, want)
				}
			}
		})
	}
}

func TestSMTP_hostNameAsHELO_isRefusedWith504(t *testing.T) {
	t.Parallel()
	r := startRelay(t, offersSTARTTLS)
	security := mail.SMTPSecurity{TLS: mail.TLSStartTLS, Username: "wohnheim", Password: "geheim", CAFile: r.caFile}
	err := send(t, r.addr, "renter-7d9f8c6b5-x2k4q", security, confirmation)
	if err == nil || !strings.Contains(err.Error(), "5.5.2") {
		t.Errorf("Send with a pod name as HELO = %v, want the relay's 504 5.5.2", err)
	}
	if got := r.deliveries(); len(got) != 0 {
		t.Errorf("the relay took %d mails", len(got))
	}
}

func TestSMTP_starttls_refusesARelayThatOffersNoSTARTTLS(t *testing.T) {
	t.Parallel()
	r := startRelay(t, plainOnly)
	for name, security := range map[string]mail.SMTPSecurity{
		"signed in": {TLS: mail.TLSStartTLS, Username: "wohnheim", Password: "geheim", CAFile: r.caFile},
		"anonymous": {TLS: mail.TLSStartTLS, CAFile: r.caFile},
	} {
		if err := send(t, r.addr, helo, security, confirmation); err == nil || !strings.Contains(err.Error(), "STARTTLS") {
			t.Errorf("%s: Send = %v, want a refusal for the missing STARTTLS", name, err)
		}
	}
	if got := r.deliveries(); len(got) != 0 {
		t.Errorf("the relay took %d mails in plain text", len(got))
	}
}

func TestSMTP_wrongPasswordOrUnverifiableCertificate_sendsNothing(t *testing.T) {
	t.Parallel()
	r := startRelay(t, offersSTARTTLS)
	_, otherCA := certificateFromTestCA(t)
	for name, security := range map[string]mail.SMTPSecurity{
		"wrong password":       {TLS: mail.TLSStartTLS, Username: "wohnheim", Password: "falsch", CAFile: r.caFile},
		"the system's roots":   {TLS: mail.TLSStartTLS, Username: "wohnheim", Password: "geheim"},
		"another private CA":   {TLS: mail.TLSStartTLS, Username: "wohnheim", Password: "geheim", CAFile: otherCA},
		"no sign-in, no relay": {TLS: mail.TLSStartTLS, CAFile: r.caFile},
	} {
		if err := send(t, r.addr, helo, security, confirmation); err == nil {
			t.Errorf("%s: sent", name)
		}
	}
	if got := r.deliveries(); len(got) != 0 {
		t.Errorf("the relay took %d mails", len(got))
	}
}

func TestSMTP_none_sendsPlainToTheLocalMailCatcher(t *testing.T) {
	t.Parallel()
	catcher := startCatcher(t)
	if err := send(t, catcher.addr, helo, mail.SMTPSecurity{TLS: mail.TLSNone}, confirmation); err != nil {
		t.Fatal(err)
	}
	if got := catcher.tls(); len(got) != 1 || got[0] {
		t.Errorf("the catcher took mails over TLS %v, want one in plain text", got)
	}
}

// catcher is the local mail catcher: it takes any mail, in plain text, without a sign-in, and offers
// STARTTLS, which the none mode must not take up.
type catcher struct {
	addr    string
	mu      sync.Mutex
	overTLS []bool
}

func startCatcher(t *testing.T) *catcher {
	t.Helper()
	cert, _ := certificateFromTestCA(t)
	c := &catcher{}
	server := smtp.NewServer(c)
	server.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c.addr = lis.Addr().String()
	go func() { _ = server.Serve(lis) }()
	t.Cleanup(func() { _ = server.Close() })
	return c
}

func (c *catcher) tls() []bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]bool(nil), c.overTLS...)
}

func (c *catcher) NewSession(conn *smtp.Conn) (smtp.Session, error) {
	return &catcherSession{catcher: c, conn: conn}, nil
}

type catcherSession struct {
	catcher *catcher
	conn    *smtp.Conn
}

func (s *catcherSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *catcherSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *catcherSession) Data(r io.Reader) error {
	if _, err := io.Copy(io.Discard, r); err != nil {
		return err
	}
	_, overTLS := s.conn.TLSConnectionState()
	s.catcher.mu.Lock()
	s.catcher.overTLS = append(s.catcher.overTLS, overTLS)
	s.catcher.mu.Unlock()
	return nil
}
func (s *catcherSession) Reset()        {}
func (s *catcherSession) Logout() error { return nil }

// messageIDPart is RFC 5322's dot-atom-text, the form of both halves of a Message-ID.
var messageIDPart = `[A-Za-z0-9!#$%&'*+/=?^_` + "`" + `{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_` + "`" + `{|}~-]+)*`

var messageID = regexp.MustCompile(`^<` + messageIDPart + `@` + messageIDPart + `>$`)

func TestSMTP_messageID_isValidAndStablePerEventIDWhateverItsCharacters(t *testing.T) {
	t.Parallel()
	r := startRelay(t, offersSTARTTLS)
	security := mail.SMTPSecurity{TLS: mail.TLSStartTLS, Username: "wohnheim", Password: "geheim", CAFile: r.caFile}
	ids := []string{"page-link:12:1764628800000000000", "page-link:12:1764628800000000000", "erasure-request:12",
		"a.b", "a%2Eb", "ä b"}
	for _, id := range ids {
		m := confirmation
		m.EventID = id
		if err := send(t, r.addr, helo, security, m); err != nil {
			t.Fatal(err)
		}
	}
	got := r.deliveries()
	if len(got) != len(ids) {
		t.Fatalf("the relay took %d mails, want %d", len(got), len(ids))
	}
	seen := map[string]string{}
	for i, d := range got {
		id := d.header.Get("Message-Id")
		if !messageID.MatchString(id) || !strings.HasSuffix(id, "@neckarblick.example>") {
			t.Errorf("event %q: Message-ID %q is not <dot-atom@neckarblick.example>", ids[i], id)
		}
		if other, ok := seen[id]; ok && other != ids[i] {
			t.Errorf("events %q and %q share the Message-ID %s", other, ids[i], id)
		}
		seen[id] = ids[i]
	}
	if got[0].header.Get("Message-Id") != got[1].header.Get("Message-Id") {
		t.Errorf("a mail sent again got another Message-ID: %s, %s", got[0].header.Get("Message-Id"), got[1].header.Get("Message-Id"))
	}
}

func TestNewSMTP_refusesAPasswordWithoutTLSAnUnusableCAFileAndUnknownModes(t *testing.T) {
	t.Parallel()
	notPEM := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(notPEM, []byte("no certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, security := range map[string]mail.SMTPSecurity{
		"password in plain text": {TLS: mail.TLSNone, Username: "wohnheim", Password: "geheim"},
		"CA file without TLS":    {TLS: mail.TLSNone, CAFile: notPEM},
		"missing CA file":        {TLS: mail.TLSStartTLS, CAFile: filepath.Join(t.TempDir(), "missing.pem")},
		"CA file without PEM":    {TLS: mail.TLSStartTLS, CAFile: notPEM},
		"unknown mode":           {TLS: "ssl3"},
	} {
		if _, err := mail.NewSMTP("127.0.0.1:25", sender, helo, security); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := mail.NewSMTP("127.0.0.1:25", sender, "", mail.SMTPSecurity{TLS: mail.TLSNone}); err == nil {
		t.Error("an empty HELO name: accepted")
	}
}
