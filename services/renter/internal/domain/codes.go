package domain

import "semesterhaus/proto/codes"

// The code lists of the booking form come from the contract (semesterhaus/proto/codes), which the web
// apps read too: countries are ISO 3166-1 alpha-3 codes, nationalities the lower-case two-letter codes.
var (
	countries     = codeSet(codes.Countries())
	nationalities = codeSet(codes.Nationalities())
)

func codeSet(list []codes.Code) map[string]bool {
	set := make(map[string]bool, len(list))
	for _, c := range list {
		set[c.Code] = true
	}
	return set
}
