package httpapi

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/wundergraph/graphql-go-tools/execution/graphql"

	"semesterhaus/platform/identity"
)

// answering is an Executor that answers every operation with a fixed body and remembers the request.
type answering struct {
	body string
	err  error
	got  *graphql.Request
}

func (a *answering) Execute(_ context.Context, req *graphql.Request, out *bytes.Buffer) error {
	a.got = req
	out.WriteString(a.body)
	return a.err
}

func (a *answering) ExecuteQuery(ctx context.Context, req *graphql.Request, out *bytes.Buffer) error {
	return a.Execute(ctx, req, out)
}

type fixedSigner struct{}

func (fixedSigner) Sign(id identity.Identity) (string, error) {
	return "token-for-" + string(id.Role), nil
}

func TestVerify_redirectsToTheStepTheOutcomeLeadsTo(t *testing.T) {
	t.Parallel()
	tests := []struct {
		answer, location string
	}{
		{`{"data":{"confirmEmail":{"outcome":"CONFIRMED","rentingId":"r-1"}}}`, "/booking/step3done?rentingId=r-1"},
		{`{"data":{"confirmEmail":{"outcome":"APARTMENT_TAKEN","rentingId":"r-1"}}}`, "/booking/step3failed?rentingId=r-1"},
		{`{"data":{"confirmEmail":{"outcome":"EXPIRED_TOKEN","rentingId":null}}}`, "/booking/step3failed?reason=EXPIRED_TOKEN"},
		{`{"data":{"confirmEmail":{"outcome":"INVALID_TOKEN","rentingId":null}}}`, "/booking/step3failed?reason=INVALID_TOKEN"},
	}
	for _, tt := range tests {
		engine := &answering{body: tt.answer}
		v := &Verify{Engine: engine, Signer: fixedSigner{}, Logger: slog.New(slog.DiscardHandler)}
		rec := httptest.NewRecorder()
		v.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/verify?email=lena%40example.org&token=abc", nil))
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != tt.location {
			t.Errorf("answer %s: %d to %q, want 303 to %q", tt.answer, rec.Code, rec.Header().Get("Location"), tt.location)
		}
		if !strings.Contains(string(engine.got.Variables), `"email":"lena@example.org"`) ||
			engine.got.InternalRequest().Header.Get(identity.Header) != "token-for-anonymous" {
			t.Errorf("sent %s with header %v", engine.got.Variables, engine.got.InternalRequest().Header)
		}
	}
}

func TestVerify_aLinkWithoutTokenIsInvalidAndAFailureAsksToRetry(t *testing.T) {
	t.Parallel()
	v := &Verify{Engine: &answering{}, Signer: fixedSigner{}, Logger: slog.New(slog.DiscardHandler)}
	rec := httptest.NewRecorder()
	v.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/verify?email=lena%40example.org", nil))
	if rec.Header().Get("Location") != "/booking/step3failed?reason=INVALID_TOKEN" {
		t.Errorf("without token: %d %q", rec.Code, rec.Header().Get("Location"))
	}

	v.Engine = &answering{err: errors.New("renting is down")}
	rec = httptest.NewRecorder()
	v.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/verify?email=a%40b.de&token=t", nil))
	if rec.Code != http.StatusServiceUnavailable || strings.Contains(rec.Body.String(), "renting is down") {
		t.Errorf("failure: %d %q", rec.Code, rec.Body.String())
	}
}
