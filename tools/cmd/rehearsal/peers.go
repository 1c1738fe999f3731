package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"semesterhaus/services/document/documenttest/docusign"
	"semesterhaus/services/payment/paymenttest"
	"semesterhaus/tools/internal/realpeers"
	"semesterhaus/tools/internal/runca"
	"semesterhaus/tools/internal/systemtest"
)

// The rehearsal's residence: its public host, the sender's domain, and the secrets the partners
// and the system share, made for the run.
const (
	publicHost  = "localhost"
	mailDomain  = "semesterhaus.test"
	stripeKey   = "sk_test_rehearsal"
	ingressPort = 8443
)

// peers are the partners' real software on loopback, and the Ingress in front of the gateway.
type peers struct {
	ca        *runca.CA // the world's CA: the relay's and the Ingress's certificates
	postfix   *realpeers.Postfix
	oidc      *realpeers.OIDCProvider
	docusign  *docusign.Simulator
	stripe    *paymenttest.StripeMock // what the system takes for Stripe's API
	stripeURL string                  // stripe-mock over TLS, as Stripe's API is reached: STRIPE_API_URL
	publicURL string                  // the Ingress: https://localhost:PORT

	webhookSecret string // Stripe's webhook signing secret: whsec_ and 32 characters, as Stripe's
	connectKey    []byte // DocuSign Connect's HMAC key: base64 of 32 bytes, as DocuSign's
	gatewayURL    string // the gateway behind the Ingress

	// invalid collects what the DocuSign simulator found against the published description.
	invalid problems

	servers []*http.Server
	once    sync.Once
}

func startPeers(ctx context.Context, spec, data string, offset int) (_ *peers, err error) {
	p := &peers{
		publicURL:     fmt.Sprintf("https://%s:%d", publicHost, ingressPort+offset),
		gatewayURL:    fmt.Sprintf("http://127.0.0.1:%d", systemtest.GatewayPort+offset),
		webhookSecret: "whsec_" + randomBase64(24), connectKey: []byte(randomBase64(32)),
	}
	defer func() {
		if err != nil {
			p.stop()
		}
	}()
	if p.ca, err = runca.New(filepath.Join(data, "world-ca"), "The world's CA (rehearsal)"); err != nil {
		return nil, err
	}
	// The world's CA is this machine's (Go reads SSL_CERT_FILE at the first TLS handshake): the
	// simulated DocuSign's reports reach the Ingress as DocuSign's reach the residence's.
	if err := os.Setenv("SSL_CERT_FILE", p.ca.CertFile); err != nil {
		return nil, err
	}
	relayCert, err := p.ca.Issue("mx." + mailDomain)
	if err != nil {
		return nil, err
	}
	if p.postfix, err = realpeers.StartPostfix(ctx, realpeers.PostfixOptions{Domain: mailDomain, Cert: relayCert}); err != nil {
		return nil, err
	}
	// The OpenID provider serves https, as production's must (the gateway refuses an http issuer).
	oidcCert, err := p.ca.Issue("localhost")
	if err != nil {
		return nil, err
	}
	if p.oidc, err = realpeers.StartOIDCProvider(ctx, realpeers.OIDCProviderOptions{
		RedirectURIs: []string{p.publicURL + "/api/auth/sso/callback"}, Cert: &oidcCert, RootCAs: p.ca.Pool(),
	}); err != nil {
		return nil, err
	}
	if p.stripe, err = paymenttest.NewStripeMock(); err != nil {
		return nil, fmt.Errorf("stripe-mock: %w", err)
	}
	if err := p.startStripeTLS(); err != nil {
		return nil, err
	}
	if err := p.startDocuSign(spec); err != nil {
		return nil, err
	}
	return p, p.startIngress()
}

// startDocuSign serves the DocuSign simulator over TLS with a certificate of the world's CA, as
// DocuSign's servers are reached over https; every check that fails is logged and fails the walk.
func (p *peers) startDocuSign(spec string) error {
	cert, err := p.ca.Issue("docusign")
	if err != nil {
		return err
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	sim, err := docusign.New(spec, "https://"+lis.Addr().String(), docusign.Options{Invalid: p.invalid.add})
	if err != nil {
		lis.Close()
		return err
	}
	p.docusign = sim
	return p.serveTLS(lis, cert, sim)
}

// startStripeTLS serves stripe-mock's front over TLS with a certificate of the world's CA: the
// payment service reaches Stripe's API over https (production refuses an http STRIPE_API_URL).
func (p *peers) startStripeTLS() error {
	backend, err := url.Parse(p.stripe.URL())
	if err != nil {
		return err
	}
	cert, err := p.ca.Issue("stripe")
	if err != nil {
		return err
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	p.stripeURL = "https://" + lis.Addr().String()
	return p.serveTLS(lis, cert, &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) { r.SetURL(backend) }})
}

// randomBase64 is n random bytes in base64.
func randomBase64(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return base64.StdEncoding.EncodeToString(b)
}

// startIngress is the Ingress: TLS with a certificate of the world's CA for the public host, the
// client's address in X-Forwarded-For, the gateway behind it.
func (p *peers) startIngress() error {
	public, err := url.Parse(p.publicURL)
	if err != nil {
		return err
	}
	gateway, err := url.Parse(p.gatewayURL)
	if err != nil {
		return err
	}
	cert, err := p.ca.Issue(publicHost)
	if err != nil {
		return err
	}
	lis, err := net.Listen("tcp", "127.0.0.1:"+public.Port())
	if err != nil {
		return err
	}
	proxy := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(gateway)
		r.Out.Host = r.In.Host
		r.SetXForwarded()
	}}
	return p.serveTLS(lis, cert, proxy)
}

