package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"semesterhaus/gateway/internal/auth"
)

// forgedUpdate is what a forged request tries: an admin-only mutation that sets the first apartment's
// rent to 1 €.
func forgedUpdate(apartmentID int) string {
	return fmt.Sprintf(`mutation { updateApartment(update: {id: %d, descriptionDe: "Gefälscht", descriptionEn: "Forged",
  pricePerMonth: 1, priceDeposit: 1, priceCleaning: 1}) { exception { messageId } } }`, apartmentID)
}

// firstApartment is the id and rent of the building's first apartment.
func (gw *testGateway) firstApartment(t *testing.T) (id int, rent float64) {
	t.Helper()
	res := gw.query(t, browser(t), `{ building { floors { apartments { id pricePerMonth } } } }`)
	var data struct {
		Building struct {
			Floors []struct {
				Apartments []struct {
					ID            int
					PricePerMonth float64
				}
			}
		}
	}
	if err := json.Unmarshal(res.Data, &data); err != nil || len(data.Building.Floors) == 0 || len(data.Building.Floors[0].Apartments) == 0 {
		t.Fatalf("building = %s", res.raw)
	}
	first := data.Building.Floors[0].Apartments[0]
	return first.ID, first.PricePerMonth
}

func (gw *testGateway) rentOf(t *testing.T, apartmentID int) float64 {
	t.Helper()
	res := gw.query(t, browser(t), fmt.Sprintf(`{ apartmentById(id: %d) { pricePerMonth } }`, apartmentID))
	var data struct {
		ApartmentByID struct{ PricePerMonth float64 }
	}
	if err := json.Unmarshal(res.Data, &data); err != nil || len(res.Errors) > 0 {
		t.Fatalf("apartment = %s", res.raw)
	}
	return data.ApartmentByID.PricePerMonth
}

// post sends body as send does and answers with the response and its body.
func (gw *testGateway) post(t *testing.T, client *http.Client, path, contentType string, body []byte, headers ...string) (*http.Response, string) {
	t.Helper()
	res := gw.send(t, client, path, contentType, body, headers...)
	return res, string(readAll(t, res.Body))
}

func signedInAdmin(t *testing.T, gw *testGateway) *http.Client {
	t.Helper()
	admin := browser(t)
	if res := gw.login(t, admin, "admin", adminPassword); res.StatusCode != http.StatusNoContent {
		t.Fatalf("login = %d", res.StatusCode)
	}
	return admin
}

// TestGraphQL_mutationPostedAsFormTextOrMultipart_415AndNothingChanges: the bodies an HTML form of
// another site can post without a CORS preflight, with the admin's cookie, run nothing.
func TestGraphQL_mutationPostedAsFormTextOrMultipart_415AndNothingChanges(t *testing.T) {
	gw := startGateway(t)
	admin := signedInAdmin(t, gw)
	id, rent := gw.firstApartment(t)
	mutation := forgedUpdate(id)
	asJSON, _ := json.Marshal(map[string]string{"query": mutation})

	var multipartBody bytes.Buffer
	form := multipart.NewWriter(&multipartBody)
	_ = form.WriteField("query", mutation)
	_ = form.WriteField("operations", string(asJSON))
	_ = form.Close()

	attacks := []struct {
		name, contentType string
		body              []byte
	}{
		// <form enctype="text/plain"> with a field named `{"query":"…","x":"` and value `"}` posts JSON as text/plain
		{"text/plain", "text/plain", asJSON},
		{"form-urlencoded", "application/x-www-form-urlencoded", []byte(url.Values{"query": {mutation}}.Encode())},
		{"multipart", form.FormDataContentType(), multipartBody.Bytes()},
		{"no content type", "", asJSON},
		{"json in disguise", "application/jsonx", asJSON},
	}
	for _, attack := range attacks {
		res, body := gw.post(t, admin, "/api/graphql", attack.contentType, attack.body)
		if res.StatusCode != http.StatusUnsupportedMediaType || !strings.Contains(body, "UNSUPPORTED_MEDIA_TYPE") {
			t.Errorf("%s: %d %s, want 415 UNSUPPORTED_MEDIA_TYPE", attack.name, res.StatusCode, body)
		}
	}
	if got := gw.rentOf(t, id); got != rent {
		t.Fatalf("after the refused posts the rent is %v, want %v unchanged", got, rent)
	}
	// The same mutation as JSON from the admin's own page runs: the refusals above were the check.
	res, body := gw.post(t, admin, "/api/graphql", "application/json; charset=utf-8", asJSON, "Sec-Fetch-Site", "same-origin")
	if res.StatusCode != http.StatusOK || gw.rentOf(t, id) != 1 {
		t.Errorf("the admin's own JSON post = %d %s, want the rent changed to 1", res.StatusCode, body)
	}
}

