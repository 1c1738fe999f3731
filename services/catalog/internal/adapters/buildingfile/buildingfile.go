// Package buildingfile reads the residence's description of its own building (docs/building-file.md):
// one YAML file with the building's name, address and contact, its floors with their plan drawings and
// the apartments with features, plan positions, prices and pictures. Every mistake is reported with the
// line it is on, all of them at once.
package buildingfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"semesterhaus/services/catalog/internal/domain"
)

type file struct {
	Name     string    `yaml:"name"`
	Address  string    `yaml:"address"`
	Contact  contact   `yaml:"contact"`
	Landlord *landlord `yaml:"landlord"`
	Rules    *rules    `yaml:"rules"`
	Books    *books    `yaml:"books"`
	Floors   []floor   `yaml:"floors"`
}

// landlord is who lets the apartments, as contracts and receipts name it.
type landlord struct {
	at             `yaml:"-"`
	LegalName      string `yaml:"legalName"`
	Representative string `yaml:"representative"`
	TaxNumber      string `yaml:"taxNumber"`
	IBAN           string `yaml:"iban"`
	BIC            string `yaml:"bic"`
	BankName       string `yaml:"bankName"`
}

// rules are the residence's rules of money.
type rules struct {
	at                 `yaml:"-"`
	PaymentMethods     []string `yaml:"paymentMethods"`
	DepositReturnDays  int      `yaml:"depositReturnDays"`
	HandoverAnswerDays int      `yaml:"handoverAnswerDays"`
	Meters             []string `yaml:"meters"`
}

// books are the residence's numbers for its tax advisor's DATEV import.
type books struct {
	at                   `yaml:"-"`
	ConsultantNumber     int      `yaml:"consultantNumber"`
	ClientNumber         int      `yaml:"clientNumber"`
	FiscalYearStartMonth int      `yaml:"fiscalYearStartMonth"`
	AccountLength        int      `yaml:"accountLength"`
	Accounts             accounts `yaml:"accounts"`
}

// accounts are read as written, so that an account's digits are counted as the file has them.
type accounts struct {
	at       `yaml:"-"`
	Money    string `yaml:"money"`
	Rent     string `yaml:"rent"`
	Cleaning string `yaml:"cleaning"`
	Deposit  string `yaml:"deposit"`
	Damages  string `yaml:"damages"`
}

type contact struct {
	Email string `yaml:"email"`
	Phone string `yaml:"phone"`
}

type floor struct {
	at         `yaml:"-"`
	ID         int         `yaml:"id"`
	Name       string      `yaml:"name"`
	Plan       string      `yaml:"plan"`
	Apartments []apartment `yaml:"apartments"`
}

type apartment struct {
	at           `yaml:"-"`
	ID           int       `yaml:"id"`
	Name         string    `yaml:"name"`
	Description  texts     `yaml:"description"`
	RentPerMonth float64   `yaml:"rentPerMonth"`
	Deposit      float64   `yaml:"deposit"`
	CleaningFee  float64   `yaml:"cleaningFee"`
	Features     []string  `yaml:"features"`
	Position     position  `yaml:"position"`
	Pictures     []picture `yaml:"pictures"`
}

type texts struct {
	at `yaml:"-"`
	De string `yaml:"de"`
	En string `yaml:"en"`
}

type position struct {
	at `yaml:"-"`
	X  float64 `yaml:"x"`
	Y  float64 `yaml:"y"`
}

type picture struct {
	at          `yaml:"-"`
	URL         string   `yaml:"url"`
	Name        string   `yaml:"name"`
	Width       int      `yaml:"width"`
	Height      int      `yaml:"height"`
	Sources     []source `yaml:"sources"`
	Description texts    `yaml:"description"`
}

// source is a picture in one format and several widths, as an HTML srcset lists them.
type source struct {
	at     `yaml:"-"`
	Type   string `yaml:"type"`
	Srcset string `yaml:"srcset"`
}

// at remembers where a mapping and each of its keys stand in the file, and the decoder's mistakes
// inside it ("line 12: cannot unmarshal …"): strictly keeps them here, so that the decoder goes on
// with the rest of the file (see mistakes). It is embedded with the tag yaml:"-": yaml.v3 decodes a
// key into an embedded field even when it is unexported, so a file with the key "at" would reach it
// (and panic); so tagged, "at" is an unknown key as any other.
type at struct {
	line     int
	keys     map[string]int
	mistakes []string
	scalar   bool // a value where the mapping belongs: strictly named it, no key of it is missing
}

