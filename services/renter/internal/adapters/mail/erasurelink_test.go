package mail_test

import (
	"strings"
	"testing"

	"semesterhaus/services/renter/internal/adapters/mail"
	"semesterhaus/services/renter/internal/domain"
)

func TestRender_theFreshErasureLinkMailInBothLanguages(t *testing.T) {
	t.Parallel()
	r, err := mail.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	link := "https://wohnen.example/booking/my-booking?token=fresh"
	for lang, want := range map[domain.Language][]string{
		domain.LanguageDe: {"Dein Link, um die Löschung deiner Daten zu beantragen", "innerhalb einer Stunde", "es wird nichts gelöscht"},
		domain.LanguageEn: {"Your link to ask for the erasure of your data", "within an hour", "nothing is erased"},
	} {
		subject, text, html, err := r.Render(domain.MailContent{Kind: domain.MailErasureLink, Language: lang, FirstName: "Anna", Link: link, PageLink: link, Residence: residence})
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		if subject != want[0] || !strings.Contains(text, want[1]) || !strings.Contains(text, want[2]) || !strings.Contains(text, link) || !strings.Contains(html, "token=fresh") {
			t.Errorf("%s: %q\n%s", lang, subject, text)
		}
	}
}
