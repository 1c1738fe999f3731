package mail_test

import (
	"strings"
	"testing"

	"semesterhaus/services/renter/internal/adapters/mail"
	"semesterhaus/services/renter/internal/domain"
)

var kinds = []domain.MailKind{
	domain.MailConfirmEmail, domain.MailEmailConfirmed, domain.MailApartmentTaken, domain.MailIdentityApproved,
	domain.MailRenewalOffered, domain.MailRenewalAccepted, domain.MailRentingCanceled, domain.MailSignContract,
	domain.MailPayRent, domain.MailPaymentReceived, domain.MailKeyCode,
}

func TestRender_everyMailInBothLanguagesWithTextAndHTML(t *testing.T) {
	t.Parallel()
	r, err := mail.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	greetings := map[domain.Language]string{domain.LanguageDe: "Hallo Anna Schmidt,", domain.LanguageEn: "Hello Anna Schmidt,"}
	for _, kind := range kinds {
		link := domain.Link(kind, "https://wohnen.example", domain.StateChange{RentingID: "r1"}, "anna@example.org", "tok")
		subjects := map[string]bool{}
		for lang, greeting := range greetings {
			subject, text, html, err := r.Render(domain.MailContent{Kind: kind, Language: lang, FirstName: "Anna", LastName: "Schmidt", Link: link})
			if err != nil {
				t.Fatalf("%s %s: %v", kind, lang, err)
			}
			subjects[subject] = true
			if subject == "" || !strings.HasPrefix(text, greeting) || !strings.Contains(html, greeting) ||
				!strings.Contains(text, "Neckarblick") || !strings.Contains(html, `lang="`+string(lang)+`"`) {
				t.Errorf("%s %s: subject %q\n%s\n%s", kind, lang, subject, text, html)
			}
			if link != "" && (!strings.Contains(text, link) || !strings.Contains(html, `href="`+strings.ReplaceAll(link, "&", "&amp;")+`"`)) {
				t.Errorf("%s %s: the link %s is missing", kind, lang, link)
			}
		}
		if len(subjects) != 2 {
			t.Errorf("%s: the German and English subjects are the same", kind)
		}
	}
}

func TestRender_namesAreEscapedInHTMLAndUnknownLanguagesGetEnglish(t *testing.T) {
	t.Parallel()
	r, err := mail.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	subject, _, html, err := r.Render(domain.MailContent{Kind: domain.MailEmailConfirmed, Language: "fr", FirstName: "<b>Eve</b>", LastName: "O'Neil"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(html, "<b>Eve</b>") || !strings.Contains(html, "&lt;b&gt;Eve&lt;/b&gt;") {
		t.Errorf("name not escaped: %s", html)
	}
	if subject != "Your e-mail address is confirmed" {
		t.Errorf("subject %q, want the English one", subject)
	}
}
