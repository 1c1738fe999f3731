package testenv

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85"

	"semesterhaus/platform/workspace"
)

// StripeMock is stripe-mock, Stripe's API server built from Stripe's OpenAPI description (it checks
// every request's parameters against it and answers its fixtures, keeping nothing), run on loopback
// for one test behind a front that records what reached it.
type StripeMock struct {
	front *httptest.Server

	mu       sync.Mutex
	requests []StripeRequest
}

// StripeRequest is one request the service sent to Stripe's API.
type StripeRequest struct {
	Method, Path, IdempotencyKey string
	Form                         url.Values
}

// StartStripeMock gives the test a front of stripe-mock of its own (make peers builds it into
// .data/bin; STRIPE_MOCK names another); without it the test fails, saying so. stripe-mock keeps
// nothing, so the tests of a package share one, started with the first and ended with the package's
// test binary: reading Stripe's description takes it seconds.
func StartStripeMock(t testing.TB) *StripeMock {
	t.Helper()
	addr := sharedStripeMock(t)
	m := &StripeMock{}
	proxy := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: "http", Host: addr})
	m.front = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		form, _ := url.ParseQuery(string(body))
		m.mu.Lock()
		m.requests = append(m.requests, StripeRequest{Method: r.Method, Path: r.URL.Path, IdempotencyKey: r.Header.Get("Idempotency-Key"), Form: form})
		m.mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(m.front.Close)
	return m
}

// Backends point stripe-go at the mock, without retries.
func (m *StripeMock) Backends() *stripe.Backends {
	return stripe.NewBackendsWithConfig(&stripe.BackendConfig{URL: stripe.String(m.front.URL), MaxNetworkRetries: stripe.Int64(0)})
}

// Requests are the requests to path so far (all with path ""), oldest first.
func (m *StripeMock) Requests(method, path string) []StripeRequest {
	m.mu.Lock()
	defer m.mu.Unlock()
	var found []StripeRequest
	for _, r := range m.requests {
		if r.Method == method && (path == "" || r.Path == path) {
			found = append(found, r)
		}
	}
	return found
}

func stripeMockBinary() (string, error) {
	if bin := os.Getenv("STRIPE_MOCK"); bin != "" {
		return bin, nil
	}
	root, err := workspace.Root()
	if err != nil {
		return "", fmt.Errorf("%w (or set STRIPE_MOCK to stripe-mock's binary)", err)
	}
	bin := filepath.Join(root, ".data", "bin", "stripe-mock")
	if _, err := os.Stat(bin); err != nil {
		return "", fmt.Errorf("not built (%w): run make peers", err)
	}
	return bin, nil
}

var stripeMock struct {
	once sync.Once
	addr string
	err  error
}

// sharedStripeMock is the address of the package's stripe-mock, started on the first call.
func sharedStripeMock(t testing.TB) string {
	stripeMock.once.Do(func() {
		bin, err := stripeMockBinary()
		if err != nil {
			stripeMock.err = err
			return
		}
		addr, err := freeAddr()
		if err != nil {
			stripeMock.err = err
			return
		}
		// Its HTTPS port too is one of its own, or two stripe-mocks clash on the default one.
		cmd := exec.Command(bin, "-http-addr", addr, "-https-addr", "127.0.0.1:0")
		var output bytes.Buffer
		cmd.Stdout, cmd.Stderr = &output, &output
		// Ended with the test binary, whatever way it ends.
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		if err := cmd.Start(); err != nil {
			stripeMock.err = err
			return
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		stripeMock.addr, stripeMock.err = addr, waitAnswering(addr, exited)
		if stripeMock.err != nil {
			stripeMock.err = fmt.Errorf("%w\n%s", stripeMock.err, output.String())
		}
	})
	if stripeMock.err != nil {
		t.Fatalf("stripe-mock: %v", stripeMock.err)
	}
	return stripeMock.addr
}

func freeAddr() (string, error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer lis.Close()
	return lis.Addr().String(), nil
}

// waitAnswering waits until stripe-mock answers a request on addr; it reads Stripe's description
// first.
func waitAnswering(addr string, exited <-chan error) error {
	client := &http.Client{Timeout: time.Second}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/v1/checkout/sessions/cs_ready", nil)
		req.SetBasicAuth("sk_test_ready", "")
		if resp, err := client.Do(req); err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return errors.New("stripe-mock does not answer on " + addr)
		}
		select {
		case err := <-exited:
			return fmt.Errorf("stripe-mock ended before it answered: %v", err)
		case <-time.After(200 * time.Millisecond):
		}
	}
}
