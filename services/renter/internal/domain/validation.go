package domain

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/validation"
)

// Form is personal data as a form sends it: unchecked text. Gender and Language are the codes.
type Form struct {
	Email       string
	FirstName   string
	LastName    string
	Street      string
	Zip         string
	City        string
	Country     string
	Birthday    string // yyyy-MM-dd
	Phone       string
	Nationality string
	Gender      string
	Language    string
}

// Bounds of the personal data (DESIGN section 5).
const (
	MinTextLength = 1
	MaxTextLength = 100
	MinAge        = 17
	MaxAge        = 99
	zipCountryDEU = "DEU"
)

var (
	germanZip  = regexp.MustCompile(`^[0-9]{5}$`)
	foreignZip = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 -]{0,8}[A-Za-z0-9]$`)
	// phoneChars are what people write between the digits of a phone number.
	phoneChars  = strings.NewReplacer(" ", "", "-", "", "/", "", "(", "", ")", "", ".", "")
	phoneDigits = regexp.MustCompile(`^\+?[0-9]{6,15}$`)
)

// ParseForm checks the form and returns the valid personal data, or the first violation as a
// *exception.Error. The age bounds are checked on referenceDay (a semester's start). The checks run
// in the order of the booking form, so the renter sees the first problem first.
func ParseForm(f Form, referenceDay time.Time) (PersonalData, error) {
	d := PersonalData{
		Email: strings.TrimSpace(f.Email), FirstName: strings.TrimSpace(f.FirstName), LastName: strings.TrimSpace(f.LastName),
		Street: strings.TrimSpace(f.Street), Zip: strings.TrimSpace(f.Zip), City: strings.TrimSpace(f.City),
		Country: strings.ToUpper(strings.TrimSpace(f.Country)), Phone: strings.TrimSpace(f.Phone),
		Nationality: strings.ToLower(strings.TrimSpace(f.Nationality)),
		Gender:      Gender(strings.TrimSpace(f.Gender)), Language: Language(strings.ToLower(strings.TrimSpace(f.Language))),
	}
	var birthday time.Time
	err := firstError(
		func() *exception.Error { return checkGender("gender", f.Gender, d.Gender) },
		func() *exception.Error { return checkCode("nationality", f.Nationality, nationalities[d.Nationality]) },
		func() *exception.Error { return checkName("firstName", f.FirstName) },
		func() *exception.Error { return checkName("lastName", f.LastName) },
		func() *exception.Error { return checkName("street", f.Street) },
		func() *exception.Error { return checkCode("country", f.Country, countries[d.Country]) },
		func() *exception.Error { return checkZip("zip", f.Zip, d.Country) },
		func() *exception.Error { return checkName("city", f.City) },
		func() (v *exception.Error) {
			birthday, v = checkBirthday("birthday", f.Birthday, referenceDay)
			return v
		},
		func() *exception.Error { return checkPhone("phone", f.Phone) },
		func() *exception.Error { return checkEmail("email", f.Email) },
		func() *exception.Error { return checkLanguage("language", d.Language) },
	)
	if err != nil {
		return PersonalData{}, err
	}
	d.Birthday = birthday
	return d, nil
}

// firstError runs the checks in order and returns the first violation.
func firstError(checks ...func() *exception.Error) error {
	for _, check := range checks {
		if v := check(); v != nil {
			return v
		}
	}
	return nil
}

func missing(path string) *exception.Error { return exception.New(path, MsgMissing) }

// checkName checks a name, street or city: required, one line (platform/validation: no control,
// format or bidi characters), and 1..100 characters once the spaces around it are gone (a value of
// only spaces is too short rather than missing).
func checkName(path, raw string) *exception.Error {
	if raw == "" {
		return missing(path)
	}
	if err := validation.MaxLength(path, raw, 4*MaxTextLength); err != nil {
		return checkMaxLength(path, raw, MaxTextLength) // megabytes of spaces are not checked character by character
	}
	if err := validation.Line(path, raw); err != nil {
		return err
	}
	if utf8.RuneCountInString(strings.TrimSpace(raw)) < MinTextLength {
		return exception.New(path, MsgStringMin, "min", strconv.Itoa(MinTextLength))
	}
	return checkMaxLength(path, strings.TrimSpace(raw), MaxTextLength)
}

func checkMaxLength(path, value string, maxLength int) *exception.Error {
	return validation.MaxLength(path, value, maxLength)
}

func checkGender(path, raw string, g Gender) *exception.Error {
	switch {
	case raw == "":
		return missing(path)
	case g != GenderMale && g != GenderFemale && g != GenderVarious:
		return exception.New(path, MsgInvalidGender)
	}
	return nil
}

func checkCode(path, raw string, known bool) *exception.Error {
	switch {
	case raw == "":
		return missing(path)
	case !known:
		return exception.New(path, MsgInvalidCountry)
	}
	return nil
}

// checkZip: five digits in Germany; elsewhere 2..10 letters and digits, spaces or hyphens inside
// allowed (e.g. "SW1A 1AA", "1234 AB").
func checkZip(path, raw, country string) *exception.Error {
	zip := strings.TrimSpace(raw)
	switch {
	case raw == "":
		return missing(path)
	case country == zipCountryDEU && !germanZip.MatchString(zip):
		return exception.New(path, MsgInvalidZip)
	case country != zipCountryDEU && !foreignZip.MatchString(zip):
		return exception.New(path, MsgInvalidZip)
	}
	return nil
}

func checkBirthday(path, raw string, referenceDay time.Time) (time.Time, *exception.Error) {
	if raw == "" {
		return time.Time{}, missing(path)
	}
	birthday, err := time.Parse(time.DateOnly, strings.TrimSpace(raw))
	if err != nil {
		return time.Time{}, exception.New(path, MsgInvalid)
	}
	switch age := AgeOn(birthday, referenceDay); {
	case age < MinAge:
		return time.Time{}, exception.New(path, MsgTooYoung, "min", strconv.Itoa(MinAge))
	case age > MaxAge:
		return time.Time{}, exception.New(path, MsgTooOld, "max", strconv.Itoa(MaxAge))
	}
	return birthday, nil
}

// AgeOn returns the age in whole years of someone born on birthday, on day.
func AgeOn(birthday, day time.Time) int {
	age := day.Year() - birthday.Year()
	if day.Month() < birthday.Month() || day.Month() == birthday.Month() && day.Day() < birthday.Day() {
		age--
	}
	return age
}

// checkPhone wants something that can be dialled: 6..15 digits (E.164 allows 15), an optional
// leading +, and the usual separators between them.
func checkPhone(path, raw string) *exception.Error {
	if strings.TrimSpace(raw) == "" {
		return missing(path)
	}
	if !phoneDigits.MatchString(phoneChars.Replace(strings.TrimSpace(raw))) {
		return exception.New(path, MsgInvalid)
	}
	return nil
}

// checkEmail wants one plain address, by the rule every form shares (platform/validation: no
// display name, a domain with a dot — mail to "a@localhost" would never reach a renter).
func checkEmail(path, raw string) *exception.Error {
	email := strings.TrimSpace(raw)
	if email == "" {
		return missing(path)
	}
	return validation.Email(path, email)
}

func checkLanguage(path string, l Language) *exception.Error {
	switch {
	case l == "":
		return missing(path)
	case l != LanguageDe && l != LanguageEn:
		return exception.New(path, MsgInvalidLanguage)
	}
	return nil
}

// CheckEmail refuses what is not one plain e-mail address (path: the input field) as the booking
// form does: missing or INVALID_EMAIL.
func CheckEmail(path, raw string) error {
	if err := checkEmail(path, raw); err != nil {
		return err
	}
	return nil
}
