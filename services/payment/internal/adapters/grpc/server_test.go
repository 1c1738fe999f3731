package grpc_test

import (
	"context"
	"testing"

	grpcadapter "semesterhaus/services/payment/internal/adapters/grpc"

	"github.com/google/uuid"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/pgtest"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	paymentv1 "semesterhaus/proto/gen/payment/v1"
	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestPaymentOfRenting_openThenPaid_answersAmountLinkAndPaidTime(t *testing.T) {
	t.Parallel()
	e := testenv.New(t, provider.NewSandbox("http://public.test", "whsec_test"))
	client := e.GRPC("document")
	apartment, semester := e.Bookable()
	p := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})
	ctx := context.Background()

	open, err := client.PaymentOfRenting(ctx, &paymentv1.PaymentOfRentingRequest{RentingId: p.RentingID})
	if err != nil {
		t.Fatal(err)
	}
	if open.GetPaymentId() != p.ID || open.GetAmountCents() != p.Amount.Cents || open.GetCurrency() != "EUR" ||
		open.GetStatus() != "OPEN" || open.GetPaymentLink() != p.Link || open.GetPaidAt() != nil || open.GetReceiptNumber() != 0 || !open.GetCreatedAt().AsTime().Equal(p.CreatedAt) {
		t.Errorf("open payment %v, want %+v", open, p)
	}

	if _, err := e.Payments.Apply(ctx, domain.Outcome{EventID: "evt_1", PaymentID: p.ID, Succeeded: true, Amount: p.Amount}); err != nil {
		t.Fatal(err)
	}
	paid, err := client.PaymentOfRenting(ctx, &paymentv1.PaymentOfRentingRequest{RentingId: p.RentingID})
	if err != nil || paid.GetStatus() != "PAID" || paid.GetPaidAt() == nil || paid.GetReceiptNumber() != 1 {
		t.Errorf("paid payment %v, %v; want PAID with the time it was paid and receipt number 1", paid, err)
	}
}

func TestPaymentOfRenting_noPaymentOrNoUUID_notFoundOrInvalidArgument(t *testing.T) {
	t.Parallel()
	client := testenv.New(t, provider.NewSandbox("http://public.test", "whsec_test")).GRPC("document")
	for id, want := range map[string]codes.Code{uuid.NewString(): codes.NotFound, "renting-1": codes.InvalidArgument} {
		if _, err := client.PaymentOfRenting(context.Background(), &paymentv1.PaymentOfRentingRequest{RentingId: id}); status.Code(err) != want {
			t.Errorf("PaymentOfRenting(%q) = %v, want %s", id, err, want)
		}
	}
}

func TestPaymentsOfRentings_answersThePaymentsOfTheRentingsNamed_notAnothers(t *testing.T) {
	t.Parallel()
	e := testenv.New(t, provider.NewSandbox("http://public.test", "whsec_test"))
	client := e.GRPC("renting")
	apartment, semester := e.Bookable()
	ctx := context.Background()
	first := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})
	renewal := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester, Renewal: true})
	anothers := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})
	if _, err := e.Payments.Apply(ctx, domain.Outcome{EventID: "evt_1", PaymentID: first.ID, Succeeded: true, Amount: first.Amount}); err != nil {
		t.Fatal(err)
	}
	unpaid := uuid.NewString() // a renting whose contract is not signed yet has no payment

	resp, err := client.PaymentsOfRentings(ctx, &paymentv1.PaymentsOfRentingsRequest{RentingIds: []string{renewal.RentingID, unpaid, first.RentingID}})
	if err != nil {
		t.Fatal(err)
	}
	got := resp.GetPayments()
	if len(got) != 2 || got[0].GetRentingId() != first.RentingID || got[1].GetRentingId() != renewal.RentingID {
		t.Fatalf("payments %v, want the first renting's, then the renewal's (oldest first), not %s's", got, anothers.RentingID)
	}
	if got[0].GetStatus() != "PAID" || got[0].GetAmountCents() != first.Amount.Cents || got[0].GetCurrency() != "EUR" ||
		got[0].GetPaidAt() == nil || got[0].GetReceiptNumber() != 1 || !got[0].GetCreatedAt().AsTime().Equal(first.CreatedAt) {
		t.Errorf("paid payment %v, want PAID %d EUR with its time paid and receipt number 1", got[0], first.Amount.Cents)
	}
	if got[1].GetStatus() != "OPEN" || got[1].GetAmountCents() != renewal.Amount.Cents || got[1].GetPaidAt() != nil || got[1].GetReceiptNumber() != 0 {
		t.Errorf("open payment %v, want OPEN %d without paid time and receipt number", got[1], renewal.Amount.Cents)
	}

	for name, ids := range map[string][]string{"none": nil, "a renting without payment": {unpaid}} {
		if resp, err := client.PaymentsOfRentings(ctx, &paymentv1.PaymentsOfRentingsRequest{RentingIds: ids}); err != nil || len(resp.GetPayments()) != 0 {
			t.Errorf("%s: %v, %v; want no payment", name, resp.GetPayments(), err)
		}
	}
	if _, err := client.PaymentsOfRentings(ctx, &paymentv1.PaymentsOfRentingsRequest{RentingIds: []string{first.RentingID, "renting-1"}}); status.Code(err) != codes.InvalidArgument {
		t.Errorf("an id that is no UUID: %v, want InvalidArgument", err)
	}
}

// TestPaymentService_onlyItsCallersGetThrough: every method refuses callers without a valid
// service token and services its rule does not name, and admits the ones it names.
func TestPaymentService_onlyItsCallersGetThrough(t *testing.T) {
	t.Parallel()
	e := testenv.New(t, provider.NewSandbox("http://public.test", "whsec_test"))
	grpctest.CheckCallers(t, "payment", e.GRPCAddr(), grpcadapter.Callers, paymentv1.PaymentService_ServiceDesc.ServiceName)
}
