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
	domain.MailRemindConfirmEmail, domain.MailRemindSignContract, domain.MailRemindPayRent, domain.MailRemindAnswerRenewal,
	domain.MailConfirmEmailAgain, domain.MailBookingAttempt, domain.MailContractReissued,
}

var (
	residence = domain.Residence{Name: "Haus Seeblick", Address: "Seestraße 3, 78462 Konstanz", Email: "wohnen@seeblick.example", Phone: "+49 7531 12345"}
	booking   = domain.Booking{Apartment: "2.04", Semester: "WiSe 2027/28", TotalCents: 293_750, Priced: true}
	// facts are the booking as each language repeats it, and the signature.
	facts = map[domain.Language][]string{
		domain.LanguageDe: {"Apartment: 2.04\nSemester: WiSe 2027/28\nGesamt: 2.937,50 €\n", "Viele Grüße\nHaus Seeblick\nSeestraße 3, 78462 Konstanz\nwohnen@seeblick.example · +49 7531 12345\n"},
		domain.LanguageEn: {"Apartment: 2.04\nSemester: WiSe 2027/28\nTotal: €2,937.50\n", "Kind regards\nHaus Seeblick\nSeestraße 3, 78462 Konstanz\nwohnen@seeblick.example · +49 7531 12345\n"},
	}
)

