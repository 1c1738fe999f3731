package domain_test

import (
	"errors"
	"testing"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/services/renter/internal/domain"
)

func TestErasure_requestOnceThenEraseOnce_neverWithoutARequest(t *testing.T) {
	t.Parallel()
	first, later := time.Date(2027, 5, 1, 10, 0, 0, 0, time.UTC), time.Date(2027, 5, 3, 10, 0, 0, 0, time.UTC)
	anna := domain.Renter{ID: 7, Notes: "quiet", EmailValidated: true, Data: domain.PersonalData{
		Email: "anna@example.org", FirstName: "Anna", LastName: "Schmidt", Street: "Hauptstraße 1", Zip: "69117", City: "Heidelberg",
		Country: "DEU", Birthday: time.Date(2004, 5, 17, 0, 0, 0, 0, time.UTC), Phone: "+49 170 1234567", Nationality: "de",
		Gender: domain.GenderFemale, Language: domain.LanguageDe,
	}}

	unasked := anna
	var e *exception.Error
	if changed, err := unasked.Erase(later); changed || !errors.As(err, &e) || e.MessageID != domain.MsgNoErasureRequest || unasked.Data != anna.Data {
		t.Errorf("erasing without a request: changed %v, %v, data %+v", changed, err, unasked.Data)
	}

	if !anna.RequestErasure(first) || anna.RequestErasure(later) || !anna.ErasureRequestedAt.Equal(first) {
		t.Errorf("requests: %v, want the first one kept", anna.ErasureRequestedAt)
	}
	if changed, err := anna.Erase(later); !changed || err != nil {
		t.Fatalf("erase: %v, %v", changed, err)
	}
	want := domain.PersonalData{Email: "erased-7@erased.invalid", Gender: domain.GenderVarious, Language: domain.LanguageDe}
	if anna.Data != want || anna.Notes != "" || !anna.EmailValidated || !anna.ErasedAt.Equal(later) || !anna.Erased() {
		t.Errorf("erased renter %+v", anna)
	}
	erased := anna
	if changed, err := anna.Erase(later.Add(time.Hour)); changed || err != nil || anna != erased {
		t.Errorf("erasing again: changed %v, %v, %+v", changed, err, anna)
	}
	if anna.RequestErasure(later.Add(time.Hour)) {
		t.Error("an erased renter asked again")
	}
}
