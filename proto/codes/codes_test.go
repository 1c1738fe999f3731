package codes_test

import (
	"testing"

	"semesterhaus/proto/codes"
)

func TestCodeLists_everyCodeOnceWithBothNames(t *testing.T) {
	t.Parallel()
	for name, list := range map[string][]codes.Code{"countries": codes.Countries(), "nationalities": codes.Nationalities()} {
		if len(list) == 0 {
			t.Errorf("%s: empty", name)
		}
		seen := map[string]bool{}
		for _, c := range list {
			if c.Code == "" || c.De == "" || c.En == "" || seen[c.Code] {
				t.Errorf("%s: entry %+v is incomplete or repeated", name, c)
			}
			seen[c.Code] = true
		}
	}
}
