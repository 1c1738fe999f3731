package domain

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"semesterhaus/proto/codes"
)

// Errors of contracts and their signing.
var (
	// ErrInvalidSignature means a signing webhook whose signature does not verify or whose time
	// stamp is too old: it changes nothing.
	ErrInvalidSignature = errors.New("invalid signing webhook signature")
	// ErrWrongSignerName means the name typed on the signing page is not the renter's.
	ErrWrongSignerName = errors.New("the typed name is not the renter's full name")
	// ErrWrongSigner means a provider reported a signer other than the renter the contract was
	// sent to (name and e-mail address): it changes nothing.
	ErrWrongSigner = errors.New("the reported signer is not the renter the contract was sent to")
	// ErrSigningClosed means a signing session that is signed or voided: its link no longer serves
	// the contract.
	ErrSigningClosed = errors.New("the signing session is closed")
	// ErrNoOpenContract means a renting whose contract cannot be reissued: none is written yet, or
	// it is signed.
	ErrNoOpenContract = errors.New("the renting has no open contract")
)

// Date is a calendar day without a time zone (a semester's first or last day, a birthday).
type Date struct {
	Year, Month, Day int
}

// German is the date as a German contract writes it, e.g. 01.10.2026.
func (d Date) German() string { return fmt.Sprintf("%02d.%02d.%04d", d.Day, d.Month, d.Year) }

// English is the date as an English contract writes it, e.g. 1 October 2026.
func (d Date) English() string {
	return fmt.Sprintf("%d %s %04d", d.Day, time.Month(d.Month), d.Year)
}

// In is the date as a document in language writes it (German for LanguageBoth, whose German binds).
func (d Date) In(language Language) string {
	if language == LanguageEnglish {
		return d.English()
	}
	return d.German()
}

// ContractRenter is who rents, as the contract names them.
type ContractRenter struct {
	FirstName, LastName string
	Street, Zip, City   string
	Country             string // ISO 3166-1 alpha-3
	Birthday            Date
	// Email is where the renter is asked to sign; empty in sessions opened before it was kept.
	Email string
}

// FullName is the name the renter signs with.
func (r ContractRenter) FullName() string { return r.FirstName + " " + r.LastName }

// Landlord is the residence that lets the apartment, as the catalog's building names it (the same
// name, address and contact as the booking site and the mails), with the legal party and its bank
// account from the building file's landlord section (empty where it has none, and in sessions stored
// before contracts named them).
type Landlord struct {
	Name, Address  string
	Email, Phone   string
	LegalName      string
	Representative string
	TaxNumber      string
	IBAN, BIC      string
	BankName       string
}

// Language is the language a contract or a receipt is written in: the renter's.
type Language string

// The languages documents are written in. LanguageBoth is how contracts were written before the
// renter's language was known: German, which binds, each paragraph followed by the English in
// italics; their signed copies are rendered again as they were shown.
const (
	LanguageGerman  Language = "de"
	LanguageEnglish Language = "en"
	LanguageBoth    Language = ""
)

// RenterLanguage is the document language of a renter who chose language ("de" or "en"): English for
// "en", else German.
func RenterLanguage(language string) Language {
	if language == string(LanguageEnglish) {
		return LanguageEnglish
	}
	return LanguageGerman
}

// PriceItem is one line of the price calculation; amounts in cents.
type PriceItem struct {
	Kind           codes.ItemKind
	TextDE, TextEN string
	Quantity       int
	AmountCents    int64
	TotalCents     int64
}

// Contract is everything the rental contract states; the contract PDF is rendered from it.
type Contract struct {
	RentingID string
	RenterID  int64
	Renewal   bool
	// Landlord is empty in sessions stored before the contract named the residence from the catalog.
	Landlord   Landlord
	Renter     ContractRenter
	Apartment  string
	Floor      string
	Semester   string
	Start, End Date // move-in and move-out
	Items      []PriceItem
	// TotalCents (in Currency) is the price fixed when the contract is written: the renting keeps it
	// from document.contract_requested and the payment asks exactly this, whatever the catalog says later.
	TotalCents int64
	Currency   string
	// Language is the renter's when the contract was written (LanguageBoth in sessions stored before).
	Language Language
	// DepositReturnDays is within how many days after the handover the deposit is returned (the
	// residence's rules); 0 in sessions stored before the contract stated it.
	DepositReturnDays int
}

// DepositCents is the contract's deposit, 0 for a renewal (the deposit is carried over) and for
// contracts written before items named their kind.
func (c Contract) DepositCents() int64 {
	var cents int64
	for _, item := range c.Items {
		if item.Kind == codes.ItemDeposit {
			cents += item.TotalCents
		}
	}
	return cents
}

