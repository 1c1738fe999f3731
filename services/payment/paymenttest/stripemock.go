// Package paymenttest is the payment service's kit for tests and rehearsals of this and other
// modules: stripe-mock, the real peer of its Stripe adapter.
package paymenttest

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

	"semesterhaus/platform/logging"
	"semesterhaus/platform/workspace"
)

// StripeMock is stripe-mock, Stripe's API server built from Stripe's OpenAPI description (it checks
// every request's parameters against it and answers its fixtures, keeping nothing), run on loopback
// behind a front that records what reached it and what it answered: what Stripe would remember.
type StripeMock struct {
	front *httptest.Server

	mu       sync.Mutex
	requests []StripeRequest
}

// StripeRequest is one request the service sent to Stripe's API, with stripe-mock's answer.
type StripeRequest struct {
	Method, Path, IdempotencyKey string
	Form                         url.Values
	Status                       int
	Answer                       []byte
}

// StartStripeMock gives the test a front of stripe-mock of its own, closed when the test ends;
// without stripe-mock the test fails, saying so.
func StartStripeMock(t testing.TB) *StripeMock {
	t.Helper()
	m, err := NewStripeMock()
	if err != nil {
		t.Fatalf("stripe-mock: %v", err)
	}
	t.Cleanup(m.Close)
	return m
}

// NewStripeMock serves a front of stripe-mock (make peers builds it into .data/bin; STRIPE_MOCK
// names another) until Close. stripe-mock keeps nothing, so the fronts of one process share one,
// started with the first and ended with the process: reading Stripe's description takes it seconds.
func NewStripeMock() (*StripeMock, error) {
	addr, err := sharedStripeMock()
	if err != nil {
		return nil, err
	}
	m := &StripeMock{}
	proxy := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: "http", Host: addr})
	m.front = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		form, _ := url.ParseQuery(string(body))
		// Recorded before it is answered, so that whoever got the answer finds the request.
		m.mu.Lock()
		i := len(m.requests)
		m.requests = append(m.requests, StripeRequest{Method: r.Method, Path: r.URL.Path, IdempotencyKey: r.Header.Get("Idempotency-Key"), Form: form})
		m.mu.Unlock()
		answer := &recorder{ResponseWriter: w, status: http.StatusOK}
		proxy.ServeHTTP(answer, r)
		m.mu.Lock()
		m.requests[i].Status, m.requests[i].Answer = answer.status, answer.body.Bytes()
		m.mu.Unlock()
	}))
	return m, nil
}

// recorder passes an answer on and keeps a copy.
type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

// URL is where the front answers as Stripe's API: STRIPE_API_URL.
func (m *StripeMock) URL() string { return m.front.URL }

// Close stops the front.
func (m *StripeMock) Close() { m.front.Close() }

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

// sharedStripeMock is the address of the process's stripe-mock, started on the first call.
func sharedStripeMock() (string, error) {
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
		var output logging.Buffer
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
	return stripeMock.addr, stripeMock.err
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
