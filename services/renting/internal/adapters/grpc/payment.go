package grpc

import (
	"context"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	paymentv1 "semesterhaus/proto/gen/payment/v1"
	"semesterhaus/services/renting/internal/domain"
)

// Payments asks the payment service for rentings' payments.
type Payments struct {
	client paymentv1.PaymentServiceClient
}

// NewPayments returns the payment client on conn.
func NewPayments(conn grpc.ClientConnInterface) *Payments {
	return &Payments{client: paymentv1.NewPaymentServiceClient(conn)}
}

// OfRentings returns the payments of the rentings, oldest first; a renting without one has none.
func (c *Payments) OfRentings(ctx context.Context, rentingIDs []string) ([]domain.Payment, error) {
	resp, err := c.client.PaymentsOfRentings(ctx, &paymentv1.PaymentsOfRentingsRequest{RentingIds: rentingIDs})
	if err != nil {
		return nil, fmt.Errorf("payments of %d rentings: %w", len(rentingIDs), err)
	}
	payments := make([]domain.Payment, len(resp.GetPayments()))
	for i, p := range resp.GetPayments() {
		payments[i] = paymentFromProto(p)
	}
	return payments, nil
}

// OfRenting returns the renting's payment; domain.ErrNotFound while it has none.
func (c *Payments) OfRenting(ctx context.Context, rentingID string) (domain.Payment, error) {
	p, err := c.client.PaymentOfRenting(ctx, &paymentv1.PaymentOfRentingRequest{RentingId: rentingID})
	if status.Code(err) == codes.NotFound {
		return domain.Payment{}, fmt.Errorf("payment of renting %s: %w", rentingID, domain.ErrNotFound)
	}
	if err != nil {
		return domain.Payment{}, fmt.Errorf("payment of renting %s: %w", rentingID, err)
	}
	return paymentFromProto(p), nil
}

func paymentFromProto(p *paymentv1.Payment) domain.Payment {
	payment := domain.Payment{
		RentingID: p.GetRentingId(), AmountCents: p.GetAmountCents(), Currency: p.GetCurrency(),
		Status: domain.PaymentStatus(p.GetStatus()), CreatedAt: p.GetCreatedAt().AsTime(), ReceiptNumber: p.GetReceiptNumber(),
		RefundedCents: p.GetRefundedCents(),
	}
	if p.GetPaidAt() != nil {
		payment.PaidAt = p.GetPaidAt().AsTime()
	}
	return payment
}
