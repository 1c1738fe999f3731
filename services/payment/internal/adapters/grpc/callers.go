package grpc

import (
	"semesterhaus/platform/peer"
	paymentv1 "semesterhaus/proto/gen/payment/v1"
)

// Callers are the services that may call each method: renting, whose renters see their payment, and
// document, which writes a paid payment's receipt.
var Callers = peer.Rules{
	paymentv1.PaymentService_PaymentOfRenting_FullMethodName: {Callers: []string{"renting", "document"}},
}