func (p *peers) serveTLS(lis net.Listener, pair runca.Pair, handler http.Handler) error {
	cert, err := tls.LoadX509KeyPair(pair.CertFile, pair.KeyFile)
	if err != nil {
		lis.Close()
		return err
	}
	server := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second,
		TLSConfig: &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}}
	p.servers = append(p.servers, server)
	go func() { _ = server.ServeTLS(lis, "", "") }()
	return nil
}

// client trusts the world's CA, as a browser trusts the public ones.
func (p *peers) transport() *http.Transport {
	return &http.Transport{TLSClientConfig: &tls.Config{RootCAs: p.ca.Pool(), MinVersion: tls.VersionTLS12}}
}

// settings are the partners' settings of the system, as the prod overlay's ConfigMaps and Secrets
// give them, pointed at the peers.
func (p *peers) settings(data string) ([]string, error) {
	hash, err := bcrypt.GenerateFromPassword([]byte(rand.Text()), bcrypt.MinCost)
	if err != nil {
		return nil, err
	}
	keyFile := filepath.Join(data, "docusign-private-key.pem")
	if err := os.WriteFile(keyFile, p.docusign.PrivateKeyPEM(), 0o600); err != nil {
		return nil, err
	}
	return []string{
		"PUBLIC_URL=" + p.publicURL,
		// The services reach the partners as public servers: the world's CA is the machine's.
		"SSL_CERT_FILE=" + p.ca.CertFile,
		"TRUSTED_PROXIES=127.0.0.1/32",
		"MAIL_FROM=Studentenwohnheim Neckarblick <wohnen@" + mailDomain + ">",
		"SMTP_ADDR=" + p.postfix.Addr(), "SMTP_TLS=starttls", "SMTP_CA_FILE=" + p.ca.CertFile,
		"SIGNING_PROVIDER=docusign", "SIGNING_WEBHOOK_SECRET=" + string(p.connectKey),
		"DOCUSIGN_AUTH_URL=" + p.docusign.URL(), "DOCUSIGN_INTEGRATION_KEY=" + docusign.IntegrationKey,
		"DOCUSIGN_USER_ID=" + docusign.UserID, "DOCUSIGN_PRIVATE_KEY_FILE=" + keyFile,
		"PAYMENT_PROVIDER=stripe", "STRIPE_SECRET_KEY=" + stripeKey, "STRIPE_API_URL=" + p.stripeURL,
		"PAYMENT_WEBHOOK_SECRET=" + p.webhookSecret,
		"OIDC_ISSUER_URL=" + p.oidc.Issuer(), "OIDC_CLIENT_ID=" + realpeers.OIDCClientID,
		"OIDC_CLIENT_SECRET=" + realpeers.OIDCClientSecret, "OIDC_REDIRECT_URL=" + p.publicURL + "/api/auth/sso/callback",
		"OIDC_SCOPES=openid", "OIDC_ROLE_CLAIM=sub", "OIDC_ADMIN_ROLE=" + realpeers.OIDCAdminSubject,
		// Password sign-in stays possible as in prod, with an account nobody knows the password of.
		"ADMIN_ACCOUNTS=nobody:" + string(hash),
		// The key code is due at once: the clock moved to a few days before move-in.
		"KEY_CODE_DAYS=3650", "JOB_INTERVAL=2s",
	}, nil
}

func (p *peers) stop() {
	p.once.Do(func() {
		for _, s := range p.servers {
			_ = s.Close()
		}
		if p.stripe != nil {
			p.stripe.Close()
		}
		if p.oidc != nil {
			p.oidc.Stop()
		}
		if p.postfix != nil {
			_ = p.postfix.Stop()
		}
	})
}

type problems struct {
	mu   sync.Mutex
	errs []error
}

func (p *problems) add(err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.errs = append(p.errs, err)
}

func (p *problems) err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return errors.Join(p.errs...)
}

// system is the whole system in production configuration.
type system struct{ stack *systemtest.Stack }

func startSystem(ctx context.Context, root, data string, offset int, p *peers) (*system, error) {
	env, err := p.settings(data)
	if err != nil {
		return nil, err
	}
	stack, err := systemtest.StartStack(systemtest.StackOptions{
		Root: root, Data: filepath.Join(data, "system"), Offset: offset, Args: []string{"-production"}, Env: env,
	})
	if err != nil {
		return nil, err
	}
	s := &system{stack: stack}
	if err := stack.WaitReady(ctx, 4*time.Minute); err != nil {
		s.stop()
		return nil, fmt.Errorf("%w\n%s", err, s.tail())
	}
	return s, nil
}

func (s *system) stop() { s.stack.Stop() }

// tail is the end of devstack's log.
func (s *system) tail() string {
	f, err := os.Open(s.stack.Log)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	var lines []string
	scanner := bufio.NewScanner(f)
	scanner.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for scanner.Scan() {
		lines = append(lines, scanner.Text())
		if len(lines) > 60 {
			lines = lines[1:]
		}
	}
	return strings.Join(lines, "\n")
}
