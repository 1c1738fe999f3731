package grpc

import (
	"context"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	paymentv1 "semesterhaus/proto/gen/payment/v1"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
	"semesterhaus/services/document/internal/domain"
)

// PageSources are the contract's sources, the renting and the payment service: what the renter's
// own page's downloads ask (app.PageSources).
type PageSources struct {
	*Sources
	renting rentingv1.RentingServiceClient
	payment paymentv1.PaymentServiceClient
}

// NewPageSources adds the renting and the payment service's connections to the contract's sources.
func NewPageSources(sources *Sources, renting, payment grpc.ClientConnInterface) *PageSources {
	return &PageSources{Sources: sources, renting: rentingv1.NewRentingServiceClient(renting), payment: paymentv1.NewPaymentServiceClient(payment)}
}

// PageRenter asks the renter service whose page the token opens.
func (s *PageSources) PageRenter(ctx context.Context, token string) (int64, error) {
	page, err := s.renter.OpenRenterPage(ctx, &renterv1.OpenRenterPageRequest{Token: token})
	if err != nil {
		return 0, notFoundAs(err, "open the renter page")
	}
	return page.GetRenterId(), nil
}

// Receipt gathers a paid renting's receipt from the renting, payment, renter and catalog services.
func (s *PageSources) Receipt(ctx context.Context, rentingID string) (domain.Receipt, error) {
	renting, err := s.renting.GetRenting(ctx, &rentingv1.GetRentingRequest{RentingId: rentingID})
	if err != nil {
		return domain.Receipt{}, notFoundAs(err, "get renting")
	}
	payment, err := s.payment.PaymentOfRenting(ctx, &paymentv1.PaymentOfRentingRequest{RentingId: rentingID})
	if err != nil {
		return domain.Receipt{}, notFoundAs(err, "get the payment")
	}
	if payment.GetStatus() != "PAID" {
		return domain.Receipt{}, fmt.Errorf("payment of renting %s is %s: %w", rentingID, payment.GetStatus(), domain.ErrNotFound)
	}
	renter, err := s.renter.GetRenter(ctx, &renterv1.GetRenterRequest{RenterId: renting.GetRenterId()})
	if err != nil {
		return domain.Receipt{}, fmt.Errorf("get renter %d: %w", renting.GetRenterId(), err)
	}
	apartment, err := s.catalog.GetApartment(ctx, &catalogv1.GetApartmentRequest{Id: renting.GetApartmentId()})
	if err != nil {
		return domain.Receipt{}, fmt.Errorf("get apartment %d: %w", renting.GetApartmentId(), err)
	}
	semester, err := s.catalog.GetSemester(ctx, &catalogv1.GetSemesterRequest{Id: renting.GetSemesterId()})
	if err != nil {
		return domain.Receipt{}, fmt.Errorf("get semester %d: %w", renting.GetSemesterId(), err)
	}
	building, err := s.catalog.GetBuilding(ctx, &catalogv1.GetBuildingRequest{})
	if err != nil {
		return domain.Receipt{}, fmt.Errorf("get building: %w", err)
	}
	return domain.Receipt{
		Number: payment.GetReceiptNumber(), RentingID: rentingID, RenterID: renting.GetRenterId(), Landlord: toLandlord(building),
		Renter: toContractRenter(renter.GetData(), domain.Date{}), Apartment: apartment.GetName(), Semester: semester.GetName(),
		AmountCents: payment.GetAmountCents(), PaidAt: payment.GetPaidAt().AsTime(), PaymentID: payment.GetPaymentId(),
		Method: payment.GetMethod(), Language: domain.RenterLanguage(renter.GetData().GetLanguage()),
	}, nil
}

// notFoundAs makes a peer's NOT_FOUND domain.ErrNotFound and wraps any other error with what was asked.
func notFoundAs(err error, asked string) error {
	if status.Code(err) == codes.NotFound {
		return fmt.Errorf("%s: %w", asked, domain.ErrNotFound)
	}
	return fmt.Errorf("%s: %w", asked, err)
}
