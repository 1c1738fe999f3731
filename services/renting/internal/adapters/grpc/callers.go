package grpc

import (
	"semesterhaus/platform/audit/auditgrpc"
	"semesterhaus/platform/peer"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
)

// Callers are the services that may call each method: document (a receipt on the renter's own page)
// and renter (a renter's own page asking for a new confirmation link) read a renting; the renter
// service shows the audit log to administrators. Contracts and payments are written from what the
// renting's events carry.
var Callers = peer.Rules{
	rentingv1.RentingService_GetRenting_FullMethodName: {Callers: []string{"document", "renter"}},
}.With(auditgrpc.Callers)
