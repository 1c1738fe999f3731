package emaillink

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"semesterhaus/services/renting/internal/domain"
)

// answering is a Confirmer with a fixed answer that remembers what it was asked.
type answering struct {
	outcome      domain.Outcome
	rentingID    string
	err          error
	email, token string
}

func (a *answering) ConfirmEmail(_ context.Context, email, token string) (domain.Outcome, string, error) {
	a.email, a.token = email, token
	return a.outcome, a.rentingID, a.err
}

func get(rentings Confirmer, target string) *httptest.ResponseRecorder {
	mux := http.NewServeMux()
	Routes(mux, rentings, slog.New(slog.DiscardHandler))
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	return rec
}

func TestVerify_redirectsToTheStepTheOutcomeLeadsTo(t *testing.T) {
	t.Parallel()
	tests := []struct {
		outcome   domain.Outcome
		rentingID string
		location  string
	}{
		{domain.Confirmed, "r-1", "/booking/step3done?rentingId=r-1"},
		{domain.ApartmentTaken, "r-1", "/booking/step3failed?rentingId=r-1"},
		{domain.ExpiredToken, "", "/booking/step3failed?reason=EXPIRED_TOKEN"},
		{domain.InvalidToken, "", "/booking/step3failed?reason=INVALID_TOKEN"},
	}
	for _, tt := range tests {
		rentings := &answering{outcome: tt.outcome, rentingID: tt.rentingID}
		rec := get(rentings, "/verify?email=lena%40example.org&token=abc")
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != tt.location {
			t.Errorf("%s: %d to %q, want 303 to %q", tt.outcome, rec.Code, rec.Header().Get("Location"), tt.location)
		}
		if rentings.email != "lena@example.org" || rentings.token != "abc" {
			t.Errorf("confirmed %q with %q", rentings.email, rentings.token)
		}
	}
}

func TestVerify_aLinkWithoutTokenIsInvalidAndAFailureAsksToRetry(t *testing.T) {
	t.Parallel()
	rec := get(&answering{}, "/verify?email=lena%40example.org")
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/booking/step3failed?reason=INVALID_TOKEN" {
		t.Errorf("without token: %d %q", rec.Code, rec.Header().Get("Location"))
	}

	rec = get(&answering{err: errors.New("renter is down")}, "/verify?email=a%40b.de&token=t")
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" ||
		strings.Contains(rec.Body.String(), "renter is down") || !strings.Contains(rec.Body.String(), "try again") {
		t.Errorf("failure: %d %q", rec.Code, rec.Body.String())
	}
}
