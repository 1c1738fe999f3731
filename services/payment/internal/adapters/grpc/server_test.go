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
	paymentv1 "semesterhaus/proto/gen/payment/v1"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestPaymentOfRenting_openThenPaid_answersAmountLinkAndPaidTime(t *testing.T) {
	t.Parallel()
	e := testenv.New(t, provider.NewSandbox("http://public.test", "whsec_test"))
	client := e.GRPC()
	apartment, semester := e.Bookable()
	p := e.CreatePayment(&rentingv1.Renting{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})
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
	client := testenv.New(t, provider.NewSandbox("http://public.test", "whsec_test")).GRPC()
	for id, want := range map[string]codes.Code{uuid.NewString(): codes.NotFound, "renting-1": codes.InvalidArgument} {
		if _, err := client.PaymentOfRenting(context.Background(), &paymentv1.PaymentOfRentingRequest{RentingId: id}); status.Code(err) != want {
			t.Errorf("PaymentOfRenting(%q) = %v, want %s", id, err, want)
		}
	}
}

// TestPaymentService_onlyItsCallersGetThrough: every method refuses callers without a valid
// service token and services its rule does not name, and admits the ones it names.
func TestPaymentService_onlyItsCallersGetThrough(t *testing.T) {
	t.Parallel()
	e := testenv.New(t, provider.NewSandbox("http://public.test", "whsec_test"))
	grpctest.CheckCallers(t, "payment", e.GRPCAddr(), grpcadapter.Callers, paymentv1.PaymentService_ServiceDesc.ServiceName)
}
