package grpc

import (
	"time"

	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	"semesterhaus/services/catalog/internal/domain"
)

func toProtoMoney(m domain.Money) *catalogv1.Money {
	return &catalogv1.Money{Cents: m.Cents(), Currency: domain.Currency}
}

func toProtoDate(t time.Time) *catalogv1.Date {
	return &catalogv1.Date{Year: int32(t.Year()), Month: int32(t.Month()), Day: int32(t.Day())}
}

func toProtoBuilding(b domain.Building) *catalogv1.Building {
	return &catalogv1.Building{
		Id: int32(b.ID), Name: b.Name, Address: b.Address,
		Contact: &catalogv1.Contact{Email: b.Contact.Email, Phone: b.Contact.Phone},
		Landlord: &catalogv1.Landlord{
			LegalName: b.Landlord.LegalName, Representative: b.Landlord.Representative, TaxNumber: b.Landlord.TaxNumber,
			Iban: b.Landlord.IBAN, Bic: b.Landlord.BIC, BankName: b.Landlord.BankName,
		},
		MoneyRules: toProtoMoneyRules(b.Rules),
		Books:      toProtoBooks(b.Books),
	}
}

func toProtoBooks(b domain.Books) *catalogv1.Books {
	return &catalogv1.Books{
		ConsultantNumber: int32(b.ConsultantNumber), ClientNumber: int32(b.ClientNumber),
		FiscalYearStartMonth: int32(b.FiscalYearStartMonth), AccountLength: int32(b.AccountLength),
		MoneyAccount: int32(b.Accounts.Money), RentAccount: int32(b.Accounts.Rent), CleaningAccount: int32(b.Accounts.Cleaning),
		DepositAccount: int32(b.Accounts.Deposit), DamagesAccount: int32(b.Accounts.Damages),
	}
}

func toProtoMoneyRules(r domain.MoneyRules) *catalogv1.MoneyRules {
	methods := make([]string, len(r.PaymentMethods))
	for i, m := range r.PaymentMethods {
		methods[i] = string(m)
	}
	return &catalogv1.MoneyRules{
		PaymentMethods: methods, DepositReturnDays: int32(r.DepositReturnDays),
		HandoverAnswerDays: int32(r.HandoverAnswerDays), Meters: r.Meters,
	}
}

func toProtoApartment(a domain.Apartment) *catalogv1.Apartment {
	features := make([]string, len(a.Features))
	for i, f := range a.Features {
		features[i] = string(f)
	}
	return &catalogv1.Apartment{
		Id: int32(a.ID), Name: a.Name, FloorId: int32(a.FloorID), FloorName: a.FloorName,
		DescriptionDe: a.DescriptionDe, DescriptionEn: a.DescriptionEn,
		RentPerMonth: toProtoMoney(a.RentPerMonth), CleaningFee: toProtoMoney(a.CleaningFee), Deposit: toProtoMoney(a.Deposit),
		Features: features,
	}
}

var protoPhases = map[domain.Phase]catalogv1.RentingPhase{
	domain.PhasePlanned:  catalogv1.RentingPhase_RENTING_PHASE_PLANNED,
	domain.PhaseRenewal:  catalogv1.RentingPhase_RENTING_PHASE_RENEWAL,
	domain.PhaseBooking:  catalogv1.RentingPhase_RENTING_PHASE_BOOKING,
	domain.PhaseRunning:  catalogv1.RentingPhase_RENTING_PHASE_RUNNING,
	domain.PhaseFinished: catalogv1.RentingPhase_RENTING_PHASE_FINISHED,
}

func toProtoSemester(v domain.SemesterView) *catalogv1.Semester {
	return &catalogv1.Semester{
		Id: int32(v.ID), Name: v.Name, StartDate: toProtoDate(v.Start), EndDate: toProtoDate(v.End),
		Current: v.Current, RentingPhase: protoPhases[v.Phase], StartsInDays: int32(v.StartsInDays),
		RenewalDeadline: toProtoDate(v.RenewalDeadline),
	}
}

func toProtoPrice(p domain.PriceCalculation) *catalogv1.PriceCalculation {
	result := &catalogv1.PriceCalculation{Total: toProtoMoney(p.Total)}
	for _, it := range p.Items {
		result.Items = append(result.Items, &catalogv1.PriceItem{
			Kind: string(it.Kind), TextDe: it.TextDe, TextEn: it.TextEn, Quantity: int32(it.Quantity),
			Amount: toProtoMoney(it.Amount), Total: toProtoMoney(it.Total),
		})
	}
	return result
}
