// Package catalogfake is an in-memory stand-in for the catalog's gRPC API, for other services'
// tests: it serves the apartments and semesters a test gives it, each semester in the phase that the
// test's clock and the semester's dates put it in, and prices them by the contract's rule (rent for
// every month; cleaning and deposit once, not on a renewal).
package catalogfake

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"semesterhaus/proto/catalog/pricenotfound"
	contract "semesterhaus/proto/codes"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
)

// BuildingID is the building that the fake's apartments belong to.
const BuildingID = 1

// Server is a catalog that knows the apartments and semesters a test adds.
type Server struct {
	catalogv1.UnimplementedCatalogServiceServer
	now        func() time.Time
	loc        *time.Location
	mu         sync.Mutex
	building   *catalogv1.Building
	apartments map[int32]*catalogv1.Apartment
	semesters  map[int32]Semester
}

// Semester is a semester as the fake serves it. The days are calendar days (midnight UTC): the
// semester is planned before RenewalOpens, open to its current renters' renewals until BookingOpens,
// then open for booking until Start, running until End and finished after.
type Semester struct {
	ID                         int32
	Name                       string
	Start, End                 time.Time
	RenewalOpens, BookingOpens time.Time
}

// New returns a catalog of the building ExampleBuilding, without apartments and semesters, whose
// today is now's day in loc.
func New(now func() time.Time, loc *time.Location) *Server {
	return &Server{now: now, loc: loc, building: ExampleBuilding(), apartments: map[int32]*catalogv1.Apartment{}, semesters: map[int32]Semester{}}
}

// ExampleBuilding is the residence a new fake serves until SetBuilding replaces it.
func ExampleBuilding() *catalogv1.Building {
	return &catalogv1.Building{
		Id: BuildingID, Name: "Wohnheim am Beispielpark", Address: "Parkweg 1, 12345 Beispielstadt",
		Contact: &catalogv1.Contact{Email: "haus@beispielpark.example", Phone: "+49 30 1234567"},
		Landlord: &catalogv1.Landlord{
			LegalName: "Beispielpark Wohnen GmbH", Representative: "Erika Mustermann", TaxNumber: "DE999999999",
			Iban: "DE89370400440532013000", Bic: "COBADEFFXXX", BankName: "Beispielbank",
		},
		MoneyRules: &catalogv1.MoneyRules{
			PaymentMethods: []string{"card"}, DepositReturnDays: 42, HandoverAnswerDays: 14, Meters: []string{"Strom", "Wasser"},
		},
		// The catalog's defaults for a building file without a books section.
		Books: &catalogv1.Books{
			ConsultantNumber: 1001, ClientNumber: 1, FiscalYearStartMonth: 1, AccountLength: 4,
			MoneyAccount: 1200, RentAccount: 8100, CleaningAccount: 8100, DepositAccount: 1790, DamagesAccount: 8100,
		},
	}
}

// Example is the day of NewExample's clock: the winter semester 2026/27 runs.
var Example = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

// NewExample returns a catalog on the day Example, with two apartments (1 and 2) and the summer
// semester 2027 (id 1) open for booking.
func NewExample() *Server {
	s := New(func() time.Time { return Example }, time.UTC)
	s.AddApartment(Apartment(1, "0.01", 445_00, 85_00, 800_00))
	s.AddApartment(Apartment(2, "0.02", 495_00, 95_00, 900_00))
	s.AddSemester(Semester{ID: 1, Name: "SoSe 2027", Start: Day(2027, 4, 1), End: Day(2027, 9, 30),
		RenewalOpens: Day(2026, 10, 1), BookingOpens: Day(2026, 10, 31)})
	return s
}

// Day is a calendar day as Semester holds it.
func Day(year int, month time.Month, day int) time.Time {
	return time.Date(year, month, day, 0, 0, 0, 0, time.UTC)
}

// Apartment returns an apartment on the ground floor with prices in euro cents.
func Apartment(id int32, name string, rent, cleaning, deposit int64) *catalogv1.Apartment {
	return &catalogv1.Apartment{
		Id: id, Name: name, FloorId: 1, FloorName: "EG",
		DescriptionDe: "Apartment " + name, DescriptionEn: "Apartment " + name,
		RentPerMonth: euro(rent), CleaningFee: euro(cleaning), Deposit: euro(deposit),
	}
}

