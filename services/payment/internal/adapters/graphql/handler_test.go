package graphql_test

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
	"semesterhaus/services/payment/internal/adapters/graphql"
	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// newSubgraph serves the payment subgraph of a fresh payment service and returns the service and the URL.
func newSubgraph(t *testing.T) (*testenv.Env, string) {
	t.Helper()
	e := testenv.New(t, provider.NewSandbox("http://public.test", "whsec_test"))
	server := httptest.NewServer(graphql.NewHandler(e.Payments, identity.NewVerifier(nil), slog.New(slog.DiscardHandler)))
	t.Cleanup(server.Close)
	return e, server.URL
}

// fetchPaymentLink asks the subgraph, as the booking page does, and returns the answer's data and errors.
func fetchPaymentLink(t *testing.T, url, rentingID string) (link *string, errors []json.RawMessage) {
	t.Helper()
	body, err := json.Marshal(map[string]any{
		"query":     `query($id: ID!) { fetchPaymentLink(rentingId: $id) }`,
		"variables": map[string]string{"id": rentingID},
	})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(url, "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var answer struct {
		Data   struct{ FetchPaymentLink *string }
		Errors []json.RawMessage
	}
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil {
		t.Fatalf("answer of %s: %v", rentingID, err)
	}
	return answer.Data.FetchPaymentLink, answer.Errors
}

func TestFetchPaymentLink_anonymousWithTheRentingID_getsTheCheckoutLink(t *testing.T) {
	t.Parallel()
	e, url := newSubgraph(t)
	apartment, semester := e.Bookable()
	p := e.CreatePayment(&rentingv1.Renting{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})

	link, errs := fetchPaymentLink(t, url, p.RentingID)

	if link == nil || *link != "http://public.test/api/checkout/"+p.ID || errs != nil {
		t.Errorf("fetchPaymentLink = %v, errors %s; want the checkout link", link, errs)
	}
}

func TestFetchPaymentLink_noPaymentYetOrNoRentingID_nullWithoutError(t *testing.T) {
	t.Parallel()
	_, url := newSubgraph(t)
	for _, id := range []string{uuid.NewString(), "not-a-renting"} {
		if link, errs := fetchPaymentLink(t, url, id); link != nil || errs != nil {
			t.Errorf("fetchPaymentLink(%q) = %v, errors %s; want null", id, link, errs)
		}
	}
}
