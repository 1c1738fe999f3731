package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestSecurityHeaders_onEveryAnswer: the web apps' pages, the forwarded signing and checkout pages,
// errors and API answers all carry the content security policy (no inline script), deny framing,
// nosniff and a Referrer-Policy; only the contract PDF may be framed, by the gateway's own pages.
func TestSecurityHeaders_onEveryAnswer(t *testing.T) {
	document := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff") // the service's own, not repeated
		if strings.HasSuffix(r.URL.Path, ".pdf") {
			w.Header().Set("Content-Type", "application/pdf")
			_, _ = w.Write([]byte("%PDF-1.7"))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte("<!doctype html><title>signing</title>"))
	}))
	t.Cleanup(document.Close)
	gw := startGateway(t, withEnv("WEB_PUBLIC_DIR", webApp(t, "public")), withEnv("WEB_ADMIN_DIR", webApp(t, "admin")),
		withEnv("DOCUMENT_URL", document.URL))

	pages := []string{"/", "/booking/step1", "/admin/", "/admin/renters/7", "/assets/app-3f9a1c2b.js",
		"/api/signing/5f0c", "/api/nothing", "/api/graphql?query=%7B", "/metrics", "/healthz", "/assets/gone-00000000.js"}
	for _, path := range pages {
		res, _ := get(t, gw.url+path)
		checkPageHeaders(t, "GET "+path, res.Header)
	}
	res, _ := gw.post(t, browser(t), "/api/graphql", "text/plain", []byte("{}"))
	checkPageHeaders(t, "a refused POST", res.Header)

	res, _ = get(t, gw.url+"/api/signing/5f0c/contract.pdf")
	if got := res.Header.Get("Content-Security-Policy"); got != "frame-ancestors 'self'" || res.Header.Get("X-Frame-Options") != "SAMEORIGIN" {
		t.Errorf("contract PDF: CSP %q, X-Frame-Options %q, want framing by the gateway's own pages only", got, res.Header.Get("X-Frame-Options"))
	}
	if res.Header.Get("Strict-Transport-Security") != "" {
		t.Error("HSTS outside production: a local http:// gateway would be unreachable for a year")
	}
}

func checkPageHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	csp := h.Get("Content-Security-Policy")
	script := directive(csp, "script-src")
	if script != "script-src 'self'" || !strings.Contains(csp, "frame-ancestors 'none'") ||
		!strings.Contains(csp, "object-src 'none'") || !strings.Contains(csp, "base-uri 'none'") {
		t.Errorf("%s: Content-Security-Policy %q, want scripts only from the gateway (no inline), no framing, no plugins", what, csp)
	}
	for name, want := range map[string]string{"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"} {
		if got := h.Values(name); len(got) != 1 || got[0] != want {
			t.Errorf("%s: %s = %q, want once %q", what, name, got, want)
		}
	}
}

// directive is the directive of a content security policy that starts with name.
func directive(policy, name string) string {
	for _, d := range strings.Split(policy, ";") {
		if d = strings.TrimSpace(d); strings.HasPrefix(d, name+" ") {
			return d
		}
	}
	return ""
}

func TestSecurityHeaders_production_sendsHSTS(t *testing.T) {
	gw := startGateway(t, inProduction())
	for _, path := range []string{"/healthz", "/api/nothing"} {
		res, _ := get(t, gw.url+path)
		if got := res.Header.Get("Strict-Transport-Security"); !strings.HasPrefix(got, "max-age=31536000") {
			t.Errorf("GET %s in production: Strict-Transport-Security %q, want a year", path, got)
		}
	}
}

// TestMetrics_notOnThePublicPort: /metrics, also spelled with an escape, answers 404 on the public
// port, with and without the web apps' fallback to index.html.
func TestMetrics_notOnThePublicPort(t *testing.T) {
	gw := startGateway(t, withEnv("WEB_PUBLIC_DIR", webApp(t, "public")))
	for _, path := range []string{"/metrics", "/%6detrics", "/%6D%65trics", "/./metrics", "/api/../metrics", "/admin/../metrics"} {
		res, body := get(t, gw.url+path)
		if res.StatusCode != http.StatusNotFound || strings.Contains(body, "go_goroutines") || strings.Contains(body, "index") {
			t.Errorf("GET %s on the public port = %d %.100q, want 404 without metrics", path, res.StatusCode, body)
		}
	}
}

// TestIntrospection_inProduction_onlyForAdminsUnlessTurnedOn: the schema is no public map of the
// admin operations in production; admins and INTROSPECTION=true still get it.
func TestIntrospection_inProduction_onlyForAdminsUnlessTurnedOn(t *testing.T) {
	// Within the cost budget: the full introspection query is refused by its cost, whoever asks.
	const introspectionQuery = `{ __schema { queryType { name } types { name kind } } }`
	gw := startGateway(t, inProduction())
	for name, query := range map[string]string{
		"__schema":                  introspectionQuery,
		"__type":                    `{ __type(name: "Mutation") { fields { name } } }`,
		"__type inside a fragment":  `query { ...q } fragment q on Query { __type(name: "Mutation") { name } }`,
		"federation's _service SDL": `{ _service { sdl } }`,
	} {
		res := gw.query(t, browser(t), query)
		if res.errorCode() != "FORBIDDEN" || hasData(res) {
			t.Errorf("anonymous %s in production = %.300s, want FORBIDDEN and no data", name, res.raw)
		}
	}
	if res := gw.query(t, browser(t), `{ building { __typename id } }`); len(res.Errors) > 0 {
		t.Errorf("__typename is no introspection: %.300s", res.raw)
	}
	if res := gw.query(t, signedInAdmin(t, gw), introspectionQuery); len(res.Errors) > 0 || !strings.Contains(string(res.Data), `"queryType":{"name":"Query"}`) {
		t.Errorf("admin introspection in production = %.300s, want the schema", res.raw)
	}

	open := startGateway(t, inProduction(), withEnv("INTROSPECTION", "true"))
	if res := open.query(t, browser(t), introspectionQuery); len(res.Errors) > 0 {
		t.Errorf("anonymous introspection with INTROSPECTION=true = %.300s, want the schema", res.raw)
	}
}