// lineOf returns the line of key, or of the mapping itself when the key is missing.
func (a at) lineOf(key string) int {
	if l, ok := a.keys[key]; ok {
		return l
	}
	return a.line
}

func (l *landlord) UnmarshalYAML(n *yaml.Node) error {
	type plain landlord
	return strictly(n, (*plain)(l), &l.at)
}

func (r *rules) UnmarshalYAML(n *yaml.Node) error {
	type plain rules
	return strictly(n, (*plain)(r), &r.at)
}

func (b *books) UnmarshalYAML(n *yaml.Node) error {
	type plain books
	return strictly(n, (*plain)(b), &b.at)
}

func (a *accounts) UnmarshalYAML(n *yaml.Node) error {
	type plain accounts
	return strictly(n, (*plain)(a), &a.at)
}

func (f *floor) UnmarshalYAML(n *yaml.Node) error {
	type plain floor
	return strictly(n, (*plain)(f), &f.at)
}

func (a *apartment) UnmarshalYAML(n *yaml.Node) error {
	type plain apartment
	return strictly(n, (*plain)(a), &a.at)
}

func (p *position) UnmarshalYAML(n *yaml.Node) error {
	type plain position
	return strictly(n, (*plain)(p), &p.at)
}

func (p *picture) UnmarshalYAML(n *yaml.Node) error {
	type plain picture
	return strictly(n, (*plain)(p), &p.at)
}

func (s *source) UnmarshalYAML(n *yaml.Node) error {
	type plain source
	return strictly(n, (*plain)(s), &s.at)
}

func (t *texts) UnmarshalYAML(n *yaml.Node) error {
	type plain texts
	return strictly(n, (*plain)(t), &t.at)
}

// strictly decodes the mapping n into v, refusing keys that v does not know, and records the lines.
// Its mistakes (an unknown key, a value of the wrong type) are kept in where, not returned: an error
// would end the whole decoding, and yaml drops a list's element whose decoding failed, so that
// nothing after it, and nothing of it, would be checked.
func strictly(n *yaml.Node, v any, where *at) error {
	where.line, where.keys, where.mistakes, where.scalar = n.Line, map[string]int{}, nil, false
	known := keysOf(v)
	if n.Kind != yaml.MappingNode {
		where.scalar = true
		where.mistakes = append(where.mistakes, fmt.Sprintf("line %d: expected keys and values (%s)", n.Line, strings.Join(known, ", ")))
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if !slices.Contains(known, k.Value) {
			where.mistakes = append(where.mistakes, fmt.Sprintf("line %d: unknown key %q; known are %s", k.Line, k.Value, strings.Join(known, ", ")))
			continue
		}
		where.keys[k.Value] = k.Line
	}
	var typeErr *yaml.TypeError
	if err := n.Decode(v); errors.As(err, &typeErr) {
		where.mistakes = append(where.mistakes, typeErr.Errors...)
	} else if err != nil {
		return err
	}
	return nil
}

// mistakes gathers the decoder's mistakes that strictly kept in each mapping of the file.
func (f *file) mistakes() []string {
	var all []string
	add := func(a at) { all = append(all, a.mistakes...) }
	if f.Landlord != nil {
		add(f.Landlord.at)
	}
	if f.Rules != nil {
		add(f.Rules.at)
	}
	if f.Books != nil {
		add(f.Books.at)
		add(f.Books.Accounts.at)
	}
	for _, fl := range f.Floors {
		add(fl.at)
		for _, a := range fl.Apartments {
			add(a.at)
			add(a.Description.at)
			add(a.Position.at)
			for _, p := range a.Pictures {
				add(p.at)
				add(p.Description.at)
				for _, s := range p.Sources {
					add(s.at)
				}
			}
		}
	}
	return all
}

func keysOf(v any) []string {
	t := reflect.TypeOf(v).Elem()
	var keys []string
	for i := range t.NumField() {
		if k, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ","); k != "" && k != "-" {
			keys = append(keys, k)
		}
	}
	return keys
}

// A Mistake is one thing wrong in a building file, at its line; Line is 0 for a mistake of the
// whole file (one that is empty).
type Mistake struct {
	File    string
	Line    int
	Message string
}

