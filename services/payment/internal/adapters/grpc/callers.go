package grpc

import (
	"semesterhaus/platform/peer"
	paymentv1 "semesterhaus/proto/gen/payment/v1"
)

// Callers are the services that may call each method: document, which writes a paid payment's
// receipt, and renting, which lists a renter's payments on their own page.
var Callers = peer.Rules{
	paymentv1.PaymentService_PaymentOfRenting_FullMethodName:   {Callers: []string{"document", "renting"}},
	paymentv1.PaymentService_PaymentsOfRentings_FullMethodName: {Callers: []string{"renting"}},
}
