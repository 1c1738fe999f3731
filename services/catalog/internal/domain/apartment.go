package domain

import (
	"fmt"
	"strings"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/validation"
)

// Feature is one of the fixed feature codes an apartment can list (SPEC section 3).
type Feature string

// Features lists every known feature code in the order the booking site shows them.
var Features = []Feature{
	"SIZE_UNKNOWN", "SIZE_20", "SIZE_21", "SIZE_22", "SIZE_24", "SIZE_25", "SIZE_26", "SIZE_27", "SIZE_31",
	"SIZE_32", "SIZE_36", "SHOWER", "KING_SIZE_BED", "QUEEN_SIZE_BED", "KITCHEN", "BALCONY", "MINI_BALCONY",
	"TERRACE", "LIFT", "SMOKE_ALARM", "FREE_WIFI", "SHARED_WASHROOM", "SEPARATE_WASHROOM", "BUS_STOP",
	"FULLY_FURNISHED_APARTMENT",
}

// Building is the residence with its floors, each holding its apartments sorted by id.
type Building struct {
	ID      int
	Name    string
	Address string
	Contact Contact
	// Landlord, Rules and Books are the building file's landlord, rules and books sections.
	Landlord Landlord
	Rules    MoneyRules
	Books    Books
	Floors   []Floor
}

// ApartmentCount is the number of apartments on all floors.
func (b Building) ApartmentCount() int {
	n := 0
	for _, f := range b.Floors {
		n += len(f.Apartments)
	}
	return n
}

// Contact is how renters reach the residence's management.
type Contact struct {
	Email string
	Phone string
}

// Floor is one storey with its plan drawing.
type Floor struct {
	ID         int
	Name       string
	Plan       string // the plan drawing's address: a path on the site or an https URL
	Apartments []Apartment
}

// Picture is one photo of an apartment. URL is the picture for clients that cannot choose; Sources
// offer it in several formats and widths, Width × Height is the size of the largest (its aspect ratio
// lets a page reserve the picture's box before it arrives). File is the id of an uploaded picture's
// files, which the catalog stores and serves; a picture of the building file has none (its files are
// the site's or elsewhere).
type Picture struct {
	Name string
	// File is left out of an imported file's fingerprint (the JSON of the building) when empty, as a
	// building file's always is: the fingerprints of files imported before it existed stay the same.
	File          string `json:",omitempty"`
	URL           string
	Width, Height int
	Sources       []PictureSource
	DescriptionDe string
	DescriptionEn string
}

// PictureSource is a picture in one format (Type, a MIME type such as image/webp) in several widths:
// Srcset lists them as an HTML srcset does ("/a-480.webp 480w, /a-960.webp 960w").
type PictureSource struct {
	Type   string
	Srcset string
}

// Apartment is one rentable unit. Prices include all utilities; the rent is per month.
type Apartment struct {
	ID            int
	FloorID       int
	FloorName     string
	Name          string
	DescriptionDe string
	DescriptionEn string
	RentPerMonth  Money
	CleaningFee   Money
	Deposit       Money
	Features      []Feature
	X, Y          float64 // position on the floor plan, 0..1 from the top left corner
	Pictures      []Picture
}

// Bounds an administrator's edit must stay within: they catch typing errors (an extra zero), not
// business decisions.
const (
	MaxRentPerMonth      Money = 5_000_00
	MaxCleaningFee       Money = 1_000_00
	MaxDeposit           Money = 10_000_00
	MaxDescriptionLength       = 4000
)

// ApartmentUpdate is what an administrator may change about an apartment.
type ApartmentUpdate struct {
	ID            int
	DescriptionDe string
	DescriptionEn string
	RentPerMonth  float64
	Deposit       float64
	CleaningFee   float64
}

// Apply checks the update and, when it is valid, writes it into the apartment. An invalid update
// leaves the apartment as it was.
func (a *Apartment) Apply(u ApartmentUpdate) error {
	rent, err := price("pricePerMonth", u.RentPerMonth, MaxRentPerMonth)
	if err != nil {
		return err
	}
	deposit, err := price("priceDeposit", u.Deposit, MaxDeposit)
	if err != nil {
		return err
	}
	cleaning, err := price("priceCleaning", u.CleaningFee, MaxCleaningFee)
	if err != nil {
		return err
	}
	descriptionDe, err := description("descriptionDe", u.DescriptionDe)
	if err != nil {
		return err
	}
	descriptionEn, err := description("descriptionEn", u.DescriptionEn)
	if err != nil {
		return err
	}
	a.RentPerMonth, a.Deposit, a.CleaningFee = rent, deposit, cleaning
	a.DescriptionDe, a.DescriptionEn = descriptionDe, descriptionEn
	return nil
}

// MaxPictureDescriptionLength is the most characters of a picture's description, its caption and the
// text read out in its place.
const MaxPictureDescriptionLength = 300

// PictureEdit is an administrator's word on one of an apartment's pictures: which one (by its name)
// and its descriptions.
type PictureEdit struct {
	Name          string
	DescriptionDe string
	DescriptionEn string
}

// ArrangePictures keeps the pictures named in edits, in their order and with their descriptions, and
// drops the others. A name the apartment has no picture of, a name given twice and an empty,
// over-long or multi-line description are refused, leaving the pictures as they were.
func (a *Apartment) ArrangePictures(edits []PictureEdit) error {
	byName := make(map[string]Picture, len(a.Pictures))
	for _, p := range a.Pictures {
		byName[p.Name] = p
	}
	arranged := make([]Picture, len(edits))
	for i, e := range edits {
		p, ok := byName[e.Name]
		if !ok {
			return exception.New(fmt.Sprintf("pictures[%d].name", i), MsgNoPicture, "name", e.Name)
		}
		delete(byName, e.Name) // named twice: not found the second time
		var err error
		if p.DescriptionDe, err = pictureDescription(fmt.Sprintf("pictures[%d].descriptionDe", i), e.DescriptionDe); err != nil {
			return err
		}
		if p.DescriptionEn, err = pictureDescription(fmt.Sprintf("pictures[%d].descriptionEn", i), e.DescriptionEn); err != nil {
			return err
		}
		arranged[i] = p
	}
	a.Pictures = arranged
	return nil
}

func pictureDescription(path, text string) (string, error) {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return "", exception.New(path, MsgNotNull)
	}
	if err := validation.SingleLine(path, text, MaxPictureDescriptionLength); err != nil {
		return "", err
	}
	return text, nil
}

func price(path string, euros float64, max Money) (Money, error) {
	m, err := MoneyFromEuros(euros)
	if err != nil {
		return 0, exception.New(path, MsgCurrency)
	}
	if m < 0 || m > max {
		return 0, exception.New(path, MsgInvalidPrice, "min", "0.00", "max", formatEuros(max))
	}
	return m, nil
}

func description(path, text string) (string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", exception.New(path, MsgNotNull)
	}
	if err := validation.Text(path, text, MaxDescriptionLength); err != nil {
		return "", err
	}
	return text, nil
}

func formatEuros(m Money) string {
	cents := m.Cents()
	return itoa(cents/100) + "." + itoa(cents%100/10) + itoa(cents%10)
}
