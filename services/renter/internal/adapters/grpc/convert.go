package grpc

import (
	"fmt"
	"time"

	commonv1 "semesterhaus/proto/gen/common/v1"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	"semesterhaus/services/renter/internal/domain"
)

var genderCodes = map[renterv1.Gender]string{
	renterv1.Gender_GENDER_UNSPECIFIED: "", // validation answers "missing"
	renterv1.Gender_GENDER_MALE:        string(domain.GenderMale),
	renterv1.Gender_GENDER_FEMALE:      string(domain.GenderFemale),
	renterv1.Gender_GENDER_VARIOUS:     string(domain.GenderVarious),
}

var protoGenders = map[domain.Gender]renterv1.Gender{
	domain.GenderMale:    renterv1.Gender_GENDER_MALE,
	domain.GenderFemale:  renterv1.Gender_GENDER_FEMALE,
	domain.GenderVarious: renterv1.Gender_GENDER_VARIOUS,
}

// genderCode turns the enum into the form's code; a number this version does not know stays
// visible, so that validation refuses it as INVALID_GENDER.
func genderCode(g renterv1.Gender) string {
	if code, ok := genderCodes[g]; ok {
		return code
	}
	return fmt.Sprintf("gender %d", g)
}

func formFromProto(d *renterv1.RenterData) domain.Form {
	return domain.Form{
		Email: d.GetEmail(), FirstName: d.GetFirstName(), LastName: d.GetLastName(), Street: d.GetStreet(),
		Zip: d.GetZip(), City: d.GetCity(), Country: d.GetCountry(), Birthday: d.GetBirthday(), Phone: d.GetPhone(),
		Nationality: d.GetNationality(), Gender: genderCode(d.GetGender()), Language: d.GetLanguage(),
	}
}

// dayFromProto reads the reference day; a missing one is refused, since the age check needs it.
func dayFromProto(d *commonv1.Date) (time.Time, error) {
	if d == nil || d.GetYear() == 0 {
		return time.Time{}, errNoReferenceDate
	}
	return time.Date(int(d.GetYear()), time.Month(d.GetMonth()), int(d.GetDay()), 0, 0, 0, 0, time.UTC), nil
}

func toProtoRenter(r domain.Renter) *renterv1.Renter {
	d := r.Data
	return &renterv1.Renter{
		Id: r.ID, EmailValidated: r.EmailValidated, Notes: r.Notes,
		Data: &renterv1.RenterData{
			Email: d.Email, FirstName: d.FirstName, LastName: d.LastName, Street: d.Street, Zip: d.Zip, City: d.City,
			Country: d.Country, Birthday: d.Birthday.Format(time.DateOnly), Phone: d.Phone, Nationality: d.Nationality,
			Gender: protoGenders[d.Gender], Language: string(d.Language),
		},
	}
}
