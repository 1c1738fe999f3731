package domain

import (
	"cmp"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// OtherLetter heads the renters whose last name does not start with a letter A–Z.
const OtherLetter = "#"

// LetterGroup is one heading of the admin's renter list with its renters.
type LetterGroup struct {
	Letter  string
	Renters []Summary
}

// GroupByLetter groups renters under the first letter of their last name, upper case, with accents
// and umlauts folded (Ä→A, É→E, ß→S). Letters without renters are left out; letters come in
// alphabetical order (OtherLetter last), renters by last and first name.
func GroupByLetter(renters []Summary) []LetterGroup {
	sorted := slices.Clone(renters)
	slices.SortStableFunc(sorted, func(a, b Summary) int {
		return cmp.Or(
			strings.Compare(fold(a.LastName), fold(b.LastName)),
			strings.Compare(fold(a.FirstName), fold(b.FirstName)),
			cmp.Compare(a.ID, b.ID),
		)
	})
	byLetter := map[string][]Summary{}
	for _, r := range sorted {
		letter := InitialLetter(r.LastName)
		byLetter[letter] = append(byLetter[letter], r)
	}
	letters := make([]string, 0, len(byLetter))
	for l := range byLetter {
		letters = append(letters, l)
	}
	slices.SortFunc(letters, func(a, b string) int {
		return cmp.Or(cmp.Compare(letterRank(a), letterRank(b)), strings.Compare(a, b))
	})
	groups := make([]LetterGroup, len(letters))
	for i, l := range letters {
		groups[i] = LetterGroup{Letter: l, Renters: byLetter[l]}
	}
	return groups
}

// letterRank puts OtherLetter after the letters.
func letterRank(letter string) int {
	if letter == OtherLetter {
		return 1
	}
	return 0
}

// InitialLetter returns the heading a last name is listed under.
func InitialLetter(lastName string) string {
	folded := fold(lastName)
	if folded == "" || folded[0] < 'A' || folded[0] > 'Z' {
		return OtherLetter
	}
	return folded[:1]
}

// fold upper-cases a name and strips accents: the decomposed form (NFD) of "Ä" is "A" plus a
// combining mark, which is dropped; ß has no decomposition and becomes SS as in German upper case.
func fold(name string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.TrimSpace(name)) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r == 'ß':
			b.WriteString("SS")
		default:
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	return b.String()
}
