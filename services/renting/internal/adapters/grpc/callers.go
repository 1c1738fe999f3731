package grpc

import (
	"semesterhaus/platform/audit/auditgrpc"
	"semesterhaus/platform/peer"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
)

// Callers are the services that may call each method: document (the contract) and payment (the
// rent) read a renting; the renter service shows the audit log to administrators.
var Callers = peer.Rules{
	rentingv1.RentingService_GetRenting_FullMethodName: {Callers: []string{"document", "payment"}},
}.With(auditgrpc.Callers)