// Signature is the fact a signing provider reports.
type Signature struct {
	EventID    string // the provider's event id: a repeated report is recognised by it
	SessionID  string
	SignerName string
	// SignerEmail is the signer's address as the provider states it.
	SignerEmail string
	SignedAt    time.Time
	// EnvelopeID is the provider's id of what was signed (DocuSign's envelope); empty for the sandbox.
	EnvelopeID string
}

// SessionStatus is where a signing session stands.
type SessionStatus string

const (
	SessionOpen   SessionStatus = "OPEN"
	SessionSigned SessionStatus = "SIGNED"
	// SessionVoided is a session whose contract the office replaced: it is voided at the provider
	// too, and a signature reported for it changes nothing.
	SessionVoided SessionStatus = "VOIDED"
)

// SigningSession is the request to a renter to sign a contract.
type SigningSession struct {
	ID                 string
	RentingID          string
	RenterID           int64
	ContractDocumentID string
	Contract           Contract
	SigningLink        string
	// EnvelopeID is the provider's id of the session (DocuSign's envelope); empty for the sandbox.
	EnvelopeID string
	Status     SessionStatus
	CreatedAt  time.Time
	// ReplacesDocumentID is the contract this session's replaces, when the office reissued it.
	ReplacesDocumentID string
}

// CheckReissuable accepts a session whose contract the office may replace: an open one.
func (s SigningSession) CheckReissuable() error {
	if s.Status != SessionOpen {
		return fmt.Errorf("session %s is %s: %w", s.ID, s.Status, ErrNoOpenContract)
	}
	return nil
}

// CheckSignerName accepts the name typed on the signing page when it is the renter's full name,
// ignoring case and surrounding blanks.
func (s SigningSession) CheckSignerName(typed string) error {
	if !strings.EqualFold(strings.TrimSpace(typed), strings.TrimSpace(s.Contract.Renter.FullName())) {
		return ErrWrongSignerName
	}
	return nil
}

// CheckSigner accepts a provider's report when its signer is the renter the contract was sent to:
// the full name as CheckSignerName compares it, and the e-mail address (case aside) where the
// session has one.
func (s SigningSession) CheckSigner(sig Signature) error {
	if s.CheckSignerName(sig.SignerName) != nil {
		return fmt.Errorf("%w: name %q", ErrWrongSigner, sig.SignerName)
	}
	asked := s.Contract.Renter.Email
	if asked != "" && !strings.EqualFold(strings.TrimSpace(sig.SignerEmail), asked) {
		return fmt.Errorf("%w: e-mail address %q", ErrWrongSigner, sig.SignerEmail)
	}
	return nil
}

// CheckEnvelope accepts a provider's report when it is about the session's envelope: a report of
// another envelope that names this session must not sign it.
func (s SigningSession) CheckEnvelope(sig Signature) error {
	if sig.EnvelopeID != s.EnvelopeID {
		return fmt.Errorf("%w: envelope %q is not the session's", ErrInvalidSignature, sig.EnvelopeID)
	}
	return nil
}

// EuroGerman formats cents the German way, e.g. 293700 → "2.937,00 €".
func EuroGerman(cents int64) string {
	sign, euros, rest := euroParts(cents, '.')
	return fmt.Sprintf("%s%s,%02d €", sign, euros, rest)
}

// EuroEnglish formats cents the English way, e.g. 293700 → "€2,937.00".
func EuroEnglish(cents int64) string {
	sign, euros, rest := euroParts(cents, ',')
	return fmt.Sprintf("%s€%s.%02d", sign, euros, rest)
}

// Euro formats cents as a document in language writes them (German for LanguageBoth).
func Euro(cents int64, language Language) string {
	if language == LanguageEnglish {
		return EuroEnglish(cents)
	}
	return EuroGerman(cents)
}

// euroParts splits cents into the sign, the whole euros grouped by thousands with separator, and
// the cents.
func euroParts(cents int64, separator byte) (sign, euros string, rest int64) {
	if cents < 0 {
		sign, cents = "-", -cents
	}
	digits := fmt.Sprint(cents / 100)
	var grouped strings.Builder
	for i, digit := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			grouped.WriteByte(separator)
		}
		grouped.WriteRune(digit)
	}
	return sign, grouped.String(), cents % 100
}

// EndIn is the moment the day is over in zone.
func (d Date) EndIn(zone *time.Location) time.Time {
	return time.Date(d.Year, time.Month(d.Month), d.Day+1, 0, 0, 0, 0, zone)
}

// Renting is a renting as the renting service reports it (in its events, or with the office's
// reissue): what a contract is written for.
type Renting struct {
	ID          string
	RenterID    int64
	ApartmentID int32
	SemesterID  int32
	Renewal     bool // a renewal's contract charges the rent only
}
