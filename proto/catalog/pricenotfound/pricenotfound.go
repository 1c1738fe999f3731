// Package pricenotfound carries, in a NOT_FOUND answer of CatalogService.CalculatePrice, which side
// of the price is unknown (the apartment or the semester), as a google.rpc.ErrorInfo whose reason is
// a catalogv1.PriceNotFound name: the catalog, its fake and its callers share it.
package pricenotfound

import (
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "semesterhaus/proto/gen/catalog/v1"
)

// Error is the NOT_FOUND status saying that which is unknown.
func Error(which catalogv1.PriceNotFound, message string) error {
	st, err := status.New(codes.NotFound, message).WithDetails(&errdetails.ErrorInfo{
		Reason: which.String(), Domain: catalogv1.CatalogService_ServiceDesc.ServiceName,
	})
	if err != nil { // only when the detail cannot be marshalled, which a fixed message type rules out
		return status.Error(codes.NotFound, message)
	}
	return st.Err()
}

// Which tells what err (a CalculatePrice answer) says is unknown; PRICE_NOT_FOUND_UNSPECIFIED when
// it says neither.
func Which(err error) catalogv1.PriceNotFound {
	for _, detail := range status.Convert(err).Details() {
		if info, ok := detail.(*errdetails.ErrorInfo); ok {
			if which, known := catalogv1.PriceNotFound_value[info.GetReason()]; known {
				return catalogv1.PriceNotFound(which)
			}
		}
	}
	return catalogv1.PriceNotFound_PRICE_NOT_FOUND_UNSPECIFIED
}