// Error is the mistake as an editor jumps to it: "haus.yaml:12: …".
func (m Mistake) Error() string {
	if m.Line == 0 {
		return m.File + ": " + m.Message
	}
	return fmt.Sprintf("%s:%d: %s", m.File, m.Line, m.Message)
}

// Mistakes are all the mistakes of one file, in the order of their lines: the error of Parse. Its
// text has one mistake a line.
type Mistakes []Mistake

func (ms Mistakes) Error() string {
	lines := make([]string, len(ms))
	for i, m := range ms {
		lines[i] = m.Error()
	}
	return strings.Join(lines, "\n")
}

// Parse reads a building file. name is how errors call the file. The building's id is always 1: the
// system runs one residence. A file with mistakes returns all of them as Mistakes, each with its line:
// those of the decoder (an unknown key, a value of the wrong type) and those of the checks after it,
// which go on with what could be read. A check's mistake on a line the decoder found wrong already
// is left out, as it follows from it (a value that could not be read is zero to the checks); a
// required key that is not there is always named. Only a file that is
// not YAML at all stops at its first mistake, as YAML's parser does.
func Parse(name string, data []byte) (domain.Building, error) {
	var f file
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var decoded Mistakes
	var typeErr *yaml.TypeError
	if err := dec.Decode(&f); errors.Is(err, io.EOF) {
		return domain.Building{}, Mistakes{{File: name, Message: "the file is empty"}}
	} else if errors.As(err, &typeErr) {
		for _, m := range typeErr.Errors {
			decoded = append(decoded, decodeMistake(name, m))
		}
	} else if err != nil {
		return domain.Building{}, Mistakes{decodeMistake(name, err.Error())}
	}
	for _, m := range f.mistakes() {
		decoded = append(decoded, decodeMistake(name, m))
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return domain.Building{}, Mistakes{decodeMistake(name, err.Error())}
	}
	c := checker{file: name, top: topLines(&root), unreadable: map[int]bool{}}
	for _, m := range decoded {
		c.unreadable[m.Line] = true
	}
	b := c.building(f)
	all := append(decoded, c.mistakes...)
	if len(all) > 0 {
		slices.SortStableFunc(all, func(x, y Mistake) int { return x.Line - y.Line })
		return domain.Building{}, all
	}
	return b, nil
}

// oneLine writes the line breaks a decoder's message quotes as escapes.
var oneLine = strings.NewReplacer("\r", `\r`, "\n", `\n`)

// decodeMistake reads the line out of one of the decoder's messages ("yaml: line 12: …").
func decodeMistake(name, message string) Mistake {
	// A message may quote the file's text, line breaks included: each stays one line.
	m := oneLine.Replace(strings.TrimPrefix(message, "yaml: "))
	if n, rest, ok := strings.Cut(strings.TrimPrefix(m, "line "), ": "); ok && strings.HasPrefix(m, "line ") {
		if line, err := strconv.Atoi(n); err == nil && line > 0 {
			return Mistake{File: name, Line: line, Message: rest}
		}
	}
	return Mistake{File: name, Message: m}
}

// topLines returns the lines of the top-level keys.
func topLines(root *yaml.Node) at {
	a := at{line: 1, keys: map[string]int{}}
	if len(root.Content) == 1 && root.Content[0].Kind == yaml.MappingNode {
		m := root.Content[0]
		for i := 0; i+1 < len(m.Content); i += 2 {
			a.keys[m.Content[i].Value] = m.Content[i].Line
		}
	}
	return a
}

type checker struct {
	file     string
	top      at
	mistakes Mistakes
	// unreadable are the lines the decoder found a mistake on: a value there could not be read and
	// is zero to the checks, which say nothing more of it.
	unreadable map[int]bool
}

// failf names a mistake on line, unless the decoder named one there already.
func (c *checker) failf(line int, format string, args ...any) {
	if !c.unreadable[line] {
		c.add(line, format, args...)
	}
}

// add names a mistake on line, whatever the decoder found there.
func (c *checker) add(line int, format string, args ...any) {
	c.mistakes = append(c.mistakes, Mistake{File: c.file, Line: line, Message: fmt.Sprintf(format, args...)})
}

