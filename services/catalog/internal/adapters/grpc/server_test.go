package grpc_test

import (
	"context"
	"slices"
	"testing"
	"time"

	grpcadapter "semesterhaus/services/catalog/internal/adapters/grpc"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/proto/catalog/pricenotfound"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	"semesterhaus/services/catalog/catalogtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// newClient dials a catalog as caller.
func newClient(t *testing.T, caller string) catalogv1.CatalogServiceClient {
	t.Helper()
	addr := catalogtest.NewGRPCServer(t, func() time.Time { return time.Date(2026, 11, 22, 12, 0, 0, 0, catalogtest.Berlin) })
	return catalogv1.NewCatalogServiceClient(grpctest.Dial(t, caller, "catalog", addr))
}

func TestCatalogService_answersTheOtherServicesQuestions(t *testing.T) {
	t.Parallel()
	client := newClient(t, "renting")
	ctx := context.Background()

	apartment, err := client.GetApartment(ctx, &catalogv1.GetApartmentRequest{Id: 11})
	if err != nil || apartment.GetName() != "1.01" || apartment.GetRentPerMonth().GetCurrency() != "EUR" || apartment.GetFloorName() != "OG1" {
		t.Fatalf("GetApartment = %v, %v", apartment, err)
	}
	all, err := client.ListApartments(ctx, &catalogv1.ListApartmentsRequest{})
	if err != nil || len(all.GetApartments()) < 20 || all.GetBuildingId() != 1 {
		t.Fatalf("ListApartments: %d apartments, %v", len(all.GetApartments()), err)
	}
	bookable, err := client.GetBookableSemester(ctx, &catalogv1.GetBookableSemesterRequest{})
	if err != nil || bookable.GetName() != "SoSe 2027" || bookable.GetRentingPhase() != catalogv1.RentingPhase_RENTING_PHASE_BOOKING ||
		bookable.GetRenewalDeadline().GetDay() != 30 || bookable.GetRenewalDeadline().GetMonth() != 10 {
		t.Fatalf("GetBookableSemester = %v, %v", bookable, err)
	}
	semesters, err := client.ListSemesters(ctx, &catalogv1.ListSemestersRequest{})
	if err != nil || len(semesters.GetSemesters()) != 4 || semesters.GetSemesters()[0].GetStartsInDays() < semesters.GetSemesters()[1].GetStartsInDays() {
		t.Fatalf("ListSemesters = %v, %v", semesters, err)
	}

	price, err := client.CalculatePrice(ctx, &catalogv1.CalculatePriceRequest{ApartmentId: 11, SemesterId: bookable.GetId()})
	rent := apartment.GetRentPerMonth().GetCents()
	want := rent*6 + apartment.GetCleaningFee().GetCents() + apartment.GetDeposit().GetCents()
	if err != nil || price.GetTotal().GetCents() != want || len(price.GetItems()) != 3 {
		t.Fatalf("CalculatePrice = %v, %v; want total %d", price, err, want)
	}
	for i, kind := range []string{"RENT", "CLEANING", "DEPOSIT"} {
		if got := price.GetItems()[i].GetKind(); got != kind {
			t.Errorf("price item %d is %q, want %s", i, got, kind)
		}
	}
	renewal, err := client.CalculatePrice(ctx, &catalogv1.CalculatePriceRequest{ApartmentId: 11, SemesterId: bookable.GetId(), Renewal: true})
	if err != nil || renewal.GetTotal().GetCents() != rent*6 {
		t.Fatalf("CalculatePrice renewal = %v, %v", renewal, err)
	}
}

func TestCatalogService_getBuilding_namesTheResidenceWithItsContactLandlordAndRules(t *testing.T) {
	t.Parallel()
	building, err := newClient(t, "renter").GetBuilding(context.Background(), &catalogv1.GetBuildingRequest{})
	if err != nil || building.GetId() != 1 || building.GetName() != "Studentenwohnheim Neckarblick" ||
		building.GetAddress() != "Uferstraße 12, 69120 Heidelberg" ||
		building.GetContact().GetEmail() != "wohnen@neckarblick.example" || building.GetContact().GetPhone() != "+49 6221 000000" {
		t.Fatalf("GetBuilding = %v, %v", building, err)
	}
	landlord, rules := building.GetLandlord(), building.GetMoneyRules()
	if landlord.GetLegalName() != "Neckarblick Wohnen GmbH (Demo)" || landlord.GetIban() != "DE89370400440532013000" ||
		landlord.GetBic() != "COBADEFFXXX" || landlord.GetTaxNumber() == "" || landlord.GetRepresentative() == "" || landlord.GetBankName() == "" {
		t.Errorf("landlord = %v", landlord)
	}
	if !slices.Equal(rules.GetPaymentMethods(), []string{"card", "sepa_debit"}) || rules.GetDepositReturnDays() != 42 ||
		rules.GetHandoverAnswerDays() != 14 || !slices.Equal(rules.GetMeters(), []string{"Strom", "Wasser"}) {
		t.Errorf("money rules = %v", rules)
	}
	books := building.GetBooks()
	if books.GetConsultantNumber() != 1001 || books.GetClientNumber() != 1 || books.GetFiscalYearStartMonth() != 1 ||
		books.GetAccountLength() != 4 || books.GetMoneyAccount() != 1200 || books.GetRentAccount() != 8100 ||
		books.GetCleaningAccount() != 8100 || books.GetDepositAccount() != 1790 || books.GetDamagesAccount() != 8100 {
		t.Errorf("books = %v", books)
	}
}

func TestCatalogService_unknownIdsAreNotFound(t *testing.T) {
	t.Parallel()
	client := newClient(t, "renting")
	ctx := context.Background()
	_, errApartment := client.GetApartment(ctx, &catalogv1.GetApartmentRequest{Id: 999})
	_, errSemester := client.GetSemester(ctx, &catalogv1.GetSemesterRequest{Id: 999})
	_, errPrice := client.CalculatePrice(ctx, &catalogv1.CalculatePriceRequest{ApartmentId: 11, SemesterId: 999})
	for name, err := range map[string]error{"apartment": errApartment, "semester": errSemester, "price": errPrice} {
		if status.Code(err) != codes.NotFound {
			t.Errorf("%s: got %v, want NotFound", name, err)
		}
	}
	if which := pricenotfound.Which(errPrice); which != catalogv1.PriceNotFound_PRICE_NOT_FOUND_SEMESTER {
		t.Errorf("the price of an unknown semester says %v is unknown", which)
	}
	_, errPrice = client.CalculatePrice(ctx, &catalogv1.CalculatePriceRequest{ApartmentId: 999, SemesterId: 1})
	if which := pricenotfound.Which(errPrice); status.Code(errPrice) != codes.NotFound || which != catalogv1.PriceNotFound_PRICE_NOT_FOUND_APARTMENT {
		t.Errorf("the price of an unknown apartment: %v, says %v is unknown", errPrice, which)
	}
}

// TestCatalogService_onlyItsCallersGetThrough: every method refuses callers without a valid
// service token and services its rule does not name, and admits the ones it names.
func TestCatalogService_onlyItsCallersGetThrough(t *testing.T) {
	t.Parallel()
	addr := catalogtest.NewGRPCServer(t, time.Now)
	grpctest.CheckCallers(t, "catalog", addr, grpcadapter.Callers, catalogv1.CatalogService_ServiceDesc.ServiceName)
}
