// Package codes holds the code lists of the contract between the services and the web apps, each
// code with its German and English name: the booking form's countries (ISO 3166-1 alpha-3 codes)
// and nationalities (lower-case two-letter codes). The renter service validates with them and
// web-public offers them, reading the very same JSON files (one source of truth). The kinds of a
// contract's price items (items.go) are the catalog's, the document service's and the events' alike.
package codes

import (
	_ "embed"
	"encoding/json"
	"slices"
)

// Code is one entry of a code list.
type Code struct {
	Code string `json:"code"`
	De   string `json:"de"` // the German name
	En   string `json:"en"` // the English name
}

var (
	//go:embed countries.json
	countriesJSON []byte
	//go:embed nationalities.json
	nationalitiesJSON []byte

	countries     = parse(countriesJSON)
	nationalities = parse(nationalitiesJSON)
)

// Countries lists the countries of a renter's address.
func Countries() []Code { return slices.Clone(countries) }

// Nationalities lists the nationalities a renter may state.
func Nationalities() []Code { return slices.Clone(nationalities) }

func parse(raw []byte) []Code {
	var list []Code
	if err := json.Unmarshal(raw, &list); err != nil {
		panic("codes: embedded code list: " + err.Error()) // a build defect that every test catches
	}
	return list
}
