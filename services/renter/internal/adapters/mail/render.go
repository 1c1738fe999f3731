// Package mail renders the renter's mails from bilingual templates and delivers them over SMTP.
package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strconv"
	"strings"
	texttemplate "text/template"
	"time"

	"semesterhaus/services/renter/internal/domain"
)

// templates holds, per language, the phrases of every mail (<lang>.tmpl: subject, body, the link's
// action and an optional closing per mail kind; the labels of the booking it repeats; the
// signature with the residence's name, address and contact) and one layout per format that
// arranges them, so the plain-text and HTML parts always say the same.
//
//go:embed templates
var templates embed.FS

// Renderer renders mails in German or English (the fallback for any other language).
type Renderer struct {
	phrases    map[domain.Language]*texttemplate.Template
	textLayout *texttemplate.Template
	htmlLayout *htmltemplate.Template
}

// NewRenderer parses the embedded templates.
func NewRenderer() (*Renderer, error) {
	r := &Renderer{phrases: map[domain.Language]*texttemplate.Template{}}
	for _, lang := range []domain.Language{domain.LanguageDe, domain.LanguageEn} {
		t, err := texttemplate.New(string(lang)).Option("missingkey=error").
			Funcs(texttemplate.FuncMap{"euro": euroFormats[lang], "day": dayFormats[lang]}).
			ParseFS(templates, "templates/"+string(lang)+".tmpl")
		if err != nil {
			return nil, fmt.Errorf("mail phrases %s: %w", lang, err)
		}
		r.phrases[lang] = t
	}
	var err error
	if r.textLayout, err = texttemplate.ParseFS(templates, "templates/layout.txt"); err != nil {
		return nil, fmt.Errorf("mail text layout: %w", err)
	}
	if r.htmlLayout, err = htmltemplate.ParseFS(templates, "templates/layout.html"); err != nil {
		return nil, fmt.Errorf("mail html layout: %w", err)
	}
	return r, nil
}

// parts are a mail's phrases in one language, ready for the layouts.
type parts struct {
	Language domain.Language
	Subject  string
	Greeting string
	Body     string
	// Details are what a mail reports line by line (a handover's, a settlement's), before the booking.
	Details []fact
	Booking []fact
	Link    string
	Action  string
	// PageLink opens the renter's own page, with Page introducing it; empty when Link is it.
	PageLink  string
	Page      string
	Closing   string
	Signature []string
}

// fact is one line of the booking a mail repeats: "Apartment: 1.01".
type fact struct {
	Label, Value string
}

// Render returns the mail's subject, plain text and HTML in the content's language.
func (r *Renderer) Render(c domain.MailContent) (subject, text, html string, err error) {
	p, err := r.parts(c)
	if err != nil {
		return "", "", "", err
	}
	var textOut, htmlOut bytes.Buffer
	if err := r.textLayout.Execute(&textOut, p); err != nil {
		return "", "", "", fmt.Errorf("mail %s text: %w", c.Kind, err)
	}
	if err := r.htmlLayout.Execute(&htmlOut, p); err != nil {
		return "", "", "", fmt.Errorf("mail %s html: %w", c.Kind, err)
	}
	return p.Subject, textOut.String(), htmlOut.String(), nil
}

func (r *Renderer) parts(c domain.MailContent) (parts, error) {
	lang := c.Language
	if _, ok := r.phrases[lang]; !ok {
		lang = domain.LanguageEn
	}
	phrase := func(name string, optional bool) (string, error) {
		if optional && r.phrases[lang].Lookup(name) == nil {
			return "", nil
		}
		return r.phrase(lang, name, c)
	}
	p := parts{Language: lang, Link: c.Link}
	var signature string
	var apartment, semester, total string
	var err error
	for _, f := range []struct {
		name     string
		optional bool
		into     *string
	}{
		{string(c.Kind) + ".subject", false, &p.Subject},
		{"greeting", false, &p.Greeting},
		{string(c.Kind) + ".body", false, &p.Body},
		{string(c.Kind) + ".action", c.Link == "", &p.Action},
		{string(c.Kind) + ".closing", true, &p.Closing},
		{"signature", false, &signature},
		{"booking.apartment", false, &apartment},
		{"booking.semester", false, &semester},
		{"booking.total", false, &total},
		{"page", false, &p.Page},
	} {
		if *f.into, err = phrase(f.name, f.optional); err != nil {
			return parts{}, err
		}
	}
	p.Signature = strings.Split(signature, "\n")
	if c.PageLink != c.Link {
		p.PageLink = c.PageLink
	}
	if c.Booking.Apartment != "" {
		p.Booking = []fact{{apartment, c.Booking.Apartment}, {semester, c.Booking.Semester}}
	}
	if c.Booking.Priced {
		p.Booking = append(p.Booking, fact{total, euroFormats[lang](c.Booking.TotalCents)})
	}
	if p.Details, err = r.details(lang, c); err != nil {
		return parts{}, err
	}
	return p, nil
}

