package grpc

import (
	"context"
	"fmt"
	"strings"

	"google.golang.org/grpc"

	"semesterhaus/proto/codes"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	"semesterhaus/services/document/internal/domain"
)

// Sources gathers a contract from the services that own its parts: the renter and the catalog (the
// residence, apartment, semester, prices).
type Sources struct {
	renter  renterv1.RenterServiceClient
	catalog catalogv1.CatalogServiceClient
}

// NewSources returns the contract sources on the peers' connections.
func NewSources(renter, catalog grpc.ClientConnInterface) *Sources {
	return &Sources{
		renter:  renterv1.NewRenterServiceClient(renter),
		catalog: catalogv1.NewCatalogServiceClient(catalog),
	}
}

// Contract asks the peers for what the renting's contract states; renewals get renewal prices.
func (s *Sources) Contract(ctx context.Context, renting domain.Renting) (domain.Contract, error) {
	renter, err := s.renter.GetRenter(ctx, &renterv1.GetRenterRequest{RenterId: renting.RenterID})
	if err != nil {
		return domain.Contract{}, fmt.Errorf("get renter %d: %w", renting.RenterID, err)
	}
	apartment, err := s.catalog.GetApartment(ctx, &catalogv1.GetApartmentRequest{Id: renting.ApartmentID})
	if err != nil {
		return domain.Contract{}, fmt.Errorf("get apartment %d: %w", renting.ApartmentID, err)
	}
	semester, err := s.catalog.GetSemester(ctx, &catalogv1.GetSemesterRequest{Id: renting.SemesterID})
	if err != nil {
		return domain.Contract{}, fmt.Errorf("get semester %d: %w", renting.SemesterID, err)
	}
	building, err := s.catalog.GetBuilding(ctx, &catalogv1.GetBuildingRequest{})
	if err != nil {
		return domain.Contract{}, fmt.Errorf("get building: %w", err)
	}
	price, err := s.catalog.CalculatePrice(ctx, &catalogv1.CalculatePriceRequest{
		ApartmentId: renting.ApartmentID, SemesterId: renting.SemesterID, Renewal: renting.Renewal,
	})
	if err != nil {
		return domain.Contract{}, fmt.Errorf("calculate the price: %w", err)
	}
	birthday, err := parseDay(renter.GetData().GetBirthday())
	if err != nil {
		return domain.Contract{}, fmt.Errorf("birthday of renter %d: %w", renter.GetId(), err)
	}
	return domain.Contract{
		RentingID: renting.ID, RenterID: renting.RenterID, Renewal: renting.Renewal, Landlord: toLandlord(building),
		Renter: toContractRenter(renter.GetData(), birthday), Apartment: apartment.GetName(), Floor: apartment.GetFloorName(),
		Semester: semester.GetName(), Start: fromCatalogDate(semester.GetStartDate()), End: fromCatalogDate(semester.GetEndDate()),
		Items: toPriceItems(price.GetItems()), TotalCents: price.GetTotal().GetCents(), Currency: price.GetTotal().GetCurrency(),
		Language: domain.RenterLanguage(renter.GetData().GetLanguage()), DepositReturnDays: int(building.GetMoneyRules().GetDepositReturnDays()),
	}, nil
}

func toLandlord(b *catalogv1.Building) domain.Landlord {
	l := b.GetLandlord()
	return domain.Landlord{
		Name: b.GetName(), Address: b.GetAddress(), Email: b.GetContact().GetEmail(), Phone: b.GetContact().GetPhone(),
		LegalName: l.GetLegalName(), Representative: l.GetRepresentative(), TaxNumber: l.GetTaxNumber(),
		IBAN: l.GetIban(), BIC: l.GetBic(), BankName: l.GetBankName(),
	}
}

func toContractRenter(d *renterv1.RenterData, birthday domain.Date) domain.ContractRenter {
	return domain.ContractRenter{
		FirstName: d.GetFirstName(), LastName: d.GetLastName(), Street: d.GetStreet(), Zip: d.GetZip(),
		City: d.GetCity(), Country: d.GetCountry(), Birthday: birthday, Email: d.GetEmail(),
	}
}

func toPriceItems(items []*catalogv1.PriceItem) []domain.PriceItem {
	out := make([]domain.PriceItem, len(items))
	for i, item := range items {
		out[i] = domain.PriceItem{
			Kind: codes.ItemKind(item.GetKind()), TextDE: item.GetTextDe(), TextEN: item.GetTextEn(), Quantity: int(item.GetQuantity()),
			AmountCents: item.GetAmount().GetCents(), TotalCents: item.GetTotal().GetCents(),
		}
	}
	return out
}

// SemesterLastDay is the last day of the semester, as the catalog keeps it.
func (s *Sources) SemesterLastDay(ctx context.Context, semesterID int32) (domain.Date, error) {
	semester, err := s.catalog.GetSemester(ctx, &catalogv1.GetSemesterRequest{Id: semesterID})
	if err != nil {
		return domain.Date{}, fmt.Errorf("get semester %d: %w", semesterID, err)
	}
	return fromCatalogDate(semester.GetEndDate()), nil
}

func fromCatalogDate(d *catalogv1.Date) domain.Date {
	return domain.Date{Year: int(d.GetYear()), Month: int(d.GetMonth()), Day: int(d.GetDay())}
}

// parseDay reads the renter's yyyy-MM-dd birthday.
func parseDay(s string) (domain.Date, error) {
	var d domain.Date
	if _, err := fmt.Sscanf(strings.TrimSpace(s), "%4d-%2d-%2d", &d.Year, &d.Month, &d.Day); err != nil {
		return domain.Date{}, fmt.Errorf("not yyyy-MM-dd: %q", s)
	}
	return d, nil
}