func TestRender_everyMailInBothLanguagesWithTextAndHTML(t *testing.T) {
	t.Parallel()
	r, err := mail.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	greetings := map[domain.Language]string{domain.LanguageDe: "Hallo Anna Schmidt,", domain.LanguageEn: "Hello Anna Schmidt,"}
	for _, kind := range kinds {
		link := domain.Link(kind, "https://wohnen.example", "r1", "anna@example.org", "tok")
		subjects := map[string]bool{}
		for lang, greeting := range greetings {
			subject, text, html, err := r.Render(domain.MailContent{
				Kind: kind, Language: lang, FirstName: "Anna", LastName: "Schmidt", Link: link, Residence: residence, Booking: booking,
			})
			if err != nil {
				t.Fatalf("%s %s: %v", kind, lang, err)
			}
			subjects[subject] = true
			if subject == "" || !strings.HasPrefix(text, greeting) || !strings.Contains(html, greeting) ||
				!strings.Contains(html, `lang="`+string(lang)+`"`) {
				t.Errorf("%s %s: subject %q\n%s\n%s", kind, lang, subject, text, html)
			}
			for _, want := range facts[lang] {
				if !strings.Contains(text, want) {
					t.Errorf("%s %s: the text lacks %q:\n%s", kind, lang, want, text)
				}
			}
			for _, want := range []string{">2.04<", ">WiSe 2027/28<", "Haus Seeblick<br>Seestraße 3, 78462 Konstanz<br>wohnen@seeblick.example"} {
				if !strings.Contains(html, want) {
					t.Errorf("%s %s: the HTML lacks %q:\n%s", kind, lang, want, html)
				}
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

func TestRender_theOfficesCancellationNamesItsReasonAndTheRefundOrThatNothingIsRefunded(t *testing.T) {
	t.Parallel()
	r, err := mail.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lang   domain.Language
		refund int64
		want   []string
	}{
		{domain.LanguageDe, 120_000, []string{"Deine Buchung wurde storniert", "„Doppelt gebucht“", "1.200,00 €", "auf dem Weg zurück, auf dem du bezahlt hast"}},
		{domain.LanguageDe, 0, []string{"„Doppelt gebucht“", "Es wird nichts erstattet."}},
		{domain.LanguageEn, 120_000, []string{"Your booking was cancelled", "“Doppelt gebucht”", "€1,200.00", "goes back the way you paid"}},
		{domain.LanguageEn, 0, []string{"“Doppelt gebucht”", "Nothing is refunded."}},
	}
	for _, tt := range tests {
		subject, text, html, err := r.Render(domain.MailContent{
			Kind: domain.MailCanceledByOffice, Language: tt.lang, FirstName: "Anna", Residence: residence, Booking: booking,
			Cancellation: &domain.Cancellation{Reason: "Doppelt gebucht", RefundCents: tt.refund},
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range tt.want {
			if !strings.Contains(subject+"\n"+text, want) || !strings.Contains(subject+"\n"+html, want) {
				t.Errorf("%s, refund %d: %q missing:\n%s\n%s", tt.lang, tt.refund, want, subject, text)
			}
		}
	}
}

func TestRender_thePaymentMailsStateTheAmountAndTheKeyCodeMailNone(t *testing.T) {
	t.Parallel()
	r, err := mail.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		kind   domain.MailKind
		lang   domain.Language
		priced bool
		want   string
	}{
		{domain.MailPayRent, domain.LanguageDe, true, "Bitte bezahle jetzt die Miete für das Semester, 1.234.567,05 €:"},
		{domain.MailPayRent, domain.LanguageEn, true, "Please pay the rent for the semester now, €1,234,567.05:"},
		{domain.MailPaymentReceived, domain.LanguageDe, true, "deine Zahlung über 1.234.567,05 € ist eingegangen"},
		{domain.MailPaymentReceived, domain.LanguageEn, true, "your payment of €1,234,567.05 was received"},
		{domain.MailKeyCode, domain.LanguageDe, false, "Semester: WiSe 2027/28\n\nBitte gib den Code"},
		{domain.MailKeyCode, domain.LanguageEn, false, "Semester: WiSe 2027/28\n\nPlease do not share"},
	}
	for _, tt := range tests {
		b := domain.Booking{Apartment: "2.04", Semester: "WiSe 2027/28", TotalCents: 123_456_705, Priced: tt.priced}
		_, text, html, err := r.Render(domain.MailContent{Kind: tt.kind, Language: tt.lang, Residence: residence, Booking: b})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, tt.want) {
			t.Errorf("%s %s: the text lacks %q:\n%s", tt.kind, tt.lang, tt.want, text)
		}
		if !tt.priced && (strings.Contains(text, "1.234.567") || strings.Contains(text, "1,234,567") || strings.Contains(html, "Gesamt") || strings.Contains(html, "Total")) {
			t.Errorf("%s %s states a total:\n%s", tt.kind, tt.lang, text)
		}
	}
}

func TestRender_namesAreEscapedInHTMLAndUnknownLanguagesGetEnglish(t *testing.T) {
	t.Parallel()
	r, err := mail.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	subject, _, html, err := r.Render(domain.MailContent{Kind: domain.MailEmailConfirmed, Language: "fr", FirstName: "<b>Eve</b>", LastName: "O'Neil",
		Residence: domain.Residence{Name: "<i>Haus</i>"}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(html, "<b>Eve</b>") || !strings.Contains(html, "&lt;b&gt;Eve&lt;/b&gt;") || strings.Contains(html, "<i>Haus</i>") {
		t.Errorf("name not escaped: %s", html)
	}
	if subject != "Your e-mail address is confirmed" {
		t.Errorf("subject %q, want the English one", subject)
	}
}

// TestRender_theDepositStatementSaysHowTheRefundComesOrThatNothingComesBack: a refund goes the way
// the renter paid, a bank transfer names the office's reference, a deposit the damages keep whole
// brings nothing back; each in both languages.
func TestRender_theDepositStatementSaysHowTheRefundComesOrThatNothingComesBack(t *testing.T) {
	t.Parallel()
	r, err := mail.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	damage := []domain.Deduction{{Description: "Kratzer", AmountCents: 80_000}}
	tests := []struct {
		lang       domain.Language
		settlement domain.DepositSettlement
		want       []string
		notWant    string
	}{
		{domain.LanguageDe, domain.DepositSettlement{DepositCents: 80_000, RefundCents: 80_000, Method: domain.SettlementRefund},
			[]string{"Wir erstatten dir 800,00 €; das Geld geht auf dem Weg zurück, auf dem du bezahlt hast", "Zurück an dich: 800,00 €\n"}, "Referenz"},
		{domain.LanguageEn, domain.DepositSettlement{DepositCents: 80_000, RefundCents: 30_000, Method: domain.SettlementBankTransfer, BankReference: "K-17",
			Deductions: []domain.Deduction{{Description: "Scratch", AmountCents: 50_000}}},
			[]string{"We have transferred €300.00 to you, reference “K-17”.", "Damage “Scratch”: €500.00\nKept: €500.00\nBack to you: €300.00\nTransfer reference: K-17\n"}, "the way you paid"},
		{domain.LanguageDe, domain.DepositSettlement{DepositCents: 80_000, Deductions: damage, Method: domain.SettlementRefund},
			[]string{"Es kommt nichts zurück", "Zurück an dich: 0,00 €\n"}, "erstatten"},
		{domain.LanguageEn, domain.DepositSettlement{DepositCents: 80_000, Deductions: damage, Method: domain.SettlementBankTransfer, BankReference: "K-18"},
			[]string{"Nothing comes back", "Kept: €800.00\n"}, "transferred"},
	}
	for _, tt := range tests {
		_, text, html, err := r.Render(domain.MailContent{Kind: domain.MailDepositSettled, Language: tt.lang, FirstName: "Anna", Residence: residence,
			Booking: domain.Booking{Apartment: "2.04", Semester: "WiSe 2027/28"}, Settlement: &tt.settlement, Link: "https://wohnen.example/booking/my-booking?token=t"})
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range tt.want {
			if !strings.Contains(text, want) {
				t.Errorf("%s %+v: the text lacks %q:\n%s", tt.lang, tt.settlement, want, text)
			}
		}
		if strings.Contains(text, tt.notWant) || !strings.Contains(html, `href="https://wohnen.example/booking/my-booking?token=t"`) {
			t.Errorf("%s %+v: says %q or lacks the page link:\n%s\n%s", tt.lang, tt.settlement, tt.notWant, text, html)
		}
	}
}

// TestRender_theHandoverAnswerIsQuotedEscapedInHTML_aConfirmationThanks: a dispute's words are the
// renter's own and reach the HTML part escaped.
func TestRender_theHandoverAnswerIsQuotedEscapedInHTML_aConfirmationThanks(t *testing.T) {
	t.Parallel()
	r, err := mail.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	render := func(lang domain.Language, answer domain.HandoverAnswer) (string, string) {
		_, text, html, err := r.Render(domain.MailContent{Kind: domain.MailHandoverAnswered, Language: lang, FirstName: "Anna", Residence: residence,
			Booking: booking, HandoverAnswer: &answer, Link: "https://wohnen.example/booking/my-booking?token=t"})
		if err != nil {
			t.Fatal(err)
		}
		return text, html
	}
	text, html := render(domain.LanguageEn, domain.HandoverAnswer{Disputed: true, Reason: "<b>was there</b> before"})
	if !strings.Contains(text, "You write: “<b>was there</b> before”.") || !strings.Contains(html, "&lt;b&gt;was there&lt;/b&gt; before") {
		t.Errorf("dispute receipt:\n%s\n%s", text, html)
	}
	if text, _ := render(domain.LanguageDe, domain.HandoverAnswer{}); !strings.Contains(text, "du hast die Übergabe deiner Wohnung bestätigt, danke.") {
		t.Errorf("confirmation receipt:\n%s", text)
	}
}
