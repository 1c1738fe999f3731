package domain

import (
	_ "embed"
	"encoding/json"
)

// The code lists of the booking form. They are JSON with German and English names so that the web
// apps can read the very same lists (one source of truth): countries are ISO 3166-1 alpha-3 codes,
// nationalities the lower-case two-letter codes.
var (
	//go:embed countries.json
	countriesJSON []byte
	//go:embed nationalities.json
	nationalitiesJSON []byte

	countries     = codeSet(countriesJSON)
	nationalities = codeSet(nationalitiesJSON)
)

func codeSet(raw []byte) map[string]bool {
	var list []struct {
		Code string `json:"code"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		panic("domain: embedded code list: " + err.Error()) // a build defect that every test catches
	}
	set := make(map[string]bool, len(list))
	for _, c := range list {
		set[c.Code] = true
	}
	return set
}
