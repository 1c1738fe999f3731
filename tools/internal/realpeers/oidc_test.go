package realpeers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/logging"
	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natslocal"
	"semesterhaus/platform/natsprovision"
)

// The gateway's settings that map the example provider's admin to an admin: its ID tokens carry no
// groups (README.md).
const (
	gatewayRoleClaim = "sub"
	gatewayAdminRole = OIDCAdminSubject
)

// ssoSite is the gateway binary configured for single sign-on with the example provider, and a
// browser (an http.Client with a cookie jar).
type ssoSite struct {
	provider *OIDCProvider
	gateway  string // http://127.0.0.1:PORT
	browser  *http.Client
	log      *logging.Buffer
}

func newSSOSite(t *testing.T) *ssoSite {
	t.Helper()
	providerBin, err := PeerBinary("oidc-provider")
	if err != nil {
		t.Fatal(err) // the message ends in "run make peers"
	}
	gatewayBin := buildGateway(t)

	nats, err := natslocal.Start(natslocal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nats.Shutdown)
	provisionBuckets(t, nats.URL(), "sso_sessions", "sso_limits")

	gatewayPort, err := FreePort()
	if err != nil {
		t.Fatal(err)
	}
	metricsPort, err := FreePort()
	if err != nil {
		t.Fatal(err)
	}
	site := &ssoSite{gateway: "http://127.0.0.1:" + strconv.Itoa(gatewayPort), log: &logging.Buffer{}}
	callback := site.gateway + "/api/auth/sso/callback"

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	site.provider, err = StartOIDCProvider(ctx, OIDCProviderOptions{Binary: providerBin, RedirectURIs: []string{callback}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("provider's log:\n%s", site.provider.Log())
		}
		site.provider.Stop()
	})

	cmd := exec.Command(gatewayBin)
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HTTP_ADDR=127.0.0.1:" + strconv.Itoa(gatewayPort),
		"METRICS_ADDR=127.0.0.1:" + strconv.Itoa(metricsPort),
		"NATS_URL=" + nats.URL(),
		"SESSION_BUCKET=sso_sessions", "RATE_LIMIT_BUCKET=sso_limits",
		"LOG_FORMAT=text",
		"OIDC_ISSUER_URL=" + site.provider.Issuer(),
		"OIDC_CLIENT_ID=" + OIDCClientID,
		"OIDC_CLIENT_SECRET=" + OIDCClientSecret,
		"OIDC_REDIRECT_URL=" + callback,
		"OIDC_ROLE_CLAIM=" + gatewayRoleClaim,
		"OIDC_ADMIN_ROLE=" + gatewayAdminRole,
	}
	cmd.Stdout, cmd.Stderr = site.log, site.log
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
		if t.Failed() {
			t.Logf("gateway's log:\n%s", site.log.String())
		}
	})
	if err := waitHTTP(ctx, site.gateway+"/healthz", exited); err != nil {
		t.Fatalf("gateway: %v", err)
	}

	jar, _ := cookiejar.New(nil)
	site.browser = &http.Client{Jar: jar, Timeout: 15 * time.Second}
	return site
}

// buildGateway builds the gateway's binary from this checkout (go build's cache makes it quick
// after the first time).
func buildGateway(t *testing.T) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "gateway")
	cmd := exec.Command(goBin, "build", "-o", out, "semesterhaus/gateway/cmd/gateway")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build the gateway: %v\n%s", err, msg)
	}
	return out
}

func waitHTTP(ctx context.Context, u string, exited <-chan struct{}) error {
	client := &http.Client{Timeout: time.Second}
	for {
		resp, err := client.Get(u)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-exited:
			return errors.New("exited before it answered")
		case <-ctx.Done():
			return fmt.Errorf("%s does not answer: %v", u, err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// signIn signs the browser in through the provider (OIDCProvider.SignIn) and returns where it landed.
func (s *ssoSite) signIn(t *testing.T, username, password string) *url.URL {
	t.Helper()
	landed, err := s.provider.SignIn(context.Background(), s.browser, s.gateway, username, password)
	if err != nil {
		t.Fatal(err)
	}
	return landed
}

func (s *ssoSite) whoami(t *testing.T) string {
	t.Helper()
	resp, err := s.browser.Get(s.gateway + "/api/whoami")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body)
}

func TestOIDCProvider_theGatewaysSSOSignsInTheProvidersAdmin(t *testing.T) {
	t.Parallel()
	site := newSSOSite(t)

	landed := site.signIn(t, site.provider.AdminUsername(), OIDCPassword)

	if landed.Host != strings.TrimPrefix(site.gateway, "http://") || landed.Path != "/admin/overview" {
		t.Fatalf("landed on %s, want the gateway's /admin/overview", landed)
	}
	if who := site.whoami(t); who != "admin" {
		t.Errorf("whoami = %q, want admin", who)
	}
}

func TestOIDCProvider_theProvidersOtherUserIsNoAdmin(t *testing.T) {
	t.Parallel()
	site := newSSOSite(t)

	landed := site.signIn(t, OIDCSecondUsername, OIDCPassword)

	if landed.Path != "/admin/login" || landed.Query().Get("error") != "sso" {
		t.Errorf("landed on %s, want /admin/login?error=sso", landed)
	}
	if who := site.whoami(t); who != "anonymous" {
		t.Errorf("whoami = %q, want anonymous", who)
	}
}

func TestOIDCProvider_aWrongPasswordStaysAtTheProvider(t *testing.T) {
	t.Parallel()
	site := newSSOSite(t)

	landed := site.signIn(t, site.provider.AdminUsername(), "not-"+OIDCPassword)

	if !strings.HasPrefix(landed.String(), site.provider.Issuer()+"login/username") {
		t.Errorf("landed on %s, want the provider's login page again", landed)
	}
	if who := site.whoami(t); who != "anonymous" {
		t.Errorf("whoami = %q, want anonymous", who)
	}
}

// provisionBuckets makes the gateway's buckets under these names, as the provisioning does before
// the gateway starts (it may not make them itself).
func provisionBuckets(t *testing.T, url, sessions, limits string) {
	t.Helper()
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	s, l := natsauth.SessionBucket, natsauth.LimitBucket
	s.Name, l.Name = sessions, limits
	for _, b := range []natsauth.Bucket{s, l} {
		if err := natsprovision.Bucket(t.Context(), js, b); err != nil {
			t.Fatal(err)
		}
	}
}
