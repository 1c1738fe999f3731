package graphql_test

import (
	"log/slog"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"semesterhaus/platform/graphqlx/graphqltest"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/payment/internal/adapters/graphql"
	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// newSubgraph serves the payment subgraph of a fresh payment service and returns the service and the subgraph.
func newSubgraph(t *testing.T) (*testenv.Env, graphqltest.Subgraph) {
	t.Helper()
	e := testenv.New(t, provider.NewSandbox("http://public.test", "whsec_test"))
	return e, graphqltest.Serve(t, "payment", func(v *identity.Verifier) http.Handler {
		return graphql.NewHandler(e.Payments, v, slog.New(slog.DiscardHandler))
	})
}

// fetchPaymentLink asks the subgraph anonymously, as the booking page does, and returns the link and
// the answer's errors.
func fetchPaymentLink(s graphqltest.Subgraph, rentingID string) (*string, []graphqltest.Error) {
	var data struct{ FetchPaymentLink *string }
	r := s.Query(nil, `query($id: ID!) { fetchPaymentLink(rentingId: $id) }`, map[string]any{"id": rentingID}, &data)
	return data.FetchPaymentLink, r.Errors
}

func TestFetchPaymentLink_anonymousWithTheRentingID_getsThePaymentPage(t *testing.T) {
	t.Parallel()
	e, subgraph := newSubgraph(t)
	apartment, semester := e.Bookable()
	p := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})

	link, errs := fetchPaymentLink(subgraph, p.RentingID)

	if link == nil || *link != "http://public.test/api/pay/"+p.ID || errs != nil {
		t.Errorf("fetchPaymentLink = %v, errors %v; want the payment page", link, errs)
	}
}

func TestFetchPaymentLink_noPaymentYet_nullWithoutError(t *testing.T) {
	t.Parallel()
	_, subgraph := newSubgraph(t)
	if link, errs := fetchPaymentLink(subgraph, uuid.NewString()); link != nil || errs != nil {
		t.Errorf("fetchPaymentLink = %v, errors %v; want null", link, errs)
	}
}

// TestFetchPaymentLink_noRentingID_INVALID_IDOnItsArgument: an id that is no UUID is refused before
// the payments are asked (graphqlx), as the business exception on rentingId.
func TestFetchPaymentLink_noRentingID_INVALID_IDOnItsArgument(t *testing.T) {
	t.Parallel()
	_, subgraph := newSubgraph(t)
	link, errs := fetchPaymentLink(subgraph, "not-a-renting")
	if link != nil || len(errs) != 1 || errs[0].Extensions["messageId"] != "INVALID_ID" || errs[0].Extensions["path"] != "rentingId" {
		t.Errorf("fetchPaymentLink = %v, errors %v; want INVALID_ID at rentingId", link, errs)
	}
}
