package graphql

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/graphqlx/scalar"
	"semesterhaus/platform/picture"
	"semesterhaus/services/catalog/internal/adapters/graphql/model"
	"semesterhaus/services/catalog/internal/app"
	"semesterhaus/services/catalog/internal/domain"
)

func toGraphBuilding(b domain.Building) *model.Building {
	floors := make([]*model.Floor, len(b.Floors))
	for i, f := range b.Floors {
		floors[i] = toGraphFloor(f)
	}
	return &model.Building{
		ID: b.ID, Name: b.Name, Address: b.Address,
		Contact: &model.Contact{Email: b.Contact.Email, Phone: b.Contact.Phone}, Floors: floors,
	}
}

func toGraphFloor(f domain.Floor) *model.Floor {
	apartments := make([]*model.Apartment, len(f.Apartments))
	for i, a := range f.Apartments {
		apartments[i] = toGraphApartment(a)
	}
	return &model.Floor{ID: f.ID, Name: f.Name, Plan: f.Plan, Apartments: apartments}
}

func toGraphSemesterBuilding(b domain.Building, semesterID int) *model.SemesterBuilding {
	floors := make([]*model.SemesterFloor, len(b.Floors))
	for i, f := range b.Floors {
		apartments := make([]*model.SemesterApartment, len(f.Apartments))
		for j, a := range f.Apartments {
			apartments[j] = toGraphSemesterApartment(a, semesterID)
		}
		floors[i] = &model.SemesterFloor{ID: f.ID, Name: f.Name, Plan: f.Plan, Apartments: apartments}
	}
	return &model.SemesterBuilding{ID: b.ID, Name: b.Name, Address: b.Address, Floors: floors}
}

func toGraphSemesterApartment(a domain.Apartment, semesterID int) *model.SemesterApartment {
	return &model.SemesterApartment{ID: a.ID, SemesterID: semesterID, Name: a.Name}
}

func toGraphApartment(a domain.Apartment) *model.Apartment {
	features := make([]model.Feature, len(a.Features))
	for i, f := range a.Features {
		features[i] = model.Feature(f)
	}
	pictures := make([]*model.Picture, len(a.Pictures))
	for i, p := range a.Pictures {
		pictures[i] = &model.Picture{
			Name: p.Name, URL: p.URL, Width: p.Width, Height: p.Height, Sources: make([]*model.PictureSource, len(p.Sources)),
			DescriptionDe: p.DescriptionDe, DescriptionEn: p.DescriptionEn,
		}
		for j, s := range p.Sources {
			pictures[i].Sources[j] = &model.PictureSource{Type: s.Type, Srcset: s.Srcset}
		}
	}
	return &model.Apartment{
		ID: a.ID, Name: a.Name, FloorID: a.FloorID,
		DescriptionDe: a.DescriptionDe, DescriptionEn: a.DescriptionEn,
		PricePerMonth: a.RentPerMonth.Euros(), PriceCleaning: a.CleaningFee.Euros(), PriceDeposit: a.Deposit.Euros(),
		Features: features, X: a.X, Y: a.Y, Pictures: pictures,
	}
}

func toGraphSemester(s domain.SemesterView) *model.Semester {
	return &model.Semester{
		ID: s.ID, Name: s.Name, Current: s.Current,
		StartDate: scalar.Date(s.Start), EndDate: scalar.Date(s.End),
		RentingPhase: model.RentingPhase(s.Phase), StartsInDays: s.StartsInDays,
	}
}

func toGraphPriceCalculation(p domain.PriceCalculation) *model.PriceCalculation {
	items := make([]*model.PriceItem, len(p.Items))
	for i, it := range p.Items {
		items[i] = &model.PriceItem{TextDe: it.TextDe, TextEn: it.TextEn, Qty: it.Quantity, Amount: it.Amount.Euros(), Total: it.Total.Euros()}
	}
	return &model.PriceCalculation{Items: items, Total: p.Total.Euros()}
}

func toDomainUpdate(u model.ApartmentUpdate) domain.ApartmentUpdate {
	return domain.ApartmentUpdate{
		ID: u.ID, DescriptionDe: u.DescriptionDe, DescriptionEn: u.DescriptionEn,
		RentPerMonth: u.PricePerMonth, Deposit: u.PriceDeposit, CleaningFee: u.PriceCleaning,
	}
}

func toDomainSemesterInput(in model.SemesterInput) domain.SemesterInput {
	return domain.SemesterInput{Name: in.Name, Start: time.Time(in.StartDate), End: time.Time(in.EndDate)}
}

// lookupError turns a missing apartment or semester into the message the booking site shows, with
// the business exception's extensions (NO_APARTMENT on apartmentId, NO_SEMESTER on semesterId) for
// the apps that translate; other errors go on to the error presenter, which hides their details.
func lookupError(err error, apartmentID int) error {
	switch {
	case errors.Is(err, app.ErrNoApartment):
		e := gqlerror.Errorf("No Apartment found with id %d.", apartmentID)
		e.Extensions = map[string]any{"messageId": domain.MsgNoApartment, "path": "apartmentId", "params": map[string]string{"id": strconv.Itoa(apartmentID)}}
		return e
	case errors.Is(err, app.ErrNoSemester):
		e := gqlerror.Errorf("No Semester found.")
		e.Extensions = map[string]any{"messageId": domain.MsgNoSemester, "path": "semesterId", "params": map[string]string{}}
		return e
	default:
		return fmt.Errorf("catalog lookup: %w", err)
	}
}

func toDomainPictureEdits(edits []*model.PictureEdit) []domain.PictureEdit {
	out := make([]domain.PictureEdit, len(edits))
	for i, e := range edits {
		out[i] = domain.PictureEdit{Name: e.Name, DescriptionDe: e.DescriptionDe, DescriptionEn: e.DescriptionEn}
	}
	return out
}

// toDomainPictureUpload decodes the upload's base64 content; a text that is no base64 is no picture.
func toDomainPictureUpload(in model.PictureUpload) (domain.PictureUpload, error) {
	content, err := base64.StdEncoding.DecodeString(in.Content)
	if err != nil {
		return domain.PictureUpload{}, exception.New("file", picture.MsgInvalidImage)
	}
	return domain.PictureUpload{Content: content, DescriptionDe: in.DescriptionDe, DescriptionEn: in.DescriptionEn}, nil
}