func (c *checker) building(f file) domain.Building {
	b := domain.Building{
		ID:      1,
		Name:    c.line(c.top.lineOf("name"), "name", f.Name, 200),
		Address: c.line(c.top.lineOf("address"), "address", f.Address, 200),
		Contact: domain.Contact{
			Email: c.line(c.top.lineOf("contact"), "contact.email", f.Contact.Email, 200),
			Phone: c.line(c.top.lineOf("contact"), "contact.phone", f.Contact.Phone, 50),
		},
	}
	if b.Contact.Email != "" && !strings.Contains(b.Contact.Email, "@") {
		c.failf(c.top.lineOf("contact"), "contact.email %q is not an e-mail address", b.Contact.Email)
	}
	if f.Landlord != nil {
		b.Landlord = c.landlord(*f.Landlord)
	}
	b.Rules = domain.DefaultMoneyRules()
	if f.Rules != nil {
		b.Rules = c.rules(*f.Rules)
	}
	b.Books = domain.DefaultBooks()
	if f.Books != nil {
		b.Books = c.books(*f.Books)
	}
	if len(f.Floors) == 0 {
		c.failf(c.top.lineOf("floors"), "floors: list at least one floor")
	}
	floorIDs, floorNames := map[int]int{}, map[string]int{}
	apartmentIDs, apartmentNames := map[int]int{}, map[string]int{}
	for _, fl := range f.Floors {
		floor := domain.Floor{ID: fl.ID, Name: c.line(fl.lineOf("name"), "floor name", fl.Name, 40), Plan: c.link(fl.lineOf("plan"), "floor plan", fl.Plan)}
		c.required(fl.at, "floor", "id", "name", "plan")
		unique(c, fl.lineOf("id"), floorIDs, fl.ID, "floor id")
		unique(c, fl.lineOf("name"), floorNames, fl.Name, "floor name")
		if fl.ID <= 0 {
			c.failf(fl.lineOf("id"), "floor %q: id must be a whole number above 0", fl.Name)
		}
		for _, a := range fl.Apartments {
			unique(c, a.lineOf("id"), apartmentIDs, a.ID, "apartment id")
			unique(c, a.lineOf("name"), apartmentNames, a.Name, "apartment name")
			floor.Apartments = append(floor.Apartments, c.apartment(a, floor))
		}
		slices.SortFunc(floor.Apartments, func(x, y domain.Apartment) int { return x.ID - y.ID })
		b.Floors = append(b.Floors, floor)
	}
	return b
}

// landlord checks the landlord section: every key is required (a missing one is reported at the
// section's line), the IBAN must pass its checksum.
func (c *checker) landlord(l landlord) domain.Landlord {
	result := domain.Landlord{
		LegalName:      c.line(l.lineOf("legalName"), "landlord.legalName", l.LegalName, 200),
		Representative: c.line(l.lineOf("representative"), "landlord.representative", l.Representative, 200),
		TaxNumber:      c.line(l.lineOf("taxNumber"), "landlord.taxNumber", l.TaxNumber, 50),
		BIC:            strings.ToUpper(c.line(l.lineOf("bic"), "landlord.bic", l.BIC, 11)),
		BankName:       c.line(l.lineOf("bankName"), "landlord.bankName", l.BankName, 200),
	}
	if result.BIC != "" && !bic.MatchString(result.BIC) {
		c.failf(l.lineOf("bic"), "landlord.bic %q is not a BIC (8 or 11 letters and digits, e.g. COBADEFFXXX)", l.BIC)
	}
	iban, err := domain.NormalizeIBAN(l.IBAN)
	if err != nil {
		c.failf(l.lineOf("iban"), "landlord.iban %v", err)
	}
	result.IBAN = iban
	return result
}

var bic = regexp.MustCompile(`^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$`)

