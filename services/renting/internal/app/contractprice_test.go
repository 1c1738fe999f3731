package app_test

import (
	"context"
	"reflect"
	"testing"

	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

// TestBookingProgress_afterTheContract_showsItsPrice_notTheCatalogsOfToday: before a contract the
// booking's pages show the catalog's price; once the contract is written (here at 480,00 € a month,
// while the catalog asks otherwise) they show the contract's items and total, which the payment asks.
func TestBookingProgress_afterTheContract_showsItsPrice_notTheCatalogsOfToday(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	renting := domain.NewRenewal(7, 11, 3, testenv.DesignDay)
	if err := env.Repo.Create(ctx, renting); err != nil {
		t.Fatal(err)
	}
	catalog, err := env.Catalog.Price(ctx, 11, 3, true)
	if err != nil {
		t.Fatal(err)
	}
	before, err := env.Booking.BookingProgress(ctx, renting.ID)
	if err != nil || !reflect.DeepEqual(before.Price, catalog) {
		t.Fatalf("before the contract: %+v, %v; want the catalog's %+v", before.Price, err, catalog)
	}

	contract := domain.ContractPrice{Cents: 288000, Currency: "EUR", Items: []domain.PriceItem{
		{TextDe: "Miete inkl. Nebenkosten", TextEn: "Rent incl. utilities", Quantity: 6, Amount: 48000, Total: 288000},
	}}
	if contract.Cents == catalog.Total {
		t.Fatal("the test needs a contract price other than the catalog's")
	}
	env.WriteRenewalContract(t, renting.ID, contract)

	after, err := env.Booking.BookingProgress(ctx, renting.ID)
	if err != nil || !reflect.DeepEqual(after.Price, contract.Calculation()) {
		t.Errorf("after the contract: %+v, %v; want the contract's %+v", after.Price, err, contract.Calculation())
	}
}
