package grpc

import (
	"semesterhaus/platform/peer"
	renterv1 "semesterhaus/proto/gen/renter/v1"
)

// Callers are the services that may call each method: renting registers and confirms renters,
// document reads the renter for the contract; renting, and document for the page's contract and
// receipt, open a renter's own page with its token.
var Callers = peer.Rules{
	renterv1.RenterService_ValidateRenter_FullMethodName:     {Callers: []string{"renting"}},
	renterv1.RenterService_RegisterRenter_FullMethodName:     {Callers: []string{"renting"}},
	renterv1.RenterService_DeleteUnusedRenter_FullMethodName: {Callers: []string{"renting"}},
	renterv1.RenterService_GetRenter_FullMethodName:          {Callers: []string{"renting", "document"}},
	renterv1.RenterService_ConsumeEmailToken_FullMethodName:  {Callers: []string{"renting"}},
	renterv1.RenterService_OpenRenterPage_FullMethodName:     {Callers: []string{"renting", "document"}},
}