// rules checks the rules section; a key left out keeps its default.
func (c *checker) rules(r rules) domain.MoneyRules {
	result := domain.DefaultMoneyRules()
	if _, ok := r.keys["paymentMethods"]; ok {
		if len(r.PaymentMethods) == 0 {
			c.failf(r.lineOf("paymentMethods"), "rules.paymentMethods: list at least one of %s", codeList(domain.PaymentMethods))
		}
		result.PaymentMethods = codes(c, r.lineOf("paymentMethods"), "rules.paymentMethods", "payment method", "", r.PaymentMethods, domain.PaymentMethods)
	}
	if _, ok := r.keys["depositReturnDays"]; ok {
		result.DepositReturnDays = r.DepositReturnDays
		if r.DepositReturnDays < domain.MinDepositReturnDays || r.DepositReturnDays > domain.MaxDepositReturnDays {
			c.failf(r.lineOf("depositReturnDays"), "rules.depositReturnDays %d is not between %d and %d days",
				r.DepositReturnDays, domain.MinDepositReturnDays, domain.MaxDepositReturnDays)
		}
	}
	if _, ok := r.keys["handoverAnswerDays"]; ok {
		result.HandoverAnswerDays = c.within(r.lineOf("handoverAnswerDays"), "rules.handoverAnswerDays", r.HandoverAnswerDays,
			domain.MinHandoverAnswerDays, domain.MaxHandoverAnswerDays)
	}
	if result.HandoverAnswerDays >= result.DepositReturnDays && !c.unreadable[r.lineOf("depositReturnDays")] {
		c.failf(r.lineOf("handoverAnswerDays"), "rules.handoverAnswerDays %d must be fewer than rules.depositReturnDays %d: the deposit is settled after the renter's answer",
			result.HandoverAnswerDays, result.DepositReturnDays)
	}
	result.Meters = c.meters(r.lineOf("meters"), r.Meters)
	return result
}

// meters checks the names of the meters a handover reads: one line each, none twice (case aside,
// as the office would read Strom and strom as one meter).
func (c *checker) meters(line int, names []string) []string {
	if len(names) > domain.MaxMeters {
		c.failf(line, "rules.meters: %d meters, at most %d", len(names), domain.MaxMeters)
	}
	var result []string
	seen := map[string]bool{}
	for _, name := range names {
		name = c.line(line, "rules.meters: a meter's name", name, domain.MaxMeterNameLength)
		if seen[strings.ToLower(name)] {
			c.failf(line, "rules.meters: %s is listed twice", name)
			continue
		}
		seen[strings.ToLower(name)] = true
		result = append(result, name)
	}
	return result
}

// books checks the books section; a key left out keeps its default. Every account has as many
// digits as accountLength says.
func (c *checker) books(b books) domain.Books {
	result := domain.DefaultBooks()
	for _, n := range []struct {
		key      string
		given    int
		min, max int
		into     *int
	}{
		{"consultantNumber", b.ConsultantNumber, domain.MinConsultantNumber, domain.MaxConsultantNumber, &result.ConsultantNumber},
		{"clientNumber", b.ClientNumber, domain.MinClientNumber, domain.MaxClientNumber, &result.ClientNumber},
		{"fiscalYearStartMonth", b.FiscalYearStartMonth, 1, 12, &result.FiscalYearStartMonth},
		{"accountLength", b.AccountLength, domain.MinAccountLength, domain.MaxAccountLength, &result.AccountLength},
	} {
		if _, ok := b.keys[n.key]; ok {
			*n.into = c.within(b.lineOf(n.key), "books."+n.key, n.given, n.min, n.max)
		}
	}
	if c.unreadable[b.lineOf("accountLength")] {
		return result // no length to count the accounts' digits against
	}
	a := b.Accounts
	if a.keys == nil { // no accounts: the defaults' digits are counted against accountLength
		a.line = b.lineOf("accountLength")
	}
	defaults := result.Accounts
	result.Accounts = domain.Accounts{
		Money:    c.account(a, "money", a.Money, defaults.Money, result.AccountLength),
		Rent:     c.account(a, "rent", a.Rent, defaults.Rent, result.AccountLength),
		Cleaning: c.account(a, "cleaning", a.Cleaning, defaults.Cleaning, result.AccountLength),
		Deposit:  c.account(a, "deposit", a.Deposit, defaults.Deposit, result.AccountLength),
		Damages:  c.account(a, "damages", a.Damages, defaults.Damages, result.AccountLength),
	}
	return result
}

var digits = regexp.MustCompile(`^[0-9]+$`)

// account checks the account under key: digits only, exactly length of them. One left out keeps
// its default, which must have length digits too.
func (c *checker) account(a accounts, key, account string, fallback, length int) int {
	if _, ok := a.keys[key]; !ok {
		if digits := len(strconv.Itoa(fallback)); digits != length {
			c.failf(a.line, "books.accounts.%s is missing: its default %d has %d digits, accountLength %d", key, fallback, digits, length)
		}
		return fallback
	}
	account = strings.TrimSpace(account)
	if !digits.MatchString(account) || len(account) != length {
		c.failf(a.lineOf(key), "books.accounts.%s %q is not an account of %d digits (accountLength)", key, account, length)
		return 0
	}
	n, _ := strconv.Atoi(account) // at most 8 digits
	return n
}

