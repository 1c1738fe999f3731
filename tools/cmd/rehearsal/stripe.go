package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strconv"
	"sync"
)

// checkoutSession is what the payment service asked Stripe for, as Stripe keeps it: stripe-mock
// checks every request against Stripe's API description but keeps nothing, so the rehearsal's
// front of it remembers each created session's parameters and stripe-mock's answer.
type checkoutSession struct {
	ID, URL              string
	PaymentID, RentingID string // the session's metadata
	AmountCents          int64  // its one line item's unit amount
	Currency             string
}

// stripeFront passes every request on to stripe-mock and remembers the checkout sessions created.
type stripeFront struct {
	proxy *httputil.ReverseProxy

	mu       sync.Mutex
	sessions []checkoutSession
}

func newStripeFront(mock *url.URL) *stripeFront {
	f := &stripeFront{}
	f.proxy = &httputil.ReverseProxy{
		Rewrite:        func(r *httputil.ProxyRequest) { r.SetURL(mock) },
		ModifyResponse: f.remember,
	}
	return f
}

func (f *stripeFront) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost && r.URL.Path == "/v1/checkout/sessions" {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r = r.WithContext(withForm(r.Context(), body))
	}
	f.proxy.ServeHTTP(w, r)
}

// remember keeps a created session: its parameters as sent, its id and URL as stripe-mock answered.
func (f *stripeFront) remember(resp *http.Response) error {
	form, ok := formOf(resp.Request.Context())
	if !ok || resp.StatusCode != http.StatusOK {
		return nil
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	var answer struct{ ID, URL string }
	if err := json.Unmarshal(body, &answer); err != nil {
		return err
	}
	params, err := url.ParseQuery(string(form))
	if err != nil {
		return err
	}
	cents, _ := strconv.ParseInt(params.Get("line_items[0][price_data][unit_amount]"), 10, 64)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sessions = append(f.sessions, checkoutSession{
		ID: answer.ID, URL: answer.URL, PaymentID: params.Get("metadata[payment_id]"), RentingID: params.Get("metadata[renting_id]"),
		AmountCents: cents, Currency: params.Get("line_items[0][price_data][currency]"),
	})
	return nil
}

// session is the newest session created for the renting.
func (f *stripeFront) session(rentingID string) (checkoutSession, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := len(f.sessions) - 1; i >= 0; i-- {
		if f.sessions[i].RentingID == rentingID {
			return f.sessions[i], true
		}
	}
	return checkoutSession{}, false
}

type formKey struct{}

func withForm(ctx context.Context, body []byte) context.Context {
	return context.WithValue(ctx, formKey{}, body)
}

func formOf(ctx context.Context) ([]byte, bool) {
	body, ok := ctx.Value(formKey{}).([]byte)
	return body, ok
}
