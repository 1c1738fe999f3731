// Package paymentfake is an in-memory stand-in for the payment service's gRPC API, for other
// services' tests: it knows the payments a test adds and answers as the real service does. It opens
// no checkout and takes no provider's report: a test adds a payment as paid or not.
package paymentfake

import (
	"context"
	"slices"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	paymentv1 "semesterhaus/proto/gen/payment/v1"
)

// Server is a payment service that knows the payments a test adds.
type Server struct {
	paymentv1.UnimplementedPaymentServiceServer
	mu       sync.Mutex
	payments map[string]*paymentv1.Payment // by renting id
}

// New returns a payment service that knows no payment.
func New() *Server { return &Server{payments: map[string]*paymentv1.Payment{}} }

// Register adds the fake to a gRPC server, e.g. with platform/grpctest: grpctest.Serve(t, fake.Register).
func (s *Server) Register(server *grpc.Server) { paymentv1.RegisterPaymentServiceServer(server, s) }

// Add makes the payment known as its renting's.
func (s *Server) Add(payment *paymentv1.Payment) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.payments[payment.GetRentingId()] = payment
}

// PaymentOfRenting answers like the payment service: NOT_FOUND while the renting has no payment.
func (s *Server) PaymentOfRenting(_ context.Context, req *paymentv1.PaymentOfRentingRequest) (*paymentv1.Payment, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if payment, ok := s.payments[req.GetRentingId()]; ok {
		return payment, nil
	}
	return nil, status.Error(codes.NotFound, "no payment")
}

// PaymentsOfRentings answers like the payment service: the payments of the rentings named, oldest
// first, a renting without one left out.
func (s *Server) PaymentsOfRentings(_ context.Context, req *paymentv1.PaymentsOfRentingsRequest) (*paymentv1.PaymentsOfRentingsResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	resp := &paymentv1.PaymentsOfRentingsResponse{}
	for _, id := range req.GetRentingIds() {
		if payment, ok := s.payments[id]; ok {
			resp.Payments = append(resp.Payments, payment)
		}
	}
	slices.SortStableFunc(resp.Payments, func(a, b *paymentv1.Payment) int {
		return a.GetCreatedAt().AsTime().Compare(b.GetCreatedAt().AsTime())
	})
	return resp, nil
}
