package httpapi

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"semesterhaus/platform/identity"
)

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
		docs := NewDocuments(target, func(*http.Request) identity.Identity { return caller }, fixedSigner{})
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
