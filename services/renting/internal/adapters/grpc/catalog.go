package grpc

import (
	"context"
	"fmt"
	"time"

	"google.golang.org/grpc"

	"semesterhaus/proto/catalog/pricenotfound"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	"semesterhaus/services/renting/internal/domain"
)

// Catalog asks the catalog service about apartments, semesters and prices.
type Catalog struct {
	client catalogv1.CatalogServiceClient
}

// NewCatalog returns the catalog client on conn.
func NewCatalog(conn grpc.ClientConnInterface) *Catalog {
	return &Catalog{client: catalogv1.NewCatalogServiceClient(conn)}
}

// Apartment returns one apartment or domain.ErrNotFound.
func (c *Catalog) Apartment(ctx context.Context, id int) (domain.Apartment, error) {
	a, err := c.client.GetApartment(ctx, &catalogv1.GetApartmentRequest{Id: int32(id)})
	if err != nil {
		return domain.Apartment{}, fromStatus(err, fmt.Sprintf("apartment %d", id))
	}
	return apartmentFromProto(a), nil
}

// Apartments lists every apartment, sorted by id, and the id of their building.
func (c *Catalog) Apartments(ctx context.Context) (int, []domain.Apartment, error) {
	resp, err := c.client.ListApartments(ctx, &catalogv1.ListApartmentsRequest{})
	if err != nil {
		return 0, nil, fromStatus(err, "apartments")
	}
	apartments := make([]domain.Apartment, len(resp.GetApartments()))
	for i, a := range resp.GetApartments() {
		apartments[i] = apartmentFromProto(a)
	}
	return int(resp.GetBuildingId()), apartments, nil
}

// Semester returns one semester or domain.ErrNotFound.
func (c *Catalog) Semester(ctx context.Context, id int) (domain.Semester, error) {
	s, err := c.client.GetSemester(ctx, &catalogv1.GetSemesterRequest{Id: int32(id)})
	if err != nil {
		return domain.Semester{}, fromStatus(err, fmt.Sprintf("semester %d", id))
	}
	return semesterFromProto(s), nil
}

// Semesters lists every semester.
func (c *Catalog) Semesters(ctx context.Context) ([]domain.Semester, error) {
	resp, err := c.client.ListSemesters(ctx, &catalogv1.ListSemestersRequest{})
	if err != nil {
		return nil, fromStatus(err, "semesters")
	}
	semesters := make([]domain.Semester, len(resp.GetSemesters()))
	for i, s := range resp.GetSemesters() {
		semesters[i] = semesterFromProto(s)
	}
	return semesters, nil
}

// BookableSemester returns the semester open for booking, or domain.ErrNotFound.
func (c *Catalog) BookableSemester(ctx context.Context) (domain.Semester, error) {
	s, err := c.client.GetBookableSemester(ctx, &catalogv1.GetBookableSemesterRequest{})
	if err != nil {
		return domain.Semester{}, fromStatus(err, "bookable semester")
	}
	return semesterFromProto(s), nil
}

// Price prices a new booking or a renewal.
func (c *Catalog) Price(ctx context.Context, apartmentID, semesterID int, renewal bool) (domain.PriceCalculation, error) {
	p, err := c.client.CalculatePrice(ctx, &catalogv1.CalculatePriceRequest{
		ApartmentId: int32(apartmentID), SemesterId: int32(semesterID), Renewal: renewal,
	})
	if err != nil {
		return domain.PriceCalculation{}, priceError(err)
	}
	result := domain.PriceCalculation{Total: p.GetTotal().GetCents(), Items: make([]domain.PriceItem, len(p.GetItems()))}
	for i, it := range p.GetItems() {
		result.Items[i] = domain.PriceItem{
			TextDe: it.GetTextDe(), TextEn: it.GetTextEn(), Quantity: int(it.GetQuantity()),
			Amount: it.GetAmount().GetCents(), Total: it.GetTotal().GetCents(),
		}
	}
	return result, nil
}

// HandoverRules reads the building file's rules of a handover: its meters, the renter's days to
// answer and the office's days to settle.
func (c *Catalog) HandoverRules(ctx context.Context) (domain.HandoverRules, error) {
	b, err := c.client.GetBuilding(ctx, &catalogv1.GetBuildingRequest{})
	if err != nil {
		return domain.HandoverRules{}, fromStatus(err, "building")
	}
	rules := b.GetMoneyRules()
	return domain.HandoverRules{
		Meters: rules.GetMeters(), AnswerDays: int(rules.GetHandoverAnswerDays()), DepositReturnDays: int(rules.GetDepositReturnDays()),
	}, nil
}

// priceError tells an unknown apartment (domain.ErrNoApartment) from an unknown semester
// (domain.ErrNoSemester) by what the catalog says.
func priceError(err error) error {
	switch pricenotfound.Which(err) {
	case catalogv1.PriceNotFound_PRICE_NOT_FOUND_APARTMENT:
		return domain.ErrNoApartment
	case catalogv1.PriceNotFound_PRICE_NOT_FOUND_SEMESTER:
		return domain.ErrNoSemester
	default:
		return fromStatus(err, "price")
	}
}

func apartmentFromProto(a *catalogv1.Apartment) domain.Apartment {
	return domain.Apartment{ID: int(a.GetId()), Name: a.GetName(), FloorID: int(a.GetFloorId()), Size: domain.SizeOf(a.GetFeatures())}
}

var phases = map[catalogv1.RentingPhase]domain.Phase{
	catalogv1.RentingPhase_RENTING_PHASE_PLANNED:  domain.PhasePlanned,
	catalogv1.RentingPhase_RENTING_PHASE_RENEWAL:  domain.PhaseRenewal,
	catalogv1.RentingPhase_RENTING_PHASE_BOOKING:  domain.PhaseBooking,
	catalogv1.RentingPhase_RENTING_PHASE_RUNNING:  domain.PhaseRunning,
	catalogv1.RentingPhase_RENTING_PHASE_FINISHED: domain.PhaseFinished,
}

func semesterFromProto(s *catalogv1.Semester) domain.Semester {
	return domain.Semester{
		ID: int(s.GetId()), Name: s.GetName(), Start: dateFromProto(s.GetStartDate()), End: dateFromProto(s.GetEndDate()),
		Phase: phases[s.GetRentingPhase()], RenewalDeadline: dateFromProto(s.GetRenewalDeadline()),
	}
}

func dateFromProto(d *catalogv1.Date) time.Time {
	return time.Date(int(d.GetYear()), time.Month(d.GetMonth()), int(d.GetDay()), 0, 0, 0, 0, time.UTC)
}