// TestCrossOrigin_foreignOriginOrSite_403AndNothingChanges: requests a page of another origin makes
// the admin's browser send (another site, another port of the same host, a sandboxed frame) are
// refused before anything runs: no mutation, no sign-in, no sign-out.
func TestCrossOrigin_foreignOriginOrSite_403AndNothingChanges(t *testing.T) {
	gw := startGateway(t)
	admin := signedInAdmin(t, gw)
	id, rent := gw.firstApartment(t)
	mutation, _ := json.Marshal(map[string]string{"query": forgedUpdate(id)})
	gatewayURL := mustParseURL(t, gw.url)
	otherPort := "http://" + gatewayURL.Hostname() + ":1"

	foreign := []struct {
		name    string
		headers []string
	}{
		{"another site", []string{"Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example"}},
		{"another port of the same host", []string{"Sec-Fetch-Site", "same-site", "Origin", otherPort}},
		{"an old browser from another site", []string{"Origin", "https://evil.example"}},
		{"an old browser from another port", []string{"Origin", otherPort}},
		{"a sandboxed frame", []string{"Origin", "null"}},
	}
	for _, f := range foreign {
		if res, body := gw.post(t, admin, "/api/graphql", "application/json", mutation, f.headers...); res.StatusCode != http.StatusForbidden || !strings.Contains(body, "CROSS_ORIGIN_REFUSED") {
			t.Errorf("mutation from %s = %d %s, want 403 CROSS_ORIGIN_REFUSED", f.name, res.StatusCode, body)
		}
		credentials, _ := json.Marshal(map[string]string{"username": "admin", "password": adminPassword})
		victim := browser(t)
		res, _ := gw.post(t, victim, "/api/auth/login", "application/json", credentials, f.headers...)
		if res.StatusCode != http.StatusForbidden || cookieNamed(res.Cookies(), auth.CookieName) != nil || gw.whoami(t, victim) != "anonymous" {
			t.Errorf("login from %s = %d, want 403 and no session (login CSRF)", f.name, res.StatusCode)
		}
		if res, _ := gw.post(t, admin, "/api/auth/logout", "", nil, f.headers...); res.StatusCode != http.StatusForbidden {
			t.Errorf("logout from %s = %d, want 403", f.name, res.StatusCode)
		}
	}
	if got := gw.rentOf(t, id); got != rent {
		t.Errorf("after the forged requests the rent is %v, want %v unchanged", got, rent)
	}
	if got := gw.whoami(t, admin); got != "admin" {
		t.Errorf("after the forged sign-outs the admin is %q, want still signed in", got)
	}

	// The gateway's own pages, as browsers old and new mark them, and clients that are no browser.
	for name, headers := range map[string][]string{
		"a page of the gateway":                        {"Sec-Fetch-Site", "same-origin", "Origin", gw.url},
		"a page of the gateway in an old browser":      {"Origin", gw.url},
		"a client that is no browser (no such header)": nil,
	} {
		if res, body := gw.post(t, admin, "/api/graphql", "application/json", []byte(`{"query":"{ building { id } }"}`), headers...); res.StatusCode != http.StatusOK {
			t.Errorf("query from %s = %d %s, want 200", name, res.StatusCode, body)
		}
	}
}

func TestCrossOrigin_publicOriginsMayPostAndWebhooksAreExempt(t *testing.T) {
	var webhooks atomic.Int32
	payment := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		webhooks.Add(1)
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(payment.Close)
	gw := startGateway(t, withEnv("PUBLIC_ORIGINS", "https://admin.semesterhaus.example"), withEnv("PAYMENT_URL", payment.URL))

	query := []byte(`{"query":"{ building { id } }"}`)
	if res, body := gw.post(t, browser(t), "/api/graphql", "application/json", query,
		"Sec-Fetch-Site", "cross-site", "Origin", "https://admin.semesterhaus.example"); res.StatusCode != http.StatusOK {
		t.Errorf("post from a PUBLIC_ORIGINS origin = %d %s, want 200", res.StatusCode, body)
	}
	if res, _ := gw.post(t, browser(t), "/api/graphql", "application/json", query,
		"Sec-Fetch-Site", "cross-site", "Origin", "https://semesterhaus.example.evil"); res.StatusCode != http.StatusForbidden {
		t.Errorf("post from an origin not listed = %d, want 403", res.StatusCode)
	}
	// A provider is no browser; its report is signed, and the payment service checks that.
	if res, _ := gw.post(t, browser(t), "/api/webhooks/payment", "application/json", []byte(`{}`),
		"Sec-Fetch-Site", "cross-site", "Origin", "https://stripe.example"); res.StatusCode != http.StatusNoContent || webhooks.Load() != 1 {
		t.Errorf("webhook with a foreign origin = %d (%d forwarded), want the payment service's 204", res.StatusCode, webhooks.Load())
	}
}