// within checks a whole number between min and max, both included.
func (c *checker) within(line int, what string, n, min, max int) int {
	if n < min || n > max {
		c.failf(line, "%s %d is not between %d and %d", what, n, min, max)
	}
	return n
}

// codes checks a list of codes against the known ones, each known and none twice, and returns the
// good ones in their order. kind names a code in the message of an unknown one, twice (with its
// space) before a code given twice.
func codes[T ~string](c *checker, line int, what, kind, twice string, given []string, known []T) []T {
	var result []T
	for _, code := range given {
		switch {
		case !slices.Contains(known, T(code)):
			c.failf(line, "%s: unknown %s %q; known are %s", what, kind, code, codeList(known))
		case slices.Contains(result, T(code)):
			c.failf(line, "%s: %s%s is listed twice", what, twice, code)
		default:
			result = append(result, T(code))
		}
	}
	return result
}

// codeList names the known codes for a message: "card, sepa_debit".
func codeList[T ~string](known []T) string {
	names := make([]string, len(known))
	for i, code := range known {
		names[i] = string(code)
	}
	return strings.Join(names, ", ")
}

func (c *checker) apartment(a apartment, f domain.Floor) domain.Apartment {
	what := fmt.Sprintf("apartment %q", a.Name)
	if a.ID <= 0 {
		c.failf(a.lineOf("id"), "%s: id must be a whole number above 0", what)
	}
	result := domain.Apartment{
		ID: a.ID, FloorID: f.ID, FloorName: f.Name,
		Name:          c.line(a.lineOf("name"), "apartment name", a.Name, 40),
		DescriptionDe: c.text(a.lineOf("description"), what+": description.de", a.Description.De),
		DescriptionEn: c.text(a.lineOf("description"), what+": description.en", a.Description.En),
		RentPerMonth:  c.money(a.lineOf("rentPerMonth"), what+": rentPerMonth", a.RentPerMonth, domain.MaxRentPerMonth),
		Deposit:       c.money(a.lineOf("deposit"), what+": deposit", a.Deposit, domain.MaxDeposit),
		CleaningFee:   c.money(a.lineOf("cleaningFee"), what+": cleaningFee", a.CleaningFee, domain.MaxCleaningFee),
		X:             c.fraction(a.Position.lineOf("x"), what+": position.x", a.Position.X),
		Y:             c.fraction(a.Position.lineOf("y"), what+": position.y", a.Position.Y),
	}
	c.required(a.at, what, "id", "name", "description", "rentPerMonth", "deposit", "cleaningFee", "position")
	if _, ok := a.keys["position"]; ok {
		position := a.Position.at
		if position.line == 0 { // position: ~, which the decoder leaves as it is
			position.line = a.lineOf("position")
		}
		c.required(position, what+": position", "x", "y")
	}
	result.Features = codes(c, a.lineOf("features"), what, "feature", "feature ", a.Features, domain.Features)
	names := map[string]int{}
	for _, p := range a.Pictures {
		picture := c.picture(p, what)
		unique(c, p.lineOf("name"), names, picture.Name, what+": picture name")
		result.Pictures = append(result.Pictures, picture)
	}
	return result
}

// pictureTypes are the formats a picture's sources may offer.
var pictureTypes = []string{"image/avif", "image/webp", "image/jpeg", "image/png"}

var pictureName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