// Register adds the fake to a gRPC server, e.g. with platform/grpctest: grpctest.Serve(t, fake.Register).
func (s *Server) Register(server *grpc.Server) { catalogv1.RegisterCatalogServiceServer(server, s) }

// SetBuilding replaces the residence GetBuilding answers.
func (s *Server) SetBuilding(b *catalogv1.Building) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.building = proto.CloneOf(b)
}

// GetBuilding returns the residence.
func (s *Server) GetBuilding(context.Context, *catalogv1.GetBuildingRequest) (*catalogv1.Building, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return proto.CloneOf(s.building), nil
}

// AddApartment adds the apartment, or replaces the one with its id.
func (s *Server) AddApartment(a *catalogv1.Apartment) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.apartments[a.GetId()] = proto.CloneOf(a)
}

// AddSemester adds the semester, or replaces the one with its id.
func (s *Server) AddSemester(semester Semester) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.semesters[semester.ID] = semester
}

// GetApartment answers NOT_FOUND for an unknown id.
func (s *Server) GetApartment(_ context.Context, req *catalogv1.GetApartmentRequest) (*catalogv1.Apartment, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.apartments[req.GetId()]
	if !ok {
		return nil, status.Errorf(codes.NotFound, "apartment %d: not found", req.GetId())
	}
	return proto.CloneOf(a), nil
}

// ListApartments lists every apartment, sorted by id.
func (s *Server) ListApartments(context.Context, *catalogv1.ListApartmentsRequest) (*catalogv1.ListApartmentsResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	resp := &catalogv1.ListApartmentsResponse{BuildingId: BuildingID}
	for _, a := range s.apartments {
		resp.Apartments = append(resp.Apartments, proto.CloneOf(a))
	}
	slices.SortFunc(resp.Apartments, func(a, b *catalogv1.Apartment) int { return cmp.Compare(a.GetId(), b.GetId()) })
	return resp, nil
}

// GetSemester answers NOT_FOUND for an unknown id.
func (s *Server) GetSemester(_ context.Context, req *catalogv1.GetSemesterRequest) (*catalogv1.Semester, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	semester, ok := s.semesters[req.GetId()]
	if !ok {
		return nil, status.Errorf(codes.NotFound, "semester %d: not found", req.GetId())
	}
	return s.view(semester), nil
}

// ListSemesters lists every semester, the one starting last first.
func (s *Server) ListSemesters(context.Context, *catalogv1.ListSemestersRequest) (*catalogv1.ListSemestersResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return &catalogv1.ListSemestersResponse{Semesters: s.byStart(true)}, nil
}

// GetBookableSemester answers the earliest semester open for booking, else the earliest open for
// renewal, else NOT_FOUND.
func (s *Server) GetBookableSemester(context.Context, *catalogv1.GetBookableSemesterRequest) (*catalogv1.Semester, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	earliestFirst := s.byStart(false)
	for _, phase := range []catalogv1.RentingPhase{catalogv1.RentingPhase_RENTING_PHASE_BOOKING, catalogv1.RentingPhase_RENTING_PHASE_RENEWAL} {
		if i := slices.IndexFunc(earliestFirst, func(v *catalogv1.Semester) bool { return v.GetRentingPhase() == phase }); i >= 0 {
			return earliestFirst[i], nil
		}
	}
	return nil, status.Error(codes.NotFound, "no semester open for booking")
}

