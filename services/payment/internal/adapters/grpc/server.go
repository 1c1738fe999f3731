// Package grpc serves the payment service's gRPC API and asks the renting and catalog services.
package grpc

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/platform/server"
	paymentv1 "semesterhaus/proto/gen/payment/v1"
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/internal/domain"
)

// Server implements paymentv1.PaymentServiceServer on the payment service's use cases.
type Server struct {
	paymentv1.UnimplementedPaymentServiceServer
	payments *app.Payments
}

// NewServer returns the gRPC server.
func NewServer(payments *app.Payments) *Server {
	return &Server{payments: payments}
}

// PaymentOfRenting returns the renting's payment; NOT_FOUND while it has none.
func (s *Server) PaymentOfRenting(ctx context.Context, req *paymentv1.PaymentOfRentingRequest) (*paymentv1.Payment, error) {
	p, err := s.payments.PaymentOfRenting(ctx, req.GetRentingId())
	if err != nil {
		return nil, toStatus(err)
	}
	return toProtoPayment(p), nil
}

// PaymentsOfRentings returns the payments of the rentings named, oldest first.
func (s *Server) PaymentsOfRentings(ctx context.Context, req *paymentv1.PaymentsOfRentingsRequest) (*paymentv1.PaymentsOfRentingsResponse, error) {
	payments, err := s.payments.PaymentsOfRentings(ctx, req.GetRentingIds())
	if err != nil {
		return nil, toStatus(err)
	}
	resp := &paymentv1.PaymentsOfRentingsResponse{Payments: make([]*paymentv1.Payment, len(payments))}
	for i, p := range payments {
		resp.Payments[i] = toProtoPayment(p)
	}
	return resp, nil
}

func toProtoPayment(p domain.Payment) *paymentv1.Payment {
	out := &paymentv1.Payment{
		PaymentId: p.ID, RentingId: p.RentingID, AmountCents: p.Amount.Cents, Currency: p.Amount.Currency,
		Status: string(p.Status), PaymentLink: p.Link, CreatedAt: timestamppb.New(p.CreatedAt),
		RefundedCents: p.RefundedCents, Method: p.Method,
	}
	if !p.PaidAt.IsZero() {
		out.PaidAt, out.ReceiptNumber = timestamppb.New(p.PaidAt), p.ReceiptNumber
	}
	return out
}

// toStatus is the one place where the payment service's errors become gRPC codes; details of
// unexpected errors stay in the server's log (server.LogInternalErrors).
func toStatus(err error) error {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return status.Error(codes.NotFound, "no payment")
	case errors.Is(err, app.ErrInvalidArgument):
		return status.Error(codes.InvalidArgument, err.Error())
	default:
		return server.Internal(err)
	}
}