func (c *checker) picture(p picture, what string) domain.Picture {
	c.required(p.at, what+": picture", "url", "description")
	link := c.link(p.lineOf("url"), what+": picture url", p.URL)
	result := domain.Picture{
		Name: p.Name, URL: link, Width: p.Width, Height: p.Height,
		DescriptionDe: c.line(p.lineOf("description"), what+": picture description.de", p.Description.De, domain.MaxPictureDescriptionLength),
		DescriptionEn: c.line(p.lineOf("description"), what+": picture description.en", p.Description.En, domain.MaxPictureDescriptionLength),
	}
	if result.Name == "" {
		result.Name = strings.TrimSuffix(path.Base(link), path.Ext(link))
	} else if !pictureName.MatchString(result.Name) {
		c.failf(p.lineOf("name"), "%s: picture name %q may hold only a-z, 0-9 and -", what, result.Name)
	}
	sizeRead := !c.unreadable[p.lineOf("width")] && !c.unreadable[p.lineOf("height")]
	if sizeRead && ((p.Width > 0) != (p.Height > 0) || p.Width < 0 || p.Height < 0 || p.Width > 10000 || p.Height > 10000) {
		c.failf(p.lineOf("width"), "%s: picture width and height are both given (1 to 10000 pixels) or both left out", what)
	}
	for _, s := range p.Sources {
		c.required(s.at, what+": picture source", "type", "srcset")
		if !slices.Contains(pictureTypes, s.Type) {
			c.failf(s.lineOf("type"), "%s: picture source type %q; known are %s", what, s.Type, strings.Join(pictureTypes, ", "))
		}
		for candidate := range strings.SplitSeq(s.Srcset, ",") {
			address, width, ok := strings.Cut(strings.TrimSpace(candidate), " ")
			if !ok || !strings.HasSuffix(width, "w") {
				c.failf(s.lineOf("srcset"), "%s: srcset entry %q is not an address and a width such as 480w", what, strings.TrimSpace(candidate))
				continue
			}
			c.link(s.lineOf("srcset"), what+": srcset address", address)
		}
		result.Sources = append(result.Sources, domain.PictureSource{Type: s.Type, Srcset: strings.TrimSpace(s.Srcset)})
	}
	return result
}

// unique records key as seen on line and reports it when it was seen before.
func unique[K comparable](c *checker, line int, seen map[K]int, key K, what string) {
	if first, ok := seen[key]; ok {
		c.failf(line, "%s %v is used before, on line %d", what, key, first)
		return
	}
	seen[key] = line
}

// required reports each of keys that the mapping lacks; of a value that is no mapping at all, none
// (strictly named it).
func (c *checker) required(a at, what string, keys ...string) {
	if a.scalar {
		return
	}
	for _, k := range keys {
		if _, ok := a.keys[k]; !ok {
			c.add(a.line, "%s: %s is missing", what, k) // at the first key's line, which may hold a mistake of its own
		}
	}
}

// line checks a required single-line text of at most max characters.
func (c *checker) line(at int, what, text string, max int) string {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		c.failf(at, "%s is missing", what)
	case strings.ContainsAny(text, "\r\n"):
		c.failf(at, "%s must be one line", what)
	case utf8.RuneCountInString(text) > max:
		c.failf(at, "%s is longer than %d characters", what, max)
	}
	return text
}

func (c *checker) text(at int, what, text string) string {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		c.failf(at, "%s is missing", what)
	case utf8.RuneCountInString(text) > domain.MaxDescriptionLength:
		c.failf(at, "%s is longer than %d characters", what, domain.MaxDescriptionLength)
	}
	return text
}

// link checks a picture's or plan's address: a path on the site (/images/…) or an https URL.
func (c *checker) link(at int, what, link string) string {
	link = strings.TrimSpace(link)
	u, err := url.Parse(link)
	switch {
	case link == "":
		c.failf(at, "%s is missing", what)
	case err != nil || !(strings.HasPrefix(link, "/") && !strings.HasPrefix(link, "//") || u.Scheme == "https" && u.Host != ""):
		c.failf(at, "%s %q must be a path on the site (/images/…) or an https:// address", what, link)
	}
	return link
}

func (c *checker) money(at int, what string, euros float64, max domain.Money) domain.Money {
	m, err := domain.MoneyFromEuros(euros)
	switch {
	case err != nil:
		c.failf(at, "%s: %v", what, err)
	case m < 0 || m > max:
		c.failf(at, "%s %.2f is not between 0 and %.2f euros", what, euros, max.Euros())
	}
	return m
}

// fraction checks a place on the floor plan, a share of its width or height; YAML's .nan and .inf
// are numbers to the decoder, and are refused here, as nothing after the parser could place them.
func (c *checker) fraction(at int, what string, v float64) float64 {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		c.failf(at, "%s %v is not a number", what, v)
		return 0
	case v < 0 || v > 1:
		c.failf(at, "%s %v is not between 0 (left or top) and 1 (right or bottom)", what, v)
	}
	return v
}