// phrase executes the language's phrase name on data.
func (r *Renderer) phrase(lang domain.Language, name string, data any) (string, error) {
	t := r.phrases[lang].Lookup(name)
	if t == nil {
		return "", fmt.Errorf("mail phrase %q missing in %s", name, lang)
	}
	var b strings.Builder
	err := t.Execute(&b, data)
	return b.String(), err
}

// details are the lines of a handover's mail (the day, each meter, each damage with its amount, the
// deposit, what is kept and what comes back, the answer deadline) or of a settlement's (the
// deposit, each deduction, the refund); none for any other mail.
func (r *Renderer) details(lang domain.Language, c domain.MailContent) ([]fact, error) {
	euro, day := euroFormats[lang], dayFormats[lang]
	var lines []fact
	var err error
	add := func(phrase string, data any, value string) {
		if err != nil {
			return
		}
		var label string
		label, err = r.phrase(lang, phrase, data)
		lines = append(lines, fact{label, value})
	}
	addDeductions := func(deposit int64, deductions []domain.Deduction) {
		add("handover.deposit", nil, euro(deposit))
		for _, d := range deductions {
			add("handover.damage", d.Description, euro(d.AmountCents))
		}
	}
	switch {
	case c.Kind == domain.MailHandoverRecorded && c.Handover != nil:
		h := c.Handover
		add("handover.date", nil, day(h.Date))
		for _, m := range h.MeterReadings {
			add("handover.meter", m.Meter, m.Value)
		}
		addDeductions(h.DepositCents, h.Damages)
		add("handover.kept", nil, euro(h.DeductionsCents()))
		add("handover.refund", nil, euro(h.RefundCents))
		add("handover.deadline", nil, day(h.AnswerDeadline))
	case c.Kind == domain.MailDepositSettled && c.Settlement != nil:
		s := c.Settlement
		addDeductions(s.DepositCents, s.Deductions)
		add("handover.kept", nil, euro(s.DeductionsCents()))
		add("handover.refund", nil, euro(s.RefundCents))
		if s.ByBankTransfer() {
			add("settlement.reference", nil, s.BankReference)
		}
	}
	return lines, err
}

// dayFormats write a calendar day as the other mails do: 02.01.2006 in German, 2 January 2006 in
// English.
var dayFormats = map[domain.Language]func(time.Time) string{
	domain.LanguageDe: func(t time.Time) string { return t.Format("02.01.2006") },
	domain.LanguageEn: func(t time.Time) string { return t.Format("2 January 2006") },
}

// euroFormats write an amount of euro cents as the language does, as the booking site does:
// 2.937,00 € in German, €2,937.00 in English.
var euroFormats = map[domain.Language]func(cents int64) string{
	domain.LanguageDe: func(cents int64) string { return formatEuro(cents, ".", ",") + " €" },
	domain.LanguageEn: func(cents int64) string { return "€" + formatEuro(cents, ",", ".") },
}

// formatEuro writes cents as euros with two decimals, thousands grouped: formatEuro(293700, ".", ",")
// is "2.937,00". A negative amount (none of the mails has one) keeps its sign.
func formatEuro(cents int64, group, decimal string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	euros := strconv.FormatInt(cents/100, 10)
	var b strings.Builder
	for i, digit := range euros {
		if i > 0 && (len(euros)-i)%3 == 0 {
			b.WriteString(group)
		}
		b.WriteRune(digit)
	}
	return fmt.Sprintf("%s%s%s%02d", sign, b.String(), decimal, cents%100)
}
