package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"time"
)

// webhookPath is where the payment provider reports, through the gateway.
const webhookPath = "/api/webhooks/payment"

// recorder stands between the services and the gateway (their PUBLIC_URL, devstack -proxy gateway=):
// it forwards every request and keeps the payment webhooks, byte for byte with their headers, so
// that the harness can send the very same signed request again, as a provider retrying it would.
type recorder struct {
	gateway string
	lis     net.Listener
	server  *http.Server

	mu       sync.Mutex
	webhooks []webhook
}

// webhook is a payment webhook request as the sandbox sent it.
type webhook struct {
	body   []byte
	header http.Header
}

func newRecorder(gateway string) (*recorder, error) {
	target, err := url.Parse(gateway)
	if err != nil {
		return nil, err
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r := &recorder{gateway: gateway, lis: lis}
	forward := httputil.NewSingleHostReverseProxy(target)
	forward.ErrorHandler = func(w http.ResponseWriter, req *http.Request, err error) {
		// A gateway killed or restarting: the sandbox sees what it would see without the recorder.
		logf("recorder: %s %s: %v", req.Method, req.URL.Path, err)
		w.WriteHeader(http.StatusBadGateway)
	}
	r.server = &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Method == http.MethodPost && req.URL.Path == webhookPath {
			body, err := io.ReadAll(http.MaxBytesReader(w, req.Body, 1<<20))
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			r.keep(webhook{body: body, header: req.Header.Clone()})
			req.Body = io.NopCloser(bytes.NewReader(body))
		}
		forward.ServeHTTP(w, req)
	})}
	go func() { _ = r.server.Serve(lis) }()
	return r, nil
}

func (r *recorder) Addr() string { return r.lis.Addr().String() }

func (r *recorder) Close() error { return r.server.Close() }

func (r *recorder) keep(w webhook) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.webhooks = append(r.webhooks, w)
}

// paid is the last webhook recorded that reports the renting's payment as paid.
func (r *recorder) paid(rentingID string) (webhook, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.webhooks) - 1; i >= 0; i-- {
		w := r.webhooks[i]
		if bytes.Contains(w.body, []byte(`"renting_id":"`+rentingID+`"`)) && bytes.Contains(w.body, []byte(`"checkout.session.completed"`)) {
			return w, true
		}
	}
	return webhook{}, false
}

// resend posts the recorded webhook to the gateway again: the same body and the same headers, the
// signature among them.
func (r *recorder) resend(ctx context.Context, w webhook) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.gateway+webhookPath, bytes.NewReader(w.body))
	if err != nil {
		return err
	}
	for k, v := range w.header {
		if !strings.EqualFold(k, "Content-Length") {
			req.Header[k] = v
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("the webhook sent again answered %s", resp.Status)
	}
	return nil
}

// resendPaid sends the renting's recorded paid webhook again.
func (r *recorder) resendPaid(ctx context.Context, rentingID string) error {
	w, ok := r.paid(rentingID)
	if !ok {
		return errors.New("no paid webhook recorded for renting " + rentingID)
	}
	return r.resend(ctx, w)
}
