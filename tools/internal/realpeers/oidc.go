package realpeers

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"semesterhaus/platform/logging"
	"semesterhaus/platform/workspace"
	"semesterhaus/tools/internal/runca"
)

// The example provider's built-in clients and users (zitadel/oidc's example/server): what the
// gateway and the tests sign in with.
const (
	// OIDCClientID and OIDCClientSecret are the example's confidential web client (client secret
	// basic, authorization code, PKCE allowed, http redirect URIs allowed: its dev mode).
	OIDCClientID     = "web"
	OIDCClientSecret = "secret"
	// OIDCNativeClientID is its public client (no secret, PKCE only); the provider accepts only
	// http://localhost redirect URIs without a port for it, unless REDIRECT_URI names others.
	OIDCNativeClientID = "native"

	// OIDCAdminSubject is the subject (sub) of the built-in user "test-user@localhost"; the
	// example's ID tokens of the code flow carry no groups, roles, e-mail or name, so sub is the
	// one claim that tells an admin: OIDC_ROLE_CLAIM=sub, OIDC_ADMIN_ROLE=id1.
	OIDCAdminSubject = "id1"
	// OIDCUserSubject is the second built-in user's subject: no admin.
	OIDCUserSubject = "id2"
	// OIDCPassword is both built-in users' password.
	OIDCPassword = "verysecure"
	// OIDCSecondUsername is the second built-in user's name.
	OIDCSecondUsername = "test-user2"
)

// OIDCProviderOptions configure the example OpenID provider.
type OIDCProviderOptions struct {
	// Binary is the provider's executable; empty means .data/bin/oidc-provider of the repository
	// (make peers builds it).
	Binary string
	// RedirectURIs are the redirect URIs its clients accept (all three: web, native, api), e.g. the
	// gateway's http://127.0.0.1:PORT/api/auth/sso/callback. Empty: the example's defaults.
	RedirectURIs []string
	// Port; zero picks a free one. The issuer is http://localhost:PORT/, or https://localhost:PORT/
	// with Cert.
	Port int
	// Cert, when set, is the certificate (from the run's CA, valid for localhost) the provider
	// serves https with, as a production provider does; RootCAs then holds the CA that signed it,
	// for the provider's readiness check.
	Cert    *runca.Pair
	RootCAs *x509.CertPool
}

// OIDCProvider is a running example OpenID provider, a child process of the test.
type OIDCProvider struct {
	cmd    *exec.Cmd
	scheme string // http, or https with a certificate
	port   int
	log    *logging.Buffer
	exited chan struct{}
}

// ErrNoPeerBinary says that a peer's binary has not been built.
var ErrNoPeerBinary = errors.New("run make peers")

// PeerBinary is the path of a binary that make peers (or make build) put into .data/bin at the
// repository's root.
func PeerBinary(name string) (string, error) {
	root, err := workspace.Root()
	if err != nil {
		return "", fmt.Errorf("realpeers: %w", err)
	}
	path := filepath.Join(root, ".data", "bin", name)
	if _, err := os.Stat(path); err != nil {
		return "", fmt.Errorf("realpeers: %s is missing: %w", path, ErrNoPeerBinary)
	}
	return path, nil
}

// StartOIDCProvider starts the provider and waits until its discovery document names its issuer.
// Stop ends it.
func StartOIDCProvider(ctx context.Context, opt OIDCProviderOptions) (*OIDCProvider, error) {
	bin := opt.Binary
	if bin == "" {
		var err error
		if bin, err = PeerBinary("oidc-provider"); err != nil {
			return nil, err
		}
	}
	port := opt.Port
	if port == 0 {
		var err error
		if port, err = FreePort(); err != nil {
			return nil, err
		}
	}
	p := &OIDCProvider{scheme: "http", port: port, log: &logging.Buffer{}, exited: make(chan struct{})}
	p.cmd = exec.Command(bin)
	// The provider reads PORT, REDIRECT_URI, USERS_FILE, TLS_CERT_FILE and TLS_KEY_FILE and nothing
	// else; an inherited value of any of them must not leak in.
	env := []string{}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !slices.Contains([]string{"PORT", "REDIRECT_URI", "USERS_FILE", "TLS_CERT_FILE", "TLS_KEY_FILE"}, k) {
			env = append(env, kv)
		}
	}
	env = append(env, "PORT="+strconv.Itoa(port))
	if opt.Cert != nil {
		p.scheme = "https"
		env = append(env, "TLS_CERT_FILE="+opt.Cert.CertFile, "TLS_KEY_FILE="+opt.Cert.KeyFile)
	}
	if len(opt.RedirectURIs) > 0 {
		env = append(env, "REDIRECT_URI="+strings.Join(opt.RedirectURIs, ","))
	}
	p.cmd.Env = env
	p.cmd.Stdout, p.cmd.Stderr = p.log, p.log
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} // never outlives the test
	if err := p.cmd.Start(); err != nil {
		return nil, fmt.Errorf("realpeers: start %s: %w", bin, err)
	}
	go func() { _ = p.cmd.Wait(); close(p.exited) }()
	if err := p.waitReady(ctx, opt.RootCAs); err != nil {
		p.Stop()
		return nil, err
	}
	return p, nil
}

// Issuer is the provider's issuer URL, http://localhost:PORT/ or with a certificate
// https://localhost:PORT/ (with the slash, as the provider writes it into its discovery document
// and tokens): OIDC_ISSUER_URL.
func (p *OIDCProvider) Issuer() string { return fmt.Sprintf("%s://localhost:%d/", p.scheme, p.port) }

// Port is the provider's port. It listens on every interface (the example binds ":PORT").
func (p *OIDCProvider) Port() int { return p.port }

// AdminUsername is the built-in admin user's name, test-user@ followed by the issuer's host.
func (p *OIDCProvider) AdminUsername() string { return "test-user@localhost" }

// Log is what the provider wrote so far, for a failing test's message.
func (p *OIDCProvider) Log() string { return p.log.String() }

func (p *OIDCProvider) waitReady(ctx context.Context, roots *x509.CertPool) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	client := &http.Client{Timeout: 2 * time.Second,
		Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12}}}
	discovery := strings.TrimSuffix(p.Issuer(), "/") + "/.well-known/openid-configuration"
	var last error
	for {
		select {
		case <-p.exited:
			return fmt.Errorf("realpeers: the OpenID provider exited: %s", p.Log())
		case <-ctx.Done():
			return fmt.Errorf("realpeers: the OpenID provider does not answer at %s: %v\n%s", discovery, last, p.Log())
		case <-time.After(100 * time.Millisecond):
		}
		resp, err := client.Get(discovery)
		if err != nil {
			last = err
			continue
		}
		var doc struct {
			Issuer string `json:"issuer"`
		}
		err = json.NewDecoder(resp.Body).Decode(&doc)
		resp.Body.Close()
		switch {
		case err != nil:
			last = err
		case doc.Issuer != p.Issuer():
			return fmt.Errorf("realpeers: the OpenID provider names its issuer %q, not %q", doc.Issuer, p.Issuer())
		default:
			return nil
		}
	}
}

// Stop ends the provider (SIGTERM, then SIGKILL after 5 s) and waits for it.
func (p *OIDCProvider) Stop() {
	if p.cmd.Process == nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.exited
	}
}
