// Package demo describes the demo residence that `make run` starts with: one building in Heidelberg
// with four floors of furnished apartments, and semesters around today's date.
package demo

import (
	"fmt"
	"time"

	"semesterhaus/services/catalog/internal/domain"
)

// layout is one of the residence's apartment types.
type layout struct {
	key      string
	size     domain.Feature
	rent     domain.Money
	deposit  domain.Money
	cleaning domain.Money
	extras   []domain.Feature
	de, en   string
}

var (
	compact = layout{"compact", "SIZE_21", 445_00, 800_00, 85_00, []domain.Feature{"SHARED_WASHROOM", "QUEEN_SIZE_BED"},
		"Kompaktes Einzelapartment mit Pantryküche; Duschbad auf dem Flur, das du mit einem Nachbarn teilst.",
		"Compact single apartment with a kitchenette; the shower room on the corridor is shared with one neighbour."}
	standard = layout{"standard", "SIZE_25", 495_00, 900_00, 95_00, []domain.Feature{"SEPARATE_WASHROOM", "SHOWER", "QUEEN_SIZE_BED", "MINI_BALCONY"},
		"Helles Apartment mit eigenem Duschbad, Küchenzeile und französischem Balkon.",
		"Bright apartment with its own shower room, a kitchen unit and a French balcony."}
	large = layout{"large", "SIZE_32", 585_00, 1100_00, 110_00, []domain.Feature{"SEPARATE_WASHROOM", "SHOWER", "KING_SIZE_BED", "BALCONY"},
		"Großes Apartment mit Balkon, eigenem Duschbad, voll ausgestatteter Küche und Kingsize-Bett.",
		"Large apartment with a balcony, its own shower room, a fully equipped kitchen and a king-size bed."}
)

// everywhere lists what every apartment of the residence has.
var everywhere = []domain.Feature{"KITCHEN", "LIFT", "SMOKE_ALARM", "FREE_WIFI", "BUS_STOP", "FULLY_FURNISHED_APARTMENT"}

// floorPlan is the order of apartment types along a floor: three facing the river (top row of the
// plan), three facing the courtyard (bottom row).
var floorPlan = []layout{large, standard, compact, compact, standard, standard}

var floors = []struct {
	id     int
	name   string
	de, en string
	// surcharge per month for the view and the quiet of the upper floors
	surcharge domain.Money
}{
	{1, "EG", "im Erdgeschoss", "on the ground floor", 0},
	{2, "OG1", "im 1. Obergeschoss", "on the first floor", 10_00},
	{3, "OG2", "im 2. Obergeschoss", "on the second floor", 20_00},
	{4, "OG3", "im 3. Obergeschoss mit Blick auf den Neckar", "on the third floor overlooking the Neckar", 35_00},
}

// Building returns the demo residence.
func Building() domain.Building {
	b := domain.Building{
		ID: 1, Name: "Studentenwohnheim Neckarblick", Address: "Uferstraße 12, 69120 Heidelberg",
		Contact: domain.Contact{Email: "wohnen@neckarblick.example", Phone: "+49 6221 000000"},
	}
	for level, f := range floors {
		floor := domain.Floor{ID: f.id, Name: f.name}
		for i, l := range floorPlan {
			number := i + 1
			floor.Apartments = append(floor.Apartments, apartment(level, number, f.id, f.name, f.de, f.en, f.surcharge, l))
		}
		b.Floors = append(b.Floors, floor)
	}
	return b
}

func apartment(level, number, floorID int, floorName, whereDe, whereEn string, surcharge domain.Money, l layout) domain.Apartment {
	id := level*10 + number // 1..6 on the ground floor, 11..16 on the first, ...
	row, column := (number-1)/3, (number-1)%3
	features := append([]domain.Feature{l.size}, l.extras...)
	if level == len(floors)-1 && l.key == "large" {
		features = append(features[:len(features)-1], "TERRACE") // the top floor's corner has a terrace
	}
	features = append(features, everywhere...)
	return domain.Apartment{
		ID: id, FloorID: floorID, FloorName: floorName,
		Name:          fmt.Sprintf("%d.%02d", level, number),
		DescriptionDe: fmt.Sprintf("%s Es liegt %s, %s. Warmmiete inklusive Strom, Wasser und Internet.", l.de, whereDe, sideDe(row)),
		DescriptionEn: fmt.Sprintf("%s It is %s, %s. Rent includes electricity, water and internet.", l.en, whereEn, sideEn(row)),
		RentPerMonth:  l.rent + surcharge,
		Deposit:       l.deposit,
		CleaningFee:   l.cleaning,
		Features:      features,
		X:             0.2 + 0.3*float64(column),
		Y:             0.28 + 0.44*float64(row),
		Pictures:      pictures(l),
	}
}

func sideDe(row int) string { return [...]string{"zum Fluss hin", "zum ruhigen Innenhof hin"}[row] }
func sideEn(row int) string {
	return [...]string{"facing the river", "facing the quiet courtyard"}[row]
}

// pictures are the layout's rendered photos (tools/pictures), each 960 × 640 and 480 × 320 as AVIF and
// WebP under /images/apartments/<layout>-<room>-<width>.<format>.
func pictures(l layout) []domain.Picture {
	rooms := []struct{ name, de, en string }{
		{"room", "Wohn- und Schlafbereich mit Schreibtisch am Fenster", "Living and sleeping area with a desk by the window"},
		{"kitchen", "Küche mit Essplatz", "Kitchen with a dining table"},
		{"bath", "Duschbad", "Shower room"},
	}
	result := make([]domain.Picture, len(rooms))
	for i, r := range rooms {
		stem := fmt.Sprintf("/images/apartments/%s-%s", l.key, r.name)
		srcset := func(format string) string {
			return fmt.Sprintf("%[1]s-480.%[2]s 480w, %[1]s-960.%[2]s 960w", stem, format)
		}
		result[i] = domain.Picture{
			Name:          fmt.Sprintf("%s-%s", l.key, r.name),
			URL:           stem + "-960.webp",
			Width:         960,
			Height:        640,
			Sources:       []domain.PictureSource{{Type: "image/avif", Srcset: srcset("avif")}, {Type: "image/webp", Srcset: srcset("webp")}},
			DescriptionDe: r.de,
			DescriptionEn: r.en,
		}
	}
	return result
}

// Semesters returns the semester before the current one, the current one and the next two, so a
// demo always has one open for booking.
func Semesters(today time.Time) []domain.Semester {
	current := domain.SemesterContaining(today)
	return []domain.Semester{current.Previous(), current, current.Next(), current.Next().Next()}
}