// CalculatePrice prices a new booking (rent for every month, cleaning and deposit once) or a
// renewal (rent only); NOT_FOUND for an unknown apartment or semester.
func (s *Server) CalculatePrice(ctx context.Context, req *catalogv1.CalculatePriceRequest) (*catalogv1.PriceCalculation, error) {
	a, err := s.GetApartment(ctx, &catalogv1.GetApartmentRequest{Id: req.GetApartmentId()})
	if err != nil {
		return nil, pricenotfound.Error(catalogv1.PriceNotFound_PRICE_NOT_FOUND_APARTMENT, err.Error())
	}
	semester, err := s.GetSemester(ctx, &catalogv1.GetSemesterRequest{Id: req.GetSemesterId()})
	if err != nil {
		return nil, pricenotfound.Error(catalogv1.PriceNotFound_PRICE_NOT_FOUND_SEMESTER, err.Error())
	}
	items := []*catalogv1.PriceItem{item(contract.ItemRent, "Miete inkl. Nebenkosten (Strom, Wasser, Internet)",
		"Rent incl. utilities (electricity, water, internet)", months(semester), a.GetRentPerMonth())}
	if !req.GetRenewal() {
		items = append(items, item(contract.ItemCleaning, "Endreinigung", "Final cleaning", 1, a.GetCleaningFee()),
			item(contract.ItemDeposit, "Kaution", "Deposit", 1, a.GetDeposit()))
	}
	var total int64
	for _, it := range items {
		total += it.GetTotal().GetCents()
	}
	return &catalogv1.PriceCalculation{Items: items, Total: euro(total)}, nil
}

// byStart returns the semesters as seen today, sorted by start date, the latest first when latestFirst.
func (s *Server) byStart(latestFirst bool) []*catalogv1.Semester {
	result := make([]*catalogv1.Semester, 0, len(s.semesters))
	for _, semester := range s.semesters {
		result = append(result, s.view(semester))
	}
	slices.SortFunc(result, func(a, b *catalogv1.Semester) int {
		order := cmp.Compare(dayNumber(a.GetStartDate()), dayNumber(b.GetStartDate()))
		if latestFirst {
			return -order
		}
		return order
	})
	return result
}

// view is the semester as it stands on the clock's day.
func (s *Server) view(semester Semester) *catalogv1.Semester {
	y, m, d := s.now().In(s.loc).Date()
	today := Day(y, m, d)
	phase := catalogv1.RentingPhase_RENTING_PHASE_BOOKING
	switch {
	case today.After(semester.End):
		phase = catalogv1.RentingPhase_RENTING_PHASE_FINISHED
	case !today.Before(semester.Start):
		phase = catalogv1.RentingPhase_RENTING_PHASE_RUNNING
	case today.Before(semester.RenewalOpens):
		phase = catalogv1.RentingPhase_RENTING_PHASE_PLANNED
	case today.Before(semester.BookingOpens):
		phase = catalogv1.RentingPhase_RENTING_PHASE_RENEWAL
	}
	return &catalogv1.Semester{
		Id: semester.ID, Name: semester.Name, StartDate: date(semester.Start), EndDate: date(semester.End),
		Current: phase == catalogv1.RentingPhase_RENTING_PHASE_RUNNING, RentingPhase: phase,
		StartsInDays: int32(semester.Start.Sub(today).Hours() / 24), RenewalDeadline: date(semester.BookingOpens.AddDate(0, 0, -1)),
	}
}

func date(t time.Time) *catalogv1.Date {
	return &catalogv1.Date{Year: int32(t.Year()), Month: int32(t.Month()), Day: int32(t.Day())}
}

// dayNumber orders dates: 20270401 for 1 April 2027.
func dayNumber(d *catalogv1.Date) int32 { return d.GetYear()*10000 + d.GetMonth()*100 + d.GetDay() }

// months is how many whole months the semester lasts (first to last day).
func months(semester *catalogv1.Semester) int32 {
	start, end := semester.GetStartDate(), semester.GetEndDate()
	return (end.GetYear()-start.GetYear())*12 + end.GetMonth() - start.GetMonth() + 1
}

func item(kind contract.ItemKind, textDe, textEn string, quantity int32, amount *catalogv1.Money) *catalogv1.PriceItem {
	return &catalogv1.PriceItem{Kind: string(kind), TextDe: textDe, TextEn: textEn, Quantity: quantity, Amount: amount,
		Total: &catalogv1.Money{Cents: amount.GetCents() * int64(quantity), Currency: amount.GetCurrency()}}
}

func euro(cents int64) *catalogv1.Money { return &catalogv1.Money{Cents: cents, Currency: "EUR"} }
