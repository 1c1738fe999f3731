package grpc

import (
	"semesterhaus/platform/peer"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
)

// Callers are the services that may call each method: renting books, document writes the
// contract (and so fixes its price), payment names what it charges for (never prices it: it asks
// the contract's total) and reads the building's payment methods for its checkout and its books for
// the tax advisor's export, renter writes the mails (each names the apartment, the semester and the
// total, and signs with the residence's name and contact), and renting reads the building's handover
// rules (meters, answer and return periods).
var Callers = peer.Rules{
	catalogv1.CatalogService_GetBuilding_FullMethodName:         {Callers: []string{"renter", "document", "payment", "renting"}},
	catalogv1.CatalogService_GetApartment_FullMethodName:        {Callers: []string{"renting", "document", "payment", "renter"}},
	catalogv1.CatalogService_ListApartments_FullMethodName:      {Callers: []string{"renting"}},
	catalogv1.CatalogService_GetSemester_FullMethodName:         {Callers: []string{"renting", "document", "payment", "renter"}},
	catalogv1.CatalogService_ListSemesters_FullMethodName:       {Callers: []string{"renting"}},
	catalogv1.CatalogService_GetBookableSemester_FullMethodName: {Callers: []string{"renting"}},
	catalogv1.CatalogService_CalculatePrice_FullMethodName:      {Callers: []string{"renting", "document", "renter"}},
}
