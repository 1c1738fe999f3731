package demo_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"semesterhaus/services/catalog/internal/demo"
)

// publicDir is web-public's public folder, which the gateway serves at /.
const publicDir = "../../../../web-public/public"

func TestBuilding_everyPictureHasSizesInTwoFormatsWhoseFilesTheBookingSiteServes(t *testing.T) {
	t.Parallel()
	for _, f := range demo.Building().Floors {
		for _, a := range f.Apartments {
			if len(a.Pictures) < 3 {
				t.Errorf("apartment %s has %d pictures, want at least 3", a.Name, len(a.Pictures))
			}
			for _, p := range a.Pictures {
				if p.Width <= 0 || p.Height <= 0 || p.DescriptionDe == "" || p.DescriptionEn == "" || len(p.Sources) != 2 {
					t.Errorf("picture %s of %s: %+v", p.Name, a.Name, p)
				}
				urls := []string{p.URL}
				for _, s := range p.Sources {
					for _, candidate := range strings.Split(s.Srcset, ",") {
						url, width, ok := strings.Cut(strings.TrimSpace(candidate), " ")
						if !ok || !strings.HasSuffix(width, "w") || !strings.HasSuffix(url, "."+strings.TrimPrefix(s.Type, "image/")) {
							t.Errorf("picture %s: srcset candidate %q of %s", p.Name, candidate, s.Type)
						}
						urls = append(urls, url)
					}
				}
				for _, url := range urls {
					if info, err := os.Stat(filepath.Join(publicDir, url)); err != nil || info.Size() == 0 {
						t.Errorf("picture %s: %s is not served: %v", p.Name, url, err)
					}
				}
			}
		}
	}
}
