package grpc

import (
	"context"
	"fmt"

	"google.golang.org/grpc"

	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	"semesterhaus/services/renter/internal/domain"
)

// CatalogClient asks the catalog what the mails say about the residence and the booking (app.Catalog).
type CatalogClient struct {
	client catalogv1.CatalogServiceClient
}

// NewCatalogClient returns the catalog's API behind conn.
func NewCatalogClient(conn grpc.ClientConnInterface) *CatalogClient {
	return &CatalogClient{client: catalogv1.NewCatalogServiceClient(conn)}
}

// Residence is the catalog's building.
func (c *CatalogClient) Residence(ctx context.Context) (domain.Residence, error) {
	b, err := c.client.GetBuilding(ctx, &catalogv1.GetBuildingRequest{})
	if err != nil {
		return domain.Residence{}, fmt.Errorf("catalog building: %w", err)
	}
	return domain.Residence{
		Name: b.GetName(), Address: b.GetAddress(), Email: b.GetContact().GetEmail(), Phone: b.GetContact().GetPhone(),
	}, nil
}

// Booking names the stay's apartment and semester and, when priced, asks the catalog for its total
// (a renewal's price when the stay renews).
func (c *CatalogClient) Booking(ctx context.Context, stay domain.Stay, priced bool) (domain.Booking, error) {
	apartment, err := c.client.GetApartment(ctx, &catalogv1.GetApartmentRequest{Id: stay.ApartmentID})
	if err != nil {
		return domain.Booking{}, fmt.Errorf("catalog apartment %d: %w", stay.ApartmentID, err)
	}
	semester, err := c.client.GetSemester(ctx, &catalogv1.GetSemesterRequest{Id: stay.SemesterID})
	if err != nil {
		return domain.Booking{}, fmt.Errorf("catalog semester %d: %w", stay.SemesterID, err)
	}
	booking := domain.Booking{Apartment: apartment.GetName(), Semester: semester.GetName(), Priced: priced}
	if !priced {
		return booking, nil
	}
	price, err := c.client.CalculatePrice(ctx, &catalogv1.CalculatePriceRequest{
		ApartmentId: stay.ApartmentID, SemesterId: stay.SemesterID, Renewal: stay.Renewal,
	})
	if err != nil {
		return domain.Booking{}, fmt.Errorf("catalog price of apartment %d in semester %d: %w", stay.ApartmentID, stay.SemesterID, err)
	}
	booking.TotalCents = price.GetTotal().GetCents()
	return booking, nil
}
