package app_test

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"semesterhaus/proto/catalog/catalogfake"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/internal/testenv"
	"semesterhaus/services/payment/paymenttest"
)

// TestCreateForRenting_rentChangedAfterTheContract_chargesTheContractsTotal: the office raises the
// rent of apartment 0.01 from 445,00 € to 490,50 € after the contract was written and before it is
// signed. The Stripe Checkout Session and payment.link_created (which the payment mail names) ask
// exactly the contract's total, for a first booking and for a renewal; only a contract written after
// the change has the new price.
func TestCreateForRenting_rentChangedAfterTheContract_chargesTheContractsTotal(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		renewal  bool
		contract int64 // the total the contract was written with, at 445,00 € a month
		raised   int64 // the catalog's total after the change
	}{
		{"first booking", false, 6*445_00 + 85_00 + 800_00, 6*490_50 + 85_00 + 800_00},
		{"renewal", true, 6 * 445_00, 6 * 490_50},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			mock := paymenttest.StartStripeMock(t)
			e := testenv.New(t, provider.NewStripe("sk_test_x", "https://wohnen.example", mock.Backends(), time.Now))
			apartment, semester := e.Bookable()
			written := e.Contracted(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester, Renewal: tt.renewal})
			if written.GetContractTotalCents() != tt.contract {
				t.Fatalf("the contract was written with %d cents, want %d", written.GetContractTotalCents(), tt.contract)
			}

			e.CatalogFake.AddApartment(catalogfake.Apartment(apartment, "0.01", 490_50, 85_00, 800_00))
			if now := e.Total(apartment, semester, tt.renewal); now != tt.raised {
				t.Fatalf("the catalog asks %d cents after the change, want %d", now, tt.raised)
			}
			p := e.CreatePayment(written)

			if p.Amount != (domain.Money{Cents: tt.contract, Currency: "EUR"}) {
				t.Errorf("the payment asks %v, want the contract's %d cents", p.Amount, tt.contract)
			}
			sent := mock.Requests("POST", "/v1/checkout/sessions")
			if len(sent) != 1 || sent[0].Form.Get("line_items[0][price_data][unit_amount]") != strconv.FormatInt(tt.contract, 10) ||
				sent[0].Form.Get("line_items[0][quantity]") != "1" {
				t.Errorf("Checkout Sessions %+v, want one for the contract's %d cents", sent, tt.contract)
			}
			if got := linkCreated(t, e); got.GetAmountCents() != tt.contract || got.GetCurrency() != "EUR" {
				t.Errorf("payment.link_created asks %d %s, want the contract's %d EUR", got.GetAmountCents(), got.GetCurrency(), tt.contract)
			}

			later := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester, Renewal: tt.renewal})
			if later.Amount.Cents != tt.raised {
				t.Errorf("a contract written after the change pays %d cents, want the new %d", later.Amount.Cents, tt.raised)
			}
		})
	}
}

// TestCreateForRenting_rentingWithoutAContractTotal_createsNothing: the payment never prices a
// renting itself; a contract_signed event that names no contract total gets no payment (and no
// checkout).
func TestCreateForRenting_rentingWithoutAContractTotal_createsNothing(t *testing.T) {
	t.Parallel()
	for name, renting := range map[string]*eventsv1.RentingStateChanged{
		"no total":         {ContractCurrency: "EUR"},
		"negative total":   {ContractTotalCents: -100, ContractCurrency: "EUR"},
		"no currency":      {ContractTotalCents: 288000},
		"another currency": {ContractTotalCents: 288000, ContractCurrency: "USD"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			renting.RentingId = uuid.NewString()
			renting.ApartmentId, renting.SemesterId = e.Bookable()

			if err := e.CreateForRenting(renting); !errors.Is(err, domain.ErrInvalidAmount) {
				t.Fatalf("CreateForRenting = %v, want ErrInvalidAmount", err)
			}
			if _, err := e.Payments.PaymentOfRenting(context.Background(), renting.GetRentingId()); !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("PaymentOfRenting = %v, want no payment", err)
			}
		})
	}
}

// linkCreated is the one payment.link_created event of the env.
func linkCreated(t *testing.T, e *testenv.Env) *eventsv1.PaymentLinkCreated {
	t.Helper()
	batch, err := e.Subscribe(e.Events().LinkCreated()).Fetch(2, jetstream.FetchMaxWait(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	var events []*eventsv1.PaymentLinkCreated
	for msg := range batch.Messages() {
		var event eventsv1.PaymentLinkCreated
		if err := proto.Unmarshal(msg.Data(), &event); err != nil {
			t.Fatal(err)
		}
		events = append(events, &event)
	}
	if len(events) != 1 {
		t.Fatalf("%d link_created events, want 1", len(events))
	}
	return events[0]
}
