package app_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"semesterhaus/platform/pgtest"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func newEnv(t *testing.T) *testenv.Env {
	t.Helper()
	return testenv.New(t, provider.NewSandbox("http://public.test", "whsec_test"))
}

// signed is a renting of the catalog's first apartment in the bookable semester whose contract was signed.
func signed(e *testenv.Env, renewal bool) *eventsv1.RentingStateChanged {
	apartment, semester := e.Bookable()
	return &eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester, Renewal: renewal}
}

func TestCreateForRenting_signedContract_opensAPaymentOfTheCatalogsTotalWithItsCheckoutLink(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	renting := signed(e, false)

	p := e.CreatePayment(renting)

	if want := e.Total(renting.GetApartmentId(), renting.GetSemesterId(), false); p.Amount != (domain.Money{Cents: want, Currency: "EUR"}) {
		t.Errorf("amount %v, want %d cents", p.Amount, want)
	}
	if p.Status != domain.StatusOpen || p.RentingID != renting.GetRentingId() || p.Link != "http://public.test/api/pay/"+p.ID || p.Checkout.URL != "http://public.test/api/checkout/"+p.ID {
		t.Errorf("payment %+v, want an open payment of the renting, linked to the payment page, with the sandbox's checkout", p)
	}
	if p.Apartment != "0.01" || p.Semester != "SoSe 2027" {
		t.Errorf("the payment is for %q, %q; want the catalog's names of apartment and semester", p.Apartment, p.Semester)
	}
}

func TestCreateForRenting_renewal_chargesTheRentOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	renting := signed(e, true)

	p := e.CreatePayment(renting)

	if want := e.Total(renting.GetApartmentId(), renting.GetSemesterId(), true); p.Amount.Cents != want {
		t.Errorf("a renewal charges %d cents, want the rent only (%d)", p.Amount.Cents, want)
	}
}

func TestCreateForRenting_again_keepsTheFirstPayment(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	renting := signed(e, false)
	first := e.CreatePayment(renting)

	again := e.CreatePayment(renting)

	if again.ID != first.ID || again.Link != first.Link || !again.CreatedAt.Equal(first.CreatedAt) {
		t.Errorf("the second creation gave %+v, want the first payment %+v", again, first)
	}
	if n := e.Count(e.Events().LinkCreated(), time.Second); n != 1 {
		t.Errorf("%d link_created events, want 1", n)
	}
}

func TestCreateForRenting_rentingIDNoUUID_isAnInvalidArgument(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if err := e.CreateForRenting(&eventsv1.RentingStateChanged{RentingId: "renting-1", ContractTotalCents: 100, ContractCurrency: "EUR"}); !errors.Is(err, app.ErrInvalidArgument) {
		t.Errorf("err = %v, want ErrInvalidArgument", err)
	}
}

func TestPaymentLink_beforeThePaymentOrForAnIDThatIsNoRentings_isNull(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	renting := signed(e, false)
	for _, id := range []string{renting.GetRentingId(), "no-uuid", ""} {
		if link, err := e.Payments.PaymentLink(context.Background(), id); link != nil || err != nil {
			t.Errorf("PaymentLink(%q) = %v, %v; want null", id, link, err)
		}
	}
	p := e.CreatePayment(renting)
	if link, err := e.Payments.PaymentLink(context.Background(), renting.GetRentingId()); err != nil || link == nil || *link != p.Link {
		t.Errorf("PaymentLink = %v, %v; want %s", link, err, p.Link)
	}
}

func TestApply_successReportedTwice_paysOnceAndIgnoresTheRepeat(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	p := e.CreatePayment(signed(e, false))
	report := domain.Outcome{EventID: "evt_1", PaymentID: p.ID, Succeeded: true, Amount: p.Amount}

	first, err := e.Payments.Apply(context.Background(), report)
	if err != nil || first != domain.Paid {
		t.Fatalf("first report: %v, %v", first, err)
	}
	again, err := e.Payments.Apply(context.Background(), report)
	if err != nil || again != domain.Ignored {
		t.Errorf("the same report again: %v, %v; want ignored", again, err)
	}
	paid, err := e.Payments.Payment(context.Background(), p.ID)
	if err != nil || paid.Status != domain.StatusPaid || paid.PaidAt.IsZero() {
		t.Errorf("payment %+v, %v; want paid", paid, err)
	}
}

func TestApply_reportOfAnotherAmount_isRefusedAndTheRenterStillOwes(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	p := e.CreatePayment(signed(e, false))

	effect, err := e.Payments.Apply(context.Background(), domain.Outcome{
		EventID: "evt_cheap", PaymentID: p.ID, Succeeded: true, Amount: domain.Money{Cents: 1, Currency: "EUR"},
	})

	if err != nil || effect != domain.Refused {
		t.Fatalf("a one-cent report: %v, %v; want refused", effect, err)
	}
	if got, _ := e.Payments.Payment(context.Background(), p.ID); got.Status != domain.StatusOpen {
		t.Errorf("status %s, want still open", got.Status)
	}
}

func TestPayment_unknownOrNoUUID_notFound(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, id := range []string{uuid.NewString(), "payment-1"} {
		if _, err := e.Payments.Payment(context.Background(), id); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("Payment(%q) = %v, want not found", id, err)
		}
	}
}
