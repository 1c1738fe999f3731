package grpc

import (
	"context"
	"fmt"

	"google.golang.org/grpc"

	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	"semesterhaus/services/payment/internal/domain"
)

// Catalog asks the catalog service for names.
type Catalog struct {
	client catalogv1.CatalogServiceClient
}

// NewCatalog returns the catalog client on conn.
func NewCatalog(conn grpc.ClientConnInterface) *Catalog {
	return &Catalog{client: catalogv1.NewCatalogServiceClient(conn)}
}

// PaymentMethods returns the payment methods of the residence's money rules; a building file that
// names none offers cards.
func (c *Catalog) PaymentMethods(ctx context.Context) ([]string, error) {
	building, err := c.client.GetBuilding(ctx, &catalogv1.GetBuildingRequest{})
	if err != nil {
		return nil, fmt.Errorf("building: %w", err)
	}
	if methods := building.GetMoneyRules().GetPaymentMethods(); len(methods) > 0 {
		return methods, nil
	}
	return []string{"card"}, nil
}

// Names returns the names of the apartment and the semester.
func (c *Catalog) Names(ctx context.Context, apartmentID, semesterID int32) (string, string, error) {
	apartment, err := c.client.GetApartment(ctx, &catalogv1.GetApartmentRequest{Id: apartmentID})
	if err != nil {
		return "", "", fmt.Errorf("apartment %d: %w", apartmentID, err)
	}
	semester, err := c.client.GetSemester(ctx, &catalogv1.GetSemesterRequest{Id: semesterID})
	if err != nil {
		return "", "", fmt.Errorf("semester %d: %w", semesterID, err)
	}
	return apartment.GetName(), semester.GetName(), nil
}

// defaultBooks are the books of a building file that names none (the catalog answers zeros).
var defaultBooks = domain.BooksSettings{
	ConsultantNumber: 1001, ClientNumber: 1, FiscalYearStartMonth: 1, AccountLength: 4,
	MoneyAccount: 1200, RentAccount: 8100, CleaningAccount: 8100, DepositAccount: 1790, DamagesAccount: 8100,
}

// Books returns the residence's books settings, each one the catalog leaves zero its default.
func (c *Catalog) Books(ctx context.Context) (domain.BooksSettings, error) {
	building, err := c.client.GetBuilding(ctx, &catalogv1.GetBuildingRequest{})
	if err != nil {
		return domain.BooksSettings{}, fmt.Errorf("building: %w", err)
	}
	b := building.GetBooks()
	or := func(v, fallback int32) int32 {
		if v == 0 {
			return fallback
		}
		return v
	}
	d := defaultBooks
	return domain.BooksSettings{
		ConsultantNumber: or(b.GetConsultantNumber(), d.ConsultantNumber), ClientNumber: or(b.GetClientNumber(), d.ClientNumber),
		FiscalYearStartMonth: or(b.GetFiscalYearStartMonth(), d.FiscalYearStartMonth), AccountLength: or(b.GetAccountLength(), d.AccountLength),
		MoneyAccount: or(b.GetMoneyAccount(), d.MoneyAccount), RentAccount: or(b.GetRentAccount(), d.RentAccount),
		CleaningAccount: or(b.GetCleaningAccount(), d.CleaningAccount), DepositAccount: or(b.GetDepositAccount(), d.DepositAccount),
		DamagesAccount: or(b.GetDamagesAccount(), d.DamagesAccount),
	}, nil
}
