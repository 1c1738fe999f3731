package graphql_test

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/google/uuid"

	"semesterhaus/platform/identity"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/internal/testenv"
)

var admin = &identity.Identity{Subject: "office", Role: identity.RoleAdmin}

const ledgerQuery = `query($id: ID!) { ledger(rentingId: $id) { rentingId chargedCents paidCents balanceCents entries { kind item amountCents itemCents reference } } }`

func TestBooks_anonymousOrRenter_getNothing(t *testing.T) {
	t.Parallel()
	e, subgraph := newSubgraph(t)
	apartment, semester := e.Bookable()
	p := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})
	for _, as := range []*identity.Identity{nil, {Subject: "renter", Role: identity.RoleAnonymous}} {
		for name, q := range map[string]string{
			"ledger":        ledgerQuery,
			"semesterBooks": `{ semesterBooks { chargedCents } }`,
			"booksExport":   `{ booksExport(from: "2026-01-01", to: "2026-12-31", format: CSV) { content } }`,
		} {
			var data map[string]any
			r := subgraph.Query(as, q, map[string]any{"id": p.RentingID}, &data)
			if len(r.Errors) == 0 || data[name] != nil {
				t.Errorf("%s as %v = %v, errors %v; want nothing but an error", name, as, data, r.Errors)
			}
		}
	}
}

func TestLedger_admin_getsTheChargeOfTheContract(t *testing.T) {
	t.Parallel()
	e, subgraph := newSubgraph(t)
	apartment, semester := e.Bookable()
	p := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})

	var data struct {
		Ledger struct {
			ChargedCents, BalanceCents int64
			Entries                    []struct{ Kind string }
		}
	}
	r := subgraph.Query(admin, ledgerQuery, map[string]any{"id": p.RentingID}, &data)
	if len(r.Errors) > 0 || data.Ledger.ChargedCents != p.Amount.Cents || data.Ledger.BalanceCents != p.Amount.Cents || len(data.Ledger.Entries) != 1 {
		t.Errorf("ledger = %+v, errors %v; want the contract's total charged and owed", data.Ledger, r.Errors)
	}
}

func TestBooksExport_rangeOverTwoFiscalYearsOrBackwards_BOOKS_RANGE_INVALID(t *testing.T) {
	t.Parallel()
	_, subgraph := newSubgraph(t)
	for _, rng := range [][2]string{{"2026-12-01", "2027-01-31"}, {"2026-05-02", "2026-05-01"}, {"2026-5-1", "2026-05-31"}} {
		var data map[string]any
		r := subgraph.Query(admin, `query($f: String!, $t: String!) { booksExport(from: $f, to: $t, format: DATEV) { content } }`,
			map[string]any{"f": rng[0], "t": rng[1]}, &data)
		if len(r.Errors) != 1 || r.Errors[0].Message != "BOOKS_RANGE_INVALID" {
			t.Errorf("%v: errors %v, want BOOKS_RANGE_INVALID", rng, r.Errors)
		}
	}
}

func TestBooksExport_CSV_oneLinePerEntryUTF8WithBOM(t *testing.T) {
	t.Parallel()
	e, subgraph := newSubgraph(t)
	apartment, semester := e.Bookable()
	p := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})
	if _, err := e.Payments.Apply(context.Background(), domain.Outcome{EventID: uuid.NewString(), PaymentID: p.ID, Succeeded: true, Amount: p.Amount, PaymentIntentID: "pi_1"}); err != nil {
		t.Fatal(err)
	}
	day := e.Clock.Now().In(testenv.Zone).Format("2006-01-02")

	var data struct {
		BooksExport struct{ FileName, ContentType, Content string }
	}
	r := subgraph.Query(admin, `query($d: String!) { booksExport(from: $d, to: $d, format: CSV) { fileName contentType content } }`, map[string]any{"d": day}, &data)
	content, _ := base64.StdEncoding.DecodeString(data.BooksExport.Content)
	lines := strings.Split(strings.TrimSuffix(string(content), "\r\n"), "\r\n")
	if len(r.Errors) > 0 || !strings.HasPrefix(string(content), "\uFEFF") || len(lines) != 3 || !strings.Contains(lines[2], ";PAYMENT;;") {
		t.Errorf("export %q (%v): %q; want a header, the charge and the payment", data.BooksExport.FileName, r.Errors, content)
	}
}
