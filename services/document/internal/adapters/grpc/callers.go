package grpc

import (
	"semesterhaus/platform/audit/auditgrpc"
	"semesterhaus/platform/peer"
	documentv1 "semesterhaus/proto/gen/document/v1"
)

// Callers are the services that may call each method: renting stores and deletes a booking's
// documents and, for an administrator, reissues an open contract; the renter service shows the audit
// log to administrators.
var Callers = peer.Rules{
	documentv1.DocumentService_StoreUploads_FullMethodName:           {Callers: []string{"renting"}},
	documentv1.DocumentService_DeleteRentingDocuments_FullMethodName: {Callers: []string{"renting"}},
	documentv1.DocumentService_ReissueContract_FullMethodName:        {Callers: []string{"renting"}, Admin: true},
}.With(auditgrpc.Callers)
