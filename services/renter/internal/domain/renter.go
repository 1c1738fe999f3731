package domain

import (
	"strings"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/validation"
)

// Gender is how the renter is addressed (Herr, Frau or neither).
type Gender string

// The genders a renter can choose.
const (
	GenderMale    Gender = "male"
	GenderFemale  Gender = "female"
	GenderVarious Gender = "various"
)

// Language is the language a renter gets mails in.
type Language string

// The languages of the site and its mails.
const (
	LanguageDe Language = "de"
	LanguageEn Language = "en"
)

// PersonalData is what a booking or renewal form says about a renter, already checked: values of
// this type are valid.
type PersonalData struct {
	Email       string
	FirstName   string
	LastName    string
	Street      string
	Zip         string
	City        string
	Country     string // ISO 3166-1 alpha-3, upper case
	Birthday    time.Time
	Phone       string
	Nationality string // two-letter code, lower case
	Gender      Gender
	Language    Language
}

// Renter is a stored renter.
type Renter struct {
	ID             int64
	Data           PersonalData
	EmailValidated bool
	Notes          string
	// ErasureRequestedAt is when the renter asked, from their own page, to erase their data; zero
	// if they never did.
	ErasureRequestedAt time.Time
	// ErasedAt is when an admin executed the request; zero while the data is there.
	ErasedAt time.Time
}

// RenterEdit is what an admin may change about a renter; the e-mail is not editable.
type RenterEdit struct {
	ID        int64
	FirstName string
	LastName  string
	Phone     string
	Notes     string
}

// MaxNotesLength bounds the admin's notes on a renter.
const MaxNotesLength = 2000

// ApplyEdit checks an admin's edit and applies it; an invalid edit changes nothing.
func (r *Renter) ApplyEdit(e RenterEdit) error {
	firstName, lastName, phone, notes := strings.TrimSpace(e.FirstName), strings.TrimSpace(e.LastName), strings.TrimSpace(e.Phone), strings.TrimSpace(e.Notes)
	err := firstError(
		func() *exception.Error { return checkName("firstName", e.FirstName) },
		func() *exception.Error { return checkName("lastName", e.LastName) },
		func() *exception.Error { return checkPhone("phone", e.Phone) },
		func() *exception.Error { return validation.Text("notes", notes, MaxNotesLength) },
	)
	if err != nil {
		return err
	}
	r.Data.FirstName, r.Data.LastName, r.Data.Phone, r.Notes = firstName, lastName, phone, notes
	return nil
}

// Summary is a renter as the admin's renter list shows it.
type Summary struct {
	ID        int64
	FirstName string
	LastName  string
	Email     string
}

// SameEmail reports whether two e-mail addresses name the same mailbox as far as the residence is
// concerned: renters are found by e-mail case-insensitively.
func SameEmail(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}
