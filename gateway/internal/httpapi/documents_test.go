package httpapi

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"semesterhaus/platform/identity"
)

type fixedSigner struct{}

func (fixedSigner) Sign(id identity.Identity, _ string) (string, error) {
	return "token-for-" + string(id.Role), nil
}

func TestDocuments_forwardsAdminsWithTheirTokenAndRefusesEverybodyElse(t *testing.T) {
	t.Parallel()
	type seen struct{ path, token, cookie string }
	requests := make(chan seen, 4)
	documentService := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests <- seen{r.URL.Path, r.Header.Get(identity.Header), r.Header.Get("Cookie")}
		w.Header().Set("Content-Disposition", `attachment; filename="personalausweis-vorne-7.png"`)
		_, _ = w.Write([]byte("png bytes"))
	}))
	t.Cleanup(documentService.Close)
	target, _ := url.Parse(documentService.URL)

	for _, tt := range []struct {
		role       identity.Role
		path       string
		status     int
		forwarded  string
		wantsToken string
	}{
		{identity.RoleAnonymous, "/api/renter/7/identity/front", http.StatusUnauthorized, "", ""},
		{identity.RoleAdmin, "/api/renter/7/identity/front", http.StatusOK, "/identity/7/front", "token-for-admin"},
		{identity.RoleAdmin, "/api/documents/0b1c", http.StatusOK, "/documents/0b1c", "token-for-admin"},
	} {
		caller := identity.Identity{Subject: string(tt.role), Role: tt.role}
		docs := NewUpstream(nil).Documents(target, func(*http.Request) identity.Identity { return caller }, fixedSigner{})
		mux := http.NewServeMux()
		mux.Handle("GET /api/renter/{renterId}/identity/{side}", docs)
		mux.Handle("GET /api/documents/{documentId}", docs)
		req := httptest.NewRequest(http.MethodGet, tt.path, nil)
		req.Header.Set("Cookie", "semesterhaus_session=secret")
		req.Header.Set(identity.Header, "forged")
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		if rec.Code != tt.status {
			t.Errorf("%s %s: HTTP %d, want %d", tt.role, tt.path, rec.Code, tt.status)
			continue
		}
		if tt.forwarded == "" {
			continue
		}
		got := <-requests
		if got.path != tt.forwarded || got.token != tt.wantsToken || got.cookie != "" {
			t.Errorf("%s: forwarded %+v, want path %s with the gateway's token and no cookie", tt.path, got, tt.forwarded)
		}
		if rec.Header().Get("Content-Disposition") == "" || rec.Body.String() != "png bytes" {
			t.Errorf("%s: answer %v %q", tt.path, rec.Header(), rec.Body.String())
		}
	}
	if len(requests) != 0 {
		t.Error("a refused request reached the document service")
	}
}

func TestForward_passesPagesAndWebhooksOnAnonymously(t *testing.T) {
	t.Parallel()
	type seen struct{ method, path, query, body, signature, token, cookie string }
	requests := make(chan seen, 1)
	service := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		requests <- seen{r.Method, r.URL.Path, r.URL.RawQuery, string(body), r.Header.Get("Stripe-Signature"),
			r.Header.Get(identity.Header), r.Header.Get("Cookie")}
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(service.Close)
	target, _ := url.Parse(service.URL)

	mux := http.NewServeMux()
	mux.Handle("POST /api/webhooks/payment", NewUpstream(nil).Forward(target, "/api/webhooks/payment", "/webhooks/payment"))
	mux.Handle("/api/checkout/", NewUpstream(nil).Forward(target, "/api/checkout/", "/checkout/"))
	mux.Handle("GET /api/pay/{paymentId}", NewUpstream(nil).Forward(target, "/api/pay/", "/pay/"))
	mux.Handle("GET /api/my-booking/{rentingId}/{file}", NewUpstream(nil).Forward(target, "/api/my-booking/", "/my-booking/"))
	mux.Handle("GET /api/my-booking/documents", NewUpstream(nil).Forward(target, "/api/my-booking/", "/my-booking/"))
	for _, tt := range []struct{ method, path, wantPath, wantQuery string }{
		{http.MethodPost, "/api/webhooks/payment", "/webhooks/payment", ""},
		{http.MethodGet, "/api/checkout/p-1?lang=de", "/checkout/p-1", "lang=de"},
		{http.MethodGet, "/api/pay/p-1", "/pay/p-1", ""},
		// The renter page's downloads: the page token travels in the query to the document service, which checks it.
		{http.MethodGet, "/api/my-booking/r-1/receipt.pdf?token=page-token", "/my-booking/r-1/receipt.pdf", "token=page-token"},
		{http.MethodGet, "/api/my-booking/documents?token=page-token", "/my-booking/documents", "token=page-token"},
		{http.MethodGet, "/api/my-booking/documents/d-1?token=page-token", "/my-booking/documents/d-1", "token=page-token"},
	} {
		req := httptest.NewRequest(tt.method, tt.path, strings.NewReader(`{"id":"evt_1"}`))
		req.Header.Set("Stripe-Signature", "t=1,v1=abc")
		req.Header.Set("Cookie", "semesterhaus_session=secret")
		req.Header.Set(identity.Header, "forged")
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		got := <-requests
		if rec.Code != http.StatusAccepted || got.path != tt.wantPath || got.query != tt.wantQuery || got.method != tt.method ||
			got.body != `{"id":"evt_1"}` || got.signature != "t=1,v1=abc" || got.token != "" || got.cookie != "" {
			t.Errorf("%s %s: HTTP %d, the service saw %+v", tt.method, tt.path, rec.Code, got)
		}
	}
}
